/**
 * A loopback stand-in for OpenAI's Responses API as the real codex CLI speaks it: the Responses WebSocket mode
 * (`GET /v1/responses` upgraded, one `response.create` message per model turn, the events back as JSON messages) and
 * the HTTP fallback (`POST /v1/responses` with `stream: true`, the same events as server-sent events). Each model turn
 * answers from a script: a final assistant message, a tool call (a function call or a freeform custom-tool call), an
 * HTTP error, or a dropped connection. Requests are checked the way the real API checks them (a bearer key, a model,
 * an `input` array, tool outputs that answer a call this server made), and a request that fails is answered with the
 * real error shape and kept in `rejections`, so a wrong request fails loudly.
 */
import * as http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { fakeId } from './fake-server.js'
import { openaiError, strictViolation } from './openai-fake.js'

/** What one model turn answers; `match`: only a request whose JSON body contains this text takes the step. */
export type ResponsesStep = { match?: string } & (
  | { kind: 'message'; text: string; usage?: { input: number; output: number } }
  | { kind: 'function_call'; name: string; namespace?: string; arguments: unknown }
  | { kind: 'custom_tool_call'; name: string; input: string }
  /** An error status over HTTP; over the WebSocket, an `error` event and a close. */
  | { kind: 'status'; status: number; message: string }
  /** The connection is cut once the request has arrived, before any event. */
  | { kind: 'drop' }
)

/** One model request as the server received it. */
export interface ResponsesRequest {
  transport: 'websocket' | 'http'
  path: string
  headers: Record<string, string>
  body: Record<string, unknown>
  /** A warm-up (`generate: false`): answered with an empty response, no script step used. */
  prewarm: boolean
  at: number
}

/** Anything that reached the server, including WebSocket handshakes and routes it does not serve. */
export interface Arrival {
  kind: 'upgrade' | 'http'
  method: string
  path: string
  headers: Record<string, string>
}

/** What a warm-up request gets: a completed response with no output. */
const PREWARM = { kind: 'prewarm' } as const

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function headersOf(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** The loopback Responses API. */
export class ResponsesFake {
  /** Model requests that passed the checks, in order, whatever the transport. */
  readonly requests: ResponsesRequest[] = []
  /** Every connection attempt and HTTP request, in order. */
  readonly arrivals: Arrival[] = []
  /** Requests refused, with why: a passing run leaves this empty. */
  readonly rejections: { path: string; status: number; message: string }[] = []
  /** `http://127.0.0.1:<port>` once listening; the base URL codex is given is `${origin}/v1`. */
  origin = ''
  private readonly script: ResponsesStep[] = []
  /** WebSocket handshakes still to refuse with this status (a real gateway's 503, say). */
  private refuseUpgrades: { count: number; status: number } = { count: 0, status: 503 }
  private readonly callIds = new Set<string>()
  private readonly sockets = new Set<Socket>()
  private readonly wss = new WebSocketServer({ noServer: true })
  private readonly server = http.createServer((req, res) => {
    this.handle(req, res).catch(() => res.destroy())
  })

  private constructor(private readonly apiKey: string | undefined) {}

  /** Starts a server on 127.0.0.1 at a free port; `apiKey`: the one key it accepts (any when absent). */
  static async start(apiKey?: string): Promise<ResponsesFake> {
    const fake = new ResponsesFake(apiKey)
    fake.server.on('connection', socket => {
      fake.sockets.add(socket)
      socket.on('close', () => fake.sockets.delete(socket))
    })
    fake.server.on('upgrade', (req, socket, head) => fake.upgrade(req, socket as Socket, head))
    await new Promise<void>((resolve, reject) => {
      fake.server.once('error', reject)
      fake.server.listen(0, '127.0.0.1', () => resolve())
    })
    fake.origin = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
    return fake
  }

  /** The base URL to give a client (`openai_base_url`). */
  get baseUrl(): string {
    return `${this.origin}/v1`
  }

  /** Queues model turns; each is used once, in order. */
  enqueue(...steps: ResponsesStep[]): this {
    this.script.push(...steps)
    return this
  }

  /** Queues a final assistant message. */
  answer(text: string): this {
    return this.enqueue({ kind: 'message', text })
  }

  /** Refuses the next `count` WebSocket handshakes with `status`. */
  refuseWebSocket(count: number, status = 503): this {
    this.refuseUpgrades = { count, status }
    return this
  }

  /** Turns still queued. */
  get pending(): number {
    return this.script.length
  }

  /** The outputs codex sent back for tool calls, in order (`function_call_output`, `custom_tool_call_output`). */
  toolOutputs(): { call_id: string; output: string }[] {
    const seen = new Map<string, string>()
    for (const request of this.requests) {
      const input = request.body.input as unknown[]
      for (const item of input) {
        if (!isObject(item) || !/_call_output$/.test(String(item.type))) continue
        const output = item.output
        const text = typeof output === 'string' ? output : JSON.stringify(output)
        seen.set(String(item.call_id), text)
      }
    }
    return [...seen].map(([call_id, output]) => ({ call_id, output }))
  }

  /** Forgets the script and everything recorded. */
  reset(): void {
    this.script.length = 0
    this.requests.length = 0
    this.arrivals.length = 0
    this.rejections.length = 0
    this.refuseUpgrades = { count: 0, status: 503 }
  }

  /** Drops every connection and stops listening. */
  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate()
    for (const socket of this.sockets) socket.destroy()
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  /** Why the real API would refuse this key, or undefined. */
  private checkAuth(
    headers: Record<string, string>
  ): { status: number; message: string } | undefined {
    const auth = headers.authorization ?? ''
    const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : ''
    if (key === '') {
      return {
        status: 401,
        message:
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
      }
    }
    if (this.apiKey !== undefined && key !== this.apiKey) {
      return { status: 401, message: `Incorrect API key provided: ${key.slice(0, 3)}***.` }
    }
    return undefined
  }

  /** Why the real API would refuse this body, or undefined. */
  private checkBody(body: unknown, http: boolean): { status: number; message: string } | undefined {
    const bad = (message: string) => ({ status: 400, message })
    if (!isObject(body)) return bad('We could not parse the JSON body of your request.')
    if (typeof body.model !== 'string' || body.model === '') {
      return bad('Missing required parameter: model.')
    }
    if (!Array.isArray(body.input)) return bad("Invalid type for 'input': expected an array.")
    if (http && body.stream !== true) return bad('responses-fake serves streamed responses only.')
    const format = isObject(body.text) ? body.text.format : undefined
    if (isObject(format) && format.type === 'json_schema') {
      if (typeof format.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(format.name)) {
        return bad("Invalid 'text.format.name': string does not match pattern '^[a-zA-Z0-9_-]+$'.")
      }
      const problem = format.strict === true ? strictViolation(format.schema) : undefined
      if (problem !== undefined) {
        return bad(`Invalid schema for response_format '${format.name}': ${problem}`)
      }
    }
    for (const [i, item] of body.input.entries()) {
      if (!isObject(item) || (typeof item.type !== 'string' && typeof item.role !== 'string')) {
        return bad(`Invalid 'input[${i}]': expected an item with a type.`)
      }
      if (/_call_output$/.test(String(item.type)) && !this.callIds.has(String(item.call_id))) {
        return bad(
          `No tool call found for ${String(item.type)} with call_id ${String(item.call_id)}.`
        )
      }
    }
    return undefined
  }

  private reject(path: string, problem: { status: number; message: string }) {
    this.rejections.push({ path, ...problem })
    return openaiError(problem.status, problem.message).body
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = headersOf(req)
    const path = req.url ?? ''
    this.arrivals.push({ kind: 'http', method: req.method ?? '', path, headers })
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (new URL(path, this.origin).pathname !== '/v1/responses' || req.method !== 'POST') {
      return send(
        404,
        this.reject(path, { status: 404, message: `Invalid URL (${req.method} ${path})` })
      )
    }
    const auth = this.checkAuth(headers)
    if (auth !== undefined) return send(auth.status, this.reject(path, auth))
    let body: unknown
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      body = undefined
    }
    const problem = this.checkBody(body, true)
    if (problem !== undefined) return send(problem.status, this.reject(path, problem))
    const request = body as Record<string, unknown>
    const prewarm = request.generate === false
    this.requests.push({ transport: 'http', path, headers, body: request, prewarm, at: Date.now() })
    const step = prewarm ? PREWARM : this.next(path, request)
    if (step.kind === 'drop') return void req.socket.destroy()
    if (step.kind === 'status')
      return send(step.status, openaiError(step.status, step.message).body)
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    for (const event of this.events(step, request)) {
      res.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`)
    }
    res.end()
  }

  private upgrade(req: http.IncomingMessage, socket: Socket, head: Buffer): void {
    const headers = headersOf(req)
    const path = req.url ?? ''
    this.arrivals.push({ kind: 'upgrade', method: req.method ?? '', path, headers })
    const refuse = (status: number, message: string): void => {
      const body = JSON.stringify(openaiError(status, message).body)
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
      )
    }
    if (new URL(path, this.origin).pathname !== '/v1/responses') {
      this.reject(path, { status: 404, message: `Invalid URL (GET ${path})` })
      return refuse(404, `Invalid URL (GET ${path})`)
    }
    const auth = this.checkAuth(headers)
    if (auth !== undefined) {
      this.reject(path, auth)
      return refuse(auth.status, auth.message)
    }
    if (this.refuseUpgrades.count > 0) {
      this.refuseUpgrades.count -= 1
      return refuse(this.refuseUpgrades.status, 'The WebSocket is unavailable; try again.')
    }
    this.wss.handleUpgrade(req, socket, head, ws => this.serve(ws, path, headers))
  }

  /** One WebSocket connection: each `response.create` message is one model turn. */
  private serve(ws: WebSocket, path: string, headers: Record<string, string>): void {
    ws.on('message', data => {
      let message: unknown
      try {
        message = JSON.parse(String(data))
      } catch {
        message = undefined
      }
      const fail = (problem: { status: number; message: string }): void => {
        const error = openaiError(problem.status, problem.message).body as { error: unknown }
        ws.send(JSON.stringify({ type: 'error', status: problem.status, ...error }))
        ws.close(1011)
      }
      if (!isObject(message) || message.type !== 'response.create') {
        return fail(this.rejectWs(path, 'Expected a response.create message.'))
      }
      const { type: _type, ...body } = message
      const problem = this.checkBody(body, false)
      if (problem !== undefined) return fail(this.rejectWs(path, problem.message, problem.status))
      const prewarm = body.generate === false
      this.requests.push({ transport: 'websocket', path, headers, body, prewarm, at: Date.now() })
      const step = prewarm ? PREWARM : this.next(path, body)
      if (step.kind === 'drop') return ws.terminate()
      if (step.kind === 'status') return fail({ status: step.status, message: step.message })
      for (const event of this.events(step, body)) ws.send(JSON.stringify(event))
    })
  }

  private rejectWs(path: string, message: string, status = 400) {
    this.rejections.push({ path, status, message })
    return { status, message }
  }

  private next(path: string, body: Record<string, unknown>): ResponsesStep {
    const json = JSON.stringify(body)
    const at = this.script.findIndex(s => s.match === undefined || json.includes(s.match))
    if (at !== -1) return this.script.splice(at, 1)[0]!
    const message = `responses-fake: nothing was scripted for model request #${this.requests.length}`
    this.rejections.push({ path, status: 400, message })
    return { kind: 'status', status: 400, message }
  }

  /** The events of one streamed response, as the real API sends them. */
  private events(
    step: Exclude<ResponsesStep, { kind: 'status' | 'drop' }> | typeof PREWARM,
    body: Record<string, unknown>
  ): Record<string, unknown>[] {
    const id = fakeId('resp_')
    const response = (status: string, output: unknown[]) => ({
      id,
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      status,
      model: body.model,
      output
    })
    if (step.kind === 'prewarm') {
      return [
        { type: 'response.created', response: response('in_progress', []) },
        { type: 'response.completed', response: { ...response('completed', []), usage: null } }
      ].map((event, i) => ({ ...event, sequence_number: i }))
    }
    const itemId = fakeId(step.kind === 'message' ? 'msg_' : 'fc_')
    const call_id = step.kind === 'message' ? '' : fakeId('call_')
    if (call_id !== '') this.callIds.add(call_id)
    const { namespace } = step as { namespace?: string }
    const item: Record<string, unknown> = {
      id: itemId,
      status: 'completed',
      ...(step.kind === 'message'
        ? { type: 'message', role: 'assistant' }
        : { type: step.kind, call_id, name: step.name }),
      ...(step.kind === 'message'
        ? { content: [{ type: 'output_text', text: step.text, annotations: [] }] }
        : step.kind === 'function_call'
          ? { ...(namespace ? { namespace } : {}), arguments: JSON.stringify(step.arguments) }
          : { input: step.input })
    }
    const usage = step.kind === 'message' && step.usage ? step.usage : { input: 321, output: 45 }
    const events: Record<string, unknown>[] = [
      { type: 'response.created', response: response('in_progress', []) },
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { ...item, status: 'in_progress' }
      }
    ]
    if (step.kind === 'message') {
      events.push({
        type: 'response.output_text.delta',
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta: step.text
      })
    }
    events.push(
      { type: 'response.output_item.done', output_index: 0, item },
      {
        type: 'response.completed',
        response: {
          ...response('completed', [item]),
          usage: {
            input_tokens: usage.input,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: usage.output,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: usage.input + usage.output
          }
        }
      }
    )
    return events.map((event, i) => ({ ...event, sequence_number: i }))
  }
}
