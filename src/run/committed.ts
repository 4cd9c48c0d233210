/**
 * Suggestions the author committed (docs/review.md, src/loop/machine/held.ts `recordCommitted`): after the author's
 * push, each finding that waited at an open gate with its fix shown as a suggestion on the diff has its file read where
 * the suggestion was shown and at the new head; the transition decides which the author applied.
 */
import { recordCommitted, suggestionsShown, type SuggestionRead } from '../loop/machine/held.js'
import type { Round } from '../loop/model.js'
import type { Run } from './context.js'
import { fileOrGone } from './held-gates.js'
import { perform } from './perform.js'
import { fileAt, type FileAt } from './repo.js'

/** Records, in `round` (the review of the author's new head), the suggestions the author committed. */
export async function settleCommittedSuggestions(run: Run, round: Round): Promise<void> {
  const read: SuggestionRead[] = []
  const at = (sha: string, file: string) => fileAt(run, sha, file)
  const text = (a: FileAt | undefined) => (a?.kind === 'text' ? a.text : undefined)
  for (const s of suggestionsShown(run.ledger, round.n)) {
    const why = `whether the author committed the suggested fix of ${s.finding}`
    // Where it was shown, undefined when the author's force push took that head; the head reviewed now is in the
    // checkout, so a failure to read it is git's, and throws.
    const before = text(await fileOrGone(run, s.head, s.file, at, why))
    const after = text(await fileOrGone(run, round.head, s.file, at, why))
    read.push({
      ...s,
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {})
    })
  }
  await perform(run, recordCommitted(run.ledger, round.n, read))
}
