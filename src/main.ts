/** run(): settings -> one step of the loop -> persist -> report. The one place that fails the step. */
import * as core from '@actions/core'
import { Outputs } from './action/constants.js'
import { secretsOf } from './action/crash-guard.js'
import { readTrigger } from './action/event.js'
import { readInputs, type WorkflowInputs } from './action/inputs.js'
import { ignore } from './action/step-output.js'
import { unmentioned } from './report/text.js'
import type { ActiveTrigger, Run, RunEnv, StartedCheckout } from './run/context.js'
import { settled } from './run/repo.js'
import { LedgerConflict } from './run/ledger-io.js'
import { openRun, runEnv } from './run/open-run.js'
import { takeBack } from './run/interrupt.js'
import { persist } from './run/persist.js'
import { report } from './run/report.js'
import { step } from './run/step.js'
import { followThreads } from './run/round-review.js'
import { reconcile } from './run/reconcile.js'
import { takeUp, warnForgedTrailers } from './run/take-up.js'
import { RoundHandedOver } from './run/write-ahead.js'
import { dropSecretInputs } from './sources/command.js'
import { redactText } from './sources/redact.js'
import { keepStepEnvironment } from './action/step-env.js'
import { errorMessage } from './shared/errors.js'

/** Runs one step of the loop for the PR this event is about. */
export async function run(): Promise<void> {
  // Taken before the run drops them from the environment: a failure's message is redacted with them.
  const secrets = secretsOf(process.env)
  try {
    const inputs = readInputs()
    // Read once: the secrets leave the process environment before any child starts (README, "Trust").
    dropSecretInputs()
    keepStepEnvironment()
    const trigger = readTrigger(process.env.GITHUB_EVENT_NAME, process.env.GITHUB_EVENT_PATH)
    if (trigger.kind === 'ignored') return await ignore(trigger.reason)
    await runFor(inputs, trigger, runEnv())
  } catch (error) {
    // A failure's words may carry what a server or a command echoed: the runner masks the log, not the summary, and a
    // mention there would be shown live (the action's own words, paths included, stay exactly as written).
    const message = redactText(errorMessage(error), secrets)
    core.setOutput(Outputs.Status, 'blocked')
    core.setFailed(message)
    await core.summary
      .addRaw(`**review-loop is blocked:** ${unmentioned(message)}\n`)
      .write()
      .catch(() => undefined)
  }
}

async function runFor(inputs: WorkflowInputs, trigger: ActiveTrigger, env: RunEnv): Promise<void> {
  const started: StartedCheckout[] = []
  try {
    const opened = await openRun(inputs, trigger, env, started)
    if (opened) await stepFor(opened)
  } finally {
    // A checkout begun early that the run did not take up (it had nothing to review) ends before the run does.
    await Promise.all(started.map(settled))
  }
}

/** Takes up what an earlier run saved ahead, takes one step of the loop, and persists and reports it. */
async function stepFor(run: Run): Promise<void> {
  const { ledger } = run
  // A revision saved ahead of its run's effects is taken up first: its gates adopted, its pushed commit the loop's.
  await takeUp(run)
  await reconcile(run)
  await warnForgedTrailers(run)
  // The merge gate goes on the commit the loop pushed this run, if it pushed one: told apart by the pushes before.
  const pushesBefore = ledger.ownPushes.length
  const takenBefore = ledger.processedComments.length
  let roundHandedOver = false
  try {
    await step(run)
    await followThreads(run)
  } catch (error) {
    // A save ahead of an effect lost to another run's (nothing was posted or pushed for it): `persist` below saves
    // again, checked the same way, and reports the lost race once, as at a run's end.
    if (error instanceof LedgerConflict) return
    // The round's result was too large to save where this run saves: handed over before any effect, nothing saved.
    if (error instanceof RoundHandedOver) roundHandedOver = true
    else {
      // Any other failure: what the step began and did not show is taken back, and the run saves as blocked.
      takeBack(run)
      throw error
    }
  } finally {
    // (`blocked` when GitHub refused the hand-over's dispatch: nothing saved either way.)
    if (roundHandedOver) await report(run, run.status === 'blocked' ? 'blocked' : 'continue')
    else await persist(run, pushesBefore, takenBefore)
  }
}
