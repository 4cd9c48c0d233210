/** Writes line-span replacements into a file's text (pure). */

/** One replacement of lines start..end (1-based, inclusive). */
export interface Edit {
  id: string
  start: number
  end: number
  replacement: string
}

/**
 * The hard bounds on one replacement, whatever wrote it (the source, the writer, the driver, the fit pass): a fix
 * larger than this is not a minimal repair the loop writes on anyone's word, and a NUL byte makes a file binary.
 */
export const MAX_REPLACEMENT_LINES = 200
export const MAX_REPLACEMENT_BYTES = 16_384

/** Why a replacement may never be written: over a hard bound, or holding a NUL byte; undefined when it may. */
export function replacementProblem(replacement: string): string | undefined {
  if (replacement.includes('\0')) return 'its replacement holds a NUL byte'
  const lines = replacement === '' ? 0 : replacement.replace(/\r?\n$/, '').split(/\r?\n/).length
  if (lines > MAX_REPLACEMENT_LINES)
    return `its replacement is ${lines} lines long, over the ${MAX_REPLACEMENT_LINES} any fix may write`
  const bytes = new TextEncoder().encode(replacement).length
  if (bytes > MAX_REPLACEMENT_BYTES)
    return `its replacement is ${bytes} bytes long, over the ${MAX_REPLACEMENT_BYTES} any fix may write`
  return undefined
}

/** Whether a finding's proposed fix exists and may be written at all. */
export function usableFix(finding: { fix?: { replacement: string } }): boolean {
  return finding.fix !== undefined && replacementProblem(finding.fix.replacement) === undefined
}

/**
 * Applies non-overlapping edits bottom-up; an edit overlapping one already taken, or one no fix may write
 * (`replacementProblem`), is skipped with the reason.
 */
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
    const refused = replacementProblem(edit.replacement)
    if (refused) skipped.push({ id: edit.id, reason: refused })
    else if (clash)
      skipped.push({ id: edit.id, reason: `its lines overlap the fix of ${clash.id}` })
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
