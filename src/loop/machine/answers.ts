/**
 * Phase 3's answers turned into outcomes (seed 004, Phase 3 and Rules 1, 6, 9, 10): each option's disposition of its
 * findings (apply, dismiss, defer, hand on, a decision), a risk accepted or its fix dropped, and a person's decision
 * entered in the design-decision ledger. Nothing here is applied that a person did not answer.
 */
import { admitDecision } from '../decisions.js'
import type { Decision, Finding, Gate, Ledger, Round } from '../model.js'
import { activeInvocation } from './lifecycle.js'
import { evolve, type Next } from './next.js'

/**
 * Resolves round `n`'s answered gates into outcomes. Answers false, and changes nothing, while any gate of the round
 * still waits; true once none does.
 */
export function resolveGates(ledger: Ledger, n: number): Next<boolean> {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === n)
    const gates = draft.gates.filter(g => g.round === n)
    if (!round || gates.some(g => g.status === 'open')) return false
    const inv = activeInvocation(draft)
    for (const gate of gates) {
      if (gate.status !== 'answered' || !gate.answer) continue
      // The landing path is settled once per invocation (Rule 15): a later answer does not move it.
      if (gate.kind === 'landing' && inv && !inv.landing)
        inv.landing = gate.answer.option === 'stacked' ? 'stacked' : 'head'
      if (gate.kind === 'risk') resolveRisk(draft, round, gate)
      else if (gate.kind === 'judgment' || gate.kind === 'design')
        resolveJudgment(draft, round, gate)
    }
    return true
  })
}

/** A judgment or design gate's answer: one outcome per finding, by the option the person chose. */
function resolveJudgment(draft: Ledger, round: Round, gate: Gate): void {
  const option = gate.answer!.option
  // An open question's answer (a direction where two surfaces disagree) holds beyond this code: it is a decision.
  const decision =
    option === 'decide' || (option === undefined && gate.open)
      ? recordDecision(draft, gate, round)
      : undefined
  for (const id of gate.findings) {
    const finding = draft.findings.find(f => f.id === id)!
    finding.outcome = judgmentOutcome(gate, finding, decision)
    const e = round.entries.find(x => x.finding === id)
    if (e) e.outcome = finding.outcome
  }
}

/** What a judgment answer makes of one finding. */
export function judgmentOutcome(
  gate: Gate,
  finding: Finding,
  decision?: Decision
): Finding['outcome'] {
  const { by, words, option } = gate.answer!
  if ((option === 'apply' || option === 'local') && finding.fix) return { kind: 'pending' }
  if (option === 'decide')
    return {
      kind: 'dropped',
      basis: `decided at ${gate.id} (${decision!.id}) by @${by}: "${words}"`
    }
  if (option === undefined && decision)
    return {
      kind: 'carried',
      reason: `direction given at ${gate.id} (${decision.id}) by @${by}: "${words}"`
    }
  if (option === 'dismiss') return { kind: 'dropped', basis: `dismissed by @${by}: "${words}"` }
  if (option === 'follow-up') return { kind: 'handed', by, words }
  if (option === 'root')
    return {
      kind: 'carried',
      reason: `the repair at the shared cause was chosen by @${by}: "${words}"; the loop does not write it itself, and the next round reviews what lands`
    }
  return { kind: 'carried', reason: `deferred by @${by}: "${words}"` }
}

/** A risk gate's answer (Rule 6): the risk accepted (the fix is written at the next pass), deferred, or the fix dropped. */
function resolveRisk(draft: Ledger, round: Round, gate: Gate): void {
  const { by, words, option } = gate.answer!
  for (const id of gate.findings) {
    const finding = draft.findings.find(f => f.id === id)!
    if (finding.outcome.kind !== 'pending') continue
    if (option === 'apply' && finding.risk) finding.risk.accepted = true
    else if (option === 'dismiss')
      finding.outcome = {
        kind: 'dropped',
        basis: `the fix was dropped at ${gate.id} by @${by}: "${words}"`
      }
    else
      finding.outcome = { kind: 'carried', reason: `deferred at ${gate.id} by @${by}: "${words}"` }
    const e = round.entries.find(x => x.finding === id)
    if (e) {
      e.outcome = finding.outcome
      // A person was asked: the entry sits under Gated, even for a fix that needed nobody until the screen stopped it.
      e.slot = 'gated'
    }
  }
}

/**
 * Enters a person's decision in the design-decision ledger (Rule 10); a decision it revises is retired, noted on the
 * round's trace. Works on a draft (a transition's copy).
 */
export function recordDecision(draft: Ledger, gate: Gate, round: Round): Decision {
  const { decision, retired } = admitDecision(draft.decisions, gate, round.n)
  for (const earlier of retired) {
    ;(round.notes ??= []).push(
      `${earlier.id} retired: ${decision.id} (@${decision.by}: "${decision.words}") revises it`
    )
  }
  return decision
}

/**
 * A gated round whose questions are all answered: the answers are resolved and the round goes on to apply. Answers
 * false, changing nothing, while a question of the round waits.
 */
export function takeAnswers(ledger: Ledger, n: number): Next<boolean> {
  const resolved = resolveGates(ledger, n)
  if (!resolved.value) return resolved
  const round = resolved.ledger.rounds.find(r => r.n === n)!
  round.phase = 'applying'
  return resolved
}
