/**
 * Rule 13: a source call that ended without a verdict is not a review. The round carries no review, and the person is
 * asked: go on without it (a retry), switch source, or stop. These transitions act on that question's answer.
 */
import { noReviewGate, type SourceChoice } from '../gates.js'
import type { Gate, Ledger } from '../model.js'
import { exitLoop, openRound } from './lifecycle.js'
import { evolve, nextId, type Next } from './next.js'

/** The newest no-review question of the open round (a switch to a source not usable asks again in the same round). */
export function noReviewQuestion(ledger: Ledger): Gate | undefined {
  const r = openRound(ledger)
  if (r?.phase !== 'no-review') return undefined
  return ledger.gates.filter(g => g.round === r.n && g.kind === 'no-review').at(-1)
}

/** The source a no-review answer switches to, if it chose a switch. */
export function switchChosen(gate: Gate | undefined): string | undefined {
  const option = gate?.answer?.option
  return option?.startsWith('switch-') ? option.replace(/^switch-/, '') : undefined
}

/**
 * The source chosen at a no-review question is not usable here: the question is asked again in the same round, with
 * the sources usable now, rather than falling back to one silently. `why` says what was chosen and why it is not usable.
 */
export function askNoReviewAgain(
  ledger: Ledger,
  why: string,
  others: SourceChoice[]
): Next<string> {
  return evolve(ledger, (draft, out) => {
    const r = openRound(draft)!
    const asked = noReviewQuestion(draft)
    const gate = noReviewGate(
      nextId(draft, 'gate'),
      r.n,
      `${why} ${asked?.id} is asked again`,
      others
    )
    draft.gates.push(gate)
    out.effects.push({ kind: 'post-gates', gates: [gate.id] })
    out.said.status = 'awaiting-decision'
    return gate.id
  })
}

/**
 * The no-review question was answered: the round is closed; `stop` ends the loop; anything else owes a review (after
 * the author's push the review owed is that push's; otherwise a retry). Answers whether the loop goes on.
 */
export function closeNoReview(ledger: Ledger, at: { head: string; now: string }): Next<boolean> {
  const gate = noReviewQuestion(ledger)
  const closed = evolve(ledger, draft => {
    openRound(draft)!.phase = 'closed'
  })
  if (gate?.answer?.option === 'stop') {
    const reason = `stopped by @${gate.answer.by} at ${gate.id} after a round with no review`
    const ended = exitLoop(closed.ledger, { by: gate.answer.by, reason, now: at.now })
    return { ...ended, value: false }
  }
  return evolve(closed.ledger, draft => {
    draft.owed ??= { reason: 'retry', head: at.head, requested: 'none' }
    return true
  })
}
