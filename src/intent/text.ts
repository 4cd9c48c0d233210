/** Repository text cut to a size every reader of it can afford: bounded lines, bounded one-line labels. */

/**
 * The longest line any harvest pattern sees. Repository text is untrusted: a line of 80 000 spaces must not make a
 * pattern quadratic. Real headings, list items and comments are far shorter; the rest of a longer line is dropped.
 */
export const MAX_LINE = 2000

/** Characters JavaScript's `.` and `$` treat as line ends, which git does not: a lone CR inside a line, U+2028/9. */
const INNER_BREAKS = /[\r\u2028\u2029]/g

/**
 * Splits text into lines (without the trailing empty one a final newline makes), each cut to MAX_LINE characters
 * and with inner line-break characters read as spaces, so that `.*$` always reaches the end of a line.
 */
export function linesOf(text: string): string[] {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map(line => {
    const ended = line.endsWith('\r') ? line.slice(0, -1) : line
    const cut = ended.length > MAX_LINE ? ended.slice(0, MAX_LINE) : ended
    return cut.replace(INNER_BREAKS, ' ')
  })
}

/** Text on one line, whitespace collapsed, cut to `max` characters with an ellipsis (a label made of repository text). */
export function oneLine(text: string, max: number): string {
  const line = text
    .slice(0, max * 4)
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}

/** `text` without trailing characters in `chars` (a loop: the anchored pattern `[…]+$` is quadratic on a long run). */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length
  while (end > 0 && chars.includes(text[end - 1] as string)) end--
  return text.slice(0, end)
}

/** `text` without a trailing colon and the whitespace around it ("Goals :" -> "Goals"). */
export function withoutTrailingColon(text: string): string {
  const trimmed = text.trimEnd()
  return trimmed.endsWith(':') ? trimmed.slice(0, -1).trimEnd() : trimmed
}
