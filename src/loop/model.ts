/** The review loop's data model: the ledger and everything in it, as zod schemas (the ledger is checked whenever it is read). */
import { z } from 'zod'
import { Finding } from './model-finding.js'
import { Decision, Gate, ReviewCycle } from './model-gate.js'
import { Invocation, Round } from './model-round.js'

export * from './model-finding.js'
export * from './model-gate.js'
export * from './model-round.js'

/** The ledger document's schema version; bump it with a migration when the shape changes. */
export const LEDGER_SCHEMA = 1

export const Status = z.enum([
  'ignored',
  'continue',
  'awaiting-decision',
  'converged',
  'exited',
  'no-review',
  'blocked'
])
export type Status = z.infer<typeof Status>

/**
 * What the run that saved a revision was about to do outside the ledger (write-ahead, docs/persistence.md): a run
 * stopped before its final save leaves it for the next run to take up (src/loop/write-ahead.ts).
 */
export const Intent = z.object({
  /** Gates recorded in `gates` whose comments were about to be posted. */
  gates: z.array(z.string()).optional(),
  /** The fix commit about to be pushed (written through plumbing, so its SHA is known before the push). */
  push: z
    .object({
      sha: z.string(),
      branch: z.string(),
      /** Where the branch stood before the push. */
      expected: z.string(),
      round: z.number().int().min(1),
      findings: z.array(z.string())
    })
    .optional(),
  /**
   * The run attempt that saved it (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT): a run that loads it asks GitHub whether that
   * attempt is still going, and leaves the intent alone while it is (src/loop/take-up.ts). Absent in older revisions.
   */
  by: z.object({ run: z.string(), attempt: z.number().int().min(1) }).optional()
})
export type Intent = z.infer<typeof Intent>

/** The one versioned document per PR. */
export const Ledger = z.object({
  schema: z.literal(LEDGER_SCHEMA),
  /** Increments on every save: the state's version, also carried by the status comment. */
  revision: z.number().int().min(0),
  repository: z.string(),
  pr: z.number().int().min(1),
  counters: z.object({
    round: z.number().int().min(0),
    finding: z.number().int().min(0),
    gate: z.number().int().min(0)
  }),
  invocations: z.array(Invocation),
  rounds: z.array(Round),
  findings: z.array(Finding),
  gates: z.array(Gate),
  /** The design-decision ledger: decisions constituted at this loop's gates. */
  decisions: z.array(Decision).default([]),
  /** IDs of PR comments already taken as commands (or refused). */
  processedComments: z.array(z.number().int()),
  /** IDs of every comment the action posted: never read as commands, whoever the token acts as. */
  ownComments: z.array(z.number().int()).default([]),
  /** IDs of review comments (replies in findings' threads) taken as commands or refused: GitHub numbers them apart from conversation comments. */
  processedReplies: z.array(z.number().int()).default([]),
  /** IDs of the review comments the action posted (its reviews' comments, its replies in threads): never read as commands. */
  ownReviewComments: z.array(z.number().int()).default([]),
  /** Commits the loop pushed itself: a push of its own is never taken for the author's. */
  ownPushes: z.array(z.string()),
  /** A review the loop owes and has asked for (or waits to be asked for, with next-round none). */
  owed: z
    .object({
      reason: ReviewCycle,
      head: z.string(),
      requested: z.enum(['dispatch', 'push', 'none']),
      /** A fact the owed round's trace states (e.g. the base captured again after the author's push). */
      note: z.string().optional(),
      /** Why convergence owes this review though nothing changed (no arm was met): such a review is never withheld. */
      forConvergence: z.string().optional()
    })
    .optional(),
  status: Status,
  statusComment: z.object({ id: z.number().int(), author: z.string() }).optional(),
  /** Effects this revision's run was about to carry out when it saved ahead of them; absent once its run saved at its end. */
  intent: Intent.optional(),
  updatedAt: z.string()
})
export type Ledger = z.infer<typeof Ledger>

/** A fresh ledger for a PR that has none. */
export function emptyLedger(repository: string, pr: number, now: string): Ledger {
  return {
    schema: LEDGER_SCHEMA,
    revision: 0,
    repository,
    pr,
    counters: { round: 0, finding: 0, gate: 0 },
    invocations: [],
    rounds: [],
    findings: [],
    gates: [],
    decisions: [],
    processedComments: [],
    ownComments: [],
    processedReplies: [],
    ownReviewComments: [],
    ownPushes: [],
    status: 'continue',
    updatedAt: now
  }
}
