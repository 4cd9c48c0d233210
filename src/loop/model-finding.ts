/** A finding and its parts (severity, fix, outcome, sites), as zod schemas: the ledger's findings (src/loop/model.ts). */
import { z } from 'zod'

export { Direction, Exercised, Fix, Provenance, SEVERITIES, Severity, Verdict } from './wire.js'
import { Fix, Provenance, Severity } from './wire.js'

/** Where a finding's disposition stands. */
export const Outcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pending') }),
  z.object({ kind: z.literal('applied'), commit: z.string().optional() }),
  z.object({ kind: z.literal('dropped'), basis: z.string() }),
  z.object({
    kind: z.literal('carried'),
    reason: z.string(),
    /** Carried by the loop itself: work it could not finish (a fix it could not write), never a disposition. */
    loop: z.literal(true).optional()
  }),
  /** Handed to a successor (a follow-up): dispositioned, travelling with where it holds and what establishes it. */
  z.object({ kind: z.literal('handed'), by: z.string(), words: z.string() }),
  /** Not pushable by this run (a fork's branch): handed to the author as a ready-to-apply suggestion, at `where` (a URL). */
  z.object({ kind: z.literal('suggested'), where: z.string() })
])
export type Outcome = z.infer<typeof Outcome>

/** A span of one file: a site a fix's predicate reaches. */
export const Site = z.object({
  file: z.string(),
  start_line: z.number().int(),
  end_line: z.number().int(),
  /** Why the site instantiates the predicate (the scan's reading, checked against the code where it can be). */
  basis: z.string().optional()
})
export type Site = z.infer<typeof Site>

/** A finding with a stable ID (never reused); it keeps its ID when a later round re-surfaces it. */
export const Finding = z.object({
  id: z.string().regex(/^F\d+$/),
  round: z.number().int().min(1),
  severity: Severity,
  file: z.string(),
  line: z.number().int().min(1),
  description: z.string(),
  fix: Fix.optional(),
  provenance: Provenance.optional(),
  onChangedCode: z.boolean().optional(),
  class: z.enum(['mechanical', 'judgment']).optional(),
  /** The predicate the fix instantiates, its sites and the SHA the scan ran on (applied entries only). */
  predicate: z.string().optional(),
  sites: z.array(Site).optional(),
  scanSha: z.string().optional(),
  gate: z.string().optional(),
  /** The severity the source gave, where the loop re-graded it. */
  sourceSeverity: Severity.optional(),
  /** Quoted code and the expectation it breaks, as the source gave them. */
  evidence: z.string().optional(),
  expectation: z.string().optional(),
  /** Where the finding came from: the source's review, or the loop's own reading against the goal. */
  origin: z.enum(['source', 'goal']).optional(),
  /** Each time the finding came back after its first round: which round, whether informed, what the loop did. */
  returns: z
    .array(
      z.object({
        round: z.number().int().min(1),
        informed: z.boolean(),
        handling: z.enum(['absorbed', 'reapplied', 'design-gate', 'reclassified']),
        basis: z.string()
      })
    )
    .optional(),
  /** Re-applies made under the escalated write tier (Rule 9): a return after one is design-level. */
  escalated: z.number().int().min(0).optional(),
  /** What the fix must respect at its sites (the change-point scan's reading), for the writer's brief. */
  interactions: z.string().optional(),
  /** What the risk screen found before the fix was written, and the gate a person accepted it at. */
  risk: z
    .object({
      kind: z.enum(['substrate', 'epistemic']),
      why: z.string(),
      /** Sites held back by the screen (a protected path the sweep reached). */
      held: z.array(Site).optional(),
      /** The fix would empty a file: only an answer to that question licenses it. */
      deletion: z.boolean().optional(),
      gate: z.string().optional(),
      accepted: z.boolean().optional()
    })
    .optional(),
  /**
   * The finding's thread on the diff (docs/review.md): the review comment that opened it, the thread's GraphQL node ID
   * (to resolve and unresolve it), the review it was posted in, where it sits on the head side, and whether it is
   * resolved. Absent: never put on the diff (older ledgers, a line outside the diff, past the bound).
   */
  thread: z
    .object({
      comment: z.number().int(),
      id: z.string().optional(),
      review: z.number().int().optional(),
      path: z.string(),
      line: z.number().int().min(1),
      startLine: z.number().int().min(1).optional(),
      /** The root comment's address (html_url), for the status comment and the gate comments to link. */
      url: z.string().optional(),
      resolved: z.boolean(),
      /** The gate the comment asks to answer, as posted (or last edited): edited when the finding is asked again. */
      gate: z.string().optional(),
      /** The one-line disposition reply is posted: a later run only retries the resolve, never replies again. */
      replied: z.boolean().optional(),
      /** Resolves GitHub refused so far: given up (a note on the trace) after MAX_RESOLVE_TRIES. */
      tries: z.number().int().min(0).optional(),
      /** The root comments of the finding's earlier threads (it moved, or was handed on): replies there answer it too. */
      previous: z.array(z.number().int()).optional()
    })
    .optional(),
  outcome: Outcome
})
export type Finding = z.infer<typeof Finding>
