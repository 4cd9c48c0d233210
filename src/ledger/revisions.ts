/**
 * The index of a PR's saved ledger revisions: every cache key the repository's cache list shows, in every scope. Pure
 * rules over that list: which revision is the newest, which of two saves of one revision counts, what a copy must match.
 */

/** One saved revision as the cache list shows it. */
export interface ListedRevision {
  revision: number
  /** The first 16 hex digits of the ledger text's SHA-256 (keys written before digests were keyed have none). */
  digest?: string
  key: string
  /** The scope (ref) that saved it: a run reads only its own ref's, its base branch's and the default branch's. */
  ref: string
  /** The cache entry's ID; IDs grow with creation, so of two saves of one revision the lower ID came first. */
  id: number
}

/** How many hex digits of the SHA-256 a key carries. */
export const KEY_DIGEST_LENGTH = 16

/** The digest part a key carries for a ledger text's SHA-256. */
export function keyDigest(sha256: string): string {
  return sha256.slice(0, KEY_DIGEST_LENGTH)
}

/** Reads a revision key (`<prefix><8 digits>[-<digest>]-run<id>-<attempt>`); undefined for any other key. */
export function parseRevisionKey(
  prefix: string,
  entry: { key: string; ref: string; id: number }
): ListedRevision | undefined {
  if (!entry.key.startsWith(prefix)) return undefined
  const m = /^(\d{8})(?:-([0-9a-f]{16}))?-run\d+-\d+$/.exec(entry.key.slice(prefix.length))
  if (!m) return undefined
  return {
    revision: Number(m[1]),
    ...(m[2] ? { digest: m[2] } : {}),
    key: entry.key,
    ref: entry.ref,
    id: entry.id
  }
}

/**
 * The save that counts for each revision: the first created (lowest ID). A second save of the same revision is a run
 * that lost the race to the first; its entry is never loaded.
 */
export function winners(listed: ListedRevision[]): ListedRevision[] {
  const byRevision = new Map<number, ListedRevision>()
  for (const e of listed) {
    const held = byRevision.get(e.revision)
    if (!held || e.id < held.id) byRevision.set(e.revision, e)
  }
  return [...byRevision.values()].sort((a, b) => b.revision - a.revision)
}

/** The newest revision saved, whichever scope holds it. */
export function newestRevision(listed: ListedRevision[]): ListedRevision | undefined {
  return winners(listed)[0]
}

/** Why a save lost, when it did: someone saved this revision or a later one first. */
export function lostTo(
  listed: ListedRevision[],
  mine: { revision: number; key?: string }
): ListedRevision | undefined {
  const newest = newestRevision(listed)
  if (!newest) return undefined
  if (newest.revision > mine.revision) return newest
  if (newest.revision === mine.revision && newest.key !== mine.key) return newest
  return undefined
}

/** What decides where a pull_request run's round is done. */
export interface RoundScopeInput {
  /** The run is a `pull_request` run (its cache scope is the PR's merge ref, which no other run can read). */
  pullRequestRun: boolean
  /** The next round can be dispatched: `next-round: dispatch` and a workflow file to dispatch. */
  dispatchable: boolean
  /** Base64 characters the ledger's compressed copy takes (undefined: no ledger yet). */
  carriedSize?: number
  /** The most the status comment carries. */
  carryLimit: number
  /** Whether a run on the default branch can read the loaded revision (saved there, or carried by the comment). */
  readableFromDefault: boolean
}

/**
 * Where a round is done. A revision a `pull_request` run saves lives in the PR's merge-ref scope, which comment and
 * dispatch runs cannot read; the status comment carries it to them only while it fits. So once the ledger is past half
 * what the comment carries, a `pull_request` run hands its round to a run on the default branch, whose scope every run
 * can read, and saves nothing itself. It keeps the round when the run it would hand to could not read the revision.
 */
export function roundScope(input: RoundScopeInput): 'here' | 'default-branch' {
  if (!input.pullRequestRun || !input.dispatchable || input.carriedSize === undefined) return 'here'
  if (input.carriedSize <= input.carryLimit / 2) return 'here'
  return input.readableFromDefault ? 'default-branch' : 'here'
}

/** Of the carry limit, how much a round's result may take when it is first saved: the rest is room for the round's end. */
export const ROUND_RESULT_SHARE = 0.9

/**
 * Whether a `pull_request` run hands its round over once the round's result is known, before any of its effects (the
 * round's first save ahead of them): when the ledger would no longer fit the status comment, what the run saved could
 * be read by `pull_request` runs only, so every comment run would be blocked. A round that took the ledger from under
 * half of the carry limit (where `roundScope` keeps it here) to past it (a first round of 2,000 findings) is then done
 * again by a run on the default branch. Kept here when that run could not read the loaded revision either.
 */
export function handOffAfterReview(input: RoundScopeInput): 'here' | 'default-branch' {
  if (!input.pullRequestRun || !input.dispatchable || input.carriedSize === undefined) return 'here'
  if (input.carriedSize <= input.carryLimit * ROUND_RESULT_SHARE) return 'here'
  return input.readableFromDefault ? 'default-branch' : 'here'
}

/** What a run knows of the pull request whose revisions it reads. */
export interface PullOrigin {
  /** The pull request's number: its merge ref is `refs/pull/<number>/merge`. */
  number: number
  /** The head branch lives in a fork. */
  fork: boolean
  defaultBranch: string
}

/**
 * The listed revisions a run may believe. A fork's `pull_request` run executes the fork's own workflow, and its cache
 * token writes that pull request's merge-ref scope: anyone who can open a fork can put an entry there with any key (a
 * forged higher revision), the key of any pull request's ledger included, and the list shows every scope's entries.
 * So another pull request's merge ref (`refs/pull/<M>/merge`) is never believed: the action saves a PR's ledger only
 * in its own merge ref and on the default branch. For a fork, its own merge ref is not believed either (the action
 * ignores a fork's `pull_request` runs; its saves for a fork come from comment and dispatch runs on the default
 * branch), so only the default branch's scope, which only the repository's own workflows write, is believed. A pull
 * request from a branch of the repository is opened by someone who can push workflows anyway: its merge ref and every
 * branch's scope are believed. The rest is `ignored`.
 */
export function trustedRevisions(
  listed: ListedRevision[],
  pull: PullOrigin
): { trusted: ListedRevision[]; ignored: ListedRevision[] } {
  const home = `refs/heads/${pull.defaultBranch}`
  const own = `refs/pull/${pull.number}/merge`
  const believed = (ref: string): boolean =>
    pull.fork ? ref === home : ref === own || !ref.startsWith('refs/pull/')
  return {
    trusted: listed.filter(e => believed(e.ref)),
    ignored: listed.filter(e => !believed(e.ref))
  }
}

/**
 * Whether a saved revision vouches for a status comment's block: the first save of that revision has that digest in
 * its key. A key written before keys named a digest vouches for nothing: its text can only be had by a restore, which
 * is checked against nothing a comment says (a block anyone with write access can edit would otherwise be believed).
 */
export function vouches(
  listed: ListedRevision[],
  block: { revision: number; sha256: string }
): boolean {
  return winners(listed).some(
    e =>
      e.revision === block.revision &&
      e.digest !== undefined &&
      e.digest === keyDigest(block.sha256)
  )
}
