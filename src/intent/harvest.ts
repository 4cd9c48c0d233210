/**
 * The design-intent harvest (seed 004, Phase 0 and Rule 7): pointers into the head for the changed surface, never
 * content. The goal and a stated order of authority are what the project declares, so they are read at the base: the
 * pull request's own edits to them are under review, not yet the project's word.
 */
import type { RepoConfig } from '../config/types.js'
import type { Git } from '../git/git.js'
import type { ChangeMap } from '../loop/change.js'
import { configuredAuthority, statedAuthority, surfaceResolver } from './authority.js'
import { Budget } from './budget.js'
import { designComments } from './comments.js'
import { findGoal } from './goal.js'
import { baseOf, byPath, HeadTree } from './head-tree.js'
import { ruleCandidates } from './rule-files.js'
import { matchRules, some, type RuleLimits } from './rules.js'
import type { CommentPointer, Harvest } from './types.js'

/** What the harvest reads: the head's and the base's git objects, the changed files and the lines the change wrote. */
export interface HarvestInput {
  git: Git
  head: string
  /** The captured base commit: the goal and the stated order of authority are read here. */
  base: string
  files: string[]
  changes: ChangeMap
  config: Pick<RepoConfig, 'origin' | 'rules' | 'goal' | 'authority'>
}

/** The bounds that keep the harvest fast on a big repository and its result small. */
export interface HarvestLimits extends RuleLimits {
  /** Bytes read of a changed file when looking for design comments. */
  maxCodeBytes: number
  /** Changed files searched for design comments. */
  maxCommentFiles: number
  /** Design comments kept per file. */
  maxCommentsPerFile: number
  /** Design comments kept in all. */
  maxComments: number
  /** How many lines from a written line a comment may sit and still count as adjacent. */
  commentWindow: number
  /** Milliseconds the harvest may take; past them it stops looking and says so in a note. */
  budgetMs: number
}

/** The bounds `harvest` uses. */
export const HARVEST_LIMITS: Readonly<HarvestLimits> = Object.freeze({
  maxRuleReads: 150,
  maxRules: 25,
  maxRuleBytes: 256 * 1024,
  maxCodeBytes: 1024 * 1024,
  maxCommentFiles: 200,
  maxCommentsPerFile: 5,
  maxComments: 40,
  commentWindow: 3,
  budgetMs: 10_000
})

/** Harvests the design intent for the changed files at `head`: rules, design comments, goal and order of authority. */
export async function harvest(input: HarvestInput): Promise<Harvest> {
  return harvestWithin(input, HARVEST_LIMITS)
}

/** `harvest` under other bounds (tests reach the bounds with small fixtures). */
export async function harvestWithin(input: HarvestInput, limits: HarvestLimits): Promise<Harvest> {
  if (
    !Array.isArray(input.files) ||
    input.files.some(file => typeof file !== 'string' || file === '')
  ) {
    throw new Error('harvest needs `files`: the changed files at head as repository-relative paths')
  }
  if (typeof input.base !== 'string' || input.base === '') {
    throw new Error(
      'harvest needs `base`: the captured base commit, where the goal and the order of authority are read'
    )
  }
  const budget = new Budget(limits.budgetMs)
  const files = [...new Set(input.files.map(file => file.replace(/^\.\//, '')))].sort(byPath)
  const [tree, baseTree] = await Promise.all([
    HeadTree.list(input.git, input.head),
    HeadTree.list(input.git, input.base)
  ])
  const notes: string[] = []
  const origin = input.config.origin ?? '.github/review-loop.yml'

  const { candidates, unmatchedLocations, refusedLocations } = ruleCandidates(
    tree.paths(),
    input.config.rules
  )
  for (const location of unmatchedLocations) {
    notes.push(
      `The rules location "${location}" configured in ${origin} matches no file at the head.`
    )
  }
  for (const location of refusedLocations) {
    notes.push(
      `The rules location "${location}" configured in ${origin} is a glob too costly to match (over 256 characters, over 256 brace alternatives, or over 2 \`*\` in one path segment); it was not used.`
    )
  }
  const { rules, texts } = await matchRules(tree, files, candidates, limits, notes, budget)

  const designComments = await harvestComments(tree, files, input.changes, limits, notes, budget)

  const goal = await findGoal(baseTree, input.config, limits.maxRuleBytes, budget)
  if (goal.note) notes.push(goal.note)
  if (goal.goal && tree.blobOf(goal.goal.path) !== baseTree.blobOf(goal.goal.path)) {
    notes.push(
      `The pull request changes the file that states the goal (${goal.goal.path}); the base's statement is used.`
    )
  }

  let authority = configuredAuthority(input.config)
  if (!authority && !budget.spent('looking for an order of authority')) {
    const sources = authoritySources(
      baseTree,
      rules.map(rule => rule.path),
      [...texts.keys()]
    )
    const reads = await baseTree.readAll(sources, limits.maxRuleBytes)
    const stated = sources.flatMap(path => {
      const read = reads.get(path)
      return read?.kind === 'text' ? [{ path, text: read.text }] : []
    })
    authority = statedAuthority(stated, surfaceResolver(baseTree.paths()))
  }

  const late = budget.note()
  if (late) notes.push(late)
  return { rules, designComments, goal: goal.goal, authority, notes }
}

/** Design comments beside the written lines of each changed file, within the per-file and overall caps. */
async function harvestComments(
  tree: HeadTree,
  files: readonly string[],
  changes: ChangeMap,
  limits: HarvestLimits,
  notes: string[],
  budget: Budget
): Promise<CommentPointer[]> {
  const regular = files.filter(file => tree.has(file) && changes.has(file))
  const searched = regular.slice(0, limits.maxCommentFiles)
  if (regular.length > searched.length) {
    notes.push(
      `Searched ${searched.length} of ${regular.length} changed files for design comments (cap ${limits.maxCommentFiles}); not searched: ${some(regular.slice(searched.length), 5)}.`
    )
  }
  const reads = await tree.readAll(searched, limits.maxCodeBytes)
  const big = searched.filter(file => reads.get(file)?.kind === 'too-big')
  if (big.length > 0) {
    notes.push(
      `Not searched for design comments, over ${limits.maxCodeBytes} bytes: ${some(big, 5)}.`
    )
  }
  const pointers: CommentPointer[] = []
  const capped: string[] = []
  let overflow = 0
  for (const file of searched) {
    if (budget.spent('looking for design comments')) break
    const read = reads.get(file)
    if (read?.kind !== 'text') continue
    const found = designComments(
      file,
      read.text,
      changes.get(file),
      limits.commentWindow,
      limits.maxCommentsPerFile
    )
    if (found.more > 0) capped.push(`${file} (${found.more} more)`)
    for (const pointer of found.pointers) {
      if (pointers.length < limits.maxComments) pointers.push(pointer)
      else overflow++
    }
  }
  if (capped.length > 0) {
    notes.push(
      `Design comments are capped at ${limits.maxCommentsPerFile} per file; left out: ${some(capped, 5)}.`
    )
  }
  if (overflow > 0) {
    notes.push(
      `Design comments are capped at ${limits.maxComments} in all; ${overflow} more were left out.`
    )
  }
  return pointers
}

const ROOT_GUIDES = [
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'AGENT.md',
  '.claude/CLAUDE.md',
  '.github/copilot-instructions.md'
]

/**
 * Where a stated order is looked for at the base, in this order: root guides, the picked rules, other rules read,
 * README, CONTRIBUTING, GOVERNANCE (a rule the pull request adds is not at the base, so it states no order).
 */
function authoritySources(
  tree: HeadTree,
  picked: readonly string[],
  read: readonly string[]
): string[] {
  const top = (test: RegExp): string[] =>
    ['', 'docs', '.github'].flatMap(dir => tree.inDir(dir).filter(path => test.test(baseOf(path))))
  const ordered = [
    ...ROOT_GUIDES.filter(path => tree.has(path)),
    ...picked.filter(path => tree.has(path)),
    ...[...read].sort(byPath).filter(path => tree.has(path)),
    ...tree.inDir('').filter(path => /^readme(\.(md|markdown|rst|txt|adoc))?$/i.test(path)),
    ...top(/^contributing(\.(md|markdown|rst|txt|adoc))?$/i),
    ...top(/^governance(\.(md|markdown|rst|txt|adoc))?$/i)
  ]
  return [...new Set(ordered)]
}
