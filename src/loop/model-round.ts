/** A review round and an invocation (Phase 0 to convergence or exit), as zod schemas: the ledger's history. */
import { z } from 'zod'
import { Direction, Exercised, Verdict } from './model-finding.js'
import { Homes, ReviewCycle, TraceEntry } from './model-gate.js'

/** What the design-intent harvest gave the reviewer for one round: pointers and their reasons, never content. */
export const HarvestRecord = z.object({
  rules: z.array(
    z.object({ path: z.string(), why: z.string(), line: z.number().int().optional() })
  ),
  designComments: z.array(z.object({ path: z.string(), line: z.number().int(), why: z.string() })),
  goal: z
    .object({ path: z.string(), section: z.string(), line: z.number().int(), why: z.string() })
    .nullable(),
  authority: z.object({ order: z.array(z.string()), declaredIn: z.string() }).nullable(),
  /** What the harvest could not do or left out. */
  notes: z.array(z.string()),
  /** The IDs of the decisions the request carried. */
  decisions: z.array(z.string()),
  /** Where the repository's settings were read from, when it has the file. */
  config: z.string().optional(),
  /** Set when the harvest could not run: goal and order were unknown that round, not absent. */
  failed: z.string().optional()
})
export type HarvestRecord = z.infer<typeof HarvestRecord>

/** One review round: one source call, then verify, classify, gates and apply. */
export const Round = z.object({
  n: z.number().int().min(1),
  invocation: z.number().int().min(1),
  cycle: ReviewCycle,
  base: z.string(),
  head: z.string(),
  requestHash: z.string(),
  source: z.string(),
  startedAt: z.string(),
  /** `reviewed` when the source returned a verdict; `no-review` otherwise (Rule 13). */
  review: z.enum(['reviewed', 'no-review']),
  verdict: Verdict.optional(),
  exercised: Exercised.nullable().optional(),
  direction: Direction.optional(),
  /** Something to record about the call itself: effort, or why it ended without a verdict. */
  call: z.string().optional(),
  /** Findings still malformed after the one correction request, read whole. */
  malformed: z.array(z.string()),
  /** What a richer native answer held that could not be mapped onto the interface, kept for the trace. */
  unmapped: z.string().optional(),
  /** What came back from a call that produced no review, kept whole (bounded). */
  returned: z.string().optional(),
  /**
   * Changed files the review could not carry (an API source's parts: over the budget, or out of time), each with why.
   * The round's verdict does not speak for them: a convergence on it names them, and the merge gate is not green.
   */
  unreviewed: z.array(z.object({ file: z.string(), why: z.string() })).optional(),
  findings: z.array(z.string()),
  /** What the reviewer was told this round (the design-intent bundle's pointers). */
  intent: HarvestRecord.optional(),
  entries: z.array(TraceEntry),
  /** Round-level facts for the trace, e.g. a decision retired because a later one revised it. */
  notes: z.array(z.string()).optional(),
  /** The driver that ran the loop's readings this round, when there was one. */
  driver: z.string().optional(),
  /** Each driver call of the round: its role and what the driver reported about it (model, effort, attempts). */
  driverCalls: z.array(z.string()).optional(),
  /** The shared-cause reading over the verified set: a leading mechanism with its falsifier, or why there is none. */
  reading: z
    .object({
      leading: z
        .object({ mechanism: z.string(), accounts_for: z.array(z.string()), falsifier: z.string() })
        .optional(),
      competitor: z
        .object({ mechanism: z.string(), accounts_for: z.array(z.string()), falsifier: z.string() })
        .optional(),
      unexplained: z.array(z.string()).optional(),
      /** How the source's direction related to the loop's reading. */
      direction: z.enum(['none', 'same', 'different']).optional(),
      repairsDiverge: z.boolean().optional(),
      none: z.string().optional(),
      /** Set when a later check found its falsifier fired. */
      retired: z.string().optional()
    })
    .optional(),
  /** What the loop's own reading against the project's goal found this round (the trace's Goal line). */
  goal: z.string().optional(),
  readingsNotRun: z.array(z.string()),
  /** Findings of this round on lines the loop's previous fix commit wrote (Rule 8's write-tier signal). */
  fixInduced: z.array(z.string()).optional(),
  /**
   * Rule 11's trajectory reading, taken when the round's findings rose over the previous round's: the round divided by
   * provenance (each side's findings), the fix-induced ones among them, and the reading in words. Counts decide nothing.
   */
  trajectory: z
    .object({
      /** The findings that held (not refuted) in the previous reviewed round and in this one. */
      previous: z.number().int().min(0),
      count: z.number().int().min(0),
      introduced: z.array(z.string()),
      preExisting: z.array(z.string()),
      indeterminate: z.array(z.string()),
      /** Findings no reading typed (without a driver, a line the change did not write stays untyped). */
      untyped: z.array(z.string()),
      fixInduced: z.array(z.string()),
      reading: z.string()
    })
    .optional(),
  /** Phase 4: who wrote, what the write check found, and the fit pass's verdict. */
  apply: z
    .object({
      /** Who wrote each fix: `source fix` (applied as proposed), the writer, or the driver (escalated). */
      writers: z.array(z.string()),
      /** What the check of the write found: sites missed, edits outside the brief held back. Carried forward. */
      discrepancies: z.array(z.string()),
      /** The fit pass: `no adaptation` or `adapted: …`, a risk it recorded, and what the loop-back did. */
      fit: z
        .object({
          verdict: z.string(),
          risk: z.string().optional(),
          loopBack: z.string().optional()
        })
        .optional()
    })
    .optional(),
  /**
   * The round's review on the diff (docs/review.md), recorded once posted so a re-run never posts it again: its ID and
   * address, the findings left off the diff (their line is not in its hunks) and those past the bound (listed in the
   * review's body), or why GitHub refused it.
   */
  onDiff: z
    .object({
      review: z.number().int().optional(),
      url: z.string().optional(),
      outside: z.array(z.string()),
      listed: z.array(z.string()),
      failed: z.string().optional()
    })
    .optional(),
  phase: z.enum(['gated', 'applying', 'landed', 'closed', 'superseded', 'no-review']),
  landing: z
    .object({
      path: z.enum(['head', 'stacked']),
      commit: z.string().optional(),
      branch: z.string(),
      note: z.string().optional()
    })
    .optional()
})
export type Round = z.infer<typeof Round>

/** An invocation runs from Phase 0 to convergence or exit; a new head after that starts the next one. */
export const Invocation = z.object({
  n: z.number().int().min(1),
  startedAt: z.string(),
  firstRound: z.number().int().min(1),
  base: z.string(),
  baseRef: z.string(),
  head: z.string(),
  changedFiles: z.array(z.string()),
  source: z.object({
    name: z.string(),
    designation: z.string(),
    reportsReach: z.boolean()
  }),
  landing: z.enum(['head', 'stacked']).optional(),
  /** Who writes fixes (Rule 8): the writer, or the driver once fix-induced findings recur in consecutive rounds. */
  writeTier: z
    .object({ tier: z.enum(['writer', 'driver']), since: z.number().int().min(1), why: z.string() })
    .optional(),
  /**
   * The stacked layer (landing `stacked`), once a fix landed on it: its branch, its pull request once opened, the cut
   * point (the PR branch's commit the layer stands on) and the layer's head as the loop left it.
   */
  stacked: z
    .object({
      branch: z.string(),
      pr: z.number().int().min(1).optional(),
      cut: z.string(),
      head: z.string()
    })
    .optional(),
  /** The driver behind the loop's readings, and why it (or none) was chosen: said once, with the announcement. */
  driver: z.object({ label: z.string(), why: z.string() }).optional(),
  /** Where the exit handover's items belong, looked up when the invocation ended. */
  homes: Homes.optional(),
  /** Handover items (other than decisions) a person had recorded, each as the issue opened for it. */
  recorded: z.array(z.object({ item: z.string(), where: z.string(), url: z.string() })).optional(),
  ended: z
    .object({
      as: z.enum(['converged', 'exited']),
      round: z.number().int().min(0),
      at: z.string(),
      by: z.string().optional(),
      reason: z.string(),
      /** What stays open at the end (unreached axes, open deferrals, risk verdicts, hand-offs): residuals, never clearance. */
      residuals: z.array(z.string()).optional()
    })
    .optional()
})
export type Invocation = z.infer<typeof Invocation>
