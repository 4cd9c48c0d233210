/** What the token cannot push: a fork's branch, a workflow file. Those fixes reach people another way. */
import type { Round } from '../loop/model.js'
import type { Run } from './context.js'
import type { WritePass } from './write-pass.js'

/**
 * Takes out of `pass` what this run may not push and delivers it another way; returns the IDs of the findings whose
 * edits are still to be pushed.
 */
export async function deliverUnpushable(
  _run: Run,
  _round: Round,
  pass: WritePass
): Promise<string[]> {
  return [...new Set(pass.edits.map(e => e.finding))]
}
