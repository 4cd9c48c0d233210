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

/**
 * Every index where `needle` occurs in `hay` as a run of whole lines. Linear (Knuth-Morris-Pratt over the lines): the
 * file and the fix are untrusted, and a naive scan of 128 K identical lines for 64 K of them took about 20 s.
 */
function occurrences(hay: string[], needle: string[]): number[] {
  // An empty needle (a deletion's proposed text) stands at every place, the end included.
  if (needle.length === 0) return Array.from({ length: hay.length + 1 }, (_, i) => i)
  const found: number[] = []
  if (needle.length > hay.length) return found
  const fail = new Array<number>(needle.length).fill(0)
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!
    if (needle[i] === needle[k]) k++
    fail[i] = k
  }
  for (let i = 0, k = 0; i < hay.length; i++) {
    while (k > 0 && hay[i] !== needle[k]) k = fail[k - 1]!
    if (hay[i] === needle[k]) k++
    if (k === needle.length) {
      found.push(i - needle.length + 1)
      k = fail[k - 1]!
    }
  }
  return found
}

/**
 * Whether `after` holds the fix as GitHub's "Commit suggestion" writes it: lines `start_line..end_line` of `before`
 * replaced by the fix's text, found once at the place they stood, with the lines it replaced gone from there. The place
 * is pinned by the lines of context on either side (at the file's start or end, by that edge): one side is enough, so
 * the author may change lines next to it in the same commit (a batch of neighbouring suggestions) and it still counts;
 * a deletion, which leaves no text of its own, needs both. A fix that changes nothing is never read as committed.
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
  // The replaced lines still standing between their context: not committed.
  if (occurrences(now, [...ahead, ...replaced, ...behind]).length > 0) return false
  // Fewer lines of context than CONTEXT means the fix touches the file's start (or end): the match must too.
  const aheadAt = (i: number): boolean =>
    i >= ahead.length &&
    (ahead.length === CONTEXT || i === ahead.length) &&
    ahead.every((line, j) => now[i - ahead.length + j] === line)
  const behindAt = (k: number): boolean =>
    k + behind.length <= now.length &&
    (behind.length === CONTEXT || k + behind.length === now.length) &&
    behind.every((line, j) => now[k + j] === line)
  const places = occurrences(now, proposed).filter(i =>
    proposed.length === 0 ? aheadAt(i) && behindAt(i) : aheadAt(i) || behindAt(i + proposed.length)
  )
  return places.length === 1
}
