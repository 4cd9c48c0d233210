/**
 * Seed 000's validity gate where the round meets the source: malformed findings, and critical or high ones whose quoted
 * evidence is not in their file at the head, go back to the same source once, in the same round. What is still short
 * after that is settled by `afterCorrection` (src/loop/validity.ts): an under-specified blocker is downgraded and
 * judged like any other finding, and what is not a finding at all stays on the round's Malformed line.
 */
import { boundCorrection } from '../loop/correction.js'
import { afterCorrection, DOWNGRADED_TO } from '../loop/validity.js'
import { redactCorrection } from '../sources/redact.js'
import { readAtLowerGrade, readWithoutFix } from '../sources/review-response.js'
import type {
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  ReviewSource,
  SourceFinding
} from '../sources/types.js'
import type { Run } from './context.js'
import { fileAt } from './repo.js'

/** The critical and high findings whose quoted evidence is not in their file at the head (blanks and indentation aside). */
async function evidenceNotAtHead(
  run: Run,
  head: string,
  findings: SourceFinding[]
): Promise<Set<SourceFinding>> {
  const out = new Set<SourceFinding>()
  for (const f of findings) {
    if ((f.severity !== 'critical' && f.severity !== 'high') || !f.evidence) continue
    const at = await fileAt(run, head, f.file).catch(() => undefined)
    if (at?.kind !== 'text') continue
    const text = at.lines.map(l => l.trim()).join('\n')
    const quoted = f.evidence
      .split('\n')
      .map(l => l.trim())
      .filter(l => l !== '' && !/^\[cut at \d+/.test(l))
    if (quoted.length > 0 && !quoted.every(l => text.includes(l))) out.add(f)
  }
  return out
}

const notQuoted = (f: SourceFinding) =>
  `a ${f.severity} finding's \`evidence\` must quote ${f.file} as it reads at the head; it does not appear there`

/** What the round goes on with: the findings to judge, the Malformed line's entries, and notes for the trace. */
export interface Corrected {
  surfaced: SourceFinding[]
  malformed: string[]
  /** What the loop set aside of the correction (a fix it added or changed). */
  notes?: string[]
}

/**
 * Sends what the validity gate refuses back to the source once (none of it when nothing was refused), then settles
 * what is still short: a critical or high finding that reads as a finding is downgraded (its `downgraded` says from
 * what and why, for its trace entry); anything else is kept whole on the Malformed line.
 */
export async function correctOnce(
  run: Run,
  source: ReviewSource,
  request: ReviewRequest,
  outcome: Extract<ReviewOutcome, { kind: 'review' }>,
  secrets: readonly string[]
): Promise<Corrected> {
  const head = request.head_sha
  const unquoted = await evidenceNotAtHead(run, head, outcome.findings)
  const surfaced = outcome.findings.filter(f => !unquoted.has(f))
  // A valid finding's place in the answer: the positions the malformed ones did not take, in order.
  const taken = new Set(outcome.malformed.map(m => m.index))
  const positions: number[] = []
  for (let i = 0; positions.length < outcome.findings.length; i++)
    if (!taken.has(i)) positions.push(i)
  const refused: MalformedFinding[] = [
    ...outcome.malformed,
    ...[...unquoted].map(f => ({
      index: positions[outcome.findings.indexOf(f)] ?? -1,
      raw: f,
      problems: [notQuoted(f)]
    }))
  ]
  if (refused.length === 0) return { surfaced, malformed: [] }

  // A correction completes the findings it was sent: nothing it adds (a finding, a fix) is taken.
  const corrected = boundCorrection(
    refused,
    redactCorrection(await source.correct(request, refused), secrets)
  )
  const still = await evidenceNotAtHead(run, head, corrected.findings)
  surfaced.push(...corrected.findings.filter(f => !still.has(f)))
  const malformed: string[] = [...corrected.refused]
  for (const f of still) {
    const after = afterCorrection({
      severity: f.severity,
      judgeable: true,
      lacks: `evidence that is in ${f.file} at the head`
    })
    if (after.kind === 'downgraded') {
      // A quote that is not in the file is no evidence: the finding goes on without it.
      const { evidence: _misquoted, ...rest } = f
      surfaced.push({
        ...rest,
        severity: after.to,
        downgraded: { from: after.from, basis: after.basis }
      })
    } else malformed.push(`${JSON.stringify(f).slice(0, 300)} — ${notQuoted(f)}`)
  }
  const notes = [...corrected.notes]
  for (const m of corrected.malformed) {
    const read = readAtLowerGrade(m.raw, DOWNGRADED_TO)
    const bare = readWithoutFix(m.raw)
    const after = afterCorrection({
      ...(read.severity ? { severity: read.severity } : {}),
      judgeable: read.finding !== undefined,
      lacks: read.lacks,
      ...(bare ? { fixOnly: bare.fixProblem } : {})
    })
    if (after.kind === 'fix-set-aside' && bare) {
      surfaced.push(bare.finding)
      notes.push(`${bare.finding.file}:${bare.finding.line}: ${after.basis}`)
    } else if (after.kind === 'downgraded' && read.finding)
      surfaced.push({
        ...read.finding,
        severity: after.to,
        downgraded: { from: after.from, basis: after.basis }
      })
    else malformed.push(`${JSON.stringify(m.raw).slice(0, 300)} — ${m.problems.join('; ')}`)
  }
  return { surfaced, malformed, ...(notes.length > 0 ? { notes } : {}) }
}
