/**
 * A round's life as transitions (seed 004, Phases 0 to 3 and Rule 13): Phase 0 opens the invocation, a round begins
 * with the review owed, a source call ends with a verdict or with none, and the round's questions are asked. The
 * source call, the checkout and the readings are src/run/'s; what each result makes of the ledger is decided here.
 */
import { landingGate, noReviewGate, type SourceChoice } from '../gates.js'
import { trajectoryParagraph } from '../guards.js'
import type {
  Direction,
  Exercised,
  Gate,
  Invocation,
  Ledger,
  ReviewCycle,
  Round,
  Verdict
} from '../model.js'
import { resolveGates } from './answers.js'
import { activeInvocation } from './lifecycle.js'
import { evolve, nextId, type Next } from './next.js'

/** What Phase 0 captured: base, head and changed files, the source designated (or asked for), the landing path. */
export interface Phase0 {
  base: string
  baseRef: string
  head: string
  changedFiles: string[]
  source: Invocation['source']
  landing: Invocation['landing']
  now: string
  /** The question naming the source, when several are usable (no default). */
  ask?: Gate
}

/**
 * Phase 0: a new invocation with its captured base, head and changed files and its source designation; the first
 * review is owed (a later invocation's starts from an author's push). A question about the source is posted saved
 * ahead, together with the invocation that names it.
 */
export function openInvocation(ledger: Ledger, at: Phase0): Next<number> {
  return evolve(ledger, (draft, out) => {
    const n = (draft.invocations.at(-1)?.n ?? 0) + 1
    draft.invocations.push({
      n,
      startedAt: at.now,
      firstRound: draft.counters.round + 1,
      base: at.base,
      baseRef: at.baseRef,
      head: at.head,
      changedFiles: at.changedFiles,
      source: at.source,
      ...(at.landing ? { landing: at.landing } : {})
    })
    draft.owed = {
      reason: n === 1 ? 'first-pass' : 'after-author-push',
      head: at.head,
      requested: 'none'
    }
    if (at.ask) {
      draft.gates.push(structuredClone(at.ask))
      out.effects.push({ kind: 'post-gates', gates: [at.ask.id] })
    }
    return n
  })
}

/** The parts of a new round the run gathered before the source is called. */
export interface RoundStart {
  cycle: ReviewCycle
  head: string
  requestHash: string
  source: string
  now: string
  intent?: Round['intent']
  readingsNotRun: string[]
}

/**
 * A round begins: it takes the next number, records what it reviews and with what request, and carries the owed
 * review's note on its trace; the review it does is no longer owed, and a dispatch the run meant to ask for it would
 * start it twice. Answers the round's number.
 */
export function beginRound(ledger: Ledger, at: RoundStart): Next<number> {
  return evolve(ledger, (draft, out) => {
    const inv = activeInvocation(draft)!
    const n = ++draft.counters.round
    const round: Round = {
      n,
      invocation: inv.n,
      cycle: at.cycle,
      base: inv.base,
      head: at.head,
      requestHash: at.requestHash,
      source: at.source,
      startedAt: at.now,
      review: 'no-review',
      malformed: [],
      findings: [],
      ...(at.intent ? { intent: at.intent } : {}),
      entries: [],
      readingsNotRun: at.readingsNotRun,
      phase: 'no-review'
    }
    if (draft.owed?.note) round.notes = [draft.owed.note]
    draft.rounds.push(round)
    delete draft.owed
    out.said.requestNextRound = false
    return n
  })
}

/**
 * Rule 13: the source call ended without a verdict. The round carries no review; what came back is kept whole (to a
 * bound) on its trace, and the person is asked to go on without it, switch source, or stop.
 */
export function noVerdict(
  ledger: Ledger,
  at: { round: number; cause: string; returned: string; others: SourceChoice[] }
): Next<string> {
  return evolve(ledger, (draft, out) => {
    const round = draft.rounds.find(r => r.n === at.round)!
    round.call = `no verdict: ${at.cause}`
    round.returned = at.returned.slice(0, 20_000)
    const gate = noReviewGate(nextId(draft, 'gate'), at.round, at.cause, at.others)
    draft.gates.push(gate)
    out.effects.push({ kind: 'post-gates', gates: [gate.id] })
    out.said.status = 'no-review'
    out.said.message = at.cause
    return gate.id
  })
}

/** What a source call that produced a verdict said, besides its findings. */
export interface Reviewed {
  verdict: Verdict
  exercised: Exercised | null | undefined
  direction?: Direction
  call?: string
  unmapped?: string
  unreviewed?: { file: string; why: string }[]
}

/**
 * The source gave a verdict: the round is a review. Its reach report is kept as given (Rule 14: an empty report is an
 * answer, an absent one is not), and its own root reading only when it did not approve (Rule 12).
 */
export function recordVerdict(ledger: Ledger, at: { round: number; review: Reviewed }): Next {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)!
    const r = at.review
    round.review = 'reviewed'
    round.verdict = r.verdict
    round.exercised = r.exercised
    if (r.direction && r.verdict === 'needs-attention') round.direction = r.direction
    if (r.call) round.call = r.call
    if (r.unmapped) round.unmapped = r.unmapped.slice(0, 20_000)
    if (r.unreviewed) round.unreviewed = r.unreviewed
  })
}

/**
 * The round's questions: those its readings drafted, with Rule 11's split shown on each question about a finding on
 * the pre-existing side when the round's findings rose, and the landing question (Rule 15, once per invocation) when a
 * fix may land and the path is not settled. The round waits while any is open. Answers the questions' IDs.
 */
export function askRound(
  ledger: Ledger,
  at: {
    round: number
    gates: Gate[]
    trajectory?: NonNullable<Round['trajectory']>
    landing?: string[]
  }
): Next<string[]> {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)!
    const gates = structuredClone(at.gates)
    if (at.trajectory) {
      const side = new Set([...at.trajectory.preExisting, ...at.trajectory.indeterminate])
      const paragraph = trajectoryParagraph(at.trajectory)
      for (const gate of gates)
        if (gate.findings.some(id => side.has(id))) gate.analysis += `\n\n${paragraph}`
    }
    if (at.landing) gates.push(landingGate(nextId(draft, 'gate'), at.round, at.landing))
    if (gates.length > 0) {
      draft.gates.push(...gates)
      round.phase = 'gated'
    }
    return gates.map(g => g.id)
  })
}

/**
 * Once the round's questions are posted: while any of the round's questions is open it waits for an answer; otherwise
 * the answers already given to the questions that stand are acted on, and the round goes on to apply. Answers whether
 * it applies now.
 */
export function afterAsking(ledger: Ledger, n: number): Next<boolean> {
  if (ledger.gates.some(g => g.round === n && g.status === 'open'))
    return evolve(ledger, (draft, out) => {
      draft.rounds.find(r => r.n === n)!.phase = 'gated'
      out.said.status = 'awaiting-decision'
      return false
    })
  const resolved = resolveGates(ledger, n)
  resolved.ledger.rounds.find(r => r.n === n)!.phase = 'applying'
  return { ...resolved, value: true }
}

/**
 * The run stopped on a failure (a git or API error, never an answer) while its round was under way, before the round
 * asked anything or landed anything: the round is no review (superseded, its trace saying why), the findings only it
 * raised are taken back (no one was shown them; the next review raises them again), and the review it took stays
 * owed, so the next run reviews the same head again. A round that got further (a question asked, a verdict-less call
 * asked about, a fix landed) stands as it is: what it did outward is saved ahead and taken up. Answers whether the
 * round was taken back.
 */
export function interrupted(
  ledger: Ledger,
  at: { round: number; owed: NonNullable<Ledger['owed']> }
): Next<boolean> {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)
    if (!round || round.phase !== 'no-review' || round.call?.startsWith('no verdict')) return false
    if (draft.gates.some(g => g.round === at.round)) return false
    const raised = new Set(draft.findings.filter(f => f.round === at.round).map(f => f.id))
    draft.findings = draft.findings.filter(f => !raised.has(f.id))
    round.findings = round.findings.filter(id => !raised.has(id))
    round.entries = round.entries.filter(e => !raised.has(e.finding))
    round.phase = 'superseded'
    // The failure's own words stay in the run's log: they may carry what a server or a command echoed.
    ;(round.notes ??= []).push(
      "stopped by a failure before it asked or landed anything (the run's log says what failed): reviewed again next run"
    )
    draft.owed = structuredClone(at.owed)
    return true
  })
}
