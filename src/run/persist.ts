/**
 * A run's end: the ledger saved (or the lost race told), the next round dispatched, the merge gate set, the status
 * comment edited, the labels synced, and the run reported.
 */
import * as core from '@actions/core'
import { neutraliseMarkers } from '../ledger/codec.js'
import { settle } from '../loop/machine/lifecycle.js'
import { dispatchFailed, lostSave, nothingStarted, redoAsked } from '../loop/machine/stops.js'
import type { Status } from '../loop/model.js'
import { COMMENT_LIMIT, renderStatusComment } from '../report/index.js'
import { commit, tell } from './commit.js'
import type { Run } from './context.js'
import { errorMessage } from '../shared/errors.js'
import { post } from './conversation.js'
import { postHandover } from './handover.js'
import { LedgerConflict, saveLedger } from './ledger-io.js'
import { syncLabels } from './lifecycle.js'
import { markLostReplies } from './lost.js'
import { markOf, publishMergeGate, runUrl } from './merge-gate.js'
import { STATUS_STARTING } from './reconcile.js'
import { acknowledgeHeld, mustSaveRun, postStatusReply } from './records.js'
import { report } from './report.js'
import { standing } from './step.js'
import { carryBeforeDispatch, settleIntent } from './write-ahead.js'

/** Saves what the run did and reports it. `pushesBefore`/`takenBefore`: the loop's pushes and taken comments before. */
export async function persist(run: Run, pushesBefore: number, takenBefore = 0): Promise<void> {
  const { ledger } = run
  if (ledger.invocations.length === 0 && ledger.gates.length === 0 && !ledger.statusComment) {
    return persistNothingStarted(run, takenBefore)
  }
  const status = commit(run, settle(ledger, run.status))
  const headline = { round: run.round, status, message: run.message }
  // Everything the run posts is recorded before the ledger is saved, so no later run reads it as a command.
  if (!ledger.statusComment || !run.comments.some(c => c.id === ledger.statusComment!.id)) {
    const posted = await post(run, STATUS_STARTING)
    ledger.statusComment = { id: posted.id, author: posted.login }
  }
  if (run.statusAsked)
    await postStatusReply(run, limit =>
      renderStatusComment(ledger, { stateBlock: '', headline, runUrl: runUrl(run.env), limit })
    )
  if (run.status === 'converged' || run.status === 'exited') {
    // Ended by this run. The handover outlives the status comment, which the next invocation edits; it is offered,
    // never asked.
    await postHandover(run)
  }
  settleIntent(run)
  if (!mustSaveRun(run)) {
    // Nothing changed but what the run's records carry (src/run/records.ts): its held reactions are the record.
    await acknowledgeHeld(run)
    if (!mustSaveRun(run)) {
      core.info(`Nothing to save: ledger revision ${ledger.revision} stands`)
      const gate = await publishMergeGate(run, status, pushesBefore, true)
      await syncLabels(run)
      return report(run, status, gate)
    }
  }
  const block = await saved(run)
  if (block === undefined) return report(run, 'blocked')
  await publish(run, { status, headline, block, pushesBefore })
}

/**
 * Nothing started: leave no comment and no ledger behind. A run that still wrote (a reply, a reaction to a command it
 * could not take) is never `ignored`: it says what it did and what would start the loop (issue 14, item 7).
 */
async function persistNothingStarted(run: Run, takenBefore: number): Promise<void> {
  const { ledger } = run
  const replies = ledger.ownComments.length
  const taken = ledger.processedComments.length - takenBefore
  await acknowledgeHeld(run)
  if (replies === 0 && taken <= 0) return report(run, standing(run))
  tell(run, nothingStarted(taken, replies))
  return report(run, 'blocked')
}

/** Saves the ledger and returns its block; undefined when another run's save won the race (the run is blocked). */
async function saved(run: Run): Promise<string | undefined> {
  try {
    return (await saveLedger(run.world.store, run.ledger, run.world.now())).block
  } catch (error) {
    if (!(error instanceof LedgerConflict)) throw error
    // Lost the race: the other run's state stands untouched; a fresh run takes what this one took and lost.
    tell(run, lostSave(error.message))
    await markLostReplies(run, new Set(run.comments.map(c => c.id)))
    await redo(run)
    return undefined
  }
}

/** After a save: the next round asked for, the merge gate set, the status comment edited, the labels synced. */
async function publish(
  run: Run,
  saved: {
    status: Status
    headline: { round?: number; status: Status; message?: string }
    block: string
    pushesBefore: number
  }
): Promise<void> {
  const { ledger, world } = run
  const { status, headline, block, pushesBefore } = saved
  await acknowledgeHeld(run)
  // The next round is asked for before the status comment is edited: the comment says it was started only once
  // GitHub accepted the dispatch (a run stopped in between leaves the comment as it was, and the saved revision owes it).
  if (run.requestNextRound) {
    // A pull_request run's revision is carried by the status comment's block first (src/run/write-ahead.ts).
    await carryBeforeDispatch(run, block)
    await askNextRound(run)
  }
  const final = run.status === 'blocked' ? 'blocked' : status
  // Set before the status comment names the new revision: a comment naming the newest revision proves its gate was set.
  const gate = await publishMergeGate(run, final, pushesBefore)
  const body = renderStatusComment(ledger, {
    stateBlock: block,
    headline:
      run.status === 'blocked'
        ? { ...headline, status: 'blocked', message: run.message }
        : headline,
    limit: COMMENT_LIMIT - 2_000,
    runUrl: runUrl(run.env)
  })
  await world.github.editComment(
    ledger.statusComment!.id,
    neutraliseMarkers(body.slice(0, -block.length)) + markOf(gate, ledger.revision) + block
  )
  await syncLabels(run)
  await report(run, final, gate)
}

/** Dispatches the next round; a workflow file it cannot name or a dispatch GitHub refuses blocks the run, saying so. */
async function askNextRound(run: Run): Promise<void> {
  const { pr } = run
  if (!run.env.workflowFile) return tell(run, dispatchFailed({ workflowFile: false }))
  try {
    await run.world.github.dispatch(run.env.workflowFile, pr.defaultBranch, {
      pr: String(pr.number)
    })
  } catch (error) {
    return tell(run, dispatchFailed({ error: errorMessage(error) }))
  }
  core.info(
    `Next round asked for: ${run.env.workflowFile} on ${pr.defaultBranch} with pr=${pr.number}`
  )
}

/** After a lost save: asks for a fresh run on the default branch, which loads the winner's revision and takes the rest. */
async function redo(run: Run): Promise<void> {
  const file = run.env.workflowFile
  if (run.settings.nextRound !== 'dispatch' || !file) return tell(run, redoAsked('not-asked'))
  const where = { workflowFile: file, branch: run.pr.defaultBranch }
  try {
    await run.world.github.dispatch(file, where.branch, { pr: String(run.pr.number) })
    tell(run, redoAsked(where))
  } catch (error) {
    tell(run, redoAsked({ error: errorMessage(error) }))
  }
}
