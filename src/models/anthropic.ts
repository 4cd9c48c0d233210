/** The Anthropic provider: the Messages API, with the schema as one tool the model is made to call. */
import { z } from 'zod'
import { envelope, postJson, snippet, type RetryPolicy } from './http.js'
import { checkRequest, wireName } from './wire-rules.js'
import {
  ModelCallError,
  type Effort,
  type ModelAnswer,
  type ModelClient,
  type ModelRequest
} from './types.js'

/** Anthropic's own endpoint (the client appends `/v1/messages`). */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com'

/** The API version header every request carries. */
export const ANTHROPIC_VERSION = '2023-06-01'

/** Thinking tokens per effort for `thinking: 'budget'`; the API's floor is 1024. */
export const THINKING_BUDGET: Record<Effort, number> = { low: 2048, medium: 8192, high: 16384 }

/**
 * How the model thinks when an effort is requested. `budget`: `thinking: {type: 'enabled', budget_tokens}`
 * (Claude 3.7 to 4.5; deprecated on 4.6). `adaptive`: `thinking: {type: 'adaptive'}` with
 * `output_config: {effort}` (Claude 4.6 and later; the only kind Opus 4.7 accepts). Absent: the model has
 * no thinking to steer, and an effort is not sent.
 */
export type AnthropicThinking = 'budget' | 'adaptive'

/** How to reach one model through the Anthropic Messages API. */
export interface AnthropicClientOptions {
  model: string
  apiKey: string
  /** Default {@link ANTHROPIC_BASE_URL}. */
  baseUrl?: string
  thinking?: AnthropicThinking
  retry?: Partial<RetryPolicy>
  log?: (line: string) => void
}

/**
 * The envelope of a Messages answer, as far as the loop reads it: the content blocks (a block of a type the loop does
 * not read is left alone), the stop reason, usage and model.
 */
const Block = z.looseObject({
  type: z.string(),
  name: z.string().optional(),
  text: z.string().optional()
})
const Message = z.object({
  model: z.string().optional(),
  content: z.array(Block),
  stop_reason: z.string().nullish(),
  usage: z
    .object({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() })
    .nullish()
})

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0

const trimSlash = (url: string): string => url.replace(/\/+$/, '')

/** The reason in an Anthropic error body `{type: 'error', error: {type, message}}`. */
export function describeAnthropicError(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  if (typeof error !== 'object' || error === null) return undefined
  const { type, message } = error as { type?: unknown; message?: unknown }
  const text = typeof message === 'string' ? message : JSON.stringify(error)
  return typeof type === 'string' ? `${type}: ${text}` : text
}

/** Why a thinking model is told in words to use the tool: forced `tool_choice` and thinking exclude each other. */
const CALL_THE_TOOL = (tool: string): string =>
  `\n\nGive your answer by calling the tool \`${tool}\` exactly once, with the whole answer as its input. Do not answer in prose.`

/** A client for one model behind the Anthropic Messages API. */
export class AnthropicClient implements ModelClient {
  readonly provider = 'anthropic' as const
  readonly model: string
  readonly url: string
  private readonly options: AnthropicClientOptions

  constructor(options: AnthropicClientOptions) {
    this.options = options
    this.model = options.model
    this.url = `${trimSlash(options.baseUrl ?? ANTHROPIC_BASE_URL)}/v1/messages`
  }

  /** The request body for `request`, and the effort it carries, as the trace should read it. */
  body(request: ModelRequest): { body: Record<string, unknown>; effort?: string } {
    const tool = wireName(request.schema.name)
    const thinking = request.effort !== undefined ? this.options.thinking : undefined
    const body: Record<string, unknown> = {
      model: this.model,
      max_tokens: request.maxOutputTokens,
      system: request.system,
      messages: [{ role: 'user', content: request.user }],
      tools: [
        {
          name: tool,
          description:
            'Records the answer. Its input is the whole answer, following the schema exactly.',
          input_schema: request.schema.schema
        }
      ],
      tool_choice: { type: 'tool', name: tool }
    }
    if (thinking === undefined || request.effort === undefined) return { body }

    // Thinking tokens count against max_tokens; the allowance keeps the answer's own room intact.
    const allowance = THINKING_BUDGET[request.effort]
    body['max_tokens'] = request.maxOutputTokens + allowance
    body['tool_choice'] = { type: 'auto' }
    body['system'] = request.system + CALL_THE_TOOL(tool)
    if (thinking === 'budget') {
      body['thinking'] = { type: 'enabled', budget_tokens: allowance }
      return { body, effort: `${request.effort} (thinking budget ${allowance} tokens)` }
    }
    body['thinking'] = { type: 'adaptive' }
    body['output_config'] = { effort: request.effort }
    return { body, effort: `${request.effort} (adaptive thinking)` }
  }

  /** One structured-output call. */
  async complete(request: ModelRequest): Promise<ModelAnswer> {
    checkRequest(request)
    const { body, effort } = this.body(request)
    const tool = wireName(request.schema.name)
    const response = await postJson({
      provider: 'Anthropic',
      url: this.url,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': this.options.apiKey,
        'anthropic-version': ANTHROPIC_VERSION
      },
      body,
      timeoutMs: request.timeoutMs,
      secrets: [this.options.apiKey],
      describeError: describeAnthropicError,
      ...(this.options.retry !== undefined ? { retry: this.options.retry } : {}),
      ...(this.options.log !== undefined ? { log: this.options.log } : {})
    })

    const message = envelope('Anthropic', Message, response)
    const blocks = message.content
    const stopReason = message.stop_reason ?? 'unknown'
    const prose = blocks
      .filter(block => block.type === 'text' && block.text !== undefined)
      .map(block => block.text!)
      .join('')
    if (stopReason === 'refusal') {
      throw new ModelCallError(
        'protocol',
        `Anthropic refused to answer (stop_reason refusal)${prose !== '' ? `: ${snippet(prose)}` : ''}`,
        response.status,
        response.attempts
      )
    }
    const call = blocks.find(block => block.type === 'tool_use' && block.name === tool)
    return {
      // The tool's input is the structured answer; without a call, whatever the model wrote instead.
      text: call !== undefined ? JSON.stringify(call.input ?? null) : prose,
      stopReason,
      usage: {
        inputTokens: count(message.usage?.input_tokens),
        outputTokens: count(message.usage?.output_tokens)
      },
      model: message.model ?? this.model,
      ...(effort !== undefined ? { effort } : {}),
      attempts: response.attempts
    }
  }
}
