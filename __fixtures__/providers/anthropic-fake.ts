/**
 * A loopback stand-in for Anthropic's Messages API (`POST /v1/messages`). It refuses what the real API
 * refuses, with the real error shape `{type: 'error', error: {type, message}, request_id}`, including
 * thinking combined with a forced tool, and wraps scripted answers in a real `message` object (a
 * `tool_use` block when the request offered a tool). Base URL: `fake.baseUrl`.
 */
import {
  FakeServer,
  fakeId,
  type AnswerStep,
  type RecordedRequest,
  type Rejection
} from './fake-server.js'

export type { RecordedRequest, ScriptStep, AnswerOptions } from './fake-server.js'

/** What the fake serves. */
export interface AnthropicFakeOptions {
  /** The key to accept; any non-empty key when absent. */
  apiKey?: string
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/
const TOOL_CHOICES = new Set(['auto', 'any', 'tool', 'none'])
const THINKING = new Set(['enabled', 'disabled', 'adaptive'])
const EFFORTS = new Set(['low', 'medium', 'high', 'max'])

/** An error in Anthropic's shape. */
export function anthropicError(status: number, type: string, message: string): Rejection {
  return { status, body: { type: 'error', error: { type, message }, request_id: fakeId('req_') } }
}

const invalid = (message: string): Rejection =>
  anthropicError(400, 'invalid_request_error', message)

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The fake; `await AnthropicFake.start()`, script it, point a client at `baseUrl`, `close()` after. */
export class AnthropicFake extends FakeServer {
  private constructor(private readonly options: AnthropicFakeOptions) {
    super()
  }

  /** Starts a fake on 127.0.0.1 at a free port. */
  static async start(options: AnthropicFakeOptions = {}): Promise<AnthropicFake> {
    return new AnthropicFake(options).listen()
  }

  /** `http://127.0.0.1:<port>`, as `ANTHROPIC_BASE_URL` would be. */
  get baseUrl(): string {
    return this.origin
  }

  protected validate(request: RecordedRequest, url: URL): Rejection | undefined {
    if (url.pathname !== '/v1/messages') return anthropicError(404, 'not_found_error', 'Not Found')
    if (request.method !== 'POST')
      return anthropicError(405, 'invalid_request_error', 'Method Not Allowed')
    const key = request.headers['x-api-key']
    if (!key) return anthropicError(401, 'authentication_error', 'x-api-key header is required')
    if (this.options.apiKey !== undefined && key !== this.options.apiKey) {
      return anthropicError(401, 'authentication_error', 'invalid x-api-key')
    }
    if (!request.headers['anthropic-version']) {
      return invalid('anthropic-version: header is required')
    }
    return this.validateBody(request.body)
  }

  private validateBody(body: unknown): Rejection | undefined {
    if (!isObject(body))
      return invalid('There was an issue with the format or content of your request.')
    if (typeof body['model'] !== 'string' || body['model'] === '')
      return invalid('model: Field required')
    const maxTokens = body['max_tokens']
    if (maxTokens === undefined) return invalid('max_tokens: Field required')
    if (!Number.isInteger(maxTokens) || (maxTokens as number) < 1) {
      return invalid('max_tokens: Input should be greater than or equal to 1')
    }
    const messages = body['messages']
    if (messages === undefined) return invalid('messages: Field required')
    if (!Array.isArray(messages) || messages.length === 0) {
      return invalid('messages: at least one message is required')
    }
    for (const [i, message] of messages.entries()) {
      if (!isObject(message) || (message['role'] !== 'user' && message['role'] !== 'assistant')) {
        return invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`)
      }
      const content = message['content']
      if (typeof content !== 'string' && !Array.isArray(content)) {
        return invalid(`messages.${i}.content: Input should be a valid list`)
      }
    }
    if (isObject(messages[0]) && messages[0]['role'] !== 'user') {
      return invalid('messages: first message must use the "user" role')
    }
    const system = body['system']
    if (system !== undefined && typeof system !== 'string' && !Array.isArray(system)) {
      return invalid('system: Input should be a valid list')
    }
    return this.validateTools(body) ?? this.validateThinking(body, maxTokens as number)
  }

  private validateTools(body: Record<string, unknown>): Rejection | undefined {
    const tools = body['tools']
    const names: string[] = []
    if (tools !== undefined) {
      if (!Array.isArray(tools)) return invalid('tools: Input should be a valid list')
      for (const [i, tool] of tools.entries()) {
        if (!isObject(tool) || typeof tool['name'] !== 'string' || !TOOL_NAME.test(tool['name'])) {
          return invalid(
            `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`
          )
        }
        const schema = tool['input_schema']
        if (!isObject(schema)) return invalid(`tools.${i}.custom.input_schema: Field required`)
        if (schema['type'] !== 'object') {
          return invalid(`tools.${i}.custom.input_schema.type: Input should be 'object'`)
        }
        names.push(tool['name'])
      }
    }
    const choice = body['tool_choice']
    if (choice === undefined) return undefined
    if (!isObject(choice) || !TOOL_CHOICES.has(String(choice['type']))) {
      return invalid(
        "tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'"
      )
    }
    if (choice['type'] !== 'auto' && choice['type'] !== 'none' && names.length === 0) {
      return invalid('tool_choice may only be specified while providing tools.')
    }
    if (choice['type'] === 'tool' && !names.includes(String(choice['name']))) {
      return invalid(`Tool '${String(choice['name'])}' not found in provided tools`)
    }
    return undefined
  }

  private validateThinking(
    body: Record<string, unknown>,
    maxTokens: number
  ): Rejection | undefined {
    const thinking = body['thinking']
    const effort = isObject(body['output_config']) ? body['output_config']['effort'] : undefined
    if (effort !== undefined && !EFFORTS.has(String(effort))) {
      return invalid("output_config.effort: Input should be 'low', 'medium', 'high' or 'max'")
    }
    if (thinking === undefined) return undefined
    if (!isObject(thinking) || !THINKING.has(String(thinking['type']))) {
      return invalid(
        "thinking: Input tag does not match any of the expected tags: 'enabled', 'disabled', 'adaptive'"
      )
    }
    if (thinking['type'] === 'disabled') return undefined
    if (thinking['type'] === 'enabled') {
      const budget = thinking['budget_tokens']
      if (budget === undefined) return invalid('thinking.enabled.budget_tokens: Field required')
      if (!Number.isInteger(budget) || (budget as number) < 1024) {
        return invalid(
          'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024'
        )
      }
      if ((budget as number) >= maxTokens) {
        return invalid('`max_tokens` must be greater than `thinking.budget_tokens`.')
      }
    }
    const choice = body['tool_choice']
    if (isObject(choice) && (choice['type'] === 'any' || choice['type'] === 'tool')) {
      return invalid('Thinking may not be enabled when tool_choice forces tool use.')
    }
    return undefined
  }

  protected envelope(step: AnswerStep, request: RecordedRequest): unknown {
    const body = request.body as Record<string, unknown>
    const tools = Array.isArray(body['tools']) ? (body['tools'] as { name: string }[]) : []
    const choice = isObject(body['tool_choice']) ? body['tool_choice'] : undefined
    const tool = choice?.['type'] === 'tool' ? String(choice['name']) : tools[0]?.name
    const thinking = isObject(body['thinking']) && body['thinking']['type'] !== 'disabled'

    const content: unknown[] = []
    if (thinking) {
      content.push({ type: 'thinking', thinking: 'Weighing the diff…', signature: fakeId('sig_') })
    }
    let stop: string
    if (step.kind === 'json' && tool !== undefined) {
      content.push({ type: 'tool_use', id: fakeId('toolu_'), name: tool, input: step.value })
      stop = 'tool_use'
    } else if (step.kind === 'refusal') {
      content.push({ type: 'text', text: step.text })
      stop = 'refusal'
    } else {
      const text = step.kind === 'json' ? JSON.stringify(step.value) : step.text
      content.push({ type: 'text', text })
      stop = 'end_turn'
    }
    return {
      id: fakeId('msg_'),
      type: 'message',
      role: 'assistant',
      model: step.model ?? body['model'],
      content,
      stop_reason: step.stopReason ?? stop,
      stop_sequence: null,
      usage: {
        input_tokens: step.usage?.inputTokens ?? 321,
        output_tokens: step.usage?.outputTokens ?? 54,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        service_tier: 'standard'
      }
    }
  }

  protected exhausted(index: number): Rejection {
    return invalid(`anthropic-fake: nothing was scripted for request #${index}`)
  }
}
