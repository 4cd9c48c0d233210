/**
 * A run that failed partway: what it had begun is taken back where nothing of it went out (src/loop/machine/round.ts,
 * `interrupted`), and the run says it is blocked (`failed`), before `persist` saves what it did outward.
 */
import { interrupted } from '../loop/machine/round.js'
import { failed } from '../loop/machine/stops.js'
import type { Ledger } from '../loop/model.js'
import { commit, tell } from './commit.js'
import type { Run } from './context.js'

/** What the ledger was before the step: the last round's number and the review owed. */
export interface Before {
  round: number
  owed: Ledger['owed']
}

export function before(ledger: Ledger): Before {
  return { round: ledger.counters.round, owed: structuredClone(ledger.owed) }
}

/** The step threw: a round it began that asked and landed nothing is no review, and the review stays owed. */
export function takeBack(run: Run, was: Before): void {
  const n = run.ledger.counters.round
  const takenBack =
    n > was.round && was.owed !== undefined
      ? commit(run, interrupted(run.ledger, { round: n, owed: was.owed }))
      : false
  tell(run, failed(takenBack))
}
