/**
 * What a new head means (seed 004, Phase 5 and Rule 15): a head the loop has not seen is the author's push, which owes
 * a full review and leaves the questions waiting on the old head to that review (src/run/held-gates.ts decides them
 * once the new head is reviewed). The loop's own pushes and the heads it reviewed are never taken for the author's.
 */
import type { Gate, Ledger } from '../model.js'
import { activeInvocation, lastRound } from './lifecycle.js'
import { evolve, type Next, type Out } from './next.js'

/** Heads this PR's loop has already seen: reviewed heads, its own pushes, invocations' heads, stacked layers' cuts. */
export function knownHeads(ledger: Ledger): Set<string> {
  return new Set([
    ...ledger.rounds.map(r => r.head),
    ...ledger.ownPushes,
    ...ledger.invocations.map(i => i.head),
    // The PR branch's commit a stacked layer stands on (moved when the author's push was brought into the layer).
    ...ledger.invocations.flatMap(i => (i.stacked ? [i.stacked.cut] : []))
  ])
}

/** Whether `head` is a push by the author into the running invocation: a head the loop has not seen. */
export function isAuthorPush(ledger: Ledger, head: string): boolean {
  return activeInvocation(ledger) !== undefined && !knownHeads(ledger).has(head)
}

/**
 * The PR's branch fast-forwarded to the stacked layer's head (the layer's pull request merged that way): the layer is
 * in, and its cut point moves to its head.
 */
export function followLayer(ledger: Ledger, head: string): Next {
  return evolve(ledger, draft => {
    const layer = draft.invocations.at(-1)?.stacked
    if (layer && head === layer.head) layer.cut = layer.head
  })
}

/** The questions an author's push leaves for the review of the new head to decide (src/run/held-gates.ts). */
const WAITS_FOR_REVIEW: ReadonlySet<Gate['kind']> = new Set(['judgment', 'design', 'landing'])

/**
 * The author pushed `head`: nothing of the round waiting on the old head can land there, so it is superseded with its
 * questions about writing at the old head (a risk); questions about findings and the landing path wait for the review
 * of the new head. The question after a round with no review, and a stall question, are moot (the new head is reviewed
 * anyway); an answer already given to the former is acted on by the step. A full review of `head` is owed.
 */
export function authorPushed(ledger: Ledger, head: string): Next {
  return evolve(ledger, (draft, out) => {
    holdForReview(draft, out)
    supersedeStall(draft, out)
    draft.owed = { reason: 'after-author-push', head, requested: 'none' }
  })
}

function holdForReview(draft: Ledger, out: Out): void {
  const r = lastRound(draft)
  if (!r) return
  let open: Gate[]
  if (r.phase === 'gated' || r.phase === 'applying') {
    r.phase = 'superseded'
    open = draft.gates.filter(
      g => g.round === r.n && g.status === 'open' && !WAITS_FOR_REVIEW.has(g.kind)
    )
  } else if (r.phase === 'no-review') {
    open = draft.gates.filter(g => g.round === r.n && g.kind === 'no-review' && g.status === 'open')
    if (open.length > 0) r.phase = 'superseded'
  } else return
  for (const gate of open) supersede(gate, out)
}

/** An author's push is the change a stall question waits for: the question is moot. */
function supersedeStall(draft: Ledger, out: Out): void {
  for (const gate of draft.gates)
    if (gate.kind === 'stall' && gate.status === 'open') supersede(gate, out)
}

function supersede(gate: Gate, out: Out): void {
  gate.status = 'superseded'
  out.effects.push({ kind: 'reshow-gate', gate: gate.id, what: 'no longer open' })
}

/**
 * The base captured at Phase 0 stopped being an ancestor of the head after the author's push (a rebase): it is
 * captured again as the merge-base of the base branch's tip and the head, and the owed review's trace says so.
 * Answers the note.
 */
export function recaptureBase(ledger: Ledger, base: string): Next<string | undefined> {
  return evolve(ledger, draft => {
    const inv = activeInvocation(draft)
    if (!inv || inv.base === base) return undefined
    const was = inv.base
    inv.base = base
    const note = `the base was captured again (${was.slice(0, 7)} → ${base.slice(0, 7)}): after the author's push it was no longer an ancestor of the head`
    if (draft.owed) draft.owed.note = note
    return note
  })
}
