/** Phase 3 without a driver: conservative classification, said so on the trace. */
import type { SourceFinding } from './wire.js'
import type { Site } from './model.js'
import { spanWrittenByChange, type FileChange } from './change.js'
import { protectionOf } from './protection.js'
import { purposeNaming, type StatedPurpose } from './purpose.js'
import { replacementProblem } from './apply-text.js'
import { evidenceReadsAtHead } from './verify.js'

/** The readings classification leaves to a driver. */
export const CLASSIFY_READINGS_NOT_RUN = ['shared-cause reading', 'goal reading', 'fit pass']

/** What stays unrun with a driver: nothing (a failed call adds the reading it left out). */
export const DRIVER_READINGS_NOT_RUN: string[] = []

/** A finding's class, with its predicate and site when Mechanical, or why a person must judge it. */
export type Classification =
  | { class: 'mechanical'; predicate: string; sites: Site[] }
  | {
      class: 'judgment'
      why: string
      /** The proposed fix can be applied as written, if a person chooses to. */
      fixUsable: boolean
      /** A settlement the PR's stated purpose gave (cited on the trace). */
      purpose?: string
    }

/** The literal-span predicate a driverless fix instantiates: exactly the lines it replaces, one site. */
export function literalSpanPredicate(
  file: string,
  start: number,
  end: number,
  original: string[]
): string {
  const text = original.join(' ').replace(/\s+/g, ' ').trim()
  const quoted = text.length > 60 ? `${text.slice(0, 57)}...` : text
  return `literal span ${file}:${start}${end > start ? `-${end}` : ''} ("${quoted}")`
}

/**
 * The bound on what the loop applies on its own without a driver: a fix replacing at most this many lines and writing
 * at most DRIVERLESS_MAX_WRITTEN. Nothing checks that a larger one is the one obvious repair, so a person decides.
 */
export const DRIVERLESS_MAX_REPLACED = 10
export const DRIVERLESS_MAX_WRITTEN = 20

/** What classification reads besides the finding: the repository's protected paths and the PR's stated purpose. */
export interface ClassifyContext {
  /** Globs the repository's settings protect (`protected`). */
  protectedPaths?: readonly string[]
  purpose?: StatedPurpose
  /** With a driver whose verification did not confirm the claim: why (then a person decides). */
  unconfirmed?: string
}

/**
 * The conservative rule, bounded (with no driver, or when the driver's classification did not run): Mechanical only
 * when the source's fix replaces lines the change wrote, its quoted evidence (when given) reads as the head does, and
 * it is small (at most DRIVERLESS_MAX_REPLACED lines replaced and DRIVERLESS_MAX_WRITTEN written). The loop cannot
 * check a claim or generalise a fix without a driver, so anything else goes to a person. The fix is a proposal, never
 * an order, and one over the hard bound (`replacementProblem`) is not offered at all.
 */
export function classify(
  finding: SourceFinding,
  change: FileChange | undefined,
  headLines: string[],
  context: ClassifyContext = {}
): Classification {
  const fix = finding.fix
  if (!fix) {
    const why = 'no fix was proposed, and without a driver the loop does not write one'
    return { class: 'judgment', why, fixUsable: false }
  }
  if (fix.end_line > headLines.length) {
    const why = `the proposed fix reaches line ${fix.end_line}, past the end of ${finding.file} (${headLines.length} lines)`
    return { class: 'judgment', why, fixUsable: false }
  }
  const unwritable = replacementProblem(fix.replacement)
  if (unwritable) {
    const why = `the proposed fix cannot be written: ${unwritable}`
    return { class: 'judgment', why, fixUsable: false }
  }
  const protection = protectionOf(finding.file, context.protectedPaths ?? [])
  if (protection) return { class: 'judgment', why: protection, fixUsable: true }
  if (context.unconfirmed) return { class: 'judgment', why: context.unconfirmed, fixUsable: true }
  if (!spanWrittenByChange(change, fix.start_line, fix.end_line)) {
    // The stated purpose can settle the scope axis (folding a pre-existing defect in); it cannot vouch for the fix.
    const named = context.purpose ? purposeNaming(context.purpose, finding.file) : undefined
    if (named) {
      const purpose = `the pull request's stated purpose names ${finding.file} ("${named}"), which licenses fixing it here`
      const why = `the proposed fix changes lines this pull request did not write; ${purpose}, but without a driver the loop cannot check that it is the one obvious repair`
      return { class: 'judgment', why, fixUsable: true, purpose }
    }
    const why =
      'the proposed fix changes lines this pull request did not write, and without a driver the loop cannot check that it is the one obvious repair'
    return { class: 'judgment', why, fixUsable: true }
  }
  if (finding.evidence !== undefined && !evidenceReadsAtHead(finding.evidence, headLines)) {
    const why = `the code its evidence quotes is not in ${finding.file} as it reads at the head, and without a driver the loop cannot tell what the finding is about`
    return { class: 'judgment', why, fixUsable: true }
  }
  const replaced = fix.end_line - fix.start_line + 1
  const written =
    fix.replacement === '' ? 0 : fix.replacement.replace(/\r?\n$/, '').split(/\r?\n/).length
  if (replaced > DRIVERLESS_MAX_REPLACED || written > DRIVERLESS_MAX_WRITTEN) {
    const why = `the proposed fix replaces ${replaced} line${replaced === 1 ? '' : 's'} with ${written}; without a driver the loop applies on its own only a fix of at most ${DRIVERLESS_MAX_REPLACED} lines replaced and ${DRIVERLESS_MAX_WRITTEN} written, since nothing checks that a larger one is the one obvious repair`
    return { class: 'judgment', why, fixUsable: true }
  }
  const original = headLines.slice(fix.start_line - 1, fix.end_line)
  return {
    class: 'mechanical',
    predicate: literalSpanPredicate(finding.file, fix.start_line, fix.end_line, original),
    sites: [{ file: finding.file, start_line: fix.start_line, end_line: fix.end_line }]
  }
}
