/**
 * After a lost save (src/run/ledger-io.ts, LedgerConflict): the replies the run posted are marked as not recorded, and a
 * first status comment it posted that the winner's ledger does not name is deleted (two first runs at once, no
 * concurrency group, each post one).
 */
import * as core from '@actions/core'
import type { IssueComment } from '../github/client.js'
import { carriedText, parseLedger } from '../ledger/codec.js'
import { strayStatusComment } from '../loop/take-up.js'
import { lostReplies, NOT_RECORDED } from '../loop/write-ahead.js'
import type { Run } from './context.js'
import { findStatusComment } from './ledger-io.js'
import { STATUS_STARTING } from './reconcile.js'
import { errorMessage } from '../shared/errors.js'

/** The comments on the PR when each run started (noted by `noteStart`, before the run posts anything). */
const atStart = new WeakMap<Run, ReadonlySet<number>>()

/** Notes the comments on the PR as the run loaded them: called once the ledger is loaded, before any effect. */
export function noteStart(run: Run): void {
  if (!atStart.has(run)) atStart.set(run, new Set(run.comments.map(c => c.id)))
}

/**
 * Marks the replies this run posted and deletes its stray first status comment; a failure is a warning (the lost save
 * is already the run's outcome).
 */
export async function markLostReplies(run: Run, seenAtStart: ReadonlySet<number>): Promise<void> {
  const { ledger, world, pr } = run
  const ids = lostReplies({
    own: ledger.ownComments,
    seenAtStart,
    statusComment: ledger.statusComment?.id,
    gateComments: new Set(
      ledger.gates.flatMap(g => (g.commentId === undefined ? [] : [g.commentId]))
    )
  })
  try {
    const now = await world.github.comments(pr.number)
    for (const id of ids) {
      const body = now.find(c => c.id === id)?.body
      if (body === undefined || body.startsWith(NOT_RECORDED)) continue
      await world.github.editComment(id, `${NOT_RECORDED}\n\n${body}`)
    }
    if (ids.length > 0)
      core.info(
        `Marked ${ids.length} repl${ids.length === 1 ? 'y' : 'ies'} of this run as not recorded.`
      )
  } catch (error) {
    core.warning(`This run's replies could not be marked as not recorded: ${errorMessage(error)}`)
  }
  await deleteStrayStatusComment(run)
}

/** How long a loser waits, at most, for the winner's status comment to carry the winner's revision. */
const WINNER_TRIES = 4
const WINNER_WAIT_MS = 1_000

/**
 * The first status comment this run posted, when the winner's ledger names another: deleted, so the PR keeps one status
 * comment. The winner edits its status comment just after its save; a loser checks a few times for it.
 */
async function deleteStrayStatusComment(run: Run): Promise<void> {
  const own = run.ledger.statusComment?.id
  const seen = atStart.get(run)
  if (own === undefined || !seen || seen.has(own)) return
  try {
    for (let attempt = 1; attempt <= WINNER_TRIES; attempt++) {
      const now = await run.world.github.comments(run.pr.number)
      const mine = now.find(c => c.id === own)
      if (!mine) return
      // Carrying a block: a save of this run counted and named it.
      const saved = mine.body !== STATUS_STARTING
      const winners = saved ? undefined : winnersStatusComment(run, now, own)
      // Only once the winner had its time to edit: a newer first status comment (both runs lost), adopted next.
      const last = attempt === WINNER_TRIES
      const newerStarting =
        last &&
        now
          .slice(now.indexOf(mine) + 1)
          .some(c => c.login === run.identity && c.body === STATUS_STARTING)
      const stray = strayStatusComment({ own, seenAtStart: seen, saved, winners, newerStarting })
      if (saved || winners !== undefined || stray !== undefined) {
        if (stray === undefined) return
        await run.world.github.deleteComment(stray)
        core.info(
          winners === undefined
            ? `Deleted this run's first status comment ${stray}: no run won the save, and a newer first status comment stays for the next run.`
            : `Deleted this run's first status comment ${stray}: the run that won the save posted the loop's status comment (${winners}).`
        )
        return
      }
      if (attempt < WINNER_TRIES) await new Promise(done => setTimeout(done, WINNER_WAIT_MS))
    }
    core.info(
      `This run's first status comment ${own} stays: no status comment carrying the winning run's revision was found.`
    )
  } catch (error) {
    core.warning(
      `This run's first status comment ${own} could not be deleted: ${errorMessage(error)}`
    )
  }
}

/** The status comment the winner's ledger names, read from the copy its status comment carries. */
function winnersStatusComment(run: Run, comments: IssueComment[], own: number): number | undefined {
  const found = findStatusComment(
    comments.filter(c => c.id !== own),
    run.identity
  )
  const text = found ? carriedText(found.state) : undefined
  if (!found || text === undefined) return undefined
  try {
    return parseLedger(text, `status comment ${found.comment.id}`, run.pr.number).statusComment?.id
  } catch {
    return undefined
  }
}
