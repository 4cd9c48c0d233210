/**
 * Phases 2 and 3 of one round: verify what the source surfaced (and what the loop's own goal reading found), type it
 * against the captured base, know it again when it returns, classify it and draft the round's questions. With a driver
 * the readings are the driver's, each checked by the loop; without one (or when a call fails) the deterministic steps
 * run and the trace says which readings did not.
 */
import * as core from '@actions/core'
import type {
  Excerpt,
  GoalRequest,
  PriorFinding,
  VerifyItem,
  VerifyRequest
} from '../driver/protocol.js'
import { sectionFrom } from '../intent/section.js'
import type { FileChange } from '../loop/change.js'
import { sameFinding } from '../loop/identity.js'
import type { Finding, Gate, Round, Severity, TraceEntry } from '../loop/model.js'
import { acceptVerification, type Verification } from '../loop/verification.js'
import { provenanceOf, verifyLocation } from '../loop/verify.js'
import { changeDiff } from '../sources/change-diff.js'
import { isInsideRepository } from '../sources/review-response.js'
import { PROTOCOL, type SourceFinding } from '../sources/types.js'
import type { Run } from './context.js'
import { classifyRound } from './classify-round.js'
import { settleHeld } from './held-gates.js'
import {
  called,
  excerpt,
  join,
  notRun,
  type Candidate,
  type JudgeInput,
  type Kept
} from './judging.js'
import { readReturns } from './returns.js'
import { fileAt, repoGit, type FileAt } from './repo.js'

export type { JudgeInput } from './judging.js'

const MAX_PRIOR = 200
const MAX_ARTIFACT_CHARS = 80_000
const MAX_GOAL_CHARS = 6_000

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

/** Runs Phases 2 and 3 over the round's surfaced findings; records entries on the round and returns its gates. */
export async function judge(input: JudgeInput): Promise<Gate[]> {
  const { run, round, driver } = input
  const head = round.head
  const cache = new Map<string, Promise<FileAt>>()
  const at = (sha: string, file: string): Promise<FileAt> => {
    const key = `${sha}:${file}`
    let read = cache.get(key)
    if (!read) cache.set(key, (read = fileAt(run, sha, file)))
    return read
  }
  if (driver) round.driver = driver.label

  // Phase 2, the deterministic part: a finding about a file or line the head does not have is dropped.
  const candidates: Candidate[] = []
  const surfaced = input.surfaced.map((sf, i) => ({ sf, key: `s${i + 1}` }))
  for (const { sf, key } of surfaced) {
    const a = await at(head, sf.file)
    const location =
      a.kind === 'other'
        ? {
            ok: false as const,
            basis: `${sf.file} is ${a.what} at ${head.slice(0, 7)}; the loop edits only text files`
          }
        : verifyLocation(sf, a.kind === 'text' ? a.lines.length : undefined, head)
    if (!location.ok || a.kind !== 'text') {
      const f = record(input, sf, undefined, 'source')?.finding
      if (!f) continue
      f.outcome = { kind: 'dropped', basis: location.ok ? 'unreadable' : location.basis }
      round.entries.push({ finding: f.id, slot: 'relay', outcome: f.outcome })
      continue
    }
    candidates.push({ key, sf, origin: 'source', lines: a.lines })
  }

  const kept: Kept[] = []
  await verifyAndRecord(input, candidates, at, kept)

  // The loop's own criterion, once a round: the artifact read against what the project says it is for.
  if (driver && input.harvest.goal) await goalReading(input, at, kept)

  // What an author's push left waiting is decided by this review of the new head, before anything is read as a return.
  const held = await settleHeld(
    run,
    round,
    kept
      .filter(k => k.finding.round !== round.n)
      .map(k => ({
        finding: k.finding,
        entry: k.entry,
        lines: k.candidate.lines,
        ...(k.prior ? { prior: k.prior } : {}),
        ...(k.verification?.kind === 'kept' && k.verification.question
          ? { question: k.verification.question }
          : {})
      })),
    at
  )

  // Returns: settled policy absorbs what the source had not seen; an informed return is diagnosed (Rule 9).
  const { gates, toClassify } = await readReturns(
    { run, round, nextGate: input.nextGate },
    kept.filter(k => !held.standing.has(k.finding.id)),
    held.waited
  )
  gates.push(...(await classifyRound(input, toClassify)))
  return gates
}

/** A recorded finding, with what it was before this round when it is an earlier one, and a note for its entry. */
interface Recorded {
  finding: Finding
  /** The earlier finding's severity and fix before this round updated them (a settled answer was given on those). */
  prior?: { severity: Severity; fix?: string }
  note?: string
}

/**
 * Records a surfaced finding in the ledger: the earlier finding it is (the driver's semantic match, or without a
 * driver the same file and claim), or a new ID. A match is taken only about the same file (or the file it was renamed
 * from) and only once a round: anything else is its own finding, so no claim vanishes into another. An earlier
 * finding keeps the words it was first raised and answered in. Undefined for the same claim said twice in one answer.
 */
function record(
  input: JudgeInput,
  sf: SourceFinding,
  sameAs: string | undefined,
  origin: 'source' | 'goal'
): Recorded | undefined {
  const { run, round } = input
  let existing = sameAs
    ? run.ledger.findings.find(f => f.id === sameAs)
    : input.driver
      ? undefined
      : run.ledger.findings.find(f => sameFinding(f, sf))
  let note: string | undefined
  if (existing && !sameAs && round.findings.includes(existing.id)) return undefined
  if (existing && existing.file !== sf.file && input.map.get(sf.file)?.from !== existing.file) {
    note = `the driver matched it to ${existing.id}, which is about ${existing.file}: kept as a finding of its own`
    existing = undefined
  } else if (existing && round.findings.includes(existing.id)) {
    note = `the driver matched it to ${existing.id}, which this round already holds: kept as a finding of its own`
    existing = undefined
  }
  let finding: Finding
  let prior: Recorded['prior']
  if (existing) {
    prior = { severity: existing.severity }
    if (existing.fix) prior.fix = JSON.stringify(existing.fix)
    existing.severity = sf.severity
    existing.line = sf.line
    // A brief and a risk verdict are about the head they were made at: a new round scans and screens afresh.
    delete existing.interactions
    delete existing.risk
    if (sf.fix) existing.fix = sf.fix
    else delete existing.fix
    finding = existing
  } else {
    finding = {
      id: input.nextFinding(),
      round: round.n,
      severity: sf.severity,
      file: sf.file,
      line: sf.line,
      description: sf.description,
      outcome: { kind: 'pending' }
    }
    if (sf.fix) finding.fix = sf.fix
    run.ledger.findings.push(finding)
  }
  if (sf.evidence) finding.evidence = sf.evidence
  if (sf.expectation) finding.expectation = sf.expectation
  if (origin === 'goal') finding.origin = 'goal'
  round.findings.push(finding.id)
  const out: Recorded = { finding }
  if (prior) out.prior = prior
  if (note) out.note = note
  return out
}

/** The previous review's head in this pull request, for marking new findings on code it already saw. */
function previousHead(run: Run, round: Round): string | undefined {
  return run.ledger.rounds
    .filter(r => r.n < round.n && r.review === 'reviewed')
    .sort((a, b) => b.n - a.n)[0]?.head
}

/** Verifies `candidates` (with the driver where there is one) and records them; survivors join `kept`. */
async function verifyAndRecord(
  input: JudgeInput,
  candidates: Candidate[],
  at: (sha: string, file: string) => Promise<FileAt>,
  kept: Kept[]
): Promise<void> {
  const { run, round, driver, map, inv } = input
  const head = round.head
  const verdicts = new Map<string, Verification>()
  const items = new Map<string, VerifyItem>()
  let verifyFailed: string | undefined
  if (driver && candidates.length > 0) {
    for (const c of candidates) {
      const change = map.get(c.sf.file)
      // A renamed or copied file is read at the base under the path it had there.
      const base = await at(inv.base, change?.from ?? c.sf.file)
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
      items.set(c.key, item)
    }
    const prior: PriorFinding[] = run.ledger.findings
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
    const result = await driver.verify(request)
    called(round, 'verify', result)
    if (result.ok) {
      // A drop may rest on code in another file (a guard in a caller): every cited file is read at the head.
      const headLines = new Map<string, string[]>()
      const cited = new Set(result.answer.findings.flatMap(a => a.cited.map(c => c.file)))
      for (const file of [...cited].filter(isInsideRepository).slice(0, 50)) {
        const read = await at(head, file).catch(() => undefined)
        if (read?.kind === 'text') headLines.set(file, read.lines)
      }
      const lineAt = (file: string, line: number): string | undefined =>
        headLines.get(file)?.[line - 1]
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
    } else {
      core.warning(`The driver's verify call produced no answer: ${result.cause}`)
      notRun(round, `checking each finding's claim against the code (${result.cause})`)
      verifyFailed = result.cause
    }
  }

  const prev = previousHead(run, round)
  let changedSincePrev: Map<string, { created: boolean; added: ReadonlySet<number> }> | undefined
  // The same head reviewed again: nothing changed since, so every new finding is on code the last review saw.
  if (prev === head) changedSincePrev = new Map()
  else if (prev) {
    try {
      const lines = await repoGit(run).diffLines(prev, head)
      changedSincePrev = new Map(
        [...lines].map(([f, l]) => [f, { created: l.created, added: l.added }])
      )
    } catch {
      changedSincePrev = undefined
    }
  }

  for (const c of candidates) {
    const v = verdicts.get(c.key)
    const recorded = record(input, c.sf, v?.kind === 'kept' ? v.sameAs?.id : undefined, c.origin)
    if (!recorded) continue
    const f = recorded.finding
    const entry: TraceEntry = { finding: f.id, slot: 'relay', outcome: f.outcome }
    if (recorded.note) entry.note = recorded.note
    if (v?.kind === 'dropped') {
      f.outcome = { kind: 'dropped', basis: v.basis }
      entry.outcome = f.outcome
      round.entries.push(entry)
      continue
    }
    const change: FileChange | undefined = map.get(c.sf.file)
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
    f.onChangedCode = change !== undefined
    // Seed 000: a new finding on code the previous review already saw says so.
    if (f.round === round.n && prev && changedSincePrev) {
      const moved = changedSincePrev.get(c.sf.file)
      const unchanged = !moved || (!moved.created && !moved.added.has(c.sf.line))
      if (unchanged) entry.late = `new, on code unchanged since the review of ${prev.slice(0, 7)}`
    }
    kept.push({
      finding: f,
      candidate: c,
      entry,
      ...(v ? { verification: v } : {}),
      ...(verifyFailed ? { verifyFailed } : {}),
      ...(recorded.prior ? { prior: recorded.prior } : {})
    })
  }
}

/** The goal reading: its findings go through verification like any other, and the Goal line says what it found. */
async function goalReading(
  input: JudgeInput,
  at: (sha: string, file: string) => Promise<FileAt>,
  kept: Kept[]
): Promise<void> {
  const { run, round, driver, inv, harvest } = input
  const goal = harvest.goal!
  const head = round.head
  const goalFile = await at(inv.base, goal.path)
  if (goalFile.kind !== 'text') {
    notRun(round, `goal reading (${goal.path} could not be read)`)
    return
  }
  const text = sectionFrom(goalFile.lines, goal.line).join('\n').slice(0, MAX_GOAL_CHARS)
  const files: Excerpt[] = []
  const omitted: string[] = []
  let room = MAX_ARTIFACT_CHARS
  const diff = (await changeDiff(run.env.workspace, input.request).catch(() => '')).slice(
    0,
    room / 2
  )
  room -= diff.length
  for (const file of input.request.changed_files) {
    const a = await at(head, file)
    if (a.kind !== 'text') continue
    if (a.text.length > room) {
      omitted.push(file)
      continue
    }
    room -= a.text.length
    files.push({ path: file, start: 1, text: a.text })
  }
  const request: GoalRequest = {
    protocol: PROTOCOL,
    role: 'goal',
    round: round.n,
    repository: run.env.workspace,
    base_sha: inv.base,
    head_sha: head,
    goal: { path: goal.path, section: goal.section.slice(0, 80), text },
    artifact: { files, diff, omitted },
    findings: kept.map(k => ({
      key: k.candidate.key,
      severity: k.finding.severity,
      file: k.finding.file,
      line: k.finding.line,
      description: k.finding.description
    }))
  }
  const result = await driver!.goal(request)
  called(round, 'goal', result)
  if (!result.ok) {
    notRun(round, `goal reading (${result.cause})`)
    return
  }
  const candidates: Candidate[] = []
  let i = 0
  for (const sf of result.answer.findings) {
    const a = await at(head, sf.file)
    const key = `g${++i}`
    const location =
      a.kind === 'text'
        ? verifyLocation(sf, a.lines.length, head)
        : { ok: false as const, basis: `${sf.file} is not a text file at ${head.slice(0, 7)}` }
    if (!location.ok || a.kind !== 'text') {
      const f = record(input, sf, undefined, 'goal')?.finding
      if (!f) continue
      f.outcome = { kind: 'dropped', basis: location.ok ? 'unreadable' : location.basis }
      round.entries.push({ finding: f.id, slot: 'relay', outcome: f.outcome })
      continue
    }
    candidates.push({ key, sf, origin: 'goal', lines: a.lines })
  }
  const before = kept.length
  await verifyAndRecord(input, candidates, at, kept)
  const found = kept.slice(before).map(k => k.finding.id)
  round.goal =
    found.length > 0 ? `${result.answer.summary} (${found.join(', ')})` : result.answer.summary
}
