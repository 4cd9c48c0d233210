/**
 * A suggestion the author committed (docs/review.md): after the author's push, whether the head now holds exactly the
 * text a finding's fix proposed, at the place it proposed it. Pure: the file before and after, and the fix.
 */
import type { Fix } from './model.js'

/** Lines of context on each side that pin the place: enough to tell one spot from another, as a diff's hunk does. */
const CONTEXT = 3

function linesOf(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  if (lines.at(-1) === '') lines.pop()
  return lines
}

/** Every index where `needle` occurs in `hay` as a run of whole lines. */
function occurrences(hay: string[], needle: string[]): number[] {
  const found: number[] = []
  for (let i = 0; i + needle.length <= hay.length; i++) {
    if (needle.every((line, j) => hay[i + j] === line)) found.push(i)
  }
  return found
}

/**
 * Whether `after` holds the fix as GitHub's "Commit suggestion" writes it: lines `start_line..end_line` of `before`
 * replaced by the fix's text, between the same lines of context that surrounded them, found once, with the lines it
 * replaced gone from that place. A fix that changes nothing is never read as committed.
 */
export function suggestionCommitted(before: string, fix: Fix, after: string): boolean {
  const old = linesOf(before)
  if (fix.end_line > old.length) return false
  const replaced = old.slice(fix.start_line - 1, fix.end_line)
  const proposed = fix.replacement === '' ? [] : linesOf(fix.replacement)
  if (replaced.join('\n') === proposed.join('\n')) return false
  const ahead = old.slice(Math.max(0, fix.start_line - 1 - CONTEXT), fix.start_line - 1)
  const behind = old.slice(fix.end_line, fix.end_line + CONTEXT)
  const now = linesOf(after)
  // With no context at all (a one-file whole replacement) only the whole file can say where it went.
  if (ahead.length === 0 && behind.length === 0) return now.join('\n') === proposed.join('\n')
  const applied = occurrences(now, [...ahead, ...proposed, ...behind])
  const unapplied = occurrences(now, [...ahead, ...replaced, ...behind])
  return applied.length === 1 && unapplied.length === 0
}
