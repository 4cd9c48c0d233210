/**
 * Seed 000's stall as transitions: after a round finished, two rounds that brought no finding to a disposition and
 * changed nothing pause the loop with a question; its answer stops the loop, asks for the review now, enters a
 * direction in the decisions, or disposes of the findings it listed. Never a guard on a review convergence owes: a
 * landed fix is a change, so it never reads as a stall.
 */
import { stallAnswer, stallGate, stallOf } from '../guards.js'
import type { Gate, Ledger } from '../model.js'
import { recordDecision } from './answers.js'
import { activeInvocation, exitLoop, lastRound } from './lifecycle.js'
import { addSaid, evolve, nextId, type Next } from './next.js'

const short = (sha: string) => sha.slice(0, 7)

/**
 * After a round finished: when the invocation's last two rounds stalled, the loop asks how to go on (a stall gate,
 * posted) instead of asking for another review of the same head. Answers the gate's ID and the stalled rounds when it
 * asked.
 */
export function askIfStalled(ledger: Ledger): Next<{ gate: string; rounds: number[] } | undefined> {
  return evolve(ledger, (draft, out) => {
    const inv = activeInvocation(draft)
    // A question already waits: the person is being asked, and nothing runs on its own until it is answered.
    if (!inv || draft.gates.some(g => g.status === 'open')) return undefined
    const stall = stallOf(
      draft.rounds.filter(r => r.invocation === inv.n),
      draft
    )
    if (!stall) return undefined
    const gate = stallGate(nextId(draft, 'gate'), stall)
    draft.gates.push(gate)
    out.effects.push({ kind: 'post-gates', gates: [gate.id] })
    out.said.requestNextRound = false
    out.said.status = 'awaiting-decision'
    // Why the last round did not converge, when the run says it, stays said before the pause.
    addSaid(
      out,
      `Rounds ${stall.rounds.join(' and ')} brought no finding to a disposition and changed nothing, so the loop did not start another review of ${short(stall.head)} on its own: ${gate.id} asks how to go on.`
    )
    return { gate: gate.id, rounds: stall.rounds }
  })
}

/** What the stall question, if any, lets this run do. */
export type StallStep = 'none' | 'wait' | 'stopped' | 'review'

/** The newest stall question about the invocation's last round, if there is one. */
export function stallQuestion(ledger: Ledger): Gate | undefined {
  const last = lastRound(ledger)
  if (!last) return undefined
  return ledger.gates.filter(g => g.kind === 'stall' && g.round === last.n).at(-1)
}

/**
 * Acts on the stall question about the last round: open, nothing runs; `stop` ends the loop; `continue` owes the review
 * now; a direction in the person's words enters the decisions (it travels with the request, so the next review is
 * asked something new); `dismiss`, `defer` or `follow-up` disposes of every finding the question listed.
 */
export function actOnStall(ledger: Ledger, at: { head: string; now: string }): Next<StallStep> {
  const gate = stallQuestion(ledger)
  if (!gate || gate.status === 'superseded') return evolve(ledger, () => 'none' as const)
  if (gate.status === 'open')
    return evolve(ledger, (_draft, out) => {
      out.said.status = 'awaiting-decision'
      return 'wait' as const
    })
  const read = stallAnswer(gate)
  const answer = gate.answer!
  if (read?.kind === 'stop') {
    const reason = `stopped by @${answer.by} at ${gate.id} after two rounds that changed nothing`
    const ended = exitLoop(ledger, { by: answer.by, reason, now: at.now })
    return { ...ended, value: 'stopped' }
  }
  return evolve(ledger, draft => {
    const round = lastRound(draft)!
    const asked = draft.gates.find(g => g.id === gate.id)!
    if (read?.kind === 'direction') recordDecision(draft, asked, round)
    if (read?.kind === 'disposition') {
      for (const id of asked.findings) {
        const finding = draft.findings.find(f => f.id === id)
        if (!finding) continue
        const said = `@${answer.by} at ${gate.id}: "${answer.words}"`
        finding.outcome =
          read.option === 'dismiss'
            ? { kind: 'dropped', basis: `dismissed by ${said}` }
            : read.option === 'follow-up'
              ? { kind: 'handed', by: answer.by, words: answer.words }
              : { kind: 'carried', reason: `deferred by ${said}` }
        const e = round.entries.find(x => x.finding === id)
        if (e) {
          e.outcome = finding.outcome
          e.slot = 'gated'
        }
      }
    }
    // A person asked for the review: it is owed now, whatever the loop owed before.
    draft.owed ??= { reason: 'retry', head: at.head, requested: 'none' }
    return 'review' as const
  })
}
