/** The exit handover (seed 004, Rule 10): decisions in the person's own words, what was left open, an offer to record. */
import type { Finding, Gate, Ledger, Round } from '../loop/model.js'
import { currentInvocation } from './headline.js'
import { blockquote, clip, codeSpan, COMMENT_LIMIT, listWords, oneLine } from './text.js'

/** Where a finding sits, in one line: `F5 (medium, src/b.ts:9): description`. */
function findingWords(finding: Finding): string {
  return `${finding.id} (${finding.severity}, ${codeSpan(`${finding.file}:${finding.line}`)}): ${clip(oneLine(finding.description), 500)}`
}

/** One answered question with the answer quoted exactly as written. */
function decisionBlock(gate: Gate): string {
  const answer = gate.answer
  if (!answer) return ''
  const on = gate.findings.length > 0 ? `, on ${listWords(gate.findings)}` : ''
  const option = answer.option ? gate.options.find(o => o.key === answer.option) : undefined
  const chose = answer.option
    ? `, choosing ${codeSpan(answer.option)}${option ? ` (${oneLine(option.leadsTo).replace(/\.+$/, '')})` : ''}`
    : ''
  return [
    `**${gate.id}** (round ${gate.round}${on}): ${clip(oneLine(gate.question), 500)}`,
    `@${answer.by} answered on ${answer.at}${chose}:`,
    blockquote(answer.words)
  ].join('\n\n')
}

/** Findings still open at exit: deferred ones with their reason, undecided ones with the question they wait on. */
function residuals(ledger: Ledger): string[] {
  const items: string[] = []
  for (const finding of ledger.findings) {
    if (finding.outcome.kind === 'carried') {
      items.push(`- ${findingWords(finding)} — deferred: ${oneLine(finding.outcome.reason)}`)
    } else if (finding.outcome.kind === 'pending') {
      const gate = finding.gate ?? ledger.gates.find(g => g.findings.includes(finding.id))?.id
      const waiting = gate ? ` (${gate} had no answer yet)` : ''
      items.push(`- ${findingWords(finding)} — left undecided${waiting}`)
    }
  }
  return items
}

/** The newest round that produced a review. */
function lastReviewed(ledger: Ledger): Round | undefined {
  return [...ledger.rounds].filter(r => r.review === 'reviewed').sort((a, b) => b.n - a.n)[0]
}

/** What the handover says when nothing needs to outlive the review (the caller then posts no comment). */
export const NOTHING_TO_HAND_OVER =
  'Nothing from this review needs to outlive it: no decisions were made and nothing was left open.'

/** The handover shown when the loop stops, converged or on request. */
export function renderExitHandover(ledger: Ledger): string {
  const invocation = currentInvocation(ledger)
  const since = invocation?.firstRound ?? 1
  const sections = ['### What this review leaves behind']

  const decisions = ledger.gates
    .filter(g => g.status === 'answered' && g.answer && g.round >= since)
    .map(decisionBlock)
  if (decisions.length > 0) {
    sections.push('**Decisions made here**, in the words they were given', ...decisions)
  }

  const handed = ledger.findings.flatMap(f =>
    f.outcome.kind === 'handed'
      ? [
          `- ${findingWords(f)} — left for a follow-up by @${f.outcome.by}: "${clip(oneLine(f.outcome.words), 300)}"${f.evidence ? `; it shows in ${codeSpan(clip(oneLine(f.evidence), 200))}` : ''}`
        ]
      : []
  )
  if (handed.length > 0) {
    sections.push(
      '**Left for a follow-up**, each with where it holds and what establishes it',
      handed.join('\n')
    )
  }

  const suggested = ledger.findings.flatMap(f =>
    f.outcome.kind === 'suggested' ? [`- ${findingWords(f)} — ${f.outcome.where}`] : []
  )
  if (suggested.length > 0) {
    sections.push(
      "**Suggested to the author**, fixes the loop could not push to a fork's branch; each is ready to apply where it links",
      suggested.join('\n')
    )
  }

  const open = residuals(ledger)
  if (open.length > 0) sections.push('**Still open** (not fixed here)', open.join('\n'))

  const last = lastReviewed(ledger)
  if (last && invocation?.source.reportsReach) {
    if (last.exercised === null || last.exercised === undefined) {
      sections.push(
        `**Not known to be covered**: the last review (round ${last.n}) reported nothing about what it reached, so its silence clears nothing.`
      )
    } else if (last.exercised.unreached.length > 0) {
      const axes = last.exercised.unreached.map(u => `- ${u.axis}: ${oneLine(u.reason)}`)
      sections.push(
        `**Not reached by the last review** (round ${last.n}); silence on these clears nothing`,
        axes.join('\n')
      )
    }
  }

  const direction = [...ledger.rounds]
    .filter(r => r.n >= since && r.direction)
    .sort((a, b) => b.n - a.n)[0]?.direction
  if (direction) {
    sections.push(
      '**A direction the reviewer proposed**, which nobody has decided on',
      `${oneLine(direction.mechanism)}\n\nIt would be shown wrong by: ${oneLine(direction.falsifier)}`
    )
  }

  if (sections.length === 1) {
    sections.push(NOTHING_TO_HAND_OVER)
  } else {
    sections.push(
      "If you want any of this recorded somewhere that lasts, such as an issue this pull request closes or the project's docs, say so in a comment on this pull request and say where. That is offered, never required: the loop has already stopped, and declining changes nothing."
    )
  }
  const text = sections.join('\n\n')
  if (text.length <= COMMENT_LIMIT) return text
  const note =
    "\n\n… the rest is cut to stay within GitHub's comment size limit; it is in the job summary of this run."
  return text.slice(0, COMMENT_LIMIT - note.length) + note
}
