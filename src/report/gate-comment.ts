/** A question put to people, as its own PR comment: what was found first, then the question, then the options (seed 004, Rules 2 and 3). */
import type { Finding, Gate, Provenance } from '../loop/model.js'
import {
  blockquote,
  codeSpan,
  COMMENT_LIMIT,
  fence,
  inert,
  relayedBlock,
  relayedProse
} from './text.js'

/** Whether this pull request brought the problem in, in everyday words. */
function originWords(provenance: Provenance): string {
  switch (provenance) {
    case 'introduced':
      return 'introduced by this pull request'
    case 'pre-existing':
      return 'already there before this pull request'
    case 'indeterminate':
      return 'unclear whether this pull request introduced it'
  }
}

/** The title line, by what is being asked. */
function title(gate: Gate): string {
  switch (gate.kind) {
    case 'judgment':
      return `### ${gate.id}: your judgment is needed (review round ${gate.round})`
    case 'landing':
      return `### ${gate.id}: where should the fixes go? (review round ${gate.round})`
    case 'no-review':
      return `### ${gate.id}: the review produced no result (review round ${gate.round})`
    case 'source':
      return `### ${gate.id}: which reviewer should review this pull request? (review round ${gate.round})`
    case 'design':
      return `### ${gate.id}: a disagreement keeps coming back (review round ${gate.round})`
    case 'risk':
      return `### ${gate.id}: a fix is ready, but it carries a risk (review round ${gate.round})`
    case 'stall':
      return `### ${gate.id}: two rounds in a row changed nothing (review round ${gate.round})`
  }
}

/** A code block's language, guessed from the file name so GitHub can colour it. */
function languageOf(file: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(file)?.[1]
  return ext ? ext.toLowerCase() : ''
}

/** One finding: what, where and how serious, and the proposed change when there is one; `cap` clips long text. */
function findingBlock(finding: Finding, cap?: number): string {
  const cut = (text: string) =>
    cap !== undefined && text.length > cap
      ? `${text.slice(0, cap)}\n… (${text.length - cap} more characters not shown to stay within GitHub's comment size limit)`
      : text
  const facts = [
    `**${finding.id}**`,
    `severity ${finding.severity}`,
    codeSpan(`${finding.file}:${finding.line}`)
  ]
  if (finding.provenance) facts.push(originWords(finding.provenance))
  if (finding.thread?.url) facts.push(`[on the diff](${finding.thread.url})`)
  // The reviewer's words, relayed: in a fence, inert (no mention pings, no line reads as a command).
  const parts = [facts.join(' · '), relayedBlock(cut(finding.description))]
  if (finding.fix) {
    const { start_line: start, end_line: end } = finding.fix
    const lines = start === end ? `line ${start}` : `lines ${start}–${end}`
    parts.push(
      `Proposed change: replace ${lines} of ${codeSpan(finding.file)} with`,
      fence(cut(finding.fix.replacement), languageOf(finding.file))
    )
  }
  return parts.join('\n\n')
}

/** What was found: the analysis, then each finding; clipped (never inside a code block) when `cap` is set. */
function foundSection(gate: Gate, findings: Finding[], cap?: number, shown?: number): string {
  const analysis =
    cap !== undefined && gate.analysis.length > cap * 4
      ? `${gate.analysis.slice(0, cap * 4)}\n… (the rest of this analysis is not shown to stay within GitHub's comment size limit)`
      : gate.analysis
  const ids = shown === undefined ? gate.findings : gate.findings.slice(0, shown)
  // A design gate's history names who answered what (their own words are theirs); any other analysis pings no one.
  const parts = [
    '**What was found, and why it needs a person**',
    relayedProse(analysis, gate.kind !== 'design')
  ]
  for (const id of ids) {
    const finding = findings.find(f => f.id === id)
    parts.push(
      finding
        ? findingBlock(finding, cap)
        : `**${id}**: the details of this finding are not available.`
    )
  }
  const hidden = gate.findings.length - ids.length
  if (hidden > 0) {
    parts.push(
      `_${hidden} more ${hidden === 1 ? 'finding is' : 'findings are'} not shown to stay within GitHub's comment size limit: ${gate.findings.slice(ids.length).join(', ')}._`
    )
  }
  return parts.filter(p => p.trim() !== '').join('\n\n')
}

/** The gate's comment body: findings and analysis, then the question, then each option and what it leads to. */
export function renderGateComment(gate: Gate, findings: Finding[]): string {
  const before = [title(gate)]
  if (gate.status === 'superseded') {
    before.push(
      `_This question no longer applies: a later change to the pull request replaced it, so answers to ${gate.id} are no longer taken._`
    )
  }
  const after = questionSections(gate)
  const build = (found: string) => [...before, found, ...after].join('\n\n')

  // The question and options must always survive; what was found gives way first, block by block.
  let body = build(foundSection(gate, findings))
  if (body.length <= COMMENT_LIMIT) return body
  for (let shown = gate.findings.length; shown >= 0; shown--) {
    body = build(foundSection(gate, findings, 2000, shown))
    if (body.length <= COMMENT_LIMIT) return body
  }
  return body.slice(0, COMMENT_LIMIT)
}

/** The question, the options with what each leads to, how to answer, and the answer once given. */
function questionSections(gate: Gate): string[] {
  const sections = ['**The question**', relayedProse(gate.question)]

  if (gate.options.length > 0) {
    const options = gate.options.map(
      o => `- ${codeSpan(o.key)}: ${o.label.replace(/\.+$/, '')}. Choosing it: ${o.leadsTo}`
    )
    sections.push('**Your options**', options.join('\n'))
  }

  const example = gate.options[0]
    ? `, for example ${codeSpan(`/review-loop ${gate.id} ${gate.options[0].key}`)}`
    : ''
  const how: string[] = []
  if (gate.options.length > 0) {
    how.push(`Comment ${codeSpan(`/review-loop ${gate.id} <option>`)} on its own line${example}.`)
  }
  if (gate.open) {
    how.push(
      `${gate.options.length > 0 ? 'Or answer in your own words' : 'Answer in your own words'}: ${codeSpan(`/review-loop ${gate.id} <your words>`)}. Your words are kept exactly as you wrote them.`
    )
  }
  how.push('Only people with write access to this repository can answer.')
  sections.push('**How to answer**', how.join(' '))

  if (gate.answer) {
    const option = gate.answer.option ? ` (option ${codeSpan(gate.answer.option)})` : ''
    sections.push(
      `**Answered** by @${gate.answer.by} on ${gate.answer.at}${option}:`,
      blockquote(inert(gate.answer.words))
    )
  }
  return sections
}
