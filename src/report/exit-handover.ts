/**
 * The exit handover (seed 004, Rule 10; docs/exit-handover.md): what reaches past the loop, each thing with the durable
 * home its reach implies, and the commands that record it. It never conditions the exit: the loop has ended already.
 */
import { conveyedDecisions } from '../loop/decisions.js'
import type { Decision, Homes, Ledger } from '../loop/model.js'
import {
  blockquote,
  clip,
  codeSpan,
  COMMENT_LIMIT,
  inert,
  listWords,
  oneLine,
  relayedInline
} from './text.js'
import {
  aboutWords,
  handoverItems,
  handoverResiduals,
  scopeOf,
  type HandoverItem
} from './handover-items.js'

export { handoverItems, handoverResiduals, type HandoverItem } from './handover-items.js'

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
