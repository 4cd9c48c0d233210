/** The job summary: where the loop stands, the invocation's facts, this run's round, earlier rounds collapsed. */
import type { Ledger } from '../loop/model.js'
import { renderFindingsChart } from './chart.js'
import { renderCompletionReport } from './completion.js'
import { renderExitHandover } from './exit-handover.js'
import { renderIntentSection } from './intent.js'
import { earlierBlock, fitPage, measureBytes } from './fit.js'
import {
  currentInvocation,
  currentRound,
  invocationLine,
  reachSentence,
  sourceLine,
  statusExplanation,
  statusWords,
  type RunHeadline
} from './headline.js'
import { codeSpan, oneLine, shortSha, SUMMARY_LIMIT_BYTES } from './text.js'
import { renderRoundTrace } from './trace.js'
import { renderReviewLine } from './review-links.js'

/** What this run did with the merge gate (the commit status branch protection can require). */
export interface MergeGateLine {
  context: string
  state: string
  description: string
  sha: string
  published: boolean
  /** Why it could not be set. */
  problem?: string
}

/** What the job summary is rendered from besides the ledger. */
export interface SummaryInput {
  thisRun: RunHeadline
  /** The merge gate as this run left it; absent when the run set none. */
  mergeGate?: MergeGateLine
  /** The byte budget; below GitHub's 1 MiB by default, leaving room for anything else the step writes. */
  limitBytes?: number
}

/** The group of the step's log that holds every round's trace when the summary cannot. */
export const FULL_TRACE_GROUP = "Every round's trace"

/** The merge gate in one sentence: its state on the head, or that it could not be set and why. */
export function mergeGateSentence(gate: MergeGateLine): string {
  const on = `${codeSpan(gate.context)} on ${codeSpan(shortSha(gate.sha))}`
  const why = oneLine(gate.description)
  if (gate.published) return `**Merge gate**: ${on} is **${gate.state}**: ${why}`
  return `**Merge gate not set**: ${on} would be **${gate.state}** (${why}), but GitHub refused it: ${oneLine(gate.problem ?? 'no reason given')}. Branch protection that requires ${codeSpan(gate.context)} does not see this run; give the workflow \`statuses: write\`.`
}

/** Every round's trace, oldest first: what the step's log carries when the summary has to leave rounds out. */
export function renderFullTrace(ledger: Ledger): string {
  return [...ledger.rounds]
    .sort((a, b) => a.n - b.n)
    .map(r => renderRoundTrace(ledger, r))
    .join('\n\n')
}

const DEFAULT_BUDGET = SUMMARY_LIMIT_BYTES - 16 * 1024

/** The job summary in Markdown, kept under the 1 MiB limit by leaving out the oldest rounds first. */
export function renderSummary(ledger: Ledger, input: SummaryInput): string {
  return renderSummaryParts(ledger, input).text
}

/** The job summary, and whether it holds every round's trace whole (when not, the step's log must). */
export function renderSummaryParts(
  ledger: Ledger,
  input: SummaryInput
): { text: string; complete: boolean } {
  const { thisRun } = input
  const round = currentRound(ledger, thisRun.round)
  const invocation = currentInvocation(ledger, round)

  const head = [
    `## Review loop: ${statusWords(ledger, thisRun)}`,
    statusExplanation(ledger, thisRun)
  ]
  if (input.mergeGate) head.push(mergeGateSentence(input.mergeGate))
  if (invocation) {
    head.push(invocationLine(ledger, invocation))
    // The reach property is standing: said when the invocation starts and again at convergence only (once the
    // invocation has ended, by the completion report).
    const saysReach =
      round === undefined ||
      round.n === invocation.firstRound ||
      (thisRun.status === 'converged' && !invocation.ended)
    head.push(
      saysReach ? `${sourceLine(invocation)} ${reachSentence(invocation)}` : sourceLine(invocation)
    )
  }
  if (round?.onDiff?.url) head.push(renderReviewLine(round))
  const chart = renderFindingsChart(ledger)
  if (chart) head.push(chart)
  if (round?.intent) {
    head.push(
      renderIntentSection(round.intent, {
        round: round.n,
        firstOfInvocation: invocation === undefined || invocation.firstRound === round.n
      })
    )
  }
  if (thisRun.status === 'converged' || thisRun.status === 'exited') {
    if (invocation?.ended) head.push(renderCompletionReport(ledger, invocation, input))
    head.push(renderExitHandover(ledger))
  }
  if (!round) head.push('No review round has run yet.')

  const earlier = ledger.rounds
    .filter(r => r.n !== round?.n)
    .sort((a, b) => b.n - a.n)
    .map(r => ({ n: r.n, block: earlierBlock(ledger, r) }))

  const page = {
    head: head.join('\n\n'),
    currentHeading: round
      ? `### Round ${round.n}${thisRun.round === round.n ? ' (this run)' : ' (latest)'}`
      : '',
    current: round ? renderRoundTrace(ledger, round) : undefined,
    earlierHeading: '### Earlier rounds',
    earlier,
    tail: `<sub>Ledger revision ${ledger.revision}, updated ${ledger.updatedAt}.</sub>`,
    whereFull: `the job summaries of the runs that worked on those rounds, in the loop's ledger, and whole in this run's log (the group “${FULL_TRACE_GROUP}”)`
  }
  const text = fitPage(page, measureBytes, input.limitBytes ?? DEFAULT_BUDGET)
  return { text, complete: text === fitPage(page, measureBytes, Number.POSITIVE_INFINITY) }
}
