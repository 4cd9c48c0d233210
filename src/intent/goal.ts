/** Where the project says what it is for: the config's goal, else a section found by looking (seed 004). */
import type { RepoConfig } from '../config/types.js'
import type { GoalPointer } from './types.js'
import { baseOf, byPath, type HeadTree } from './head-tree.js'
import { headingsOf, type Heading } from './headings.js'

/** Files named for the goal: the whole file is the statement. */
const NAMED = /^(north[-_ ]?star|mission|vision|purpose|goals?)(\.(md|markdown|rst|txt|adoc))?$/i
const NAMED_RANK = ['northstar', 'mission', 'vision', 'purpose', 'goals', 'goal']
const README = /^readme(\.(md|markdown|rst|txt|adoc))?$/i
const README_RANK = ['.md', '.markdown', '.rst', '.adoc', '.txt', '']
const GUIDES = [
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'AGENT.md',
  '.github/copilot-instructions.md'
]
const SEARCHED_BY_HEADING = /^(contributing|governance)(\.(md|markdown|rst|txt|adoc))?$/i
const DOCS_DIRS = ['docs', 'doc']
/** Goal-reading docs files read at most. */
const MAX_DOCS = 25

/** What a heading must say, alone or beside another part ("Goals and non-goals"). */
const GOAL_WORDS =
  /^(?:(?:our|the|project|design|core|primary|main|key|overall|product|long[- ]term)\s+)*(mission|north[- ]?star|goals?|purpose|vision|motivation|philosophy|objectives?|aims?)(?:\s+statement)?(?:\s+of\s+(?:the|this)\s+\w+|\s+of\s+\S+)?$/i
/** "Why Foo?", "Why use foo", "Why this project": a name after "why", not a question ("Why is it slow?"). */
const WHY =
  /^why\s+(?!(?:is|are|was|were|does|do|did|can|could|should|would|will|not|isn't|doesn't|don't|am|has|have)\b)(?:use\s+|choose\s+)?[^\s?]+(?:\s+[^\s?]+)?\s*\??$/i
const WHAT_FOR = /^what\s+(?:is|are|'s)\s+.+\s+for\s*\??$/i

/** Whether a heading reads as a statement of what the project is for (never a bare "Non-goals"). */
export function isGoalHeading(text: string): boolean {
  const t = text
    .replace(/^[\d.)\s]+/, '')
    .replace(/[\p{Extended_Pictographic}\uFE0F()[\]]/gu, ' ')
    .trim()
  if (WHY.test(t) && !/^why\s+not\b/i.test(t)) return true
  if (WHAT_FOR.test(t)) return true
  return t
    .split(/\s*(?:,|&|\/|\band\b|\+)\s*/i)
    .some(part => !/\bnon[- ]?goals?\b/i.test(part) && GOAL_WORDS.test(part.trim()))
}

/** What the goal search found, or exactly what was missing. */
export interface GoalResult {
  goal: GoalPointer | null
  note?: string
}

/** Resolves the goal: the config's first (a missing file or section is `null` with a note), else by looking. */
export async function findGoal(
  tree: HeadTree,
  config: Pick<RepoConfig, 'origin' | 'goal'>,
  maxBytes: number
): Promise<GoalResult> {
  if (config.goal) return configuredGoal(tree, config, maxBytes)
  const at = (dir: string, test: RegExp): string[] =>
    tree.inDir(dir).filter(path => test.test(baseOf(path)))
  const named = ['', ...DOCS_DIRS, '.github'].flatMap(dir =>
    at(dir, NAMED).sort((a, b) => rank(a, NAMED_RANK, stemKey) - rank(b, NAMED_RANK, stemKey))
  )
  for (const path of named) {
    const read = await tree.read(path, maxBytes)
    if (read.kind !== 'text') continue
    const first = headingsOf(path, read.text)[0]
    return {
      goal: {
        path,
        section: first?.text ?? baseOf(path),
        line: first?.line ?? 1,
        why: `${path} is named for the project's goal; the whole file is the statement`
      }
    }
  }
  const readmes = at('', README).sort(
    (a, b) => rank(a, README_RANK, extKey) - rank(b, README_RANK, extKey)
  )
  const guides = GUIDES.filter(path => tree.has(path))
  const byHeading = ['', '.github', ...DOCS_DIRS].flatMap(dir => at(dir, SEARCHED_BY_HEADING))
  const docs = DOCS_DIRS.flatMap(dir =>
    at(dir, /\.(md|markdown|rst|adoc)$/i)
      .filter(path => !NAMED.test(baseOf(path)) && !SEARCHED_BY_HEADING.test(baseOf(path)))
      .sort(
        (a, b) =>
          Number(!/^(readme|index)\./i.test(baseOf(a))) -
            Number(!/^(readme|index)\./i.test(baseOf(b))) || byPath(a, b)
      )
  )
  const searched: { paths: string[]; where: string }[] = [
    { paths: readmes, where: 'the README' },
    { paths: guides, where: 'the project guide' },
    { paths: byHeading, where: 'a project document' },
    { paths: docs.slice(0, MAX_DOCS), where: 'the docs' }
  ]
  for (const { paths: group, where } of searched) {
    const reads = await tree.readAll(group, maxBytes)
    for (const path of group) {
      const read = reads.get(path)
      if (read?.kind !== 'text') continue
      const heading = headingsOf(path, read.text).find(h => isGoalHeading(h.text))
      if (heading) {
        return {
          goal: {
            path,
            section: heading.text,
            line: heading.line,
            why: `the heading "${heading.text}" in ${where} reads as a statement of what the project is for (no goal is configured and no file is named for one)`
          }
        }
      }
    }
  }
  const note =
    docs.length > MAX_DOCS
      ? `No goal found; ${docs.length - MAX_DOCS} files in docs/ past the first ${MAX_DOCS} were not searched.`
      : undefined
  return note ? { goal: null, note } : { goal: null }
}

async function configuredGoal(
  tree: HeadTree,
  config: Pick<RepoConfig, 'origin' | 'goal'>,
  maxBytes: number
): Promise<GoalResult> {
  const goal = config.goal as { path: string; section?: string }
  const from = config.origin ?? '.github/review-loop.yml'
  const path = goal.path.replace(/^(\.\/|\/)+/, '')
  const read = await tree.read(path, maxBytes)
  if (read.kind !== 'text') {
    const what =
      read.kind === 'absent'
        ? tree.paths().some(p => p.startsWith(`${path}/`))
          ? 'which is a directory at the head, not a file'
          : 'which does not exist at the head'
        : read.kind === 'not-a-file'
          ? 'which is a symlink or a submodule at the head, not a file (links are not followed)'
          : read.kind === 'binary'
            ? 'which is binary'
            : `which is ${read.size} bytes, over the ${maxBytes}-byte cap`
    return {
      goal: null,
      note: `The goal configured in ${from} names ${path}, ${what}; no goal is conveyed.`
    }
  }
  const headings = headingsOf(path, read.text)
  if (goal.section === undefined) {
    const first = headings[0]
    return {
      goal: {
        path,
        section: first?.text ?? baseOf(path),
        line: first?.line ?? 1,
        why: `named by ${from} (the whole file)`
      }
    }
  }
  const wanted = normalise(goal.section)
  const heading = headings.find((h: Heading) => normalise(h.text) === wanted)
  if (!heading) {
    const listed = headings.slice(0, 8).map(h => `"${h.text}"`)
    return {
      goal: null,
      note: `The goal configured in ${from} names the section "${goal.section}" of ${path}, which has no such heading (${
        listed.length === 0
          ? 'it has no headings'
          : `its headings: ${listed.join(', ')}${headings.length > 8 ? ', …' : ''}`
      }); no goal is conveyed.`
    }
  }
  return {
    goal: { path, section: heading.text, line: heading.line, why: `named by ${from}` }
  }
}

function normalise(heading: string): string {
  return heading
    .replace(/^#+\s*/, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s*:\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

const stemKey = (path: string): string =>
  baseOf(path).toLowerCase().replace(/\..*$/, '').replace(/[-_ ]/g, '')
const extKey = (path: string): string => {
  const base = baseOf(path).toLowerCase()
  const dot = base.indexOf('.')
  return dot < 0 ? '' : base.slice(dot)
}

function rank(path: string, order: readonly string[], key: (path: string) => string): number {
  const at = order.indexOf(key(path))
  return at < 0 ? order.length : at
}
