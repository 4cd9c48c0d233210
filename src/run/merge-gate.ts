/** The merge gate: the loop's state as a commit status on the head branch protection evaluates, so it can be required. */
import * as core from '@actions/core'
import { mergeGateOf, type GateState } from '../loop/merge-gate.js'
import type { Ledger, Round, Status } from '../loop/model.js'
import { clip, oneLine } from '../report/text.js'
import type { Run, RunEnv } from './context.js'
import { mustSetGate } from '../loop/records.js'
import { gateMark } from './gate-mark.js'
import { loadedFacts, newerSaved } from './ledger-io.js'
import { errorMessage } from '../shared/errors.js'

/** The commit status context branch protection requires. */
export const MERGE_GATE_CONTEXT = 'review-loop'

/** GitHub refuses a commit status description longer than this. */
export const DESCRIPTION_LIMIT = 140

export type { GateState } from '../loop/merge-gate.js'
export { openFindings } from '../loop/merge-gate.js'

/** What the gate says: its state and why, in at most 140 characters. */
export interface MergeGate {
  state: GateState
  description: string
}

/** What this run did with the gate: where it was set, or why it could not be. */
export interface MergeGateReport extends MergeGate {
  context: string
  sha: string
  targetUrl: string
  published: boolean
  /** Why GitHub refused it (the token lacks `statuses: write`, the commit is gone). */
  problem?: string
  /** Not set again: the status comment proves it is set so already (src/loop/records.ts, `mustSetGate`). */
  already?: boolean
}

/**
 * The mark the status comment naming `revision` carries once the gate is set (nothing when it was not): the next run's
 * proof.
 */
export function markOf(report: MergeGateReport | undefined, revision: number): string {
  return report?.published ? gateMark(report, revision) : ''
}

/** The head the ledger last stood on: the newest round's landed commit, else its head, else the invocation's. */
function latestHead(ledger: Ledger): string {
  const round = ledger.rounds.reduce<Round | undefined>(
    (a, r) => (a && a.n > r.n ? a : r),
    undefined
  )
  return round?.landing?.commit ?? round?.head ?? ledger.invocations.at(-1)?.head ?? ''
}

/**
 * The gate for where the loop stands on `head` (the pure decision is `mergeGateOf`, src/loop/merge-gate.ts), its
 * reason kept within GitHub's 140 characters. Undefined when the run had nothing to do with the loop.
 */
export function mergeGateFor(
  ledger: Ledger,
  headline: { round?: number; status: Status; message?: string },
  head: string = latestHead(ledger)
): MergeGate | undefined {
  const decision = mergeGateOf(ledger, { ...headline, head })
  if (!decision) return undefined
  return { state: decision.state, description: clip(oneLine(decision.reason), DESCRIPTION_LIMIT) }
}

/**
 * The head branch protection evaluates after this run: the commit the loop pushed to the PR branch this run, else the
 * head the run found. A stacked layer's commit is not the PR's head.
 */
export function gateHead(run: Run, pushesBefore: number): string {
  const pushed = new Set(run.ledger.ownPushes.slice(pushesBefore))
  if (pushed.size > 0) {
    for (const round of [...run.ledger.rounds].reverse()) {
      const landing = round.landing
      if (landing?.path === 'head' && landing.commit && pushed.has(landing.commit))
        return landing.commit
    }
  }
  return run.pr.headSha
}

/** The run's page, where the gate's details link to. */
export function runUrl(env: RunEnv): string {
  return `${env.serverUrl}/${env.owner}/${env.repo}/actions/runs/${env.runId}`
}

/**
 * Sets the gate on the head. A token that may not set commit statuses does not fail the run: it is a warning, and the
 * report says so. A run that saved nothing took no compare-and-swap, so before it sets a gate it checks that no other
 * run saved a newer revision since its load (that run sets the gate of what it saved; this one's would be older).
 */
export async function publishMergeGate(
  run: Run,
  status: Status,
  pushesBefore: number,
  savedNothing = false
): Promise<MergeGateReport | undefined> {
  const sha = gateHead(run, pushesBefore)
  const gate = mergeGateFor(run.ledger, { round: run.round, status, message: run.message }, sha)
  if (!gate) return undefined
  const report: MergeGateReport = {
    ...gate,
    context: MERGE_GATE_CONTEXT,
    sha,
    targetUrl: runUrl(run.env),
    published: false
  }
  const loaded = loadedFacts(run.ledger)
  if (
    !mustSetGate({
      namesNewest: loaded?.namesNewest ?? false,
      mark: loaded?.gateMark,
      expected: gateMark(report, loaded?.revision ?? -1)
    })
  ) {
    core.info(
      `Merge gate: ${report.context} is ${report.state} on ${report.sha} already (the status comment says so): ${report.description}`
    )
    return { ...report, published: true, already: true }
  }
  const newer = savedNothing ? await newerSaved(run.world.store, run.ledger) : undefined
  if (newer !== undefined) {
    core.info(
      `Merge gate not set: another run saved ledger revision ${newer} since this run loaded revision ${run.ledger.revision}; that run sets the gate for what it saved.`
    )
    return undefined
  }
  try {
    await run.world.github.createCommitStatus(report.sha, {
      state: report.state,
      context: report.context,
      description: report.description,
      targetUrl: report.targetUrl
    })
    report.published = true
    core.info(
      `Merge gate: ${report.context} is ${report.state} on ${report.sha}: ${report.description}`
    )
  } catch (error) {
    report.problem = errorMessage(error)
    core.warning(
      `The merge gate could not be set, so branch protection that requires ${report.context} does not see this run: ${report.problem}. The loop itself went on.`
    )
  }
  return report
}
