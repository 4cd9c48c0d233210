/** The provider layer: one small interface for the model APIs that serve the source, driver and writer roles. */

/** Reasoning effort, where a model has one. */
export type Effort = 'low' | 'medium' | 'high'

/** One structured-output call. */
export interface ModelRequest {
  system: string
  user: string
  /** The JSON schema the answer must follow (structured output where the provider supports it). */
  schema: { name: string; schema: Record<string, unknown> }
  maxOutputTokens: number
  /** Requested reasoning effort; ignored (and reported as such) where the model has none. */
  effort?: Effort
  /** The whole call, retries included, ends by then. */
  timeoutMs: number
}

/** What a call returned. */
export interface ModelAnswer {
  /** The model's text: the JSON text when structured output was honoured, else whatever it wrote. */
  text: string
  /** Why generation stopped, in the provider's words (`stop`, `end_turn`, `max_tokens`, `length`, `tool_use`…). */
  stopReason: string
  usage: { inputTokens: number; outputTokens: number }
  /** The model that answered, as the provider named it. */
  model: string
  /** The effort actually sent, for the trace's Call line; undefined when none was sent. */
  effort?: string
  /** How many attempts the call took (1 without retries). */
  attempts: number
}

/** Why a call produced no answer. `retryable` failures were retried until the budget ran out. */
export class ModelCallError extends Error {
  override name = 'ModelCallError'
  constructor(
    readonly kind: 'timeout' | 'http' | 'network' | 'protocol',
    message: string,
    readonly status?: number,
    readonly attempts = 1
  ) {
    super(message)
  }
}

/** A provider client bound to one model. */
export interface ModelClient {
  readonly provider: 'openai' | 'anthropic'
  readonly model: string
  complete(request: ModelRequest): Promise<ModelAnswer>
}
