/**
 * Where the fit pass's edits sit (src/run/fit-pass.ts, src/run/fit-loop-back.ts): every edit is kept in the
 * coordinates of the reviewed head, and these helpers map a line of a file as written back to the edit that wrote it
 * or the head's line it still is, rewrite a file from its head text and the edits, and show the bundle as a diff.
 */
import { applyEdits } from '../loop/apply-text.js'
import type { WritePass, WrittenEdit } from './written.js'

/** A text's lines (a final newline ends the last line rather than starting another). */
export const linesOfText = (text: string) => {
  const lines = text.split('\n')
  if (text.endsWith('\n')) lines.pop()
  return lines
}

/** A replacement's lines, as `applyEdits` writes them. */
export const replacementLines = (replacement: string) =>
  replacement === '' ? [] : replacement.replace(/\r?\n$/, '').split(/\r?\n/)

/** One bundle edit and the lines it now occupies in the written file (`end` < `start` when it deleted lines). */
export interface Span {
  edit: WrittenEdit
  start: number
  end: number
}

/** Where each of a file's edits sits once written. */
export function layout(pass: WritePass, file: string): Span[] {
  let offset = 0
  const spans: Span[] = []
  for (const edit of pass.edits.filter(e => e.file === file).sort((a, b) => a.start - b.start)) {
    const count = replacementLines(edit.replacement).length
    const start = edit.start + offset
    spans.push({ edit, start, end: start + count - 1 })
    offset += count - (edit.end - edit.start + 1)
  }
  return spans
}

/** A line of the written file: inside what an edit wrote, or the head's line it still is. */
export function locate(spans: Span[], line: number): { inside: Span } | { head: number } {
  let offset = 0
  for (const span of spans) {
    if (line < span.start) break
    if (line <= span.end) return { inside: span }
    offset = span.end - span.edit.end
  }
  return { head: line - offset }
}

/** Writes the pass's files again from their text at the head and the edits. */
export function rebuild(pass: WritePass, file: string): void {
  const edits = pass.edits
    .filter(e => e.file === file)
    .map((e, i) => ({
      id: `${e.finding}#${i}`,
      start: e.start,
      end: e.end,
      replacement: e.replacement
    }))
  pass.contents.set(file, applyEdits(pass.originals.get(file) ?? '', edits).text)
}

/** The bundle as a readable diff: each written span, the lines it replaced and what replaced them, where they now sit. */
export function bundleDiff(pass: WritePass): string {
  const out: string[] = []
  for (const file of [...new Set(pass.edits.map(e => e.file))].sort()) {
    const old = linesOfText(pass.originals.get(file) ?? '')
    for (const { edit, start } of layout(pass, file)) {
      const before = old.slice(edit.start - 1, edit.end)
      const after = replacementLines(edit.replacement)
      out.push(
        `--- ${file}`,
        `+++ ${file}`,
        `@@ -${edit.start},${before.length} +${start},${after.length} @@ (${edit.finding})`
      )
      out.push(...before.map(l => `-${l}`), ...after.map(l => `+${l}`))
    }
  }
  return out.join('\n')
}
