/**
 * A round's answered gates turned into outcomes: each option's disposition of its findings (apply, dismiss, defer, hand
 * on, a decision), a risk accepted or its fix dropped, and a person's decision entered in the design-decision ledger.
 */
import { admitDecision } from '../loop/decisions.js'
import type { Decision, Gate, Round } from '../loop/model.js'
import type { Run } from './context.js'
import { activeInvocation } from './lifecycle.js'

/** Resolves the round's answered gates into outcomes; true once no gate of the round waits. */
export function resolveGates(run: Run, round: Round): boolean {
  const gates = run.ledger.gates.filter(g => g.round === round.n)
  if (gates.some(g => g.status === 'open')) return false
  const inv = activeInvocation(run)!
  for (const gate of gates) {
    if (gate.status !== 'answered' || !gate.answer) continue
    const by = gate.answer.by
    const words = gate.answer.words
    if (gate.kind === 'landing' && !inv.landing)
      inv.landing = gate.answer.option === 'stacked' ? 'stacked' : 'head'
    if (gate.kind === 'risk') {
      resolveRisk(run, round, gate)
      continue
    }
    if (gate.kind !== 'judgment' && gate.kind !== 'design') continue
    const option = gate.answer.option
    // An open question's answer (a direction where two surfaces disagree) holds beyond this code: it is a decision.
    const decision =
      option === 'decide' || (option === undefined && gate.open)
        ? recordDecision(run, gate, round)
        : undefined
    for (const id of gate.findings) {
      const finding = run.ledger.findings.find(f => f.id === id)!
      if ((option === 'apply' || option === 'local') && finding.fix) {
        finding.outcome = { kind: 'pending' }
      } else if (option === 'decide') {
        finding.outcome = {
          kind: 'dropped',
          basis: `decided at ${gate.id} (${decision!.id}) by @${by}: "${words}"`
        }
      } else if (option === undefined && decision) {
        finding.outcome = {
          kind: 'carried',
          reason: `direction given at ${gate.id} (${decision.id}) by @${by}: "${words}"`
        }
      } else if (option === 'dismiss') {
        finding.outcome = { kind: 'dropped', basis: `dismissed by @${by}: "${words}"` }
      } else if (option === 'follow-up') {
        finding.outcome = { kind: 'handed', by, words }
      } else if (option === 'root') {
        finding.outcome = {
          kind: 'carried',
          reason: `the repair at the shared cause was chosen by @${by}: "${words}"; the loop does not write it itself, and the next round reviews what lands`
        }
      } else {
        finding.outcome = { kind: 'carried', reason: `deferred by @${by}: "${words}"` }
      }
      const e = round.entries.find(x => x.finding === id)
      if (e) e.outcome = finding.outcome
    }
  }
  return true
}

/** A risk gate's answer: the risk accepted (the fix is written at the next pass), deferred, or the fix dropped. */
function resolveRisk(run: Run, round: Round, gate: Gate): void {
  const { by, words, option } = gate.answer!
  for (const id of gate.findings) {
    const finding = run.ledger.findings.find(f => f.id === id)!
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

/** Enters a person's decision in the design-decision ledger; a decision it revises is retired, noted on the trace. */
export function recordDecision(run: Run, gate: Gate, round: Round): Decision {
  const { decision, retired } = admitDecision(run.ledger.decisions, gate, round.n)
  for (const earlier of retired) {
    ;(round.notes ??= []).push(
      `${earlier.id} retired: ${decision.id} (@${decision.by}: "${decision.words}") revises it`
    )
  }
  return decision
}
