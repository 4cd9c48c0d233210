/** Project rules whose scope meets the changed files (seed 004, harvest source 1), as pointers with the reason. */
import type { RulePointer } from './types.js'
import type { Budget } from './budget.js'
import { parseFrontMatter, type RuleScope } from './front-matter.js'
import { GlobSet } from './globs.js'
import { byPath, type HeadTree } from './head-tree.js'
import { headingsOf } from './headings.js'
import { ContentIndex, nameCorrespondence, namesOf, type ChangedName } from './match.js'
import type { RuleCandidate, RuleKind } from './rule-files.js'
import { oneLine } from './text.js'

/** The longest path or term a `why` or note shows: they are repository paths, so one line and short. */
const MAX_SHOWN = 160

/** The bounds of the rule search. */
export interface RuleLimits {
  /** Rule files read for their front matter or content. */
  maxRuleReads: number
  /** Rule pointers returned. */
  maxRules: number
  /** Bytes read of one rule file. */
  maxRuleBytes: number
}

/** What the rule search found, and the texts it read (the goal and authority searches reuse them). */
export interface RuleResult {
  rules: RulePointer[]
  texts: Map<string, string>
}

const KIND_ORDER: RuleKind[] = ['configured', 'guide', 'scoped', 'contributing', 'decision']

/** A short list for a `why` or note: the first few (each one line, clipped), then how many more. */
export function some(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).map(item => oneLine(item, MAX_SHOWN))
  const rest = items.length - shown.length
  const list =
    shown.length <= 2 ? shown.join(' and ') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : list
}

/** Picks the candidates that govern `files` and says why, reading only what scope cannot be decided without. */
export async function matchRules(
  tree: HeadTree,
  files: readonly string[],
  candidates: readonly RuleCandidate[],
  limits: RuleLimits,
  notes: string[],
  budget?: Budget
): Promise<RuleResult> {
  const toRead = candidates.filter(c => c.frontMatter || c.kind === 'decision')
  const readNow = toRead.slice(0, limits.maxRuleReads)
  const unread = new Set(toRead.slice(limits.maxRuleReads).map(c => c.path))
  if (unread.size > 0) {
    notes.push(
      `Read ${readNow.length} of ${toRead.length} rule files that needed reading (cap ${limits.maxRuleReads}); the other ${unread.size} were matched by their file names only: ${some([...unread], 5)}.`
    )
  }
  const reads = await tree.readAll(
    readNow.map(c => c.path),
    limits.maxRuleBytes
  )
  const texts = new Map<string, string>()
  for (const [path, read] of reads) {
    if (read.kind === 'text') texts.set(path, read.text)
    if (read.kind === 'too-big') {
      notes.push(
        `Rule file ${oneLine(path, MAX_SHOWN)} is ${read.size} bytes, over the ${limits.maxRuleBytes}-byte cap: matched by its file name only.`
      )
    }
  }
  const names = new Map(files.map(file => [file, namesOf(file)]))
  const picked: { candidate: RuleCandidate; pointer: RulePointer }[] = []
  for (const candidate of candidates) {
    if (budget?.spent('matching rule files to the changed files')) break
    const pointer = decide(candidate, files, names, texts.get(candidate.path), notes)
    if (pointer) picked.push({ candidate, pointer })
  }
  picked.sort(
    (a, b) =>
      order(a.candidate) - order(b.candidate) ||
      depth(a.candidate) - depth(b.candidate) ||
      byPath(a.candidate.path, b.candidate.path)
  )
  const rules = picked.slice(0, limits.maxRules).map(p => p.pointer)
  if (picked.length > limits.maxRules) {
    const left = picked.slice(limits.maxRules).map(p => p.candidate.path)
    notes.push(
      `${left.length} more rule files govern the changed files and were left out (cap ${limits.maxRules}): ${some(left, 5)}.`
    )
  }
  return { rules, texts }
}

function order(candidate: RuleCandidate): number {
  return KIND_ORDER.indexOf(candidate.kind)
}

/** Root guides before nested ones. */
function depth(candidate: RuleCandidate): number {
  return candidate.scopeDir === undefined
    ? 0
    : candidate.scopeDir === ''
      ? 0
      : candidate.scopeDir.split('/').length
}

/**
 * Whether `candidate` governs any of `files`, and why, in the loop's own words: a `why` names only changed paths (and
 * parts of them) and fixed labels, never text from the rule file or the config (a glob can carry any words).
 */
function decide(
  candidate: RuleCandidate,
  files: readonly string[],
  names: ReadonlyMap<string, ChangedName[]>,
  text: string | undefined,
  notes: string[]
): RulePointer | undefined {
  const { path, label } = candidate
  if (files.length === 0) return undefined
  if (candidate.scopeDir !== undefined) {
    const dir = candidate.scopeDir
    if (dir === '') return { path, why: `${label} at the root, which governs every changed file` }
    const governed = files.filter(file => file.startsWith(`${dir}/`))
    if (governed.length === 0) return undefined
    const rel = governed.map(file => file.slice(dir.length + 1))
    return {
      path,
      why: `${label} for ${oneLine(dir, MAX_SHOWN)}/, where ${some(rel)} changed`
    }
  }
  if (candidate.projectWide) {
    return { path, why: `${label}, which is project-wide and so governs every changed file` }
  }
  if (candidate.appliesTo) {
    const globs = GlobSet.of(candidate.appliesTo.globs)
    globNote(
      globs,
      `The applies-to globs of the configured rule file ${oneLine(path, MAX_SHOWN)}`,
      notes
    )
    const governed = files.filter(file => globs.matches(file))
    if (governed.length === 0) return undefined
    return { path, why: `${label} applies to ${some(governed)} by the config's applies-to globs` }
  }
  const scope: RuleScope | undefined =
    text !== undefined && candidate.frontMatter ? parseFrontMatter(text) : undefined
  if (scope?.always)
    return { path, why: `${label} says in its front matter that it always applies` }
  if (scope && scope.globs.length > 0) {
    const globs = GlobSet.of(scope.globs)
    globNote(globs, `The front matter of ${oneLine(path, MAX_SHOWN)}`, notes)
    const governed = files.filter(file => globs.matches(file))
    if (governed.length === 0) return undefined
    return {
      path,
      why: `${label} covers ${some(governed)} by its front matter (${scope.key ?? 'globs'})`
    }
  }
  return (
    byName(candidate, files) ??
    (text === undefined ? undefined : byContent(candidate, files, names, text))
  )
}

/** A note when some of a rule's globs were too costly to match or past the cap. */
function globNote(globs: GlobSet, whose: string, notes: string[]): void {
  const problem = globs.problem()
  if (problem) notes.push(`${whose}: ${problem}.`)
}

/** The rule's own file name spells a changed file's stem or one of its directories. */
function byName(candidate: RuleCandidate, files: readonly string[]): RulePointer | undefined {
  const hits: string[] = []
  for (const file of files) {
    const hit = nameCorrespondence(candidate.path, file)
    if (!hit) continue
    const term = oneLine(hit.term, MAX_SHOWN)
    const shown = oneLine(file, MAX_SHOWN)
    hits.push(
      hit.kind === 'stem' ? `\`${term}\` (${shown})` : `\`${term}\`, a directory of ${shown}`
    )
  }
  if (hits.length === 0) return undefined
  return { path: candidate.path, why: `${candidate.label} is named for ${some(hits)}` }
}

const SPECIFICITY: ChangedName['kind'][] = ['path', 'file name', 'stem', 'directory']

/** The rule's text names a changed component: its path, file name, distinctive stem or directory path. */
function byContent(
  candidate: RuleCandidate,
  files: readonly string[],
  names: ReadonlyMap<string, ChangedName[]>,
  text: string
): RulePointer | undefined {
  const index = new ContentIndex(text)
  const found: ChangedName[] = []
  for (const file of files) {
    const named = (names.get(file) ?? [])
      .filter(name => index.names(name))
      .sort((a, b) => SPECIFICITY.indexOf(a.kind) - SPECIFICITY.indexOf(b.kind))[0]
    if (named) found.push(named)
  }
  if (found.length === 0) return undefined
  // One phrase per term, naming the changed files it stands for.
  const byTerm = new Map<string, { shown: string; files: string[] }>()
  for (const name of found) {
    const shown = oneLine(
      name.kind === 'directory' ? name.term.slice(0, -1) : shownTerm(name),
      MAX_SHOWN
    )
    const entry = byTerm.get(shown) ?? { shown, files: [] }
    entry.files.push(name.file)
    byTerm.set(shown, entry)
  }
  const phrases = [...byTerm.values()].map(({ shown, files: named }) =>
    named.length === 1 && named[0] === shown ? `\`${shown}\`` : `\`${shown}\` (${some(named, 2)})`
  )
  const pointer: RulePointer = {
    path: candidate.path,
    why: `${candidate.label} names ${some(phrases)}`
  }
  const line = sectionLine(candidate.path, text, index.lineOf(found[0] as ChangedName))
  if (line !== undefined) pointer.line = line
  return pointer
}

/** A term as the file spells it (names are looked up lowercased). */
function shownTerm(name: ChangedName): string {
  if (name.kind === 'path') return name.file
  const lowerFile = name.file.toLowerCase()
  const at = lowerFile.lastIndexOf(name.term)
  return at < 0 ? name.term : name.file.slice(at, at + name.term.length)
}

/** The heading of the section holding `line` (not the document's title), else `line` itself. */
function sectionLine(path: string, text: string, line: number | undefined): number | undefined {
  if (line === undefined) return undefined
  const headings = headingsOf(path, text).filter(h => h.line <= line)
  const last = headings.at(-1)
  if (last && last.level > 1 && last.line > 1) return last.line
  return line
}
