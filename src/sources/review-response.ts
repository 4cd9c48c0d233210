/**
 * The answers of the `command` protocol as zod schemas (its requests' are in request-schema.ts), and the readers that
 * turn a parsed answer into a review outcome.
 */
import { z } from 'zod'
import { Direction, Exercised, SEVERITIES, Verdict, type Severity } from '../loop/model.js'
import type { MalformedFinding, ReviewOutcome, SourceFinding } from './types.js'
import { pathProblem } from './paths.js'
import { expect, positiveInteger, show, WireFix } from '../loop/wire.js'

export {
  CorrectRequestSchema,
  IntentSchema,
  MalformedEntrySchema,
  ReviewRequestSchema,
  type CorrectRequest
} from './request-schema.js'
export { WireFix } from '../loop/wire.js'

/** A value as JSON, cut to 200 characters: a hostile path is named, never copied whole into a problem. */
const clipShow = (value: unknown): string => {
  const shown = show(value)
  return shown.length <= 200 ? shown : `${shown.slice(0, 199)}…`
}

export { isInsideRepository, pathProblem, PATH_MAX_BYTES } from './paths.js'

/** The most characters kept of a finding's `evidence` or `expectation`; a longer one is cut there, and says so. */
export const EVIDENCE_MAX_CHARS = 2000

/** The severities whose findings must quote their evidence and name the expectation it breaks (seed 000's validity gate). */
export const EVIDENCE_REQUIRED: readonly Severity[] = ['critical', 'high']

/** What each field of the validity gate asks the source to write, in the words a correction request repeats. */
export const EVIDENCE_FIELDS = {
  evidence: 'quote the code at the head that shows the defect',
  expectation:
    'name the expectation or requirement that code breaks (a documented rule, a contract, what a caller relies on)'
} as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The validity gate's problems with one finding as sent: a `critical` or `high` finding without `evidence` or
 * `expectation` (absent, null or blank) is not judgeable, and each problem names the field and what to write in it.
 * A field of the wrong type is left to the schema's own message.
 */
export function validityProblems(value: unknown): string[] {
  if (!isRecord(value)) return []
  const severity = value.severity
  if (!EVIDENCE_REQUIRED.some(s => s === severity)) return []
  const problems: string[] = []
  for (const [field, what] of Object.entries(EVIDENCE_FIELDS)) {
    const given = value[field]
    if (given === undefined || given === null) {
      problems.push(`a ${String(severity)} finding needs \`${field}\`: ${what}`)
    } else if (typeof given === 'string' && given.trim() === '') {
      problems.push(`a ${String(severity)} finding needs \`${field}\` (it was empty): ${what}`)
    }
  }
  return problems
}

const optionalText = (field: keyof typeof EVIDENCE_FIELDS, description: string) =>
  z
    .string({ error: expect(field, 'must be a string') })
    .optional()
    .meta({ description })

// The validity gate as JSON Schema, for a command's author: zod's refinement below does not export.
const evidenceRequired = {
  if: { properties: { severity: { enum: [...EVIDENCE_REQUIRED] } }, required: ['severity'] },
  then: {
    required: Object.keys(EVIDENCE_FIELDS),
    properties: { evidence: { pattern: '\\S' }, expectation: { pattern: '\\S' } }
  }
}

/** One finding as a source sends it; unknown extra fields are tolerated. */
export const WireFinding = z
  .looseObject(
    {
      severity: z.enum(SEVERITIES, {
        error: issue =>
          issue.input === undefined
            ? 'severity is missing'
            : `severity ${show(issue.input)} is not one of ${SEVERITIES.join('|')}`
      }),
      file: z
        .string({ error: expect('file', 'must be a string') })
        .min(1, { error: 'file must not be empty', abort: true })
        .superRefine((file, ctx) => {
          const problem = pathProblem(file)
          if (problem)
            ctx.addIssue({
              code: 'custom',
              message: `file ${clipShow(file)} ${problem}: it must be a path relative to the repository root that stays inside it`
            })
        })
        .meta({
          description:
            'Path relative to the repository root, at most 4,096 bytes; absolute paths, control characters, a trailing slash and empty, . or .. segments are refused.'
        }),
      line: positiveInteger('line'),
      description: z
        .string({ error: expect('description', 'must be a string') })
        .regex(/\S/, { error: 'description must not be empty' }),
      evidence: optionalText(
        'evidence',
        `The code at head_sha that shows the defect, quoted from the file. Required for critical and high findings, welcome for the others; kept to ${EVIDENCE_MAX_CHARS.toLocaleString('en-US')} characters.`
      ),
      expectation: optionalText(
        'expectation',
        `The expectation or requirement that code breaks: a documented rule, a contract, what a caller relies on. Required for critical and high findings, welcome for the others; kept to ${EVIDENCE_MAX_CHARS.toLocaleString('en-US')} characters.`
      ),
      fix: WireFix.optional()
    },
    { error: expect('finding', 'must be a JSON object') }
  )
  // Run whatever else is wrong, so one correction request can name every problem at once.
  .superRefine(
    (finding, ctx) => {
      for (const message of validityProblems(finding)) ctx.addIssue({ code: 'custom', message })
    },
    { when: payload => isRecord(payload.value) }
  )
  .meta({ title: 'Finding', allOf: [evidenceRequired] })

/** The `review` role's response: a verdict, the findings, and optionally reach and direction. */
export const ReviewResponseSchema = z
  .looseObject({
    verdict: Verdict,
    findings: z.array(WireFinding),
    exercised: Exercised.optional().meta({
      description:
        'Which axes the review reached; a source able to report includes contract-closure in reached or unreached.'
    }),
    direction: Direction.optional().meta({
      description: 'Read only with needs-attention; ignored without a non-empty falsifier.'
    })
  })
  .meta({
    title: 'review-loop/1 review response',
    description:
      'What a command writes to stdout for role "review". Unknown extra fields are tolerated.'
  })

/** The `correct` role's response: the corrected findings, in any order. */
export const CorrectResponseSchema = z
  .looseObject({
    findings: z.array(WireFinding).meta({
      description:
        'The corrected findings, in any order. A finding left out is withdrawn by the source.'
    })
  })
  .meta({
    title: 'review-loop/1 correct response',
    description: 'What a command writes to stdout for role "correct".'
  })

/** A quote or expectation kept to EVIDENCE_MAX_CHARS characters; a longer one is cut there and says how long it was. */
export function boundEvidence(text: string): string {
  if (text.length <= EVIDENCE_MAX_CHARS) return text
  return `${text.slice(0, EVIDENCE_MAX_CHARS)}\n[cut at ${EVIDENCE_MAX_CHARS} of ${text.length} characters]`
}

// Strict structured output sends `null` for an optional field it leaves out; null there means absent.
const NULLABLE_FIELDS = ['fix', 'evidence', 'expectation']

/** Validates one finding: the finding as the loop keeps it, or the problems in words. */
export function readFinding(
  raw: unknown
): { ok: true; finding: SourceFinding } | { ok: false; problems: string[] } {
  const value = isRecord(raw)
    ? Object.fromEntries(
        Object.entries(raw).filter(([k, v]) => !(v === null && NULLABLE_FIELDS.includes(k)))
      )
    : raw
  const parsed = WireFinding.safeParse(value)
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map(i => i.message) }
  const { severity, file, line, description, evidence, expectation, fix } = parsed.data
  const finding: SourceFinding = { severity, file: file.replace(/^\.\//, ''), line, description }
  // Blank is the same as absent for the severities that may leave them out.
  if (evidence !== undefined && evidence.trim() !== '') finding.evidence = boundEvidence(evidence)
  if (expectation !== undefined && expectation.trim() !== '')
    finding.expectation = boundEvidence(expectation)
  if (fix !== undefined) {
    finding.fix = {
      start_line: fix.start_line,
      end_line: fix.end_line,
      replacement: fix.replacement
    }
  }
  return { ok: true, finding }
}

/** Validates a findings list entry by entry. */
export function readFindings(list: unknown[]): {
  findings: SourceFinding[]
  malformed: MalformedFinding[]
} {
  const findings: SourceFinding[] = []
  const malformed: MalformedFinding[] = []
  list.forEach((raw, index) => {
    const read = readFinding(raw)
    if (read.ok) findings.push(read.finding)
    else malformed.push({ index, raw, problems: read.problems })
  })
  return { findings, malformed }
}

/**
 * A finding still malformed after its correction, read for seed 000's downgrade (`afterCorrection` decides): its
 * severity as sent, what the validity gate still finds missing, and the finding it is at a grade that asks for no
 * evidence, when it reads as one there (a file inside the repository, a line, a claim, a well-formed fix if any).
 */
export function readAtLowerGrade(
  raw: unknown,
  lower: Severity
): { severity?: Severity; lacks: string; finding?: SourceFinding } {
  const sent = isRecord(raw) ? SEVERITIES.find(s => s === raw.severity) : undefined
  const missing = Object.keys(EVIDENCE_FIELDS).filter(field =>
    validityProblems(raw).some(p => p.includes(`\`${field}\``))
  )
  const lacks =
    missing.length > 0 ? missing.map(f => `\`${f}\``).join(' and ') : 'what its grade asks for'
  const read = isRecord(raw) ? readFinding({ ...raw, severity: lower }) : undefined
  return {
    ...(sent ? { severity: sent } : {}),
    lacks,
    ...(read?.ok ? { finding: read.finding } : {})
  }
}

/**
 * A finding still malformed after its correction whose only fault is its fix: the finding without that fix, at its own
 * grade, with what was wrong with the fix. Undefined when it has no fix or fails for more than the fix.
 */
export function readWithoutFix(
  raw: unknown
): { finding: SourceFinding; fixProblem: string } | undefined {
  if (!isRecord(raw) || raw.fix === undefined || raw.fix === null) return undefined
  const withFix = readFinding(raw)
  if (withFix.ok) return undefined
  const { fix: _fix, ...rest } = raw
  const read = readFinding(rest)
  if (!read.ok) return undefined
  return { finding: read.finding, fixProblem: withFix.problems.join('; ') }
}

/** The problem with a findings field that is not a list, in words. */
function findingsListProblem(value: unknown, where: string): string {
  return value === undefined
    ? `${where} has no findings array (send "findings": [] when there are none)`
    : `${where} findings must be an array, got ${show(value)}`
}

/**
 * Reads a parsed `review` response. No valid verdict is no review (Rule 13), and neither is a `findings` value that is
 * not an array (missing, or of another kind): such a response says nothing readable about what was found, and reading
 * it as a review would let its emptiness pass for "no findings". Entries of a findings array that do not validate are
 * malformed findings of a review: they go back for correction once and stay on the trace.
 */
export function readReviewResponse(value: unknown, returned: string): ReviewOutcome {
  if (!isRecord(value)) {
    return {
      kind: 'no-review',
      cause: `response is not a JSON object, got ${kindOf(value)}`,
      returned
    }
  }
  const verdict = Verdict.safeParse(value.verdict)
  if (!verdict.success) {
    const cause =
      value.verdict === undefined
        ? 'response has no valid verdict: verdict is missing'
        : `response has no valid verdict: ${show(value.verdict)} is not one of approve|needs-attention`
    return { kind: 'no-review', cause, returned }
  }
  if (!Array.isArray(value.findings)) {
    return {
      kind: 'no-review',
      cause: `response has no readable findings: ${findingsListProblem(value.findings, 'the response')}`,
      returned
    }
  }
  const { findings, malformed } = readFindings(value.findings)
  const exercised = Exercised.safeParse(value.exercised)
  const outcome: ReviewOutcome = {
    kind: 'review',
    verdict: verdict.data,
    findings,
    malformed,
    exercised: exercised.success ? exercised.data : null
  }
  if (verdict.data === 'needs-attention') {
    const direction = Direction.safeParse(value.direction)
    if (
      direction.success &&
      direction.data.falsifier.trim() !== '' &&
      direction.data.mechanism.trim() !== ''
    ) {
      outcome.direction = {
        mechanism: direction.data.mechanism,
        falsifier: direction.data.falsifier
      }
    }
  }
  return outcome
}

/** Reads a parsed `correct` response: the findings it validates and those still malformed (indexed in this response). */
export function readCorrectResponse(
  value: unknown
):
  | { ok: true; findings: SourceFinding[]; malformed: MalformedFinding[] }
  | { ok: false; cause: string } {
  if (!isRecord(value)) {
    return { ok: false, cause: `response is not a JSON object, got ${kindOf(value)}` }
  }
  if (!Array.isArray(value.findings)) {
    return { ok: false, cause: findingsListProblem(value.findings, 'the response') }
  }
  return { ok: true, ...readFindings(value.findings) }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return `a ${typeof value}`
}
