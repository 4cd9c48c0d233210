/** The review loop's data model: the ledger and everything in it, as zod schemas (the ledger is checked whenever it is read). */
import { z } from 'zod'

/** The ledger document's schema version; bump it with a migration when the shape changes. */
export const LEDGER_SCHEMA = 1

export {
  Direction,
  Exercised,
  Fix,
  Provenance,
  SEVERITIES,
  Severity,
  Verdict
} from '../shared/wire.js'
import { Direction, Exercised, Fix, Provenance, Severity, Verdict } from '../shared/wire.js'

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
