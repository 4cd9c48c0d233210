/**
 * The invocation's life cycle as transitions (seed 004, Convergence and the free exit): the invocation running, its
 * last round, the free exit, convergence, where the loop stands, and what the labels must say.
 */
import { residualsOf } from '../convergence.js'
import type { Invocation, Ledger, Round, Status } from '../model.js'
import type { Effect } from './effects.js'
import { evolve, type Next } from './next.js'

/** The invocation still running, if any. */
export function activeInvocation(ledger: Ledger): Invocation | undefined {
  const last = ledger.invocations.at(-1)
  return last && !last.ended ? last : undefined
}

/** The last round of the active invocation. */
export function lastRound(ledger: Ledger): Round | undefined {
  const inv = activeInvocation(ledger)
  const round = ledger.rounds.at(-1)
  return inv && round && round.invocation === inv.n ? round : undefined
}

/**
 * The free exit: the running invocation ends now with the trace so far; what stays open is listed as residuals, as
 * at convergence (never a clearance); every open question is superseded and nothing is owed. Answers false when
 * nothing runs (the ledger is returned unchanged).
 */
export function exitLoop(
  ledger: Ledger,
  at: { by: string; reason: string; now: string }
): Next<boolean> {
  return evolve(ledger, (draft, out) => {
    const inv = activeInvocation(draft)
    if (!inv) return false
    inv.ended = {
      as: 'exited',
      round: draft.counters.round,
      at: at.now,
      by: at.by,
      reason: at.reason
    }
    const residuals = residualsOf(draft, inv)
    if (residuals.length > 0) inv.ended.residuals = residuals
    for (const gate of draft.gates) if (gate.status === 'open') gate.status = 'superseded'
    delete draft.owed
    out.said.status = 'exited'
    return true
  })
}

/** Convergence: the running invocation ends converged on `arm` at round `round`, with what stays open as residuals. */
export function converge(
  ledger: Ledger,
  at: { round: number; arm: string; residuals: string[]; now: string }
): Next {
  return evolve(ledger, (draft, out) => {
    const inv = activeInvocation(draft)
    if (!inv) return
    inv.ended = {
      as: 'converged',
      round: at.round,
      at: at.now,
      reason: at.arm,
      ...(at.residuals.length > 0 ? { residuals: at.residuals } : {})
    }
    delete draft.owed
    out.said.status = 'converged'
  })
}

/** Where the loop stands, read off the ledger, for a run that did not settle it itself (`status`). */
export function standing(ledger: Ledger, status?: Status): Status {
  if (status) return status
  if (ledger.gates.some(g => g.status === 'open')) return 'awaiting-decision'
  const last = ledger.invocations.at(-1)
  if (last?.ended) return last.ended.as === 'converged' ? 'converged' : 'exited'
  if (!last) return 'ignored'
  return 'continue'
}

/** The run ends: the ledger records where the loop stands (`standing`), which the status comment and the labels say. */
export function settle(ledger: Ledger, status?: Status): Next<Status> {
  return evolve(ledger, draft => (draft.status = standing(draft, status)))
}

/** What the PR's labels must say: a question waits while any gate is open; converged once the last invocation did. */
export function labelsOf(ledger: Ledger): Extract<Effect, { kind: 'labels' }> {
  return {
    kind: 'labels',
    awaitingDecision: ledger.gates.some(g => g.status === 'open'),
    converged: ledger.invocations.at(-1)?.ended?.as === 'converged'
  }
}

/** The round the loop is in, if it waits on gates, has answered gates to act on, or had no review. */
export function openRound(ledger: Ledger): Round | undefined {
  const r = lastRound(ledger)
  return r && (r.phase === 'gated' || r.phase === 'applying' || r.phase === 'no-review')
    ? r
    : undefined
}
