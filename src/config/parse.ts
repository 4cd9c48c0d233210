/** Parses the text of `.github/review-loop.yml` into a RepoConfig, or fails naming the line, key, value and fix. */
import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import type { z } from 'zod'
import { ConfigurationError, INPUT_HINTS, type InputName } from '../action/inputs.js'
import { RepoConfigFileSchema, SECRET_INPUTS, toRepoConfig } from './schema.js'
import { DEFAULTABLE_INPUTS, type RepoConfig } from './types.js'
import { errorMessage } from '../shared/errors.js'

type Path = (string | number)[]

const TOP_KEYS = Object.keys(RepoConfigFileSchema.shape)
const PATH_HINT = "give a path or glob relative to the repository root (no leading '/', no '..')"
const LOGIN_HINT = "give a GitHub login, e.g. 'octo-maintainer'"

/** The fix for a bad value, by key path with list indices as `[]`. */
const HINTS: Record<string, string> = {
  rules: 'give a list of paths or globs, each a string or {path: ..., applies-to: [globs]}',
  'rules[]': `${PATH_HINT}, or write {path: ..., applies-to: [globs]}`,
  'rules[].path': PATH_HINT,
  'rules[].applies-to':
    "give a list of globs of the changed files these rules govern, e.g. ['src/api/**']",
  'rules[].applies-to[]': "give a glob relative to the repository root, e.g. 'src/api/**'",
  goal: 'give a path (goal: docs/VISION.md) or {path: docs/VISION.md, section: Northstar}',
  'goal.path':
    'give the path of one file relative to the repository root, not a glob (no * ? [ ] { }), e.g. docs/VISION.md',
  'goal.section': 'give the text of the heading, e.g. Northstar',
  authority:
    'give a list of paths or globs, highest authority first (remove the key when the project declares no order)',
  'authority[]': PATH_HINT,
  protected: "give a list of globs, e.g. ['src/security/**']",
  'protected[]': PATH_HINT,
  answerers:
    "give a list of at least one login, e.g. ['octo-maintainer'] (remove the key to let anyone with write access answer)",
  'answerers[]': LOGIN_HINT,
  defaults: 'give a mapping of input names to values, e.g. `depth: deep`'
}

const ALLOWED_UNDER: Record<string, readonly string[]> = {
  '': TOP_KEYS,
  defaults: DEFAULTABLE_INPUTS,
  'rules[]': ['path', 'applies-to'],
  goal: ['path', 'section']
}

function keyPath(path: Path): string {
  return path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out === '' ? part : `${out}.${part}`,
    ''
  )
}

/** The path with list indices as `[]`: `rules[].applies-to`. */
const generic = (path: Path): string => keyPath(path).replace(/\[\d+\]/g, '[]')

function valueAt(root: unknown, path: Path): unknown {
  let at = root
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string | number, unknown>)[part]
  }
  return at
}

function hintFor(path: Path, value: unknown): string {
  const where = generic(path)
  if (where === 'answerers[]' && typeof value === 'string' && value.startsWith('@'))
    return `write the login without '@': '${value.slice(1)}'`
  if (path[0] === 'defaults' && typeof path[1] === 'string')
    return INPUT_HINTS[path[1] as InputName] ?? 'give the value as text'
  return HINTS[where] ?? 'see docs/config.md'
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]!
}

function unknownKey(parent: Path, key: string): string {
  const at = keyPath([...parent, key])
  if ((SECRET_INPUTS as readonly string[]).includes(key)) {
    return `\`${at}\` cannot be set here: a secret never belongs in a repository file; pass it in the workflow's \`with:\` (e.g. \`${key}: \${{ secrets.${key.toUpperCase().replace(/-/g, '_')} }}\`)`
  }
  if (key === 'command') {
    return `\`${at}\` cannot be set here: the command line is the workflow author's trusted configuration and runs on the runner, so it belongs in the workflow's \`with:\`, never in a repository file`
  }
  if (parent.length === 0 && (DEFAULTABLE_INPUTS as readonly string[]).includes(key)) {
    return `\`${key}\` is not a key of this file: to give the input a default, put it under \`defaults:\` (defaults: {${key}: ...})`
  }
  const allowed = ALLOWED_UNDER[generic(parent)] ?? []
  const near = allowed.find(k => distance(k, key) <= Math.max(1, Math.floor(k.length / 4)))
  return `\`${at}\` is not a key of ${parent.length === 0 ? 'this file' : `\`${keyPath(parent)}\``}${near ? `; did you mean \`${near}\`?` : ''} (the keys are: ${allowed.join(', ')})`
}

/** A value as the message shows it, cut short when long. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** Describes one zod issue as `[key path of the line, text]` entries. */
function describe(issue: z.core.$ZodIssue, root: unknown): [Path, string][] {
  const path = issue.path as Path
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map(key => [[...path, key], unknownKey(path, key)])
  }
  const value = valueAt(root, path)
  if (issue.code === 'invalid_union' && value !== null && typeof value === 'object') {
    // A mapping was meant as the {path, ...} form: report what is wrong inside it.
    const branch = issue.errors.find(
      branch => !branch.every(i => i.code === 'invalid_type' && i.path.length === 0)
    )
    if (branch) return branch.flatMap(i => describe({ ...i, path: [...path, ...i.path] }, root))
  }
  if (issue.code === 'too_small' && Array.isArray(value))
    return [[path, `\`${keyPath(path)}\` is an empty list: ${hintFor(path, value)}`]]
  if (value === undefined)
    return [[path, `\`${keyPath(path)}\` is missing: ${hintFor(path, value)}`]]
  return [[path, `\`${keyPath(path)}\` is ${shown(value)}: ${hintFor(path, value)}`]]
}

/** The 1-based line of the key (in a mapping) or the item (in a list) at `path`, else of its nearest parent. */
function lineOf(doc: Document, lines: LineCounter, path: Path): number | undefined {
  for (let n = path.length; n > 0; n--) {
    const parent = n === 1 ? doc.contents : doc.getIn(path.slice(0, n - 1), true)
    const last = path[n - 1]
    let node: unknown
    if (isMap(parent)) node = parent.items.find(p => isScalar(p.key) && p.key.value === last)?.key
    else if (isSeq(parent) && typeof last === 'number') node = parent.items[last]
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line
  }
  const root = doc.contents
  return root?.range ? lines.linePos(root.range[0]).line : undefined
}

function withoutNulls(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  // An emptied key (`protected:` with every entry commented out) reads as absent, not as an error.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, k === 'defaults' ? withoutNulls(v) : v])
  )
}

/** Parses the file's text; `origin` ("… on main") names it in every error. */
export function parseRepoConfig(text: string, origin: string): RepoConfig {
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true })
  const syntax = doc.errors[0]
  if (syntax) {
    // An unclosed quote or bracket is reported past the end of the file; the last line is the one to look at.
    const last = text.replace(/\s+$/, '').split('\n').length
    const at = syntax.linePos?.[0].line
    const line = at === undefined ? undefined : Math.min(at, last)
    const what = syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')
    throw new ConfigurationError(
      `${origin}${line ? `, line ${line}` : ''}: not valid YAML (${what}); fix the syntax there.`
    )
  }
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: 100 })
  } catch (error) {
    // A "billion laughs" file: aliases that expand without bound.
    throw new ConfigurationError(
      `${origin}: not valid YAML (${errorMessage(error)}); write the values out instead of through aliases.`
    )
  }
  const raw = withoutNulls(value)
  if (raw === undefined || raw === null) return { origin, rules: [], protected: [], defaults: {} }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigurationError(
      `${origin}: the file must be a mapping of keys (${TOP_KEYS.join(', ')}), not ${Array.isArray(raw) ? 'a list' : shown(raw)}; see docs/config.md.`
    )
  }
  const parsed = RepoConfigFileSchema.safeParse(raw)
  if (parsed.success) return toRepoConfig(parsed.data, origin)
  const problems = parsed.error.issues.flatMap(issue => describe(issue, raw))
  const located = problems.map(([path, text]) => {
    const line = lineOf(doc, lines, path)
    return `${line ? `line ${line}: ` : ''}${text}.`
  })
  if (located.length === 1) throw new ConfigurationError(`${origin}, ${located[0]}`)
  throw new ConfigurationError(
    `${origin} has ${located.length} problems:\n${located.map(l => `- ${l}`).join('\n')}`
  )
}
