/**
 * What the loop writes on the diff (docs/review.md): one comment per finding (its ID, severity, words made inert as the
 * conversation copy is, where it stands, and its fix as a suggestion when it waits at a gate), the review's body, and
 * the one-line replies that follow a finding's thread through the loop.
 */
import type { Anchor } from '../loop/diff-review.js'
import type { Finding, Gate, Round } from '../loop/model.js'
import { codeSpan, fence, listWords, relayedBlock, relayedInline, shortSha } from './text.js'
import { outcomeWords } from './trace.js'

/** The line every comment of the loop's on the diff ends with: whose it is and which round (a re-run finds it by this). */
export function roundMark(round: number): string {
  return `<sub>review-loop · round ${round}</sub>`
}

/** Where a finding stands in the loop, in the trace's words, on one line (relayed words inert). */
export function standingWords(finding: Finding, gate: Gate | undefined): string {
  const words = outcomeWords(
    finding.outcome,
    gate?.status === 'open' ? gate.id : undefined,
    gate?.status === 'open' ? undefined : gate
  )
  return relayedInline(words, 600)
}

/** What a person can do from the thread, for a finding waiting at a gate. */
function howToAnswer(gate: Gate): string {
  const keys = gate.options.map(o => codeSpan(o.key))
  const choice = keys.length > 0 ? ` (${listWords(keys, 'or')})` : ''
  return `Answer ${gate.id} in the conversation with ${codeSpan(`/review-loop ${gate.id} <option>`)}${choice}, or reply in this thread.`
}

/** A suggestion block replacing exactly the anchored lines with the fix's text (an empty block deletes them). */
export function suggestionBlock(replacement: string): string {
  const body = replacement.replace(/\r?\n$/, '')
  return replacement === '' ? '```suggestion\n```' : fence(body, 'suggestion')
}

/** The head of a finding's comment: ID, severity, where, then the reviewer's words made inert in a fence. */
export function findingHead(finding: Finding): string {
  return [
    `**${finding.id}** · ${finding.severity} · ${codeSpan(`${finding.file}:${finding.line}`)}`,
    relayedBlock(
      finding.description.length > 4_000
        ? `${finding.description.slice(0, 4_000)}…`
        : finding.description
    )
  ].join('\n\n')
}

/** One finding's comment on the diff. `movedFrom` is the address of its earlier thread, on a line that moved. */
export function renderReviewComment(
  finding: Finding,
  gate: Gate | undefined,
  round: number,
  anchor: Anchor,
  movedFrom?: string
): string {
  const parts = [findingHead(finding), `**Where it stands**: ${standingWords(finding, gate)}.`]
  if (anchor.suggestion && finding.fix) {
    parts.push(
      'The proposed fix, as a suggestion: commit it from here and the next round records the finding as applied by you.',
      suggestionBlock(finding.fix.replacement)
    )
  }
  if (gate?.status === 'open') parts.push(howToAnswer(gate))
  if (movedFrom)
    parts.push(
      `_Moved here from [its earlier place](${movedFrom}), which no longer shows this code._`
    )
  parts.push(roundMark(round))
  return parts.join('\n\n')
}

/** Findings listed in a review's body past the bound, at most, and the characters their lines may take. */
const MAX_LISTED = 300
const MAX_LISTED_CHARS = 50_000
/** The characters the findings off the diff may take in a review's body (with the listed ones, under GitHub's limit). */
const MAX_OUTSIDE_CHARS = 10_000

/** A round review's body: what it carries, what is only listed (past the bound), what stays off the diff. */
export function renderReviewBody(
  round: Round,
  counts: { comments: number; suggestions: number },
  listed: { finding: Finding; anchor: Anchor }[],
  outside: Finding[],
  standing: (finding: Finding) => string
): string {
  const parts: string[] = []
  const what =
    counts.comments > 0
      ? `${counts.comments} finding${counts.comments === 1 ? '' : 's'} on the lines below`
      : ''
  const fixes =
    counts.suggestions > 0
      ? `${counts.suggestions} suggested fix${counts.suggestions === 1 ? '' : 'es'} this pull request's branch could not take from the loop (it comes from a fork): commit them from here ("Commit suggestion", or several at once with "Add suggestion to batch"); once they are committed, someone with write access can comment \`/review-loop continue\` to have the new head reviewed`
      : ''
  parts.push(
    `**review-loop, round ${round.n}** (head ${codeSpan(shortSha(round.head))}): ${[what, fixes].filter(Boolean).join('; ')}. The status comment in the conversation stays the full record.`
  )
  if (listed.length > 0) {
    // Bounded in lines and in size: the body must stay under GitHub's limit whatever the findings' words.
    const lines: string[] = []
    let size = 0
    for (const { finding, anchor } of listed) {
      const line = `- **${finding.id}** · ${finding.severity} · ${codeSpan(`${anchor.path}:${anchor.line}`)}: ${relayedInline(finding.description, 120)} (${relayedInline(standing(finding), 100)})`
      if (lines.length >= MAX_LISTED || size + line.length > MAX_LISTED_CHARS) break
      lines.push(line)
      size += line.length + 1
    }
    const more = listed.length - lines.length
    if (more > 0) lines.push(`- …and ${more} more, in the status comment.`)
    parts.push(
      `**Not posted on their lines** (a review carries at most a bounded number of comments, to stay within GitHub's write limits):\n\n${lines.join('\n')}`
    )
  }
  if (outside.length > 0) {
    // Bounded in size too: a path may take 4,096 bytes, and a body GitHub refuses takes the whole review with it.
    const ids: string[] = []
    let size = 0
    for (const f of outside.slice(0, 50)) {
      const id = `${f.id} ${codeSpan(`${f.file}:${f.line}`)}`
      if (size + id.length > MAX_OUTSIDE_CHARS) break
      ids.push(id)
      size += id.length + 2
    }
    if (outside.length > ids.length) ids.push(`and ${outside.length - ids.length} more`)
    parts.push(
      `**Not on the diff** (their lines are not in this pull request's diff; the status comment carries them): ${ids.join(', ')}.`
    )
  }
  parts.push(roundMark(round.n))
  return parts.join('\n\n')
}

/** The one-line reply when a finding is dispositioned; its thread is resolved after it. */
export function renderSettledReply(finding: Finding, gate: Gate | undefined): string {
  return `**${finding.id}**: ${standingWords(finding, gate)}. Resolving this thread.`
}

/**
 * The reply when a finding comes back to its resolved thread: reopened, with what the loop does now; or, `reopen`
 * false, settled again at once (absorbed as settled policy), the thread staying resolved.
 */
export function renderReturnReply(
  finding: Finding,
  gate: Gate | undefined,
  round: number,
  reopen = true
): string {
  const back = finding.returns?.find(r => r.round === round)
  const how = back ? ` (${back.handling}: ${relayedInline(back.basis, 300)})` : ''
  const then = reopen ? 'reopening this thread' : 'it stays settled'
  return `**${finding.id}** came back in round ${round}${how}; ${then}. Where it stands: ${standingWords(finding, gate)}.`
}

/** The reply on a thread left on a stale line: where the finding went. */
export function renderMovedReply(finding: Finding, round: number, to?: string): string {
  const where = to
    ? `now at [${codeSpan(`${finding.file}:${finding.line}`)}](${to})`
    : `now at ${codeSpan(`${finding.file}:${finding.line}`)}, which is not in the diff (the status comment follows it)`
  return `**${finding.id}** moved in round ${round}: ${where}. Resolving this thread.`
}

/** The reply on a finding's earlier thread when a new comment carries it on (a fork's suggested fix). */
export function renderHandedOverReply(finding: string, to: string): string {
  return `**${finding}** continues in [a new comment](${to}). Resolving this thread.`
}
