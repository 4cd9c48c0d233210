/**
 * The conversation tab's links to the diff (docs/review.md): the status comment and the job summary say where the
 * round's review is, link each finding to its thread, and say which findings stay off the diff and why.
 */
import type { Finding, Ledger, Round } from '../loop/model.js'
import { codeSpan, listWords, relayedInline } from './text.js'

/** Findings linked by name in one paragraph; the rest are counted. */
const MAX_LINKED = 20

/** A finding as a link to its thread, or its name alone. */
export function threadLink(finding: Finding): string {
  const where = codeSpan(`${finding.file}:${finding.line}`)
  return finding.thread?.url
    ? `[${finding.id}](${finding.thread.url}) ${where}`
    : `${finding.id} ${where}`
}

function named(findings: Finding[]): string {
  const shown = findings.slice(0, MAX_LINKED).map(threadLink)
  const rest = findings.length - shown.length
  if (rest > 0) shown.push(`${rest} more`)
  return listWords(shown)
}

/** The round's review on the diff, in a paragraph: its link, each thread, what is off it and why; '' when none. */
export function renderOnDiffParagraph(ledger: Ledger, round: Round): string {
  const on = round.onDiff
  if (!on) return ''
  const byId = (ids: string[]) =>
    ids
      .map(id => ledger.findings.find(f => f.id === id))
      .filter((f): f is Finding => f !== undefined)
  const parts: string[] = []
  if (on.failed) {
    parts.push(
      `**On the diff**: round ${round.n}'s findings could not be posted on the diff (${relayedInline(on.failed, 300)}); this comment carries them.`
    )
  } else {
    const threads = ledger.findings.filter(
      f => round.findings.includes(f.id) && f.thread !== undefined
    )
    if (on.url) {
      const list = threads.length > 0 ? `: ${named(threads)}` : ''
      parts.push(`**On the diff**: [round ${round.n}'s review](${on.url})${list}.`)
    } else if (threads.length > 0) {
      // Nothing new to post this round: its findings' threads are those of earlier rounds' reviews.
      parts.push(`**On the diff**, in earlier rounds' threads: ${named(threads)}.`)
    }
    const listed = byId(on.listed)
    if (listed.length > 0)
      parts.push(`Listed in the review's body, past the bound on its comments: ${named(listed)}.`)
  }
  const outside = byId(on.outside)
  if (outside.length > 0)
    parts.push(
      `Not on the diff (their lines are not in this pull request's diff, so they are followed here only): ${named(outside)}.`
    )
  return parts.join(' ')
}

/** The job summary's line: where the round's review is. */
export function renderReviewLine(round: Round): string {
  const on = round.onDiff
  if (!on?.url) return ''
  return `**On the diff**: [round ${round.n}'s review](${on.url}) (the Files changed tab shows each finding on its line).`
}
