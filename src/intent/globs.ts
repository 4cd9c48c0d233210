/**
 * Globs from repository text (rule front matter) and the config, compiled once and bounded: a glob is written by
 * whoever wrote the rule file, so one must not be able to make matching slow (brace bombs, star runs, extglobs).
 */
import { Minimatch } from 'minimatch'

/** Globs kept per rule file or configured location; the rest are not used. */
export const MAX_GLOBS = 50
/** The longest glob used. */
export const MAX_GLOB_LENGTH = 256
/** The most alternatives a glob's braces may expand to (`{a,b}{c,d}` is 4). */
export const MAX_ALTERNATIVES = 256
/** Wildcard runs (`*`) in one path segment: each one multiplies the cost of matching a long name. */
const MAX_STARS_PER_SEGMENT = 2

/**
 * Options for every harvest glob: dotfiles included; extglobs (`+(a|b)`) off, since minimatch turns them into nested
 * regular-expression quantifiers that backtrack exponentially, and no rule format documents them.
 */
const OPTIONS = { dot: true, noext: true } as const

/** A set of globs compiled once, with what was refused and why (counted, never echoed: the text is the repository's). */
export class GlobSet {
  private constructor(
    private readonly compiled: readonly Minimatch[],
    /** Globs not used: too long, too many brace alternatives, or too many `*` in one segment. */
    readonly refused: number,
    /** Globs past MAX_GLOBS, not used. */
    readonly dropped: number
  ) {}

  /** Compiles `globs` (a leading `./` or `/` is dropped; a slashless glob matches the file name anywhere). */
  static of(globs: readonly string[]): GlobSet {
    const kept = globs.slice(0, MAX_GLOBS)
    const compiled: Minimatch[] = []
    let refused = 0
    for (const glob of kept) {
      const pattern = glob.replace(/^(\.\/|\/)+/, '')
      if (pattern === '') continue
      if (!globAffordable(pattern)) {
        refused++
        continue
      }
      compiled.push(new Minimatch(pattern, { ...OPTIONS, matchBase: !pattern.includes('/') }))
    }
    return new GlobSet(compiled, refused, globs.length - kept.length)
  }

  /** Whether no glob is usable. */
  get empty(): boolean {
    return this.compiled.length === 0
  }

  /** Whether `file` (under `relativeTo`, when given) matches one of the globs. */
  matches(file: string, relativeTo = ''): boolean {
    const prefix = relativeTo === '' ? '' : `${relativeTo}/`
    if (!file.startsWith(prefix)) return false
    const path = file.slice(prefix.length)
    return this.compiled.some(m => m.match(path))
  }

  /** What was left out, in the loop's words, for a note; undefined when every glob was used. */
  problem(): string | undefined {
    const parts: string[] = []
    if (this.refused > 0) {
      parts.push(
        `${this.refused} glob${this.refused === 1 ? ' was' : 's were'} not used (over ${MAX_GLOB_LENGTH} characters, over ${MAX_ALTERNATIVES} alternatives once braces are expanded, or over ${MAX_STARS_PER_SEGMENT} \`*\` in one path segment)`
      )
    }
    if (this.dropped > 0) {
      parts.push(
        `${this.dropped} glob${this.dropped === 1 ? ' was' : 's were'} past the first ${MAX_GLOBS} and not used`
      )
    }
    return parts.length === 0 ? undefined : parts.join('; ')
  }
}

/** Whether matching `pattern` stays cheap: short, few brace alternatives, few `*` runs per segment. */
export function globAffordable(pattern: string): boolean {
  if (pattern.length > MAX_GLOB_LENGTH) return false
  if (braceAlternatives(pattern, MAX_ALTERNATIVES) > MAX_ALTERNATIVES) return false
  for (const segment of pattern.split('/')) {
    if (segment === '**') continue
    const runs = segment.match(/\*+/g)?.length ?? 0
    if (runs > MAX_STARS_PER_SEGMENT) return false
  }
  return true
}

/**
 * How many alternatives `pattern`'s braces expand to, counted without expanding them (expanding `{a,b}` twenty times
 * is a million strings), and never more than `cap + 1`. Follows brace expansion: `{a,b}` lists, `{1..9}` and `{a..z}`
 * sequences (with an optional step), nesting, `\` escapes; a brace with neither a comma nor a sequence is literal.
 */
export function braceAlternatives(pattern: string, cap: number): number {
  const limit = cap + 1
  const sat = (n: number): number => Math.min(n, limit)
  let pos = 0
  // Each `{` is read once: what it counts and where it ends. Without this an unclosed brace inside an unclosed brace
  // was read again from every `{` before it, and `{a,` twenty-two times took a third of a second (doubling with each
  // two more), so a rule file's glob of 256 characters could hold the step forever (issue 15, item 10).
  const read = new Map<number, { count: number | undefined; end: number }>()

  const sequence = (inBrace: boolean): number => {
    let count = 1
    while (pos < pattern.length) {
      const ch = pattern[pos] as string
      if (ch === '\\') {
        pos += 2
        continue
      }
      if (inBrace && (ch === ',' || ch === '}')) return count
      if (ch === '{') {
        const start = pos
        const group = brace()
        if (group === undefined) pos = start + 1
        else count = sat(count * group)
        continue
      }
      pos++
    }
    return count
  }

  // At a `{`: the group's alternatives, or undefined when it never closes (then the `{` is literal).
  const brace = (): number | undefined => {
    const open = pos
    const known = read.get(open)
    if (known) {
      pos = known.end
      return known.count
    }
    const count = braceAt(open)
    read.set(open, { count, end: pos })
    return count
  }

  const braceAt = (open: number): number | undefined => {
    pos++
    let total = 0
    let alternatives = 0
    for (;;) {
      const count = sequence(true)
      total = sat(total + count)
      alternatives++
      if (pos >= pattern.length) return undefined
      if (pattern[pos] === ',') {
        pos++
        continue
      }
      pos++ // the closing `}`
      break
    }
    if (alternatives > 1) return total
    const range = rangeSize(pattern.slice(open + 1, pos - 1))
    return range === undefined ? total : sat(range)
  }

  return sequence(false)
}

/** The length of a `{x..y}` or `{x..y..step}` sequence (numbers or single letters), else undefined. */
function rangeSize(body: string): number | undefined {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body)
  if (!m) return undefined
  const from = m[1] as string
  const to = m[2] as string
  const numeric = /\d/.test(from) && /\d/.test(to)
  if (!numeric && (/\d/.test(from) || /\d/.test(to))) return undefined
  const a = numeric ? Number(from) : from.charCodeAt(0)
  const b = numeric ? Number(to) : to.charCodeAt(0)
  const step = Math.max(1, Math.abs(Number(m[3] ?? 1)) || 1)
  const size = Math.floor(Math.abs(b - a) / step) + 1
  // `{1..99999999999999999999}` reads as Infinity, and Infinity - Infinity is NaN: both are "too many".
  return Number.isFinite(size) ? size : Number.POSITIVE_INFINITY
}
