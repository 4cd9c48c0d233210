/**
 * Where the state machine's transitions meet the run: the next ledger is taken as the run's, what the transition says
 * becomes the run's words, and its effects are carried out in order, each kind by its executor (src/run/effects.ts).
 * `run/` decides nothing here: the transition (src/loop/machine/) did.
 */
import type { Next } from '../loop/machine/next.js'
import type { Run } from './context.js'
import { adopt, tell } from './commit.js'
import { execute } from './effects.js'

/** Takes a transition's result: the ledger, then the effects in order, then its words. Answers its value. */
export async function perform<T>(run: Run, next: Next<T>): Promise<T> {
  adopt(run.ledger, next.ledger)
  for (const effect of next.effects) await execute(run, effect)
  tell(run, next.said)
  return next.value
}
