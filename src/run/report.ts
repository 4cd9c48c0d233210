/** A run's end as the runner shows it: the step's outputs, the job summary, and the step failed when it is blocked. */
import * as core from '@actions/core'
import { setOutputs, writeSummary } from '../action/step-output.js'
import type { Status } from '../loop/model.js'
import { FULL_TRACE_GROUP, renderFullTrace, renderSummaryParts } from '../report/summary.js'
import type { Run } from './context.js'
import type { MergeGateReport } from './merge-gate.js'

/** Sets the step's outputs and writes its summary for a run that ended with `status`. */
export async function report(run: Run, status: Status, mergeGate?: MergeGateReport): Promise<void> {
  const open = run.ledger.gates.filter(g => g.status === 'open').map(g => g.id)
  setOutputs(status, run.round ?? (run.ledger.counters.round || undefined), run.verdict, open)
  const summary = renderSummaryParts(run.ledger, {
    thisRun: { round: run.round, status, message: run.message },
    mergeGate
  })
  await writeSummary(summary.text)
  if (!summary.complete) {
    // The summary had to leave traces out to stay under 1 MiB: the log keeps every round whole.
    core.startGroup(FULL_TRACE_GROUP)
    core.info(renderFullTrace(run.ledger))
    core.endGroup()
  }
  if (status === 'blocked') core.setFailed(run.message ?? 'review-loop is blocked')
}
