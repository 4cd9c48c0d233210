/**
 * How a surfaced finding enters the ledger in one round's judgment (src/run/judge.ts): as the earlier finding it is, or
 * under a new ID.
 */
import { sameFinding } from '../loop/identity.js'
import type { Finding, Severity } from '../loop/model.js'
import type { SourceFinding } from '../sources/types.js'
import type { JudgeInput } from './judging.js'

/** A recorded finding, with what it was before this round when it is an earlier one, and a note for its entry. */
export interface Recorded {
  finding: Finding
  /** The earlier finding's severity and fix before this round updated them (a settled answer was given on those). */
  prior?: { severity: Severity; fix?: string }
  note?: string
}

/**
 * Records a surfaced finding in the ledger: the earlier finding it is (the driver's semantic match, or without a
 * driver the same file and claim), or a new ID. A match is taken only about the same file (or the file it was renamed
 * from) and only once a round: anything else is its own finding, so no claim vanishes into another. An earlier
 * finding keeps the words it was first raised and answered in. Undefined for the same claim said twice in one answer.
 */
export function record(
  input: JudgeInput,
  sf: SourceFinding,
  sameAs: string | undefined,
  origin: 'source' | 'goal'
): Recorded | undefined {
  const { run, round } = input
  let existing = sameAs
    ? run.ledger.findings.find(f => f.id === sameAs)
    : input.driver
      ? undefined
      : run.ledger.findings.find(f => sameFinding(f, sf))
  let note: string | undefined
  if (existing && !sameAs && round.findings.includes(existing.id)) return undefined
  if (existing && existing.file !== sf.file && input.map.get(sf.file)?.from !== existing.file) {
    note = `the driver matched it to ${existing.id}, which is about ${existing.file}: kept as a finding of its own`
    existing = undefined
  } else if (existing && round.findings.includes(existing.id)) {
    note = `the driver matched it to ${existing.id}, which this round already holds: kept as a finding of its own`
    existing = undefined
  }
  let finding: Finding
  let prior: Recorded['prior']
  if (existing) {
    prior = { severity: existing.severity }
    if (existing.fix) prior.fix = JSON.stringify(existing.fix)
    existing.severity = sf.severity
    existing.line = sf.line
    // A brief and a risk verdict are about the head they were made at: a new round scans and screens afresh.
    delete existing.interactions
    delete existing.risk
    if (sf.fix) existing.fix = sf.fix
    else delete existing.fix
    finding = existing
  } else {
    finding = {
      id: input.nextFinding(),
      round: round.n,
      severity: sf.severity,
      file: sf.file,
      line: sf.line,
      description: sf.description,
      outcome: { kind: 'pending' }
    }
    if (sf.fix) finding.fix = sf.fix
    run.ledger.findings.push(finding)
  }
  if (sf.evidence) finding.evidence = sf.evidence
  if (sf.expectation) finding.expectation = sf.expectation
  if (origin === 'goal') finding.origin = 'goal'
  round.findings.push(finding.id)
  const out: Recorded = { finding }
  if (prior) out.prior = prior
  if (note) out.note = note
  return out
}
