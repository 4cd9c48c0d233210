/** Invocation life cycle: Phase 0, exit, convergence, and the labels that say where the loop stands. */
import * as core from '@actions/core'
import { Labels } from '../action/constants.js'
import { residualsOf } from '../loop/convergence.js'
import type { Invocation, Round } from '../loop/model.js'
import type { Run } from './context.js'

/** The invocation still running, if any. */
export function activeInvocation(run: Run): Invocation | undefined {
  const last = run.ledger.invocations.at(-1)
  return last && !last.ended ? last : undefined
}

/** The last round of the active invocation. */
export function lastRound(run: Run): Round | undefined {
  const inv = activeInvocation(run)
  const round = run.ledger.rounds.at(-1)
  return inv && round && round.invocation === inv.n ? round : undefined
}

/** Free exit: ends the active invocation now with the trace so far. Returns false when nothing runs. */
export function exitLoop(run: Run, by: string, reason: string): boolean {
  const inv = activeInvocation(run)
  if (!inv) return false
  inv.ended = { as: 'exited', round: run.ledger.counters.round, at: run.world.now(), by, reason }
  // What stays open is listed at exit as at convergence: residuals, never a clearance.
  const residuals = residualsOf(run.ledger, inv)
  if (residuals.length > 0) inv.ended.residuals = residuals
  for (const gate of run.ledger.gates) if (gate.status === 'open') gate.status = 'superseded'
  delete run.ledger.owed
  run.status = 'exited'
  return true
}

/** Convergence: the invocation ends converged on the given arm, with what stays open recorded as residuals. */
export function converge(run: Run, round: Round, arm: string, residuals: string[] = []): void {
  const inv = activeInvocation(run)
  if (!inv) return
  inv.ended = {
    as: 'converged',
    round: round.n,
    at: run.world.now(),
    reason: arm,
    ...(residuals.length > 0 ? { residuals } : {})
  }
  delete run.ledger.owed
  run.status = 'converged'
}

/** Makes the PR's labels true: awaiting decision while a gate waits, converged once converged; neither stays when false. */
export async function syncLabels(run: Run): Promise<void> {
  const awaiting = run.ledger.gates.some(g => g.status === 'open')
  const lastInvocation = run.ledger.invocations.at(-1)
  const converged = lastInvocation?.ended?.as === 'converged'
  const want = new Map([
    [Labels.AwaitingDecision, awaiting],
    [Labels.Converged, converged]
  ])
  const add = [...want]
    .filter(([name, on]) => on && !run.pr.labels.includes(name))
    .map(([name]) => name)
  if (add.length > 0) await run.world.github.addLabels(run.pr.number, add)
  for (const [name, on] of want) {
    if (!on && run.pr.labels.includes(name)) await run.world.github.removeLabel(run.pr.number, name)
  }
  core.info(`Labels: ${[...want].map(([n, on]) => `${n}=${on}`).join(', ')}`)
}
