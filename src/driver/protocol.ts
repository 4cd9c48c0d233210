/**
 * The driver's roles on the `review-loop/1` wire: `verify` (Phase 2), `goal` (the loop's own reading against the
 * project's goal) and `classify` (Phase 3). The driver is the loop's own judgment, so its requests may carry what the
 * source must never see (earlier findings and what became of them). Every answer is checked against these schemas and
 * then against the code by the loop: a driver's word is a reading, never a fact the loop takes on trust.
 */
import { z } from 'zod'
import { Direction, Provenance, SEVERITIES, Severity } from '../loop/model.js'
import { WireFinding, WireFix } from '../sources/review-response.js'
import { Excerpt, Reading, VerifyItem } from '../loop/driver-wire.js'
import { IntentSchema } from '../sources/review-response.js'
import { PROTOCOL } from '../sources/types.js'

// The driver's answers (and the items the loop reads them against) are shared with src/loop/, which decides on them.
export {
  Citation,
  ClassifyAnswerItem,
  ClassifyResponseSchema,
  ClusterAnswer,
  Conflict,
  Excerpt,
  FileChangeFacts,
  GateOptionAnswer,
  OPTION_KEYS,
  Reading,
  VerifyAnswerItem,
  VerifyItem,
  VerifyResponseSchema,
  type ClassifyResponse,
  type VerifyResponse
} from '../loop/driver-wire.js'

/** An earlier finding the driver may match a new one against (identity is semantic, never by line or wording). */
export const PriorFinding = z.strictObject({
  id: z.string(),
  round: z.number().int().min(1),
  file: z.string(),
  line: z.number().int().min(1),
  severity: Severity,
  description: z.string(),
  /** What became of it, in the loop's words (applied in abc1234; dismissed by @x: "…"; decided as D1; …). */
  outcome: z.string()
})
export type PriorFinding = z.infer<typeof PriorFinding>

// ---------------------------------------------------------------------------------------------------------------
// verify

/** The `verify` request: every surfaced finding of a round, in one call. */
export const VerifyRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('verify'),
  round: z.number().int().min(1),
  repository: z.string(),
  base_sha: z.string(),
  head_sha: z.string(),
  /** The severity steer the source was given: the loop re-grades against the same scale. */
  severity_steer: z.string(),
  findings: z.array(VerifyItem),
  /** Earlier findings of this pull request, for semantic identity. */
  prior: z.array(PriorFinding)
})
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>

// ---------------------------------------------------------------------------------------------------------------
// goal

/** The `goal` request: the artifact (not only the findings) read against what the project says it is for. */
export const GoalRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('goal'),
  round: z.number().int().min(1),
  repository: z.string(),
  base_sha: z.string(),
  head_sha: z.string(),
  /** The goal as the project states it: the section's text, bounded. */
  goal: z.strictObject({ path: z.string(), section: z.string(), text: z.string() }),
  /** The changed files at the head (bounded excerpts), and the diff base..head. */
  artifact: z.strictObject({
    files: z.array(Excerpt),
    diff: z.string(),
    /** What was left out to stay within the budget. */
    omitted: z.array(z.string())
  }),
  /** The round's verified findings, in view but not bounding the reading. */
  findings: z.array(
    z.strictObject({
      key: z.string(),
      severity: Severity,
      file: z.string(),
      line: z.number(),
      description: z.string()
    })
  )
})
export type GoalRequest = z.infer<typeof GoalRequestSchema>

export const GoalResponseSchema = z.strictObject({
  /** Where the artifact works against the goal: each names the goal it runs counter to and how. */
  findings: z.array(WireFinding),
  /** What the reading found, in one or two sentences (also when it found nothing). */
  summary: z.string().min(1)
})
export type GoalResponse = z.infer<typeof GoalResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// classify

/** A verified finding as Phase 3 reads it. */
export const ClassifyItem = z.strictObject({
  key: z.string(),
  id: z.string(),
  severity: Severity,
  file: z.string(),
  line: z.number().int().min(1),
  description: z.string(),
  fix: WireFix.optional(),
  provenance: Provenance,
  /**
   * Whether the verification step confirmed the claim holds at the head. False when its reading failed or did not run,
   * or found the claim not to hold without showing it in the code: such a finding is a person's call.
   */
  verified: z.boolean(),
  head: Excerpt
})
export type ClassifyItem = z.infer<typeof ClassifyItem>

/** A predicate an earlier round's fix instantiated, with the sites its sweep enumerated and the SHA it scanned. */
export const RecordedPredicate = z.strictObject({
  round: z.number().int().min(1),
  finding: z.string(),
  predicate: z.string(),
  scan_sha: z.string(),
  sites: z.array(z.strictObject({ file: z.string(), start_line: z.number(), end_line: z.number() }))
})

/** The `classify` request. */
export const ClassifyRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('classify'),
  round: z.number().int().min(1),
  repository: z.string(),
  base_sha: z.string(),
  head_sha: z.string(),
  intent: IntentSchema,
  /** The order of authority and where it is declared; null where the project declares none. */
  authority: z.strictObject({ order: z.array(z.string()), declared_in: z.string() }).nullable(),
  /** The PR's stated purpose (read by the loop; never sent to the source). */
  purpose: z.strictObject({ title: z.string(), body: z.string() }),
  findings: z.array(ClassifyItem),
  /** The source's own root reading, one candidate with no head start. */
  direction: Direction.nullable(),
  /** Readings still standing from earlier in this round (their falsifiers are re-checked). */
  readings: z.array(Reading),
  /** What earlier rounds' fixes recorded, for the cross-round reading. */
  predicates: z.array(RecordedPredicate)
})
export type ClassifyRequest = z.infer<typeof ClassifyRequestSchema>

/** The severities, for prompts. */
export const SEVERITY_WORDS = SEVERITIES.join(' | ')
