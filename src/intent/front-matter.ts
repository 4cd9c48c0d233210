/** The scoping keys of a rule file's front matter (Claude `paths:`, Cursor `globs:`/`alwaysApply:`, Copilot `applyTo:`). */
import { linesOf } from './text.js'

/** What a rule file's front matter says about where it applies. */
export interface RuleScope {
  /** Globs of the files the rule applies to, as written (the key they came from kept for the `why`). */
  globs: string[]
  key?: string
  /** Cursor's `alwaysApply: true` (and Windsurf's `trigger: always_on`): the rule applies everywhere. */
  always: boolean
  /** The line after the front matter (1-based), where the body starts. */
  bodyLine: number
}

const GLOB_KEYS = ['paths', 'globs', 'applyTo', 'applies_to', 'files']

/**
 * Reads the `---` block at the top of a rule file. Deliberately not a YAML parser: Cursor writes
 * `globs: src/**, *.ts` unquoted, which YAML reads as one string anyway, and only four keys matter.
 */
export function parseFrontMatter(text: string): RuleScope | undefined {
  const lines = linesOf(text.replace(/^\uFEFF/, ''))
  if (lines[0]?.trim() !== '---') return undefined
  const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line))
  if (end < 0) return undefined
  const scope: RuleScope = { globs: [], always: false, bodyLine: end + 2 }
  for (let i = 1; i < end; i++) {
    const m = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(lines[i] as string)
    if (!m) continue
    const key = m[1] as string
    const value = stripComment(m[2] as string)
    if (key === 'alwaysApply' && /^(true|yes)$/i.test(unquote(value))) scope.always = true
    if (key === 'trigger' && /^always_on$/i.test(unquote(value))) scope.always = true
    if (!GLOB_KEYS.includes(key) || scope.globs.length > 0) continue
    const globs: string[] = []
    if (value.startsWith('[')) {
      globs.push(...splitList(value.replace(/^\[|\]$/g, '')))
    } else if (value !== '' && value !== '|' && value !== '>') {
      // Copilot writes `applyTo: "**/*.ts,**/*.tsx"`: one quoted string holding the list.
      globs.push(...splitList(unquote(value)))
    } else {
      // A block list: the indented `- item` lines that follow.
      for (let j = i + 1; j < end; j++) {
        const item = /^\s*-\s+(.*)$/.exec(lines[j] as string)
        if (!item) {
          if (/^\s/.test(lines[j] as string) && (lines[j] as string).trim() !== '') continue
          break
        }
        globs.push(...splitList(stripComment(item[1] as string)))
      }
    }
    if (globs.length > 0) {
      scope.globs = globs
      scope.key = key
    }
  }
  return scope
}

/** Splits on commas outside braces (`src/**\/*.{ts,tsx}` is one glob) and unquotes each item. */
function splitList(value: string): string[] {
  const items: string[] = []
  let depth = 0
  let quote = ''
  let current = ''
  for (const ch of value) {
    if (quote) {
      if (ch === quote) quote = ''
      current += ch
      continue
    }
    if (ch === '"' || ch === "'") quote = ch
    if (ch === '{') depth++
    if (ch === '}') depth = Math.max(0, depth - 1)
    if (ch === ',' && depth === 0) {
      items.push(current)
      current = ''
      continue
    }
    current += ch
  }
  items.push(current)
  return items.map(item => unquote(item.trim())).filter(item => item !== '')
}

function unquote(value: string): string {
  const v = value.trim()
  const q = v[0]
  if (v.length >= 2 && (q === '"' || q === "'") && v.endsWith(q) && !v.slice(1, -1).includes(q)) {
    return v.slice(1, -1)
  }
  return v
}

/**
 * Drops a YAML comment (` #` outside quotes); a glob never has a space before `#`. A scan for the first `#` after
 * whitespace: the pattern `\s+#.*$` retries from every space of a long run.
 */
function stripComment(value: string): string {
  for (let i = 1; i < value.length; i++) {
    if (value[i] === '#' && /\s/.test(value[i - 1] as string)) return value.slice(0, i).trim()
  }
  return value.trim()
}
