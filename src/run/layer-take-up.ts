/**
 * A fix push to a stacked layer's branch, recorded ahead (src/run/landing.ts) by a run stopped before its final save:
 * the next run takes it up as src/run/take-up.ts takes up a push to the PR's branch. The commit the saved revision names
 * is the loop's: recorded as landed, the layer's head, its pull request opened; never pushed again, never a stranger's.
 */
import * as core from '@actions/core'
import { pushOutcome, type PushIntent } from '../loop/write-ahead.js'
import { recordLanded } from './apply.js'
import type { Run } from './context.js'
import { openLayer } from './landing.js'
import { ensureCheckout, fetchBranch, isAncestor } from './repo.js'

/**
 * Whether the branch, now at `at`, holds the pushed commit (someone pushed on top of it). A git failure is never read as
 * "no", which would apply the round's fixes a second time: it throws before anything is taken up, and the run is
 * blocked with git's words, nothing saved (the next run takes the push up again).
 */
export async function holdsPush(run: Run, push: PushIntent, at: string): Promise<boolean> {
  try {
    return await isAncestor(run, push.sha, at)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    throw new Error(
      `Could not tell whether ${push.branch} (now at ${at.slice(0, 7)}) holds the fix commit ${push.sha.slice(0, 7)} that round ${push.round} recorded ahead of its push: ${why}. A git failure is not read as "not landed": the push was not taken up and nothing was saved. Run the job again.`
    )
  }
}

/** Takes up a push to a stacked layer's branch recorded ahead. */
export async function takeUpLayerPush(run: Run, push: PushIntent): Promise<void> {
  const { ledger } = run
  const round = ledger.rounds.find(r => r.n === push.round)
  const inv = ledger.invocations.find(i => i.n === round?.invocation)
  if (!round || !inv || ledger.ownPushes.includes(push.sha)) return
  await ensureCheckout(run)
  const at = await fetchBranch(run, push.branch)
  const holds = at !== undefined && at !== push.sha && (await holdsPush(run, push, at))
  // No branch: a new layer's push that never happened (the run stopped first), or an existing layer deleted since.
  const outcome = pushOutcome(push, { sha: at, holds, creates: !inv.stacked })
  const short = push.sha.slice(0, 7)
  if (outcome !== 'landed') {
    core.info(
      outcome === 'not-pushed'
        ? `The fix commit ${short} of round ${push.round} to the stacked layer ${push.branch} was recorded ahead but never pushed (the run stopped first): the round's fixes are applied again.`
        : `The fix commit ${short} of round ${push.round} was recorded ahead, but the stacked layer ${push.branch} is now ${at ? `at ${at.slice(0, 7)} without it` : 'gone'}: it was not landed.`
    )
    return
  }
  const opened = await openLayer(run, inv, round, push.branch, push.sha)
  if (!opened.pushed) {
    // The commit is the layer's head and the loop's own now; the round lands once its pull request can be opened.
    core.warning(opened.detail)
    return
  }
  recordLanded(
    run,
    round,
    ledger.findings.filter(f => push.findings.includes(f.id)),
    opened
  )
  core.info(
    `The fix commit ${short} on the stacked layer ${push.branch} is the loop's own: the revision saved before the push named it (round ${push.round}, ${push.findings.join(' ')}); recorded as landed.`
  )
}
