/** The round trace (seed 004, "Convergence is demonstrated, not asserted"): plain text, aligned, one round at a time. */
import type {
  Exercised,
  Finding,
  Gate,
  Invocation,
  Ledger,
  Outcome,
  ReviewCycle,
  Round,
  TraceEntry
} from '../loop/model.js'
import { fence, inert, oneLine, shortSha } from './text.js'

/** Relayed words on one trace line: inert (no mention pings, no command), collapsed to one line. */
const relayed = (text: string): string => oneLine(inert(text, Number.POSITIVE_INFINITY))

const LABEL_WIDTH = 11
const INDENT = '  '

/** The re-review reason as a person reads it (seed 003's review cycle). */
export function cycleWords(cycle: ReviewCycle): string {
  switch (cycle) {
    case 'first-pass':
      return 'first pass'
    case 'after-fixes':
      return 're-review after fixes'
    case 'after-author-push':
      return "re-review after the author's push"
    case 'retry':
      return 'retry'
  }
}

/** The invocation a round belongs to, when the ledger still has it. */
export function invocationOf(ledger: Ledger, round: Round): Invocation | undefined {
  return ledger.invocations.find(i => i.n === round.invocation)
}

/** The round's verdict as the header states it. */
export function verdictWords(round: Round): string {
  if (round.review === 'no-review') return 'none (no review)'
  return round.verdict ?? 'none'
}

/** What the source reported it reached, as the Exercised line's value. */
export function exercisedWords(exercised: Exercised | null | undefined): string {
  if (!exercised) return 'the source reported nothing reached (it returned no report this call)'
  const reached = exercised.reached.length > 0 ? exercised.reached.join(', ') : 'none'
  const unreached =
    exercised.unreached.length > 0
      ? exercised.unreached.map(u => `${u.axis} (${oneLine(u.reason)})`).join(', ')
      : 'none'
  return `reached ${reached}; not reached: ${unreached}`
}

/**
 * The gate a pending finding waits on: an open gate that lists it (a risk question after its judgment was answered),
 * else the one it names.
 */
function gateFor(ledger: Ledger, finding: Finding | undefined, id: string): Gate | undefined {
  const open = ledger.gates.find(g => g.status === 'open' && g.findings.includes(id))
  if (open) return open
  return finding?.gate ? ledger.gates.find(g => g.id === finding.gate) : undefined
}

/** An outcome as the entry's annotation: applied, dropped: basis, carried: reason, awaiting decision, or to apply. */
export function outcomeWords(
  outcome: Outcome,
  gateId?: string,
  gate?: Gate,
  ended = false
): string {
  switch (outcome.kind) {
    case 'applied':
      return outcome.commit ? `applied in ${shortSha(outcome.commit)}` : 'applied'
    case 'dropped':
      return `dropped: ${oneLine(outcome.basis)}`
    case 'carried':
      return `carried: ${oneLine(outcome.reason)}`
    case 'handed':
      return `handed to a follow-up by @${outcome.by}: "${relayed(outcome.words)}"`
    case 'suggested':
      return `suggested to the author: ${oneLine(outcome.where)}`
    case 'pending':
      // A question closed, or answered when the loop ended first, leaves the finding undecided: said so.
      if (gate?.status === 'superseded')
        return gate.answer
          ? `undecided: ${gate.id} was answered, then closed before the answer was acted on`
          : `undecided: ${gate.id} closed unanswered`
      if (gate?.status === 'answered')
        return ended
          ? `undecided: ${gate.id} was answered, but the loop ended before acting on it`
          : `answered at ${gate.id}; acted on once this round's questions are answered`
      if (ended) return 'undecided: the loop ended first'
      // A pending entry without a gate of its own is a fix waiting for the round's other questions.
      return gateId
        ? `awaiting decision (${gateId})`
        : "to apply once this round's questions are answered"
  }
}

/**
 * One Relay/Gated entry: `F3 [introduced] src/a.ts:42 — description → outcome (predicate: …) [note]`. Given the
 * round, an entry the risk screen stopped says so, and a pending one says when the loop ended before it was decided.
 */
export function entryLine(ledger: Ledger, entry: TraceEntry, round?: Round): string {
  const finding = ledger.findings.find(f => f.id === entry.finding)
  const parts = [entry.finding]
  if (entry.provenance) parts.push(`[${entry.provenance}]`)
  if (finding) parts.push(`${finding.file}:${finding.line} — ${relayed(finding.description)}`)
  const gate = gateFor(ledger, finding, entry.finding)
  const ended = round !== undefined && invocationOf(ledger, round)?.ended !== undefined
  let line = `${parts.join(' ')} → ${outcomeWords(entry.outcome, gate?.id, gate, ended)}`
  // An applied entry carries the predicate its fix instantiates, whichever step recorded the entry.
  const predicate = entry.predicate ?? finding?.predicate
  if (entry.outcome.kind === 'applied' && predicate) {
    // The predicate, the commit its scan read and the sites it reached: what a later round's reading reads.
    const sites = finding?.sites ?? []
    const where = sites.map(x => `${x.file}:${x.start_line}`).join(', ')
    const scanned = finding?.scanSha ? `; scanned at ${shortSha(finding.scanSha)}` : ''
    const swept = sites.length > 1 ? `; swept ${sites.length} sites: ${where}` : ''
    line += ` (predicate: ${oneLine(predicate)}${scanned}${swept})`
  }
  const risk = finding?.risk
  const riskGate = risk?.gate ? ledger.gates.find(g => g.id === risk.gate) : undefined
  if (risk && riskGate && (round === undefined || riskGate.round === round.n)) {
    // Why a fix that needed nobody sits under Gated: the screen stopped it and a person was asked.
    const held = risk.held?.length
      ? `; held ${risk.held.map(h => `${h.file}:${h.start_line}`).join(', ')}`
      : ''
    line += ` [stopped by the risk screen, asked at ${riskGate.id}: ${oneLine(risk.why)}${held}]`
  }
  if (entry.regraded) {
    line += ` [re-graded ${entry.regraded.from} → ${entry.regraded.to}: ${oneLine(entry.regraded.basis)}]`
  }
  if (entry.identity) line += ` [${oneLine(entry.identity)}]`
  if (entry.late) line += ` [${oneLine(entry.late)}]`
  if (entry.note) line += ` [${oneLine(entry.note)}]`
  return line
}

/** A labelled block: the first value beside the label, the rest (and inner lines) under its column. */
function labelled(label: string, values: string[]): string[] {
  const pad = ' '.repeat(LABEL_WIDTH)
  const lines: string[] = []
  values.forEach((value, i) => {
    value.split(/\r?\n/).forEach((text, j) => {
      const head = i === 0 && j === 0 ? `${label}:`.padEnd(LABEL_WIDTH) : pad
      lines.push(`${INDENT}${head}${text}`.trimEnd())
    })
  })
  return lines
}

/** Where the round's repairs went, as the Landing line's value. */
function landingWords(landing: NonNullable<Round['landing']>): string {
  const where =
    landing.path === 'head' ? 'the reviewed head' : 'the layer stacked above the reviewed head'
  const facts = [`branch ${landing.branch}`]
  if (landing.commit) facts.push(`commit ${shortSha(landing.commit)}`)
  const note = landing.note ? ` — ${oneLine(landing.note)}` : ''
  return `${where} (${facts.join(', ')})${note}`
}

/** The most characters of one patch a trace shows; the fix itself stays whole in the ledger. */
const MAX_PATCH = 8_000

/** A fix this run could not push, as a fenced diff kept flush left so it can be copied into `git apply`. */
function patchLines(ledger: Ledger, entry: TraceEntry): string[] {
  const finding = ledger.findings.find(f => f.id === entry.finding)
  const where = finding ? ` ${finding.file}` : ''
  let patch = entry.patch!.replace(/\n$/, '')
  if (patch.length > MAX_PATCH) {
    const keep = patch.lastIndexOf('\n', MAX_PATCH)
    const cut = patch.length - keep
    patch = `${patch.slice(0, keep)}\n… ${cut} more characters of this patch are cut here; the fix is the replacement ${entry.finding} proposed, whole in the gate that asked about it.`
  }
  return [
    ...labelled('Patch', [
      `${entry.finding}${where}, not pushed: apply it yourself (\`git apply\`, from the repository root)`
    ]),
    ...fence(patch, 'diff').split('\n')
  ]
}

/** Phase 4 as the trace states it: who wrote, what the check of the write found, and the fit pass as its own entry. */
function applyLines(apply: NonNullable<Round['apply']>): string[] {
  const lines: string[] = []
  if (apply.writers.length > 0) lines.push(...labelled('Written', apply.writers.map(oneLine)))
  if (apply.discrepancies.length > 0)
    lines.push(...labelled('Checked', apply.discrepancies.map(oneLine)))
  if (apply.fit) {
    const parts = [oneLine(apply.fit.verdict)]
    if (apply.fit.risk) parts.push(`risk recorded: ${oneLine(apply.fit.risk)}`)
    if (apply.fit.loopBack) parts.push(`loop-back: ${oneLine(apply.fit.loopBack)}`)
    lines.push(...labelled('Fit pass', [parts.join('; ')]))
  }
  return lines
}

/** The shared-cause reading as the trace states it: the leading account with what would break it, or why none. */
export function readingWords(reading: NonNullable<Round['reading']>): string {
  if (!reading.leading) return reading.none ?? 'no shared cause'
  const account = (r: { mechanism: string; accounts_for: string[]; falsifier: string }) =>
    `${relayed(r.mechanism)} (accounts for ${r.accounts_for.join(', ') || 'none'}; broken by: ${relayed(r.falsifier)})`
  const parts = [`leading: ${account(reading.leading)}`]
  if (reading.competitor) parts.push(`competing: ${account(reading.competitor)}`)
  if (reading.unexplained && reading.unexplained.length > 0)
    parts.push(`neither explains ${reading.unexplained.join(', ')}`)
  if (reading.direction === 'same') parts.push("the source's direction names the same mechanism")
  if (reading.direction === 'different') parts.push("the source's direction differs")
  if (reading.repairsDiverge) parts.push('root and local repairs diverge')
  if (reading.retired) parts.push(`retired: ${oneLine(reading.retired)}`)
  return parts.join('; ')
}

/**
 * Decisions a later one revised in this round, where the round's notes do not say so already: whichever step admitted
 * the revising decision, the retirement is on the trace.
 */
function retirements(ledger: Ledger, round: Round): string[] {
  const said = round.notes ?? []
  return ledger.decisions
    .filter(d => d.retired?.round === round.n && !said.some(n => n.startsWith(`${d.id} retired`)))
    .map(d => {
      const by = ledger.decisions.find(x => x.id === d.retired!.by)
      const words = by ? ` (@${by.by}: "${relayed(by.words)}")` : ''
      return `${d.id} retired: ${d.retired!.by}${words} revises it`
    })
}

/**
 * Decisions given at this round's questions that may not travel (seed 004's Conveyance boundary): kept as the person's
 * words, never conveyed to a reviewer, and the trace says why.
 */
function refusals(ledger: Ledger, round: Round): string[] {
  return ledger.decisions
    .filter(d => d.admission?.admitted === false)
    .filter(d => ledger.gates.find(g => g.id === d.gate)?.round === round.n)
    .map(
      d =>
        `${d.id} (@${d.by}: "${relayed(d.words)}") is kept as said and not passed on to reviewers: ${d.admission!.why}`
    )
}

/** The one-line header of a round: `Round 2 — source: command — verdict: needs-attention`. */
export function traceHeader(round: Round): string {
  return `Round ${round.n} — source: ${round.source} — verdict: ${verdictWords(round)}`
}

/** The longest line a trace keeps (a source's returned text can be one line of any length). */
const TRACE_LINE_MAX = 4000

/** A round's trace in the seed's format, as plain text meant for a fenced block. */
export function renderRoundTrace(ledger: Ledger, round: Round): string {
  const lines = [traceHeader(round)]
  lines.push(
    ...labelled('Head', [
      `${shortSha(round.head)} on base ${shortSha(round.base)} — ${cycleWords(round.cycle)} — request ${round.requestHash.slice(0, 12)}`
    ])
  )
  const invocation = invocationOf(ledger, round)
  // A source with no reach channel says so once per invocation, never per round (seed 004, Rule 14).
  const reportsReach = invocation ? invocation.source.reportsReach : round.exercised !== undefined
  if (round.review === 'reviewed' && reportsReach) {
    lines.push(...labelled('Exercised', [exercisedWords(round.exercised)]))
  }
  if (round.call) lines.push(...labelled('Call', [inert(round.call, TRACE_LINE_MAX)]))
  else if (round.review === 'no-review') {
    lines.push(...labelled('Call', ['ended without a verdict; no cause was reported']))
  }
  if (round.driverCalls && round.driverCalls.length > 0) {
    lines.push(...labelled('Driver', round.driverCalls))
  }
  // Left off where the project declares no goal: the reading did not run, and that was said once (seed 004).
  if (round.goal !== undefined) lines.push(...labelled('Goal', [round.goal]))
  if (round.reading) lines.push(...labelled('Reading', [readingWords(round.reading)]))
  const relay = round.entries.filter(e => e.slot === 'relay').map(e => entryLine(ledger, e, round))
  const gated = round.entries.filter(e => e.slot === 'gated').map(e => entryLine(ledger, e, round))
  lines.push(...labelled('Relay', relay.length > 0 ? relay : ['none']))
  lines.push(...labelled('Gated', gated.length > 0 ? gated : ['none']))
  if (round.apply) lines.push(...applyLines(round.apply))
  const notes = [...(round.notes ?? []), ...retirements(ledger, round), ...refusals(ledger, round)]
  if (notes.length > 0) lines.push(...labelled('Noted', notes))
  if (round.malformed.length > 0) {
    lines.push(
      ...labelled(
        'Malformed',
        round.malformed.map(m => `still malformed after one correction request: ${m}`)
      )
    )
  }
  if (round.unmapped) lines.push(...labelled('Unmapped', [inert(round.unmapped, TRACE_LINE_MAX)]))
  if (round.readingsNotRun.length > 0) {
    lines.push(...labelled('Not run', [round.readingsNotRun.join(', ')]))
  }
  if (round.landing) lines.push(...labelled('Landing', [landingWords(round.landing)]))
  for (const entry of round.entries.filter(e => e.patch !== undefined)) {
    lines.push(...patchLines(ledger, entry))
  }
  if (round.review === 'no-review' && round.returned !== undefined) {
    lines.push(
      ...labelled('Returned', [
        round.returned === '' ? '(nothing came back)' : inert(round.returned, TRACE_LINE_MAX)
      ])
    )
  }
  // No line of a trace reads as a command or runs on; the relayed words in it were made inert where they were put.
  return inert(lines.join('\n'), TRACE_LINE_MAX, false)
}

/** A short description of a round for a collapsed block's title. */
export function roundTitle(round: Round): string {
  const count = round.entries.length
  const findings = `${count} ${count === 1 ? 'finding' : 'findings'}`
  return `Round ${round.n} — verdict: ${verdictWords(round)} — ${findings} — ${cycleWords(round.cycle)}, head ${shortSha(round.head)}`
}
