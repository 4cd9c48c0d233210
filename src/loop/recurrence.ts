/**
 * Rule 9: a finding that comes back. Settled policy absorbs an uninformed return (the source had not seen the
 * disposition's outcome); an informed one is diagnosed. Suppression is never a way out.
 */
import type { Decision, Finding, Gate } from './model.js'

/** The basis of a return nothing settled: classified afresh, with nothing to note. */
export const NOTHING_SETTLES = 'no earlier disposition settles it'

/** What the loop does with a returning finding. */
export type ReturnHandling =
  /** Settled policy: the earlier disposition applies again, without a gate. */
  | { kind: 'absorbed'; informed: false; basis: string; outcome: Finding['outcome']; gate?: string }
  /** The fix landed and the diagnosis still holds: re-applied, with the driver writing (no gate). */
  | { kind: 'reapply'; informed: true; basis: string }
  /** Design-level: a conveyed decision contested, or a return after an escalated re-apply. */
  | { kind: 'design-gate'; informed: true; basis: string; history: string[] }
  /** Nothing settled applies: the finding is classified afresh. */
  | { kind: 'reclassify'; informed: boolean; basis: string }

/** What the reading needs to know about the round the finding came back in. */
export interface ReturnContext {
  round: number
  /** The decisions the round's request conveyed. */
  conveyed: readonly string[]
  /** Whether the reviewed head contains a commit (the landed fix). */
  headContains(commit: string): boolean
  /** The driver's reading: does the original diagnosis still hold? Undefined without a driver. */
  diagnosisHolds?: boolean
  decisions: readonly Decision[]
  gates: readonly Gate[]
}

/** The latest answered gate about a finding (a judgment or design gate). */
function answeredGate(finding: Finding, gates: readonly Gate[]): Gate | undefined {
  return gates
    .filter(
      g =>
        (g.kind === 'judgment' || g.kind === 'design') &&
        g.status === 'answered' &&
        g.findings.includes(finding.id)
    )
    .sort((a, b) => b.round - a.round || Number(b.id.slice(1)) - Number(a.id.slice(1)))[0]
}

/** The history a design gate presents: each earlier round the finding was raised in, and what became of it. */
export function returnHistory(finding: Finding, gates: readonly Gate[]): string[] {
  const lines = [`first raised in round ${finding.round}`]
  for (const gate of gates.filter(g => g.findings.includes(finding.id) && g.answer)) {
    lines.push(
      `round ${gate.round}: @${gate.answer!.by} answered ${gate.id}: "${gate.answer!.words}"`
    )
  }
  for (const r of finding.returns ?? []) {
    lines.push(`round ${r.round}: raised again (${r.handling}: ${r.basis})`)
  }
  return lines
}

/** Reads a return of `prior` (a finding first raised in an earlier round) in the round `ctx` describes. */
export function readReturn(prior: Finding, ctx: ReturnContext): ReturnHandling {
  const outcome = prior.outcome
  if (outcome.kind === 'applied') {
    if (outcome.commit && !ctx.headContains(outcome.commit)) {
      return {
        kind: 'absorbed',
        informed: false,
        basis: `its fix (${outcome.commit.slice(0, 7)}) is not in the head this round reviewed`,
        outcome
      }
    }
    if ((prior.escalated ?? 0) > 0) {
      return {
        kind: 'design-gate',
        informed: true,
        basis: `it came back after its fix was re-applied with the driver writing: the disagreement is about the design, not the repair`,
        history: returnHistory(prior, ctx.gates)
      }
    }
    if (ctx.diagnosisHolds === true) {
      return {
        kind: 'reapply',
        informed: true,
        basis:
          'it came back after its fix landed and the original diagnosis still holds: the repair was incomplete'
      }
    }
    if (ctx.diagnosisHolds === false) {
      return {
        kind: 'reclassify',
        informed: true,
        basis: 'it came back after its fix landed, but the original diagnosis no longer holds'
      }
    }
    // Nothing could tell an incomplete repair from a disagreement about the design: a recurrence awaiting diagnosis
    // goes to a person rather than being re-applied round after round.
    return {
      kind: 'design-gate',
      informed: true,
      basis:
        'it came back after its fix landed, and no reading could tell whether the repair was incomplete or the disagreement is about the design',
      history: returnHistory(prior, ctx.gates)
    }
  }
  const gate = answeredGate(prior, ctx.gates)
  const answer = gate?.answer
  if (gate && answer) {
    const said = `@${answer.by}: "${answer.words}"`
    if (answer.option === 'decide') {
      const decision = ctx.decisions.find(d => d.gate === gate.id)
      const id = decision?.id ?? gate.id
      if (decision && ctx.conveyed.includes(decision.id)) {
        return {
          kind: 'design-gate',
          informed: true,
          basis: `it came back although this review was told of decision ${id}: the reviewer contests it`,
          history: returnHistory(prior, ctx.gates)
        }
      }
      return {
        kind: 'absorbed',
        informed: false,
        basis: `settled by decision ${id}, ${said} (this review had not yet been told of it)`,
        outcome: { kind: 'dropped', basis: `settled by decision ${id}, ${said}` },
        gate: gate.id
      }
    }
    if (answer.option === 'dismiss') {
      return {
        kind: 'absorbed',
        informed: false,
        basis: `dismissed, ${said}`,
        outcome: { kind: 'dropped', basis: `settled at ${gate.id} by ${said}` },
        gate: gate.id
      }
    }
    if (answer.option === 'defer') {
      return {
        kind: 'absorbed',
        informed: false,
        basis: `deferred, ${said}`,
        outcome: { kind: 'carried', reason: `deferred at ${gate.id} by ${said}` },
        gate: gate.id
      }
    }
    if ((answer.option === 'apply' || answer.option === 'local') && prior.fix) {
      // Chosen to apply but not landed yet (the round was superseded): the same choice applies again.
      return {
        kind: 'absorbed',
        informed: false,
        basis: `apply, as ${said}`,
        outcome: { kind: 'pending' },
        gate: gate.id
      }
    }
    if (answer.option === 'follow-up') {
      return {
        kind: 'absorbed',
        informed: false,
        basis: `left for a follow-up, ${said}`,
        outcome: { kind: 'handed', by: answer.by, words: answer.words },
        gate: gate.id
      }
    }
  }
  return { kind: 'reclassify', informed: false, basis: NOTHING_SETTLES }
}
