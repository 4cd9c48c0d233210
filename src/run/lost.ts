/** After a lost save (src/run/ledger-io.ts, LedgerConflict): the replies the run posted are marked as not recorded. */
import * as core from '@actions/core'
import { lostReplies, NOT_RECORDED } from '../loop/write-ahead.js'
import type { Run } from './context.js'

/** Marks the replies this run posted; a failure to mark is a warning (the lost save is already the run's outcome). */
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
  if (ids.length === 0) return
  try {
    const now = await world.github.comments(pr.number)
    for (const id of ids) {
      const body = now.find(c => c.id === id)?.body
      if (body === undefined || body.startsWith(NOT_RECORDED)) continue
      await world.github.editComment(id, `${NOT_RECORDED}\n\n${body}`)
    }
    core.info(
      `Marked ${ids.length} repl${ids.length === 1 ? 'y' : 'ies'} of this run as not recorded.`
    )
  } catch (error) {
    core.warning(
      `This run's replies could not be marked as not recorded: ${(error as Error).message}`
    )
  }
}
