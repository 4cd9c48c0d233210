/** The source interface of seed 004: (diff pointer, design intent) -> {findings[], verdict, exercised, direction?}. */
import type { Direction, Exercised, Verdict } from '../loop/model.js'
import { PROTOCOL, type MalformedFinding, type SourceFinding } from '../loop/wire.js'

export { PROTOCOL, type MalformedFinding, type SourceFinding } from '../loop/wire.js'

/**
 * Design intent for the changed surface (seed 004, Rule 7). Repository material as pointers (path, line, why it was
 * picked), decisions as what was decided and why. By construction there is no place here for how findings were
 * disposed of, for lists of things not to report, or for instructions about the verdict (the conveyance boundary).
 */
export interface Intent {
  rules: { path: string; why: string; line?: number }[]
  design_comments: { path: string; line: number; why?: string }[]
  /** Where the project says what it is for; `null` where it declares nothing the loop could find. */
  goal: { path: string; section: string; line?: number } | null
  /** Highest first; `null` where the project declares no order (the loop never supplies one). */
  authority_order: string[] | null
  /** Where the order is declared (`.github/review-loop.yml`, or `path:line`). */
  authority_declared_in?: string
  decisions: { id: string; decision: string; basis: string }[]
  severity_steer: string
}

/** The head's check results: verification evidence the source may weigh (seed 003's review packet). */
export interface Evidence {
  checks: { name: string; status: string; conclusion: string | null }[]
  /** Why the list is empty or partial, when it is. */
  note?: string
}

/** How hard the source is asked to work (seed 003's depth floor). */
export type Depth = 'quick' | 'standard' | 'deep'

/** The `review` role's request (contract.md). */
export interface ReviewRequest {
  protocol: typeof PROTOCOL
  role: 'review'
  round: number
  repository: string
  base_sha: string
  head_sha: string
  changed_files: string[]
  intent: Intent
  /** Added to the contract's request; always sent by this action. */
  evidence?: Evidence
  depth?: Depth
}

/** What one review call produced: a review (a valid verdict), or no review (Rule 13) with whatever came back. */
export type ReviewOutcome =
  | {
      kind: 'review'
      verdict: Verdict
      findings: SourceFinding[]
      malformed: MalformedFinding[]
      /** `null`: a source able to report returned no report; `undefined`: the source has no reach channel. */
      exercised: Exercised | null | undefined
      direction?: Direction
      /** Something to record about the call itself (an effort setting the source reported). */
      call?: string
      /** What the source said around its answer that could not be mapped onto the interface (kept for the trace). */
      unmapped?: string
      /** Changed files no request could carry (over the budget, or out of time), each with why: not reviewed. */
      unreviewed?: { file: string; why: string }[]
    }
  | {
      kind: 'no-review'
      /** Why the call ended without a verdict, as observed (exit code, timeout, parse error). */
      cause: string
      /** What did come back, whole (bounded only by a size cap that says it cut). */
      returned: string
    }

/** A review source. */
export interface ReviewSource {
  readonly name: string
  /** Whether the source can report which axes it reached (a standing property, said once). */
  readonly reportsReach: boolean
  review(request: ReviewRequest): Promise<ReviewOutcome>
  /** Sends malformed findings back once for correction, within the same round; returns what it could validate and what is still malformed. */
  correct(
    request: ReviewRequest,
    malformed: MalformedFinding[]
  ): Promise<{ findings: SourceFinding[]; malformed: MalformedFinding[] }>
}
