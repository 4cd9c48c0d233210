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
import { acceptClassification, type ClassifyInput } from '../loop/classification.js'
import {
  recordClassification,
  standingReading,
  type DriverReading,
  type ToPlace
} from '../loop/machine/classified.js'
import type { Gate, Round } from '../loop/model.js'
import { confirmationOf, type Confirmation } from '../loop/verification.js'
import { sanitiseUntrusted } from '../sources/sanitise.js'
import { PROTOCOL } from '../sources/types.js'
import { commit } from './commit.js'
import { called, excerpt, notRun, type JudgeInput, type Kept } from './judging.js'

/** What the steps of Phase 3 share. */
interface Phase3 {
  input: JudgeInput
  kept: Kept[]
  /** The author's words, as a reader of the pull request sees them. */
  purpose: { title: string; body: string }
  /** Whether each finding (by its request handle) counts as confirmed for Mechanical. */
  confirmed: Map<string, Confirmation>
}

type Accepted = ReturnType<typeof acceptClassification>

/**
 * Phase 3: the driver's classification under the loop's rules, or the deterministic one; the transition
 * `recordClassification` (src/loop/machine/classified.ts) places each finding and drafts the round's questions,
 * which are returned for `askRound`.
 */
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
  const p: Phase3 = { input, kept, purpose, confirmed }
  const taken = driver && kept.length > 0 ? await driverClassification(p) : undefined
  const findings = kept.map(k => toPlace(p, k, taken?.accepted.byKey.get(k.candidate.key)))
  return commit(
    run,
    recordClassification(run.ledger, {
      round: input.round.n,
      findings,
      ...(taken ? { driver: taken.reading } : {})
    })
  )
}

/** One kept finding with the class it was given: the driver's as the loop took it, else the deterministic one. */
function toPlace(
  p: Phase3,
  k: Kept,
  given: ReturnType<Accepted['byKey']['get']> | undefined
): ToPlace {
  const f = k.finding
  const question = k.verification?.kind === 'kept' ? k.verification.question : undefined
  const known = {
    finding: f.id,
    entry: k.entry,
    lines: k.candidate.lines,
    ...(question ? { question } : {}),
    ...unconfirmed(p, k)
  }
  if (given) return { ...known, driver: given }
  const loop = classify(k.candidate.sf, p.input.map.get(f.file), k.candidate.lines, {
    protectedPaths: p.input.run.config.protected,
    purpose: p.purpose,
    ...unconfirmed(p, k)
  })
  return { ...known, loop }
}

/** Why a finding was not confirmed, for the loop's classification of it (nothing when it was). */
function unconfirmed(p: Phase3, k: Kept): { unconfirmed?: string } {
  const c = p.confirmed.get(k.candidate.key)!
  return c.confirmed ? {} : { unconfirmed: c.why }
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
async function driverClassification(
  p: Phase3
): Promise<{ accepted: Accepted; reading: DriverReading } | undefined> {
  const { input, kept, purpose } = p
  const { run, round } = input
  const earlier = standingReading(run.ledger, round.n)
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
  const id = (key: string) => findingId(p, key)
  const reading: DriverReading = {
    ...(accepted.reading ? { reading: namedReading(p, accepted.reading) } : {}),
    drafts: accepted.drafts.map(d => ({ ...d, keys: d.keys.map(id) })),
    ...(result.answer.cross_round ? { cross: crossRound(p, result.answer.cross_round) } : {}),
    notes: accepted.notes,
    retired: result.answer.retired
  }
  return { accepted, reading }
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

/** What the driver said an earlier sweep missed or drew too narrow, its handles named as the findings they are. */
function crossRound(
  p: Phase3,
  cross: NonNullable<ClassifyResponse['cross_round']>
): NonNullable<DriverReading['cross']> {
  const findings = cross.findings
    .map(key => p.kept.find(k => k.candidate.key === key)?.finding.id)
    .filter((x): x is string => x !== undefined)
  return { ...cross, findings }
}
