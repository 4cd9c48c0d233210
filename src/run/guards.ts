/**
 * The loop guards where the loop meets the world: a stall pauses the loop and asks (seed 000), a review nothing calls
 * for is not started and the run says why (seed 003), and Rule 11's trajectory reading is taken on a round whose
 * findings rose. Never a guard on a review convergence owes: a landed fix is a change, so it never reads as a stall.
 */
import * as core from '@actions/core'
import { recordTrajectory } from '../loop/machine/readings.js'
import * as stall from '../loop/machine/stall.js'
import type { StallStep } from '../loop/machine/stall.js'
import type { Round } from '../loop/model.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import { perform } from './perform.js'

export type { StallStep }

const short = (sha: string) => sha.slice(0, 7)

/**
 * After a round finished: when the invocation's last two rounds brought no finding to a disposition and changed
 * nothing, the loop asks how to go on instead of asking for another review of the same head (src/loop/machine/stall.ts).
 * True when it asked.
 */
export async function askIfStalled(run: Run): Promise<boolean> {
  const asked = await perform(run, stall.askIfStalled(run.ledger))
  if (asked)
    core.info(
      `Rounds ${asked.rounds.join(' and ')} changed nothing: ${asked.gate} asks how to go on`
    )
  return asked !== undefined
}

/** Acts on the stall question about the last round (src/loop/machine/stall.ts): what it lets this run do. */
export async function actOnStall(run: Run): Promise<StallStep> {
  return perform(run, stall.actOnStall(run.ledger, { head: run.pr.headSha, now: run.world.now() }))
}

/**
 * What a run that was asked for a review says when nothing calls for one (seed 003's loop guard: a review without a
 * material change is not started): the round that last reviewed this head, its request, and what would start the next.
 */
export function nothingChanged(run: Run): string | undefined {
  const reviewed = run.ledger.rounds.filter(r => r.head === run.pr.headSha).at(-1)
  if (!reviewed) return undefined
  const inv = run.ledger.invocations.at(-1)
  const ended = inv?.ended
  const standing = ended
    ? ` The loop ${ended.as === 'converged' ? 'converged' : 'ended'} on round ${ended.round}; a push to the pull request starts the next review, as round ${run.ledger.counters.round + 1}.`
    : ' A push, or an answer that changes what is reviewed, starts the next one.'
  return `Nothing changed since round ${reviewed.n} reviewed ${short(reviewed.head)} (request ${reviewed.requestHash.slice(0, 12)}): no fix landed, the author did not push, and no answer changed what is reviewed, so no new review was started.${standing}`
}

/**
 * Rule 11: when the round's findings rose over the previous reviewed round's, the split by provenance is recorded on
 * the round (and said on its trace), and each question about a finding on the pre-existing side shows it.
 */
export function readTrajectory(
  run: Run,
  round: Round
): NonNullable<Round['trajectory']> | undefined {
  return commit(run, recordTrajectory(run.ledger, round.n))
}
