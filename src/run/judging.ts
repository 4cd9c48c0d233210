/**
 * What one round's judgment (src/run/judge.ts, src/run/classify-round.ts) works on and shares: its input, the findings
 * on their way through verification to classification, code excerpts for the driver's requests, and how a driver call
 * and a reading that did not run are recorded on the round's trace.
 */
import type { Excerpt } from '../driver/protocol.js'
import type { Driver } from '../driver/types.js'
import type { Harvest } from '../intent/types.js'
import type { ChangeMap } from '../loop/change.js'
import type { Finding, Invocation, Round, Severity, TraceEntry } from '../loop/model.js'
import type { Verification } from '../loop/verification.js'
import type { ReviewRequest, SourceFinding } from '../sources/types.js'
import type { Run } from './context.js'

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
  /** Allocates the next finding ID. */
  nextFinding(): string
}

/** A finding that passed the location check, with its handle in driver requests and its lines at the head. */
export interface Candidate {
  key: string
  sf: SourceFinding
  origin: 'source' | 'goal'
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
