/** The order of authority among the project's surfaces: the config's, else one a project file states. Never invented. */
import type { RepoConfig } from '../config/types.js'
import type { AuthorityOrder } from './types.js'
import { linesOf } from './text.js'
import { GlobSet } from './globs.js'
import { headingsOf, sectionEnd } from './headings.js'

/** Words for the project's documents: an order among these is an order of authority (never "files" or "sources": a program's configuration files and sources have a precedence that is not the project's). */
const DOCS = String.raw`(?:documents?|docs?|guides?|guidelines|rules?|instructions?|specs?|specifications?|conventions)`

/**
 * Headings (or `Label:` lines) that announce an order among the project's documents. A bare "Precedence" does not:
 * "Configuration precedence" in a README ranks command-line flags and config files, not the project's surfaces.
 */
const ANNOUNCES = [
  /\b(?:order of authority|authority order)\b/i,
  new RegExp(
    String.raw`\bprecedence (?:of|among|between) (?:(?:these|the|our|project|this project's)\s+)?${DOCS}\b`,
    'i'
  ),
  new RegExp(String.raw`^(?:(?:project|our|the)\s+)?${DOCS} precedence$`, 'i'),
  /^(?:the\s+)?authority$/i,
  new RegExp(
    String.raw`\bwhen\s+(?:(?:these|the|our|two|project)\s+)?${DOCS}\s+(?:disagree|conflict)\b`,
    'i'
  ),
  new RegExp(String.raw`\bwhich\s+${DOCS}\s+wins\b`, 'i'),
  new RegExp(String.raw`\b(?:hierarchy|ranking) of ${DOCS}\b`, 'i'),
  new RegExp(String.raw`^${DOCS} (?:hierarchy|ranking)$`, 'i'),
  /\bsources of truth\b/i,
  new RegExp(
    String.raw`(?:\bsource of truth\b|\b${DOCS}\b).*\b(?:highest|most authoritative) first\b`,
    'i'
  )
]

/** Whether a heading or label announces an order among documents. */
export function announcesOrder(text: string): boolean {
  return ANNOUNCES.some(re => re.test(text))
}

/** An order is a short list of surfaces; more than this is not carried. */
const MAX_ITEMS = 20
/** The longest item kept (a longer one is not a path the order can name). */
const MAX_ITEM = 160
/** Item text is cut to this before any pattern reads it. */
const MAX_ITEM_TEXT = 300

const LIST_ITEM = /^(\s*)(?:[-*+]|\d+[.)]|#\.)\s+(.*)$/

/** The config's order when it declares one. */
export function configuredAuthority(
  config: Pick<RepoConfig, 'origin' | 'authority'>
): AuthorityOrder | null {
  if (!config.authority || config.authority.length === 0) return null
  return { order: [...config.authority], declaredIn: config.origin ?? '.github/review-loop.yml' }
}

/**
 * Whether an item names a surface of the repository whose regular files are `paths`: a file, a directory holding one
 * (`docs/adr/`), or a glob matching one. Never a home (`~`), absolute (`/`) or variable (`$`) path.
 */
export function surfaceResolver(paths: readonly string[]): (item: string) => boolean {
  const memo = new Map<string, boolean>()
  const files = new Set(paths)
  const resolve = (item: string): boolean => {
    if (item === '' || item.length > MAX_ITEM || /^[~/$]/.test(item)) return false
    const path = item.replace(/^\.\//, '')
    if (path === '' || path.startsWith('/')) return false
    if (/[*?[\]{}]/.test(path)) {
      const globs = GlobSet.of([path])
      return !globs.empty && paths.some(p => globs.matches(p))
    }
    if (files.has(path)) return true
    const dir = path.endsWith('/') ? path : `${path}/`
    return paths.some(p => p.startsWith(dir))
  }
  return item => {
    let known = memo.get(item)
    if (known === undefined) {
      known = resolve(item)
      memo.set(item, known)
    }
    return known
  }
}

/** The first order stated in `files` (searched in the order given) whose items name at least two surfaces that resolve. */
export function statedAuthority(
  files: readonly { path: string; text: string }[],
  resolves: (item: string) => boolean
): AuthorityOrder | null {
  for (const { path, text } of files) {
    const found = orderIn(path, text, resolves)
    if (found) return { order: found.order, declaredIn: `${path}:${found.line}` }
  }
  return null
}

/**
 * An order a file states under a heading, after a `Label:` line, or inline as `A > B > C`: its items that `resolves`
 * accepts, highest first, when there are at least two (fewer is no order).
 */
export function orderIn(
  path: string,
  text: string,
  resolves: (item: string) => boolean
): { order: string[]; line: number } | undefined {
  const lines = linesOf(text)
  const headings = headingsOf(path, text)
  const announced: { line: number; end: number; inline?: string }[] = []
  for (const [i, heading] of headings.entries()) {
    if (announcesOrder(heading.text)) {
      announced.push({ line: heading.line, end: sectionEnd(headings, i, lines.length) })
    }
  }
  const headingLines = new Set(headings.map(h => h.line))
  for (const [i, raw] of lines.entries()) {
    if (headingLines.has(i + 1) || LIST_ITEM.test(raw)) continue
    const label = raw.replace(/[*_]+/g, '').trim()
    const colon = label.indexOf(':')
    if (colon < 0) continue
    if (!announcesOrder(label.slice(0, colon))) continue
    const rest = label.slice(colon + 1).trim()
    announced.push({ line: i + 1, end: Math.min(lines.length, i + 12), inline: rest })
  }
  announced.sort((a, b) => a.line - b.line)
  for (const at of announced) {
    const items =
      at.inline && /[>→]/.test(at.inline)
        ? at.inline.split(/[>→]/).map(item => item.trim())
        : firstList(lines, at.line, at.end)
    const order = items
      .slice(0, MAX_ITEMS)
      .map(item => surfaceOf(item.slice(0, MAX_ITEM_TEXT)))
      .filter(item => resolves(item))
    if (order.length >= 2) return { order, line: at.line }
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
