/**
 * Phase 4 and landing as transitions (seed 004, Phase 4, Phase 5 and Rules 4, 8, 15): which fixes are cleared to land,
 * what a landed commit, a push that found the branch moved, and a round that landed nothing make of the ledger. The
 * writing, checking and pushing are src/run/'s; what each result means is decided here.
 */
import { convergenceOf, residualsOf } from '../convergence.js'
import type { Finding, Gate, Ledger, Round } from '../model.js'
import { activeInvocation } from './lifecycle.js'
import { converge } from './lifecycle.js'
import { evolve, type Next } from './next.js'
import { pushRefused } from './stops.js'

/** When the next round starts after fixes land: dispatched at once, by a push of the loop's own, or when someone asks (`next-round`). */
export type NextRound = 'dispatch' | 'push' | 'none'

/** The round's fixes cleared to land: Mechanical ones, and those a person chose to apply. */
export function approvedFixes(ledger: Ledger, n: number): Finding[] {
  const round = ledger.rounds.find(r => r.n === n)
  if (!round) return []
  return ledger.findings.filter(
    f =>
      round.findings.includes(f.id) &&
      f.outcome.kind === 'pending' &&
      f.fix !== undefined &&
      (f.class === 'mechanical' || approvedAtGate(ledger, f))
  )
}

function approvedAtGate(ledger: Ledger, f: Finding): boolean {
  const gate = ledger.gates.find(g => g.id === f.gate)
  return gate?.answer?.option === 'apply' || gate?.answer?.option === 'local'
}

/** Makes the round's trace entries show their findings' outcomes (and the predicate an applied one instantiated). */
export function syncEntries(draft: Ledger, round: Round): void {
  for (const e of round.entries) {
    const f = draft.findings.find(x => x.id === e.finding)!
    e.outcome = f.outcome
    if (f.outcome.kind === 'applied' && f.predicate) e.predicate = f.predicate
  }
}

/** A landed fix commit, as the push reported it. */
export interface Landed {
  sha: string
  path: 'head' | 'stacked'
  branch: string
  /** What the landing itself says (a stacked layer's pull request), and whether the push starts CI on the PR. */
  note?: string
}

/**
 * A fix commit is on its branch: its findings are applied, the round landed, the loop's own push recorded (never taken
 * for the author's), and the full re-review owed (Rule 4): dispatched at once or when someone asks.
 */
export function recordLanded(
  ledger: Ledger,
  at: { round: number; findings: string[]; landed: Landed; nextRound: NextRound }
): Next {
  return evolve(ledger, (draft, out) => {
    const round = draft.rounds.find(r => r.n === at.round)!
    const { sha, path, branch, note } = at.landed
    for (const f of draft.findings)
      if (at.findings.includes(f.id)) f.outcome = { kind: 'applied', commit: sha }
    syncEntries(draft, round)
    if (!draft.ownPushes.includes(sha)) draft.ownPushes.push(sha)
    round.landing = { path, commit: sha, branch, ...(note ? { note } : {}) }
    round.phase = 'landed'
    draft.owed = { reason: 'after-fixes', head: sha, requested: at.nextRound }
    out.said.requestNextRound = at.nextRound === 'dispatch'
    out.said.status = 'continue'
  })
}

/**
 * The push found the branch moved (someone pushed meanwhile): nothing landed, the fixes are carried by the loop, the
 * round is superseded, and the next round reviews the branch as it now stands.
 */
export function branchMoved(
  ledger: Ledger,
  at: { round: number; findings: string[]; detail: string; remoteSha?: string }
): Next {
  return evolve(ledger, (draft, out) => {
    const round = draft.rounds.find(r => r.n === at.round)!
    for (const f of draft.findings)
      if (at.findings.includes(f.id))
        f.outcome = { kind: 'carried', reason: `not landed: ${at.detail}` }
    round.phase = 'superseded'
    syncEntries(draft, round)
    out.said.status = 'continue'
    out.said.message = `The fixes were not pushed: ${at.detail}. The next round reviews the branch as it now stands.`
    draft.owed = {
      reason: 'after-author-push',
      head: at.remoteSha ?? round.head,
      requested: 'push'
    }
  })
}

/** What landing the round's fix commit came to: landed on its path, or why nothing was pushed. */
export type LandOutcome =
  | ({ pushed: true } & Landed)
  | {
      pushed: false
      /** `moved`: the branch is not where the round reviewed it; `rejected`: the push was refused; `blocked`: the path cannot be used. */
      reason: 'moved' | 'rejected' | 'blocked'
      detail: string
      remoteSha?: string
    }

/**
 * What the push of the round's fixes means (Rule 15): a landed commit is recorded (`recordLanded`, its note followed by
 * `ci`, whether the push starts the PR's checks); a moved branch supersedes the round (`branchMoved`); any other
 * refusal changes nothing, the round stays ready to apply and the run stops saying why (`pushRefused`).
 */
export function afterPush(
  ledger: Ledger,
  at: {
    round: number
    findings: string[]
    result: LandOutcome
    nextRound: NextRound
    branch: string
    ci?: string
  }
): Next {
  const { result } = at
  if (result.pushed) {
    const { sha, path, branch } = result
    const note = [result.note, at.ci].filter(Boolean).join('; ')
    const landed = { sha, path, branch, ...(note ? { note } : {}) }
    return recordLanded(ledger, { ...pick(at), landed, nextRound: at.nextRound })
  }
  if (result.reason === 'moved') {
    const { detail, remoteSha } = result
    return branchMoved(ledger, { ...pick(at), detail, ...(remoteSha ? { remoteSha } : {}) })
  }
  return evolve(ledger, (_, out) => {
    out.said = pushRefused(at.branch, result)
  })
}

const pick = (at: { round: number; findings: string[] }) => ({
  round: at.round,
  findings: at.findings
})

/**
 * A round that lands nothing: it converges on the arm it meets, with the invocation's residuals; otherwise the full
 * re-review convergence owes is asked for (same head, never withheld), with why no arm was met on its trace. A round
 * whose source gave no verdict owes nothing here (Rule 13: it is no review).
 */
export function closeRound(
  ledger: Ledger,
  at: { round: number; nextRound: NextRound; now: string; sync?: boolean }
): Next {
  const closed = evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)!
    // After a write pass the entries show what the pass made of their findings.
    if (at.sync) syncEntries(draft, round)
    round.phase = 'closed'
  })
  const round = closed.ledger.rounds.find(r => r.n === at.round)!
  const inv = activeInvocation(closed.ledger)
  if (round.review !== 'reviewed' || !inv) return closed
  const reading = convergenceOf(closed.ledger, inv, round)
  if (reading.converged) {
    const residuals = residualsOf(closed.ledger, inv)
    return converge(closed.ledger, { round: round.n, arm: reading.words, residuals, now: at.now })
  }
  if (reading.owes === 'verdict') return closed
  const why = `round ${round.n} did not converge: ${reading.why}`
  return evolve(closed.ledger, (draft, out) => {
    draft.owed = {
      reason: 'after-fixes',
      head: round.head,
      requested: at.nextRound === 'dispatch' ? 'dispatch' : 'none',
      note: why,
      forConvergence: reading.why
    }
    out.said.requestNextRound = at.nextRound === 'dispatch'
    out.said.status = 'continue'
    out.said.message = `${why}.`
  })
}

/**
 * The risk screen stopped a fix while it was being written: nothing lands until a person answers, and the round waits
 * as a gated one. Its questions are saved ahead together and posted within the bound.
 */
export function screenStopped(ledger: Ledger, at: { round: number; gates: Gate[] }): Next {
  return evolve(ledger, (draft, out) => {
    const round = draft.rounds.find(r => r.n === at.round)!
    draft.gates.push(...structuredClone(at.gates))
    syncEntries(draft, round)
    for (const e of round.entries)
      if (at.gates.some(g => g.findings.includes(e.finding))) e.slot = 'gated'
    round.phase = 'gated'
    out.effects.push({ kind: 'post-gates', gates: at.gates.map(g => g.id) })
    out.said.status = 'awaiting-decision'
  })
}
