/** Writes line-span replacements into a file's text (pure). */
import { minimatch } from 'minimatch'

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

/**
 * Control characters no fix writes: C0 but tab, newline and the CR of a CRLF, DEL, C1, and the bidirectional controls
 * that make code read otherwise than it runs (Trojan Source).
 */
const UNWRITABLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u

/** The first character a replacement may not hold, named; undefined when it holds none. */
function controlIn(replacement: string): string | undefined {
  const m = UNWRITABLE.exec(replacement.replace(/\r\n/g, '\n').replace(/[\t\n]/g, ' '))
  if (!m) return undefined
  const code = m[0].codePointAt(0)!
  return code === 0
    ? 'a NUL byte'
    : `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/** Why a replacement may never be written: over a hard bound, or holding a control character; undefined when it may. */
export function replacementProblem(replacement: string): string | undefined {
  const control = controlIn(replacement)
  if (control) return `its replacement holds ${control}`
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
  // A CRLF file keeps CRLF: every line a fix writes ends as the file's lines do (the last one, without a newline, bare).
  const crlf =
    lines.length > 0 &&
    lines.every((l, i) => l.endsWith('\r') || (i === lines.length - 1 && !trailingNewline))
  for (const edit of [...taken].sort((a, b) => b.start - a.start)) {
    const body = edit.replacement.replace(/\r?\n$/, '')
    const replacement = edit.replacement === '' ? [] : body.split(/\r?\n/)
    if (crlf) {
      const bareLast = !trailingNewline && edit.end === lines.length
      replacement.forEach((l, i) => {
        if (!(bareLast && i === replacement.length - 1)) replacement[i] = `${l}\r`
      })
    }
    lines.splice(edit.start - 1, edit.end - edit.start + 1, ...replacement)
  }
  const out = lines.join('\n') + (trailingNewline && lines.length > 0 ? '\n' : '')
  return { text: out, applied: taken.map(t => t.id), skipped }
}

/** A `.gitattributes` file at the head: the folder it is in (`''` for the root) and its text. */
export interface AttributesFile {
  dir: string
  text: string
}

/**
 * Whether a gitattributes pattern names `file`, read from a `.gitattributes` in `dir`: as git reads it, a pattern with
 * no slash names a file by its name at any depth, one with a slash names a path from `dir` (`**` matching any number
 * of folders, none too), and one ending in a slash names only a folder, never a file.
 */
function attributeMatches(pattern: string, dir: string, file: string): boolean {
  const rel =
    dir === '' ? file : file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : undefined
  if (rel === undefined) return false
  // Stars are where a glob can backtrack: a pattern with many is read as naming every file (the safe error here).
  if ((pattern.match(/\*/g) ?? []).length > 3) return true
  if (pattern.endsWith('/')) return false
  // git has no negation, braces or extglobs in gitattributes patterns.
  return minimatch(rel, pattern.replace(/^\//, ''), {
    dot: true,
    matchBase: !pattern.includes('/'),
    nobrace: true,
    nonegate: true,
    nocomment: true,
    noext: true
  })
}

/**
 * The encoding the repository's attributes have git re-encode `file` to in the work tree (`working-tree-encoding`),
 * or undefined: a fix written there as UTF-8 would be re-encoded (or refused) by git, so it is set aside. Files are
 * given root first; within one, the last line that names the attribute for the file wins, and deeper files win.
 */
export function workingTreeEncoding(
  file: string,
  attributes: AttributesFile[]
): string | undefined {
  let encoding: string | undefined
  for (const { dir, text } of attributes) {
    for (const raw of text.split('\n')) {
      const line = raw.trim()
      if (line === '' || line.startsWith('#')) continue
      const [pattern, ...attrs] = line.split(/\s+/)
      if (!pattern || !attributeMatches(pattern, dir, file)) continue
      for (const attr of attrs) {
        const set = /^working-tree-encoding=(.+)$/i.exec(attr)
        if (set) encoding = set[1]
        else if (/^[-!]working-tree-encoding$/i.test(attr)) encoding = undefined
      }
    }
  }
  return encoding && !/^utf-?8$/i.test(encoding) ? encoding : undefined
}
