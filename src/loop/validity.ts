/**
 * Seed 000's finding validity gate after its one correction: what becomes of a finding still short of judgeable. An
 * under-specified blocker is downgraded (seed 000: "downgrade it … or omit it. Never preserve an invalid BLOCKER"), so
 * it is never silently dropped and goes through verification and classification like any other finding; what is not a
 * finding at all stays on the round's Malformed line, and a round with malformed output is not a clean full review.
 */
import type { Severity } from './model.js'

/** The grade an under-specified critical or high finding is lowered to: one that asks for no quoted evidence. */
export const DOWNGRADED_TO: Severity = 'medium'

/** A finding still short after its one correction, as the loop could read it. */
export interface StillShort {
  /** Its severity, when it sent a valid one. */
  severity?: Severity
  /** Whether it reads as a finding once its grade asks for no evidence: a file inside the repository, a line, a claim. */
  judgeable: boolean
  /** What it still lacks, in words: "`evidence`", or "evidence that is in src/a.ts at the head". */
  lacks: string
  /** What is wrong with its fix, when it reads as a finding at its own grade once that fix is set aside. */
  fixOnly?: string
}

/** What the loop does with it: downgraded (with the basis for its trace entry), or kept on the Malformed line. */
export type AfterCorrection =
  | { kind: 'downgraded'; from: Severity; to: Severity; basis: string }
  | { kind: 'fix-set-aside'; basis: string }
  | { kind: 'malformed' }

/**
 * A critical or high finding that reads as a finding but still lacks what its grade asks for is downgraded to medium,
 * with the reason; one whose only fault is its fix goes on without the fix, saying why; anything else (no file, no
 * claim, a value of the wrong shape) is not a finding the loop can judge and stays malformed, where it keeps the round
 * from converging.
 */
export function afterCorrection(item: StillShort): AfterCorrection {
  // The fix is the finding's proposal, not the finding: a claim that reads whole without it is judged without it.
  if (item.fixOnly !== undefined) {
    return {
      kind: 'fix-set-aside',
      basis: `its fix was set aside after its one correction (${item.fixOnly}); the finding is judged without it`
    }
  }
  const blocker = item.severity === 'critical' || item.severity === 'high'
  if (blocker && item.judgeable) {
    return {
      kind: 'downgraded',
      from: item.severity!,
      to: DOWNGRADED_TO,
      basis: `a ${item.severity} finding still without ${item.lacks} after its one correction is downgraded to ${DOWNGRADED_TO} (seed 000: an under-specified blocker is downgraded, never merely preserved)`
    }
  }
  return { kind: 'malformed' }
}
