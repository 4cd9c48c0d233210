/**
 * Saving ahead of an outward effect (issue 14, item 5): the ledger, with what the run is about to do in `intent`, is
 * saved as a revision of its own before the effect, so a run stopped between the effect and its final save leaves a
 * revision that names it (the gates about to be posted, the commit about to be pushed). The next run takes it up
 * (src/run/take-up.ts). The save is compare-and-swap like every save: a run that lost it carries out nothing.
 */
import * as core from '@actions/core'
import type { Intent } from '../loop/model.js'
import type { Run } from './context.js'
import { statusCommentUrl } from './conversation.js'
import { saveLedger } from './ledger-io.js'

/** The state block at the end of the status comment (src/ledger/codec.ts). */
const BLOCK = /<!-- review-loop:state \{[^<>]*\} -->\s*$/

/**
 * Records `intent` and saves the ledger ahead of the effect; the status comment's block is moved to the new revision
 * (its words stay the last run's), so a run in any cache scope can read it while it fits.
 */
export async function writeAhead(run: Run, intent: Intent): Promise<void> {
  const { ledger, world } = run
  ledger.intent = { ...ledger.intent, ...intent }
  // The status comment exists before a save names it: a run stopped after the save leaves one to carry the block.
  await statusCommentUrl(run)
  const { block } = await saveLedger(world.store, ledger, world.now())
  const what = [
    intent.gates?.length ? `gate(s) ${intent.gates.join(', ')}` : '',
    intent.push ? `fix commit ${intent.push.sha.slice(0, 7)} to ${intent.push.branch}` : ''
  ]
    .filter(Boolean)
    .join(' and ')
  core.info(`Ledger revision ${ledger.revision} saved ahead of posting or pushing ${what}`)
  const id = ledger.statusComment!.id
  const comment = run.comments.find(c => c.id === id)
  if (!comment) return
  const body = `${comment.body.replace(BLOCK, '').replace(/\s+$/, '')}\n\n${block}`
  await world.github.editComment(id, body)
  comment.body = body
}

/** What is still owed of the intent at the run's end: gates recorded without a comment yet; nothing else. */
export function settleIntent(run: Run): void {
  const intent = run.ledger.intent
  if (!intent) return
  const unposted = (intent.gates ?? []).filter(
    id => run.ledger.gates.find(g => g.id === id)?.commentId === undefined
  )
  if (unposted.length > 0) run.ledger.intent = { gates: unposted }
  else delete run.ledger.intent
}
