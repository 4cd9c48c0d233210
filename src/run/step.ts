/** One step of the loop: takes the commands owed, then does the work the ledger and the PR say is owed, at most one round. */
import * as core from '@actions/core'
import type { Gate, Status } from '../loop/model.js'
import type { Run } from './context.js'
import { isCommentRun } from '../action/event.js'
import { otherUsableSources, settleSource, switchSource } from './designation.js'
import { noReviewGate } from '../loop/gates.js'
import { takeCommands } from './commands.js'
import { activeInvocation, exitLoop, lastRound } from './lifecycle.js'
import { ensureCheckout, isAncestor, mergeBase } from './repo.js'
import { openRound, reviewMayRunNow, reviewRound, startInvocation } from './round.js'
import { nextId, postGate } from './gate-post.js'
import { finishRound } from './apply.js'
import { resolveGates } from './resolve-gates.js'
import { reshow } from './held-gates.js'
import { followLowerHead, noteStackedConvergence } from './landing.js'
import { actOnStall, askIfStalled, nothingChanged, supersedeStall } from './guards.js'

/** Heads this PR's loop has already seen: reviewed heads and its own pushes. */
function knownHeads(run: Run): Set<string> {
  return new Set([
    ...run.ledger.rounds.map(r => r.head),
    ...run.ledger.ownPushes,
    ...run.ledger.invocations.map(i => i.head),
    // The PR branch's commit a stacked layer stands on (moved when the author's push was brought into the layer).
    ...run.ledger.invocations.flatMap(i => (i.stacked ? [i.stacked.cut] : []))
  ])
}

/** The questions an author's push leaves for the review of the new head to decide (held-gates.ts). */
const WAITS_FOR_REVIEW: ReadonlySet<Gate['kind']> = new Set(['judgment', 'design', 'landing'])

/**
 * What an author's push does to the round waiting on the old head: nothing of it can land there, so it is superseded,
 * and its questions wait for the review of the new head, which keeps those whose findings it finds again
 * (held-gates.ts). The question after a round with no review is moot (the new head is reviewed anyway); an answer
 * already given to it is acted on below.
 */
async function holdForReview(run: Run): Promise<void> {
  const r = lastRound(run)
  if (!r) return
  let open: Gate[]
  if (r.phase === 'gated' || r.phase === 'applying') {
    r.phase = 'superseded'
    // Only questions about findings and the landing path wait; one about writing at the old head (a risk) is gone.
    open = run.ledger.gates.filter(
      g => g.round === r.n && g.status === 'open' && !WAITS_FOR_REVIEW.has(g.kind)
    )
  } else if (r.phase === 'no-review') {
    open = run.ledger.gates.filter(
      g => g.round === r.n && g.kind === 'no-review' && g.status === 'open'
    )
    if (open.length > 0) r.phase = 'superseded'
  } else return
  for (const gate of open) {
    gate.status = 'superseded'
    await reshow(run, gate, 'no longer open')
  }
}

/** Whether this run's event asks for work (a comment that only answered or asked for status does not start a loop). */
function asksToStart(run: Run): boolean {
  return !isCommentRun(run.trigger) || run.continueAsked
}

/** Advances the loop by what is owed. */
export async function step(run: Run): Promise<void> {
  await takeCommands(run)
  if (run.status === 'exited') return
  // The PR's branch fast-forwarded to the stacked layer's head (its pull request merged that way): the layer is in.
  const layer = run.ledger.invocations.at(-1)?.stacked
  if (layer && run.pr.headSha === layer.head) layer.cut = layer.head

  let inv = activeInvocation(run)
  if (inv && !knownHeads(run).has(run.pr.headSha)) {
    // The author pushed: the new head owes a full review, which decides what becomes of the questions waiting.
    core.info(`New head ${run.pr.headSha} pushed by the author`)
    await holdForReview(run)
    await supersedeStall(run)
    run.ledger.owed = { reason: 'after-author-push', head: run.pr.headSha, requested: 'none' }
    const { head, baseTip } = await ensureCheckout(run)
    // A stacked layer follows the branch beneath it, or stops when that branch was rewritten under it.
    if (!(await followLowerHead(run, inv))) return
    if (!(await isAncestor(run, inv.base, head))) {
      const was = inv.base
      inv.base = await mergeBase(run, baseTip, head)
      const note = `the base was captured again (${was.slice(0, 7)} → ${inv.base.slice(0, 7)}): after the author's push it was no longer an ancestor of the head`
      run.ledger.owed.note = note
      core.info(note)
    }
  }
  if (!inv) {
    const last = run.ledger.invocations.at(-1)
    const fresh = !last || !knownHeads(run).has(run.pr.headSha)
    if (!asksToStart(run)) return
    if (!fresh) {
      // Asked again with nothing changed since the loop ended: the same head is not reviewed again; said so.
      run.message = nothingChanged(run) ?? run.message
      return
    }
    await startInvocation(run)
    inv = activeInvocation(run)!
  }

  const r = openRound(run)
  if (r?.phase === 'no-review') {
    // The newest such gate: a switch to a source that is not usable asks again in a gate of the same round.
    const gate = run.ledger.gates.filter(g => g.round === r.n && g.kind === 'no-review').at(-1)
    if (gate?.status === 'open') return
    if (gate?.answer?.option?.startsWith('switch-') && !(await switchSource(run, inv, gate))) {
      // The chosen source is not usable here: ask again, with what is usable now, rather than fall back silently.
      const others = await otherUsableSources(run, inv.source.name)
      await postGate(
        run,
        noReviewGate(nextId(run, 'gate'), r.n, `${run.message} ${gate.id} is asked again`, others)
      )
      run.status = 'awaiting-decision'
      return
    }
    r.phase = 'closed'
    if (gate?.answer?.option === 'stop') {
      exitLoop(
        run,
        gate.answer.by,
        `stopped by @${gate.answer.by} at ${gate.id} after a round with no review`
      )
      return
    }
    // After the author's push the review owed is that push's; otherwise a retry.
    run.ledger.owed ??= { reason: 'retry', head: run.pr.headSha, requested: 'none' }
  } else if (r) {
    if (!resolveGates(run, r)) return
    r.phase = 'applying'
    await finishRound(run, r)
    await askIfStalled(run, activeInvocation(run))
    noteStackedConvergence(run)
    return
  }

  if (
    !(await settleSource(
      run,
      inv,
      () => nextId(run, 'gate'),
      gate => postGate(run, gate)
    ))
  )
    return
  // A stall question about the last round holds every review until answered; its answer may ask for one.
  const stall = await actOnStall(run)
  if (stall === 'wait' || stall === 'stopped') return
  const owed = run.ledger.owed
  if (owed && (reviewMayRunNow(run) || stall === 'review') && run.status !== 'blocked') {
    await reviewRound(run, owed.reason)
    noteStackedConvergence(run)
  } else if (!owed && asksToStart(run) && !openRound(run) && run.status === undefined) {
    // A `continue`, a re-run or a second dispatch with nothing changed: the same head is not reviewed again.
    run.message = nothingChanged(run) ?? run.message
  }
}

/** Where the loop stands, read off the ledger, for a run that did not settle it itself. */
export function standing(run: Run): Status {
  if (run.status) return run.status
  const gates = run.ledger.gates.filter(g => g.status === 'open')
  if (gates.length > 0) return 'awaiting-decision'
  const last = run.ledger.invocations.at(-1)
  if (last?.ended) return last.ended.as === 'converged' ? 'converged' : 'exited'
  if (!last) return 'ignored'
  return 'continue'
}
