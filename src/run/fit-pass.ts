/**
 * Phase 4, step 4: the fit pass, once over the whole applied bundle, against the design-decision ledger and the
 * conventions of the touched files. An adaptation it lands loops back once through scan, screen, sweep and check
 * (src/run/fit-loop-back.ts); a guard whose subject is already written records its verdict instead of acting
 * (seed 004, Apply executor step 4).
 *
 * The pass keeps every edit in the coordinates of the reviewed head (`pass.edits`), so delivery and landing see one
 * list (src/run/fit-layout.ts): an adaptation is folded into the bundle edit whose written lines it adapts, and a
 * further site the loop-back writes is an edit of lines the bundle did not write, mapped back to the head.
 */
import type { FitAdaptation, FitRequest } from '../driver/apply-roles.js'
import type { Excerpt } from '../driver/protocol.js'
import { replacementProblem } from '../loop/apply-text.js'
import { conveyedDecisions } from '../loop/decisions.js'
import { deletesFile, substrateRisk } from '../loop/apply-checks.js'
import type { Round } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { bundleDiff, layout, linesOfText, locate, rebuild, replacementLines } from './fit-layout.js'
import { loopBack, type Landed, type FitTools } from './fit-loop-back.js'
import { repoGit } from './repo.js'
import { called } from './judging.js'
import type { WritePass } from './written.js'

const FILE_LINES = 400
const RULE_CHARS = 4_000
const MAX_RULES = 6

/** The fit pass and its loop-back; what it did is on `round.apply.fit`. */
export async function fitPass(
  run: Run,
  round: Round,
  pass: WritePass,
  tools: FitTools
): Promise<void> {
  const apply = (round.apply ??= { writers: [], discrepancies: [] })
  const result = await tools.driver.fit(await fitRequest(run, round, pass))
  called(round, 'fit', result)
  if (!result.ok) {
    if (!round.readingsNotRun.includes('fit pass')) round.readingsNotRun.push('fit pass')
    return
  }
  const { summary, risk } = result.answer
  const before = new Map(pass.contents)
  const landed: Landed[] = []
  const refused: string[] = []
  // Later adaptations first, so the written lines an earlier one names have not moved yet.
  const adaptations = [...result.answer.adaptations].sort(
    (a, b) => a.file.localeCompare(b.file) || b.start_line - a.start_line
  )
  for (const a of adaptations) {
    const taken = adapt(run, pass, a, landed)
    if (typeof taken === 'string') refused.push(`${a.file}:${a.start_line}-${a.end_line}: ${taken}`)
    else landed.push(taken)
  }
  const fit: NonNullable<NonNullable<Round['apply']>['fit']> = {
    verdict: landed.length === 0 ? 'no adaptation' : `adapted: ${summary}`
  }
  if (risk && risk.trim() !== '') fit.risk = risk.trim()
  apply.fit = fit
  if (refused.length > 0)
    apply.discrepancies.push(`fit pass: adaptations not written: ${refused.join('; ')}`)
  if (landed.length > 0) fit.loopBack = await loopBack(run, round, pass, before, landed, tools)
}

/** The `fit` request: the bundle as written, the touched files, the decisions and the conventions of the round. */
async function fitRequest(run: Run, round: Round, pass: WritePass): Promise<FitRequest> {
  const files: Excerpt[] = [...pass.contents].map(([path, text]) => ({
    path,
    start: 1,
    text: linesOfText(text).slice(0, FILE_LINES).join('\n')
  }))
  const git = repoGit(run)
  const conventions: { path: string; why: string; text: string }[] = []
  for (const rule of (round.intent?.rules ?? []).slice(0, MAX_RULES)) {
    const text = await git.readFile(round.head, rule.path).catch(() => undefined)
    if (text) conventions.push({ path: rule.path, why: rule.why, text: text.slice(0, RULE_CHARS) })
  }
  return {
    protocol: PROTOCOL,
    role: 'fit',
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    diff: bundleDiff(pass),
    files,
    decisions: conveyedDecisions(run.ledger.decisions).map(d => ({ id: d.id, words: d.words })),
    conventions
  }
}

const BEYOND =
  'it reaches beyond the lines this round wrote (the fit pass adapts what the bundle wrote)'

/** Why an adaptation inside one bundle edit may not be written, checked before anything of it is (none when it may). */
function guardOf(
  run: Run,
  pass: WritePass,
  a: FitAdaptation,
  landed: readonly Landed[]
): string | undefined {
  return !pass.contents.has(a.file)
    ? BEYOND
    : a.end_line < a.start_line
      ? 'its span ends before it starts'
      : landed.some(l => l.file === a.file && l.start <= a.end_line && a.start_line <= l.end)
        ? 'it overlaps another adaptation'
        : substrateRisk(a.file, run.config.protected ?? [])
}

/** Folds one adaptation into the bundle edit whose written lines it adapts; what landed, or why it was refused. */
function adapt(
  run: Run,
  pass: WritePass,
  a: FitAdaptation,
  landed: readonly Landed[]
): Landed | string {
  const spans = layout(pass, a.file)
  const from = locate(spans, a.start_line)
  const to = locate(spans, a.end_line)
  const span =
    'inside' in from && 'inside' in to && from.inside === to.inside ? from.inside : undefined
  if (!span) return BEYOND
  const guard = guardOf(run, pass, a, landed)
  if (guard) return guard
  const was = span.edit.replacement
  const lines = replacementLines(was)
  lines.splice(
    a.start_line - span.start,
    a.end_line - a.start_line + 1,
    ...replacementLines(a.replacement)
  )
  const adapted = lines.join('\n')
  // Whatever wrote it, no replacement over the hard bound (or holding a NUL byte) is written.
  const unwritable = replacementProblem(adapted)
  if (unwritable) return unwritable
  span.edit.replacement = adapted
  rebuild(pass, a.file)
  if (deletesFile(pass.originals.get(a.file) ?? '', pass.contents.get(a.file) ?? '')) {
    // Nothing is on disk yet, so the guard acts: a deletion always needs a person.
    span.edit.replacement = was
    rebuild(pass, a.file)
    return `it would empty ${a.file}, and deleting a file is never done without a person`
  }
  return {
    file: a.file,
    start: a.start_line,
    end: a.end_line,
    lines: replacementLines(a.replacement),
    why: a.why,
    finding: span.edit.finding
  }
}
