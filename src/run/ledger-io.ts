/** Finds the PR's ledger (store and status comment) and saves it back; never starts over on a state it cannot find. */
import * as core from '@actions/core'
import type { IssueComment } from '../github/client.js'
import type { LedgerStore } from '../ledger/store.js'
import {
  carriedText,
  LedgerError,
  parseLedger,
  readStateBlock,
  serializeLedger,
  stateBlock,
  type CarriedState
} from '../ledger/codec.js'
import type { Ledger } from '../loop/model.js'

/** The state that could be found. */
export interface Loaded {
  ledger: Ledger | undefined
  /** The action's status comment, when one exists. */
  statusComment?: IssueComment
}

/** How every status comment begins (rendered by src/report/status-comment.ts). */
export const STATUS_HEADING = '### Review loop'

/**
 * The action's own status comment: the newest comment by the token's login that is shaped like one (the status heading
 * first, the state block at the very end). Gate comments and replies are never candidates.
 */
export function findStatusComment(
  comments: IssueComment[],
  identity: string
): { comment: IssueComment; state: CarriedState } | undefined {
  for (const comment of [...comments].reverse()) {
    if (comment.login !== identity || !comment.body.startsWith(STATUS_HEADING)) continue
    const state = readStateBlock(comment.body)
    if (state) return { comment, state }
  }
  return undefined
}

/**
 * Loads the newest ledger from the store and the status comment's copy, whichever has the higher revision.
 * A status comment naming a revision that neither holds stops the loop with a LedgerError: it never starts over.
 */
export async function loadLedger(
  store: LedgerStore,
  comments: IssueComment[],
  identity: string,
  pr: number
): Promise<Loaded> {
  const found = findStatusComment(comments, identity)
  const want = found?.state.revision
  // The revision the comment names, and the newest visible one: a run that saved but failed before editing the
  // comment left a newer revision than the comment says.
  const stored = [await store.load(want), want === undefined ? undefined : await store.load()]
  const candidates: { ledger: Ledger; origin: string }[] = []
  for (const copy of stored) {
    if (copy)
      candidates.push({ ledger: parseLedger(copy.text, copy.origin, pr), origin: copy.origin })
  }
  if (found) {
    const text = carriedText(found.state)
    if (text) {
      try {
        candidates.push({
          ledger: parseLedger(text, `the status comment ${found.comment.url}`, pr),
          origin: 'status comment'
        })
      } catch (error) {
        core.warning(`The copy in the status comment is unusable: ${(error as Error).message}`)
      }
    }
  }
  candidates.sort((a, b) => b.ledger.revision - a.ledger.revision)
  const best = candidates[0]
  if (want !== undefined && (!best || best.ledger.revision < want)) {
    const storedRevision = candidates.find(c => c.origin !== 'status comment')?.ledger.revision
    const storeSays =
      storedRevision !== undefined
        ? `the ${store.describe} holds only revision ${storedRevision}`
        : `the ${store.describe} has no copy visible to this run (cache entries unused for 7 days are evicted, and a run sees only its own ref's and the default branch's entries)`
    const commentSays = found!.state.gz
      ? ''
      : ', and the status comment carries no copy because the ledger grew too large for a comment'
    throw new LedgerError(
      `This PR's loop is at ledger revision ${want} (named by the status comment ${found!.comment.url}), but no copy of that revision can be found: ${storeSays}${commentSays}. ` +
        'Nothing was changed and the loop did not start over. Re-run the workflow run that saved that revision; if it is gone for good, delete the status comment: the loop then goes on from the newest copy the store still holds, or starts afresh when it holds none.'
    )
  }
  if (best) core.info(`Ledger revision ${best.ledger.revision} loaded from ${best.origin}`)
  return { ledger: best?.ledger, statusComment: found?.comment }
}

/** Bumps the revision and saves to the store; returns the text and the state block for the status comment. */
export async function saveLedger(
  store: LedgerStore,
  ledger: Ledger,
  now: string
): Promise<{ text: string; block: string }> {
  ledger.revision += 1
  ledger.updatedAt = now
  const text = serializeLedger(ledger)
  const block = stateBlock(text, ledger.revision)
  try {
    await store.save(text, ledger.revision)
  } catch (error) {
    // The status comment's copy keeps the state when it fits; without it, losing the save would lose the loop.
    if (!block.includes('"gz"')) throw error
    core.warning(
      `${(error as Error).message} The status comment carries this revision, so the loop goes on.`
    )
  }
  return { text, block }
}
