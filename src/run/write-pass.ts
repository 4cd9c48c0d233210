/**
 * Phase 4's writing (seed 004, Rules 6 and 8): the change-point scan compiles each fix's brief (its predicate and that
 * predicate's sites, each checked against the code and risk-screened), the completeness sweep writes every site in
 * the same pass (the source's fix as proposed where it is the one obvious repair, else the writer, or the driver on an
 * escalated tier), the check reads what was written against the brief, and the fit pass reads the bundle once.
 * Nothing here commits: the pass is held in memory and landed by the caller.
 */
import type { WriteBrief } from '../driver/apply-roles.js'
import type { Excerpt } from '../driver/protocol.js'
import type { Driver } from '../driver/types.js'
import {
  applyEdits,
  workingTreeEncoding,
  type AttributesFile,
  type Edit
} from '../loop/apply-text.js'
import {
  checkWrite,
  deletesFile,
  overlaps,
  substrateRisk,
  type SiteText
} from '../loop/apply-checks.js'
import { literalSpanPredicate } from '../loop/classify.js'
import type { Finding, Gate, Round, Site } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { called } from './judging.js'
import { carry, directionOf, scan } from './change-point-scan.js'
import { fileAt } from './repo.js'
import { fitPass } from './fit-pass.js'

/** One edit the pass wrote: which finding it serves, and the lines of the file (as the pass found it) it replaced. */
export interface WrittenEdit {
  finding: string
  file: string
  start: number
  end: number
  replacement: string
}

/** What one apply pass wrote, in memory: nothing is on disk or committed yet. */
export interface WritePass {
  /** Each written file's text at the round's head, and after the pass. */
  originals: Map<string, string>
  contents: Map<string, string>
  edits: WrittenEdit[]
}

/** Who writes this pass, with the driver behind the scan and the fit pass. */
export interface WriteTools {
  driver?: Driver
  writer?: { driver: Driver; label: string }
  /** The invocation's write tier: `driver` once fix-induced findings recurred (Rule 8). */
  tier: 'writer' | 'driver'
}

/** The pass's outcome: what was written, or the risk gates a person must answer before anything is. */
export type PassResult = { kind: 'written'; pass: WritePass } | { kind: 'gated'; gates: Gate[] }

/** A fix whose brief is ready: its verified sites with their lines, and who writes it. */
interface Brief {
  finding: Finding
  sites: SiteText[]
  /** The source's fix, as proposed, is the one obvious repair at the brief's one site. */
  asProposed: boolean
}

const textOf = (lines: string[], s: Site) => lines.slice(s.start_line - 1, s.end_line).join('\n')

/** A finding returned after its fix landed, with the diagnosis holding: the driver writes it itself (Rule 9). */
function reapplied(f: Finding, round: Round): boolean {
  const last = f.returns?.at(-1)
  return last?.round === round.n && last.handling === 'reapplied'
}

/** Runs the pass over the approved fixes. */
export async function writePass(
  run: Run,
  round: Round,
  approved: Finding[],
  tools: WriteTools,
  nextGate: () => string
): Promise<PassResult> {
  const head = round.head
  const files = new Map<string, string[] | undefined>()
  const linesOf = async (file: string): Promise<string[] | undefined> => {
    if (!files.has(file)) {
      const at = await fileAt(run, head, file).catch(() => undefined)
      files.set(file, at?.kind === 'text' ? at.lines : undefined)
    }
    return files.get(file)
  }
  const apply = (round.apply ??= { writers: [], discrepancies: [] })

  // Step 1: the brief. A fix scanned earlier in this round (before a risk gate) keeps its brief.
  // (Classification's literal-span predicate is a placeholder: with a driver every fix is scanned.)
  const scanned = (f: Finding) => f.scanSha === head && f.interactions !== undefined
  const toScan = approved.filter(f => tools.driver && !scanned(f))
  if (toScan.length > 0) await scan(run, round, toScan, tools.driver!, linesOf)
  for (const f of approved) {
    if (f.outcome.kind !== 'pending' || scanned(f)) continue
    // No driver, or its scan gave nothing: the source's fix instantiates the literal span it replaces, one site.
    const lines = await linesOf(f.file)
    if (!f.fix || !lines || f.fix.end_line > lines.length) {
      carry(f, 'not written: no brief could be compiled for it (no fix to write and no scan)')
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

  // Rule 6: the risk screen, per site, before anything is written.
  const gates: Gate[] = []
  const briefs: Brief[] = []
  for (const f of approved) {
    if (f.outcome.kind !== 'pending' || !f.predicate) continue
    const accepted = f.risk?.accepted === true
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
      carry(f, 'not written: none of the sites its scan named could be read at the head')
      continue
    }
    const fix = f.fix
    const one = sites.length === 1 ? sites[0]! : undefined
    // On the escalated tier the driver writes every fix itself: the proposals are what kept causing findings.
    const asProposed =
      tools.tier !== 'driver' &&
      !reapplied(f, round) &&
      fix !== undefined &&
      one !== undefined &&
      one.file === f.file &&
      one.start_line === fix.start_line &&
      one.end_line === fix.end_line
    briefs.push({ finding: f, sites, asProposed })
  }
  if (gates.length > 0) return { kind: 'gated', gates }

  // Steps 2 and 3: write, then read what was written against the brief.
  const pass: WritePass = { originals: new Map(), contents: new Map(), edits: [] }
  const edits: (Edit & { file: string; finding: string })[] = []
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

  // Lay the edits into the files; overlapping edits of different fixes are not written, and said so.
  for (const file of new Set(edits.map(e => e.file))) {
    const at = await fileAt(run, head, file)
    if (at.kind !== 'text') continue
    const mine = edits.filter(e => e.file === file)
    const encoding = workingTreeEncoding(file, await attributesAbove(run, head, file))
    if (encoding) {
      for (const id of new Set(mine.map(e => e.finding)))
        apply.discrepancies.push(
          `${id}: not written: ${file} is re-encoded to ${encoding} in the work tree (working-tree-encoding in .gitattributes), which the loop does not write; set aside for a person`
        )
      continue
    }
    const result = applyEdits(at.text, mine)
    // Only an answer to the deletion question licenses a deletion (not an accepted risk of another kind).
    const accepted = mine.every(e => {
      const risk = findingOf(run, e.finding).risk
      return risk?.deletion === true && risk.accepted === true
    })
    if (deletesFile(at.text, result.text) && !accepted) {
      // Deleting a file's content is a substrate action: nothing lands until a person accepts it.
      for (const id of new Set(mine.map(e => e.finding))) {
        const f = findingOf(run, id)
        const why = `it would empty ${file}, and deleting a file is never done without a person`
        f.risk = { kind: 'substrate', why, deletion: true }
        const gate = riskGate(nextGate(), round.n, f, why)
        f.risk.gate = gate.id
        gates.push(gate)
      }
      continue
    }
    for (const s of result.skipped) {
      const e = mine.find(x => x.id === s.id)!
      apply.discrepancies.push(
        `${e.finding}: an edit of ${file}:${e.start}-${e.end} was not written: ${s.reason}`
      )
    }
    const taken = mine.filter(e => result.applied.includes(e.id))
    // A fix that leaves the file as it was writes nothing (and there would be nothing to commit).
    if (taken.length === 0 || result.text === at.text) continue
    pass.originals.set(file, at.text)
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
  if (gates.length > 0) return { kind: 'gated', gates }
  for (const b of briefs) {
    if (!pass.edits.some(e => e.finding === b.finding.id) && b.finding.outcome.kind === 'pending')
      carry(
        b.finding,
        'not written: the write changed none of its sites; the next round reviews it again'
      )
  }

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

function findingOf(run: Run, id: string): Finding {
  return run.ledger.findings.find(f => f.id === id)!
}

/** A gate for a fix the screen stopped: accept the risk and apply, defer, or drop. */
function riskGate(id: string, round: number, f: Finding, why: string): Gate {
  return {
    id,
    round,
    kind: 'risk',
    findings: [f.id],
    analysis: `The fix for ${f.id} (${f.file}:${f.line}) is ready to be written, but ${why}. Nothing has been written.`,
    question: `Should the loop write this fix anyway?`,
    options: [
      {
        key: 'apply',
        label: 'Accept the risk and apply',
        leadsTo:
          'the fix is written at every place it belongs and pushed with the round’s other fixes'
      },
      {
        key: 'defer',
        label: 'Not now',
        leadsTo: 'nothing is written; the finding stays open and the next review sees it again'
      },
      {
        key: 'dismiss',
        label: 'Drop the fix',
        leadsTo: 'nothing is written and the finding is closed as you decided'
      }
    ],
    open: false,
    status: 'open'
  }
}

/** Steps 2–3: one `write` call for a group of briefs, then the check of what came back. */
async function write(
  run: Run,
  round: Round,
  group: Brief[],
  writer: Driver,
  tier: 'writer' | 'driver',
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<{
  accepted: {
    finding: string
    site: string
    file: string
    start_line: number
    end_line: number
    replacement: string
  }[]
  discrepancies: string[]
  note?: string
}> {
  const briefs: WriteBrief[] = group.map((b, i) => ({
    key: `w${i + 1}`,
    id: b.finding.id,
    description: b.finding.description,
    predicate: b.finding.predicate!,
    basis:
      b.finding.class === 'mechanical'
        ? 'verified against the code at the head'
        : `approved by a person at ${b.finding.gate ?? 'a gate'}`,
    direction: directionOf(run, b.finding),
    interactions: b.finding.interactions ?? 'none named',
    proposal: b.finding.fix ?? null,
    sites: b.sites.map(s => ({
      site: s.handle,
      file: s.file,
      start_line: s.start_line,
      end_line: s.end_line,
      text: s.text
    }))
  }))
  const context: Excerpt[] = []
  for (const b of group) {
    for (const s of b.sites) {
      const lines = (await linesOf(s.file)) ?? []
      const from = Math.max(1, s.start_line - 10)
      context.push({
        path: s.file,
        start: from,
        text: lines.slice(from - 1, s.end_line + 10).join('\n')
      })
    }
  }
  const result = await writer.write({
    protocol: PROTOCOL,
    role: 'write',
    tier,
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    briefs,
    context
  })
  called(round, `write (${tier})`, result)
  if (!result.ok) {
    for (const b of group)
      carry(
        b.finding,
        `not written: the ${tier === 'driver' ? 'driver' : 'writer'} gave no edits (${result.cause}); the next round reviews it again`
      )
    return { accepted: [], discrepancies: [], note: `no answer: ${result.cause}` }
  }
  const check = checkWrite(
    group.map(b => ({ finding: b.finding.id, sites: b.sites })),
    result.answer.edits
  )
  const discrepancies = [
    ...check.missed.map(
      m =>
        `${m.finding}: site ${m.site.file}:${m.site.start_line} of its pattern was not written (carried to the next round)`
    ),
    ...check.heldBack.map(
      h =>
        `held back, not written unbriefed: ${h.why}; it is returned for screening and the next round reviews it`
    )
  ]
  return { accepted: check.accepted, discrepancies }
}

/** The `.gitattributes` files at `sha` from the root down to `file`'s folder, root first. */
async function attributesAbove(run: Run, sha: string, file: string): Promise<AttributesFile[]> {
  const parts = file.split('/').slice(0, -1)
  const out: AttributesFile[] = []
  for (let depth = 0; depth <= parts.length; depth++) {
    const dir = parts.slice(0, depth).join('/')
    const at = await fileAt(
      run,
      sha,
      dir === '' ? '.gitattributes' : `${dir}/.gitattributes`
    ).catch(() => undefined)
    if (at?.kind === 'text') out.push({ dir, text: at.text })
  }
  return out
}
