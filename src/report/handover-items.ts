/**
 * What the exit handover carries (seed 004, Rule 10): the decisions made here, the conflicts nobody settled, the
 * findings handed on and the proposals beyond the pull request, each as an item with its text; and what stays open.
 */
import { residualsOf } from '../loop/convergence.js'
import { conveyedDecisions } from '../loop/decisions.js'
import type { Decision, Finding, Gate, Invocation, Ledger, Round } from '../loop/model.js'
import {
  blockquote,
  clip,
  codeSpan,
  inert,
  listWords,
  oneLine,
  relayedInline,
  shortSha
} from './text.js'

/** One thing the handover carries: a decision (D…), an unsettled conflict (G…), a finding handed on (F…), a proposal (P…). */
export interface HandoverItem {
  id: string
  kind: 'decision' | 'conflict' | 'handed' | 'proposal'
  /** One line, for an issue's title. */
  title: string
  /** What the item must carry, in Markdown: the same text in the handover and in its record. */
  text: string
}

/** The invocation the handover speaks for: the newest one. */
export function scopeOf(ledger: Ledger): Invocation | undefined {
  return ledger.invocations.reduce<Invocation | undefined>(
    (a, i) => (a && a.n > i.n ? a : i),
    undefined
  )
}

function roundsOf(ledger: Ledger, inv: Invocation | undefined): Round[] {
  return ledger.rounds.filter(r => !inv || r.invocation === inv.n).sort((a, b) => a.n - b.n)
}

/** A finding in one line: `F5 (medium, `src/b.ts:9`): description`. */
function findingWords(finding: Finding): string {
  return `${finding.id} (${finding.severity}, ${codeSpan(`${finding.file}:${finding.line}`)}): ${relayedInline(finding.description, 300)}`
}

export function aboutWords(ledger: Ledger, ids: string[]): string {
  const found = ids.map(id => ledger.findings.find(f => f.id === id))
  return found.map((f, i) => (f ? findingWords(f) : ids[i]!)).join('; ')
}

function decisionItem(ledger: Ledger, d: Decision): HandoverItem {
  const gate = ledger.gates.find(g => g.id === d.gate)
  const where = gate ? ` at ${d.gate} (round ${gate.round})` : ` at ${d.gate}`
  const about = d.findings.length > 0 ? `\n\nIt was about ${aboutWords(ledger, d.findings)}` : ''
  const revises = d.supersedes ? `\n\nIt revises ${d.supersedes}, which no longer holds.` : ''
  return {
    id: d.id,
    kind: 'decision',
    title: clip(oneLine(inert(d.words)), 80),
    text: `**${d.id}**, decided by @${d.by} on ${d.at}${where}, in these words:\n\n${blockquote(inert(d.words))}${about}${revises}`
  }
}

/** An open question nobody answered, about findings still undecided when the loop ended: the conflict, unsettled. */
function isUnsettledConflict(ledger: Ledger, g: Gate, since: number): boolean {
  return (
    g.round >= since &&
    (g.kind === 'judgment' || g.kind === 'design') &&
    g.open &&
    !g.answer &&
    g.status !== 'answered' &&
    g.findings.some(id => ledger.findings.find(f => f.id === id)?.outcome.kind === 'pending')
  )
}

function conflictItem(ledger: Ledger, g: Gate): HandoverItem {
  return {
    id: g.id,
    kind: 'conflict',
    title: clip(oneLine(inert(g.question)), 80),
    text: [
      `**${g.id}** (round ${g.round}, on ${aboutWords(ledger, g.findings)}): ${relayedInline(g.question, 500)}`,
      clip(g.analysis.trim(), 3000),
      'Nobody answered it before the loop ended. It travels as the disagreement it is, with what each side rests on as laid out above; the loop gives no verdict of its own.'
    ].join('\n\n')
  }
}

/** The newest round of the scope that surfaced `f`, for where it holds. */
function lastSeen(rounds: Round[], f: Finding): Round | undefined {
  return [...rounds]
    .reverse()
    .find(r => r.findings.includes(f.id) || r.entries.some(e => e.finding === f.id))
}

function handedItem(rounds: Round[], f: Finding): HandoverItem {
  const o = f.outcome as Extract<Finding['outcome'], { kind: 'handed' }>
  const seen = lastSeen(rounds, f)
  const at = seen ? ` at ${codeSpan(shortSha(seen.head))} (round ${seen.n})` : ''
  const provenance = f.provenance ? `, ${f.provenance}` : ''
  const establishes =
    f.evidence || f.expectation
      ? [
          f.evidence ? `the code ${codeSpan(clip(oneLine(f.evidence), 300))}` : undefined,
          f.expectation
            ? `against the expectation "${relayedInline(f.expectation, 300)}"`
            : undefined
        ]
          .filter(Boolean)
          .join(' ')
      : `the review of round ${f.round} raised it and the loop's check of it against the code kept it`
  return {
    id: f.id,
    kind: 'handed',
    title: `${f.id}: ${clip(oneLine(inert(f.description)), 70)}`,
    text: [
      `**${f.id}** (${f.severity}${provenance}): ${relayedInline(f.description, 500)}`,
      `- Where it holds: ${codeSpan(`${f.file}:${f.line}`)}${at}`,
      `- What establishes it: ${establishes}`,
      `- Left for a follow-up by @${o.by}: "${relayedInline(o.words, 300)}"`
    ].join('\n')
  }
}

/** Directions reaching past this pull request: shared-cause root repairs not made here, the source's own direction, a pattern drawn too narrow. */
function proposals(ledger: Ledger, rounds: Round[]): HandoverItem[] {
  const out: { mechanism: string; falsifier: string | undefined; from: string; fate: string }[] = []
  const seen = new Set<string>()
  const add = (p: (typeof out)[number]) => {
    const key = oneLine(p.mechanism).toLowerCase()
    if (seen.has(key)) return
    seen.add(key)
    out.push(p)
  }
  for (const r of [...rounds].reverse()) {
    const lead = r.reading?.leading
    if (lead && r.reading?.repairsDiverge && !r.reading.retired) {
      const gate = ledger.gates.find(
        g => g.round === r.n && g.options.some(o => o.key === 'root') && g.answer
      )
      const fate =
        gate?.answer?.option === 'root'
          ? `@${gate.answer.by} chose this repair at ${gate.id}; the loop does not write it, and it was not made in this pull request`
          : gate?.answer
            ? `not taken here: @${gate.answer.by} answered ${gate.id} with "${relayedInline(gate.answer.words, 200)}"`
            : 'nobody decided on it'
      add({
        mechanism: `${relayedInline(lead.mechanism, 1000)} (behind ${listWords(lead.accounts_for)}): repair it at that cause`,
        falsifier: lead.falsifier,
        from: `the loop's reading of round ${r.n}`,
        fate
      })
    }
    if (r.direction) {
      add({
        mechanism: relayedInline(r.direction.mechanism, 1000),
        falsifier: r.direction.falsifier,
        from: `the reviewer's direction in round ${r.n}`,
        fate: 'nobody decided on it'
      })
    }
    for (const note of r.notes ?? []) {
      if (/was drawn too narrow/.test(note))
        add({
          mechanism: relayedInline(note, 1000),
          falsifier: undefined,
          from: `the loop's cross-round reading in round ${r.n}`,
          fate: 'nobody decided on it'
        })
    }
  }
  return out.map((p, i) => ({
    id: `P${i + 1}`,
    kind: 'proposal',
    title: clip(p.mechanism, 80),
    text: [
      `**P${i + 1}** (unconstituted: a proposal, not a decision), from ${p.from}: ${clip(p.mechanism, 600)}`,
      `- It would be shown wrong by: ${p.falsifier ? relayedInline(p.falsifier, 400) : 'nothing was stated that would show it wrong, so weigh it as a guess'}`,
      `- What became of it: ${p.fate}`
    ].join('\n')
  }))
}

/** Everything the handover carries that can be recorded, in the order it shows them. */
export function handoverItems(ledger: Ledger): HandoverItem[] {
  const scope = scopeOf(ledger)
  const since = scope?.firstRound ?? 1
  const rounds = roundsOf(ledger, scope)
  const ids = new Set(rounds.flatMap(r => [...r.findings, ...r.entries.map(e => e.finding)]))
  return [
    ...conveyedDecisions(ledger.decisions).map(d => decisionItem(ledger, d)),
    ...ledger.gates
      .filter(g => isUnsettledConflict(ledger, g, since))
      .map(g => conflictItem(ledger, g)),
    ...ledger.findings
      .filter(f => f.outcome.kind === 'handed' && ids.has(f.id))
      .map(f => handedItem(rounds, f)),
    ...proposals(ledger, rounds)
  ]
}

/** What stays open at the end, annotated: the invocation's residuals and the findings left undecided. */
export function handoverResiduals(ledger: Ledger): string[] {
  const scope = scopeOf(ledger)
  if (!scope) return []
  const rounds = roundsOf(ledger, scope)
  const listed = new Set(handoverItems(ledger).map(i => i.id))
  const residuals = [...(scope.ended?.residuals ?? residualsOf(ledger, scope))].filter(
    line => !/^F\d+\b/.test(line) || !listed.has(line.split(/[\s(]/)[0]!)
  )
  const ids = new Set(rounds.flatMap(r => [...r.findings, ...r.entries.map(e => e.finding)]))
  for (const f of ledger.findings) {
    if (!ids.has(f.id) || f.outcome.kind !== 'pending') continue
    if (residuals.some(line => line.startsWith(`${f.id} `))) continue
    // A finding an unsettled question is about travels with that question.
    if (listed.has(f.gate ?? '')) continue
    const gate =
      ledger.gates.find(g => g.id === f.gate) ?? ledger.gates.find(g => g.findings.includes(f.id))
    const why = !gate
      ? 'the loop ended before it was decided'
      : gate.answer
        ? `${gate.id} was answered ("${relayedInline(gate.answer.words, 200)}") but the loop ended before acting on it`
        : `${gate.id} had no answer when the loop ended`
    residuals.push(
      `${f.id} (${f.severity}, ${f.file}:${f.line}: ${relayedInline(f.description, 120)}) left undecided: ${why}`
    )
  }
  return residuals
}
