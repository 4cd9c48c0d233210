/** Phase 3 without a driver: conservative classification, said so on the trace. */
import type { SourceFinding } from '../sources/types.js'
import type { Site } from './model.js'
import { spanWrittenByChange, type FileChange } from './change.js'
import { protectionOf } from '../config/protected.js'
import { purposeNaming, type StatedPurpose } from './purpose.js'

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

/** What classification reads besides the finding: the repository's protected paths and the PR's stated purpose. */
export interface ClassifyContext {
  /** Globs the repository's settings protect (`protected`). */
  protectedPaths?: readonly string[]
  purpose?: StatedPurpose
}

/**
 * Mechanical only when the source's fix replaces lines the change wrote (the loop cannot check a claim or generalise a
 * fix without a driver, so anything else goes to a person). The fix is a proposal, never an order.
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
  const protection = protectionOf(finding.file, context.protectedPaths ?? [])
  if (protection) return { class: 'judgment', why: protection, fixUsable: true }
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
  const original = headLines.slice(fix.start_line - 1, fix.end_line)
  return {
    class: 'mechanical',
    predicate: literalSpanPredicate(finding.file, fix.start_line, fix.end_line, original),
    sites: [{ file: finding.file, start_line: fix.start_line, end_line: fix.end_line }]
  }
}
