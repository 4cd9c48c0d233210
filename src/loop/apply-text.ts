/** Writes line-span replacements into a file's text (pure). */

/** One replacement of lines start..end (1-based, inclusive). */
export interface Edit {
  id: string
  start: number
  end: number
  replacement: string
}

/** Applies non-overlapping edits bottom-up; an edit overlapping one already taken is skipped with the reason. */
export function applyEdits(
  text: string,
  edits: Edit[]
): { text: string; applied: string[]; skipped: { id: string; reason: string }[] } {
  const trailingNewline = text.endsWith('\n')
  const lines = text.split('\n')
  if (trailingNewline) lines.pop()
  const taken: Edit[] = []
  const skipped: { id: string; reason: string }[] = []
  for (const edit of edits) {
    const clash = taken.find(t => edit.start <= t.end && t.start <= edit.end)
    if (clash) skipped.push({ id: edit.id, reason: `its lines overlap the fix of ${clash.id}` })
    else if (edit.end > lines.length)
      skipped.push({ id: edit.id, reason: `line ${edit.end} is past the end of the file` })
    else taken.push(edit)
  }
  for (const edit of [...taken].sort((a, b) => b.start - a.start)) {
    const body = edit.replacement.replace(/\r?\n$/, '')
    const replacement = edit.replacement === '' ? [] : body.split(/\r?\n/)
    lines.splice(edit.start - 1, edit.end - edit.start + 1, ...replacement)
  }
  const out = lines.join('\n') + (trailingNewline && lines.length > 0 ? '\n' : '')
  return { text: out, applied: taken.map(t => t.id), skipped }
}
