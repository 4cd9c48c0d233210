/**
 * The driver's answers on the `review-loop/1` wire, and the items the loop reads them against: `verify` (Phase 2)
 * `classify` (Phase 3) and `admit` (a person's decision). `loop/` decides on what comes back, so they are
 * the protocol's: `driver/` asks with them from here, and driver/protocol.ts re-exports them.
 */
import { z } from 'zod'
import { Provenance, Severity, WireFix } from './wire.js'

/** Numbered lines of one file at one commit: `text` holds lines `start`.. as written, newline-separated. */
export const Excerpt = z.strictObject({
  path: z.string(),
  /** The first line's number (1-based). */
  start: z.number().int().min(1),
  text: z.string()
})
export type Excerpt = z.infer<typeof Excerpt>

/** What the change did to a file: created it, or wrote these head-side line ranges. */
export const FileChangeFacts = z.strictObject({
  created: z.boolean(),
  /** Head-side ranges the change wrote, inclusive. */
  written: z.array(z.tuple([z.number().int().min(1), z.number().int().min(1)]))
})
export type FileChangeFacts = z.infer<typeof FileChangeFacts>

/** One finding to verify, with the code it is about at the head and at the captured base. */
export const VerifyItem = z.strictObject({
  /** The loop's handle for this finding within the request (`s1`, `s2`, …; `g1`… for the goal reading's). */
  key: z.string(),
  severity: Severity,
  file: z.string(),
  line: z.number().int().min(1),
  description: z.string(),
  /** Quoted code and the expectation it breaks, where the source gave them. */
  evidence: z.string().optional(),
  expectation: z.string().optional(),
  fix: WireFix.optional(),
  /** The code around the finding's line at the head (the whole file when it is short). */
  head: Excerpt,
  /** The same file at the base; null when the file did not exist there (the change created it). */
  base: Excerpt.nullable(),
  change: FileChangeFacts.nullable()
})
export type VerifyItem = z.infer<typeof VerifyItem>

/** Code the driver quotes as its basis; the loop checks every quote against the file at the head. */
export const Citation = z.strictObject({
  file: z.string(),
  line: z.number().int().min(1),
  /** The line as it reads at the head (leading and trailing blanks are not compared). */
  text: z.string()
})
export type Citation = z.infer<typeof Citation>

/** The driver's verdict on one finding. */
export const VerifyAnswerItem = z.strictObject({
  key: z.string(),
  /** Does the asserted issue hold against the code at the head? */
  holds: z.boolean(),
  /** Why, in plain words; for `holds: false` it must rest on `cited` code, never on an account of several findings. */
  basis: z.string().min(1),
  cited: z.array(Citation),
  /** Only for a finding that holds: the two readings against the base. */
  provenance: z
    .strictObject({
      type: Provenance,
      /** First reading: does the issue hold at the base? */
      holds_at_base: z.boolean(),
      basis: z.string().min(1),
      /** For `indeterminate`: the independent condition the finding's own evidence shows. */
      contributor: z.string().optional()
    })
    .optional(),
  /** The loop's grade on the severity steer's scale, and why (the source's label is a claim). */
  severity: Severity,
  severity_basis: z.string(),
  /** The earlier finding this one is (same defect about the same clause or invariant), or null. */
  same_as: z.string().nullable(),
  identity_basis: z.string(),
  /** For a finding that returns after its fix landed: does the original diagnosis still hold? */
  diagnosis_holds: z.boolean().optional(),
  /** A question only a person can answer; it folds into the round's gates. */
  question: z.string().optional()
})
export type VerifyAnswerItem = z.infer<typeof VerifyAnswerItem>

export const VerifyResponseSchema = z.strictObject({ findings: z.array(VerifyAnswerItem) })
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>

/** A shared-cause reading: one mechanism behind several findings, with what would break it. */
export const Reading = z.strictObject({
  mechanism: z.string().min(1),
  accounts_for: z.array(z.string()),
  /** The observation that would break the reading; a reading without one is not a reading (the loop sets it aside). */
  falsifier: z.string()
})
export type Reading = z.infer<typeof Reading>

/** A governing-surface conflict: two surfaces that govern the same point and say different things. */
export const Conflict = z.strictObject({
  sides: z.array(z.strictObject({ surface: z.string(), says: z.string() })).min(2),
  point: z.string(),
  /** The authority relation between the sides, or a statement that there is none. */
  authority: z.string(),
  /** What already settles it, cited; null when nothing does (then it is asked open-ended). */
  settled_by: z
    .strictObject({
      kind: z.enum(['authority', 'decision', 'purpose', 'precedent']),
      cite: z.string().min(1),
      /** Which side governs, and so which surface is the thing to correct. */
      governs: z.string()
    })
    .nullable()
})
export type Conflict = z.infer<typeof Conflict>

/**
 * What a gate's option does, by key: `apply` the proposed fix; `root` / `local` take the root repair or the local
 * repairs where a shared cause makes them diverge; `dismiss`; `decide` (a design decision in the person's words);
 * `defer`; `follow-up` (hand the finding on, with where it holds and what establishes it). The loop acts on the key;
 * the label and what it leads to are the driver's plain words.
 */
export const OPTION_KEYS = [
  'apply',
  'root',
  'local',
  'dismiss',
  'decide',
  'defer',
  'follow-up'
] as const

/** One option of a gate, in plain words. */
export const GateOptionAnswer = z.strictObject({
  key: z.enum(OPTION_KEYS),
  label: z.string().min(1),
  leads_to: z.string().min(1)
})

export const ClassifyAnswerItem = z.strictObject({
  key: z.string(),
  class: z.enum(['mechanical', 'judgment']),
  /** The collapse test: why every reasonable disposition leads to the same place (mechanical), or what diverges. */
  basis: z.string().min(1),
  /** Fixing a pre-existing-side defect needs a citable basis (purpose, precedent, decision) or a person. */
  scope_basis: z.string().nullable(),
  conflict: Conflict.nullable()
})
export type ClassifyAnswerItem = z.infer<typeof ClassifyAnswerItem>

/** A gate the driver proposes for a cluster of Judgment findings that share a disposition. */
export const ClusterAnswer = z.strictObject({
  findings: z.array(z.string()).min(1),
  /** What was found and why it needs a person: analysis and evidence first. */
  analysis: z.string().min(1),
  question: z.string().min(1),
  /** Empty for an open question (a conflict nothing settles): the answer is taken in the person's words. */
  options: z.array(GateOptionAnswer)
})
export type ClusterAnswer = z.infer<typeof ClusterAnswer>

export const ClassifyResponseSchema = z.strictObject({
  /** The shared-cause reading over the verified set, or null with why there is none ("no shared cause"). */
  reading: z
    .strictObject({
      leading: Reading,
      competitor: Reading.nullable(),
      /** Findings neither reading explains. */
      unexplained: z.array(z.string()),
      /** How the source's direction relates: `none` (no direction), `same` or `different` (then both reach the person). */
      direction: z.enum(['none', 'same', 'different']),
      /** Whether root repair and local repairs diverge materially (then the findings classify together, as Judgment). */
      repairs_diverge: z.boolean()
    })
    .nullable(),
  no_reading: z.string().optional(),
  /** Readings given in the request whose falsifier has fired, by mechanism, with what fired it. */
  retired: z.array(z.strictObject({ mechanism: z.string(), fired: z.string() })),
  /** The cross-round reading over recorded predicates, when a later instance bears on an earlier sweep. */
  cross_round: z
    .strictObject({
      predicate: z.string(),
      kind: z.enum(['missed-site', 'too-narrow']),
      findings: z.array(z.string()),
      remedy: z.string()
    })
    .nullable(),
  findings: z.array(ClassifyAnswerItem),
  clusters: z.array(ClusterAnswer)
})
export type ClassifyResponse = z.infer<typeof ClassifyResponseSchema>

/** The driver's reading of the decision. */
export const AdmitResponseSchema = z.strictObject({
  /** Do the words state what the project is, does or decided, and why, in a form that outlives this code? */
  describes_project: z.boolean(),
  /** Would they hold whatever this review's findings are (not a verdict on particular findings or this change)? */
  independent_of_findings: z.boolean(),
  /** Do they tell a reviewer what to report, check, skip, ignore or approve? */
  instructs_reviewer: z.boolean(),
  /** Why, in plain words a person reads when the decision is not passed on. */
  basis: z.string().min(1),
  /** What would show this reading wrong; a reading without one is set aside (the loop's rules decide). */
  falsifier: z.string()
})
export type AdmitResponse = z.infer<typeof AdmitResponseSchema>
