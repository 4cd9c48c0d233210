/** A Markdown section as it stands in a file: from its heading to the next heading of the same or a higher level. */

/**
 * The section a Markdown heading line opens: up to the next heading of the same or a higher level. From a line that
 * is not an ATX heading (a setext or reStructuredText one), the `fallbackLines` lines from it.
 */
export function sectionFrom(lines: string[], line: number, fallbackLines = 40): string[] {
  const start = Math.max(0, line - 1)
  const level = /^(#{1,6})\s/.exec(lines[start] ?? '')?.[1]?.length
  if (level === undefined) return lines.slice(start, start + fallbackLines)
  let end = start + 1
  let fenced = false
  for (; end < lines.length; end++) {
    const text = lines[end]!
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced
    const next = fenced ? undefined : /^(#{1,6})\s/.exec(text)?.[1]?.length
    if (next !== undefined && next <= level) break
  }
  return lines.slice(start, end)
}
