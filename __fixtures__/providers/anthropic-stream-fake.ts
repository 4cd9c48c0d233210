/**
 * A loopback stand-in for Anthropic's Messages API as Claude Code speaks it: `POST /v1/messages` (2.1.328 adds
 * `?beta=true`) answered as a server-sent event stream (message_start, ping, content_block_start / _delta / _stop,
 * message_delta, message_stop), tool calls streamed as `input_json_delta` pieces, exactly as the API sends them.
 * Each model turn is scripted: text, tool calls, or a function of the request that returns them. It refuses what the
 * real API refuses (authentication, version header, body, tool_use / tool_result pairing) in the API's error shape,
 * records every request, refused ones included, and pairs each scripted tool call with the result the CLI sent back.
 */
import * as http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { anthropicError } from './anthropic-fake.js'
import { fakeId, type Rejection } from './fake-server.js'

/** One content block of a scripted assistant turn. */
export type Block =
  { type: 'text'; text: string } | { type: 'tool_use'; name: string; input: unknown }

/** A request as the fake received it. */
export interface MessagesRequest {
  method: string
  /** Path and query, as sent. */
  path: string
  headers: Record<string, string>
  /** The JSON body, or undefined when it was not JSON. */
  body: Record<string, unknown> | undefined
  /** Set when the fake refused it: the status and the API's message. */
  refused?: { status: number; message: string }
}

/** A model turn: its blocks, or a function of the request that returns them. */
export type Turn = Block[] | ((request: MessagesRequest) => Block[])

/** A tool call the fake scripted and what the CLI answered to it. */
export interface ToolExchange {
  id: string
  name: string
  input: unknown
  /** The tool_result's text, undefined when none came back. */
  result: string | undefined
  isError: boolean
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const invalid = (message: string): Rejection =>
  anthropicError(400, 'invalid_request_error', message)
const blocksOf = (message: unknown): Record<string, unknown>[] =>
  isObject(message) && Array.isArray(message['content'])
    ? (message['content'] as unknown[]).filter(isObject)
    : []
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map(part => (isObject(part) && typeof part['text'] === 'string' ? part['text'] : ''))
          .join('')
      : ''

/** The fake; `await AnthropicStreamFake.start()`, `enqueue` turns, point ANTHROPIC_BASE_URL at `baseUrl`, `close()`. */
export class AnthropicStreamFake {
  /** Every request received, in order, including refused ones. */
  readonly requests: MessagesRequest[] = []
  baseUrl = ''
  private readonly turns: Turn[] = []
  private readonly sockets = new Set<Socket>()
  private readonly server = http.createServer((req, res) => {
    this.handle(req, res).catch(() => res.destroy())
  })

  private constructor(private readonly apiKey: string | undefined) {}

  /** Starts a fake on 127.0.0.1 at a free port; with `apiKey`, only that key is accepted. */
  static async start(options: { apiKey?: string } = {}): Promise<AnthropicStreamFake> {
    const fake = new AnthropicStreamFake(options.apiKey)
    fake.server.on('connection', socket => {
      fake.sockets.add(socket)
      socket.on('close', () => fake.sockets.delete(socket))
    })
    await new Promise<void>(resolve => fake.server.listen(0, '127.0.0.1', resolve))
    fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
    return fake
  }

  /** Queues model turns, used once each in order. */
  enqueue(...turns: Turn[]): this {
    this.turns.push(...turns)
    return this
  }

  /** Turns still queued. */
  get pending(): number {
    return this.turns.length
  }

  /** Forgets the script and the recorded requests. */
  reset(): void {
    this.turns.length = 0
    this.requests.length = 0
  }

  /** Every tool call the fake made, with the tool_result the CLI sent back for it. */
  exchanges(): ToolExchange[] {
    const calls = new Map<string, ToolExchange>()
    for (const request of this.requests) {
      const messages = Array.isArray(request.body?.['messages']) ? request.body['messages'] : []
      for (const block of (messages as unknown[]).flatMap(blocksOf)) {
        const id = String(block['id'] ?? block['tool_use_id'])
        if (block['type'] === 'tool_use' && !calls.has(id)) {
          const name = String(block['name'])
          calls.set(id, { id, name, input: block['input'], result: undefined, isError: false })
        }
        const call = calls.get(id)
        if (block['type'] === 'tool_result' && call !== undefined) {
          call.result = textOf(block['content'])
          call.isError = block['is_error'] === true
        }
      }
    }
    return [...calls.values()]
  }

  /** Drops every connection and stops listening. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    let body: Record<string, unknown> | undefined
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      body = isObject(parsed) ? parsed : undefined
    } catch {
      body = undefined
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
    const request: MessagesRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers,
      body
    }
    this.requests.push(request)
    const rejection = this.validate(request)
    if (rejection !== undefined) {
      const error = (rejection.body as { error: { message: string } }).error
      request.refused = { status: rejection.status, message: error.message }
      res.writeHead(rejection.status, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify(rejection.body))
    }
    const turn = this.turns.shift()
    if (turn === undefined) {
      const none = invalid(
        `anthropic-stream-fake: nothing was scripted for request #${this.requests.length}`
      )
      request.refused = { status: 400, message: 'nothing scripted' }
      res.writeHead(400, { 'content-type': 'application/json' })
      return void res.end(JSON.stringify(none.body))
    }
    const blocks = typeof turn === 'function' ? turn(request) : turn
    const message = {
      id: fakeId('msg_'),
      type: 'message',
      role: 'assistant',
      model: body!['model'],
      stop_reason: blocks.some(b => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: 1200,
        output_tokens: 80,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0
      }
    }
    const content = blocks.map(b => (b.type === 'tool_use' ? { ...b, id: fakeId('toolu_') } : b))
    if (body!['stream'] !== true) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': fakeId('req_') })
      return void res.end(JSON.stringify({ ...message, content }))
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': fakeId('req_')
    })
    const send = (event: Record<string, unknown>): boolean =>
      res.write(`event: ${String(event['type'])}\ndata: ${JSON.stringify(event)}\n\n`)
    const { stop_reason, stop_sequence, usage, ...start } = message
    send({
      type: 'message_start',
      message: {
        ...start,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 }
      }
    })
    send({ type: 'ping' })
    content.forEach((block, index) => {
      if (block.type === 'text') {
        send({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })
        for (const piece of pieces(block.text)) {
          send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } })
        }
      } else {
        const { input, ...head } = block
        send({ type: 'content_block_start', index, content_block: { ...head, input: {} } })
        for (const piece of ['', ...pieces(JSON.stringify(input))]) {
          send({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: piece }
          })
        }
      }
      send({ type: 'content_block_stop', index })
    })
    send({
      type: 'message_delta',
      delta: { stop_reason, stop_sequence },
      usage: { output_tokens: usage.output_tokens }
    })
    send({ type: 'message_stop' })
    res.end()
  }

  /** What the real API would refuse, or undefined. */
  private validate(request: MessagesRequest): Rejection | undefined {
    const url = new URL(request.path, this.baseUrl)
    if (url.pathname !== '/v1/messages') return anthropicError(404, 'not_found_error', 'Not Found')
    if (request.method !== 'POST')
      return anthropicError(405, 'invalid_request_error', 'Method Not Allowed')
    const bearer = /^Bearer (.+)$/.exec(request.headers['authorization'] ?? '')?.[1]
    const key = request.headers['x-api-key'] ?? bearer
    if (!key) return anthropicError(401, 'authentication_error', 'x-api-key header is required')
    if (this.apiKey !== undefined && key !== this.apiKey) {
      return anthropicError(401, 'authentication_error', 'invalid x-api-key')
    }
    if (!request.headers['anthropic-version'])
      return invalid('anthropic-version: header is required')
    const body = request.body
    if (body === undefined)
      return invalid('There was an issue with the format or content of your request.')
    if (typeof body['model'] !== 'string' || body['model'] === '')
      return invalid('model: Field required')
    const maxTokens = body['max_tokens']
    if (!Number.isInteger(maxTokens) || (maxTokens as number) < 1) {
      return invalid('max_tokens: Input should be an integer greater than or equal to 1')
    }
    if (body['stream'] !== undefined && typeof body['stream'] !== 'boolean') {
      return invalid('stream: Input should be a valid boolean')
    }
    const system = body['system']
    if (system !== undefined && typeof system !== 'string' && !Array.isArray(system)) {
      return invalid('system: Input should be a valid list')
    }
    return (
      this.validateTools(body) ??
      this.validateMessages(body, request.headers['anthropic-beta'] ?? '')
    )
  }

  private validateTools(body: Record<string, unknown>): Rejection | undefined {
    const tools = body['tools']
    if (tools === undefined) return undefined
    if (!Array.isArray(tools)) return invalid('tools: Input should be a valid list')
    for (const [i, tool] of tools.entries()) {
      if (!isObject(tool) || typeof tool['name'] !== 'string' || !TOOL_NAME.test(tool['name'])) {
        return invalid(
          `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`
        )
      }
      if (!isObject(tool['input_schema']) || tool['input_schema']['type'] !== 'object') {
        return invalid(`tools.${i}.custom.input_schema.type: Input should be 'object'`)
      }
    }
    return undefined
  }

  /** Roles, content, and every tool_use answered by a tool_result in the next message (system turns aside). */
  private validateMessages(body: Record<string, unknown>, betas: string): Rejection | undefined {
    const messages = body['messages']
    if (!Array.isArray(messages) || messages.length === 0)
      return invalid('messages: at least one message is required')
    // Mid-conversation system messages come with the per-turn-control beta Claude Code 2.1.328 sends.
    const roles = betas.includes('per-turn-control-')
      ? ['user', 'assistant', 'system']
      : ['user', 'assistant']
    for (const [i, message] of messages.entries()) {
      if (!isObject(message) || !roles.includes(String(message['role']))) {
        return invalid(
          `messages.${i}.role: Input should be ${roles.map(r => `'${r}'`).join(' or ')}`
        )
      }
      const content = message['content']
      if (typeof content !== 'string' && !Array.isArray(content)) {
        return invalid(`messages.${i}.content: Input should be a valid list`)
      }
    }
    const turns = (messages as Record<string, unknown>[]).filter(m => m['role'] !== 'system')
    if (turns[0]?.['role'] !== 'user')
      return invalid('messages: first message must use the "user" role')
    for (const [i, message] of turns.entries()) {
      const results = blocksOf(message).filter(b => b['type'] === 'tool_result')
      const previous = i > 0 ? blocksOf(turns[i - 1]).filter(b => b['type'] === 'tool_use') : []
      const ids = new Set(previous.map(b => String(b['id'])))
      const stray = results.find(b => !ids.has(String(b['tool_use_id'])))
      if (stray !== undefined) {
        return invalid(
          `messages.${i}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(stray['tool_use_id'])}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`
        )
      }
      const answered = new Set(results.map(b => String(b['tool_use_id'])))
      const open = message['role'] === 'user' ? [...ids].filter(id => !answered.has(id)) : []
      if (open.length > 0) {
        return invalid(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${open.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`
        )
      }
    }
    return undefined
  }
}

/** A text in a few pieces, as a stream delivers it. */
function pieces(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3))
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}
