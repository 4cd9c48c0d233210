/** Phase 4's writing: the fix brief (predicate and sites), the write, and the check of what was written. */
import { applyEdits, type Edit } from '../loop/apply-text.js'
import { literalSpanPredicate } from '../loop/classify.js'
import type { Finding, Round } from '../loop/model.js'
import type { Run } from './context.js'
import { fileAt } from './repo.js'

/** One edit the pass wrote: which finding it serves, and the lines of the file at the round's head it replaced. */
export interface WrittenEdit {
  finding: string
  file: string
  start: number
  end: number
  replacement: string
}

/** What one apply pass wrote, in memory: nothing is on disk or committed yet. */
export interface WritePass {
  /** Each written file's text at the round's head, and after the pass. */
  originals: Map<string, string>
  contents: Map<string, string>
  edits: WrittenEdit[]
}

/** Writes the approved fixes into the files as they stand at the round's head; what could not be written is carried. */
export async function writePass(run: Run, round: Round, approved: Finding[]): Promise<WritePass> {
  const pass: WritePass = { originals: new Map(), contents: new Map(), edits: [] }
  const byFile = new Map<string, Edit[]>()
  for (const f of approved) {
    const edits = byFile.get(f.file) ?? []
    edits.push({
      id: f.id,
      start: f.fix!.start_line,
      end: f.fix!.end_line,
      replacement: f.fix!.replacement
    })
    byFile.set(f.file, edits)
  }
  for (const [file, edits] of byFile) {
    const at = await fileAt(run, round.head, file)
    const text = at.kind === 'text' ? at.text : ''
    const lines = at.kind === 'text' ? at.lines : []
    for (const f of approved.filter(x => x.file === file && !x.predicate)) {
      // A fix a person approved instantiates the same literal-span predicate: the lines it replaces, one site.
      const { start_line, end_line } = f.fix!
      f.predicate = literalSpanPredicate(
        file,
        start_line,
        end_line,
        lines.slice(start_line - 1, end_line)
      )
      f.sites = [{ file, start_line, end_line }]
      f.scanSha = round.head
    }
    const result = applyEdits(text, edits)
    if (result.applied.length > 0) {
      pass.originals.set(file, text)
      pass.contents.set(file, result.text)
    }
    for (const e of edits.filter(x => result.applied.includes(x.id))) {
      pass.edits.push({
        finding: e.id,
        file,
        start: e.start,
        end: e.end,
        replacement: e.replacement
      })
    }
    for (const s of result.skipped) {
      const f = run.ledger.findings.find(x => x.id === s.id)!
      f.outcome = {
        kind: 'carried',
        reason: `not written: ${s.reason}; the next round reviews it again`
      }
    }
  }
  return pass
}
