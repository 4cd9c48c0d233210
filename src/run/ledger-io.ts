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
import { digest } from '../ledger/codec.js'
import { readGateMark } from './gate-mark.js'
import {
  keyDigest,
  newestRevision,
  vouches,
  winners,
  type ListedRevision
} from '../ledger/revisions.js'
import { errorMessage } from '../shared/errors.js'

/** The state that could be found. */
export interface Loaded {
  ledger: Ledger | undefined
  /** The action's status comment, when one exists. */
  statusComment?: IssueComment
  /** The newest revision the store's index lists, when it has one, and the scope (ref) that saved it. */
  newest?: number
  newestRef?: string
  /** Whether the status comment carries the loaded revision (so any run can read it). */
  carried?: boolean
  /** The login the action posts as, learnt from its status comment when the token could not say (an App's token). */
  identity?: string
}

/**
 * A status comment of the loop's shape by another bot than the one this run believes it posts as: the action's own
 * when the token cannot say who it is (a GitHub App's token answers 403 to GET /user and no bot-login is set).
 */
function foreignStatusComment(
  comments: IssueComment[],
  identity: string
): { comment: IssueComment; state: CarriedState } | undefined {
  const other = [...comments]
    .reverse()
    .find(
      c =>
        c.login !== identity &&
        c.login.endsWith('[bot]') &&
        c.body.startsWith(STATUS_HEADING) &&
        readStateBlock(c.body)
    )
  return other ? findStatusComment(comments, other.login) : undefined
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
 * What a loaded ledger was when loaded, for the decisions at the run's end (src/loop/records.ts): its text (a run that
 * changed nothing but what its records carry saves nothing), whether the status comment names the newest listed
 * revision with a digest the action saved, and the gate mark it carries (the merge gate is not set again as it was).
 */
export interface LoadedFacts {
  text: string
  /** The revision loaded. */
  revision: number
  namesNewest: boolean
  gateMark?: string
}

const facts = new WeakMap<Ledger, LoadedFacts>()

/** What `ledger` was when this run loaded it; undefined for a ledger the run made (a new loop). */
export function loadedFacts(ledger: Ledger): LoadedFacts | undefined {
  return facts.get(ledger)
}

/**
 * The list the load read, which stands for the list before the run's first save when nothing slow happened in between:
 * no round (a source), no gate answered or decision admitted (a driver), no save ahead or push. The list after the save
 * still decides who wins; this one only spares an upload to a run that already lost.
 */
const lastListed = new WeakMap<LedgerStore, ListedRevision[]>()

/** What of a ledger only slow work changes: its rounds, gates, decisions, pushes and intent. */
function slowParts(ledger: Ledger): string {
  const { rounds, gates, decisions, ownPushes, intent } = ledger
  return JSON.stringify({ rounds, gates, decisions, ownPushes, intent })
}

/**
 * The newest revision the store lists now, when it is newer than `ledger`'s (another run saved since this one loaded);
 * undefined when none is, or when the list cannot say. For a run that saves nothing, and so takes no compare-and-swap.
 */
export async function newerSaved(store: LedgerStore, ledger: Ledger): Promise<number | undefined> {
  const listed = store.index ? await store.index() : undefined
  if (!listed || 'error' in listed) return undefined
  const newest = Math.max(ledger.revision, ...listed.map(e => e.revision))
  return newest > ledger.revision ? newest : undefined
}

/** A save lost to another run's: it saved this revision or a later one first. Nothing of this run's was saved. */
export class LedgerConflict extends Error {
  override name = 'LedgerConflict'
}

/**
 * Loads the newest ledger. With the store's index (the cache list, every scope) the newest saved revision is the
 * truth: it is restored, or the status comment's copy stands in for it when its digest is that revision's; a copy
 * naming a revision the action never saved is not believed, and a newest revision no copy can give stops the loop.
 * Without an index, the higher of the store's and the comment's copies. Never starts over on a state it cannot find.
 */
export async function loadLedger(
  store: LedgerStore,
  comments: IssueComment[],
  identity: string,
  pr: number
): Promise<Loaded> {
  let found = findStatusComment(comments, identity)
  const listed = store.index ? await store.index() : undefined
  if (listed && !('error' in listed)) lastListed.set(store, listed)
  let learnt: string | undefined
  const foreign = found ? undefined : foreignStatusComment(comments, identity)
  if (foreign) {
    const vouched = listed && !('error' in listed) && vouches(listed, foreign.state)
    if (!vouched) {
      throw new LedgerError(
        `This run acts as ${identity}, but the status comment ${foreign.comment.url} of this PR's loop is by ${foreign.comment.login}, and no saved revision vouches for it. Nothing was changed and the loop did not start over. If ${foreign.comment.login} is the action (a GitHub App's token cannot say who it is), set the \`bot-login\` input to ${foreign.comment.login}.`
      )
    }
    learnt = foreign.comment.login
    found = foreign
  }
  const withIdentity = (loaded: Loaded): Loaded => {
    if (!learnt) return loaded
    // The copy is the action's (its digest was saved), but another bot can post the same body: the revision names
    // which comment is its status comment, and only that comment's author is the action.
    const named = loaded.ledger?.statusComment
    if (!named || named.id === found!.comment.id) {
      core.warning(
        `The token could not say who it acts as; the status comment by ${learnt} carries a revision the action saved, so the action posts as ${learnt}. Set the \`bot-login\` input to ${learnt} to say so.`
      )
      return { ...loaded, identity: learnt }
    }
    const real = comments.find(c => c.id === named.id)
    if (!real || !real.login.endsWith('[bot]')) {
      throw new LedgerError(
        `This run acts as ${identity}, and the status comment ${found!.comment.url} by ${learnt} carries a copy of this PR's ledger, but the ledger names comment ${named.id} as its status comment, which is not there: ${learnt} copied it. Nothing was changed and the loop did not start over. Set the \`bot-login\` input to the login the action posts as.`
      )
    }
    // The mark on a copy is not the action's.
    if (loaded.ledger)
      facts.set(loaded.ledger, { ...facts.get(loaded.ledger)!, namesNewest: false })
    core.warning(
      `The status comment ${found!.comment.url} by ${learnt} is a copy: the ledger names ${real.url || `comment ${real.id}`} by ${real.login} as its status comment, so the action posts as ${real.login}. Set the \`bot-login\` input to ${real.login} to say so.`
    )
    return { ...loaded, statusComment: real, identity: real.login }
  }
  if (listed && 'error' in listed) {
    core.warning(
      `The saved revisions could not be listed (${listed.error}), so this run cannot tell whether a newer revision exists in a scope it cannot read; it goes on from the copies it can read.`
    )
  }
  if (listed && !('error' in listed) && listed.length > 0)
    return withIdentity(await loadIndexed(store, listed, found, pr))
  if (listed && !('error' in listed) && found) {
    core.warning(
      `The status comment names ledger revision ${found.state.revision}, but the Actions cache lists no saved revision of this PR's ledger (entries unused for 7 days are evicted). The comment's copy cannot be checked against a saved revision; it is used as the only copy left.`
    )
  }
  return withIdentity(await loadUnindexed(store, found, pr))
}

async function loadIndexed(
  store: LedgerStore,
  listed: ListedRevision[],
  found: { comment: IssueComment; state: CarriedState } | undefined,
  pr: number
): Promise<Loaded> {
  const newest = newestRevision(listed)!
  const saved = (revision: number, sha: string) => vouches(listed, { revision, sha256: sha })
  // A revision saved before keys named a digest can vouch for no comment: it is restored, never taken from a block.
  const undigested = (revision: number) =>
    winners(listed).some(e => e.revision === revision && e.digest === undefined)
  if (
    found &&
    !saved(found.state.revision, found.state.sha256) &&
    !undigested(found.state.revision)
  ) {
    core.warning(
      `The status comment ${found.comment.url} names ledger revision ${found.state.revision} with a digest the action never saved (the newest saved is ${newest.revision}). It was edited by someone else or its run failed to save; it is not believed.`
    )
  }
  let ledger: Ledger | undefined
  let origin = ''
  if (
    found &&
    found.state.revision === newest.revision &&
    saved(newest.revision, found.state.sha256)
  ) {
    const text = carriedText(found.state)
    if (text) {
      ledger = parseLedger(text, `the status comment ${found.comment.url}`, pr)
      origin = `status comment (matches ${newest.key})`
    }
  }
  if (!ledger) {
    const copy = await store.load(newest.revision, newest.digest)
    if (copy && (!newest.digest || keyDigest(digest(copy.text)) === newest.digest)) {
      ledger = parseLedger(copy.text, copy.origin, pr)
      origin = copy.origin
    }
  }
  if (!ledger || ledger.revision !== newest.revision) {
    const carried = found?.state.gz
      ? ''
      : ' The status comment carries no copy (the ledger grew too large for a comment, or the comment is gone).'
    throw new LedgerError(
      `This PR's loop is at ledger revision ${newest.revision} (cache key ${newest.key}, saved by a run on ${newest.ref}), but no copy of that revision can be found by this run: a run reads only its own ref's, its base branch's and the default branch's cache entries.${carried} ` +
        'Nothing was changed and the loop did not start over. A run on that ref can read it (push to the pull request, or re-run its pull_request run); if the entry is gone for good, delete it under Actions → Caches and the loop goes on from the newest revision left.'
    )
  }
  core.info(`Ledger revision ${ledger.revision} loaded from ${origin}`)
  const namesNewest =
    found?.state.revision === newest.revision && saved(newest.revision, found.state.sha256)
  facts.set(ledger, {
    text: JSON.stringify(ledger),
    revision: ledger.revision,
    namesNewest,
    gateMark: namesNewest ? readGateMark(found.comment.body) : undefined
  })
  return {
    ledger,
    statusComment: found?.comment,
    newest: newest.revision,
    newestRef: newest.ref,
    carried:
      found?.state.revision === newest.revision &&
      saved(newest.revision, found.state.sha256) &&
      carriedText(found.state) !== undefined
  }
}

async function loadUnindexed(
  store: LedgerStore,
  found: { comment: IssueComment; state: CarriedState } | undefined,
  pr: number
): Promise<Loaded> {
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
        core.warning(`The copy in the status comment is unusable: ${errorMessage(error)}`)
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
  // Without the list nothing says which revision is the newest: the gate is always set.
  if (best) {
    const { ledger } = best
    facts.set(ledger, {
      text: JSON.stringify(ledger),
      revision: ledger.revision,
      namesNewest: false
    })
  }
  return { ledger: best?.ledger, statusComment: found?.comment }
}

/**
 * Bumps the revision and saves to the store, compare-and-swap: with the store's index, a save happens only when the
 * list shows no revision at or above the new one (one saved since this run loaded), and counts only when the list read
 * after it shows no other save of its revision or a later one (a racer's); otherwise a LedgerConflict (a save that
 * lost is deleted), and the status comment must not be touched. Returns the text and the state block for the status
 * comment.
 */
export async function saveLedger(
  store: LedgerStore,
  ledger: Ledger,
  now: string
): Promise<{ text: string; block: string }> {
  const loaded = ledger.revision
  ledger.revision += 1
  ledger.updatedAt = now
  const text = serializeLedger(ledger)
  const block = stateBlock(text, ledger.revision)
  // Only the first save may use the load's list, and only when nothing slow happened since the load.
  const loadedText = facts.get(ledger)?.text
  const recent = lastListed.get(store)
  lastListed.delete(store)
  const known =
    recent &&
    loadedText !== undefined &&
    slowParts(JSON.parse(loadedText) as Ledger) === slowParts(ledger)
      ? recent
      : undefined
  const check = async (key?: string, given?: ListedRevision[]): Promise<void> => {
    const listed = given ?? (store.index ? await store.index() : undefined)
    if (!listed || 'error' in listed) return
    // Any other save of this revision or a later one loses it for this run: a save that finalized first may have
    // checked before this one was listed, so only one that saw no other may count.
    const winner = listed.find(e => e.revision >= ledger.revision && e.key !== key)
    if (winner) {
      // Gone, so no later run takes a save that lost for the truth.
      if (key)
        await store
          .discard?.(key)
          .catch((error: Error) =>
            core.warning(`The losing save ${key} could not be deleted: ${error.message}`)
          )
      ledger.revision = loaded
      throw new LedgerConflict(
        `Another run saved ledger revision ${winner.revision} (cache key ${winner.key}) after this run loaded revision ${loaded}, so this run's changes were not saved and the status comment was left as that run wrote it. Whatever this run took that the other did not is still owed and is taken by the next run.`
      )
    }
  }
  // Before the upload as well: a run that already lost saves nothing (a cache entry is a slow upload and counts
  // against the repository's 10 GB).
  await check(undefined, known)
  let key: string | void = undefined
  try {
    key = await store.save(text, ledger.revision)
  } catch (error) {
    // A copy only the comment carries cannot be checked against a saved revision later; without an index it is the
    // loop's only way on.
    if (!block.includes('"gz"') || store.index) throw error
    core.warning(
      `${errorMessage(error)} The status comment carries this revision, so the loop goes on.`
    )
  }
  if (key) await check(key)
  return { text, block }
}
