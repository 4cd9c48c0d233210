/** Finds the JSON answer in a source's native output (prose, Markdown, a sectioned report) and keeps the rest. */

/** The answer found (undefined when there is none) and the text around it, kept for the trace. */
export interface Extracted {
  value: unknown
  leftover: string
}

interface Span {
  start: number
  end: number
}

interface Fenced {
  /** The whole block, fences included. */
  block: Span
  /** What lies between the fences. */
  body: Span
  info: string
}

// A scan that would take longer than this many steps over pathological input (thousands of unclosed
// `{"`) gives up: what it found stays unfound, and the whole text goes to the trace as leftover.
const SCAN_STEPS = 20_000_000

/** What marks the object sought: a review answer has a `verdict`, a correction answer its `findings`. */
type AnswerKey = 'verdict' | 'findings'

const isAnswerBy =
  (key: AnswerKey) =>
  (value: unknown): boolean =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && key in value

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** Fenced code blocks (``` or ~~~, CommonMark rules for the closing fence); an unclosed one runs to the end. */
function fencedBlocks(text: string): Fenced[] {
  const blocks: Fenced[] = []
  const opener = /^ {0,3}(`{3,}|~{3,})([^\n]*)$/gm
  let match: RegExpExecArray | null
  while ((match = opener.exec(text)) !== null) {
    const marks = match[1] ?? '```'
    const info = (match[2] ?? '').trim()
    if (marks.startsWith('`') && info.includes('`')) continue
    const bodyStart = Math.min(text.length, match.index + match[0].length + 1)
    const closer = new RegExp(
      `^ {0,3}${marks[0] === '`' ? '`' : '~'}{${marks.length},}[ \\t]*$`,
      'gm'
    )
    closer.lastIndex = bodyStart
    const close = closer.exec(text)
    const bodyEnd = close ? Math.max(bodyStart, close.index - 1) : text.length
    const blockEnd = close ? close.index + close[0].length : text.length
    blocks.push({
      block: { start: match.index, end: blockEnd },
      body: { start: bodyStart, end: bodyEnd },
      info
    })
    opener.lastIndex = blockEnd
  }
  return blocks
}

/** The first balanced `{…}` (string-aware) at or after `from` that parses as JSON and is an answer. */
function scanObjects(
  text: string,
  from: number,
  to: number,
  isAnswer: (value: unknown) => boolean
): { span: Span; value: unknown } | undefined {
  let steps = 0
  for (
    let start = text.indexOf('{', from);
    start !== -1 && start < to;
    start = text.indexOf('{', start + 1)
  ) {
    // A JSON object opens with a key or closes at once; prose and code braces mostly do not.
    if (!/^\{\s*["}]/.test(text.slice(start, start + 64))) continue
    let depth = 0
    let inString = false
    for (let i = start; i < to; i++) {
      if (++steps > SCAN_STEPS) return undefined
      const ch = text[i]
      if (inString) {
        if (ch === '\\') i++
        else if (ch === '"') inString = false
        continue
      }
      if (ch === '"') inString = true
      else if (ch === '{') depth++
      else if (ch === '}' && --depth === 0) {
        const parsed = parse(text.slice(start, i + 1))
        if (parsed.ok && isAnswer(parsed.value))
          return { span: { start, end: i + 1 }, value: parsed.value }
        if (parsed.ok) start = i // a whole object that is no answer: its inner objects are not answers either
        break
      }
    }
  }
  return undefined
}

function cut(text: string, span: Span): string {
  const before = text.slice(0, span.start).trimEnd()
  const after = text.slice(span.end).trimStart()
  return before && after ? `${before}\n\n${after}` : before || after
}

/**
 * Finds the review answer in `text`: the whole text when it is one JSON object, else the first fenced `json` block
 * holding an object with a `verdict`, else the first balanced top-level `{…}` that parses and has a `verdict`.
 * `leftover` is everything around the answer (a fenced answer's fence lines go with it), trimmed; with no answer it
 * is the whole text, trimmed. Nothing is thrown away: the leftover belongs on the trace.
 */
export function extractReview(text: string): Extracted {
  return extractAnswer(text, 'verdict')
}

/** Finds a correction answer (`{"findings": [...]}`) in `text` the way {@link extractReview} finds a review answer. */
export function extractCorrection(text: string): Extracted {
  return extractAnswer(text, 'findings')
}

function extractAnswer(text: string, key: AnswerKey): Extracted {
  const isAnswer = isAnswerBy(key)
  const whole = parse(text.trim())
  if (whole.ok && isAnswer(whole.value)) return { value: whole.value, leftover: '' }

  const blocks = fencedBlocks(text)
  for (const block of blocks) {
    if (!/^json[c5]?\b/i.test(block.info)) continue
    const parsed = parse(text.slice(block.body.start, block.body.end))
    if (parsed.ok && isAnswer(parsed.value)) {
      return { value: parsed.value, leftover: cut(text, block.block) }
    }
  }

  const found = scanObjects(text, 0, text.length, isAnswer)
  if (!found) return { value: undefined, leftover: text.trim() }
  // An answer that is all of a fenced block (one without a `json` tag) takes its fence lines with it.
  const holder = blocks.find(
    b =>
      b.body.start <= found.span.start &&
      found.span.end <= b.body.end &&
      text.slice(b.body.start, b.body.end).trim() === text.slice(found.span.start, found.span.end)
  )
  return { value: found.value, leftover: cut(text, holder ? holder.block : found.span) }
}
