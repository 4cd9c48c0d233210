/**
 * Rule 9 as a transition: what a return's handling makes of its finding (absorbed by settled policy, re-applied as
 * Mechanical, put to a person at a design gate, or classified afresh). The driver's readings and the ancestry
 * questions are src/run/'s; what each return makes of the ledger is decided here.
 */
import { designGate } from '../gates.js'
import type { Finding, Gate, Ledger, Round, Severity, TraceEntry } from '../model.js'
import { actOnReturn, readReturn, type ReturnAction } from '../recurrence.js'
import { join, literalSpan } from './classified.js'
import { evolve, nextId, type Next } from './next.js'

/** A finding that survived this round's verification, with what its reading of a return needs. */
export interface Survivor {
  finding: string
  /** Its trace entry, not yet on the round. */
  entry: TraceEntry
  /** Its file's lines at the head (a re-applied fix's literal span is read from them). */
  lines: string[]
  /** The driver's reading: does the original diagnosis still hold? Undefined without one. */
  diagnosisHolds?: boolean
  /** What only a person can answer about it (its verification said). */
  question?: string
  /** What the earlier finding was before this round updated it (its severity and fix, as an answer saw them). */
  prior?: { severity: Severity; fix?: string }
  /** No fix lands at its path without a person. */
  protectedPath: boolean
}

/** The facts of one round's returns reading. */
export interface Returns {
  round: number
  survivors: Survivor[]
  /** Findings the author's push left waiting: never dispositioned, so asked afresh, not returns. */
  waited: readonly string[]
  /** Whether the head the round reviewed holds each fix commit `fixCommitsToAsk` named. */
  contains: Readonly<Record<string, boolean>>
}

/** What the returns reading hands on: the design gates it drafted, and the entries of the findings to classify. */
export interface ReturnsRead {
  gates: Gate[]
  toClassify: TraceEntry[]
}

/** The findings whose fix the loop landed in round `n`'s invocation (the trace checks they are still in its head). */
export function fixesOfInvocation(ledger: Ledger, n: number): Finding[] {
  const invocation = ledger.rounds.find(r => r.n === n)!.invocation
  const rounds = new Set(ledger.rounds.filter(r => r.invocation === invocation).map(r => r.n))
  return ledger.findings.filter(
    f => f.outcome.kind === 'applied' && f.outcome.commit && rounds.has(f.round)
  )
}

/** The fix commits the returns reading of round `n` asks about: the returning survivors' and the invocation's. */
export function fixCommitsToAsk(
  ledger: Ledger,
  at: { round: number; survivors: readonly string[]; waited: readonly string[] }
): string[] {
  const returning = at.survivors
    .map(id => ledger.findings.find(f => f.id === id)!)
    .filter(f => f.round !== at.round && !at.waited.includes(f.id))
  const commits = new Set<string>()
  for (const f of [...returning, ...fixesOfInvocation(ledger, at.round)])
    if (f.outcome.kind === 'applied' && f.outcome.commit) commits.add(f.outcome.commit)
  return [...commits]
}

const HANDLING: Record<ReturnAction['kind'], NonNullable<Finding['returns']>[number]['handling']> =
  {
    absorb: 'absorbed',
    reapply: 'reapplied',
    'design-gate': 'design-gate',
    classify: 'reclassified'
  }

/**
 * Rule 9: every survivor an earlier round raised (and the author's push did not leave waiting) is a return, read by
 * `readReturn` and acted on by `actOnReturn`; the return is recorded on the finding and its handling on the finding and
 * its trace entry. A landed fix of the invocation the head no longer holds is noted when the review did not raise its
 * finding again. Answers the design gates drafted (entered by `askRound`) and what goes on to classification: this
 * round's new findings, those left waiting, and returns nothing settles.
 */
export function recordReturns(ledger: Ledger, at: Returns): Next<ReturnsRead> {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)!
    const contains = (commit: string): boolean => {
      const holds = at.contains[commit]
      if (holds === undefined)
        throw new Error(`${commit} was not asked about before the returns were read`)
      return holds
    }
    const read: ReturnsRead = { gates: [], toClassify: [] }
    for (const s of at.survivors) {
      const f = draft.findings.find(x => x.id === s.finding)!
      const entry = structuredClone(s.entry)
      if (f.round === round.n || at.waited.includes(f.id)) {
        read.toClassify.push(entry)
        continue
      }
      const act = actOn(draft, round, f, s, contains)
      const gate = recordReturn(draft, round, { f, entry, lines: s.lines }, act)
      if (gate) read.gates.push(gate)
      if (act.kind === 'classify') read.toClassify.push(entry)
    }
    noteFixesGone(draft, round, contains)
    return read
  })
}

/** Reads one return and what to do with it, and records the return on its finding. */
function actOn(
  draft: Ledger,
  round: Round,
  f: Finding,
  s: Survivor,
  contains: (commit: string) => boolean
): ReturnAction {
  const h = readReturn(f, {
    round: round.n,
    head: round.head,
    conveyed: round.intent?.decisions ?? [],
    headContains: contains,
    decisions: draft.decisions,
    gates: draft.gates,
    ...(s.diagnosisHolds === undefined ? {} : { diagnosisHolds: s.diagnosisHolds })
  })
  const act = actOnReturn(h, {
    firstRound: f.round,
    severity: f.severity,
    ...(s.prior ? { prior: s.prior } : {}),
    ...(f.fix ? { fix: JSON.stringify(f.fix) } : {}),
    ...(s.question ? { question: s.question } : {}),
    protectedPath: s.protectedPath,
    mechanical: f.class === 'mechanical'
  })
  ;(f.returns ??= []).push({
    round: round.n,
    informed: h.informed,
    handling: HANDLING[act.kind],
    basis: h.basis
  })
  return act
}

/** What the return's handling makes of its finding and trace entry; a design gate it drafts is answered. */
function recordReturn(
  draft: Ledger,
  round: Round,
  r: { f: Finding; entry: TraceEntry; lines: string[] },
  act: ReturnAction
): Gate | undefined {
  const { f, entry } = r
  switch (act.kind) {
    case 'absorb':
      f.outcome = act.outcome
      if (act.gate) f.gate = act.gate
      entry.outcome = f.outcome
      entry.note = join(entry.note, act.note)
      round.entries.push(entry)
      return undefined
    case 'reapply':
      f.class = 'mechanical'
      if (act.escalate) f.escalated = (f.escalated ?? 0) + 1
      f.outcome = { kind: 'pending' }
      literalSpan(f, r.lines, round.head)
      entry.outcome = f.outcome
      entry.note = join(entry.note, act.note)
      round.entries.push(entry)
      return undefined
    case 'design-gate': {
      const gate = designGate(nextId(draft, 'gate'), round.n, f, act.basis, act.history)
      f.class = 'judgment'
      f.outcome = { kind: 'pending' }
      f.gate = gate.id
      entry.slot = 'gated'
      entry.outcome = f.outcome
      round.entries.push(entry)
      return gate
    }
    case 'classify':
      if (act.reopen) f.outcome = { kind: 'pending' }
      if (act.note) entry.note = join(entry.note, act.note)
      return undefined
  }
}

/**
 * The trace says when a fix the loop landed in this invocation is not in the head this round reviewed (the author
 * pushed a history without it) and the review did not raise its finding again: not landed any more, whatever the
 * finding's outcome still records.
 */
function noteFixesGone(draft: Ledger, round: Round, contains: (commit: string) => boolean): void {
  for (const f of fixesOfInvocation(draft, round.n)) {
    if (f.outcome.kind !== 'applied' || !f.outcome.commit || round.findings.includes(f.id)) continue
    if (contains(f.outcome.commit)) continue
    ;(round.notes ??= []).push(
      `${f.id}'s fix ${f.outcome.commit.slice(0, 7)} is not in ${round.head.slice(0, 7)}, the head this round reviewed: it is not landed any more, and this review did not raise ${f.id} again`
    )
  }
}
