/**
 * A loopback stand-in for OpenAI's Chat Completions API (and Azure OpenAI's deployment route). It refuses
 * what the real API refuses, with the real error shape `{error: {message, type, param, code}}`, and wraps
 * scripted answers in a real `chat.completion` object. Base URL: `fake.baseUrl` (`…/v1`); Azure endpoint:
 * `fake.origin`.
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
export interface OpenAIFakeOptions {
  /** The key to accept; any non-empty key when absent. */
  apiKey?: string
  /** Serve as a reasoning model: refuse `max_tokens`, accept `reasoning_effort`. Otherwise the reverse for `reasoning_effort`. */
  reasoning?: boolean
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function'])
const EFFORTS = new Set(['none', 'minimal', 'low', 'medium', 'high', 'xhigh'])
const FORMATS = new Set(['text', 'json_object', 'json_schema'])
const NAME = /^[a-zA-Z0-9_-]{1,64}$/

/** An error in OpenAI's shape. */
export function openaiError(
  status: number,
  message: string,
  type = 'invalid_request_error',
  param: string | null = null,
  code: string | null = null
): Rejection {
  return { status, body: { error: { message, type, param, code } } }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The first rule of strict mode a schema breaks, in the words OpenAI uses; undefined when it keeps them. */
export function strictViolation(schema: unknown, path = '()'): string | undefined {
  if (!isObject(schema)) return undefined
  const isObj = schema['type'] === 'object' || isObject(schema['properties'])
  if (isObj) {
    if (schema['additionalProperties'] !== false) {
      return `In context=${path}, 'additionalProperties' is required to be supplied and to be false.`
    }
    const properties = isObject(schema['properties']) ? schema['properties'] : {}
    const required = Array.isArray(schema['required']) ? schema['required'] : []
    const missing = Object.keys(properties).find(key => !required.includes(key))
    if (missing !== undefined) {
      return `In context=${path}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`
    }
    for (const [key, value] of Object.entries(properties)) {
      const inner = strictViolation(
        value,
        `${path === '()' ? '(' : path.slice(0, -1) + ', '}'properties', '${key}')`
      )
      if (inner !== undefined) return inner
    }
  }
  for (const key of ['items', 'anyOf', '$defs', 'definitions']) {
    const child = schema[key]
    const children = Array.isArray(child)
      ? child
      : isObject(child) && key !== 'items'
        ? Object.values(child)
        : [child]
    for (const each of children) {
      const inner = strictViolation(each, path)
      if (inner !== undefined) return inner
    }
  }
  for (const key of ['allOf', 'oneOf', 'not']) {
    if (key in schema) return `In context=${path}, '${key}' is not permitted.`
  }
  return undefined
}

/** The fake; `await OpenAIFake.start()`, script it, point a client at `baseUrl`, `close()` after. */
export class OpenAIFake extends FakeServer {
  private constructor(private readonly options: OpenAIFakeOptions) {
    super()
  }

  /** Starts a fake on 127.0.0.1 at a free port. */
  static async start(options: OpenAIFakeOptions = {}): Promise<OpenAIFake> {
    return new OpenAIFake(options).listen()
  }

  /** `http://127.0.0.1:<port>/v1`, as `OPENAI_BASE_URL` would be. */
  get baseUrl(): string {
    return `${this.origin}/v1`
  }

  protected validate(request: RecordedRequest, url: URL): Rejection | undefined {
    const azure = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/.exec(url.pathname)
    if (url.pathname !== '/v1/chat/completions' && azure === null) {
      return openaiError(
        404,
        `Invalid URL (${request.method} ${url.pathname})`,
        'invalid_request_error'
      )
    }
    if (request.method !== 'POST') {
      return openaiError(405, `Invalid method for URL (${request.method} ${url.pathname})`)
    }
    if (azure !== null) {
      if (!url.searchParams.get('api-version')) {
        return { status: 404, body: { error: { code: '404', message: 'Resource not found' } } }
      }
      const key = request.headers['api-key']
      if (!key || (this.options.apiKey !== undefined && key !== this.options.apiKey)) {
        return {
          status: 401,
          body: {
            error: {
              code: '401',
              message:
                'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.'
            }
          }
        }
      }
    } else {
      const auth = request.headers['authorization'] ?? ''
      const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : ''
      if (key === '') {
        return openaiError(
          401,
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          'invalid_request_error'
        )
      }
      if (this.options.apiKey !== undefined && key !== this.options.apiKey) {
        const masked = `${key.slice(0, 3)}${'*'.repeat(Math.max(0, key.length - 7))}${key.slice(-4)}`
        return openaiError(
          401,
          `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          'invalid_request_error',
          null,
          'invalid_api_key'
        )
      }
    }
    return this.validateBody(request)
  }

  private validateBody(request: RecordedRequest): Rejection | undefined {
    const body = request.body
    if (!isObject(body)) {
      return openaiError(
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)"
      )
    }
    if (typeof body['model'] !== 'string' || body['model'] === '') {
      return openaiError(400, 'you must provide a model parameter')
    }
    const messages = body['messages']
    if (messages === undefined) {
      return openaiError(
        400,
        "Missing required parameter: 'messages'.",
        'invalid_request_error',
        'messages',
        'missing_required_parameter'
      )
    }
    if (!Array.isArray(messages) || messages.length === 0) {
      return openaiError(
        400,
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
        'invalid_request_error',
        'messages',
        'empty_array'
      )
    }
    for (const [i, message] of messages.entries()) {
      if (!isObject(message) || !ROLES.has(String(message['role']))) {
        return openaiError(
          400,
          `Invalid value for 'messages[${i}].role'.`,
          'invalid_request_error',
          `messages[${i}].role`,
          'invalid_value'
        )
      }
      const content = message['content']
      if (typeof content !== 'string' && !Array.isArray(content)) {
        return openaiError(
          400,
          `Invalid type for 'messages[${i}].content': expected one of a string or array of objects.`,
          'invalid_request_error',
          `messages[${i}].content`,
          'invalid_type'
        )
      }
    }
    for (const field of ['max_tokens', 'max_completion_tokens']) {
      const value = body[field]
      if (value !== undefined && (!Number.isInteger(value) || (value as number) < 1)) {
        return openaiError(
          400,
          `Invalid '${field}': integer below minimum value. Expected a value >= 1.`,
          'invalid_request_error',
          field,
          'integer_below_min_value'
        )
      }
    }
    if (this.options.reasoning === true && body['max_tokens'] !== undefined) {
      return openaiError(
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        'invalid_request_error',
        'max_tokens',
        'unsupported_parameter'
      )
    }
    const effort = body['reasoning_effort']
    if (effort !== undefined) {
      if (this.options.reasoning !== true) {
        return openaiError(
          400,
          "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
          'invalid_request_error',
          'reasoning_effort',
          'unsupported_parameter'
        )
      }
      if (!EFFORTS.has(String(effort))) {
        return openaiError(
          400,
          `Invalid value: '${String(effort)}'. Supported values are: 'minimal', 'low', 'medium', and 'high'.`,
          'invalid_request_error',
          'reasoning_effort',
          'invalid_value'
        )
      }
    }
    return this.validateFormat(body['response_format'])
  }

  private validateFormat(format: unknown): Rejection | undefined {
    if (format === undefined) return undefined
    if (!isObject(format) || !FORMATS.has(String(format['type']))) {
      return openaiError(
        400,
        "Invalid value for 'response_format.type'.",
        'invalid_request_error',
        'response_format.type',
        'invalid_value'
      )
    }
    if (format['type'] !== 'json_schema') return undefined
    const spec = format['json_schema']
    if (!isObject(spec)) {
      return openaiError(
        400,
        "Missing required parameter: 'response_format.json_schema'.",
        'invalid_request_error',
        'response_format.json_schema',
        'missing_required_parameter'
      )
    }
    if (typeof spec['name'] !== 'string' || !NAME.test(spec['name'])) {
      return openaiError(
        400,
        "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
        'invalid_request_error',
        'response_format.json_schema.name',
        'invalid_value'
      )
    }
    if (spec['schema'] !== undefined && !isObject(spec['schema'])) {
      return openaiError(
        400,
        "Invalid type for 'response_format.json_schema.schema': expected an object.",
        'invalid_request_error',
        'response_format.json_schema.schema',
        'invalid_type'
      )
    }
    if (spec['strict'] === true) {
      const problem = strictViolation(spec['schema'])
      if (problem !== undefined) {
        return openaiError(
          400,
          `Invalid schema for response_format '${spec['name']}': ${problem}`,
          'invalid_request_error',
          'response_format',
          'invalid_json_schema'
        )
      }
    }
    return undefined
  }

  protected envelope(step: AnswerStep, request: RecordedRequest): unknown {
    const body = request.body as Record<string, unknown>
    const content =
      step.kind === 'json' ? JSON.stringify(step.value) : step.kind === 'text' ? step.text : null
    const completion = step.usage?.outputTokens ?? 42
    const prompt = step.usage?.inputTokens ?? 123
    return {
      id: fakeId('chatcmpl-'),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: step.model ?? body['model'],
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content,
            refusal: step.kind === 'refusal' ? step.text : null,
            annotations: []
          },
          logprobs: null,
          finish_reason: step.stopReason ?? 'stop'
        }
      ],
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0
        }
      },
      service_tier: 'default',
      system_fingerprint: 'fp_fake'
    }
  }

  protected exhausted(index: number): Rejection {
    return openaiError(
      400,
      `openai-fake: nothing was scripted for request #${index}`,
      'invalid_request_error'
    )
  }
}
