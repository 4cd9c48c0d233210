/**
 * Rule 9 where the round meets the ledger: each finding an earlier round raised that this review raises again is read
 * by `recordReturns` (src/loop/machine/returned.ts) and acted on: absorbed by settled policy, re-applied, put to a
 * person at a design gate, or classified afresh. A landed fix the reviewed head no longer contains is not landed any
 * more: the trace says so, and a finding that returns with it gone is owed a fresh fix, never read as fixed. Here the
 * ancestry questions are asked (each before anything is recorded) and the transition is taken.
 */
import { protectionOf } from '../config/protected.js'
import { fixCommitsToAsk, recordReturns, type Survivor } from '../loop/machine/returned.js'
import type { Finding, Gate, Round, Severity, TraceEntry } from '../loop/model.js'
import type { Verification } from '../loop/verification.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import { isAncestor } from './repo.js'

/** A recorded finding that survived verification, as the returns reading needs it. */
export interface ReturnItem {
  finding: Finding
  entry: TraceEntry
  candidate: { lines: string[] }
  verification?: Verification
  /** What the earlier finding was before this round (its severity and fix, as the answer given to it saw them). */
  prior?: { severity: Severity; fix?: string }
}

/** What the reading needs of the round. */
export interface ReturnsInput {
  run: Run
  round: Round
}

/**
 * Reads every return among `items` (the survivors of verification whose gates the author's push did not leave
 * standing) by the transition `recordReturns`, and hands back the gates it drafted and what goes on to classification
 * (this round's new findings, those the author's push left waiting, and returns nothing settles), each with its entry
 * as the reading left it.
 */
export async function readReturns<T extends ReturnItem>(
  input: ReturnsInput,
  items: T[],
  waited: ReadonlySet<string>
): Promise<{ gates: Gate[]; toClassify: T[] }> {
  const { run, round } = input
  // Every ancestry question is asked before anything is recorded: a git failure throws (the round fails, blocked, with
  // git's words) with no finding half-read, and is never read as "the head lacks the fix".
  const commits = fixCommitsToAsk(run.ledger, {
    round: round.n,
    survivors: items.map(k => k.finding.id),
    waited: [...waited]
  })
  const contains = await landedInHead(run, round, commits)
  const read = commit(
    run,
    recordReturns(run.ledger, {
      round: round.n,
      survivors: items.map(k => survivor(run, k)),
      waited: [...waited],
      contains
    })
  )
  const onward = new Map(read.toClassify.map(e => [e.finding, e]))
  const toClassify = items.flatMap(k => {
    const entry = onward.get(k.finding.id)
    return entry ? [{ ...k, entry }] : []
  })
  return { gates: read.gates, toClassify }
}

/** One survivor as the transition reads it: its verification's words, and whether its file is protected. */
function survivor(run: Run, k: ReturnItem): Survivor {
  const v = k.verification?.kind === 'kept' ? k.verification : undefined
  return {
    finding: k.finding.id,
    entry: k.entry,
    lines: k.candidate.lines,
    ...(v?.diagnosisHolds === undefined ? {} : { diagnosisHolds: v.diagnosisHolds }),
    ...(v?.question ? { question: v.question } : {}),
    ...(k.prior ? { prior: k.prior } : {}),
    protectedPath: protectionOf(k.finding.file, run.config.protected) !== undefined
  }
}

/** Whether `round.head` holds each of `commits` (the fix commits the reading asks about). */
async function landedInHead(
  run: Run,
  round: Round,
  commits: string[]
): Promise<Record<string, boolean>> {
  const contains: Record<string, boolean> = {}
  for (const commit of commits) {
    try {
      contains[commit] = await isAncestor(run, commit, round.head)
    } catch (error) {
      throw new Error(
        `Could not tell whether the head ${round.head.slice(0, 7)} holds the fix commit ${commit.slice(0, 7)}: ${errorText(error)}. A git failure is not read as "the fix is gone"; nothing of round ${round.n}'s returns was read. Run the job again.`
      )
    }
  }
  return contains
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
