/**
 * The merge gate's mark on the status comment: the digest of the gate a run set, so the next run can tell that gate
 * is set as it would set it (src/loop/records.ts, `mustSetGate`, decides on the marks).
 */
import { sha256Hex } from '../shared/hash.js'
import type { SetGate } from '../loop/records.js'

/**
 * The mark the status comment carries, after its text and before its state block, once the gate was set by the run
 * that saved `revision` (the revision the comment names then). A comment whose block was moved on to a later revision
 * (a save ahead, the block carried before a dispatch) no longer matches it: that run's gate may not be this one.
 */
export function gateMark(gate: SetGate, revision: number): string {
  const text = [revision, gate.sha, gate.state, gate.context, gate.description].join('\n')
  return `<!-- review-loop:gate ${sha256Hex(text).slice(0, 16)} -->`
}

const GATE = /<!-- review-loop:gate ([0-9a-f]{16}) -->\s*<!-- review-loop:state /

/** The gate mark of a status comment body, when it stands right before the state block. */
export function readGateMark(body: string): string | undefined {
  const m = GATE.exec(body)
  return m ? `<!-- review-loop:gate ${m[1]!} -->` : undefined
}
