/**
 * Suggestions the author committed (docs/review.md): after the author's push, a finding that waited at an open gate with
 * its fix shown as a suggestion on the diff is applied by the author when the new head holds exactly the proposed text
 * at that place (src/loop/suggestion.ts). Its gate closes once every finding of it is settled so; the trace says so.
 */
import type { Finding, Gate, Round } from '../loop/model.js'
import { suggestionCommitted } from '../loop/suggestion.js'
import { shortSha } from '../report/text.js'
import type { Run } from './context.js'
import { reshow } from './held-gates.js'
import { fileAt } from './repo.js'

/** Whether the finding's thread is the suggestion of its fix: on exactly the fix's lines of its file. */
function shownAsSuggestion(f: Finding): boolean {
  const t = f.thread
  return (
    t !== undefined &&
    f.fix !== undefined &&
    t.path === f.file &&
    t.line === f.fix.end_line &&
    (t.startLine ?? t.line) === f.fix.start_line
  )
}

/** Records, in `round` (the review of the author's new head), the suggestions the author committed. */
export async function settleCommittedSuggestions(run: Run, round: Round): Promise<void> {
  const open = run.ledger.gates.filter(g => g.status === 'open' && g.findings.length > 0)
  const settled = new Set<string>()
  for (const gate of open) {
    for (const id of gate.findings) {
      const f = run.ledger.findings.find(x => x.id === id)
      if (!f || f.outcome.kind !== 'pending' || !shownAsSuggestion(f)) continue
      const asked = run.ledger.rounds.find(r => r.n === f.round)
      const from = run.ledger.rounds.find(r => r.n === gate.round) ?? asked
      if (!from || from.head === round.head) continue
      const before = await fileAt(run, from.head, f.file).catch(() => undefined)
      const after = await fileAt(run, round.head, f.file).catch(() => undefined)
      if (before?.kind !== 'text' || after?.kind !== 'text') continue
      if (!suggestionCommitted(before.text, f.fix!, after.text)) continue
      f.outcome = { kind: 'applied', commit: round.head }
      for (const r of run.ledger.rounds) {
        const e = r.entries.find(x => x.finding === f.id)
        if (e && r.n === from.n) {
          e.outcome = f.outcome
          e.note = `${e.note ? `${e.note}; ` : ''}the author committed the suggested fix (${shortSha(round.head)})`
        }
      }
      settled.add(f.id)
      ;(round.notes ??= []).push(
        `${f.id}: the author committed its suggested fix from the diff (${f.file}, head ${shortSha(round.head)}): applied by the author, asked at ${gate.id}`
      )
    }
  }
  for (const gate of open) await closeIfSettled(run, gate, settled, round)
}

/** A gate every finding of which the author's commit settled closes, saying so on its comment. */
async function closeIfSettled(
  run: Run,
  gate: Gate,
  settled: Set<string>,
  round: Round
): Promise<void> {
  if (!gate.findings.some(id => settled.has(id))) return
  const all = gate.findings.every(id => {
    const f = run.ledger.findings.find(x => x.id === id)
    return f !== undefined && f.outcome.kind !== 'pending'
  })
  if (!all) return
  gate.status = 'superseded'
  gate.analysis += `\n\nSettled by the author's push ${shortSha(round.head)}: it holds the suggested fix of ${gate.findings.join(', ')} exactly as proposed, so the finding is applied by the author and nothing is left to answer.`
  ;(round.notes ??= []).push(`${gate.id} is settled: the author committed its suggested fix`)
  await reshow(run, gate, 'settled by the author')
}
