/** A round's answered gates turned into outcomes, as the run takes it (the transition: src/loop/machine/answers.ts). */
import { resolveGates as resolve } from '../loop/machine/answers.js'
import type { Round } from '../loop/model.js'
import { commit } from './commit.js'
import type { Run } from './context.js'

/** Resolves the round's answered gates into outcomes; true once no gate of the round waits. */
export function resolveGates(run: Run, round: Round): boolean {
  return commit(run, resolve(run.ledger, round.n))
}
