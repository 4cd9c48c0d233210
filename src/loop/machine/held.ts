/**
 * What an author's push does to the questions it left waiting (src/loop/machine/heads.ts `authorPushed`), once the
 * review of the new head is in: a judgment or design gate whose findings that review finds again, each as the gate
 * showed it, stands (it becomes a question of the new round, and an answer already given still answers it); any other
 * is superseded, and what of it came back is asked afresh. The landing question waits for the next round with a fix to
 * land. A suggestion the author committed from the diff is applied by the author. The facts (what was found again and
 * how, the files at the old and the new head) are read by src/run/held-gates.ts and src/run/committed.ts.
 */
import { admitDecision, isDecisionAnswer } from '../decisions.js'
import type { Finding, Gate, Ledger, Round, TraceEntry } from '../model.js'
import {
  answerWords,
  awaitsFreshReview,
  heldGateFate,
  heldIn,
  type FoundAgain
} from '../recurrence.js'
import { suggestionCommitted } from '../suggestion.js'
import { evolve, type Next, type Out } from './next.js'

/** The findings of rounds before `n` an author's push left waiting in a superseded round, undecided. */
export function waitingFindings(ledger: Ledger, n: number): Set<string> {
  return new Set(
    ledger.findings
      .filter(f => f.round < n && awaitsFreshReview(f, ledger.rounds, n))
      .map(f => f.id)
  )
}

/** Whether telling two fixes apart needs the old head's lines: both exist and replace with the same text. */
export function needsOldLines(before: string | undefined, after: Finding['fix']): boolean {
  if (before === undefined || after === undefined) return false
  return (JSON.parse(before) as NonNullable<Finding['fix']>).replacement === after.replacement
}

/**
 * Whether a fix replaces the same code with the same text at two heads (line numbers aside): `before` is the fix as
 * JSON before this round, `oldLines` its file at the old head (undefined: not read, or not there).
 */
export function sameFix(
  before: string | undefined,
  after: Finding['fix'],
  oldLines: string[] | undefined,
  newLines: string[]
): boolean {
  if (before === undefined || after === undefined)
    return before === undefined && after === undefined
  const was = JSON.parse(before) as NonNullable<Finding['fix']>
  if (was.replacement !== after.replacement || !oldLines) return false
  const span = (lines: string[], f: NonNullable<Finding['fix']>) =>
    lines.slice(f.start_line - 1, f.end_line).join('\n')
  return span(oldLines, was) === span(newLines, after)
}

/** A waiting finding the review of the new head found again: how, and its entry of that round (not on it yet). */
export interface Refound {
  again: FoundAgain
  entry: TraceEntry
}

/** What the held gates came to. */
export interface HeldSettled {
  /** The findings whose gate stands: entered in the round under it. */
  standing: Set<string>
  /** Every finding that waited. */
  waited: Set<string>
  /** The round's entries of the findings found again that do not stand, as noted here: still to be entered. */
  entries: Map<string, TraceEntry>
}

/**
 * Decides every gate an author's push left waiting, now that round `n` reviewed the new head: a standing gate becomes
 * round `n`'s with its findings entered under it; another is superseded (a decision given to it is still entered); a
 * waiting finding found again is carried to round `n`, one not found again is dropped with that basis.
 */
export function decideHeld(
  ledger: Ledger,
  n: number,
  found: ReadonlyMap<string, Refound>
): Next<HeldSettled> {
  return evolve(ledger, (draft, out) => {
    const round = draft.rounds.find(r => r.n === n)!
    const waited = waitingFindings(draft, n)
    const back = [...found].filter(([id]) => waited.has(id))
    const again = new Map(back.map(([id, r]) => [id, r.again]))
    const entries = new Map(back.map(([id, r]) => [id, structuredClone(r.entry)]))
    const standing = new Set<string>()
    for (const gate of heldGates(draft, waited)) {
      const fate = heldGateFate(gate, again, round.head)
      if (fate.kind === 'stands') standGate(draft, round, gate, entries, standing, out)
      else supersedeHeld(draft, round, gate, entries, fate.why, out)
    }
    dropNotFound(draft, round, waited, entries)
    for (const id of standing) entries.delete(id)
    return { standing, waited, entries }
  })
}

function roundOf(ledger: Ledger, gate: Gate): Round | undefined {
  return ledger.rounds.find(r => r.n === gate.round)
}

/** The gates an author's push left waiting: judgment and design gates, open or answered, on undecided findings. */
function heldGates(ledger: Ledger, waited: ReadonlySet<string>): Gate[] {
  return ledger.gates.filter(
    g =>
      (g.kind === 'judgment' || g.kind === 'design') &&
      roundOf(ledger, g)?.phase === 'superseded' &&
      // An open one always (none is left open on a round that is gone); an answered one while its answer is unacted on.
      (g.status === 'open' || (g.status === 'answered' && g.findings.some(id => waited.has(id))))
  )
}

/** The same question about the same code: it is this round's now, and an answer already given stands. */
function standGate(
  draft: Ledger,
  round: Round,
  gate: Gate,
  entries: Map<string, TraceEntry>,
  standing: Set<string>,
  out: Out
): void {
  const asked = gate.round
  const at7 = round.head.slice(0, 7)
  gate.round = round.n
  gate.analysis += `\n\nStill holds at ${at7}: the review after the author's push found ${gate.findings.join(', ')} again as shown here (first asked in round ${asked}).`
  for (const id of gate.findings) {
    const finding = draft.findings.find(f => f.id === id)!
    const entry = entries.get(id)!
    finding.gate = gate.id
    entry.slot = 'gated'
    entry.outcome = finding.outcome
    entry.note = join(
      entry.note,
      gate.answer
        ? `settled policy of ${gate.id}: ${answerWords(gate)} (answered before the review of ${at7}, which found it again as shown)`
        : `still asked at ${gate.id} (round ${asked}): found again at ${at7} as shown there`
    )
    round.entries.push(entry)
    standing.add(id)
  }
  out.effects.push({ kind: 'reshow-gate', gate: gate.id, what: 'still open' })
}

/** A question that does not stand at the new head is superseded, saying why; a decision given to it is still entered. */
function supersedeHeld(
  draft: Ledger,
  round: Round,
  gate: Gate,
  entries: Map<string, TraceEntry>,
  why: string,
  out: Out
): void {
  const at7 = round.head.slice(0, 7)
  gate.analysis += `\n\nAfter the author pushed ${at7}: ${why}.`
  for (const id of gate.findings) {
    const entry = entries.get(id)
    if (entry) entry.note = join(entry.note, `asked at ${gate.id} before the author's push: ${why}`)
  }
  // An answer given to it stays on the gate; it answers a question that is gone, so it settles no later return.
  gate.status = 'superseded'
  if (gate.answer && isDecisionAnswer(gate, gate.answer.option)) {
    // A decision holds beyond the code it was about: it is entered although its question is gone.
    const { decision } = admitDecision(draft.decisions, gate, round.n)
    ;(round.notes ??= []).push(
      `${decision.id} entered from ${gate.id}, answered before the review of ${at7} (@${decision.by}: "${decision.words}"); the question itself is gone: ${why}`
    )
  }
  out.effects.push({ kind: 'reshow-gate', gate: gate.id, what: 'no longer open' })
}

/** What waited and is not found again is gone from the new head; what is found again is carried there. */
function dropNotFound(
  draft: Ledger,
  round: Round,
  waited: ReadonlySet<string>,
  found: ReadonlyMap<string, unknown>
): void {
  const at7 = round.head.slice(0, 7)
  for (const id of waited) {
    const f = draft.findings.find(x => x.id === id)!
    const entry = heldIn(f, draft.rounds, round.n)!.entries.find(e => e.finding === id)
    if (found.has(id)) {
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

/** The landing question as round `n` finds it: the fixes it has to land, and whether it needs the question at all. */
export interface LandingFacts {
  invocation: number
  toLand: string[]
  needed: boolean
}

/**
 * The landing question for round `n`. A landing gate is answered once per invocation and never superseded by a push:
 * an answer given at a gate of a superseded round is taken; a gate still waiting becomes round `n`'s when the round has
 * a fix to land (not asked again), and closes when the new head has nothing waiting to land. Answers whether the round
 * still needs a landing gate of its own.
 */
export function decideHeldLanding(ledger: Ledger, n: number, facts: LandingFacts): Next<boolean> {
  return evolve(ledger, (draft, out) => {
    const inv = draft.invocations.find(i => i.n === facts.invocation)!
    const round = draft.rounds.find(r => r.n === n)!
    const mine = draft.gates.filter(
      g =>
        g.kind === 'landing' &&
        g.round !== n &&
        roundOf(draft, g)?.invocation === inv.n &&
        roundOf(draft, g)?.phase === 'superseded'
    )
    const answered = mine.find(g => g.status === 'answered' && g.answer)
    if (answered && !inv.landing)
      inv.landing = answered.answer!.option === 'stacked' ? 'stacked' : 'head'
    const waiting = mine.find(g => g.status === 'open')
    if (!waiting) return facts.needed && !inv.landing
    const at7 = round.head.slice(0, 7)
    if (facts.needed && !inv.landing) {
      waiting.round = n
      waiting.findings = [...facts.toLand]
      waiting.analysis += `\n\nStill asked after the author pushed ${at7}: the review of that head has fixes to land too.`
      out.effects.push({ kind: 'reshow-gate', gate: waiting.id, what: 'still open' })
      return false
    }
    waiting.status = 'superseded'
    waiting.analysis += `\n\nAfter the author pushed ${at7}, nothing waits to land; the question is asked again with the first fix that does.`
    out.effects.push({ kind: 'reshow-gate', gate: waiting.id, what: 'no longer open' })
    return facts.needed && !inv.landing
  })
}

/** Whether the finding's thread is the suggestion of its fix: on exactly the fix's lines of its file. */
function shownAsSuggestion(f: Finding): boolean {
  const t = f.thread
  return (
    t !== undefined &&
    f.fix !== undefined &&
    t.path === f.file &&
    t.line === f.fix.end_line &&
    (t.startLine ?? t.line) === f.fix.start_line
  )
}

/** A suggestion shown on the diff at an open gate, to be read at the head it was shown at and at the new head. */
export interface SuggestionShown {
  finding: string
  gate: string
  file: string
  /** The round it was asked in, and that round's head. */
  round: number
  head: string
}

/**
 * The suggestions the author may have committed before round `n`: an undecided finding of an open gate, its fix shown
 * as a suggestion on the diff of an earlier head.
 */
export function suggestionsShown(ledger: Ledger, n: number): SuggestionShown[] {
  const head = ledger.rounds.find(r => r.n === n)!.head
  const shown: SuggestionShown[] = []
  for (const gate of ledger.gates) {
    if (gate.status !== 'open') continue
    for (const id of gate.findings) {
      const f = ledger.findings.find(x => x.id === id)
      if (!f || f.outcome.kind !== 'pending' || !shownAsSuggestion(f)) continue
      const from = roundOf(ledger, gate) ?? ledger.rounds.find(r => r.n === f.round)
      if (!from || from.head === head) continue
      shown.push({ finding: id, gate: gate.id, file: f.file, round: from.n, head: from.head })
    }
  }
  return shown
}

/** A suggestion shown, with its file's text where it was shown and at the new head (undefined: not a text there). */
export interface SuggestionRead extends SuggestionShown {
  before?: string
  after?: string
}

/**
 * The suggestions the author committed before round `n` (docs/review.md): a finding whose new head holds exactly the
 * proposed text at that place (src/loop/suggestion.ts) is applied by the author; a gate every finding of which is
 * settled so closes, saying so on its comment.
 */
export function recordCommitted(ledger: Ledger, n: number, read: SuggestionRead[]): Next {
  return evolve(ledger, (draft, out) => {
    const round = draft.rounds.find(r => r.n === n)!
    const at7 = shortSha(round.head)
    const open = draft.gates.filter(g => g.status === 'open' && g.findings.length > 0)
    const settled = new Set<string>()
    for (const s of read) {
      const f = draft.findings.find(x => x.id === s.finding)!
      if (f.outcome.kind !== 'pending' || s.before === undefined || s.after === undefined) continue
      if (!suggestionCommitted(s.before, f.fix!, s.after)) continue
      f.outcome = { kind: 'applied', commit: round.head }
      const e = draft.rounds.find(r => r.n === s.round)?.entries.find(x => x.finding === f.id)
      if (e) {
        e.outcome = f.outcome
        e.note = join(e.note, `the author committed the suggested fix (${at7})`)
      }
      settled.add(f.id)
      ;(round.notes ??= []).push(
        `${f.id}: the author committed its suggested fix from the diff (${f.file}, head ${at7}): applied by the author, asked at ${s.gate}`
      )
    }
    for (const gate of open) closeIfSettled(draft, round, gate, settled, out)
  })
}

/** A gate every finding of which the author's commit settled closes, saying so on its comment. */
function closeIfSettled(
  draft: Ledger,
  round: Round,
  gate: Gate,
  settled: ReadonlySet<string>,
  out: Out
): void {
  if (!gate.findings.some(id => settled.has(id))) return
  const all = gate.findings.every(id => {
    const f = draft.findings.find(x => x.id === id)
    return f !== undefined && f.outcome.kind !== 'pending'
  })
  if (!all) return
  gate.status = 'superseded'
  gate.analysis += `\n\nSettled by the author's push ${shortSha(round.head)}: it holds the suggested fix of ${gate.findings.join(', ')} exactly as proposed, so the finding is applied by the author and nothing is left to answer.`
  ;(round.notes ??= []).push(`${gate.id} is settled: the author committed its suggested fix`)
  out.effects.push({ kind: 'reshow-gate', gate: gate.id, what: 'settled by the author' })
}

/** As src/report/text.ts shows a commit: seven characters of a SHA, anything else as it is. */
function shortSha(sha: string): string {
  return /^[0-9a-f]{8,}$/i.test(sha) ? sha.slice(0, 7) : sha
}

function join(a: string | undefined, b: string): string {
  return a ? `${a}; ${b}` : b
}
