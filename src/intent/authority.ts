/** The order of authority among the project's surfaces: the config's, else one a project file states. Never invented. */
import type { RepoConfig } from '../config/types.js'
import type { AuthorityOrder } from './types.js'
import { linesOf } from './head-tree.js'
import { headingsOf, sectionEnd } from './headings.js'

/** Headings (or `Label:` lines) that announce an order among documents. */
const ANNOUNCES = [
  /\b(?:order of authority|authority order|order of precedence|precedence|sources? of truth|source-of-truth)\b/i,
  /^(?:the\s+)?authority$/i,
  /\bwhen\s+(?:\S+\s+){0,3}(?:disagree|conflict)\b/i,
  /\bwhich\s+(?:\S+\s+){0,3}wins\b/i,
  /\b(?:hierarchy|ranking) of (?:documents|docs|sources|rules|instructions)\b/i,
  /^(?:document|doc|rule|instruction)s? (?:hierarchy|ranking)$/i
]

/** Item text that names a document: a path or glob, a file name, or a well-known project document. */
const SURFACE =
  /[\w*.@-]*\/[\w*./@-]*|[\w*.@-]+\.(?:md|mdc|markdown|rst|txt|adoc|ya?ml|json|toml)\b|\b(?:README|CONTRIBUTING|AGENTS|CLAUDE|GEMINI|ADRs?|CHANGELOG|GOVERNANCE|VISION|MISSION)\b/

/** An order is a short list of surfaces; more than this is not carried. */
const MAX_ITEMS = 20
const MAX_ITEM = 160

const LIST_ITEM = /^(\s*)(?:[-*+]|\d+[.)]|#\.)\s+(.*)$/

/** The config's order when it declares one. */
export function configuredAuthority(
  config: Pick<RepoConfig, 'origin' | 'authority'>
): AuthorityOrder | null {
  if (!config.authority || config.authority.length === 0) return null
  return { order: [...config.authority], declaredIn: config.origin ?? '.github/review-loop.yml' }
}

/** The first order stated in `files` (searched in the order given), carried as written, highest first. */
export function statedAuthority(
  files: readonly { path: string; text: string }[]
): AuthorityOrder | null {
  for (const { path, text } of files) {
    const found = orderIn(path, text)
    if (found) return { order: found.order, declaredIn: `${path}:${found.line}` }
  }
  return null
}

/** An order a file states under a heading, after a `Label:` line, or inline as `A > B > C`. */
export function orderIn(path: string, text: string): { order: string[]; line: number } | undefined {
  const lines = linesOf(text)
  const headings = headingsOf(path, text)
  const announced: { line: number; end: number; inline?: string }[] = []
  for (const [i, heading] of headings.entries()) {
    if (ANNOUNCES.some(re => re.test(heading.text))) {
      announced.push({ line: heading.line, end: sectionEnd(headings, i, lines.length) })
    }
  }
  const headingLines = new Set(headings.map(h => h.line))
  for (const [i, raw] of lines.entries()) {
    if (headingLines.has(i + 1) || LIST_ITEM.test(raw)) continue
    const label = raw.replace(/[*_]+/g, '').trim()
    const colon = label.indexOf(':')
    if (colon < 0) continue
    const head = label.slice(0, colon)
    if (!ANNOUNCES.some(re => re.test(head)) && !/\bhighest first\b/i.test(head)) continue
    const rest = label.slice(colon + 1).trim()
    announced.push({ line: i + 1, end: Math.min(lines.length, i + 12), inline: rest })
  }
  announced.sort((a, b) => a.line - b.line)
  for (const at of announced) {
    const items =
      at.inline && /[>→]/.test(at.inline)
        ? at.inline.split(/\s*(?:>|→)\s*/)
        : firstList(lines, at.line, at.end)
    const order = items
      .slice(0, MAX_ITEMS)
      .map(surfaceOf)
      .filter(item => item !== '')
      .map(item => (item.length > MAX_ITEM ? `${item.slice(0, MAX_ITEM - 1)}…` : item))
    if (order.filter(item => SURFACE.test(item)).length >= 2) return { order, line: at.line }
  }
  return undefined
}

/** The items of the first list after line `from` (1-based) and up to `end`, continuation lines folded in. */
function firstList(lines: readonly string[], from: number, end: number): string[] {
  const items: string[] = []
  let indent = -1
  for (let i = from; i < end; i++) {
    const line = lines[i] as string
    const item = LIST_ITEM.exec(line)
    if (item) {
      const depth = (item[1] as string).length
      if (indent < 0) indent = depth
      if (depth === indent) {
        items.push(item[2] as string)
        continue
      }
      if (depth > indent) continue
    }
    if (line.trim() === '') continue
    if (indent >= 0) {
      if (/^\s+\S/.test(line) && !item) continue
      break
    }
    // Prose before the list (an introduction) is skipped; a second paragraph means there is no list here.
    if (i - from > 6) break
  }
  return items
}

/** The surface an item names: its first code span, its link's target, a file name, else its words as written. */
function surfaceOf(item: string): string {
  const code = /`([^`]+)`/.exec(item)
  if (code) return (code[1] as string).trim()
  const link = /\[([^\]]*)\]\(([^)\s]+)[^)]*\)/.exec(item)
  if (link) {
    const target = link[2] as string
    return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')
      ? (link[1] as string).trim()
      : target.replace(/^\.\//, '')
  }
  const file =
    /[\w*.@-]*\/[\w*./@-]+|[\w*@-][\w*.@-]*\.(?:md|mdc|markdown|rst|txt|adoc|ya?ml|json|toml)\b/.exec(
      item
    )
  if (file) return file[0]
  return item
    .replace(/[*_]+/g, '')
    .replace(/\s+[—–:-]\s.*$/, '')
    .replace(/[.;,]\s*$/, '')
    .trim()
}
