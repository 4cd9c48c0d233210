/** Where the project says what it is for: the config's goal, else a section found by looking (seed 004). */
import type { RepoConfig } from '../config/types.js'
import type { GoalPointer } from './types.js'
import type { Budget } from './budget.js'
import { baseOf, byPath, type HeadTree } from './head-tree.js'
import { headingsOf, type Heading } from './headings.js'
import { oneLine, withoutTrailingColon } from './text.js'

/** The longest goal section name carried: it is repository text, so it is one line and short. */
export const MAX_SECTION = 80

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
/** "Why Foo?", "Why use foo": the name after "why" (one or two words), not a question ("Why is it slow?"). */
const WHY =
  /^why\s+(?!(?:is|are|was|were|does|do|did|can|could|should|would|will|not|isn't|doesn't|don't|am|has|have)\b)(?:use\s+|choose\s+)?([^\s?]+(?:\s+[^\s?]+)?)\s*\??$/i
const WHAT_FOR = /^what\s+(?:is|are|'s)\s+(.+?)\s+for\s*\??$/i
/** "Why this project?": the project named without its name. */
const THIS_PROJECT =
  /^(?:this|the)\s+(?:project|library|package|tool|repo|repository|app|application|framework|service|crate|module|action)$/i
/** "Purpose of this document" is about the page, not the project. */
const ABOUT_THE_PAGE =
  /\bof\s+(?:this|the)\s+(?:document|doc|file|guide|page|section|chapter|readme|tutorial|article|template|form|pull request|pr)\b/i

/** A name as compared: lowercased, letters and digits only (`Review-Loop` and `review loop` are the same name). */
function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
}

/**
 * The names the project goes by, from the README's first heading: as written, before a separator ("Foo — a bar
 * library", "Foo: …"), and its first word. "Why Foo?" reads as a goal only for one of these: "Why Docker?" in a
 * README is about a tool.
 */
export function projectNames(title: string | undefined): string[] {
  if (!title) return []
  // Blanks collapsed first: `\s+[-—–|:]\s+` over a long run of blanks retried from each of them (quadratic).
  const spaced = title.replace(/\s+/g, ' ')
  const head = spaced.split(/ [-—–|:] |: |\(/)[0] ?? spaced
  const first = head.trim().split(/\s+/)[0] ?? ''
  return [...new Set([title, head, first].map(nameKey).filter(key => key.length >= 2))]
}

/**
 * Whether a heading reads as a statement of what the project is for (never a bare "Non-goals", never the purpose of
 * the page itself). "Why Foo?" and "What is Foo for?" count when Foo is one of `names` (see `projectNames`) or "this
 * project".
 */
export function isGoalHeading(text: string, names: readonly string[] = []): boolean {
  const t = text
    .replace(/^[\d.)\s]+/, '')
    .replace(/[\p{Extended_Pictographic}\uFE0F()[\]]/gu, ' ')
    .trim()
  if (ABOUT_THE_PAGE.test(t)) return false
  const named = (subject: string): boolean =>
    THIS_PROJECT.test(subject.trim()) || names.includes(nameKey(subject))
  const why = WHY.exec(t)
  if (why && !/^why\s+not\b/i.test(t)) return named(why[1] as string)
  const whatFor = WHAT_FOR.exec(t)
  if (whatFor) return named(whatFor[1] as string)
  return t
    .split(/,|&|\/|\band\b|\+/i)
    .some(part => !/\bnon[- ]?goals?\b/i.test(part) && GOAL_WORDS.test(part.trim()))
}

/** What the goal search found, or exactly what was missing. */
export interface GoalResult {
  goal: GoalPointer | null
  note?: string
}

/**
 * Resolves the goal in `tree` (the base: the goal is what the project declares, not what the pull request proposes):
 * the config's first (a missing file or section is `null` with a note), else by looking.
 */
export async function findGoal(
  tree: HeadTree,
  config: Pick<RepoConfig, 'origin' | 'goal'>,
  maxBytes: number,
  budget?: Budget
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
        section: oneLine(first?.text ?? baseOf(path), MAX_SECTION),
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
  let names: string[] | undefined
  for (const { paths: group, where } of searched) {
    if (budget?.spent('looking for the goal')) return { goal: null }
    const reads = await tree.readAll(group, maxBytes)
    if (names === undefined) {
      const readme = readmes
        .map(path => ({ path, read: reads.get(path) }))
        .find(r => r.read?.kind === 'text')
      names =
        readme?.read?.kind === 'text'
          ? projectNames(headingsOf(readme.path, readme.read.text)[0]?.text)
          : []
    }
    for (const path of group) {
      const read = reads.get(path)
      if (read?.kind !== 'text') continue
      const heading = headingsOf(path, read.text).find(h => isGoalHeading(h.text, names))
      if (heading) {
        return {
          goal: {
            path,
            section: oneLine(heading.text, MAX_SECTION),
            line: heading.line,
            why: `a heading in ${where} reads as a statement of what the project is for (no goal is configured and no file is named for one)`
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
          ? 'which is a directory at the base, not a file'
          : 'which does not exist at the base'
        : read.kind === 'not-a-file'
          ? 'which is a symlink or a submodule at the base, not a file (links are not followed)'
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
        section: oneLine(first?.text ?? baseOf(path), MAX_SECTION),
        line: first?.line ?? 1,
        why: `named by ${from} (the whole file)`
      }
    }
  }
  const wanted = normalise(goal.section)
  const heading = headings.find((h: Heading) => normalise(h.text) === wanted)
  if (!heading) {
    const listed = headings.slice(0, 8).map(h => `"${oneLine(h.text, MAX_SECTION)}"`)
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
    goal: {
      path,
      section: oneLine(heading.text, MAX_SECTION),
      line: heading.line,
      why: `named by ${from}`
    }
  }
}

function normalise(heading: string): string {
  const plain = heading
    .replace(/^#+\s*/, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return withoutTrailingColon(plain).toLowerCase()
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
