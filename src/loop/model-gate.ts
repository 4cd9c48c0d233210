/** A round's trace lines, the gates put to people and their answers, and the decisions made at them, as zod schemas. */
import { z } from 'zod'
import { Outcome, Provenance, Severity } from './model-finding.js'

/** One line of a round's trace: a finding, the slot it took (Relay: the loop acted alone; Gated: a person was asked) and its outcome. */
export const TraceEntry = z.object({
  finding: z.string(),
  slot: z.enum(['relay', 'gated']),
  outcome: Outcome,
  provenance: Provenance.optional(),
  predicate: z.string().optional(),
  note: z.string().optional(),
  /** Why the finding is the same as an earlier one (identity is semantic; the basis is kept). */
  identity: z.string().optional(),
  /** The loop's re-grade of the source's severity, with its basis. */
  regraded: z.object({ from: Severity, to: Severity, basis: z.string() }).optional(),
  /** A new finding on code unchanged since the previous review (seed 000's late finding). */
  late: z.string().optional(),
  /** An approved fix this run may not push (a workflow file), as a unified diff for a person to apply. */
  patch: z.string().optional()
})
export type TraceEntry = z.infer<typeof TraceEntry>

export const GateOption = z.object({
  key: z.string().regex(/^[a-z][a-z0-9-]*$/),
  label: z.string(),
  leadsTo: z.string()
})
export type GateOption = z.infer<typeof GateOption>

/**
 * Whether a decision may reach the reviewer (seed 004's Conveyance boundary): read once, when the answer is taken, by
 * the driver's `admit` role or, without one, by the loop's rules (`admission`, src/loop/conveyance.ts).
 */
export const Admission = z.object({
  admitted: z.boolean(),
  by: z.enum(['driver', 'rules']),
  /** Why it may travel, or why it is kept as the person's words only. */
  why: z.string()
})
export type Admission = z.infer<typeof Admission>

export const Answer = z.object({
  by: z.string(),
  /** The answer exactly as written after the gate ID. */
  words: z.string(),
  option: z.string().optional(),
  commentId: z.number().int(),
  at: z.string(),
  /** For an answer that is a decision: whether it may travel to later reviews. */
  admission: Admission.optional()
})
export type Answer = z.infer<typeof Answer>

/** A question put to a person: a judgment on findings, the landing path, or what to do after a round with no review. */
export const Gate = z.object({
  id: z.string().regex(/^G\d+$/),
  round: z.number().int().min(1),
  /** `stall`: two rounds in a row brought no finding to a disposition and changed nothing (seed 000's stall). */
  kind: z.enum(['judgment', 'landing', 'no-review', 'source', 'design', 'risk', 'stall']),
  findings: z.array(z.string()),
  analysis: z.string(),
  question: z.string(),
  options: z.array(GateOption),
  /** Free words are accepted as an answer (they are kept verbatim either way). */
  open: z.boolean(),
  commentId: z.number().int().optional(),
  status: z.enum(['open', 'answered', 'superseded']),
  answer: Answer.optional()
})
export type Gate = z.infer<typeof Gate>

export const ReviewCycle = z.enum(['first-pass', 'after-fixes', 'after-author-push', 'retry'])
export type ReviewCycle = z.infer<typeof ReviewCycle>

/** A design decision a person constituted at a gate: it holds beyond this code, and later reviews are told of it. */
export const Decision = z.object({
  id: z.string().regex(/^D\d+$/),
  gate: z.string(),
  findings: z.array(z.string()),
  /** What was decided and why, in the person's own words. */
  words: z.string(),
  by: z.string(),
  at: z.string(),
  /** The earlier decision this one revises: that one is retired and no longer travels. */
  supersedes: z.string().optional(),
  /**
   * Whether it may travel to later reviews. A refused one (words about this review's findings, or to the reviewer)
   * is kept as the person's words and settles what it was given for, but is never conveyed. Absent: admitted.
   */
  admission: Admission.optional(),
  /** Set on a decision a later one revised: by which, in which round. */
  retired: z.object({ by: z.string(), round: z.number().int().min(1) }).optional(),
  /** Where a person had it recorded (`/review-loop record`): an issue comment's address, or the file proposed for it. */
  recorded: z
    .array(
      z.object({ where: z.string(), url: z.string().optional(), by: z.string(), at: z.string() })
    )
    .optional()
})
export type Decision = z.infer<typeof Decision>

/** Where what the exit handover lists belongs, as found when the loop ended (seed 004, Rule 10). */
export const Homes = z.object({
  /** The issues the pull request says it closes ("closes #12"), in the order it names them. */
  issues: z.array(z.object({ repo: z.string(), number: z.number().int().min(1) })),
  /** The folder decision records go in, whether the repository has it, and the next number when it numbers them. */
  records: z
    .object({ dir: z.string(), exists: z.boolean(), next: z.number().int().min(1).optional() })
    .optional()
})
export type Homes = z.infer<typeof Homes>
