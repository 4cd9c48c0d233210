/** The job summary: where the loop stands, the invocation's facts, this run's round, earlier rounds collapsed. */
import type { Ledger } from '../loop/model.js'
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
import { SUMMARY_LIMIT_BYTES } from './text.js'
import { renderRoundTrace } from './trace.js'

/** What the job summary is rendered from besides the ledger. */
export interface SummaryInput {
  thisRun: RunHeadline
  /** The byte budget; below GitHub's 1 MiB by default, leaving room for anything else the step writes. */
  limitBytes?: number
}

const DEFAULT_BUDGET = SUMMARY_LIMIT_BYTES - 16 * 1024

/** The job summary in Markdown, kept under the 1 MiB limit by leaving out the oldest rounds first. */
export function renderSummary(ledger: Ledger, input: SummaryInput): string {
  const { thisRun } = input
  const round = currentRound(ledger, thisRun.round)
  const invocation = currentInvocation(ledger, round)

  const head = [
    `## Review loop: ${statusWords(ledger, thisRun)}`,
    statusExplanation(ledger, thisRun)
  ]
  if (invocation) {
    head.push(invocationLine(ledger, invocation))
    // The reach property is standing: said when the invocation starts and again at convergence only.
    const saysReach =
      round === undefined || round.n === invocation.firstRound || thisRun.status === 'converged'
    head.push(
      saysReach ? `${sourceLine(invocation)} ${reachSentence(invocation)}` : sourceLine(invocation)
    )
  }
  if (round?.intent) {
    head.push(
      renderIntentSection(round.intent, {
        round: round.n,
        firstOfInvocation: invocation === undefined || invocation.firstRound === round.n
      })
    )
  }
  if (thisRun.status === 'converged' || thisRun.status === 'exited')
    head.push(renderExitHandover(ledger))
  if (!round) head.push('No review round has run yet.')

  const earlier = ledger.rounds
    .filter(r => r.n !== round?.n)
    .sort((a, b) => b.n - a.n)
    .map(r => ({ n: r.n, block: earlierBlock(ledger, r) }))

  return fitPage(
    {
      head: head.join('\n\n'),
      currentHeading: round
        ? `### Round ${round.n}${thisRun.round === round.n ? ' (this run)' : ' (latest)'}`
        : '',
      current: round ? renderRoundTrace(ledger, round) : undefined,
      earlierHeading: '### Earlier rounds',
      earlier,
      tail: `<sub>Ledger revision ${ledger.revision}, updated ${ledger.updatedAt}.</sub>`,
      whereFull:
        "the job summaries of the runs that worked on those rounds, and in the loop's ledger, which keeps every round"
    },
    measureBytes,
    input.limitBytes ?? DEFAULT_BUDGET
  )
}
