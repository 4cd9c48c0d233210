/**
 * Phase 4, step 4: the fit pass, once over the whole applied bundle, against the design-decision ledger and the
 * conventions of the touched files. An adaptation it lands loops back once through scan, screen, sweep and check;
 * a guard whose subject is already written records its verdict instead of acting (seed 004, Apply executor step 4).
 *
 * The pass keeps every edit in the coordinates of the reviewed head (`pass.edits`), so delivery and landing see one
 * list: an adaptation is folded into the bundle edit whose written lines it adapts, and a further site the loop-back
 * writes is an edit of lines the bundle did not write, mapped back to the head.
 */
import type { Excerpt } from '../driver/protocol.js'
import type { Driver } from '../driver/types.js'
import { applyEdits, replacementProblem } from '../loop/apply-text.js'
import { conveyedDecisions } from '../loop/decisions.js'
import {
  checkWrite,
  deletesFile,
  overlaps,
  substrateRisk,
  type SiteText
} from '../loop/apply-checks.js'
import type { Round } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { repoGit } from './repo.js'
import { candidateFiles, namesOfFixes, siteRefusal } from './scan-candidates.js'
import { called } from './judging.js'
import type { WritePass, WrittenEdit } from './written.js'

const FILE_LINES = 400
const RULE_CHARS = 4_000
const MAX_RULES = 6

/** A text's lines (a final newline ends the last line rather than starting another). */
const linesOfText = (text: string) => {
  const lines = text.split('\n')
  if (text.endsWith('\n')) lines.pop()
  return lines
}

/** A replacement's lines, as `applyEdits` writes them. */
const replacementLines = (replacement: string) =>
  replacement === '' ? [] : replacement.replace(/\r?\n$/, '').split(/\r?\n/)

/** One bundle edit and the lines it now occupies in the written file (`end` < `start` when it deleted lines). */
interface Span {
  edit: WrittenEdit
  start: number
  end: number
}

/** Where each of a file's edits sits once written. */
export function layout(pass: WritePass, file: string): Span[] {
  let offset = 0
  const spans: Span[] = []
  for (const edit of pass.edits.filter(e => e.file === file).sort((a, b) => a.start - b.start)) {
    const count = replacementLines(edit.replacement).length
    const start = edit.start + offset
    spans.push({ edit, start, end: start + count - 1 })
    offset += count - (edit.end - edit.start + 1)
  }
  return spans
}

/** A line of the written file: inside what an edit wrote, or the head's line it still is. */
export function locate(spans: Span[], line: number): { inside: Span } | { head: number } {
  let offset = 0
  for (const span of spans) {
    if (line < span.start) break
    if (line <= span.end) return { inside: span }
    offset = span.end - span.edit.end
  }
  return { head: line - offset }
}

/** Writes the pass's files again from their text at the head and the edits. */
function rebuild(pass: WritePass, file: string): void {
  const edits = pass.edits
    .filter(e => e.file === file)
    .map((e, i) => ({
      id: `${e.finding}#${i}`,
      start: e.start,
      end: e.end,
      replacement: e.replacement
    }))
  pass.contents.set(file, applyEdits(pass.originals.get(file) ?? '', edits).text)
}

/** The bundle as a readable diff: each written span, the lines it replaced and what replaced them, where they now sit. */
export function bundleDiff(pass: WritePass): string {
  const out: string[] = []
  for (const file of [...new Set(pass.edits.map(e => e.file))].sort()) {
    const old = linesOfText(pass.originals.get(file) ?? '')
    for (const { edit, start } of layout(pass, file)) {
      const before = old.slice(edit.start - 1, edit.end)
      const after = replacementLines(edit.replacement)
      out.push(
        `--- ${file}`,
        `+++ ${file}`,
        `@@ -${edit.start},${before.length} +${start},${after.length} @@ (${edit.finding})`
      )
      out.push(...before.map(l => `-${l}`), ...after.map(l => `+${l}`))
    }
  }
  return out.join('\n')
}

/** The fit pass and its loop-back; what it did is on `round.apply.fit`. */
export async function fitPass(
  run: Run,
  round: Round,
  pass: WritePass,
  tools: { driver: Driver; writer: Driver; tier: 'writer' | 'driver' }
): Promise<void> {
  const apply = (round.apply ??= { writers: [], discrepancies: [] })
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
  const result = await tools.driver.fit({
    protocol: PROTOCOL,
    role: 'fit',
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    diff: bundleDiff(pass),
    files,
    decisions: conveyedDecisions(run.ledger.decisions).map(d => ({ id: d.id, words: d.words })),
    conventions
  })
  called(round, 'fit', result)
  if (!result.ok) {
    if (!round.readingsNotRun.includes('fit pass')) round.readingsNotRun.push('fit pass')
    return
  }
  const { summary, risk } = result.answer
  const before = new Map(pass.contents)
  const landed: {
    file: string
    start: number
    end: number
    lines: string[]
    why: string
    finding: string
  }[] = []
  const refused: string[] = []
  // Later adaptations first, so the written lines an earlier one names have not moved yet.
  const adaptations = [...result.answer.adaptations].sort(
    (a, b) => a.file.localeCompare(b.file) || b.start_line - a.start_line
  )
  for (const a of adaptations) {
    const where = `${a.file}:${a.start_line}-${a.end_line}`
    const spans = layout(pass, a.file)
    const from = locate(spans, a.start_line)
    const to = locate(spans, a.end_line)
    const span =
      'inside' in from && 'inside' in to && from.inside === to.inside ? from.inside : undefined
    const guard =
      !pass.contents.has(a.file) || span === undefined
        ? 'it reaches beyond the lines this round wrote (the fit pass adapts what the bundle wrote)'
        : a.end_line < a.start_line
          ? 'its span ends before it starts'
          : landed.some(l => l.file === a.file && l.start <= a.end_line && a.start_line <= l.end)
            ? 'it overlaps another adaptation'
            : substrateRisk(a.file, run.config.protected ?? [])
    if (guard || !span) {
      refused.push(`${where}: ${guard}`)
      continue
    }
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
    if (unwritable) {
      refused.push(`${where}: ${unwritable}`)
      continue
    }
    span.edit.replacement = adapted
    rebuild(pass, a.file)
    if (deletesFile(pass.originals.get(a.file) ?? '', pass.contents.get(a.file) ?? '')) {
      // Nothing is on disk yet, so the guard acts: a deletion always needs a person.
      span.edit.replacement = was
      rebuild(pass, a.file)
      refused.push(
        `${where}: it would empty ${a.file}, and deleting a file is never done without a person`
      )
      continue
    }
    landed.push({
      file: a.file,
      start: a.start_line,
      end: a.end_line,
      lines: replacementLines(a.replacement),
      why: a.why,
      finding: span.edit.finding
    })
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

/**
 * The loop-back, once: each landed adaptation is scanned for the pattern it instantiates. Sites inside what the bundle
 * wrote are already written, so the scan's verdict on them is recorded; further sites are checked, screened (a risk
 * the scan names holds them: nothing of them is written yet), written by the current tier and checked.
 */
async function loopBack(
  run: Run,
  round: Round,
  pass: WritePass,
  before: ReadonlyMap<string, string>,
  adaptations: {
    file: string
    start: number
    end: number
    lines: string[]
    why: string
    finding: string
  }[],
  tools: { driver: Driver; writer: Driver; tier: 'writer' | 'driver' }
): Promise<string> {
  const git = repoGit(run)
  const raw = new Map<string, string | undefined>()
  // Files the pass touched read as now written; the others as at the head.
  const textOf = async (file: string) => {
    const written = pass.contents.get(file)
    if (written !== undefined) return written
    if (!raw.has(file)) raw.set(file, await git.readFile(round.head, file).catch(() => undefined))
    return raw.get(file)
  }
  const linesOf = async (file: string) => {
    const text = await textOf(file)
    return text === undefined ? undefined : linesOfText(text)
  }
  const fixes = adaptations.map((a, i) => {
    // The anchor shows the lines as the adaptation found them, so the pattern it instantiates can be read.
    const lines = linesOfText(before.get(a.file) ?? '')
    const from = Math.max(1, a.start - 10)
    return {
      key: `a${i + 1}`,
      id: a.finding,
      file: a.file,
      line: a.start,
      description: `the fit pass adapted this to fit the bundle: ${a.why}`,
      basis: 'already written by the fit pass',
      direction: a.why,
      proposal: { start_line: a.start, end_line: a.end, replacement: a.lines.join('\n') },
      anchor: { path: a.file, start: from, text: lines.slice(from - 1, a.end + 10).join('\n') }
    }
  })
  const unadapted = async (file: string) =>
    before.has(file) ? linesOfText(before.get(file)!) : linesOf(file)
  const names = await namesOfFixes(
    fixes.map(f => ({ file: f.file, line: f.line, fix: f.proposal })),
    unadapted
  )
  const own = [...pass.contents.keys()]
  const { candidates, omitted } = await candidateFiles(git, round.head, names, own, linesOf)
  const scanned = await tools.driver.scan({
    protocol: PROTOCOL,
    role: 'scan',
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    fixes,
    candidates,
    omitted,
    decisions: conveyedDecisions(run.ledger.decisions).map(d => ({ id: d.id, words: d.words }))
  })
  called(round, 'scan (loop-back)', scanned)
  if (!scanned.ok) return `the adaptation stands; its scan did not run (${scanned.cause})`
  const sites: (SiteText & { finding: string })[] = []
  const verdicts: string[] = []
  for (const answer of scanned.answer.fixes) {
    const fix = fixes.find(f => f.key === answer.key)
    if (!fix) continue
    if (!answer.predicate?.trim()) {
      verdicts.push(
        `${fix.file}:${fix.line}: its pattern could not be named; the adaptation is already written, so this is recorded and it stands`
      )
      continue
    }
    for (const s of answer.sites) {
      const where = `${s.file}:${s.start_line}`
      const problem = await siteRefusal(s, linesOf)
      if (problem) {
        verdicts.push(`site ${where} not written: ${problem}`)
        continue
      }
      // Coordinates of the file as written; what the bundle wrote is already written.
      const spans = pass.contents.has(s.file) ? layout(pass, s.file) : []
      const a = locate(spans, s.start_line)
      const b = locate(spans, s.end_line)
      if ('inside' in a || 'inside' in b) {
        if (!('inside' in a && 'inside' in b))
          verdicts.push(`site ${where} not written: it straddles what this round wrote`)
        continue
      }
      const risk = substrateRisk(s.file, run.config.protected ?? []) ?? answer.risk?.trim()
      if (risk) {
        verdicts.push(`site ${where} not written: ${risk}; the next round reviews it`)
        continue
      }
      const site = { file: s.file, start_line: a.head, end_line: b.head }
      if (sites.some(x => overlaps(x, site))) continue
      const lines = (await linesOf(s.file))!
      sites.push({
        ...site,
        handle: `loop-back.${sites.length + 1}`,
        text: lines.slice(s.start_line - 1, s.end_line).join('\n'),
        finding: fix.id
      })
    }
  }
  if (sites.length === 0) return ['no further site', ...verdicts].join('; ')
  const written = await tools.writer.write({
    protocol: PROTOCOL,
    role: 'write',
    tier: tools.tier,
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    briefs: [
      {
        key: 'loop-back',
        id: sites[0]!.finding,
        description: 'the fit pass adapted the bundle; the same adaptation belongs at these sites',
        predicate: scanned.answer.fixes.find(f => f.predicate)?.predicate ?? '',
        basis: adaptations.map(a => a.why).join('; '),
        direction: 'make each site fit as the adaptation did',
        interactions: scanned.answer.fixes.map(f => f.interactions).join('; '),
        proposal: null,
        sites: sites.map(s => ({
          site: s.handle,
          file: s.file,
          start_line: s.start_line,
          end_line: s.end_line,
          text: s.text
        }))
      }
    ],
    context: []
  })
  called(round, `write (${tools.tier}, loop-back)`, written)
  if (!written.ok)
    return [`${sites.length} further site(s) not written: ${written.cause}`, ...verdicts].join('; ')
  const check = checkWrite([{ finding: 'loop-back', sites }], written.answer.edits)
  for (const e of check.accepted) {
    const site = sites.find(s => s.handle === e.site)!
    if (!pass.originals.has(e.file)) pass.originals.set(e.file, (await textOf(e.file))!)
    pass.edits.push({
      finding: site.finding,
      file: e.file,
      start: e.start_line,
      end: e.end_line,
      replacement: e.replacement
    })
  }
  for (const file of new Set(check.accepted.map(e => e.file))) rebuild(pass, file)
  const missed = check.missed.map(m => `site ${m.site.file}:${m.site.start_line} missed`)
  const held = check.heldBack.map(h => `held back: ${h.why}`)
  return [
    `the adaptation's pattern reached ${sites.length} further site(s), ${check.accepted.length} written`,
    ...missed,
    ...held,
    ...verdicts
  ].join('; ')
}
