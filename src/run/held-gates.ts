/**
 * The questions an author's push left waiting, decided by the review of the new head (src/loop/machine/held.ts
 * `decideHeld`, `decideHeldLanding`): this file reads the facts, what that review found again of the findings that
 * waited and how (a fix compared with the one the gate showed reads the old head's file), and carries the result out.
 */
import type { Finding, Invocation, Round, TraceEntry } from '../loop/model.js'
import {
  decideHeld,
  decideHeldLanding,
  needsOldLines,
  sameFix,
  waitingFindings,
  type HeldSettled,
  type Refound
} from '../loop/machine/held.js'
import { heldIn } from '../loop/recurrence.js'
import { errorMessage } from '../shared/errors.js'
import type { Run } from './context.js'
import { perform } from './perform.js'
import { repoGit, type FileAt } from './repo.js'

/** A finding the review of the new head surfaced again, as judge holds it. */
export interface Surfaced {
  finding: Finding
  entry: TraceEntry
  /** Its file's lines at the new head. */
  lines: string[]
  /** Severity and fix (JSON) before this round's review updated them. */
  prior?: { severity: Finding['severity']; fix?: string }
  question?: string
}

/**
 * What the held gates came to: the findings whose gate stands, every finding that waited (none returns), and the
 * round's entries of the others found again as noted (they replace the ones judge holds).
 */
export type Held = HeldSettled

/**
 * Decides every gate an author's push left waiting, now that `round` reviewed the new head: the findings of a standing
 * gate are entered in `round` under it; a waiting finding not found again is dropped with that basis.
 */
export async function settleHeld(
  run: Run,
  round: Round,
  surfaced: Surfaced[],
  at: (sha: string, file: string) => Promise<FileAt>
): Promise<Held> {
  const waited = waitingFindings(run.ledger, round.n)
  const found = await foundAgain(run, round, surfaced, waited, at)
  return perform(run, decideHeld(run.ledger, round.n, found))
}

/** What the review of the new head found again of the findings that waited, and whether each is the same question. */
async function foundAgain(
  run: Run,
  round: Round,
  surfaced: Surfaced[],
  waited: ReadonlySet<string>,
  at: (sha: string, file: string) => Promise<FileAt>
): Promise<Map<string, Refound>> {
  const found = new Map<string, Refound>()
  for (const s of surfaced) {
    const f = s.finding
    if (!waited.has(f.id)) continue
    const from = heldIn(f, run.ledger.rounds, round.n)!
    let old: string[] | undefined
    if (needsOldLines(s.prior?.fix, f.fix)) {
      const why = `whether the fix of ${f.id} is the one its gate showed`
      const a = await fileOrGone(run, from.head, f.file, at, why)
      if (a?.kind === 'text') old = a.lines
    }
    const again = {
      was: s.prior?.severity ?? f.severity,
      now: f.severity,
      sameFix: sameFix(s.prior?.fix, f.fix, old, s.lines),
      ...(s.question ? { question: s.question } : {})
    }
    found.set(f.id, { again, entry: s.entry })
  }
  return found
}

/**
 * A file at a commit, read to tell `why`. A commit the repository does not have even once fetched (an author's force
 * push took the old head and the remote no longer serves it) is a real answer: undefined, nothing to compare. Any other
 * git failure throws with git's words: it is never read as "the file was not there".
 */
export async function fileOrGone(
  run: Run,
  sha: string,
  file: string,
  at: (sha: string, file: string) => Promise<FileAt>,
  why: string
): Promise<FileAt | undefined> {
  try {
    return await at(sha, file)
  } catch (error) {
    const here = await repoGit(run).tryExec([
      'cat-file',
      '-e',
      '--end-of-options',
      `${sha}^{commit}`
    ])
    if (here.exitCode !== 0) return undefined
    throw new Error(
      `Could not read ${file} at ${sha.slice(0, 7)} to tell ${why}: ${errorMessage(error)}. A git failure is not read as "the file was not there"; nothing of the questions the author's push left waiting was decided. Run the job again.`
    )
  }
}

/**
 * The landing question for `round` (`decideHeldLanding`): an answer given before the author's push is taken, a
 * question still waiting moves to `round` or closes. Returns whether the round still needs a landing gate of its own.
 */
export async function settleHeldLanding(
  run: Run,
  inv: Invocation,
  round: Round,
  toLand: string[],
  needed: boolean
): Promise<boolean> {
  return perform(run, decideHeldLanding(run.ledger, round.n, { invocation: inv.n, toLand, needed }))
}
