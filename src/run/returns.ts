/**
 * Rule 9 where the round meets the ledger: each finding an earlier round raised that this review raises again is read
 * by `readReturn` (src/loop/recurrence.ts) and acted on: absorbed by settled policy, re-applied, put to a person at a
 * design gate, or classified afresh. A landed fix the reviewed head no longer contains is not landed any more: the
 * trace says so, and a finding that returns with it gone is owed a fresh fix, never read as fixed.
 */
import { protectionOf } from '../config/protected.js'
import { literalSpanPredicate } from '../loop/classify.js'
import { designGate } from '../loop/gates.js'
import {
  SEVERITIES,
  type Finding,
  type Gate,
  type Round,
  type Severity,
  type TraceEntry
} from '../loop/model.js'
import { NOTHING_SETTLES, readReturn, type ReturnHandling } from '../loop/recurrence.js'
import type { Verification } from '../loop/verification.js'
import type { Run } from './context.js'
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

function join(a: string | undefined, b: string): string {
  return a ? `${a}; ${b}` : b
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

const HANDLING: Record<
  ReturnHandling['kind'],
  NonNullable<Finding['returns']>[number]['handling']
> = {
  absorbed: 'absorbed',
  reapply: 'reapplied',
  refix: 'reapplied',
  'design-gate': 'design-gate',
  reclassify: 'reclassified'
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
  const contains = new Map<string, boolean>()
  const headContains = async (commit: string): Promise<boolean> => {
    if (!contains.has(commit))
      contains.set(commit, await isAncestor(run, commit, head).catch(() => false))
    return contains.get(commit)!
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
        ? { [f.outcome.commit]: await headContains(f.outcome.commit) }
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
    ;(f.returns ??= []).push({
      round: round.n,
      informed: h.informed,
      handling: HANDLING[h.kind],
      basis: h.basis
    })
    // Settled policy applies to what was settled: not to a graver claim, a different fix, or an open question.
    const question = k.verification?.kind === 'kept' ? k.verification.question : undefined
    const graver =
      k.prior !== undefined &&
      SEVERITIES.indexOf(f.severity) < SEVERITIES.indexOf(k.prior.severity) &&
      (f.severity === 'critical' || f.severity === 'high')
    const otherFix =
      h.kind === 'absorbed' &&
      h.outcome.kind === 'pending' &&
      (f.fix === undefined || JSON.stringify(f.fix) !== k.prior?.fix)
    if (h.kind === 'absorbed' && (graver || otherFix || question)) {
      const why = question
        ? 'a question only a person can answer came with it'
        : graver
          ? `it came back graver (${k.prior!.severity} → ${f.severity}) than when it was settled`
          : `the change proposed now is not the one approved at ${h.gate ?? 'the earlier gate'}`
      f.returns!.at(-1)!.handling = 'reclassified'
      k.entry.note = join(k.entry.note, `not settled by ${h.gate ?? 'the earlier answer'}: ${why}`)
      toClassify.push(k)
      continue
    }
    const writable = f.fix !== undefined && !question && !protectionOf(f.file, run.config.protected)
    if (h.kind === 'absorbed') {
      f.outcome = h.outcome
      if (h.gate) f.gate = h.gate
      k.entry.outcome = f.outcome
      k.entry.note = join(
        k.entry.note,
        `settled policy${h.gate ? ` of ${h.gate}` : ''}: ${h.basis}`
      )
      round.entries.push(k.entry)
    } else if (
      (h.kind === 'reapply' || h.kind === 'refix') &&
      writable &&
      // A fresh fix is the one applied before (or a Mechanical one): anything else is classified afresh.
      (h.kind === 'reapply' || f.class === 'mechanical' || JSON.stringify(f.fix) === k.prior?.fix)
    ) {
      f.class = 'mechanical'
      if (h.kind === 'reapply') f.escalated = (f.escalated ?? 0) + 1
      f.outcome = { kind: 'pending' }
      setPredicate(f, k.candidate.lines, head)
      k.entry.outcome = f.outcome
      k.entry.note = join(k.entry.note, `re-applied: ${h.basis}`)
      round.entries.push(k.entry)
    } else if (h.kind === 'design-gate' || h.kind === 'reapply') {
      const history = h.kind === 'design-gate' ? h.history : [`first raised in round ${f.round}`]
      const gate = designGate(input.nextGate(), round.n, f, h.basis, history)
      f.class = 'judgment'
      f.outcome = { kind: 'pending' }
      f.gate = gate.id
      gates.push(gate)
      k.entry.slot = 'gated'
      k.entry.outcome = f.outcome
      round.entries.push(k.entry)
    } else {
      if (h.kind === 'refix') {
        // Not landed any more, and no fresh fix can be written without a person: classified afresh.
        f.outcome = { kind: 'pending' }
        f.returns!.at(-1)!.handling = 'reclassified'
      }
      if (h.basis !== NOTHING_SETTLES) k.entry.note = join(k.entry.note, h.basis)
      toClassify.push(k)
    }
  }
  await noteFixesGone(run, round, headContains)
  return { gates, toClassify }
}

/**
 * The trace says when a fix the loop landed in this invocation is not in the head this round reviewed (the author
 * pushed a history without it) and the review did not raise its finding again: not landed any more, whatever the
 * finding's outcome still records.
 */
async function noteFixesGone(
  run: Run,
  round: Round,
  headContains: (commit: string) => Promise<boolean>
): Promise<void> {
  const rounds = new Set(
    run.ledger.rounds.filter(r => r.invocation === round.invocation).map(r => r.n)
  )
  for (const f of run.ledger.findings) {
    if (f.outcome.kind !== 'applied' || !f.outcome.commit || round.findings.includes(f.id)) continue
    if (!rounds.has(f.round) || (await headContains(f.outcome.commit))) continue
    ;(round.notes ??= []).push(
      `${f.id}'s fix ${f.outcome.commit.slice(0, 7)} is not in ${round.head.slice(0, 7)}, the head this round reviewed: it is not landed any more, and this review did not raise ${f.id} again`
    )
  }
}
