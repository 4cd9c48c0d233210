/**
 * Phase 2 of one round (src/run/judge.ts) for findings that passed the location check: each claim checked against the
 * code (by the driver, when there is one, each answer checked by the loop), then recorded in the ledger with its
 * provenance, grade and trace entry; the survivors go on to classification.
 */
import * as core from '@actions/core'
import type { PriorFinding, VerifyItem, VerifyRequest } from '../driver/protocol.js'
import type { FileChange } from '../loop/change.js'
import type { Finding, Round, TraceEntry } from '../loop/model.js'
import { acceptVerification, type Verification } from '../loop/verification.js'
import { provenanceOf } from '../loop/verify.js'
import { isInsideRepository } from '../sources/review-response.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { record } from './judge-record.js'
import {
  called,
  excerpt,
  join,
  notRun,
  type Candidate,
  type JudgeInput,
  type Kept
} from './judging.js'
import { repoGit, type FileAt } from './repo.js'

const MAX_PRIOR = 200

/** Reads a file at a commit (cached per round by src/run/judge.ts). */
export type ReadAt = (sha: string, file: string) => Promise<FileAt>

function ranges(lines: ReadonlySet<number>): [number, number][] {
  const sorted = [...lines].sort((a, b) => a - b)
  const out: [number, number][] = []
  for (const n of sorted) {
    const last = out.at(-1)
    if (last && n === last[1] + 1) last[1] = n
    else out.push([n, n])
  }
  return out
}

function outcomeText(f: Finding): string {
  const o = f.outcome
  switch (o.kind) {
    case 'applied':
      return o.commit ? `its fix was applied in ${o.commit.slice(0, 7)}` : 'its fix was applied'
    case 'dropped':
      return `dropped: ${o.basis}`
    case 'carried':
      return `carried: ${o.reason}`
    case 'handed':
      return `left for a follow-up by @${o.by}: "${o.words}"`
    case 'suggested':
      return `suggested to the author: ${o.where}`
    case 'pending':
      return 'still open'
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The previous review's head in this pull request, for marking new findings on code it already saw. */
function previousHead(run: Run, round: Round): string | undefined {
  return run.ledger.rounds
    .filter(r => r.n < round.n && r.review === 'reviewed')
    .sort((a, b) => b.n - a.n)[0]?.head
}

/** One candidate as the driver's verify call sees it: its lines at the head and, when it had one, at the base. */
async function verifyItem(input: JudgeInput, c: Candidate, at: ReadAt): Promise<VerifyItem> {
  const change = input.map.get(c.sf.file)
  // A renamed or copied file is read at the base under the path it had there.
  const base = await at(input.inv.base, change?.from ?? c.sf.file)
  const item: VerifyItem = {
    key: c.key,
    severity: c.sf.severity,
    file: c.sf.file,
    line: c.sf.line,
    description: c.sf.description,
    head: excerpt(c.sf.file, c.lines, c.sf.line),
    base:
      base.kind === 'text' && !change?.created
        ? excerpt(change?.from ?? c.sf.file, base.lines, c.sf.line)
        : null,
    change: change ? { created: change.created, written: ranges(change.addedLines) } : null
  }
  if (c.sf.evidence) item.evidence = c.sf.evidence
  if (c.sf.expectation) item.expectation = c.sf.expectation
  if (c.sf.fix) item.fix = c.sf.fix
  return item
}

/** The earlier rounds' findings the driver is shown, to know a claim again. */
function priorFindings(run: Run, round: Round): PriorFinding[] {
  return run.ledger.findings
    .filter(f => f.round < round.n)
    .slice(-MAX_PRIOR)
    .map(f => ({
      id: f.id,
      round: f.round,
      file: f.file,
      line: f.line,
      severity: f.severity,
      description: f.description,
      outcome: outcomeText(f)
    }))
}

/**
 * Every file the driver's answer cites, read at the head: a drop may rest on code in another file (a guard in a
 * caller). A file that cannot be read is said so; its lines are then unknown, and a drop citing them is not taken.
 */
async function citedLines(files: Set<string>, head: string, at: ReadAt) {
  const headLines = new Map<string, string[]>()
  for (const file of [...files].filter(isInsideRepository).slice(0, 50)) {
    try {
      const read = await at(head, file)
      if (read.kind === 'text') headLines.set(file, read.lines)
    } catch (error) {
      core.warning(
        `${file}, which the driver's verify answer cites, could not be read at ${head.slice(0, 7)}: ${errorText(error)}. What the answer says of its lines is not taken.`
      )
    }
  }
  return (file: string, line: number): string | undefined => headLines.get(file)?.[line - 1]
}

/** The driver's verdicts on `candidates`, each checked by the loop; `failed` says why there are none. */
async function driverVerdicts(
  input: JudgeInput,
  candidates: Candidate[],
  at: ReadAt
): Promise<{ verdicts: Map<string, Verification>; failed?: string }> {
  const { run, round, driver, inv } = input
  const head = round.head
  const verdicts = new Map<string, Verification>()
  const items = new Map<string, VerifyItem>()
  for (const c of candidates) items.set(c.key, await verifyItem(input, c, at))
  const prior = priorFindings(run, round)
  const request: VerifyRequest = {
    protocol: PROTOCOL,
    role: 'verify',
    round: round.n,
    repository: run.env.workspace,
    base_sha: inv.base,
    head_sha: head,
    severity_steer: input.request.intent.severity_steer,
    findings: [...items.values()],
    prior
  }
  const result = await driver!.verify(request)
  called(round, 'verify', result)
  if (!result.ok) {
    core.warning(`The driver's verify call produced no answer: ${result.cause}`)
    notRun(round, `checking each finding's claim against the code (${result.cause})`)
    return { verdicts, failed: result.cause }
  }
  const cited = new Set(result.answer.findings.flatMap(a => a.cited.map(c => c.file)))
  const lineAt = await citedLines(cited, head, at)
  for (const c of candidates) {
    const answer = result.answer.findings.find(a => a.key === c.key)
    verdicts.set(
      c.key,
      acceptVerification(items.get(c.key)!, answer, {
        lineAt,
        priorIds: new Set(prior.map(p => p.id)),
        headSha: head
      })
    )
  }
  return { verdicts }
}

type ChangedLines = Map<string, { created: boolean; added: ReadonlySet<number> }>

/**
 * What changed from the previous review's head to this one, for marking a new finding on code that review already
 * saw. When git cannot say, no finding is marked, and the warning and the round's trace say why.
 */
async function changedSincePrevious(
  run: Run,
  round: Round
): Promise<{ prev?: string; changed?: ChangedLines }> {
  const prev = previousHead(run, round)
  // The same head reviewed again: nothing changed since, so every new finding is on code the last review saw.
  if (!prev || prev === round.head) return prev ? { prev, changed: new Map() } : {}
  try {
    const lines = await repoGit(run).diffLines(prev, round.head)
    const changed: ChangedLines = new Map(
      [...lines].map(([f, l]) => [f, { created: l.created, added: l.added }])
    )
    return { prev, changed }
  } catch (error) {
    const why = `what changed since the review of ${prev.slice(0, 7)} could not be read (${errorText(error)}): no new finding is marked as on code that review already saw`
    core.warning(why)
    ;(round.notes ??= []).push(why)
    return { prev }
  }
}

/** Takes the loop's checked verdict (or, without one, the deterministic typing) onto a recorded finding and its entry. */
function takeVerdict(
  f: Finding,
  entry: TraceEntry,
  c: Candidate,
  v: Verification | undefined,
  change: FileChange | undefined
): void {
  if (v?.kind === 'kept') {
    if (v.provenance) f.provenance = v.provenance
    else delete f.provenance
    if (v.regraded) {
      f.sourceSeverity = v.regraded.from
      f.severity = v.regraded.to
      entry.regraded = v.regraded
    }
    if (v.sameAs && v.sameAs.id === f.id) {
      entry.identity = `the same as ${v.sameAs.id}: ${v.sameAs.basis}`
    }
    if (v.notes.length > 0) entry.note = join(entry.note, v.notes.join('; '))
    if (v.question) entry.note = join(entry.note, `asks: ${v.question}`)
  } else {
    const typed = provenanceOf(c.sf, change)
    if (typed) f.provenance = typed
    else delete f.provenance
  }
  if (c.sf.downgraded) {
    // Seed 000: a blocker still short after its one correction came in downgraded; its entry says from what and why.
    const { from, basis } = c.sf.downgraded
    const then = entry.regraded ? `; then ${entry.regraded.basis}` : ''
    entry.regraded = { from, to: f.severity, basis: `${basis}${then}` }
    f.sourceSeverity = from
  }
  if (f.provenance) entry.provenance = f.provenance
}

/** Records one candidate with its verdict; the survivor it leaves, or undefined (a repeat, or dropped). */
function recordCandidate(
  input: JudgeInput,
  c: Candidate,
  v: Verification | undefined,
  since: { prev?: string; changed?: ChangedLines }
): Omit<Kept, 'verifyFailed'> | undefined {
  const { round, map } = input
  const recorded = record(input, c.sf, v?.kind === 'kept' ? v.sameAs?.id : undefined, c.origin)
  if (!recorded) return undefined
  const f = recorded.finding
  const entry: TraceEntry = { finding: f.id, slot: 'relay', outcome: f.outcome }
  if (recorded.note) entry.note = recorded.note
  if (v?.kind === 'dropped') {
    f.outcome = { kind: 'dropped', basis: v.basis }
    entry.outcome = f.outcome
    round.entries.push(entry)
    return undefined
  }
  const change = map.get(c.sf.file)
  takeVerdict(f, entry, c, v, change)
  f.onChangedCode = change !== undefined
  // Seed 000: a new finding on code the previous review already saw says so.
  const { prev, changed } = since
  if (f.round === round.n && prev && changed) {
    const moved = changed.get(c.sf.file)
    const unchanged = !moved || (!moved.created && !moved.added.has(c.sf.line))
    if (unchanged) entry.late = `new, on code unchanged since the review of ${prev.slice(0, 7)}`
  }
  return {
    finding: f,
    candidate: c,
    entry,
    ...(v ? { verification: v } : {}),
    ...(recorded.prior ? { prior: recorded.prior } : {})
  }
}

/** Verifies `candidates` (with the driver where there is one) and records them; survivors join `kept`. */
export async function verifyAndRecord(
  input: JudgeInput,
  candidates: Candidate[],
  at: ReadAt,
  kept: Kept[]
): Promise<void> {
  const { verdicts, failed } =
    input.driver && candidates.length > 0
      ? await driverVerdicts(input, candidates, at)
      : { verdicts: new Map<string, Verification>(), failed: undefined }
  const since = await changedSincePrevious(input.run, input.round)
  for (const c of candidates) {
    const survivor = recordCandidate(input, c, verdicts.get(c.key), since)
    if (survivor) kept.push({ ...survivor, ...(failed ? { verifyFailed: failed } : {}) })
  }
}
