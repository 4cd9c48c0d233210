/**
 * The exit handover (seed 004, Rule 10; docs/exit-handover.md): what reaches past the loop, each thing with the durable
 * home its reach implies, and the commands that record it. It never conditions the exit: the loop has ended already.
 */
import { residualsOf } from '../loop/convergence.js'
import { conveyedDecisions } from '../loop/decisions.js'
import type { Decision, Finding, Gate, Homes, Invocation, Ledger, Round } from '../loop/model.js'
import {
  blockquote,
  clip,
  codeSpan,
  COMMENT_LIMIT,
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

/** What the handover says when nothing needs to outlive the review (the caller then posts no comment). */
export const NOTHING_TO_HAND_OVER =
  'Nothing from this review needs to outlive it: no decisions were made and nothing was left open.'

const CLOSING =
  /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)(?:\s*:)?\s+(?:https?:\/\/[^\s/]+\/([\w.-]+\/[\w.-]+)\/issues\/(\d+)|([\w.-]+\/[\w.-]+)?#(\d+))\b/gi

/** The lines of `text` outside fenced code blocks (a fence closes on a run of its character at least as long). */
function outsideFences(text: string): string {
  const kept: string[] = []
  let open: string | undefined
  for (const line of text.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (open === undefined) {
      if (marker) open = marker
      else kept.push(line)
    } else if (marker && marker[0] === open[0] && marker.length >= open.length) open = undefined
  }
  return kept.join('\n')
}

/**
 * The issues a pull request's description says it closes, with GitHub's keywords (`closes #12`, `Fixes: owner/repo#3`,
 * `resolves https://github.com/owner/repo/issues/4`), once each, in order; fenced code is not read.
 */
export function closingIssues(body: string, repository: string, self?: number): Homes['issues'] {
  const prose = outsideFences(body)
  const out: Homes['issues'] = []
  for (const m of prose.matchAll(CLOSING)) {
    const repo = (m[1] ?? m[3] ?? repository).toLowerCase()
    const number = Number(m[2] ?? m[4])
    if (repo === repository.toLowerCase() && number === self) continue
    if (!out.some(i => i.repo === repo && i.number === number)) out.push({ repo, number })
  }
  return out
}

/** How an issue is named from this repository: `#12`, or `owner/repo#12` for another repository's. */
export function issueRef(issue: Homes['issues'][number], repository: string): string {
  return issue.repo === repository.toLowerCase()
    ? `#${issue.number}`
    : `${issue.repo}#${issue.number}`
}

/** The invocation the handover speaks for: the newest one. */
function scopeOf(ledger: Ledger): Invocation | undefined {
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

function aboutWords(ledger: Ledger, ids: string[]): string {
  const found = ids.map(id => ledger.findings.find(f => f.id === id))
  return found.map((f, i) => (f ? findingWords(f) : ids[i]!)).join('; ')
}

/** The number-free slug of a decision's words, for a record file's name. */
function slug(words: string): string {
  const s = oneLine(words)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '')
  return s || 'decision'
}

/** Where a decision record file for `d` goes: the folder the repository keeps, else the one proposed. */
export function decisionRecordPath(ledger: Ledger, d: Decision, homes: Homes | undefined): string {
  const dir = homes?.records?.dir ?? 'docs/decisions'
  const current = conveyedDecisions(ledger.decisions)
  const offset = Math.max(0, current.indexOf(d))
  const next = homes?.records?.next
  const name =
    next !== undefined
      ? `${String(next + offset).padStart(4, '0')}-${slug(d.words)}`
      : `pr-${ledger.pr}-${d.id.toLowerCase()}-${slug(d.words)}`
  return `${dir}/${name}.md`
}

/** A decision record file's text (kept plain: a title, the facts, the words verbatim). */
export function decisionRecordText(ledger: Ledger, d: Decision): string {
  const about = d.findings.length > 0 ? `- About: ${aboutWords(ledger, d.findings)}\n` : ''
  const revises = d.supersedes ? `- Revises: ${d.supersedes} of the same review\n` : ''
  return `# ${clip(oneLine(d.words), 80)}\n\n- Status: decided\n- Date: ${d.at.slice(0, 10)}\n- Decided by: @${d.by}, answering ${d.gate} in the review of pull request #${ledger.pr} (review-loop ${d.id})\n${about}${revises}\n## Decision, in the words it was given\n\n${blockquote(inert(d.words))}\n`
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

/** Where an item belongs, and the command that puts it there. */
export function homeWords(ledger: Ledger, item: HandoverItem, homes: Homes | undefined): string {
  const repo = ledger.repository
  const record = codeSpan(`/review-loop record ${item.id}`)
  if (item.kind !== 'decision') {
    // Not the issues this pull request closes: they close with it, and this is still open.
    const what =
      item.kind === 'handed'
        ? 'an issue of its own, where a successor picks it up'
        : item.kind === 'conflict'
          ? 'an issue of its own, where it stays open until someone settles it'
          : 'an issue of its own, where it can be weighed apart from this pull request'
    return `Where it lasts: ${what}. ${record} opens one.`
  }
  const d = ledger.decisions.find(x => x.id === item.id)
  const done = d?.recorded?.length
    ? ` Recorded already: ${d.recorded.map(r => r.url ?? r.where).join(', ')}.`
    : ''
  if (!homes) {
    return `Where it lasts: the issues this pull request says it closes, else a decision record; ${record} files it there.${done}`
  }
  if (homes.issues.length > 0) {
    const local = homes.issues.filter(i => i.repo === repo.toLowerCase())
    const away = homes.issues.filter(i => i.repo !== repo.toLowerCase())
    const refs = listWords(homes.issues.map(i => issueRef(i, repo)))
    const post =
      local.length > 0
        ? ` ${record} posts it on ${listWords(local.map(i => issueRef(i, repo)))}.`
        : ''
    const copy =
      away.length > 0
        ? ` ${listWords(away.map(i => issueRef(i, repo)))} ${away.length === 1 ? 'is' : 'are'} in another repository, where the loop cannot post: copy it there.`
        : ''
    return `Where it lasts: ${refs}, which this pull request says it closes; the decision reaches past this code, to the work those track.${post}${copy}${done}`
  }
  const path = codeSpan(
    d ? decisionRecordPath(ledger, d, homes) : `${homes.records?.dir ?? 'docs/decisions'}/…`
  )
  const folder = homes.records?.exists
    ? `${path}, in ${codeSpan(`${homes.records.dir}/`)} where the repository keeps them`
    : `the repository keeps none yet, so ${path} is proposed`
  return `Where it lasts: a decision record, since this pull request names no issue it closes: ${folder}. ${record} replies with the file's text to commit.${done}`
}

const SECTIONS: { kind: HandoverItem['kind']; heading: string }[] = [
  { kind: 'decision', heading: '**Decisions made here**, each in the words it was given' },
  {
    kind: 'conflict',
    heading:
      '**Questions nobody settled**, each as the disagreement it is: both sides, what each rests on, and which governs or that nothing on record says'
  },
  {
    kind: 'handed',
    heading: '**Left for a follow-up**, each with where it holds and what establishes it'
  },
  {
    kind: 'proposal',
    heading: '**Proposals beyond this pull request**, none of them decided by anyone'
  }
]

/** The handover shown when the loop ends, converged or stopped: in the job summary and as a comment of its own. */
export function renderExitHandover(ledger: Ledger): string {
  const scope = scopeOf(ledger)
  const homes = scope?.homes
  const items = handoverItems(ledger)
  const residuals = handoverResiduals(ledger)
  const parts = ['### What this review leaves behind']
  if (scope?.ended) {
    const how =
      scope.ended.as === 'converged'
        ? `The loop converged in round ${scope.ended.round}`
        : `The loop ended${scope.ended.by ? `, stopped by @${scope.ended.by}` : ''}, after round ${scope.ended.round}`
    parts.push(
      `${how}. Some of what it produced reaches past it; each is below with where it lasts.`
    )
  }
  for (const { kind, heading } of SECTIONS) {
    const these = items.filter(i => i.kind === kind)
    if (these.length === 0) continue
    parts.push(heading, ...these.map(i => `${i.text}\n\n${homeWords(ledger, i, homes)}`))
  }
  if (residuals.length > 0) {
    parts.push(
      '**Still open**, surfaced rather than cleared: what the review did not reach and what nobody closed',
      residuals.map(r => `- ${relayedInline(r, 1000)}`).join('\n')
    )
  }
  if (items.length === 0 && residuals.length === 0) {
    parts.push(NOTHING_TO_HAND_OVER)
    return parts.join('\n\n')
  }
  const commands = items.map(i => codeSpan(`/review-loop record ${i.id}`))
  if (items.length > 0) {
    parts.push(
      `To record any of it where it lasts, comment ${listWords(commands, 'or')}, or ${codeSpan('/review-loop record')} for all of them; say in a comment if you want another place or shape. This is offered, never required: the loop has already ended, nothing waits on an answer, and declining changes nothing.`
    )
  } else {
    parts.push(
      'This stays here on the pull request; nothing waits on it and the loop has already ended.'
    )
  }
  const text = parts.join('\n\n')
  if (text.length <= COMMENT_LIMIT) return text
  const note =
    "\n\n… the rest is cut to stay within GitHub's comment size limit; it is in the job summary of this run."
  return text.slice(0, COMMENT_LIMIT - note.length) + note
}

/** An item's record as posted on an issue (or as a new issue's body): the item, where it came from, who asked. */
export function recordComment(
  ledger: Ledger,
  item: HandoverItem,
  by: string,
  closes: boolean
): string {
  const from = `the review of #${ledger.pr}`
  const heading =
    item.kind === 'decision'
      ? `### A decision made in ${from} (${item.id})`
      : item.kind === 'conflict'
        ? `### A question ${from} left unsettled (${item.id})`
        : item.kind === 'handed'
          ? `### Left for a follow-up by ${from} (${item.id})`
          : `### A proposal from ${from}, not decided by anyone (${item.id})`
  const why =
    item.kind === 'decision' && closes
      ? `Posted here because #${ledger.pr} says it closes this issue, and the decision reaches past that pull request's code.`
      : `Opened because ${from} left it for later; it is not done there.`
  return `${heading}\n\n${item.text}\n\n${why} Recorded at @${by}'s request (${codeSpan(`/review-loop record ${item.id}`)}).`
}
