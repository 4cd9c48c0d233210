/**
 * A run that failed partway: what it had begun is taken back where nothing of it went out (src/loop/machine/round.ts,
 * `interrupted`), and the run says it is blocked (`failed`), before `persist` saves what it did outward.
 */
import { interrupted } from '../loop/machine/round.js'
import { failed } from '../loop/machine/stops.js'
import { commit, tell } from './commit.js'
import type { Run } from './context.js'

/** The step threw: a round it began that asked and landed nothing is no review, and the review it took stays owed. */
export function takeBack(run: Run): void {
  const begun = run.begun
  const takenBack = begun ? commit(run, interrupted(run.ledger, begun)) : false
  tell(run, failed(takenBack))
}
