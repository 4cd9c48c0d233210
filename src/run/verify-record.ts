/**
 * Phase 2 of one round (src/run/judge.ts) for findings that passed the location check: each claim checked against the
 * code (by the driver, when there is one, each answer checked by the loop), then recorded in the ledger with its
 * provenance, grade and trace entry by a transition (src/loop/machine/verified.ts); the survivors go on to
 * classification.
 */
import * as core from '@actions/core'
import type { PriorFinding, VerifyItem, VerifyRequest } from '../driver/protocol.js'
import { recordChecked, type Since, type Unlocated } from '../loop/machine/verified.js'
import type { Finding, Round } from '../loop/model.js'
import { acceptVerification, type Verification } from '../loop/verification.js'
import { isInsideRepository } from '../sources/review-response.js'
import { PROTOCOL } from '../sources/types.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import {
  called,
  excerpt,
  notRun,
  type Candidate,
  type JudgeInput,
  type Kept,
  type ReadAt
} from './judging.js'
import { repoGit } from './repo.js'

const MAX_PRIOR = 200

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

/**
 * What changed from the previous review's head to this one, for marking a new finding on code that review already
 * saw. When git cannot say, no finding is marked, and the warning and the round's trace say why.
 */
async function changedSincePrevious(run: Run, round: Round): Promise<Since> {
  const prev = previousHead(run, round)
  // The same head reviewed again: nothing changed since, so every new finding is on code the last review saw.
  if (!prev || prev === round.head) return prev ? { prev, changed: new Map() } : {}
  try {
    const lines = await repoGit(run).diffLines(prev, round.head)
    const changed = new Map([...lines].map(([f, l]) => [f, { created: l.created, added: l.added }]))
    return { prev, changed }
  } catch (error) {
    const why = `what changed since the review of ${prev.slice(0, 7)} could not be read (${errorText(error)}): no new finding is marked as on code that review already saw`
    core.warning(why)
    return { prev, failed: why }
  }
}

/**
 * Verifies one batch's `candidates` (with the driver where there is one) and records them with the `unlocated` ones
 * (src/loop/machine/verified.ts); answers the survivors. A goal reading's batch brings its summary for the Goal line.
 */
export async function verifyAndRecord(
  input: JudgeInput,
  batch: { candidates: Candidate[]; unlocated: Unlocated[]; goal?: string },
  at: ReadAt
): Promise<Kept[]> {
  const { run, round, driver, map } = input
  const { candidates, unlocated, goal } = batch
  const { verdicts, failed } =
    driver && candidates.length > 0
      ? await driverVerdicts(input, candidates, at)
      : { verdicts: new Map<string, Verification>(), failed: undefined }
  const since = await changedSincePrevious(run, round)
  const checked = candidates.map(c => {
    const verdict = verdicts.get(c.key)
    return { key: c.key, sf: c.sf, origin: c.origin, ...(verdict ? { verdict } : {}) }
  })
  const survivors = commit(
    run,
    recordChecked(run.ledger, {
      round: round.n,
      driver: driver !== undefined,
      changes: map,
      unlocated,
      checked,
      since,
      ...(goal !== undefined ? { goal } : {})
    })
  )
  const findings = new Map(run.ledger.findings.map(f => [f.id, f]))
  const byKey = new Map(candidates.map(c => [c.key, c]))
  return survivors.map(s => {
    const verification = verdicts.get(s.key)
    return {
      finding: findings.get(s.finding)!,
      candidate: byKey.get(s.key)!,
      entry: s.entry,
      ...(verification ? { verification } : {}),
      ...(s.prior ? { prior: s.prior } : {}),
      ...(failed ? { verifyFailed: failed } : {})
    }
  })
}
