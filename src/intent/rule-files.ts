/** Which files at head are rule files, what kind, and the scope their place in the tree gives them. Paths only. */
import type { RuleLocation } from '../config/types.js'
import { Minimatch } from 'minimatch'
import { globAffordable } from './globs.js'
import { baseOf, dirOf } from './head-tree.js'

/** The kinds of rule file, in the order the harvest lists them. */
export type RuleKind = 'configured' | 'guide' | 'scoped' | 'contributing' | 'decision'

/** A file at head that may hold rules for the changed files. */
export interface RuleCandidate {
  path: string
  kind: RuleKind
  /** How the file is named in a `why` ("the guide", "the Cursor rule"). */
  label: string
  /** A guide's directory: it governs the changed files under it ('' = every file). */
  scopeDir?: string
  /** Whether front matter may scope it (read before deciding). */
  frontMatter?: boolean
  /** A configured location with `appliesTo`: it governs exactly the changed files these globs match. */
  appliesTo?: { location: string; globs: string[] }
  /** Whether its scope is the whole project (CONTRIBUTING): picked whenever anything changed. */
  projectWide?: boolean
}

/** The agent guides: a guide in directory D governs what changes under D. */
const GUIDE_NAMES = new Set([
  'AGENTS.md',
  'AGENT.md',
  'CLAUDE.md',
  'GEMINI.md',
  'AGENTS.override.md'
])

/** Single-file rule sets at the root, governing the whole repository. */
const ROOT_RULE_FILES: Record<string, string> = {
  '.cursorrules': 'the Cursor rules file',
  '.windsurfrules': 'the Windsurf rules file',
  '.clinerules': 'the Cline rules file',
  '.github/copilot-instructions.md': 'the Copilot instructions'
}

/** Rule directories whose files may carry front matter saying which files they apply to. */
const SCOPED_DIRS: { prefix: string; test: RegExp; label: string }[] = [
  { prefix: '.claude/rules/', test: /\.md$/i, label: 'the Claude rule' },
  { prefix: '.cursor/rules/', test: /\.mdc?$/i, label: 'the Cursor rule' },
  {
    prefix: '.github/instructions/',
    test: /\.instructions\.md$/i,
    label: 'the Copilot instructions'
  },
  { prefix: '.windsurf/rules/', test: /\.md$/i, label: 'the Windsurf rule' },
  { prefix: '.clinerules/', test: /\.md$/i, label: 'the Cline rule' }
]

const DECISION_DIRS = new Set([
  'adr',
  'adrs',
  'decisions',
  'architecture-decisions',
  'decision-records',
  'architecture-decision-records'
])

const PROSE = /\.(md|markdown|rst|txt|adoc)$/i

/** A cheap first test: every rule file is prose, a `.mdc`, or one of the extensionless rule files. */
const MAYBE_RULE =
  /\.(md|mdc|markdown|rst|txt|adoc)$|(^|\/)(\.cursorrules|\.windsurfrules|\.clinerules|contributing)$/i

/** The files of a decision-record folder that are not decisions. */
const NOT_A_DECISION =
  /^(readme|index|template|_template|adr-template|0000-template)(\.|$)|template\.(md|markdown|rst|txt|adoc)$/i

/** Rule candidates among `paths` (sorted), classified by path alone; configured locations come first. */
export function ruleCandidates(
  paths: readonly string[],
  locations: readonly RuleLocation[]
): { candidates: RuleCandidate[]; unmatchedLocations: string[]; refusedLocations: string[] } {
  const byPath = new Map<string, RuleCandidate>()
  const unmatchedLocations: string[] = []
  const refusedLocations: string[] = []
  for (const location of locations) {
    const found = resolveLocation(paths, location.path)
    if (found === undefined) {
      refusedLocations.push(location.path)
      continue
    }
    if (found.length === 0) unmatchedLocations.push(location.path)
    for (const path of found) {
      if (byPath.has(path)) continue
      byPath.set(path, {
        path,
        kind: 'configured',
        // The config's own text (a glob can say anything) stays out of the reason; the path is the pointer's.
        label: 'the configured rule file',
        frontMatter: !location.appliesTo,
        ...(location.appliesTo
          ? { appliesTo: { location: location.path, globs: location.appliesTo } }
          : {})
      })
    }
  }
  for (const path of paths) {
    if (!MAYBE_RULE.test(path) || byPath.has(path)) continue
    const candidate = classify(path)
    if (candidate) byPath.set(path, candidate)
  }
  return { candidates: [...byPath.values()], unmatchedLocations, refusedLocations }
}

/**
 * A configured location: an exact file, a directory (everything under it), or a glob (compiled once; undefined when
 * it is too costly to match, see `globAffordable`).
 */
function resolveLocation(paths: readonly string[], location: string): string[] | undefined {
  const pattern = location.replace(/^(\.\/|\/)+/, '').replace(/\/+$/, '')
  if (pattern === '') return []
  if (/[*?[\]{}]/.test(pattern)) {
    if (!globAffordable(pattern)) return undefined
    const glob = new Minimatch(pattern, { dot: true, noext: true })
    return paths.filter(path => glob.match(path))
  }
  return paths.filter(path => path === pattern || path.startsWith(`${pattern}/`))
}

function classify(path: string): RuleCandidate | undefined {
  const base = baseOf(path)
  const dir = dirOf(path)
  const rootFile = ROOT_RULE_FILES[path]
  if (rootFile) return { path, kind: 'guide', label: rootFile, scopeDir: '' }
  if (GUIDE_NAMES.has(base)) {
    // `.claude/CLAUDE.md` and `.github/AGENTS.md` are the root's guide kept out of sight.
    const scopeDir = dir === '.claude' || dir === '.github' ? '' : dir
    return { path, kind: 'guide', label: `the guide ${base}`, scopeDir }
  }
  for (const scoped of SCOPED_DIRS) {
    if (path.startsWith(scoped.prefix) && scoped.test.test(base)) {
      return { path, kind: 'scoped', label: scoped.label, frontMatter: true }
    }
  }
  if (
    /^contributing(\.(md|markdown|rst|txt|adoc))?$/i.test(base) &&
    ['', 'docs', 'doc', '.github'].includes(dir)
  ) {
    return { path, kind: 'contributing', label: 'the contributing guide', projectWide: true }
  }
  if (
    PROSE.test(base) &&
    !NOT_A_DECISION.test(base) &&
    dir
      .toLowerCase()
      .split('/')
      .some(d => DECISION_DIRS.has(d))
  ) {
    return { path, kind: 'decision', label: 'the decision record' }
  }
  return undefined
}
