/** What the reviewer was told in a round: the design-intent bundle's pointers and why each was picked, for the summary. */
import type { HarvestRecord } from '../loop/model.js'
import { codeSpan, escapeHtml, oneLine } from './text.js'

/** How the section is placed: whether this round opened its invocation (standing facts are said there, once). */
export interface IntentSectionOptions {
  round: number
  firstOfInvocation: boolean
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`

function at(path: string, line?: number): string {
  return codeSpan(line ? `${path}:${line}` : path)
}

/** The collapsible section: a one-line summary, then every pointer with its reason. */
export function renderIntentSection(record: HarvestRecord, options: IntentSectionOptions): string {
  const facts = [
    count(record.rules.length, 'rule file', 'rule files'),
    count(record.designComments.length, 'design comment', 'design comments'),
    record.goal ? 'the goal' : 'no goal',
    record.authority ? 'an order of authority' : 'no order of authority',
    count(record.decisions.length, 'decision', 'decisions')
  ]
  const lines: string[] = []
  if (record.rules.length > 0) {
    lines.push('- Rule files whose scope meets the changed files:')
    for (const r of record.rules)
      lines.push(`  - ${at(r.path, r.line)}: ${escapeHtml(oneLine(r.why))}`)
  } else {
    lines.push('- Rule files: none of the project’s rule files bears on the changed files.')
  }
  if (record.designComments.length > 0) {
    lines.push('- Design comments next to the changed code:')
    for (const c of record.designComments)
      lines.push(`  - ${at(c.path, c.line)}: ${escapeHtml(oneLine(c.why))}`)
  } else {
    lines.push('- Design comments: none next to the changed code.')
  }
  if (record.goal) {
    lines.push(
      `- Goal (sent as the severity steer): ${at(record.goal.path, record.goal.line)}, section “${escapeHtml(oneLine(record.goal.section))}”: ${escapeHtml(oneLine(record.goal.why))}`
    )
  } else if (options.firstOfInvocation) {
    lines.push(
      '- Goal: the project declares none this loop could find, so the severity steer runs without one (said once per invocation).'
    )
  }
  lines.push(
    record.authority
      ? `- Order of authority, highest first: ${record.authority.order.map(o => codeSpan(o)).join(' › ')} (declared in ${codeSpan(record.authority.declaredIn)})`
      : '- Order of authority: the project declares none; the request says so, and the loop supplies none.'
  )
  lines.push(
    record.decisions.length > 0
      ? `- Decisions made at this loop's gates, sent in the person's words with their basis: ${record.decisions.join(', ')}`
      : "- Decisions: none made at this loop's gates yet."
  )
  lines.push(
    record.config
      ? `- Settings read from ${escapeHtml(record.config)}.`
      : '- Settings: the base branch has no `.github/review-loop.yml`.'
  )
  if (record.failed) lines.push(`- ${escapeHtml(oneLine(record.failed))}`)
  for (const note of record.notes) lines.push(`- Note: ${escapeHtml(oneLine(note))}`)
  lines.push(
    '- Not sent: how earlier findings were disposed of, and the pull request’s title and description (the loop reads those itself).'
  )
  const title = `What the reviewer was told for round ${options.round}: ${facts.join(', ')}`
  return `<details><summary>${escapeHtml(title)}</summary>\n\n${lines.join('\n')}\n\n</details>`
}
