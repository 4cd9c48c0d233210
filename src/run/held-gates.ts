/**
 * The questions an author's push left waiting, decided by the review of the new head: a gate whose findings that review
 * finds again, each as the gate showed it, stands (it becomes a question of the new round, and an answer already given
 * still answers it); any other is superseded and what of it came back is asked afresh. The landing question is not
 * about findings: it waits for the next round with a fix to land.
 */
import * as core from '@actions/core'
import { admitDecision } from '../loop/decisions.js'
import type { Finding, Gate, Invocation, Round, TraceEntry } from '../loop/model.js'
import {
  answerWords,
  awaitsFreshReview,
  heldGateFate,
  heldIn,
  type FoundAgain
} from '../loop/recurrence.js'
import { renderGateComment } from '../report/gate-comment.js'
import type { Run } from './context.js'
import type { FileAt } from './repo.js'

/** A finding the review of the new head surfaced again, as judge holds it. */
export interface Surfaced {
  finding: Finding
  entry: TraceEntry
  /** Its file's lines at the new head. */
  lines: string[]
  /** Severity and fix (JSON) before this round's review updated them. */
  prior?: { severity: Finding['severity']; fix?: string }
  question?: string
}

/** What the held gates came to: the findings whose gate stands, and every finding that waited (none returns). */
export interface Held {
  standing: Set<string>
  waited: Set<string>
}

function gateRound(run: Run, gate: Gate): Round | undefined {
  return run.ledger.rounds.find(r => r.n === gate.round)
}

/** The gates an author's push left waiting: judgment and design gates, open or answered, on undecided findings. */
function heldGates(run: Run, waited: ReadonlySet<string>): Gate[] {
  return run.ledger.gates.filter(
    g =>
      (g.kind === 'judgment' || g.kind === 'design') &&
      gateRound(run, g)?.phase === 'superseded' &&
      // An open one always (none is left open on a round that is gone); an answered one while its answer is unacted on.
      (g.status === 'open' || (g.status === 'answered' && g.findings.some(id => waited.has(id))))
  )
}

/** Shows a gate's comment as it now stands; a comment GitHub will not edit is a warning, never a failed run. */
export async function reshow(run: Run, gate: Gate, what: string): Promise<void> {
  if (gate.commentId === undefined) return
  // A gate listed with others (src/loop/gate-bound.ts) shares their comment: its state shows in the status comment.
  if (run.ledger.gates.some(g => g !== gate && g.commentId === gate.commentId)) return
  const findings = run.ledger.findings.filter(f => gate.findings.includes(f.id))
  await run.world.github
    .editComment(gate.commentId, renderGateComment(gate, findings))
    .catch((error: Error) => core.warning(`Could not mark ${gate.id} as ${what}: ${error.message}`))
}

/** Whether a fix replaces the same code with the same text at two heads (line numbers aside). */
async function sameFix(
  before: string | undefined,
  after: Finding['fix'],
  oldLines: () => Promise<string[] | undefined>,
  newLines: string[]
): Promise<boolean> {
  if (before === undefined || after === undefined)
    return before === undefined && after === undefined
  const was = JSON.parse(before) as NonNullable<Finding['fix']>
  if (was.replacement !== after.replacement) return false
  const old = await oldLines()
  if (!old) return false
  const span = (lines: string[], f: NonNullable<Finding['fix']>) =>
    lines.slice(f.start_line - 1, f.end_line).join('\n')
  return span(old, was) === span(newLines, after)
}

/**
 * Decides every gate an author's push left waiting, now that `round` reviewed the new head: the findings of a standing
 * gate are entered in `round` under it; a waiting finding not found again is dropped with that basis.
 */
export async function settleHeld(
  run: Run,
  round: Round,
  surfaced: Surfaced[],
  at: (sha: string, file: string) => Promise<FileAt>
): Promise<Held> {
  const head = round.head
  const waited = new Set(
    run.ledger.findings
      .filter(f => f.round < round.n && awaitsFreshReview(f, run.ledger.rounds, round.n))
      .map(f => f.id)
  )
  const held: Held = { standing: new Set(), waited }
  const { found, byId } = await foundAgain(run, round, surfaced, waited, at)
  for (const gate of heldGates(run, waited)) {
    const fate = heldGateFate(gate, found, head)
    if (fate.kind === 'stands') await standGate(run, round, gate, byId, held)
    else await supersedeGate(run, round, gate, byId, fate.why)
  }
  dropNotFound(run, round, waited, byId)
  return held
}

/** What the review of the new head found again of the findings that waited, and whether each is the same question. */
async function foundAgain(
  run: Run,
  round: Round,
  surfaced: Surfaced[],
  waited: ReadonlySet<string>,
  at: (sha: string, file: string) => Promise<FileAt>
): Promise<{ found: Map<string, FoundAgain>; byId: Map<string, Surfaced> }> {
  const found = new Map<string, FoundAgain>()
  const byId = new Map<string, Surfaced>()
  for (const s of surfaced) {
    const f = s.finding
    if (!waited.has(f.id)) continue
    byId.set(f.id, s)
    const from = heldIn(f, run.ledger.rounds, round.n)!
    const readOld = async () => {
      const a = await at(from.head, f.file).catch(() => undefined)
      return a?.kind === 'text' ? a.lines : undefined
    }
    found.set(f.id, {
      was: s.prior?.severity ?? f.severity,
      now: f.severity,
      sameFix: await sameFix(s.prior?.fix, f.fix, readOld, s.lines),
      ...(s.question ? { question: s.question } : {})
    })
  }
  return { found, byId }
}

/** The same question about the same code: it is this round's now, and an answer already given stands. */
async function standGate(
  run: Run,
  round: Round,
  gate: Gate,
  byId: Map<string, Surfaced>,
  held: Held
): Promise<void> {
  const asked = gate.round
  const at7 = round.head.slice(0, 7)
  gate.round = round.n
  gate.analysis += `\n\nStill holds at ${at7}: the review after the author's push found ${gate.findings.join(', ')} again as shown here (first asked in round ${asked}).`
  for (const id of gate.findings) {
    const s = byId.get(id)!
    s.finding.gate = gate.id
    s.entry.slot = 'gated'
    s.entry.outcome = s.finding.outcome
    s.entry.note = join(
      s.entry.note,
      gate.answer
        ? `settled policy of ${gate.id}: ${answerWords(gate)} (answered before the review of ${at7}, which found it again as shown)`
        : `still asked at ${gate.id} (round ${asked}): found again at ${at7} as shown there`
    )
    round.entries.push(s.entry)
    held.standing.add(id)
  }
  await reshow(run, gate, 'still open')
}

/** A question that does not stand at the new head is superseded, saying why; a decision given to it is still entered. */
async function supersedeGate(
  run: Run,
  round: Round,
  gate: Gate,
  byId: Map<string, Surfaced>,
  why: string
): Promise<void> {
  const at7 = round.head.slice(0, 7)
  gate.analysis += `\n\nAfter the author pushed ${at7}: ${why}.`
  for (const id of gate.findings) {
    const s = byId.get(id)
    if (s) s.entry.note = join(s.entry.note, `asked at ${gate.id} before the author's push: ${why}`)
  }
  // An answer given to it stays on the gate; it answers a question that is gone, so it settles no later return.
  const answer = gate.answer
  gate.status = 'superseded'
  if (answer && (answer.option === 'decide' || (answer.option === undefined && gate.open))) {
    // A decision holds beyond the code it was about: it is entered although its question is gone.
    const { decision } = admitDecision(run.ledger.decisions, gate, round.n)
    ;(round.notes ??= []).push(
      `${decision.id} entered from ${gate.id}, answered before the review of ${at7} (@${decision.by}: "${decision.words}"); the question itself is gone: ${why}`
    )
  }
  await reshow(run, gate, 'no longer open')
}

/** What waited and is not found again is gone from the new head; what is found again is carried there. */
function dropNotFound(
  run: Run,
  round: Round,
  waited: ReadonlySet<string>,
  byId: Map<string, Surfaced>
): void {
  const at7 = round.head.slice(0, 7)
  for (const id of waited) {
    const f = run.ledger.findings.find(x => x.id === id)!
    const from = heldIn(f, run.ledger.rounds, round.n)!
    const entry = from.entries.find(e => e.finding === id)
    if (byId.has(id)) {
      if (entry) {
        entry.outcome = {
          kind: 'carried',
          reason: `found again by the review of ${at7} after the author's push (round ${round.n})`
        }
      }
      continue
    }
    // Surfaced again but dropped by this round's verification, it already carries that basis.
    if (f.outcome.kind === 'pending') {
      f.outcome = {
        kind: 'dropped',
        basis: `not found again by the review of ${at7} after the author's push`
      }
    }
    if (entry) entry.outcome = f.outcome
  }
}

/**
 * The landing question for `round`. A landing gate is answered once per invocation and never superseded by a push: an
 * answer given at a gate of a superseded round is taken; a gate still waiting becomes this round's when the round has
 * a fix to land (not asked again), and closes when the new head has nothing waiting to land. Returns whether the
 * round still needs a landing gate of its own.
 */
export async function settleHeldLanding(
  run: Run,
  inv: Invocation,
  round: Round,
  toLand: string[],
  needed: boolean
): Promise<boolean> {
  const mine = run.ledger.gates.filter(
    g =>
      g.kind === 'landing' &&
      g.round !== round.n &&
      gateRound(run, g)?.invocation === inv.n &&
      gateRound(run, g)?.phase === 'superseded'
  )
  const answered = mine.find(g => g.status === 'answered' && g.answer)
  if (answered && !inv.landing)
    inv.landing = answered.answer!.option === 'stacked' ? 'stacked' : 'head'
  const waiting = mine.find(g => g.status === 'open')
  if (!waiting) return needed && !inv.landing
  const at7 = round.head.slice(0, 7)
  if (needed && !inv.landing) {
    waiting.round = round.n
    waiting.findings = toLand
    waiting.analysis += `\n\nStill asked after the author pushed ${at7}: the review of that head has fixes to land too.`
    await reshow(run, waiting, 'still open')
    return false
  }
  waiting.status = 'superseded'
  waiting.analysis += `\n\nAfter the author pushed ${at7}, nothing waits to land; the question is asked again with the first fix that does.`
  await reshow(run, waiting, 'no longer open')
  return needed && !inv.landing
}

function join(a: string | undefined, b: string): string {
  return a ? `${a}; ${b}` : b
}
