/** Small text helpers shared by every renderer: short SHAs, safe fences and code spans, quoting, clipping. */

/** GitHub's limit on a comment body, in characters. */
export const COMMENT_LIMIT = 65_536

/** GitHub's limit on one step's job summary, in bytes. */
export const SUMMARY_LIMIT_BYTES = 1_048_576

/** The first seven characters of a commit SHA, as people read them. */
export function shortSha(sha: string): string {
  return /^[0-9a-f]{8,}$/i.test(sha) ? sha.slice(0, 7) : sha
}

/** Whitespace runs (newlines included) collapsed to one space, so a value fits on one trace line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The text cut to at most `max` characters, marked with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`
}

/** The longest run of `char` in `text`; a fence or code span must be longer than any run inside it. */
function longestRun(text: string, char: string): number {
  let longest = 0
  let current = 0
  for (const c of text) {
    current = c === char ? current + 1 : 0
    if (current > longest) longest = current
  }
  return longest
}

/** A fenced code block that no backtick run inside `text` can close early. */
export function fence(text: string, info = ''): string {
  const ticks = '`'.repeat(Math.max(3, longestRun(text, '`') + 1))
  return `${ticks}${info}\n${text}\n${ticks}`
}

/** An inline code span that survives backticks inside `text`. */
export function codeSpan(text: string): string {
  const ticks = '`'.repeat(longestRun(text, '`') + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${text}${pad}${ticks}`
}

/** Text made safe inside HTML (a `<summary>` element). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A Markdown blockquote holding `words` exactly, line by line (an empty line stays quoted). */
export function blockquote(words: string): string {
  return words
    .split(/\r?\n/)
    .map(line => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

/** A list in reading order: "G1", "G1 and G2", "G1, G2 and G3" (or "or" as the last joint). */
export function listWords(items: string[], joint: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${joint} ${items[items.length - 1]}`
}

/** A range of round numbers as words: "round 3" or "rounds 1–4". */
export function roundRange(numbers: number[]): string {
  if (numbers.length === 0) return 'no rounds'
  const lo = Math.min(...numbers)
  const hi = Math.max(...numbers)
  return lo === hi ? `round ${lo}` : `rounds ${lo}–${hi}`
}

// Relayed text: words a reviewer, a command or a pull request's author wrote, shown in a comment or the summary.

/** Control characters but tab and newline (a lone CR is a line break to GitHub, so it becomes one). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
/** `@name` and `@org/team`: GitHub pings them outside code. */
const MENTION = /@(?=[A-Za-z0-9])/g
/**
 * A command prefix anywhere: broken so no line of relayed text reads as one, whatever renders it. A backslash before
 * any of its letters (`/review\-loop`) shows as nothing outside code, so it is allowed there too.
 */
const COMMAND_PREFIX = /\/(?=\\?r\\?e\\?v\\?i\\?e\\?w\\?-\\?l\\?o\\?o\\?p)/gi
/** The longest line relayed text keeps; longer lines are cut (a wall of text breaks a comment's layout). */
export const RELAYED_LINE_MAX = 500

/** Text with every `@mention` broken by a zero-width space: a reader sees the same words, GitHub pings no one. */
export function unmentioned(text: string): string {
  return text.replace(MENTION, '@\u200B')
}

/**
 * Relayed text made inert: line endings made `\n`, control characters removed, every `@mention` and every
 * `/review-loop` broken by a zero-width space (a reader sees the same words; GitHub pings no one and the command
 * parser finds no command), each line cut at `RELAYED_LINE_MAX` characters. `mentions: false` leaves mentions as they
 * are, for the loop's own text that names people and relays words already made inert.
 */
export function inert(text: string, lineMax = RELAYED_LINE_MAX, mentions = true): string {
  const cleaned = text.replace(/\r\n?/g, '\n').replace(CONTROLS, '')
  return (mentions ? cleaned.replace(MENTION, '@\u200B') : cleaned)
    .replace(COMMAND_PREFIX, '/\u200B')
    .split('\n')
    .map(line => clip(line, lineMax))
    .join('\n')
}

/** Relayed text as a fenced block no run of backticks inside it can close, made inert first. */
export function relayedBlock(text: string, info = 'text'): string {
  return fence(inert(text), info)
}

/**
 * Relayed text on one line inside the loop's own Markdown (a list item, a sentence): inert, collapsed to one line,
 * clipped to `max`, with HTML opened nowhere (`<!--` would swallow the rest of the comment). Code spans and emphasis
 * stay as written: on one line they cannot open a block.
 */
export function relayedInline(text: string, max: number): string {
  return shownAsWritten(clip(oneLine(inert(text, Number.POSITIVE_INFINITY)), max))
}

/** A character reference (`&#47;`, `&sol;`): outside code GitHub shows the character, which the text did not spell. */
const CHARACTER_REFERENCE = /&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)/g

/**
 * Relayed text outside code, shown as written: no HTML opened, no character reference turned into the character it
 * names (`&#47;review-loop stop` would show, to any reader, as a command line).
 */
function shownAsWritten(text: string): string {
  return text.replace(CHARACTER_REFERENCE, '&amp;').replace(/<(?=[!?/A-Za-z])/g, '&lt;')
}

/**
 * The loop's own prose that carries relayed words (a gate's analysis names a command's failure): inert, HTML opened
 * nowhere, and no line that opens a code fence (an unterminated one would swallow the question and its options).
 * `mentions: false` for prose that names the people who answered (a design gate's history).
 */
export function relayedProse(text: string, mentions = true): string {
  return shownAsWritten(inert(text, RELAYED_LINE_MAX, mentions)).replace(
    /^( {0,3})(`{3,}|~{3,})/gm,
    '$1\\$2'
  )
}
