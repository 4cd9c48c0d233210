/**
 * The merge gate's decision: what the `review-loop` commit status says about a head, read off the ledger. `success`
 * means one thing: the latest full review of that very head converged, and nothing it could not carry goes unnamed.
 * Pending while a review or an answer is owed; failure when the head was not (fully) reviewed and nothing will happen
 * until a person acts; error when something outside the loop must change.
 */
import { convergenceOf, unreviewedWords } from './convergence.js'
import type { Ledger, ReviewCycle, Round, Status } from './model.js'

/** A commit status state, as GitHub names them. */
export type GateState = 'pending' | 'success' | 'failure' | 'error'

/** The gate's decision: its state, and why in words (the run keeps them within GitHub's 140 characters). */
export interface GateDecision {
  state: GateState
  reason: string
}

/** Where the loop stands after a run, and the head the gate is set on. */
export interface GateInput {
  status: Status
  /** The round the run worked on; absent: the ledger's newest round. */
  round?: number
  /** What must change, for `blocked`. */
  message?: string
  /** The commit branch protection evaluates: the PR's head after the run. */
  head: string
}

/** Outcomes that leave a finding open at the end: undecided, or deferred (the exit handover's residuals). */
const OPEN_KINDS = new Set(['pending', 'carried'])

const short = (sha: string) => sha.slice(0, 7)

function list(ids: string[], max = 4): string {
  if (ids.length > max) return `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`
  if (ids.length <= 1) return ids.join('')
  return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`
}

const CYCLE: Record<ReviewCycle, string> = {
  'first-pass': 'first pass',
  'after-fixes': 're-review after fixes',
  'after-author-push': "re-review after the author's push",
  retry: 'retry'
}

/** The round a run worked on, else the newest round. */
function roundOf(ledger: Ledger, n?: number): Round | undefined {
  const named = n === undefined ? undefined : ledger.rounds.find(r => r.n === n)
  return (
    named ?? ledger.rounds.reduce<Round | undefined>((a, r) => (a && a.n > r.n ? a : r), undefined)
  )
}

/** The findings of the loop's latest invocation still open: undecided or deferred. */
export function openFindings(ledger: Ledger): string[] {
  const invocation = ledger.invocations.at(-1)
  const rounds = new Set(
    ledger.rounds.filter(r => !invocation || r.invocation === invocation.n).map(r => r.n)
  )
  return ledger.findings
    .filter(f => rounds.has(f.round) && OPEN_KINDS.has(f.outcome.kind))
    .map(f => f.id)
}

/** What a person would do about files a review could not carry. */
const REVIEW_THEM = 'a larger review-budget or a source that reads the repository would review them'

/**
 * The gate for where the loop stands on `input.head`. Converged: success only when the converging review was of this
 * head and carried every changed file (a file it could not carry fails the gate, naming it and what would review it).
 * Stopped: success only when this head's latest review was a full review that converged; a stop before any review,
 * after a round with no review, with the head never reviewed (fixes landed or the author pushed after the last review)
 * or with findings open fails, saying which. Undefined when the run had nothing to do with the loop.
 */
export function mergeGateOf(ledger: Ledger, input: GateInput): GateDecision | undefined {
  const round = roundOf(ledger, input.round)
  const invocation =
    ledger.invocations.find(i => i.n === round?.invocation) ?? ledger.invocations.at(-1)
  const ended = invocation?.ended
  const head = input.head
  switch (input.status) {
    case 'ignored':
      return undefined
    case 'continue': {
      const owed = ledger.owed
      return {
        state: 'pending',
        reason: owed
          ? `A review is owed: ${CYCLE[owed.reason]} of ${short(owed.head)}`
          : 'A next round is owed'
      }
    }
    case 'awaiting-decision': {
      const ids = ledger.gates.filter(g => g.status === 'open').map(g => g.id)
      return {
        state: 'pending',
        reason: ids.length > 0 ? `Waiting for an answer to ${list(ids)}` : 'Waiting for an answer'
      }
    }
    case 'blocked':
      return {
        state: 'error',
        reason: `Blocked: ${input.message ?? 'see the run for what must change'}`
      }
    case 'no-review': {
      const asks = ledger.gates.find(g => g.kind === 'no-review' && g.status === 'open')
      const which = round ? `Round ${round.n}` : 'The round'
      return {
        state: 'failure',
        reason: `${which} produced no review${asks ? `; ${asks.id} asks whether to retry, switch source or stop` : ''}`
      }
    }
    case 'converged': {
      // Converged with a stacked layer not yet in the PR's branch: the approval covers both, never the PR alone.
      const layer = invocation?.stacked
      if (layer && layer.head !== layer.cut) {
        const which = layer.pr ? `#${layer.pr}` : layer.branch
        return {
          state: 'pending',
          reason: `Converged with the stacked layer ${which}: merge ${which} first`
        }
      }
      const at = ledger.rounds.find(r => r.n === ended?.round)
      if (at && at.head !== head)
        return {
          state: 'pending',
          reason: `Converged on round ${at.n} for ${short(at.head)}; ${short(head)} is not reviewed yet`
        }
      const missed = unreviewedWords(at, 2)
      if (missed) return { state: 'failure', reason: `Converged, but ${missed}; ${REVIEW_THEM}` }
      return {
        state: 'success',
        reason: ended ? `Converged on round ${ended.round}: ${ended.reason}` : 'Converged'
      }
    }
    case 'exited':
      return exitGate(ledger, head)
  }
}

/** A stop: success only when this head's latest review was a full review that converged. */
function exitGate(ledger: Ledger, head: string): GateDecision {
  const invocation = ledger.invocations.at(-1)
  const ended = invocation?.ended
  const rounds = ledger.rounds.filter(r => r.invocation === invocation?.n).sort((a, b) => a.n - b.n)
  const fail = (reason: string): GateDecision => ({ state: 'failure', reason })
  if (!invocation || rounds.length === 0) return fail(`Stopped before any review of ${short(head)}`)
  const last = rounds.filter(r => r.head === head).at(-1)
  if (!last) {
    const landed = rounds.find(r => r.landing?.commit === head)
    const fixed = ledger.findings
      .filter(f => f.outcome.kind === 'applied' && f.outcome.commit === head)
      .map(f => f.id)
    const why = landed
      ? `the loop's fixes${fixed.length > 0 ? ` for ${list(fixed)}` : ''} landed after the last review`
      : 'it was pushed after the last review'
    return fail(`Stopped with ${short(head)} never reviewed: ${why}`)
  }
  if (last.review !== 'reviewed')
    return fail(
      `Stopped: round ${last.n} produced no review of ${short(head)}, so it was never reviewed in full`
    )
  const after = ended ? ` after round ${ended.round}` : ''
  const open = openFindings(ledger)
  if (open.length > 0)
    return fail(
      `Ended${after} with ${open.length} ${open.length === 1 ? 'finding' : 'findings'} open: ${list(open)}`
    )
  const { ended: _stopped, ...running } = invocation
  const reading = convergenceOf(ledger, running, last)
  if (!reading.converged)
    return fail(
      `Ended${after}; round ${last.n}'s review of ${short(head)} did not converge: ${reading.why}`
    )
  const missed = unreviewedWords(last, 2)
  if (missed) return fail(`Ended${after}, but ${missed}; ${REVIEW_THEM}`)
  return {
    state: 'success',
    reason: `Ended${after}; round ${last.n}'s review of ${short(head)} converged`
  }
}
