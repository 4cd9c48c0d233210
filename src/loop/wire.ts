/**
 * The wire shapes both sides of the loop use: the protocol's name, the grades and fix shapes a source's answer carries,
 * and a source's findings as validated. They are the protocol's own vocabulary: `loop/` decides on them, and `sources/`
 * imports them from here to read them off the wire.
 */
import { z } from 'zod'

/** The protocol name every request carries. */
export const PROTOCOL = 'review-loop/1'

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'suggestion'] as const
export const Severity = z.enum(SEVERITIES)
export type Severity = z.infer<typeof Severity>

export const Verdict = z.enum(['approve', 'needs-attention'])
export type Verdict = z.infer<typeof Verdict>

/** A source-proposed replacement of lines start_line..end_line (1-based, inclusive) of the file at the head. */
export const Fix = z
  .object({
    start_line: z.number().int().min(1),
    end_line: z.number().int().min(1),
    replacement: z.string()
  })
  .refine(f => f.end_line >= f.start_line, { message: 'end_line must not be before start_line' })
export type Fix = z.infer<typeof Fix>

/** What the source reported it reached this call; `null` on a round means a source able to report returned nothing. */
export const Exercised = z.object({
  reached: z.array(z.string()),
  unreached: z.array(z.object({ axis: z.string(), reason: z.string() }))
})
export type Exercised = z.infer<typeof Exercised>

export const Direction = z.object({ mechanism: z.string().min(1), falsifier: z.string().min(1) })
export type Direction = z.infer<typeof Direction>

export const Provenance = z.enum(['introduced', 'pre-existing', 'indeterminate'])
export type Provenance = z.infer<typeof Provenance>

/** A value as JSON, for a problem's message. */
export const show = (value: unknown): string =>
  value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value))

/** A message for a field that is missing or has the wrong value, naming the field and what it should be. */
export const expect =
  (field: string, what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? `${field} is missing` : `${field} ${what}, got ${show(issue.input)}`

/** A positive integer, with a message naming the field. */
export const positiveInteger = (field: string) => {
  const error = expect(field, 'must be a positive integer')
  return z.number({ error }).int({ error }).min(1, { error })
}

/** A fix as a source sends it (the model's `Fix`, with messages that name the offending values). */
export const WireFix = z
  .looseObject(
    {
      start_line: positiveInteger('fix.start_line'),
      end_line: positiveInteger('fix.end_line'),
      replacement: z.string({ error: expect('fix.replacement', 'must be a string') })
    },
    { error: expect('fix', 'must be an object with start_line, end_line and replacement') }
  )
  .superRefine((fix, ctx) => {
    if (fix.end_line < fix.start_line) {
      ctx.addIssue({
        code: 'custom',
        message: `fix.end_line ${fix.end_line} is before fix.start_line ${fix.start_line}`
      })
    }
  })
  .meta({
    description:
      'The one obvious minimal repair: replaces lines start_line..end_line (1-based, inclusive) of the file at head_sha with replacement.'
  })

/** A finding as a source returns it, after validation. */
export interface SourceFinding {
  severity: Severity
  file: string
  line: number
  description: string
  /** The code at the head that shows the defect, quoted (required for critical and high; at most 2,000 characters, cut past that). */
  evidence?: string
  /** The expectation or requirement that code breaks (required for critical and high). */
  expectation?: string
  fix?: Fix
  /**
   * Set when the finding reached the loop only by being downgraded: a critical or high finding still without what
   * seed 000's validity gate asks for after its one correction (the grade it came with, and why it was lowered).
   */
  downgraded?: { from: Severity; basis: string }
}

/** A finding that failed validation: what came back, and what is wrong with it. */
export interface MalformedFinding {
  index: number
  raw: unknown
  problems: string[]
}
