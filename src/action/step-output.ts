/**
 * What a step reports of itself (its outputs and the job summary), and the answer to an event the loop does not act on,
 * given by the entry point before the rest of the action loads (src/index.ts): such a run starts as fast as it can.
 */
import * as core from '@actions/core'
import { Outputs } from './constants.js'
import { readTrigger } from './event.js'
import { readInputs } from './inputs.js'
import type { Status } from '../loop/model.js'
import { errorMessage } from '../shared/errors.js'

export function setOutputs(
  status: Status,
  round: number | undefined,
  verdict: string | undefined,
  openGates: string[]
): void {
  core.setOutput(Outputs.Status, status)
  core.setOutput(Outputs.Round, round === undefined ? '' : String(round))
  core.setOutput(Outputs.Verdict, verdict ?? '')
  core.setOutput(Outputs.OpenGates, openGates.join(' '))
}

/**
 * Writes the job summary. Without one to write to (GITHUB_STEP_SUMMARY unset or unwritable, as under a local runner
 * whose `.env` leaves it out) the run goes on and says so: what the step did stands, and the log holds the trace.
 */
export async function writeSummary(text: string): Promise<void> {
  try {
    await core.summary.addRaw(text).write()
  } catch (error) {
    core.summary.emptyBuffer()
    const why = errorMessage(error)
    core.warning(
      `The job summary was not written (${why}). Set GITHUB_STEP_SUMMARY to a writable file to have it; the round's trace is in the status comment and this log.`
    )
    core.startGroup('Summary (not written to the job summary)')
    core.info(text)
    core.endGroup()
  }
}

/** Says why the run does nothing, in the log, the outputs and the job summary. */
export async function ignore(reason: string): Promise<void> {
  core.info(`Nothing for review-loop: ${reason}`)
  setOutputs('ignored', undefined, undefined, [])
  await writeSummary(`review-loop: nothing to do (${reason}).\n`)
}

/**
 * Answers an event the loop does not handle (the inputs read as the run would, then the event) and returns true; false
 * for any other, and for inputs or an event the run must report as wrong (src/main.ts does, as before).
 */
export async function answeredIgnoredEvent(): Promise<boolean> {
  try {
    readInputs()
    const trigger = readTrigger(process.env.GITHUB_EVENT_NAME, process.env.GITHUB_EVENT_PATH)
    if (trigger.kind !== 'ignored') return false
    await ignore(trigger.reason)
    return true
  } catch {
    return false
  }
}
