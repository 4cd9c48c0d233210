/** The one HTTP path of the model providers: a JSON POST with an enforced budget, retries with backoff, and redaction. */
import type { z } from 'zod'
import { ModelCallError } from './types.js'
import { errorMessage } from '../shared/errors.js'

/** How a call retries; the request's `timeoutMs` bounds it whatever these say. */
export interface RetryPolicy {
  /** Retries after the first attempt (so at most `maxRetries + 1` attempts). */
  maxRetries: number
  /** The first backoff; each further one doubles, up to `maxDelayMs`, less up to 25 % jitter. */
  baseDelayMs: number
  maxDelayMs: number
}

/** Close to what the official OpenAI and Anthropic SDKs do (2 retries, 0.5 s doubling to 8 s), one retry more. */
export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8000 }

/** One JSON POST, retried as a whole. */
export interface PostJsonRequest {
  /** Names the provider in messages (`OpenAI`, `Anthropic`). */
  provider: string
  url: string
  headers: Record<string, string>
  body: unknown
  /** The whole call, retries and waits included, ends by then. */
  timeoutMs: number
  /** Strings that must never appear in an error message (API keys). */
  secrets: readonly string[]
  retry?: Partial<RetryPolicy>
  /** Turns an error body into a short reason (`invalid_request_error: max_tokens: Field required`). */
  describeError?: (body: unknown) => string | undefined
  /** Told about each retry, for the step log. */
  log?: (line: string) => void
}

/** A 2xx answer, its body parsed as JSON. */
export interface PostJsonResponse {
  status: number
  headers: Headers
  json: unknown
  attempts: number
}

const MAX_SNIPPET = 300

/** Replaces every secret in `text` with `***` (keys shorter than 4 characters are not worth hiding and would mangle text). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('***')
  }
  return out
}

/** Whether an HTTP status is worth another attempt: 408, 409, 429, and every 5xx (Anthropic's 529 overloaded among them). */
export function isRetryableStatus(status: number, headers?: Headers): boolean {
  // Both official SDKs obey this non-standard header when a server sets it.
  const hint = headers?.get('x-should-retry')
  if (hint === 'true') return true
  if (hint === 'false') return false
  return status === 408 || status === 409 || status === 429 || status >= 500
}

/** Error codes that say the request can never succeed as configured (a wrong host, a bad certificate). */
const PERMANENT_NETWORK_CODES = new Set([
  'ENOTFOUND',
  'ERR_INVALID_URL',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'
])

/** The error code behind a failed `fetch` (`ECONNRESET`, `UND_ERR_SOCKET`…), looking through `cause`. */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Whether a connection-level failure is worth another attempt: resets, refusals and drops are; a wrong host or certificate is not. */
export function isRetryableNetworkError(error: unknown): boolean {
  const code = networkErrorCode(error)
  return code === undefined || !PERMANENT_NETWORK_CODES.has(code)
}

/**
 * How long the server asked us to wait, in ms: `retry-after-ms` first (OpenAI's, not standard), then
 * `retry-after` as seconds or as an HTTP date. Undefined when neither says anything usable.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms')
  if (ms !== null && ms.trim() !== '') {
    const value = Number(ms)
    if (Number.isFinite(value) && value >= 0) return value
  }
  const after = headers.get('retry-after')
  if (after === null || after.trim() === '') return undefined
  const seconds = Number(after)
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined
  const date = Date.parse(after)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The backoff before retry number `retry` (1-based) when the server named no wait. */
export function backoffMs(retry: number, policy: RetryPolicy): number {
  const plain = Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs)
  return plain * (1 - Math.random() * 0.25)
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

const sleep = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms))

/** A short, single-line excerpt of a body for an error message. */
export function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > MAX_SNIPPET ? `${flat.slice(0, MAX_SNIPPET)}…` : flat
}

/**
 * The parts of a provider's answer (the envelope around the structured output) that `schema` names, or a protocol
 * error naming each part missing or of another type: `choices[0].message: expected object, received undefined`.
 */
export function envelope<T>(provider: string, schema: z.ZodType<T>, response: PostJsonResponse): T {
  const parsed = schema.safeParse(response.json)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map(issue => {
    const where = issue.path.map(p => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    return `${where.join('').replace(/^\./, '') || '(the body)'}: ${issue.message}`
  })
  throw new ModelCallError(
    'protocol',
    `${provider} answered with an envelope the loop cannot read (${problems.join('; ')}): ${snippet(JSON.stringify(response.json) ?? String(response.json))}`,
    response.status,
    response.attempts
  )
}

// Duck-typed, not `instanceof`: fetch's errors may come from another realm (undici's DOMException, a test VM).
const errorName = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined

const messageOf = (error: unknown): string | undefined => {
  const message =
    typeof error === 'object' && error !== null
      ? (error as { message?: unknown }).message
      : undefined
  return typeof message === 'string' ? message : undefined
}

function isTimeout(error: unknown): boolean {
  const name = errorName(error)
  return name === 'TimeoutError' || name === 'AbortError'
}

function describeNetworkError(error: unknown): string {
  const code = networkErrorCode(error)
  const cause = (error as { cause?: unknown })?.cause
  const detail = messageOf(cause) ?? errorMessage(error)
  return code !== undefined && !detail.includes(code) ? `${detail} (${code})` : detail
}

/** A failure of one attempt, and whether another attempt could help. */
interface AttemptFailure {
  error: ModelCallError
  retryable: boolean
  /** The wait the server asked for, if any. */
  waitMs?: number
}

/**
 * POSTs `body` as JSON and returns the parsed 2xx answer. Retries 408/409/429/5xx and connection failures
 * with backoff, honouring `retry-after-ms` and `retry-after`, and never waits or runs past `timeoutMs`:
 * a wait that would not fit ends the call at once, with the reason.
 */
export async function postJson(request: PostJsonRequest): Promise<PostJsonResponse> {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...request.retry }
  const deadline = Date.now() + request.timeoutMs
  const clean = (text: string): string => redact(text, request.secrets)
  const payload = JSON.stringify(request.body)

  for (let attempt = 1; ; attempt++) {
    const remaining = deadline - Date.now()
    const failure = await attemptOnce(request, payload, remaining, attempt, clean)
    if ('json' in failure) return failure
    if (!failure.retryable) throw failure.error
    const last = failure.error
    if (attempt > policy.maxRetries) {
      throw new ModelCallError(
        last.kind,
        `${last.message}; gave up after ${attempt} attempts`,
        last.status,
        attempt
      )
    }
    const wait = failure.waitMs ?? backoffMs(attempt, policy)
    const left = deadline - Date.now()
    if (wait >= left) {
      const asked = failure.waitMs !== undefined ? 'the server asked to wait' : 'backing off'
      throw new ModelCallError(
        last.kind,
        `${last.message}; ${asked} ${seconds(wait)} before retrying, past the call's budget of ${seconds(request.timeoutMs)} (${seconds(Math.max(0, left))} left)`,
        last.status,
        attempt
      )
    }
    request.log?.(
      `${request.provider}: attempt ${attempt} failed (${last.message}); retrying in ${seconds(wait)}`
    )
    await sleep(wait)
  }
}

async function attemptOnce(
  request: PostJsonRequest,
  payload: string,
  remaining: number,
  attempt: number,
  clean: (text: string) => string
): Promise<PostJsonResponse | AttemptFailure> {
  const timedOut = (): AttemptFailure => ({
    error: new ModelCallError(
      'timeout',
      `${request.provider} gave no answer within the call's budget of ${seconds(request.timeoutMs)}`,
      undefined,
      attempt
    ),
    retryable: false
  })
  if (remaining <= 0) return timedOut()

  let response: Response
  let text: string
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: payload,
      signal: AbortSignal.timeout(remaining)
    })
    // The body is read under the same signal: a server that sends headers then stalls still ends in time.
    text = await response.text()
  } catch (error) {
    if (isTimeout(error)) return timedOut()
    return {
      error: new ModelCallError(
        'network',
        clean(
          `${request.provider} could not be reached at ${request.url}: ${describeNetworkError(error)}`
        ),
        undefined,
        attempt
      ),
      retryable: isRetryableNetworkError(error)
    }
  }

  let json: unknown
  let parsed = true
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    parsed = false
  }

  if (response.ok) {
    if (!parsed || json === undefined) {
      return {
        error: new ModelCallError(
          'protocol',
          clean(
            `${request.provider} answered HTTP ${response.status} with a body that is not JSON: ${snippet(text) || '(empty)'}`
          ),
          response.status,
          attempt
        ),
        retryable: false
      }
    }
    return { status: response.status, headers: response.headers, json, attempts: attempt }
  }

  const reason =
    (parsed ? request.describeError?.(json) : undefined) ?? (snippet(text) || '(empty body)')
  return {
    error: new ModelCallError(
      'http',
      clean(`${request.provider} answered HTTP ${response.status}: ${reason}`),
      response.status,
      attempt
    ),
    retryable: isRetryableStatus(response.status, response.headers),
    waitMs: retryAfterMs(response.headers)
  }
}
