/**
 * Saving ahead of an outward effect (issue 14, item 5): the ledger, with what the run is about to do in `intent`, is
 * saved as a revision of its own before the effect, so a run stopped between the effect and its final save leaves a
 * revision that names it (the gates about to be posted, the commit about to be pushed). The next run takes it up
 * (src/run/take-up.ts). The save is compare-and-swap like every save: a run that lost it carries out nothing.
 */
import * as core from '@actions/core'
import { carriedSize, MAX_CARRIED_COPY, serializeLedger } from '../ledger/codec.js'
import { handOffAfterReview } from '../ledger/revisions.js'
import type { Intent, Ledger } from '../loop/model.js'
import { handedOver, handOverRefused } from '../loop/machine/stops.js'
import { attemptOf, mergeIntent, savedByOther } from '../loop/take-up.js'
import { tell } from './commit.js'
import type { Run } from './context.js'
import { statusCommentUrl } from './conversation.js'
import { loadedFacts, saveLedger } from './ledger-io.js'
import { STATUS_STARTING } from './reconcile.js'
import { loadedReadableByDefault } from './scope.js'
import { errorMessage } from '../shared/errors.js'

/**
 * Thrown by `writeAhead` when the round was handed to a run on the default branch instead (its result would not fit
 * the status comment): the step stops before any effect, and the run saves nothing (`persist` reports the hand-off).
 */
export class RoundHandedOver extends Error {
  override name = 'RoundHandedOver'
}

/** Runs whose round's place was decided already (`handOffBeforeEffects`): it is decided once, before any effect. */
const decided = new WeakSet<Run>()

/** Per run: its ledger as it stood before its round's result (`keepBeforeRound`). */
const beforeRound = new WeakMap<Run, Ledger>()

/**
 * Keeps a `pull_request` run's ledger as it stands before its round: a run that replied to commands it took (or posted
 * gates a stopped run left) and then hands the round over saves this first, so the run it hands to neither loses what
 * it took nor posts its replies again (`handOffBeforeEffects`).
 */
export function keepBeforeRound(run: Run): void {
  if (run.trigger.kind === 'pull_request' || run.trigger.kind === 'review_comment')
    beforeRound.set(run, structuredClone(run.ledger))
}

/** The state block at the end of the status comment (src/ledger/codec.ts). */
const BLOCK = /<!-- review-loop:state \{[^<>]*\} -->\s*$/

/**
 * Records `intent` and saves the ledger ahead of the effect; the status comment's block is moved to the new revision
 * (its words stay the last run's), so a run in any cache scope can read it while it fits.
 */
export async function writeAhead(run: Run, intent: Intent): Promise<void> {
  const { ledger, world } = run
  // A save ahead that no round's result came before (a push after an answer) is the run's first effect.
  await handOffBeforeEffects(run)
  // Named as this run's; an intent of another run still going, kept (src/run/take-up.ts), is merged, not replaced.
  ledger.intent = mergeIntent(ledger.intent, intent, attemptOf(run.env))
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
  await carryBlock(run, block)
}

/**
 * Before a run whose saves only `pull_request` runs can read (its cache scope is the PR's merge ref) asks for the next
 * round, the status comment's block is moved to the revision it just saved, its words still the last run's: a run
 * stopped before or after the dispatch then leaves that revision readable by every run, so the next run of any kind
 * does the owed round, or the dispatched run does (issue 14). The words say the round was started only once GitHub
 * accepted the dispatch (`persist`, src/main.ts). A run on the default branch saves where every run reads: no edit.
 */
export async function carryBeforeDispatch(run: Run, block: string): Promise<void> {
  if (run.trigger.kind !== 'pull_request' && run.trigger.kind !== 'review_comment') return
  await carryBlock(run, block)
}

/** Moves the status comment's state block to `block`; its words stay as they are (a comment just posted: starting). */
async function carryBlock(run: Run, block: string): Promise<void> {
  const id = run.ledger.statusComment?.id
  if (id === undefined) return
  const comment = run.comments.find(c => c.id === id)
  const words = comment ? comment.body.replace(BLOCK, '').trimEnd() : STATUS_STARTING
  const body = `${words}\n\n${block}`
  await run.world.github.editComment(id, body)
  if (comment) comment.body = body
}

/** What is still owed of the intent at the run's end: gates recorded without a comment yet; nothing else. */
export function settleIntent(run: Run): void {
  const intent = run.ledger.intent
  // Another run's, still going when this run loaded it: kept whole for the run after that one ended.
  if (!intent || savedByOther(intent, attemptOf(run.env))) return
  const unposted = (intent.gates ?? []).filter(
    id => run.ledger.gates.find(g => g.id === id)?.commentId === undefined
  )
  if (unposted.length > 0) run.ledger.intent = { gates: unposted }
  else delete run.ledger.intent
}

/**
 * A `pull_request` run whose round took the ledger past what the status comment carries hands the round to a run on the
 * default branch before its first effect (src/ledger/revisions.ts, `handOffAfterReview`): what it saved would be
 * readable by `pull_request` runs only, and every comment run would be blocked (issue 14, item 2). Called once the
 * round's result is in the ledger, before the round's first outward effect of any kind (its review on the diff, gates,
 * replies, labels, the push, the status comment, the final save: `reviewRound`), and before a save ahead that no
 * round's result came before; decided once a run: after an effect, handing over would lose it.
 */
export async function handOffBeforeEffects(run: Run): Promise<void> {
  if (decided.has(run)) return
  decided.add(run)
  const { ledger, trigger, settings, env, pr } = run
  const size = carriedSize(serializeLedger(ledger))
  const where = handOffAfterReview({
    pullRequestRun: trigger.kind === 'pull_request' || trigger.kind === 'review_comment',
    dispatchable: settings.nextRound === 'dispatch' && !!env.workflowFile && !pr.fork,
    carriedSize: size,
    carryLimit: MAX_CARRIED_COPY,
    readableFromDefault: loadedReadableByDefault(ledger)
  })
  if (where === 'here') return
  const saved = await saveBeforeRound(run)
  const at = { round: run.round ?? ledger.counters.round, size, defaultBranch: pr.defaultBranch }
  try {
    await run.world.github.dispatch(env.workflowFile!, pr.defaultBranch, { pr: String(pr.number) })
  } catch (error) {
    // Nothing is posted or saved either way: the round's result saved here would be readable by no comment run, its
    // gates recorded with no save ahead naming them (never posted). The run stops and says what to put right.
    tell(run, handOverRefused(at, errorMessage(error)))
    throw new RoundHandedOver(run.message!)
  }
  tell(
    run,
    handedOver({
      ...at,
      workflowFile: env.workflowFile!,
      pr: pr.number,
      ...(saved ? { saved } : {})
    })
  )
  core.info(run.message!)
  throw new RoundHandedOver(run.message!)
}

/**
 * Before a hand-over: when the run posted before its round (a reply to a command it took, a gate comment a stopped run
 * left unposted), its ledger as it stood then is saved, the round's result left out, and carried by the status
 * comment's block, so the run handed to loads it. Returns the revision saved, or undefined when the run posted nothing.
 */
async function saveBeforeRound(run: Run): Promise<number | undefined> {
  const before = beforeRound.get(run)
  const loaded = loadedFacts(run.ledger)?.text
  if (!before || loaded === undefined) return undefined
  const was = JSON.parse(loaded) as Ledger
  const posted = (l: Ledger) => l.ownComments.length + (l.ownReviewComments ?? []).length
  if (posted(before) <= posted(was)) return undefined
  run.ledger = before
  await statusCommentUrl(run)
  const { block } = await saveLedger(run.world.store, before, run.world.now())
  await carryBlock(run, block)
  return before.revision
}
