/** The driver: the model behind the loop's own judgment steps (seed 004's loop-driving session). */
import type {
  ClassifyRequest,
  ClassifyResponse,
  GoalRequest,
  GoalResponse,
  VerifyRequest,
  VerifyResponse
} from './protocol.js'

/**
 * One driver call's result. A call that ends without a valid answer never throws: the loop falls back to its
 * deterministic steps for that reading and the trace says which reading did not run and why.
 */
export type DriverResult<T> =
  | {
      ok: true
      answer: T
      /** Something to record about the call (model, effort, attempts), for the trace. */
      call?: string
    }
  | {
      ok: false
      /** Why there is no answer, as observed (exit code, timeout, HTTP status, schema problems). */
      cause: string
      /** What did come back, bounded. */
      returned: string
    }

/** The driver's three roles. */
export interface Driver {
  /** `openai`, `anthropic` or `command`. */
  readonly name: string
  /** How the trace names it, e.g. `anthropic (claude-sonnet-4-5)`. */
  readonly label: string
  verify(request: VerifyRequest): Promise<DriverResult<VerifyResponse>>
  goal(request: GoalRequest): Promise<DriverResult<GoalResponse>>
  classify(request: ClassifyRequest): Promise<DriverResult<ClassifyResponse>>
}
