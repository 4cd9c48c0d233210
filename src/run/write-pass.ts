/**
 * Phase 4's writing (seed 004, Rules 6 and 8): the change-point scan compiles each fix's brief (its predicate and that
 * predicate's sites, each checked against the code and risk-screened), the completeness sweep writes every site in
 * the same pass (the source's fix as proposed where it is the one obvious repair, else the writer, or the driver on an
 * escalated tier), the check reads what was written against the brief, and the fit pass reads the bundle once.
 * Nothing here commits: the pass is held in memory and landed by the caller.
 */
import { applyEdits, workingTreeEncoding, type Edit } from '../loop/apply-text.js'
import { deletesFile, overlaps, substrateRisk, type SiteText } from '../loop/apply-checks.js'
import { literalSpanPredicate } from '../loop/classify.js'
import { riskGate } from '../loop/gates.js'
import { carryFixes } from '../loop/machine/scanned.js'
import type { Finding, Gate, Round, Site } from '../loop/model.js'
import type { Run } from './context.js'
import { scan } from './change-point-scan.js'
import { commit } from './commit.js'
import { fileAt } from './repo.js'
import { fitPass } from './fit-pass.js'
import { attributesAbove, write, type Brief } from './write-call.js'
import type { PassResult, WritePass, WriteTools } from './written.js'

export type { PassResult, WritePass, WriteTools, WrittenEdit } from './written.js'

/** A file's lines at the round's head, or undefined when it is not text there. */
type LinesOf = (file: string) => Promise<string[] | undefined>

/** An edit on its way into a file, with the fix it serves. */
type PendingEdit = Edit & { file: string; finding: string }

/** What laying a file's edits gave: its new text, and which edits were laid and which not. */
type Laid = ReturnType<typeof applyEdits>

/** The round's record of the pass: who wrote what, and what was not written. */
type ApplyRecord = NonNullable<Round['apply']>

const textOf = (lines: string[], s: Site) => lines.slice(s.start_line - 1, s.end_line).join('\n')

/** A finding returned after its fix landed, with the diagnosis holding: the driver writes it itself (Rule 9). */
/** The fixes the pass could not write are carried by the loop, with why (one transition for all of them). */
function carry(run: Run, findings: Finding[], reason: string): void {
  if (findings.length > 0)
    commit(
      run,
      carryFixes(
        run.ledger,
        findings.map(f => ({ finding: f.id, reason }))
      )
    )
}

function reapplied(f: Finding, round: Round): boolean {
  const last = f.returns?.at(-1)
  return last?.round === round.n && last.handling === 'reapplied'
}

/** Reads each file at the head once, for the whole pass. */
function headLines(run: Run, head: string): LinesOf {
  const files = new Map<string, string[] | undefined>()
  return async file => {
    if (!files.has(file)) {
      const at = await fileAt(run, head, file).catch(() => undefined)
      files.set(file, at?.kind === 'text' ? at.lines : undefined)
    }
    return files.get(file)
  }
}

/** Runs the pass over the approved fixes. */
export async function writePass(
  run: Run,
  round: Round,
  approved: Finding[],
  tools: WriteTools,
  nextGate: () => string
): Promise<PassResult> {
  const linesOf = headLines(run, round.head)
  const apply = (round.apply ??= { writers: [], discrepancies: [] })
  await compileBriefs(run, round, approved, tools, linesOf)
  const screened = await screen(run, round, approved, tools, linesOf, nextGate)
  if (screened.gates.length > 0) return { kind: 'gated', gates: screened.gates }
  const briefs = screened.briefs
  const edits = await writeBriefs(run, round, briefs, tools, linesOf, apply)
  const pass: WritePass = { originals: new Map(), contents: new Map(), edits: [] }
  const gates: Gate[] = []
  for (const file of new Set(edits.map(e => e.file))) {
    const mine = edits.filter(e => e.file === file)
    gates.push(...(await layFile(run, round, file, mine, pass, apply, nextGate)))
  }
  if (gates.length > 0) return { kind: 'gated', gates }
  const unwritten = briefs.filter(
    b => !pass.edits.some(e => e.finding === b.finding.id) && b.finding.outcome.kind === 'pending'
  )
  carry(
    run,
    unwritten.map(b => b.finding),
    'not written: the write changed none of its sites; the next round reviews it again'
  )

  // Step 4: the fit pass, once over the bundle (with a driver), and its loop-back at most once.
  if (tools.driver && pass.edits.length > 0) {
    await fitPass(run, round, pass, {
      driver: tools.driver,
      // On the escalated tier the driver writes the loop-back's sites too.
      writer: tools.tier === 'driver' ? tools.driver : (tools.writer?.driver ?? tools.driver),
      tier: tools.tier
    })
  }
  return { kind: 'written', pass }
}

/**
 * Step 1: the brief. A fix scanned earlier in this round (before a risk gate) keeps its brief.
 * (Classification's literal-span predicate is a placeholder: with a driver every fix is scanned.)
 */
async function compileBriefs(
  run: Run,
  round: Round,
  approved: Finding[],
  tools: WriteTools,
  linesOf: LinesOf
): Promise<void> {
  const head = round.head
  const scanned = (f: Finding) => f.scanSha === head && f.interactions !== undefined
  const toScan = approved.filter(f => tools.driver && !scanned(f))
  if (toScan.length > 0) await scan(run, round, toScan, tools.driver!, linesOf)
  const unbriefed: Finding[] = []
  for (const f of approved) {
    if (f.outcome.kind !== 'pending' || scanned(f)) continue
    // No driver, or its scan gave nothing: the source's fix instantiates the literal span it replaces, one site.
    const lines = await linesOf(f.file)
    if (!f.fix || !lines || f.fix.end_line > lines.length) {
      unbriefed.push(f)
      continue
    }
    const { start_line, end_line } = f.fix
    f.predicate = literalSpanPredicate(
      f.file,
      start_line,
      end_line,
      lines.slice(start_line - 1, end_line)
    )
    f.sites = [{ file: f.file, start_line, end_line }]
    f.scanSha = head
  }
  carry(
    run,
    unbriefed,
    'not written: no brief could be compiled for it (no fix to write and no scan)'
  )
}

/** Rule 6: the risk screen, per site, before anything is written. A fix it stops gets a risk gate, not a brief. */
async function screen(
  run: Run,
  round: Round,
  approved: Finding[],
  tools: WriteTools,
  linesOf: LinesOf,
  nextGate: () => string
): Promise<{ gates: Gate[]; briefs: Brief[] }> {
  const gates: Gate[] = []
  const briefs: Brief[] = []
  const unread: Finding[] = []
  for (const f of approved) {
    if (f.outcome.kind !== 'pending' || !f.predicate) continue
    const accepted = f.risk?.accepted === true
    const { sites, held } = await screenSites(run, f, accepted, linesOf)
    if (
      !accepted &&
      (held.length > 0 || (f.risk?.kind === 'epistemic' && f.risk.gate === undefined))
    ) {
      const why =
        held.length > 0
          ? `the same fix also belongs at ${held.map(h => `${h.file}:${h.start_line}`).join(', ')}, ${substrateRisk(held[0]!.file, run.config.protected ?? [])}`
          : f.risk!.why
      f.risk = {
        kind: held.length > 0 ? 'substrate' : 'epistemic',
        why,
        ...(held.length ? { held } : {})
      }
      const gate = riskGate(nextGate(), round.n, f, why)
      f.risk.gate = gate.id
      gates.push(gate)
      continue
    }
    if (sites.length === 0) {
      unread.push(f)
      continue
    }
    briefs.push({ finding: f, sites, asProposed: asProposed(f, sites, round, tools) })
  }
  carry(run, unread, 'not written: none of the sites its scan named could be read at the head')
  return { gates, briefs }
}

/** A fix's sites with their lines at the head, and the sites the substrate screen holds back. */
async function screenSites(
  run: Run,
  f: Finding,
  accepted: boolean,
  linesOf: LinesOf
): Promise<{ sites: SiteText[]; held: Site[] }> {
  const sites: SiteText[] = []
  const held: Site[] = []
  for (const [i, s] of (f.sites ?? []).entries()) {
    // The fix's own span was put to a person already when its file is protected (classification asks); every
    // other site, in that file too, is screened on its own.
    const own = f.fix
      ? overlaps(s, { file: f.file, start_line: f.fix.start_line, end_line: f.fix.end_line })
      : s.file === f.file && s.start_line <= f.line && f.line <= s.end_line
    const risk = own ? undefined : substrateRisk(s.file, run.config.protected ?? [])
    if (risk && !accepted) {
      held.push(s)
      continue
    }
    const lines = await linesOf(s.file)
    if (!lines) continue
    sites.push({ ...s, handle: `${f.id}.${i + 1}`, text: textOf(lines, s) })
  }
  return { sites, held }
}

/** Whether the source's fix, as proposed, is the one obvious repair at the brief's one site. */
function asProposed(f: Finding, sites: SiteText[], round: Round, tools: WriteTools): boolean {
  const fix = f.fix
  const one = sites.length === 1 ? sites[0]! : undefined
  // On the escalated tier the driver writes every fix itself: the proposals are what kept causing findings.
  return (
    tools.tier !== 'driver' &&
    !reapplied(f, round) &&
    fix !== undefined &&
    one !== undefined &&
    one.file === f.file &&
    one.start_line === fix.start_line &&
    one.end_line === fix.end_line
  )
}

/** Steps 2 and 3: write, then read what was written against the brief. Returns the edits to lay into the files. */
async function writeBriefs(
  run: Run,
  round: Round,
  briefs: Brief[],
  tools: WriteTools,
  linesOf: LinesOf,
  apply: ApplyRecord
): Promise<PendingEdit[]> {
  const edits: PendingEdit[] = []
  const byProposal = briefs.filter(b => b.asProposed || !tools.driver)
  for (const b of byProposal) {
    const fix = b.finding.fix!
    edits.push({
      id: b.finding.id,
      finding: b.finding.id,
      file: b.finding.file,
      start: fix.start_line,
      end: fix.end_line,
      replacement: fix.replacement
    })
  }
  if (byProposal.length > 0)
    apply.writers.push(
      `${byProposal.map(b => b.finding.id).join(', ')}: the source's fix, as proposed`
    )
  const rest = briefs.filter(b => !byProposal.includes(b))
  const escalated = rest.filter(b => tools.tier === 'driver' || reapplied(b.finding, round))
  const lower = rest.filter(b => !escalated.includes(b))
  for (const [group, tier] of [
    [lower, 'writer'],
    [escalated, 'driver']
  ] as const) {
    if (group.length === 0) continue
    const writer = tier === 'driver' ? tools.driver! : (tools.writer?.driver ?? tools.driver!)
    const label =
      tier === 'driver'
        ? `the driver (${tools.driver!.label})`
        : `the writer (${tools.writer?.label ?? tools.driver!.label})`
    const written = await write(run, round, group, writer, tier, linesOf)
    apply.writers.push(
      `${group.map(b => b.finding.id).join(', ')}: ${label}${written.note ? ` (${written.note})` : ''}`
    )
    for (const e of written.accepted) {
      edits.push({
        id: `${e.finding}@${e.site}`,
        finding: e.finding,
        file: e.file,
        start: e.start_line,
        end: e.end_line,
        replacement: e.replacement
      })
    }
    apply.discrepancies.push(...written.discrepancies)
  }
  return edits
}

/**
 * Lays one file's edits into it; overlapping edits of different fixes are not written, and said so. Returns the
 * deletion gates when the edits would empty the file (then nothing of it is written).
 */
async function layFile(
  run: Run,
  round: Round,
  file: string,
  mine: PendingEdit[],
  pass: WritePass,
  apply: ApplyRecord,
  nextGate: () => string
): Promise<Gate[]> {
  const at = await fileAt(run, round.head, file)
  if (at.kind !== 'text') return []
  const encoding = workingTreeEncoding(file, await attributesAbove(run, round.head, file))
  if (encoding) {
    for (const id of new Set(mine.map(e => e.finding)))
      apply.discrepancies.push(
        `${id}: not written: ${file} is re-encoded to ${encoding} in the work tree (working-tree-encoding in .gitattributes), which the loop does not write; set aside for a person`
      )
    return []
  }
  const result = applyEdits(at.text, mine)
  if (deletesFile(at.text, result.text) && !deletionAccepted(run, mine))
    return deletionGates(run, round, file, mine, nextGate)
  keepWritten(file, at.text, mine, result, pass, apply)
  return []
}

/** Only an answer to the deletion question licenses a deletion (not an accepted risk of another kind). */
function deletionAccepted(run: Run, mine: PendingEdit[]): boolean {
  return mine.every(e => {
    const risk = findingOf(run, e.finding).risk
    return risk?.deletion === true && risk.accepted === true
  })
}

/** Deleting a file's content is a substrate action: nothing lands until a person accepts it. */
function deletionGates(
  run: Run,
  round: Round,
  file: string,
  mine: PendingEdit[],
  nextGate: () => string
): Gate[] {
  const gates: Gate[] = []
  for (const id of new Set(mine.map(e => e.finding))) {
    const f = findingOf(run, id)
    const why = `it would empty ${file}, and deleting a file is never done without a person`
    f.risk = { kind: 'substrate', why, deletion: true }
    const gate = riskGate(nextGate(), round.n, f, why)
    f.risk.gate = gate.id
    gates.push(gate)
  }
  return gates
}

/** Records a file's laid edits on the pass, and the ones that could not be laid as discrepancies. */
function keepWritten(
  file: string,
  text: string,
  mine: PendingEdit[],
  result: Laid,
  pass: WritePass,
  apply: ApplyRecord
): void {
  for (const s of result.skipped) {
    const e = mine.find(x => x.id === s.id)!
    apply.discrepancies.push(
      `${e.finding}: an edit of ${file}:${e.start}-${e.end} was not written: ${s.reason}`
    )
  }
  const taken = mine.filter(e => result.applied.includes(e.id))
  // A fix that leaves the file as it was writes nothing (and there would be nothing to commit).
  if (taken.length === 0 || result.text === text) return
  pass.originals.set(file, text)
  pass.contents.set(file, result.text)
  for (const e of taken)
    pass.edits.push({
      finding: e.finding,
      file,
      start: e.start,
      end: e.end,
      replacement: e.replacement
    })
}

function findingOf(run: Run, id: string): Finding {
  return run.ledger.findings.find(f => f.id === id)!
}
