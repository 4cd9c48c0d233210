/** Design comments next to the changed hunks (seed 004, harvest source 2): the "why this is intentional" lines. */
import type { FileChange } from '../loop/change.js'
import type { CommentPointer } from './types.js'
import { linesOf, oneLine } from './text.js'

/** A run of comment lines (or one trailing comment) at head. */
export interface CommentBlock {
  start: number
  end: number
  text: string
}

/** Words that say a choice was made on purpose, in the order they are tried; the earliest in the comment is quoted. */
const MARKERS: RegExp[] = [
  /\bintentional(?:ly)?\b/i,
  /\bdeliberate(?:ly)?\b/i,
  /\bon purpose\b/i,
  /\bby design\b/i,
  /\bdesign decision\b/i,
  /\brationale\b/i,
  /\btrade-?off\b/i,
  /\binvariant\b/i,
  /\bworkaround\b/i,
  /\bbecause\b/i,
  // Bounded: an unbounded lazy run is retried from every "we never" and grows quadratic on a long comment.
  // Quoted by its two ends ("we don't … so"): the words between are the comment's, and a reason never echoes them.
  /\b(we (?:do not|don't|never|intentionally|deliberately))\b[^.]{0,200}?\b(so|because)\b/i,
  /\b(?:NOTE|WHY|IMPORTANT|WARNING|REASON)\s*:/,
  /\b(?:do not|don't|never) (?:change|remove|reorder|touch|rename|inline)\b/i,
  /\bmust(?: not|n't)?\b/i,
  /\bkeep (?:in sync|this|these|it)\b/i,
  /\bsee (?:ADR|RFC)\b/i,
  /\bADR[- ]?\d+\b/i
]

/** Prose files hold comments only as HTML comments; their `#` is a heading and their `--` a rule. */
const PROSE = /\.(md|markdown|mdx|rst|txt|adoc)$/i

/** Comment blocks of a file, by a language-agnostic reading of the common comment syntaxes. */
export function commentBlocks(path: string, text: string): CommentBlock[] {
  const prose = PROSE.test(path)
  const lines = linesOf(text)
  const blocks: CommentBlock[] = []
  let open: { start: number; close: string; text: string[] } | undefined
  let run: { start: number; end: number; text: string[] } | undefined
  const flush = (): void => {
    if (run) blocks.push({ start: run.start, end: run.end, text: run.text.join('\n') })
    run = undefined
  }
  for (const [i, line] of lines.entries()) {
    const n = i + 1
    if (open) {
      open.text.push(line)
      if (line.includes(open.close)) {
        blocks.push({ start: open.start, end: n, text: open.text.join('\n') })
        open = undefined
      }
      continue
    }
    const t = line.trim()
    const opener = blockOpener(t, prose)
    if (opener) {
      flush()
      const rest = t.slice(opener.open.length)
      if (rest.includes(opener.close)) blocks.push({ start: n, end: n, text: t })
      else open = { start: n, close: opener.close, text: [line] }
      continue
    }
    if (!prose && isLineComment(t)) {
      if (run && run.end === n - 1) {
        run.end = n
        run.text.push(t)
      } else {
        flush()
        run = { start: n, end: n, text: [t] }
      }
      continue
    }
    flush()
    const trailing = prose ? undefined : trailingComment(line)
    if (trailing) blocks.push({ start: n, end: n, text: trailing })
  }
  flush()
  // An unclosed block (a `/*` inside a string, say) runs to the end of the file: keep only its first lines.
  if (open) blocks.push({ start: open.start, end: open.start, text: open.text[0] ?? '' })
  return blocks
}

function blockOpener(t: string, prose: boolean): { open: string; close: string } | undefined {
  if (t.startsWith('<!--')) return { open: '<!--', close: '-->' }
  if (prose) return undefined
  if (t.startsWith('/*')) return { open: '/*', close: '*/' }
  const doc = /^[rRuUbB]?("""|''')/.exec(t)
  if (doc) return { open: doc[0], close: doc[1] as string }
  return undefined
}

/** `//`, `#` (not `#include`, `#!`, `#[attr]`), `--`, `;`, and the `*` of a block comment's middle lines. */
function isLineComment(t: string): boolean {
  return (
    t.startsWith('//') ||
    /^#(\s|#|$)/.test(t) ||
    /^--(\s|$)/.test(t) ||
    /^;+(\s|$)/.test(t) ||
    /^\*(\s|\/|$)/.test(t) ||
    /^%+\s/.test(t)
  )
}

const TRAILING_MARKS = ['//', '#', '--', '/*']

/**
 * A comment after code: ` // …`, ` # …`, ` -- …`, ` /* … *\/` (whitespace before, so URLs and `#fff` stay code).
 * A scan rather than `\s(…)\s(.*)$`, which retries from every space and is quadratic on a long line.
 */
function trailingComment(line: string): string | undefined {
  for (let i = 0; i < line.length; i++) {
    if (!isSpace(line[i])) continue
    for (const mark of TRAILING_MARKS) {
      const after = i + 1 + mark.length
      if (line.startsWith(mark, i + 1) && isSpace(line[after])) {
        return `${mark} ${line.slice(after + 1)}`
      }
    }
  }
  return undefined
}

function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && /\s/.test(ch)
}

/** The first intent marker in a comment, as written; comments that are licences or to-do notes have none. */
export function intentMarker(text: string): string | undefined {
  const body = text.replace(/^[\s/*#;\-<!"'%]+/, '')
  if (/^(TODO|FIXME|XXX)\b/i.test(body)) return undefined
  if (/\b(copyright|SPDX-License-Identifier|licensed under|all rights reserved)\b/i.test(text)) {
    return undefined
  }
  let best: { at: number; text: string } | undefined
  for (const marker of MARKERS) {
    const m = marker.exec(text)
    if (m && (best === undefined || m.index < best.at)) {
      best = { at: m.index, text: m[2] === undefined ? m[0] : `${m[1] as string} … ${m[2]}` }
    }
  }
  if (!best) return undefined
  // A long match (the "we don't … so" form) is quoted by its opening words.
  return oneLine(best.text, 40)
}

/** How far a comment block sits from the lines a change wrote; undefined when further than `window`. */
export function distanceToChange(
  block: CommentBlock,
  written: (line: number) => boolean,
  lineCount: number,
  window: number
): string | undefined {
  for (let line = block.start; line <= block.end; line++) {
    if (written(line)) return `inside the change at line ${line}`
  }
  for (let d = 1; d <= window; d++) {
    const below = block.end + d
    if (below <= lineCount && written(below)) {
      return `${d} line${d === 1 ? '' : 's'} above the change at line ${below}`
    }
    const above = block.start - d
    if (above >= 1 && written(above)) {
      return `${d} line${d === 1 ? '' : 's'} below the change at line ${above}`
    }
  }
  return undefined
}

/** The design comments of one changed file, at most `max`, with `more` counting those left out. */
export function designComments(
  path: string,
  text: string,
  change: FileChange | undefined,
  window: number,
  max: number
): { pointers: CommentPointer[]; more: number } {
  const lineCount = linesOf(text).length
  const written = (line: number): boolean =>
    change === undefined ? false : change.created || change.addedLines.has(line)
  const pointers: CommentPointer[] = []
  let more = 0
  for (const block of commentBlocks(path, text)) {
    const where = distanceToChange(block, written, lineCount, window)
    if (!where) continue
    const marker = intentMarker(block.text)
    if (!marker) continue
    if (pointers.length >= max) {
      more++
      continue
    }
    pointers.push({ path, line: block.start, why: `says "${marker}", ${where}` })
  }
  return { pointers, more }
}
