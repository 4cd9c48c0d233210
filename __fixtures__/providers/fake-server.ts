/**
 * The loopback server both provider fakes stand on: it records every request and answers from a script
 * queue (an answer, an HTTP status, a hang, a dropped connection). The provider files add the real
 * envelopes, validation and error shapes.
 */
import * as http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One request the fake received. Headers are kept whole so tests can assert the auth header. */
export interface RecordedRequest {
  method: string
  /** Path and query, as sent. */
  path: string
  headers: Record<string, string>
  /** The body parsed as JSON, or undefined when it was not JSON. */
  body: unknown
  rawBody: string
  /** When it arrived (ms since the epoch). */
  at: number
}

/** Envelope details a scripted answer may override. */
export interface AnswerOptions {
  /** `finish_reason` (OpenAI) or `stop_reason` (Anthropic). */
  stopReason?: string
  usage?: { inputTokens: number; outputTokens: number }
  /** The model the envelope names; default: the one requested. */
  model?: string
  /** Wait this long before answering. */
  delayMs?: number
}

/** What the fake does with the next request that passes validation. */
export type ScriptStep =
  | ({ kind: 'json'; value: unknown } & AnswerOptions)
  | ({ kind: 'text'; text: string } & AnswerOptions)
  | ({ kind: 'refusal'; text: string } & AnswerOptions)
  | {
      kind: 'status'
      status: number
      body: unknown
      headers?: Record<string, string>
      delayMs?: number
    }
  | { kind: 'hang' }
  | { kind: 'drop' }

/** A step that produces a 200 answer. */
export type AnswerStep = Extract<ScriptStep, { kind: 'json' | 'text' | 'refusal' }>

/** A 4xx the provider would send for a request it cannot take. */
export interface Rejection {
  status: number
  body: unknown
}

const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

/** The scripted loopback server; each provider fake adds its validation and envelopes. */
export abstract class FakeServer {
  /** Every request received, in order, including refused ones. */
  readonly requests: RecordedRequest[] = []
  /** `http://127.0.0.1:<port>` once listening. */
  origin = ''
  private readonly script: ScriptStep[] = []
  private fallback: ScriptStep | undefined
  private readonly sockets = new Set<Socket>()
  private readonly hung: http.ServerResponse[] = []
  private readonly server = http.createServer((req, res) => {
    // A client that goes away mid-request must not take the test process down with it.
    this.handle(req, res).catch(() => res.destroy())
  })

  /** A request the real API would refuse (auth, route, body), or undefined to go on. */
  protected abstract validate(request: RecordedRequest, url: URL): Rejection | undefined
  /** The 200 body for an answer step, in the provider's envelope. */
  protected abstract envelope(step: AnswerStep, request: RecordedRequest): unknown
  /** The error for "nothing scripted", in the provider's shape. */
  protected abstract exhausted(index: number): Rejection

  /** Listens on 127.0.0.1 at a free port. */
  protected async listen(): Promise<this> {
    this.server.on('connection', socket => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = this.server.address() as AddressInfo
    this.origin = `http://127.0.0.1:${port}`
    return this
  }

  /** Queues a step; steps are used once each, in order. */
  enqueue(...steps: ScriptStep[]): this {
    this.script.push(...steps)
    return this
  }

  /** Queues a structured answer (OpenAI: message content; Anthropic: the tool's input). */
  answerJson(value: unknown, options: AnswerOptions = {}): this {
    return this.enqueue({ kind: 'json', value, ...options })
  }

  /** Queues raw text as the answer (malformed JSON, prose). */
  answerText(text: string, options: AnswerOptions = {}): this {
    return this.enqueue({ kind: 'text', text, ...options })
  }

  /** Queues a refusal (OpenAI `message.refusal`; Anthropic `stop_reason: refusal`). */
  refuse(text: string, options: AnswerOptions = {}): this {
    return this.enqueue({ kind: 'refusal', text, ...options })
  }

  /** Queues an HTTP status with a body (JSON unless a string) and headers. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}): this {
    return this.enqueue({ kind: 'status', status, body, headers })
  }

  /** Queues a request that is never answered until the fake closes. */
  hang(): this {
    return this.enqueue({ kind: 'hang' })
  }

  /** Queues a dropped connection: the socket is destroyed once the request has arrived. */
  drop(): this {
    return this.enqueue({ kind: 'drop' })
  }

  /** What to do once the queue is empty (by default: a 400 saying nothing was scripted). */
  always(step: ScriptStep | undefined): this {
    this.fallback = step
    return this
  }

  /** Forgets the script, the fallback and the recorded requests. */
  reset(): void {
    this.script.length = 0
    this.fallback = undefined
    this.requests.length = 0
  }

  /** Steps still queued. */
  get pending(): number {
    return this.script.length
  }

  /** Ends hung requests, drops every connection and stops listening. */
  async close(): Promise<void> {
    for (const res of this.hung.splice(0)) res.destroy()
    for (const socket of this.sockets) socket.destroy()
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const rawBody = Buffer.concat(chunks).toString('utf8')
    let body: unknown
    try {
      body = rawBody === '' ? undefined : JSON.parse(rawBody)
    } catch {
      body = undefined
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers,
      body,
      rawBody,
      at: Date.now()
    }
    this.requests.push(recorded)
    const url = new URL(req.url ?? '/', this.origin)

    const rejection = this.validate(recorded, url)
    if (rejection !== undefined) return send(res, rejection.status, rejection.body)

    const step = this.script.shift() ?? this.fallback
    if (step === undefined) {
      const none = this.exhausted(this.requests.length)
      return send(res, none.status, none.body)
    }
    switch (step.kind) {
      case 'hang':
        this.hung.push(res)
        return
      case 'drop':
        req.socket.destroy()
        return
      case 'status':
        if (step.delayMs !== undefined) await sleep(step.delayMs)
        return send(res, step.status, step.body, step.headers)
      default:
        if (step.delayMs !== undefined) await sleep(step.delayMs)
        return send(res, 200, this.envelope(step, recorded))
    }
  }
}

function send(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  if (res.destroyed) return
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json'
  res.writeHead(status, { 'content-type': type, ...headers })
  res.end(text)
}

/** A random id in the provider's style (`chatcmpl-…`, `msg_…`). */
export function fakeId(prefix: string): string {
  return prefix + Math.random().toString(36).slice(2, 14) + Math.random().toString(36).slice(2, 14)
}
