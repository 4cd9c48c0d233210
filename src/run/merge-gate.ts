/** The merge gate: the loop's state as a commit status on the head branch protection evaluates, so it can be required. */
import * as core from '@actions/core'
import type { Ledger, Status } from '../loop/model.js'
import { currentInvocation, currentRound, openGates } from '../report/headline.js'
import { clip, listWords, oneLine, shortSha } from '../report/text.js'
import { cycleWords } from '../report/trace.js'
import type { Run, RunEnv } from './context.js'

/** The commit status context branch protection requires. */
export const MERGE_GATE_CONTEXT = 'review-loop'

/** GitHub refuses a commit status description longer than this. */
export const DESCRIPTION_LIMIT = 140

/** A commit status state, as GitHub names them. */
export type GateState = 'pending' | 'success' | 'failure' | 'error'

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
}

/** Outcomes that leave a finding open at the end: undecided, or deferred (the exit handover's residuals). */
const OPEN_KINDS = new Set(['pending', 'carried'])

/** The findings of the loop's latest invocation still open: undecided or deferred. */
export function openFindings(ledger: Ledger): string[] {
  const invocation = currentInvocation(ledger)
  const rounds = new Set(
    ledger.rounds.filter(r => !invocation || r.invocation === invocation.n).map(r => r.n)
  )
  return ledger.findings
    .filter(f => rounds.has(f.round) && OPEN_KINDS.has(f.outcome.kind))
    .map(f => f.id)
}

/** A short list of IDs that fits a description: "F4, F7 and 3 more". */
function someIds(ids: string[], max = 4): string {
  if (ids.length <= max) return listWords(ids)
  return `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`
}

/**
 * The gate for where the loop stands: pending while a review or an answer is owed, success on convergence (or an exit
 * with nothing left open), failure on a round with no review or an exit with findings open, error when blocked.
 * Undefined when the run had nothing to do with the loop.
 */
export function mergeGateFor(
  ledger: Ledger,
  headline: { round?: number; status: Status; message?: string }
): MergeGate | undefined {
  const round = currentRound(ledger, headline.round)
  const ended = currentInvocation(ledger, round)?.ended
  const gate = (state: GateState, text: string): MergeGate => ({
    state,
    description: clip(oneLine(text), DESCRIPTION_LIMIT)
  })
  switch (headline.status) {
    case 'ignored':
      return undefined
    case 'continue': {
      const owed = ledger.owed
      return gate(
        'pending',
        owed
          ? `A review is owed: ${cycleWords(owed.reason)} of ${shortSha(owed.head)}`
          : 'A next round is owed'
      )
    }
    case 'awaiting-decision': {
      const ids = openGates(ledger).map(g => g.id)
      return gate(
        'pending',
        ids.length > 0 ? `Waiting for an answer to ${someIds(ids)}` : 'Waiting for an answer'
      )
    }
    case 'converged': {
      // Converged with a stacked layer not yet in the PR's branch: the approval covers both, never the PR alone.
      const layer = currentInvocation(ledger, round)?.stacked
      if (layer && layer.head !== layer.cut) {
        const which = layer.pr ? `#${layer.pr}` : layer.branch
        return gate('pending', `Converged with the stacked layer ${which}: merge ${which} first`)
      }
      return gate(
        'success',
        ended ? `Converged on round ${ended.round}: ${ended.reason}` : 'Converged'
      )
    }
    case 'no-review': {
      const asks = openGates(ledger).find(g => g.kind === 'no-review')
      const which = round ? `Round ${round.n}` : 'The round'
      return gate(
        'failure',
        `${which} produced no review${asks ? `; ${asks.id} asks whether to retry, switch source or stop` : ''}`
      )
    }
    case 'exited': {
      const open = openFindings(ledger)
      const after = ended ? ` after round ${ended.round}` : ''
      return open.length > 0
        ? gate(
            'failure',
            `Ended${after} with ${open.length} ${open.length === 1 ? 'finding' : 'findings'} open: ${someIds(open)}`
          )
        : gate('success', `Ended${after} with nothing left open`)
    }
    case 'blocked':
      return gate('error', `Blocked: ${headline.message ?? 'see the run for what must change'}`)
  }
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
 * report says so.
 */
export async function publishMergeGate(
  run: Run,
  status: Status,
  pushesBefore: number
): Promise<MergeGateReport | undefined> {
  const gate = mergeGateFor(run.ledger, { round: run.round, status, message: run.message })
  if (!gate) return undefined
  const report: MergeGateReport = {
    ...gate,
    context: MERGE_GATE_CONTEXT,
    sha: gateHead(run, pushesBefore),
    targetUrl: runUrl(run.env),
    published: false
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
    report.problem = (error as Error).message
    core.warning(
      `The merge gate could not be set, so branch protection that requires ${report.context} does not see this run: ${report.problem}. The loop itself went on.`
    )
  }
  return report
}
