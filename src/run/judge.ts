/**
 * Phases 2 and 3 of one round: verify what the source surfaced (and what the loop's own goal reading found), type it
 * against the captured base, know it again when it returns, classify it and draft the round's questions. With a driver
 * the readings are the driver's, each checked by the loop; without one (or when a call fails) the deterministic steps
 * run and the trace says which readings did not.
 */
import type { Gate } from '../loop/model.js'
import { classifyRound } from './classify-round.js'
import { goalReading } from './goal-reading.js'
import { settleHeld } from './held-gates.js'
import { locate, type JudgeInput } from './judging.js'
import { fileAt, type FileAt } from './repo.js'
import { readReturns } from './returns.js'
import { verifyAndRecord } from './verify-record.js'

export type { JudgeInput } from './judging.js'

/** Runs Phases 2 and 3 over the round's surfaced findings; records entries on the round and returns its gates. */
export async function judge(input: JudgeInput): Promise<Gate[]> {
  const { run, round, driver } = input
  const head = round.head
  const cache = new Map<string, Promise<FileAt>>()
  const at = (sha: string, file: string): Promise<FileAt> => {
    const key = `${sha}:${file}`
    let read = cache.get(key)
    if (!read) cache.set(key, (read = fileAt(run, sha, file)))
    return read
  }
  if (driver) round.driver = driver.label

  // Phase 2: a finding about a file or line the head does not have is dropped; the rest is verified, and all recorded.
  const located = await locate(input.surfaced, 'source', 's', head, at)
  const kept = await verifyAndRecord(input, located, at)

  // The loop's own criterion, once a round: the artifact read against what the project says it is for.
  if (driver && input.harvest.goal) kept.push(...(await goalReading(input, at, kept)))

  // What an author's push left waiting is decided by this review of the new head, before anything is read as a return.
  const held = await settleHeld(
    run,
    round,
    kept
      .filter(k => k.finding.round !== round.n)
      .map(k => ({
        finding: k.finding,
        entry: k.entry,
        lines: k.candidate.lines,
        ...(k.prior ? { prior: k.prior } : {}),
        ...(k.verification?.kind === 'kept' && k.verification.question
          ? { question: k.verification.question }
          : {})
      })),
    at
  )

  // Returns: settled policy absorbs what the source had not seen; an informed return is diagnosed (Rule 9).
  const { gates, toClassify } = await readReturns(
    { run, round },
    kept
      .filter(k => !held.standing.has(k.finding.id))
      // The entry as the held gates noted it (a copy the transition made: judge's own is stale).
      .map(k => ({ ...k, entry: held.entries.get(k.finding.id) ?? k.entry })),
    held.waited
  )
  gates.push(...(await classifyRound(input, toClassify)))
  return gates
}
