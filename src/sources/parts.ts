/** A change too large for one request, reviewed in parts: planning the parts, and merging their answers into one review. */
import type { Exercised } from '../loop/model.js'
import {
  CONTRACT_CLOSURE,
  composeReviewPrompt,
  DIFF_SEPARATOR,
  renderDiff,
  type DiffMaterial,
  type PromptOptions
} from './prompt.js'
import type { MalformedFinding, ReviewOutcome, ReviewRequest, SourceFinding } from './types.js'

/** One changed file's unified diff, as git printed it. */
export interface FileDiff {
  file: string
  patch: string
}

/** What one request carries: whole files, or runs of a large file's hunks. */
export interface Part {
  diffs: DiffMaterial[]
  /** The characters these diffs take in the prompt (what the budget bounds). */
  chars: number
}

/** Something that was not sent to the source, and why. */
export interface Unreviewed {
  file: string
  why: string
}

/** The parts a change is reviewed in, and what no part could carry. */
export interface PartPlan {
  parts: Part[]
  unreviewed: Unreviewed[]
}

const count = (n: number): string => n.toLocaleString('en-US')

/** What one diff costs in the prompt: its rendering plus the separator after it. */
const cost = (diff: DiffMaterial): number => renderDiff(diff).length + DIFF_SEPARATOR.length

/** Splits a unified diff into its file header (everything before the first `@@`) and its hunks. */
function splitHunks(patch: string): { header: string; hunks: string[] } {
  const lines = patch.split(/(?<=\n)/)
  const first = lines.findIndex(line => line.startsWith('@@'))
  if (first === -1) return { header: patch, hunks: [] }
  const hunks: string[] = []
  for (const line of lines.slice(first)) {
    if (line.startsWith('@@') || hunks.length === 0) hunks.push(line)
    else hunks[hunks.length - 1] += line
  }
  return { header: lines.slice(0, first).join(''), hunks }
}

const hunkHeader = (hunk: string): string => (hunk.split('\n', 1)[0] ?? '').trim()

/** A file too large for one request, cut into runs of whole hunks that each fit; a hunk that fits nowhere is named. */
function splitFile(
  diff: FileDiff,
  budget: number
): { pieces: DiffMaterial[]; dropped: { index: number; hunk: string; chars: number }[] } {
  const { header, hunks } = splitHunks(diff.patch)
  const total = hunks.length
  const pieces: DiffMaterial[] = []
  const dropped: { index: number; hunk: string; chars: number }[] = []
  const piece = (first: number, last: number): DiffMaterial => ({
    file: diff.file,
    patch: header + hunks.slice(first - 1, last).join(''),
    hunks: { first, last, total }
  })
  let start = 0
  for (let i = 1; i <= total; i++) {
    if (start === 0) {
      const alone = piece(i, i)
      if (cost(alone) > budget) {
        dropped.push({ index: i, hunk: hunks[i - 1] ?? '', chars: cost(alone) })
        continue
      }
      start = i
      continue
    }
    if (cost(piece(start, i)) > budget) {
      pieces.push(piece(start, i - 1))
      start = 0
      i-- // the hunk that did not fit starts the next piece
    }
  }
  if (start !== 0) pieces.push(piece(start, total))
  return { pieces, dropped }
}

/**
 * Splits the changed files into parts whose rendered diffs each fit `budgetChars` (get it from `partBudget`):
 * files stay whole where they fit, a larger file is split between hunks, and a hunk larger than the budget is
 * not sent at all and comes back in `unreviewed`, with why. Nothing is cut silently.
 */
export function planParts(diffs: FileDiff[], budgetChars: number): PartPlan {
  if (!Number.isFinite(budgetChars) || budgetChars <= 0) {
    throw new Error(
      `planParts: budgetChars must be a positive number of characters, got ${String(budgetChars)}; raise the request budget so the prompt without diffs leaves room for them`
    )
  }
  const parts: Part[] = []
  const unreviewed: Unreviewed[] = []
  let current: Part = { diffs: [], chars: 0 }
  const add = (diff: DiffMaterial): void => {
    const chars = cost(diff)
    if (current.chars + chars > budgetChars && current.diffs.length > 0) {
      parts.push(current)
      current = { diffs: [], chars: 0 }
    }
    current.diffs.push(diff)
    current.chars += chars
  }
  for (const diff of diffs) {
    if (cost(diff) <= budgetChars) {
      add({ file: diff.file, patch: diff.patch })
      continue
    }
    const { pieces, dropped } = splitFile(diff, budgetChars)
    if (pieces.length === 0 && dropped.length === 0) {
      unreviewed.push({
        file: diff.file,
        why: `its diff has no hunks to split on and takes ${count(cost(diff))} characters, over the ${count(budgetChars)} one request can carry for diffs`
      })
    }
    for (const piece of pieces) add(piece)
    if (dropped.length > 0) {
      const total = splitHunks(diff.patch).hunks.length
      const which = dropped
        .map(d => `hunk ${d.index} (${hunkHeader(d.hunk)}, ${count(d.chars)} characters)`)
        .join(', ')
      unreviewed.push({
        file: diff.file,
        why: `${dropped.length} of its ${total} hunks ${dropped.length === 1 ? 'was' : 'were'} not sent to the source, each larger than the ${count(budgetChars)} characters one request can carry for diffs: ${which}`
      })
    }
  }
  if (current.diffs.length > 0) parts.push(current)
  return { parts, unreviewed }
}

/**
 * The characters left for diffs in one request of at most `budgetChars` user-prompt characters, once the rest of
 * the prompt (intent, excerpts, evidence, the author's words, the list of files shown elsewhere) is counted at its
 * largest. Compose each part with `part` set and its diffs as `material.diffs`, and its `user` text stays in budget.
 */
export function partBudget(
  request: ReviewRequest,
  opts: PromptOptions,
  budgetChars: number
): number {
  const bare = composeReviewPrompt(request, {
    ...opts,
    canReadRepository: false,
    material: { diffs: [], excerpts: opts.material?.excerpts ?? [] },
    part: { index: 99_999, count: 99_999 }
  })
  const left = budgetChars - bare.user.length
  if (left <= 0) {
    throw new Error(
      `partBudget: the prompt without any diff already takes ${count(bare.user.length)} characters, over the budget of ${count(budgetChars)}; raise the budget, or send fewer or shorter excerpts and author texts`
    )
  }
  return left
}

const findingKey = (f: SourceFinding): string =>
  JSON.stringify([f.severity, f.file, f.line, f.description, f.fix ?? null])

const partName = (i: number, n: number): string => `part ${i + 1} of ${n}`

/** Reach across parts: an axis is reached only where every part reached it. */
function mergeExercised(
  outcomes: Extract<ReviewOutcome, { kind: 'review' }>[],
  unreviewed: Unreviewed[]
): Exercised | null | undefined {
  const n = outcomes.length
  const reports = outcomes.map(o => o.exercised)
  const fromUnreviewed = unreviewed.map(u => ({ axis: `review of ${u.file}`, reason: u.why }))
  if (reports.every(r => !r)) {
    if (fromUnreviewed.length === 0) return reports.some(r => r === null) ? null : undefined
    const none = reports.some(r => r === null)
      ? [{ axis: 'reach report', reason: 'no part returned one' }]
      : []
    return { reached: [], unreached: [...none, ...fromUnreviewed] }
  }
  const axes: string[] = []
  for (const report of reports) {
    for (const axis of [
      ...(report?.reached ?? []),
      ...(report?.unreached.map(u => u.axis) ?? [])
    ]) {
      if (!axes.includes(axis)) axes.push(axis)
    }
  }
  const reached: string[] = []
  const unreached: Exercised['unreached'] = []
  for (const axis of axes) {
    const reasons = reports.flatMap((report, i) => {
      if (report?.reached.includes(axis)) return []
      const stated = report?.unreached.find(u => u.axis === axis)?.reason
      const why = report ? (stated ?? 'not reported') : 'returned no reach report'
      return [n > 1 ? `${partName(i, n)}: ${why}` : why]
    })
    if (axis === CONTRACT_CLOSURE && n > 1) {
      // Each part judged closure within its own files; an absence spanning parts was seen by no single call.
      reasons.unshift(
        `the change was reviewed in ${n} parts and no single call saw all of it, so whether what one part declares is carried through in another went unjudged`
      )
    }
    if (reasons.length === 0) reached.push(axis)
    else unreached.push({ axis, reason: reasons.join('; ') })
  }
  return { reached, unreached: [...unreached, ...fromUnreviewed] }
}

/** What was not sent, one entry per file (a file split into parts can miss several), in the order first named. */
function byFile(unreviewed: Unreviewed[]): Unreviewed[] {
  const out = new Map<string, string[]>()
  for (const u of unreviewed) out.set(u.file, [...(out.get(u.file) ?? []), u.why])
  return [...out].map(([file, whys]) => ({ file, why: [...new Set(whys)].join('; ') }))
}

/** Renders one part's outcome whole, for a no-review's `returned`. */
function describePart(outcome: ReviewOutcome, i: number, n: number): string {
  if (outcome.kind === 'no-review') {
    return `--- ${partName(i, n)}: no review (${outcome.cause}) ---\n${outcome.returned}`
  }
  const { kind: _kind, ...rest } = outcome
  return `--- ${partName(i, n)}: review, verdict ${outcome.verdict}, ${outcome.findings.length} finding(s) ---\n${JSON.stringify(rest, null, 2)}`
}

/**
 * Merges the answers of a change reviewed in parts into one outcome. Any part without a review makes the whole
 * a no review (Rule 13), naming which parts and keeping everything every part returned. Otherwise: approve only
 * if every part approved; findings concatenated, identical ones once; malformed findings re-indexed as positions
 * in the parts' findings arrays laid end to end; reach merged so an axis counts as reached only where every part
 * reached it (contract-closure never, across several parts: no call saw the whole change), with each unreviewed
 * file an unreached entry; the direction of the first part that gave one (a direction reads one part's findings,
 * and two are not combined into a reading neither source made); call notes kept per part where they differ.
 */
export function mergePartOutcomes(
  outcomes: ReviewOutcome[],
  unreviewed: Unreviewed[]
): ReviewOutcome {
  const n = outcomes.length
  if (n === 0) {
    // No part means no call was made: with nothing to send there is still no verdict (Rule 13).
    return {
      kind: 'no-review',
      cause:
        unreviewed.length > 0
          ? 'nothing was sent to the source: every change was too large for one request'
          : 'nothing was sent to the source: the change has no diff to review',
      returned: unreviewed.map(u => `${u.file}: ${u.why}`).join('\n')
    }
  }
  if (n === 1 && unreviewed.length === 0) return outcomes[0] as ReviewOutcome

  const failed = outcomes.flatMap((o, i) => (o.kind === 'no-review' ? [{ o, i }] : []))
  if (failed.length > 0) {
    const which = failed.map(({ o, i }) => `${partName(i, n)} (${o.cause})`).join('; ')
    const returned = outcomes.map((o, i) => describePart(o, i, n))
    if (unreviewed.length > 0) {
      returned.push(
        `--- not sent to the source ---\n${unreviewed.map(u => `${u.file}: ${u.why}`).join('\n')}`
      )
    }
    return {
      kind: 'no-review',
      cause: `${failed.length === 1 ? 'a part' : `${failed.length} parts`} of the change produced no review: ${which}`,
      returned: returned.join('\n\n')
    }
  }

  const reviews = outcomes as Extract<ReviewOutcome, { kind: 'review' }>[]
  const seen = new Set<string>()
  const findings: SourceFinding[] = []
  const malformed: MalformedFinding[] = []
  let offset = 0
  for (const review of reviews) {
    for (const finding of review.findings) {
      const key = findingKey(finding)
      if (seen.has(key)) continue
      seen.add(key)
      findings.push(finding)
    }
    for (const bad of review.malformed) {
      malformed.push({ ...bad, index: bad.index < 0 ? bad.index : bad.index + offset })
    }
    offset += review.findings.length + review.malformed.filter(m => m.index >= 0).length
  }
  const merged: ReviewOutcome = {
    kind: 'review',
    verdict: reviews.every(r => r.verdict === 'approve') ? 'approve' : 'needs-attention',
    findings,
    malformed,
    exercised: mergeExercised(reviews, unreviewed)
  }
  if (unreviewed.length > 0) merged.unreviewed = byFile(unreviewed)
  const direction = reviews.find(r => r.direction)?.direction
  if (direction && merged.verdict === 'needs-attention') merged.direction = direction
  const calls = reviews.map(r => r.call)
  if (calls.some(c => c !== undefined)) {
    merged.call = calls.every(c => c === calls[0])
      ? (calls[0] as string)
      : calls.map((c, i) => `${partName(i, n)}: ${c ?? 'nothing recorded'}`).join('; ')
  }
  return merged
}
