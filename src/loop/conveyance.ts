/**
 * What may reach the reviewer besides the intent bundle (seed 004's Conveyance boundary). A CLI source reads the
 * checkout and its history, so a fix commit's message is conveyance too: it says that it is the loop's fix commit for a
 * round and where the trace is, never a finding's words, an ID list or what became of a finding.
 */

/** The message of the loop's fix commit for `round`: what it is, and the address of the status comment. */
export function fixCommitMessage(round: number, statusUrl: string): string {
  return [
    `review-loop: fix commit for round ${round}`,
    '',
    `What this round found and did is in the review-loop status comment: ${statusUrl}`
  ].join('\n')
}
