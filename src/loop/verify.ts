/** Phase 2 without a driver: the deterministic part of verification, and provenance from what the change wrote. */
import type { Provenance } from './model.js'
import type { SourceFinding } from './wire.js'
import { spanWrittenByChange, type FileChange } from './change.js'

/** The readings verification leaves to a driver, named on the trace when none runs. */
export const VERIFY_READINGS_NOT_RUN = [
  "checking each finding's claim against the code",
  'provenance of findings on lines the change did not write',
  "re-grading each finding's severity"
]

/** Drops a finding whose file or line does not exist at the head, with that basis; `lineCount` is undefined for a missing file. */
export function verifyLocation(
  finding: SourceFinding,
  lineCount: number | undefined,
  headSha: string
): { ok: true } | { ok: false; basis: string } {
  const at = headSha.slice(0, 7)
  if (lineCount === undefined)
    return { ok: false, basis: `${finding.file} does not exist at ${at}` }
  if (finding.line > lineCount) {
    return {
      ok: false,
      basis: `line ${finding.line} does not exist in ${finding.file} at ${at} (the file has ${lineCount} line${lineCount === 1 ? '' : 's'})`
    }
  }
  return { ok: true }
}

/** Types a surviving finding `introduced` when its line is one the change wrote; otherwise leaves it untyped (a driver reads it). */
export function provenanceOf(
  finding: SourceFinding,
  change: FileChange | undefined
): Provenance | undefined {
  return spanWrittenByChange(change, finding.line, finding.line) ? 'introduced' : undefined
}

/**
 * Whether a finding's quoted evidence reads as the file does at the head: every quoted line (blanks and indentation
 * aside, and a cut marker left out) is in `lines`. Evidence that quotes nothing reads as nothing and does not.
 */
export function evidenceReadsAtHead(evidence: string, lines: readonly string[]): boolean {
  const text = lines.map(l => l.trim()).join('\n')
  const quoted = evidence
    .split('\n')
    .map(l => l.trim())
    .filter(l => l !== '' && !/^\[cut at \d+/.test(l))
  return quoted.length > 0 && quoted.every(l => text.includes(l))
}
