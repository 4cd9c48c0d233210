/** A list comment for the gates of a round past the ones with a comment of their own (src/loop/gate-bound.ts). */
import type { Finding, Gate } from '../loop/model.js'
import { codeSpan, relayedInline } from './text.js'

/** The heading every gate list comment begins with (never `### G<n>:`, which marks one gate's own comment). */
export const GATE_LIST_HEADING = '### Questions'

/** One line a gate: its ID, its findings and where, its question, and its option keys. */
export function renderGateList(gates: Gate[], findings: Finding[], round: number): string {
  const byId = new Map(findings.map(f => [f.id, f]))
  const lines = gates.map(g => {
    const where = g.findings
      .map(id => byId.get(id))
      .filter((f): f is Finding => f !== undefined)
      .slice(0, 3)
      .map(f => `${f.id} ${codeSpan(`${f.file}:${f.line}`)}`)
      .join(', ')
    const options = g.options.map(o => codeSpan(o.key)).join(' ')
    return `- **${g.id}** (${where}): ${relayedInline(g.question, 80)} ${options}`
  })
  const first = gates[0]?.id ?? ''
  const last = gates.at(-1)?.id ?? ''
  return [
    `${GATE_LIST_HEADING} ${first}–${last} (round ${round})`,
    '',
    `These questions are listed together so the round stays within GitHub's write limits. Each is answered on its own: ${codeSpan('/review-loop <gate-id> <option>')}, for example ${codeSpan(`/review-loop ${first} ${gates[0]?.options[0]?.key ?? 'dismiss'}`)}.`,
    '',
    ...lines
  ].join('\n')
}
