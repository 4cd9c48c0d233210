/**
 * The driver's Phase 4 roles on the `review-loop/1` wire: `scan` (the change-point scan that compiles the fix brief:
 * the predicate each fix instantiates and that predicate's sites across the repository), `write` (the writer, or the
 * driver on an escalated tier, writes from the self-contained brief) and `fit` (the fit pass over the whole applied
 * bundle). As with the other roles, every answer is a claim the loop checks against the code before acting on it.
 */
import { z } from 'zod'
import { WireFix } from '../sources/review-response.js'
import { PROTOCOL } from '../sources/types.js'
import { Excerpt } from './protocol.js'

/** A decision in the design-decision ledger, as the person worded it. */
const DecisionText = z.strictObject({ id: z.string(), words: z.string() })

// ---------------------------------------------------------------------------------------------------------------
// scan

/** One fix going to land: where, on what verified basis, in which direction, with the source's proposal. */
export const ScanFix = z.strictObject({
  /** The loop's handle within the request (`x1`, `x2`, …). */
  key: z.string(),
  /** The finding's ID (`F3`), or the fit pass's adaptation being scanned on the loop-back (`fit`). */
  id: z.string(),
  file: z.string(),
  line: z.number().int().min(1),
  description: z.string(),
  /** Why the loop holds the finding true (the verification's basis, or that it was not verified). */
  basis: z.string(),
  /** What the disposition called for, in words: the obvious fix, or the repair a person chose (their words). */
  direction: z.string(),
  /** The source's proposed replacement, a proposal only. */
  proposal: WireFix.nullable(),
  /** The code around the anchor. */
  anchor: Excerpt
})
export type ScanFix = z.infer<typeof ScanFix>

/** The `scan` request: every fix of the pass, and the files where more of their sites may be. */
export const ScanRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('scan'),
  round: z.number().int().min(1),
  repository: z.string(),
  /** The commit the scan reads (the site list is a claim about this state of the repository). */
  head_sha: z.string(),
  fixes: z.array(ScanFix),
  /** Files that may hold further sites (found by the fixes' names, spelling variants included), bounded. */
  candidates: z.array(Excerpt),
  /** What was left out of `candidates` to stay within the budget. */
  omitted: z.array(z.string()),
  decisions: z.array(DecisionText)
})
export type ScanRequest = z.infer<typeof ScanRequestSchema>

/** One site of a predicate: a span of a file at the scanned commit, and why it instantiates the predicate. */
export const ScanSite = z.strictObject({
  file: z.string(),
  start_line: z.number().int().min(1),
  end_line: z.number().int().min(1),
  /** The site's first line as it reads at the scanned commit (the loop checks it). */
  text: z.string(),
  basis: z.string().min(1)
})
export type ScanSite = z.infer<typeof ScanSite>

/** The brief for one fix. */
export const ScanAnswerFix = z.strictObject({
  key: z.string(),
  /** The predicate the fix instantiates, named; null when it cannot be named (then the fix is not written). */
  predicate: z.string().nullable(),
  /** Every site of the predicate, the anchor's own included. */
  sites: z.array(ScanSite),
  /** How the fix meets adjacent code: invariants it must keep, interactions to watch. */
  interactions: z.string(),
  /** An epistemic risk a person should accept before the fix lands (irreversible, security, visible effect), or null. */
  risk: z.string().nullable()
})
export type ScanAnswerFix = z.infer<typeof ScanAnswerFix>

export const ScanResponseSchema = z.strictObject({ fixes: z.array(ScanAnswerFix) })
export type ScanResponse = z.infer<typeof ScanResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// write

/** A site to write, with its lines as they read now. */
export const WriteSite = z.strictObject({
  /** The site's handle (`x1.2`): every edit names the site it writes. */
  site: z.string(),
  file: z.string(),
  start_line: z.number().int().min(1),
  end_line: z.number().int().min(1),
  text: z.string()
})
export type WriteSite = z.infer<typeof WriteSite>

/** One fix's self-contained brief. */
export const WriteBrief = z.strictObject({
  key: z.string(),
  id: z.string(),
  description: z.string(),
  predicate: z.string(),
  basis: z.string(),
  direction: z.string(),
  interactions: z.string(),
  proposal: WireFix.nullable(),
  sites: z.array(WriteSite)
})
export type WriteBrief = z.infer<typeof WriteBrief>

/** The `write` request: the briefs, and the code around their sites. */
export const WriteRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('write'),
  /** `writer` (the lower-cost tier) or `driver` (escalated: fix-induced findings recurred, or a fix returned). */
  tier: z.enum(['writer', 'driver']),
  round: z.number().int().min(1),
  repository: z.string(),
  head_sha: z.string(),
  briefs: z.array(WriteBrief),
  context: z.array(Excerpt)
})
export type WriteRequest = z.infer<typeof WriteRequestSchema>

/** One edit: a replacement of lines start..end of one site's file (lines as numbered in the request). */
export const WriteEdit = z.strictObject({
  site: z.string(),
  file: z.string(),
  start_line: z.number().int().min(1),
  end_line: z.number().int().min(1),
  replacement: z.string()
})
export type WriteEdit = z.infer<typeof WriteEdit>

export const WriteResponseSchema = z.strictObject({ edits: z.array(WriteEdit) })
export type WriteResponse = z.infer<typeof WriteResponseSchema>

// ---------------------------------------------------------------------------------------------------------------
// fit

/** The `fit` request: the applied bundle as a set, against the decisions and the touched files' conventions. */
export const FitRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('fit'),
  round: z.number().int().min(1),
  repository: z.string(),
  head_sha: z.string(),
  /** The bundle: the diff the pass wrote, and each touched file as it reads after it (lines numbered from 1). */
  diff: z.string(),
  files: z.array(Excerpt),
  decisions: z.array(DecisionText),
  /** The conventions that govern the touched files: rule files (bounded excerpts) and why each applies. */
  conventions: z.array(z.strictObject({ path: z.string(), why: z.string(), text: z.string() }))
})
export type FitRequest = z.infer<typeof FitRequestSchema>

/** An adaptation: a replacement of lines of a touched file as it reads after the write. */
export const FitAdaptation = z.strictObject({
  file: z.string(),
  start_line: z.number().int().min(1),
  end_line: z.number().int().min(1),
  replacement: z.string(),
  why: z.string().min(1)
})
export type FitAdaptation = z.infer<typeof FitAdaptation>

export const FitResponseSchema = z.strictObject({
  /** What the pass found, in a sentence: that the bundle fits, or what it adapted and why. */
  summary: z.string().min(1),
  adaptations: z.array(FitAdaptation),
  /** A risk the bundle carries that a person should know of at convergence, or null. */
  risk: z.string().nullable()
})
export type FitResponse = z.infer<typeof FitResponseSchema>
