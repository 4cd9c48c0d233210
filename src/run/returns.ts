/**
 * Rule 9 where the round meets the ledger: each finding an earlier round raised that this review raises again is read
 * by `readReturn` (src/loop/recurrence.ts) and acted on: absorbed by settled policy, re-applied, put to a person at a
 * design gate, or classified afresh. A landed fix the reviewed head no longer contains is not landed any more: the
 * trace says so, and a finding that returns with it gone is owed a fresh fix, never read as fixed.
 */
import { protectionOf } from '../config/protected.js'
import { literalSpanPredicate } from '../loop/classify.js'
import { designGate } from '../loop/gates.js'
import type { Finding, Gate, Round, Severity, TraceEntry } from '../loop/model.js'
import { actOnReturn, readReturn, type ReturnAction } from '../loop/recurrence.js'
import type { Verification } from '../loop/verification.js'
import type { Run } from './context.js'
import { join } from './judging.js'
import { isAncestor } from './repo.js'

/** A recorded finding that survived verification, as the returns reading needs it. */
export interface ReturnItem {
  finding: Finding
  entry: TraceEntry
  candidate: { lines: string[] }
  verification?: Verification
  /** What the earlier finding was before this round (its severity and fix, as the answer given to it saw them). */
  prior?: { severity: Severity; fix?: string }
}

/** What the reading needs of the round. */
export interface ReturnsInput {
  run: Run
  round: Round
  /** Allocates the next gate ID. */
  nextGate(): string
}

/** Makes a finding's fix the one literal span it replaces: its predicate and its one site, scanned at `head`. */
export function setPredicate(f: Finding, lines: string[], head: string): void {
  const fix = f.fix!
  f.predicate = literalSpanPredicate(
    f.file,
    fix.start_line,
    fix.end_line,
    lines.slice(fix.start_line - 1, fix.end_line)
  )
  f.sites = [{ file: f.file, start_line: fix.start_line, end_line: fix.end_line }]
  f.scanSha = head
}

const HANDLING: Record<ReturnAction['kind'], NonNullable<Finding['returns']>[number]['handling']> =
  {
    absorb: 'absorbed',
    reapply: 'reapplied',
    'design-gate': 'design-gate',
    classify: 'reclassified'
  }

/**
 * Reads every return among `items` (the survivors of verification whose gates the author's push did not leave
 * standing): records it on the finding, acts on it, and hands back the gates it opened and what goes on to
 * classification (this round's new findings, those the author's push left waiting, and returns nothing settles).
 */
export async function readReturns<T extends ReturnItem>(
  input: ReturnsInput,
  items: T[],
  waited: ReadonlySet<string>
): Promise<{ gates: Gate[]; toClassify: T[] }> {
  const { run, round } = input
  const head = round.head
  const gates: Gate[] = []
  const toClassify: T[] = []
  // Every ancestry question is asked before anything is recorded: a git failure throws (the round fails, blocked, with
  // git's words) with no finding half-read, and is never read as "the head lacks the fix".
  const returning = items.filter(k => k.finding.round !== round.n && !waited.has(k.finding.id))
  const contains = await landedInHead(run, round, returning)
  const headContains = (commit: string): boolean => {
    const holds = contains.get(commit)
    if (holds === undefined)
      throw new Error(`${commit} was not asked about before the returns were read`)
    return holds
  }
  for (const k of items) {
    const f = k.finding
    // Never dispositioned (it waited on the author's push): asked afresh, not a return.
    if (f.round === round.n || waited.has(f.id)) {
      toClassify.push(k)
      continue
    }
    const diagnosisHolds =
      k.verification?.kind === 'kept' ? k.verification.diagnosisHolds : undefined
    const landed =
      f.outcome.kind === 'applied' && f.outcome.commit
        ? { [f.outcome.commit]: headContains(f.outcome.commit) }
        : {}
    const h = readReturn(f, {
      round: round.n,
      head,
      conveyed: round.intent?.decisions ?? [],
      headContains: c => landed[c] ?? false,
      decisions: run.ledger.decisions,
      gates: run.ledger.gates,
      ...(diagnosisHolds === undefined ? {} : { diagnosisHolds })
    })
    const question = k.verification?.kind === 'kept' ? k.verification.question : undefined
    const act = actOnReturn(h, {
      firstRound: f.round,
      severity: f.severity,
      ...(k.prior ? { prior: k.prior } : {}),
      ...(f.fix ? { fix: JSON.stringify(f.fix) } : {}),
      ...(question ? { question } : {}),
      protectedPath: protectionOf(f.file, run.config.protected) !== undefined,
      mechanical: f.class === 'mechanical'
    })
    ;(f.returns ??= []).push({
      round: round.n,
      informed: h.informed,
      handling: HANDLING[act.kind],
      basis: h.basis
    })
    const gate = recordReturn(input, k, act)
    if (gate) gates.push(gate)
    if (act.kind === 'classify') toClassify.push(k)
  }
  noteFixesGone(run, round, headContains)
  return { gates, toClassify }
}

/** The fix commits this reading asks about (the items' and this invocation's), each marked whether `round.head` holds it. */
async function landedInHead(
  run: Run,
  round: Round,
  items: ReturnItem[]
): Promise<Map<string, boolean>> {
  const commits = new Set<string>()
  for (const f of [...items.map(k => k.finding), ...fixesOfInvocation(run, round)])
    if (f.outcome.kind === 'applied' && f.outcome.commit) commits.add(f.outcome.commit)
  const contains = new Map<string, boolean>()
  for (const commit of commits) {
    try {
      contains.set(commit, await isAncestor(run, commit, round.head))
    } catch (error) {
      throw new Error(
        `Could not tell whether the head ${round.head.slice(0, 7)} holds the fix commit ${commit.slice(0, 7)}: ${errorText(error)}. A git failure is not read as "the fix is gone"; nothing of round ${round.n}'s returns was read. Run the job again.`
      )
    }
  }
  return contains
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The findings whose fix the loop landed in this round's invocation, which the trace checks are still in the head. */
function fixesOfInvocation(run: Run, round: Round): Finding[] {
  const rounds = new Set(
    run.ledger.rounds.filter(r => r.invocation === round.invocation).map(r => r.n)
  )
  return run.ledger.findings.filter(
    f => f.outcome.kind === 'applied' && f.outcome.commit && rounds.has(f.round)
  )
}

/**
 * The trace says when a fix the loop landed in this invocation is not in the head this round reviewed (the author
 * pushed a history without it) and the review did not raise its finding again: not landed any more, whatever the
 * finding's outcome still records.
 */
function noteFixesGone(run: Run, round: Round, headContains: (commit: string) => boolean): void {
  for (const f of fixesOfInvocation(run, round)) {
    if (f.outcome.kind !== 'applied' || !f.outcome.commit || round.findings.includes(f.id)) continue
    if (headContains(f.outcome.commit)) continue
    ;(round.notes ??= []).push(
      `${f.id}'s fix ${f.outcome.commit.slice(0, 7)} is not in ${round.head.slice(0, 7)}, the head this round reviewed: it is not landed any more, and this review did not raise ${f.id} again`
    )
  }
}

/** What the return's handling makes of its finding and trace entry; a design gate it opens is returned. */
function recordReturn<T extends ReturnItem>(
  input: ReturnsInput,
  k: T,
  act: ReturnType<typeof actOnReturn>
): Gate | undefined {
  const { round } = input
  const f = k.finding
  switch (act.kind) {
    case 'absorb':
      f.outcome = act.outcome
      if (act.gate) f.gate = act.gate
      k.entry.outcome = f.outcome
      k.entry.note = join(k.entry.note, act.note)
      round.entries.push(k.entry)
      return undefined
    case 'reapply':
      f.class = 'mechanical'
      if (act.escalate) f.escalated = (f.escalated ?? 0) + 1
      f.outcome = { kind: 'pending' }
      setPredicate(f, k.candidate.lines, round.head)
      k.entry.outcome = f.outcome
      k.entry.note = join(k.entry.note, act.note)
      round.entries.push(k.entry)
      return undefined
    case 'design-gate': {
      const gate = designGate(input.nextGate(), round.n, f, act.basis, act.history)
      f.class = 'judgment'
      f.outcome = { kind: 'pending' }
      f.gate = gate.id
      k.entry.slot = 'gated'
      k.entry.outcome = f.outcome
      round.entries.push(k.entry)
      return gate
    }
    case 'classify':
      if (act.reopen) f.outcome = { kind: 'pending' }
      if (act.note) k.entry.note = join(k.entry.note, act.note)
      return undefined
  }
}
