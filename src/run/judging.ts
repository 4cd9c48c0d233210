/**
 * What one round's judgment (src/run/judge.ts, src/run/classify-round.ts) works on and shares: its input, the findings
 * on their way through verification to classification, code excerpts for the driver's requests, and how a driver call
 * and a reading that did not run are recorded on the round's trace.
 */
import type { Excerpt } from '../driver/protocol.js'
import type { Driver } from '../driver/types.js'
import type { Harvest } from '../intent/types.js'
import type { ChangeMap } from '../loop/change.js'
import type { Origin, Unlocated } from '../loop/machine/verified.js'
import type { Finding, Invocation, Round, Severity, TraceEntry } from '../loop/model.js'
import type { Verification } from '../loop/verification.js'
import { verifyLocation } from '../loop/verify.js'
import type { ReviewRequest, SourceFinding } from '../sources/types.js'
import type { Run } from './context.js'
import type { FileAt } from './repo.js'

/** What one round's judgment works on. */
export interface JudgeInput {
  run: Run
  inv: Invocation
  round: Round
  request: ReviewRequest
  map: ChangeMap
  harvest: Harvest
  surfaced: SourceFinding[]
  driver?: Driver
  direction?: { mechanism: string; falsifier: string }
}

/** Reads a file at a commit (cached per round by src/run/judge.ts). */
export type ReadAt = (sha: string, file: string) => Promise<FileAt>

/** A finding that passed the location check, with its handle in driver requests and its lines at the head. */
export interface Candidate {
  key: string
  sf: SourceFinding
  origin: Origin
  lines: string[]
}

/** A recorded finding that survived verification, on its way to classification. */
export interface Kept {
  finding: Finding
  candidate: Candidate
  verification?: Verification
  /** Why the driver's verify call gave no answer, when it was asked and did not. */
  verifyFailed?: string
  entry: TraceEntry
  /** What the earlier finding was before this round (a returning one). */
  prior?: { severity: Severity; fix?: string }
}

/** Whole files up to this many lines travel whole; longer ones as a window around the finding's line. */
const WHOLE_FILE_LINES = 300
const WINDOW = 60

/** A file's lines for a driver request: whole when short, else a window around `line`. */
export function excerpt(path: string, lines: string[], line: number): Excerpt {
  if (lines.length <= WHOLE_FILE_LINES) return { path, start: 1, text: lines.join('\n') }
  const from = Math.max(1, line - WINDOW)
  const to = Math.min(lines.length, line + WINDOW)
  return { path, start: from, text: lines.slice(from - 1, to).join('\n') }
}

/** Two notes of a trace entry as one. */
export function join(a: string | undefined, b: string): string {
  return a ? `${a}; ${b}` : b
}

/** Records one driver call on the round's trace. */
export function called(
  round: Round,
  role: string,
  result: { ok: true; call?: string } | { ok: false; cause: string }
): void {
  const what = result.ok ? (result.call ?? 'answered') : `no answer: ${result.cause}`
  ;(round.driverCalls ??= []).push(`${role}: ${what}`)
}

/** Names a reading that did not run on the round's trace, once. */
export function notRun(round: Round, what: string): void {
  if (!round.readingsNotRun.includes(what)) round.readingsNotRun.push(what)
}

/**
 * Phase 2, the deterministic part: a finding about a file or line the head does not have is set aside with that basis
 * (src/loop/machine/verified.ts drops it); the others go on to verification, each under its key (`prefix` and its
 * place in `surfaced`).
 */
export async function locate(
  surfaced: readonly SourceFinding[],
  origin: Origin,
  prefix: string,
  head: string,
  at: ReadAt
): Promise<{ candidates: Candidate[]; unlocated: Unlocated[] }> {
  const candidates: Candidate[] = []
  const unlocated: Unlocated[] = []
  for (const [i, sf] of surfaced.entries()) {
    const a = await at(head, sf.file)
    const location =
      a.kind === 'other'
        ? {
            ok: false as const,
            basis: `${sf.file} is ${a.what} at ${head.slice(0, 7)}; the loop edits only text files`
          }
        : verifyLocation(sf, a.kind === 'text' ? a.lines.length : undefined, head)
    if (location.ok && a.kind === 'text')
      candidates.push({ key: `${prefix}${i + 1}`, sf, origin, lines: a.lines })
    else unlocated.push({ sf, origin, basis: location.ok ? 'unreadable' : location.basis })
  }
  return { candidates, unlocated }
}
