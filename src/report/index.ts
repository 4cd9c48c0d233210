/** The report module's public face: everything people read, rendered from the ledger. */
export { renderRoundTrace } from './trace.js'
export { renderSummary, type SummaryInput } from './summary.js'
export { renderStatusComment, type StatusCommentInput } from './status-comment.js'
export { renderGateComment } from './gate-comment.js'
export { NOTHING_TO_HAND_OVER, renderExitHandover } from './exit-handover.js'
export {
  renderGateAnswerAck,
  renderGateAnswerRefused,
  renderUnauthorizedReply,
  renderUnknownCommandReply
} from './replies.js'
export { FREE_EXIT_NOTICE, statusWords, type RunHeadline } from './headline.js'
export { COMMENT_LIMIT, SUMMARY_LIMIT_BYTES } from './text.js'
