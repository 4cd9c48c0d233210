/** The driver: the model behind the loop's own judgment steps (seed 004's loop-driving session). */
import type {
  ClassifyRequest,
  ClassifyResponse,
  GoalRequest,
  GoalResponse,
  VerifyRequest,
  VerifyResponse
} from './protocol.js'
import type {
  FitRequest,
  FitResponse,
  ScanRequest,
  ScanResponse,
  WriteRequest,
  WriteResponse
} from './apply-roles.js'
import type { AdmitRequest, AdmitResponse } from './admit-role.js'

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

/** The driver's roles: the readings of Phases 2–3 and the writing of Phase 4. */
export interface Driver {
  /** `openai`, `anthropic` or `command`. */
  readonly name: string
  /** How the trace names it, e.g. `anthropic (claude-sonnet-4-5)`. */
  readonly label: string
  verify(request: VerifyRequest): Promise<DriverResult<VerifyResponse>>
  goal(request: GoalRequest): Promise<DriverResult<GoalResponse>>
  classify(request: ClassifyRequest): Promise<DriverResult<ClassifyResponse>>
  /** Phase 4: the change-point scan that compiles the fix brief. */
  scan(request: ScanRequest): Promise<DriverResult<ScanResponse>>
  /** Phase 4: writes from the brief (the writer tier, or the driver when escalated). */
  write(request: WriteRequest): Promise<DriverResult<WriteResponse>>
  /** Phase 4: the fit pass over the applied bundle. */
  fit(request: FitRequest): Promise<DriverResult<FitResponse>>
  /** Whether a person's decision describes the project and may travel to later reviews. */
  admit(request: AdmitRequest): Promise<DriverResult<AdmitResponse>>
}
