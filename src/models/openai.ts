/** The OpenAI-compatible provider: Chat Completions with a JSON-schema response format (OpenAI, Azure OpenAI, local servers). */
import { z } from 'zod'
import { envelope, postJson, type RetryPolicy } from './http.js'
import { checkRequest, isStrictSchema, wireName } from './wire-rules.js'
import {
  ModelCallError,
  type Effort,
  type ModelAnswer,
  type ModelClient,
  type ModelRequest
} from './types.js'

/** OpenAI's own endpoint; any other base URL is treated as a compatible server (vLLM, Ollama, LiteLLM…). */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1'

/** The Azure OpenAI data-plane version used when none is given: GA, with structured outputs. */
export const AZURE_API_VERSION = '2024-10-21'

/** An Azure OpenAI resource: `{endpoint}/openai/deployments/{deployment}/chat/completions?api-version=…`, key in `api-key`. */
export interface AzureOptions {
  /** `https://my-resource.openai.azure.com` (a trailing `/` is fine). */
  endpoint: string
  /** The deployment name; the model name when absent. */
  deployment?: string
  /** Default {@link AZURE_API_VERSION}; reasoning models need a newer one (2024-12-01-preview or later). */
  apiVersion?: string
}

/** How to reach one model through an OpenAI-compatible API. */
export interface OpenAIClientOptions {
  model: string
  apiKey: string
  /** Default {@link OPENAI_BASE_URL}; ignored when `azure` is given. */
  baseUrl?: string
  azure?: AzureOptions
  /** The model takes `reasoning_effort` (o-series, gpt-5…). Without it a requested effort is not sent. */
  reasoning?: boolean
  /**
   * Which field carries the output cap. Default: `max_completion_tokens` on OpenAI's own endpoint or for a
   * reasoning model (which refuse `max_tokens`); `max_tokens` elsewhere, since older local servers (Ollama)
   * ignore the newer field.
   */
  tokenLimitField?: 'max_completion_tokens' | 'max_tokens'
  /** `auto` (default): strict only when the schema meets strict mode's rules (see schema.ts). */
  strict?: 'auto' | boolean
  retry?: Partial<RetryPolicy>
  log?: (line: string) => void
}

/**
 * The envelope of a Chat Completions answer, as far as the loop reads it. Compatible servers differ in what else they
 * send (usage may be absent, content an array of parts): only what is read is required, and only in the types read.
 */
const ChatCompletion = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.union([z.string(), z.array(z.unknown())]).nullish(),
          refusal: z.string().nullish()
        }),
        finish_reason: z.string().nullish()
      })
    )
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() })
    .nullish()
})

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0

/** The reason in an OpenAI-style error body `{error: {message, type, code}}`. */
export function describeOpenAIError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  if (typeof error === 'string') return error
  if (typeof error !== 'object' || error === null) {
    // FastAPI-based servers (older vLLM) answer `{detail: …}` or `{message: …}`.
    const { detail, message } = body as { detail?: unknown; message?: unknown }
    const text =
      typeof message === 'string' ? message : typeof detail === 'string' ? detail : undefined
    return text
  }
  const { message, type, code } = error as { message?: unknown; type?: unknown; code?: unknown }
  const tags = [type, code].filter(tag => typeof tag === 'string' && tag !== '').join(', ')
  const text = typeof message === 'string' ? message : JSON.stringify(error)
  return tags === '' ? text : `${text} (${tags})`
}

/** The message text, whether a plain string or (some compatible servers) an array of text parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content
      .map(part =>
        typeof part === 'object' && part !== null ? (part as { text?: unknown }).text : part
      )
      .filter((text): text is string => typeof text === 'string')
      .join('')
  }
  return ''
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '')

/** A client for one model behind an OpenAI-compatible Chat Completions endpoint. */
export class OpenAIClient implements ModelClient {
  readonly provider = 'openai' as const
  readonly model: string
  readonly url: string
  private readonly options: OpenAIClientOptions

  constructor(options: OpenAIClientOptions) {
    this.options = options
    this.model = options.model
    const azure = options.azure
    if (azure !== undefined) {
      const deployment = encodeURIComponent(azure.deployment ?? options.model)
      const version = encodeURIComponent(azure.apiVersion ?? AZURE_API_VERSION)
      this.url = `${trimSlash(azure.endpoint)}/openai/deployments/${deployment}/chat/completions?api-version=${version}`
    } else {
      this.url = `${trimSlash(options.baseUrl ?? OPENAI_BASE_URL)}/chat/completions`
    }
  }

  /** The field the output cap goes in, per {@link OpenAIClientOptions.tokenLimitField}. */
  get tokenLimitField(): 'max_completion_tokens' | 'max_tokens' {
    if (this.options.tokenLimitField !== undefined) return this.options.tokenLimitField
    const official =
      this.options.azure === undefined &&
      trimSlash(this.options.baseUrl ?? OPENAI_BASE_URL) === OPENAI_BASE_URL
    return official || this.options.reasoning === true ? 'max_completion_tokens' : 'max_tokens'
  }

  /** The request body for `request`, and the effort it carries (undefined when none is sent). */
  body(request: ModelRequest): { body: Record<string, unknown>; effort?: Effort } {
    const strictOption = this.options.strict ?? 'auto'
    const strict = strictOption === 'auto' ? isStrictSchema(request.schema.schema) : strictOption
    const effort = this.options.reasoning === true ? request.effort : undefined
    const body: Record<string, unknown> = {
      model: this.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user }
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: wireName(request.schema.name), schema: request.schema.schema, strict }
      },
      [this.tokenLimitField]: request.maxOutputTokens
    }
    if (effort !== undefined) body['reasoning_effort'] = effort
    return effort !== undefined ? { body, effort } : { body }
  }

  /** One structured-output call. */
  async complete(request: ModelRequest): Promise<ModelAnswer> {
    checkRequest(request)
    const { body, effort } = this.body(request)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json'
    }
    if (this.options.azure !== undefined) headers['api-key'] = this.options.apiKey
    else headers['authorization'] = `Bearer ${this.options.apiKey}`
    const provider = this.options.azure !== undefined ? 'Azure OpenAI' : 'OpenAI'

    const response = await postJson({
      provider,
      url: this.url,
      headers,
      body,
      timeoutMs: request.timeoutMs,
      secrets: [this.options.apiKey],
      describeError: describeOpenAIError,
      ...(this.options.retry !== undefined ? { retry: this.options.retry } : {}),
      ...(this.options.log !== undefined ? { log: this.options.log } : {})
    })

    const completion = envelope(provider, ChatCompletion, response)
    const choice = completion.choices[0]!
    const message = choice.message
    if (typeof message.refusal === 'string' && message.refusal !== '') {
      throw new ModelCallError(
        'protocol',
        `${provider} refused to answer: ${message.refusal}`,
        response.status,
        response.attempts
      )
    }
    const finish = choice.finish_reason
    return {
      text: contentText(message.content),
      stopReason: typeof finish === 'string' ? finish : 'unknown',
      usage: {
        inputTokens: count(completion.usage?.prompt_tokens),
        outputTokens: count(completion.usage?.completion_tokens)
      },
      model: completion.model ?? this.model,
      ...(effort !== undefined ? { effort } : {}),
      attempts: response.attempts
    }
  }
}
