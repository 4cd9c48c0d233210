/** The pull request's one status comment: where the loop stands, open questions, the latest trace, the state block last. */
import { neutraliseMarkers } from '../ledger/codec.js'
import type { Gate, Ledger } from '../loop/model.js'
import { renderResidualsParagraph } from './completion.js'
import { earlierBlock, fitPage, type Measure } from './fit.js'
import {
  currentInvocation,
  currentRound,
  openGates,
  renderAnnouncement,
  statusExplanation,
  statusWords,
  type RunHeadline
} from './headline.js'
import { codeSpan, COMMENT_LIMIT, listWords, relayedInline } from './text.js'
import { renderRoundTrace } from './trace.js'
import { renderOnDiffParagraph } from './review-links.js'

/** What the status comment is rendered from besides the ledger. */
export interface StatusCommentInput {
  /** The HTML comment carrying the loop's state; appended verbatim at the very end, never cut. */
  stateBlock: string
  headline: RunHeadline
  /** The character budget; GitHub's comment limit by default. */
  limit?: number
  /** The run's page: what was cut here is linked to its job summary. */
  runUrl?: string
}

/** Characters as posted: relayed text has its comment markers broken, which lengthens it. */
const measurePosted: Measure = text => neutraliseMarkers(text).length

const MAX_LISTED_GATES = 20

/** One open question: its link, what it is about, and how to answer it. */
function gateItem(gate: Gate, ledger: Ledger): string {
  const link =
    gate.commentId !== undefined ? `[${gate.id}](#issuecomment-${gate.commentId})` : gate.id
  // Each finding links to its thread on the diff, where it has one.
  const ids = gate.findings.map(id => {
    const url = ledger.findings.find(f => f.id === id)?.thread?.url
    return url ? `[${id}](${url})` : id
  })
  const about = gate.findings.length > 0 ? `, on ${listWords(ids)}` : ''
  const keys = gate.options.map(o => codeSpan(o.key))
  const choices = keys.length > 0 ? `, where the option is ${listWords(keys, 'or')}` : ''
  const ownWords = gate.open
    ? keys.length > 0
      ? ', or answer in your own words'
      : ' and your answer in your own words'
    : ''
  return `- ${link} (round ${gate.round}${about}): ${relayedInline(gate.question, 300)}\n  Answer with ${codeSpan(`/review-loop ${gate.id} <option>`)}${choices}${ownWords}.`
}

/** The questions waiting for an answer, bounded so the list itself can never crowd out the trace. */
function gatesSection(ledger: Ledger): string {
  const gates = openGates(ledger)
  if (gates.length === 0) return ''
  const items = gates.slice(0, MAX_LISTED_GATES).map(g => gateItem(g, ledger))
  const rest = gates.length - MAX_LISTED_GATES
  if (rest > 0) items.push(`- …and ${rest} more, each in its own comment on this pull request.`)
  return `**Waiting for an answer**\n\n${items.join('\n')}`
}

/**
 * The status comment's body as it is posted, at most 65,536 characters (the budget): everything above the state block
 * has its comment markers broken, so nothing relayed can pose as state, and the state block ends it exactly as given.
 */
export function renderStatusComment(ledger: Ledger, input: StatusCommentInput): string {
  const { headline } = input
  const round = currentRound(ledger, headline.round)
  const invocation = currentInvocation(ledger, round)
  const head = [
    `### Review loop: ${statusWords(ledger, headline)}`,
    statusExplanation(ledger, headline),
    invocation ? renderResidualsParagraph(ledger, invocation) : '',
    gatesSection(ledger),
    round ? renderOnDiffParagraph(ledger, round) : ''
  ]
  if (!round) head.push('No review round has run yet.')
  const tail = invocation
    ? `**About this review**\n\n${renderAnnouncement(ledger, invocation)}\n\n${input.stateBlock}`
    : input.stateBlock
  const earlier = ledger.rounds
    .filter(r => r.n !== round?.n)
    .sort((a, b) => b.n - a.n)
    .map(r => ({ n: r.n, block: earlierBlock(ledger, r) }))
  const whereFull = input.runUrl
    ? `[the job summary of the latest run](${input.runUrl})`
    : 'the job summary of the latest run'
  const text = fitPage(
    {
      head: head.filter(p => p !== '').join('\n\n'),
      currentHeading: round ? `**Latest round: ${round.n}**` : '',
      current: round ? renderRoundTrace(ledger, round) : undefined,
      earlierHeading: '**Earlier rounds**',
      earlier,
      tail,
      whereFull
    },
    measurePosted,
    input.limit ?? COMMENT_LIMIT
  )
  const block = input.stateBlock
  return block === ''
    ? neutraliseMarkers(text)
    : neutraliseMarkers(text.slice(0, -block.length)) + block
}
