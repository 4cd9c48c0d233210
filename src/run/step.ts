/**
 * One step of the loop: takes the commands owed, then does the work the ledger and the PR say is owed, at most one
 * round. What each fact means is a transition of the state machine (src/loop/machine/); this gathers the facts (the
 * head, the checkout, ancestry, the usable sources) and takes the transitions' results in order.
 */
import * as core from '@actions/core'
import type { Status } from '../loop/model.js'
import type { Run } from './context.js'
import { isCommentRun } from '../action/event.js'
import { otherUsableSources, settleSource, switchSource } from './designation.js'
import { takeAnswers } from '../loop/machine/answers.js'
import {
  authorPushed,
  followLayer,
  isAuthorPush,
  knownHeads,
  recaptureBase
} from '../loop/machine/heads.js'
import { activeInvocation, openRound, standing as standingOf } from '../loop/machine/lifecycle.js'
import {
  askNoReviewAgain,
  closeNoReview,
  noReviewQuestion,
  switchChosen
} from '../loop/machine/no-review.js'
import { takeCommands } from './commands.js'
import { ensureCheckout, isAncestor, mergeBase } from './repo.js'
import { reviewMayRunNow, reviewRound, startInvocation } from './round.js'
import { nextId, postGate } from './gate-post.js'
import { finishRound } from './apply.js'
import { followLowerHead, noteStackedConvergence } from './landing.js'
import { actOnStall, askIfStalled, nothingChanged } from './guards.js'
import { commit } from './commit.js'
import { perform } from './perform.js'

/** Whether this run's event asks for work (a comment that only answered or asked for status does not start a loop). */
function asksToStart(run: Run): boolean {
  return !isCommentRun(run.trigger) || run.continueAsked
}

/**
 * The author pushed a head the loop has not seen: the new head owes a full review, which decides what becomes of the
 * questions waiting. A stacked layer follows the branch beneath it; a base that stopped being an ancestor is captured
 * again. False when the run must stop here (the branch beneath a stacked layer was rewritten).
 */
async function takeAuthorPush(run: Run): Promise<boolean> {
  core.info(`New head ${run.pr.headSha} pushed by the author`)
  await perform(run, authorPushed(run.ledger, run.pr.headSha))
  const { head, baseTip } = await ensureCheckout(run)
  const inv = activeInvocation(run.ledger)!
  if (!(await followLowerHead(run, inv))) return false
  if (!(await isAncestor(run, inv.base, head))) {
    const note = commit(run, recaptureBase(run.ledger, await mergeBase(run, baseTip, head)))
    if (note) core.info(note)
  }
  return true
}

/**
 * The round that had no review: its question's answer is acted on. False while it waits, when the loop stopped, or when
 * the source chosen cannot be used here (asked again).
 */
async function afterNoReview(run: Run): Promise<boolean> {
  const gate = noReviewQuestion(run.ledger)
  if (gate?.status === 'open') return false
  const inv = activeInvocation(run.ledger)!
  if (switchChosen(gate) && !(await switchSource(run, inv, gate!))) {
    // The chosen source is not usable here: ask again, with what is usable now, rather than fall back silently.
    const others = await otherUsableSources(run, inv.source.name)
    await perform(run, askNoReviewAgain(run.ledger, run.message ?? '', others))
    return false
  }
  return commit(run, closeNoReview(run.ledger, { head: run.pr.headSha, now: run.world.now() }))
}

/** Advances the loop by what is owed. */
export async function step(run: Run): Promise<void> {
  await takeCommands(run)
  if (run.status === 'exited') return
  commit(run, followLayer(run.ledger, run.pr.headSha))
  if (isAuthorPush(run.ledger, run.pr.headSha) && !(await takeAuthorPush(run))) return
  if (!activeInvocation(run.ledger)) {
    const last = run.ledger.invocations.at(-1)
    const fresh = !last || !knownHeads(run.ledger).has(run.pr.headSha)
    if (!asksToStart(run)) return
    if (!fresh) {
      // Asked again with nothing changed since the loop ended: the same head is not reviewed again; said so.
      run.message = nothingChanged(run) ?? run.message
      return
    }
    await startInvocation(run)
  }

  const r = openRound(run.ledger)
  if (r?.phase === 'no-review') {
    if (!(await afterNoReview(run))) return
  } else if (r) {
    if (!commit(run, takeAnswers(run.ledger, r.n))) return
    await finishRound(run, r)
    await askIfStalled(run)
    noteStackedConvergence(run)
    return
  }

  const inv = activeInvocation(run.ledger)!
  const settled = await settleSource(
    run,
    inv,
    () => nextId(run, 'gate'),
    gate => postGate(run, gate)
  )
  if (!settled) return
  // A stall question about the last round holds every review until answered; its answer may ask for one.
  const stall = await actOnStall(run)
  if (stall === 'wait' || stall === 'stopped') return
  const owed = run.ledger.owed
  if (owed && (reviewMayRunNow(run) || stall === 'review') && run.status !== 'blocked') {
    await reviewRound(run, owed.reason)
    noteStackedConvergence(run)
  } else if (!owed && asksToStart(run) && !openRound(run.ledger) && run.status === undefined) {
    // A `continue`, a re-run or a second dispatch with nothing changed: the same head is not reviewed again.
    run.message = nothingChanged(run) ?? run.message
  }
}

/** Where the loop stands, read off the ledger, for a run that did not settle it itself. */
export function standing(run: Run): Status {
  return standingOf(run.ledger, run.status)
}
