/**
 * Phase 3's recording as a transition (seed 004, Phase 3): where classification puts each finding, Mechanical with
 * the predicate its fix instantiates, or behind a question a person answers (the driver's drafted gate, or one of the
 * loop's own), with the driver's shared-cause reading kept on the round. The driver's call and the loop's rules over
 * its answer (src/loop/classification.ts) or the deterministic classification (src/loop/classify.ts) give each
 * finding's class; what that makes of the ledger is decided here.
 */
import { jargonIn, type Classified, type GateDraft } from '../classification.js'
import { literalSpanPredicate, type Classification } from '../classify.js'
import { judgmentGate } from '../gates.js'
import type { Finding, Gate, Ledger, Round, TraceEntry } from '../model.js'
import { evolve, nextId, type Next } from './next.js'

/** Two notes of a trace entry as one. */
export function join(a: string | undefined, b: string): string {
  return a ? `${a}; ${b}` : b
}

/** Makes a finding's fix the one literal span it replaces: its predicate and its one site, scanned at `head`. */
export function literalSpan(f: Finding, lines: string[], head: string): void {
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

/** One finding to place, with the class it was given: the driver's (as the loop took it) or the loop's own. */
export type ToPlace = {
  finding: string
  /** Its trace entry, not yet on the round. */
  entry: TraceEntry
  /** Its file's lines at the head (a Mechanical fix's literal span is read from them). */
  lines: string[]
  /** What only a person can answer about it (its verification said): it is never Mechanical then. */
  question?: string
  /** Why verification did not confirm it, when it did not: said on its question. */
  unconfirmed?: string
} & ({ driver: Classified } | { loop: Classification })

/** What the driver's classify call gave the round besides each finding's class, its handles named as finding IDs. */
export interface DriverReading {
  reading?: NonNullable<Round['reading']>
  /** The gates it drafted for groups of findings (`keys` are finding IDs). */
  drafts: GateDraft[]
  /** What it said an earlier sweep missed or drew too narrow. */
  cross?: {
    kind: 'missed-site' | 'too-narrow'
    predicate: string
    remedy: string
    findings: string[]
  }
  /** Where the loop set part of its answer aside. */
  notes: string[]
  /** The readings it said were falsified, by mechanism, with what fired. */
  retired: { mechanism: string; fired: string }[]
}

/** The latest round before `n` whose leading reading still stands. */
export function standingReading(ledger: Ledger, n: number): Round | undefined {
  return [...ledger.rounds]
    .filter(r => r.n < n && r.reading?.leading && !r.reading.retired)
    .sort((a, b) => b.n - a.n)[0]
}

/**
 * Phase 3: each finding is pending with the class it was given and its trace entry on the round; a Mechanical one
 * carries the predicate its fix instantiates, any other waits behind a question (the driver's drafted gate, or the
 * loop's own, an open question where two of the project's documents disagree). A question only a person can answer
 * makes a finding Judgment and is folded into its gate, with why the loop did not fix it on its own. Answers the
 * round's gates, in the order they are opened (entered by `askRound`).
 */
export function recordClassification(
  ledger: Ledger,
  at: { round: number; findings: ToPlace[]; driver?: DriverReading }
): Next<Gate[]> {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)!
    if (at.driver) takeReading(draft, round, at.driver)
    const gates: Gate[] = []
    const drafted = new Map<string, string>()
    for (const d of at.driver?.drafts ?? []) {
      const gate: Gate = {
        id: nextId(draft, 'gate'),
        round: round.n,
        kind: 'judgment',
        findings: [...d.keys],
        analysis: d.analysis,
        question: d.question,
        options: structuredClone(d.options),
        open: d.open,
        status: 'open'
      }
      gates.push(gate)
      for (const id of d.keys) drafted.set(id, gate.id)
    }
    for (const t of at.findings) {
      const f = draft.findings.find(x => x.id === t.finding)!
      const entry = structuredClone(t.entry)
      f.outcome = { kind: 'pending' }
      entry.outcome = f.outcome
      const gate =
        'driver' in t
          ? placeClassified(draft, round, { f, entry, t }, t.driver, drafted.get(f.id))
          : placeDeterministic(draft, round, { f, entry, t }, t.loop)
      if (gate) gates.push(gate)
      round.entries.push(entry)
    }
    explainGates(draft, at.findings, gates)
    return gates
  })
}

/** The driver's shared-cause reading on the round, what it said of earlier sweeps, and the earlier reading it retired. */
function takeReading(draft: Ledger, round: Round, d: DriverReading): void {
  const earlier = standingReading(draft, round.n)
  if (d.reading) round.reading = structuredClone(d.reading)
  const notes: string[] = []
  if (d.cross) {
    const { kind, predicate, remedy, findings } = d.cross
    notes.push(
      kind === 'missed-site'
        ? `an earlier sweep for "${predicate}" missed a site it should have reached (${findings.join(', ')}): ${remedy}`
        : `the predicate "${predicate}" was drawn too narrow: ${findings.join(', ')} share its shape beyond it; ${remedy}`
    )
  }
  notes.push(...d.notes)
  for (const r of d.retired) {
    if (earlier?.reading?.leading && earlier.reading.leading.mechanism === r.mechanism) {
      earlier.reading.retired = r.fired
      notes.push(`the reading of round ${earlier.n} is retired: its falsifier fired (${r.fired})`)
    }
  }
  if (notes.length > 0) (round.notes ??= []).push(...notes)
}

/** A finding being placed: its draft, its entry, and what run/ gathered of it. */
interface Placing {
  f: Finding
  entry: TraceEntry
  t: ToPlace
}

/** Places one finding the driver's classification covers: Mechanical, or behind its drafted gate or a new one. */
function placeClassified(
  draft: Ledger,
  round: Round,
  { f, entry, t }: Placing,
  given: Classified,
  drafted: string | undefined
): Gate | undefined {
  // A question only a person can answer folds into the round's gate for the finding (Phase 2, never a gate of its own).
  const c: Classified =
    t.question && given.class === 'mechanical'
      ? { class: 'judgment', why: `a person must answer this first: ${t.question}` }
      : given
  f.class = c.class
  if (c.settled) entry.note = join(entry.note, c.settled)
  if (c.class === 'mechanical') {
    literalSpan(f, t.lines, round.head)
    entry.note = join(entry.note, `Mechanical: ${c.why}`)
    return undefined
  }
  entry.slot = 'gated'
  if (drafted) {
    f.gate = drafted
    return undefined
  }
  // The driver's words reach a person here: only when they are plain.
  const why =
    jargonIn(c.why).length > 0 ? "the loop's reading of it leaves the decision to a person" : c.why
  const gate = c.conflict
    ? {
        ...judgmentGate(nextId(draft, 'gate'), round.n, f, why, false),
        question: `Which way should this go? ${f.id} sits where two of the project's documents disagree.`,
        options: [],
        open: true
      }
    : judgmentGate(nextId(draft, 'gate'), round.n, f, why)
  f.gate = gate.id
  return gate
}

/** Places one finding by the deterministic classification, without the driver's. */
function placeDeterministic(
  draft: Ledger,
  round: Round,
  { f, entry, t }: Placing,
  d: Classification
): Gate | undefined {
  const asks = t.question
  f.class = asks ? 'judgment' : d.class
  if (d.class === 'mechanical' && !asks) {
    f.predicate = d.predicate
    f.sites = structuredClone(d.sites)
    f.scanSha = round.head
    entry.note = join(entry.note, 'Mechanical: the fix replaces lines this change wrote')
    return undefined
  }
  const gate =
    d.class === 'mechanical'
      ? judgmentGate(nextId(draft, 'gate'), round.n, f, `a person must answer this first: ${asks}`)
      : judgmentGate(nextId(draft, 'gate'), round.n, f, d.why, d.fixUsable)
  f.gate = gate.id
  entry.slot = 'gated'
  if (d.class === 'judgment' && d.purpose) entry.note = join(entry.note, d.purpose)
  return gate
}

/** Adds to each gate what only a person can answer and why the loop did not fix a finding on its own. */
function explainGates(draft: Ledger, placed: ToPlace[], gates: Gate[]): void {
  for (const t of placed) {
    const f = draft.findings.find(x => x.id === t.finding)!
    const gate = gates.find(g => g.id === f.gate)
    if (!gate) continue
    if (t.question && !gate.analysis.includes(t.question))
      gate.analysis += `\n\nWhat only a person can answer about ${f.id}: ${t.question}`
    // Why the loop did not fix it on its own, in its own words, whoever drafted the question.
    if (t.unconfirmed && !gate.analysis.includes(t.unconfirmed))
      gate.analysis += `\n\nWhy ${f.id} is not fixed without you: ${t.unconfirmed}.`
  }
}
