/**
 * Phase 3 of one round: the driver's classification taken under the loop's rules (src/loop/classification.ts), or the
 * deterministic one (src/loop/classify.ts) when there is no driver or its call failed; then the round's questions.
 * Mechanical is for what the protocol allows on its own (with a driver, only what verification confirmed); every other
 * finding is put to a person, with the loop's own reason in the question.
 */
import * as core from '@actions/core'
import type { ClassifyItem, ClassifyRequest, ClassifyResponse } from '../driver/protocol.js'
import { protectionOf } from '../config/protected.js'
import { classify } from '../loop/classify.js'
import { acceptClassification, jargonIn, type ClassifyInput } from '../loop/classification.js'
import { judgmentGate } from '../loop/gates.js'
import type { Gate, Round } from '../loop/model.js'
import { confirmationOf, type Confirmation } from '../loop/verification.js'
import { sanitiseUntrusted } from '../sources/sanitise.js'
import { PROTOCOL } from '../sources/types.js'
import { called, excerpt, join, notRun, type JudgeInput, type Kept } from './judging.js'
import { setPredicate } from './returns.js'

/** What the steps of Phase 3 share. */
interface Phase3 {
  input: JudgeInput
  kept: Kept[]
  /** The author's words, as a reader of the pull request sees them. */
  purpose: { title: string; body: string }
  /** Whether each finding (by its request handle) counts as confirmed for Mechanical. */
  confirmed: Map<string, Confirmation>
  /** The round's gates, in the order they are opened. */
  gates: Gate[]
}

type Accepted = ReturnType<typeof acceptClassification>

/** Phase 3: the driver's classification under the loop's rules, or the deterministic one; then the questions. */
export async function classifyRound(input: JudgeInput, kept: Kept[]): Promise<Gate[]> {
  const { run, driver } = input
  // The author's words, as a reader of the pull request sees them (hidden comments and invisible text removed).
  const purpose = {
    title: sanitiseUntrusted(run.pr.title).text,
    body: sanitiseUntrusted(run.pr.body).text
  }
  // With a driver, Mechanical is for what its verification confirmed (seed 004, Phase 3): the rest is a person's call.
  const confirmed = new Map(
    kept.map(k => [
      k.candidate.key,
      driver ? confirmationOf(k.verification, k.verifyFailed) : ({ confirmed: true } as const)
    ])
  )
  const p: Phase3 = { input, kept, purpose, confirmed, gates: [] }
  const accepted = driver && kept.length > 0 ? await driverClassification(p) : undefined
  const byKeyGate = draftedGates(p, accepted)
  for (const k of kept) {
    const c = accepted?.byKey.get(k.candidate.key)
    if (c) placeClassified(p, k, c, byKeyGate)
    else placeDeterministic(p, k)
  }
  explainGates(p)
  return p.gates
}

/** Why a finding was not confirmed, for the loop's classification of it (nothing when it was). */
function unconfirmed(p: Phase3, k: Kept): { unconfirmed?: string } {
  const c = p.confirmed.get(k.candidate.key)!
  return c.confirmed ? {} : { unconfirmed: c.why }
}

/** The latest earlier round whose leading reading still stands. */
function standingReading(p: Phase3) {
  const { run, round } = p.input
  return [...run.ledger.rounds]
    .filter(r => r.n < round.n && r.reading?.leading && !r.reading.retired)
    .sort((a, b) => b.n - a.n)[0]
}

/** The driver's classify request for the round's kept findings. */
function classifyRequest(p: Phase3, earlier: Round | undefined): ClassifyRequest {
  const { input, kept, confirmed } = p
  const { run, round, inv } = input
  return {
    protocol: PROTOCOL,
    role: 'classify',
    round: round.n,
    repository: run.env.workspace,
    base_sha: inv.base,
    head_sha: round.head,
    intent: input.request.intent,
    authority: input.harvest.authority
      ? { order: input.harvest.authority.order, declared_in: input.harvest.authority.declaredIn }
      : null,
    purpose: p.purpose,
    findings: kept.map((k): ClassifyItem => ({
      key: k.candidate.key,
      id: k.finding.id,
      severity: k.finding.severity,
      file: k.finding.file,
      line: k.finding.line,
      description: k.finding.description,
      ...(k.finding.fix ? { fix: k.finding.fix } : {}),
      provenance: k.finding.provenance ?? 'indeterminate',
      verified: confirmed.get(k.candidate.key)!.confirmed,
      head: excerpt(k.finding.file, k.candidate.lines, k.finding.line)
    })),
    direction: input.direction ?? null,
    readings: earlier?.reading?.leading ? [earlier.reading.leading] : [],
    predicates: run.ledger.findings
      .filter(f => f.predicate && f.scanSha && f.outcome.kind === 'applied')
      .map(f => ({
        round: f.round,
        finding: f.id,
        predicate: f.predicate!,
        scan_sha: f.scanSha!,
        sites: f.sites ?? []
      }))
  }
}

/** Asks the driver to classify the round's findings and takes its answer under the loop's rules (none if it failed). */
async function driverClassification(p: Phase3): Promise<Accepted | undefined> {
  const { input, kept, purpose } = p
  const { run, round } = input
  const earlier = standingReading(p)
  const result = await input.driver!.classify(classifyRequest(p, earlier))
  called(round, 'classify', result)
  if (!result.ok) {
    core.warning(`The driver's classify call produced no answer: ${result.cause}`)
    notRun(round, `shared-cause reading and classification by the driver (${result.cause})`)
    return undefined
  }
  const accepted = acceptClassification(
    kept.map(k => classifyInput(p, k)),
    result.answer,
    {
      authority: input.harvest.authority,
      decisions: run.ledger.decisions,
      purpose,
      rules: input.harvest.rules.map(r => r.path)
    }
  )
  if (accepted.reading) round.reading = namedReading(p, accepted.reading)
  noteCrossRound(p, result.answer.cross_round)
  for (const note of accepted.notes) (round.notes ??= []).push(note)
  retireReadings(round, earlier, result.answer.retired)
  return accepted
}

/** One finding as the loop's rules for the driver's classification read it. */
function classifyInput(p: Phase3, k: Kept): ClassifyInput {
  const why = protectionOf(k.finding.file, p.input.run.config.protected)
  return {
    key: k.candidate.key,
    finding: k.finding,
    ...(why ? { protectedWhy: why } : {}),
    ...unconfirmed(p, k)
  }
}

/** The finding ID behind a request handle (the handle itself when none matches). */
function findingId(p: Phase3, key: string): string {
  return p.kept.find(k => k.candidate.key === key)?.finding.id ?? key
}

/** The accepted reading with its accounts naming findings instead of the loop's request handles. */
function namedReading(
  p: Phase3,
  accepted: NonNullable<Accepted['reading']>
): NonNullable<Round['reading']> {
  const id = (key: string) => findingId(p, key)
  const named = (r?: { mechanism: string; accounts_for: string[]; falsifier: string }) =>
    r && { ...r, accounts_for: r.accounts_for.map(id) }
  const reading = { ...accepted }
  if (reading.leading) reading.leading = named(reading.leading)!
  if (reading.competitor) reading.competitor = named(reading.competitor)!
  if (reading.unexplained) reading.unexplained = reading.unexplained.map(id)
  return reading
}

/** Notes on the round what the driver said an earlier sweep missed or drew too narrow. */
function noteCrossRound(p: Phase3, cross: ClassifyResponse['cross_round']): void {
  if (!cross) return
  const ids = cross.findings
    .map(key => p.kept.find(k => k.candidate.key === key)?.finding.id)
    .filter((x): x is string => x !== undefined)
  ;(p.input.round.notes ??= []).push(
    cross.kind === 'missed-site'
      ? `an earlier sweep for "${cross.predicate}" missed a site it should have reached (${ids.join(', ')}): ${cross.remedy}`
      : `the predicate "${cross.predicate}" was drawn too narrow: ${ids.join(', ')} share its shape beyond it; ${cross.remedy}`
  )
}

/** Retires the standing earlier reading when the driver says its falsifier fired. */
function retireReadings(
  round: Round,
  earlier: Round | undefined,
  retired: ClassifyResponse['retired']
): void {
  for (const r of retired) {
    if (earlier?.reading?.leading && earlier.reading.leading.mechanism === r.mechanism) {
      earlier.reading.retired = r.fired
      ;(round.notes ??= []).push(
        `the reading of round ${earlier.n} is retired: its falsifier fired (${r.fired})`
      )
    }
  }
}

/** Opens the gates the driver drafted for groups of findings; returns each member's gate by request handle. */
function draftedGates(p: Phase3, accepted: Accepted | undefined): Map<string, string> {
  const { input, kept } = p
  const byKeyGate = new Map<string, string>()
  for (const draft of accepted?.drafts ?? []) {
    const members = draft.keys.map(key => kept.find(k => k.candidate.key === key)!.finding)
    const gate: Gate = {
      id: input.nextGate(),
      round: input.round.n,
      kind: 'judgment',
      findings: members.map(f => f.id),
      analysis: draft.analysis,
      question: draft.question,
      options: draft.options,
      open: draft.open,
      status: 'open'
    }
    p.gates.push(gate)
    for (const key of draft.keys) byKeyGate.set(key, gate.id)
  }
  return byKeyGate
}

/** Places one finding the driver's classification covers: Mechanical, or behind its drafted gate or a new one. */
function placeClassified(
  p: Phase3,
  k: Kept,
  accepted: NonNullable<ReturnType<Accepted['byKey']['get']>>,
  byKeyGate: Map<string, string>
): void {
  const { input } = p
  const { round } = input
  const f = k.finding
  let c = accepted
  // A question only a person can answer folds into the round's gate for the finding (Phase 2, never a gate of its own).
  const question = k.verification?.kind === 'kept' ? k.verification.question : undefined
  if (question && c.class === 'mechanical') {
    c = { class: 'judgment', why: `a person must answer this first: ${question}` }
  }
  f.outcome = { kind: 'pending' }
  k.entry.outcome = f.outcome
  f.class = c.class
  if (c.settled) k.entry.note = join(k.entry.note, c.settled)
  if (c.class === 'mechanical') {
    setPredicate(f, k.candidate.lines, round.head)
    k.entry.note = join(k.entry.note, `Mechanical: ${c.why}`)
    round.entries.push(k.entry)
    return
  }
  let gateId = byKeyGate.get(k.candidate.key)
  if (!gateId) {
    // The driver's words reach a person here: only when they are plain.
    const why =
      jargonIn(c.why).length > 0
        ? "the loop's reading of it leaves the decision to a person"
        : c.why
    const gate = c.conflict
      ? {
          ...judgmentGate(input.nextGate(), round.n, f, why, false),
          question: `Which way should this go? ${f.id} sits where two of the project's documents disagree.`,
          options: [],
          open: true
        }
      : judgmentGate(input.nextGate(), round.n, f, why)
    p.gates.push(gate)
    gateId = gate.id
  }
  f.gate = gateId
  k.entry.slot = 'gated'
  round.entries.push(k.entry)
}

/** Places one finding by the deterministic classification, without the driver's. */
function placeDeterministic(p: Phase3, k: Kept): void {
  const { input } = p
  const { round } = input
  const f = k.finding
  f.outcome = { kind: 'pending' }
  k.entry.outcome = f.outcome
  const d = classify(k.candidate.sf, input.map.get(f.file), k.candidate.lines, {
    protectedPaths: input.run.config.protected,
    purpose: p.purpose,
    ...unconfirmed(p, k)
  })
  const asks = k.verification?.kind === 'kept' ? k.verification.question : undefined
  f.class = asks ? 'judgment' : d.class
  if (d.class === 'mechanical' && !asks) {
    f.predicate = d.predicate
    f.sites = d.sites
    f.scanSha = round.head
    k.entry.note = join(k.entry.note, 'Mechanical: the fix replaces lines this change wrote')
    round.entries.push(k.entry)
    return
  }
  const gate =
    d.class === 'mechanical'
      ? judgmentGate(input.nextGate(), round.n, f, `a person must answer this first: ${asks}`)
      : judgmentGate(input.nextGate(), round.n, f, d.why, d.fixUsable)
  f.gate = gate.id
  p.gates.push(gate)
  k.entry.slot = 'gated'
  if (d.class === 'judgment' && d.purpose) k.entry.note = join(k.entry.note, d.purpose)
  round.entries.push(k.entry)
}

/** Adds to each gate what only a person can answer and why the loop did not fix a finding on its own. */
function explainGates(p: Phase3): void {
  for (const k of p.kept) {
    const question = k.verification?.kind === 'kept' ? k.verification.question : undefined
    const gate = p.gates.find(g => g.id === k.finding.gate)
    if (question && gate && !gate.analysis.includes(question)) {
      gate.analysis += `\n\nWhat only a person can answer about ${k.finding.id}: ${question}`
    }
    // Why the loop did not fix it on its own, in its own words, whoever drafted the question.
    const c = p.confirmed.get(k.candidate.key)!
    if (!c.confirmed && gate && !gate.analysis.includes(c.why)) {
      gate.analysis += `\n\nWhy ${k.finding.id} is not fixed without you: ${c.why}.`
    }
  }
}
