/**
 * Phase 2's record (seed 004, Phase 2; seed 000): each surfaced finding enters the ledger as the earlier finding it is
 * or under a new ID; one the location check or the driver's checked reading dropped is dropped with that basis and
 * its Relay entry; a survivor takes its provenance and grade, and a new finding on code the previous review already
 * saw says so. run/ reads the head, asks the driver and checks its answer (src/run/verify-record.ts); this records.
 */
import type { ChangeMap, FileChange } from '../change.js'
import type { Finding, Ledger, Round, Severity, TraceEntry } from '../model.js'
import { sameFinding } from '../identity.js'
import type { Verification } from '../verification.js'
import { provenanceOf } from '../verify.js'
import type { SourceFinding } from '../wire.js'
import { evolve, nextId, type Next } from './next.js'

/** Where a finding came from: the source's review, or the loop's own goal reading. */
export type Origin = 'source' | 'goal'

/** A surfaced finding the location check dropped: its file or line is not at the head. */
export interface Unlocated {
  sf: SourceFinding
  origin: Origin
  basis: string
}

/** A surfaced finding that passed the location check, with the loop's checked reading of it when a driver gave one. */
export interface Checked {
  key: string
  sf: SourceFinding
  origin: Origin
  verdict?: Verification
}

/** What changed from the previous review's head to this one, per file; `failed` when git could not say. */
export interface Since {
  prev?: string
  changed?: ReadonlyMap<string, { created: boolean; added: ReadonlySet<number> }>
  failed?: string
}

/** One batch of Phase 2 (the source's findings, or the goal reading's), as run/ gathered it. */
export interface Phase2 {
  round: number
  /** Whether a driver reads this round: without one a finding is known again by its file and claim. */
  driver: boolean
  changes: ChangeMap
  unlocated: Unlocated[]
  checked: Checked[]
  since: Since
  /** The goal reading's summary: the round's Goal line, naming the findings it kept. */
  goal?: string
}

/** What an earlier finding was before this round updated it (a settled answer was given on those). */
export interface Prior {
  severity: Severity
  fix?: string
}

/** A recorded finding that survived verification, with its trace entry (entered later, at classification). */
export interface Survivor {
  key: string
  finding: string
  entry: TraceEntry
  prior?: Prior
}

/**
 * Records one batch of Phase 2: the unlocated findings dropped with their basis, then each checked one dropped on the
 * driver's checked reading or kept with its provenance, grade and late mark. Answers the survivors, in order.
 */
export function recordChecked(ledger: Ledger, facts: Phase2): Next<Survivor[]> {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === facts.round)!
    for (const u of facts.unlocated) {
      const f = knownAgain(draft, round, facts, u.sf, undefined, u.origin)?.finding
      if (f) dropWith(round, f, { finding: f.id, slot: 'relay', outcome: f.outcome }, u.basis)
    }
    if (facts.since.failed) (round.notes ??= []).push(facts.since.failed)
    const survivors: Survivor[] = []
    for (const c of facts.checked) {
      const survivor = recordOne(draft, round, facts, c)
      if (survivor) survivors.push(survivor)
    }
    if (facts.goal !== undefined) {
      const found = survivors.map(s => s.finding)
      round.goal = found.length > 0 ? `${facts.goal} (${found.join(', ')})` : facts.goal
    }
    return survivors
  })
}

/** A finding dropped in Phase 2, with the basis its entry on the Relay says. */
function dropWith(round: Round, f: Finding, entry: TraceEntry, basis: string): void {
  f.outcome = { kind: 'dropped', basis }
  entry.outcome = f.outcome
  round.entries.push(entry)
}

/** Records one checked finding; the survivor it leaves, or undefined (a repeat, or dropped). */
function recordOne(draft: Ledger, round: Round, facts: Phase2, c: Checked): Survivor | undefined {
  const v = c.verdict
  const recorded = knownAgain(
    draft,
    round,
    facts,
    c.sf,
    v?.kind === 'kept' ? v.sameAs?.id : undefined,
    c.origin
  )
  if (!recorded) return undefined
  const f = recorded.finding
  const entry: TraceEntry = { finding: f.id, slot: 'relay', outcome: f.outcome }
  if (recorded.note) entry.note = recorded.note
  if (v?.kind === 'dropped') {
    dropWith(round, f, entry, v.basis)
    return undefined
  }
  const change = facts.changes.get(c.sf.file)
  takeVerdict(f, entry, c, change)
  f.onChangedCode = change !== undefined
  const late = lateMark(f, round, c.sf, facts.since)
  if (late) entry.late = late
  return {
    key: c.key,
    finding: f.id,
    entry,
    ...(recorded.prior ? { prior: recorded.prior } : {})
  }
}

/** Seed 000: a new finding on code the previous review already saw says so. */
function lateMark(f: Finding, round: Round, sf: SourceFinding, since: Since): string | undefined {
  const { prev, changed } = since
  if (f.round !== round.n || !prev || !changed) return undefined
  const moved = changed.get(sf.file)
  const unchanged = !moved || (!moved.created && !moved.added.has(sf.line))
  return unchanged ? `new, on code unchanged since the review of ${prev.slice(0, 7)}` : undefined
}

function join(a: string | undefined, b: string): string {
  return a ? `${a}; ${b}` : b
}

/** Takes the loop's checked verdict (or, without one, the deterministic typing) onto a recorded finding and its entry. */
function takeVerdict(f: Finding, entry: TraceEntry, c: Checked, change?: FileChange): void {
  const v = c.verdict
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

/** A finding entered in the ledger, with what it was before this round when it is an earlier one, and a note. */
interface Recorded {
  finding: Finding
  prior?: Prior
  note?: string
}

/**
 * Enters a surfaced finding in the ledger: the earlier finding it is (the driver's semantic match, or without a driver
 * the same file and claim), or a new ID. A match is taken only about the same file (or the file it was renamed from)
 * and only once a round: anything else is its own finding, so no claim vanishes into another. An earlier finding keeps
 * the words it was first raised and answered in. Undefined for the same claim said twice in one answer.
 */
function knownAgain(
  draft: Ledger,
  round: Round,
  facts: Phase2,
  sf: SourceFinding,
  sameAs: string | undefined,
  origin: Origin
): Recorded | undefined {
  let existing = sameAs
    ? draft.findings.find(f => f.id === sameAs)
    : facts.driver
      ? undefined
      : draft.findings.find(f => sameFinding(f, sf))
  let note: string | undefined
  if (existing && !sameAs && round.findings.includes(existing.id)) return undefined
  if (existing && existing.file !== sf.file && facts.changes.get(sf.file)?.from !== existing.file) {
    note = `the driver matched it to ${existing.id}, which is about ${existing.file}: kept as a finding of its own`
    existing = undefined
  } else if (existing && round.findings.includes(existing.id)) {
    note = `the driver matched it to ${existing.id}, which this round already holds: kept as a finding of its own`
    existing = undefined
  }
  const prior = existing ? update(existing, sf) : undefined
  const finding = existing ?? newFinding(draft, round, sf)
  if (sf.evidence) finding.evidence = sf.evidence
  if (sf.expectation) finding.expectation = sf.expectation
  if (origin === 'goal') finding.origin = 'goal'
  round.findings.push(finding.id)
  return { finding, ...(prior ? { prior } : {}), ...(note ? { note } : {}) }
}

/** An earlier finding raised again: its grade, line and fix as surfaced now; what it was before is answered. */
function update(existing: Finding, sf: SourceFinding): Prior {
  const prior: Prior = { severity: existing.severity }
  if (existing.fix) prior.fix = JSON.stringify(existing.fix)
  existing.severity = sf.severity
  existing.line = sf.line
  // A brief and a risk verdict are about the head they were made at: a new round scans and screens afresh.
  delete existing.interactions
  delete existing.risk
  if (sf.fix) existing.fix = sf.fix
  else delete existing.fix
  return prior
}

/** A finding first raised in this round, under the next ID. */
function newFinding(draft: Ledger, round: Round, sf: SourceFinding): Finding {
  const finding: Finding = {
    id: nextId(draft, 'finding'),
    round: round.n,
    severity: sf.severity,
    file: sf.file,
    line: sf.line,
    description: sf.description,
    outcome: { kind: 'pending' }
  }
  if (sf.fix) finding.fix = sf.fix
  draft.findings.push(finding)
  return finding
}
