/** Headings of a prose file: Markdown (ATX and setext), reStructuredText (underlined) and AsciiDoc. */
import { linesOf, trimEndOf, withoutTrailingColon } from './text.js'

/** One heading: its text as written (markup stripped) and its 1-based line. */
export interface Heading {
  text: string
  line: number
  /** 1 for a title; deeper sections count up. */
  level: number
}

/** The markup family a file's name says it is written in. */
export function proseKind(path: string): 'markdown' | 'rst' | 'asciidoc' | 'text' {
  const lower = path.toLowerCase()
  if (/\.(rst|rest)$/.test(lower)) return 'rst'
  if (/\.(adoc|asciidoc)$/.test(lower)) return 'asciidoc'
  if (/\.(txt|text)$/.test(lower)) return 'text'
  return 'markdown'
}

const RST_UNDERLINE = /^([=\-~^"'`#*+:._])\1{2,}\s*$/
const SETEXT = /^ {0,3}(=+|-+)\s*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** The headings of `text`, read the way its markup reads them (a `.txt` file is tried as reStructuredText). */
export function headingsOf(path: string, text: string): Heading[] {
  const kind = proseKind(path)
  const lines = linesOf(text)
  if (kind === 'rst' || kind === 'text') return rstHeadings(lines)
  if (kind === 'asciidoc') return asciidocHeadings(lines)
  return markdownHeadings(lines)
}

function markdownHeadings(lines: string[]): Heading[] {
  const headings: Heading[] = []
  let fence = ''
  let start = 0
  // Front matter is metadata, and its closing `---` would read as a setext underline.
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line))
    if (end > 0) start = end + 1
  }
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] as string
    const fenceMark = FENCE.exec(line)
    if (fence) {
      if (fenceMark && (fenceMark[1] as string).startsWith(fence)) fence = ''
      continue
    }
    if (fenceMark) {
      fence = (fenceMark[1] as string).slice(0, 3)
      continue
    }
    const atx = atxHeading(line)
    if (atx) {
      const text = clean(atx.text)
      if (text) headings.push({ text, line: i + 1, level: atx.level })
      continue
    }
    const next = lines[i + 1]
    const setext = next === undefined ? null : SETEXT.exec(next)
    if (setext && isParagraphLine(line)) {
      headings.push({
        text: clean(line),
        line: i + 1,
        level: (setext[1] as string).startsWith('=') ? 1 : 2
      })
      i++
    }
  }
  return headings
}

/**
 * An ATX heading (`## Text ##`): up to three spaces, one to six `#`, then a space or the end; a closing run of `#`
 * after a space is not part of the text. Read with index arithmetic: the equivalent lazy pattern is quadratic on a
 * long run of spaces.
 */
function atxHeading(line: string): { level: number; text: string } | undefined {
  let at = 0
  while (at < 3 && line[at] === ' ') at++
  let level = 0
  while (line[at + level] === '#') level++
  if (level < 1 || level > 6) return undefined
  const after = line[at + level]
  if (after !== undefined && after !== ' ' && after !== '\t') return undefined
  let text = line.slice(at + level).replace(/^[ \t]+/, '')
  text = trimEndOf(text, ' \t')
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end--
  if (end === 0) text = ''
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) {
    text = trimEndOf(text.slice(0, end), ' \t')
  }
  return { level, text }
}

/** A line that can be a setext heading's text: not blank, not a list item, quote, table or HTML line. */
function isParagraphLine(line: string): boolean {
  const t = line.trim()
  if (t === '' || /^ {4,}/.test(line)) return false
  return !/^([-*+>|<]|\d+[.)]\s)/.test(t)
}

function rstHeadings(lines: string[]): Heading[] {
  const headings: Heading[] = []
  const levels: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    const under = lines[i + 1]
    if (line.trim() === '' || RST_UNDERLINE.test(line) || under === undefined) continue
    const m = RST_UNDERLINE.exec(under)
    if (!m || under.trimEnd().length < line.trim().length) continue
    const over = i > 0 && RST_UNDERLINE.test(lines[i - 1] as string)
    const style = `${over ? 'o' : ''}${m[1] as string}`
    if (!levels.includes(style)) levels.push(style)
    headings.push({ text: clean(line), line: i + 1, level: levels.indexOf(style) + 1 })
    i++
  }
  return headings
}

function asciidocHeadings(lines: string[]): Heading[] {
  const headings: Heading[] = []
  for (const [i, line] of lines.entries()) {
    const m = /^(={1,6}|#{1,6})\s+(\S.*)$/.exec(line)
    if (m)
      headings.push({ text: clean(m[2] as string), line: i + 1, level: (m[1] as string).length })
  }
  return headings
}

/** Heading text without emphasis, links, inline code marks or a trailing colon. */
function clean(text: string): string {
  const plain = unlink(text)
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return withoutTrailingColon(plain)
}

/**
 * `[label](target)` as its label, in one pass: a `[` whose first `]` is not followed by `(…)` fails for every `[`
 * before that `]` too, so the scan resumes after it (the pattern `\[([^\]]*)\]\([^)]*\)` retries each one).
 */
export function unlink(text: string): string {
  let out = ''
  let from = 0
  let at = text.indexOf('[')
  while (at >= 0) {
    const close = text.indexOf(']', at + 1)
    if (close < 0) break
    if (text[close + 1] === '(') {
      const end = text.indexOf(')', close + 2)
      if (end < 0) break
      out += text.slice(from, at) + text.slice(at + 1, close)
      from = end + 1
      at = text.indexOf('[', from)
      continue
    }
    at = text.indexOf('[', close + 1)
  }
  return out + text.slice(from)
}

/** The lines (1-based, inclusive) of the section a heading opens: up to the next heading of the same or a higher level. */
export function sectionEnd(headings: readonly Heading[], index: number, lineCount: number): number {
  const heading = headings[index] as Heading
  for (let j = index + 1; j < headings.length; j++) {
    const next = headings[j] as Heading
    if (next.level <= heading.level) return next.line - 1
  }
  return lineCount
}
