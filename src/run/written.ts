/**
 * What an apply pass wrote, in memory, and who writes it: the shapes the write pass, its fit pass and delivery share.
 * Kept apart from write-pass.ts so the fit pass (which the write pass calls) does not import the write pass.
 */
import type { Driver } from '../driver/types.js'
import type { Gate } from '../loop/model.js'

/** One edit the pass wrote: which finding it serves, and the lines of the file (as the pass found it) it replaced. */
export interface WrittenEdit {
  finding: string
  file: string
  start: number
  end: number
  replacement: string
}

/** What one apply pass wrote, in memory: nothing is on disk or committed yet. */
export interface WritePass {
  /** Each written file's text at the round's head, and after the pass. */
  originals: Map<string, string>
  contents: Map<string, string>
  edits: WrittenEdit[]
}

/** Who writes this pass, with the driver behind the scan and the fit pass. */
export interface WriteTools {
  driver?: Driver
  writer?: { driver: Driver; label: string }
  /** The invocation's write tier: `driver` once fix-induced findings recurred (Rule 8). */
  tier: 'writer' | 'driver'
}

/** The pass's outcome: what was written, or the risk gates a person must answer before anything is. */
export type PassResult = { kind: 'written'; pass: WritePass } | { kind: 'gated'; gates: Gate[] }
