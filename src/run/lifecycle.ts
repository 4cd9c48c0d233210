/**
 * The invocation's life cycle as the run takes it: the transitions are src/loop/machine/lifecycle.ts's; these read
 * them off the run's ledger and take their results (src/run/commit.ts).
 */
import * as machine from '../loop/machine/lifecycle.js'
import type { Invocation, Round } from '../loop/model.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import { setLabels } from './labels.js'

/** The invocation still running, if any. */
export function activeInvocation(run: Run): Invocation | undefined {
  return machine.activeInvocation(run.ledger)
}

/** The last round of the active invocation. */
export function lastRound(run: Run): Round | undefined {
  return machine.lastRound(run.ledger)
}

/** Free exit: ends the active invocation now with the trace so far. Returns false when nothing runs. */
export function exitLoop(run: Run, by: string, reason: string): boolean {
  return commit(run, machine.exitLoop(run.ledger, { by, reason, now: run.world.now() }))
}

/** Convergence: the invocation ends converged on the given arm, with what stays open recorded as residuals. */
export function converge(run: Run, round: Round, arm: string, residuals: string[] = []): void {
  commit(
    run,
    machine.converge(run.ledger, { round: round.n, arm, residuals, now: run.world.now() })
  )
}

/** Makes the PR's labels true: awaiting decision while a gate waits, converged once converged; neither stays when false. */
export async function syncLabels(run: Run): Promise<void> {
  await setLabels(run, machine.labelsOf(run.ledger))
}
