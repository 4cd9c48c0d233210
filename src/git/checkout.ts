/** Checking out a pull request's head without running any of its code, and landing commits by fast-forward only. */
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import * as path from 'node:path'
import { assertCleanRemoteUrl } from './auth.js'
import { assertSha, Git, GitError, type GitOptions } from './git.js'
import { GRAPH_STATE_FILE, PullGraph, type GraphApi } from './graph.js'

/** The PR's head is no longer the SHA the run read from the API: someone pushed in between. */
export class HeadMovedError extends Error {
  constructor(
    readonly expectedSha: string,
    readonly actualSha: string
  ) {
    super(
      `the pull request head moved: expected ${expectedSha}, the remote now has ${actualSha}; a new push arrived while this run started — review the new head in a fresh run`
    )
    this.name = 'HeadMovedError'
  }
}

/** What `checkoutPullHead` needs. */
export interface PullHeadSpec {
  /** A folder of the action's own (under RUNNER_TEMP): absent, empty, or an earlier checkout of this function's. */
  workspace: string
  /** The base repository (`${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}.git`); a file:// URL in tests. */
  remoteUrl: string
  token?: string
  /** The base branch: `main` or `refs/heads/main`. */
  baseRef: string
  /** `refs/heads/<branch>` for a same-repository PR, `refs/pull/<n>/head` for a fork. */
  headFetchRef: string
  /** The head SHA the API reported; the checkout must land exactly here. */
  headSha: string
  /** Passed to the `Git` it uses (extra environment, retry delays). */
  git?: Omit<GitOptions, 'token'>
  /**
   * GitHub's compare (src/git/graph.ts), asked only where the fetched history cannot answer: the merge-base of a head
   * that merged its base branch in, say. It saves fetching the whole history.
   */
  api?: GraphApi
}

/** Where the checkout landed. */
export interface PullHeadCheckout {
  /** The merge-base of the head and the base branch as fetched (what the change is read against). */
  mergeBase: string
  headSha: string
  /** The remote-tracking ref the head was fetched into. */
  headTrackingRef: string
}

/**
 * A ref every git accepts, checked without starting git: `refs/` and components of letters, digits, `_`, `-` and inner
 * dots (none starting with a dot, none with `..`, none ending in `.` or `.lock`). A subset of git's rules: any other
 * name is asked of `git check-ref-format`.
 */
function plainlyValidRef(ref: string): boolean {
  const parts = ref.split('/')
  return (
    parts.length >= 2 &&
    parts[0] === 'refs' &&
    parts.every(
      p => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(p) && !p.includes('..') && !/(\.|\.lock)$/.test(p)
    )
  )
}

/** Throws unless `ref` is a full ref name git accepts. */
async function assertRefFormat(git: Git, what: string, ref: string): Promise<void> {
  if (plainlyValidRef(ref)) return
  const out = await git.tryExec(['check-ref-format', ref])
  if (out.exitCode !== 0 || ref.startsWith('-')) {
    throw new Error(`${what} ${JSON.stringify(ref)} is not a valid git ref name`)
  }
}

/** The remote-tracking ref a fetched ref lands in. */
export function trackingRefFor(ref: string): string {
  if (ref.startsWith('refs/heads/')) return `refs/remotes/origin/${ref.slice('refs/heads/'.length)}`
  if (ref.startsWith('refs/')) return `refs/remotes/origin/${ref.slice('refs/'.length)}`
  return `refs/remotes/origin/${ref}`
}

/**
 * Makes `workspace` a fresh repository with `origin` at `remoteUrl`. An earlier checkout of this function's is removed
 * first (what the graph knows holds only for what it fetched itself); a foreign non-empty folder is refused.
 */
async function prepareRepository(git: Git, workspace: string, remoteUrl: string): Promise<void> {
  await mkdir(workspace, { recursive: true })
  const entries = await readdir(workspace)
  if (entries.length > 0) {
    const ours = await stat(path.join(workspace, '.git', GRAPH_STATE_FILE)).catch(() => undefined)
    if (!ours) {
      throw new Error(
        `${workspace} is neither empty nor a checkout review-loop made; point the action at a folder of its own`
      )
    }
    await rm(workspace, { recursive: true, force: true })
    await mkdir(workspace, { recursive: true })
  }
  await git.exec(['init', '--quiet'])
  await git.exec(['remote', 'add', 'origin', remoteUrl])
}

/** What `fetchPullHead` fetched: the history a round reads, before the work tree is written. */
export interface FetchedPullHead extends PullHeadCheckout {
  /** The checkout's git (one a run: the runner's filter drivers are read once). */
  git: Git
  /** The graph that fetched it: what it learned (the git directory, the commits here) holds for the run. */
  graph: PullGraph
}

/** The head fetched into a fresh repository, before its merge-base is. */
type FetchedHead = Omit<FetchedPullHead, 'mergeBase'>

/** Makes the repository and fetches the PR head with the base branch's history left out; checks it is `headSha`. */
async function fetchHead(spec: PullHeadSpec): Promise<FetchedHead> {
  assertSha('headSha', spec.headSha)
  assertCleanRemoteUrl(spec.remoteUrl)
  // Every command authenticates: once the graph deepened (commits only), a read fetches what it lacks on its own.
  const git = new Git(spec.workspace, { ...spec.git, token: spec.token, remote: spec.remoteUrl })
  const baseRef = spec.baseRef.startsWith('refs/') ? spec.baseRef : `refs/heads/${spec.baseRef}`
  if (!baseRef.startsWith('refs/heads/')) {
    throw new Error(
      `baseRef ${JSON.stringify(spec.baseRef)} must be a branch (main or refs/heads/main)`
    )
  }
  if (!spec.headFetchRef.startsWith('refs/')) {
    throw new Error(
      `headFetchRef ${JSON.stringify(spec.headFetchRef)} must be a full ref: refs/heads/<branch> or refs/pull/<n>/head`
    )
  }
  await prepareRepository(git, spec.workspace, spec.remoteUrl)
  await assertRefFormat(git, 'baseRef', baseRef)
  await assertRefFormat(git, 'headFetchRef', spec.headFetchRef)

  const graph = new PullGraph(git, spec.remoteUrl, spec.api, path.join(spec.workspace, '.git'))
  await graph.start(baseRef)
  const headTrackingRef = trackingRefFor(spec.headFetchRef)
  const fetchedHead = await graph.fetchTip(spec.headFetchRef, headTrackingRef)
  if (fetchedHead !== spec.headSha) throw new HeadMovedError(spec.headSha, fetchedHead)
  return { headSha: fetchedHead, headTrackingRef, git, graph }
}

/** The head's merge-base with the base branch, fetched at depth 1 (graph.ts). */
async function withMergeBase(head: FetchedHead): Promise<FetchedPullHead> {
  return { ...head, mergeBase: await head.graph.mergeBaseWithBase(head.headSha) }
}

/**
 * Fetches the PR head with the base branch's history left out (graph.ts) and the merge-base at depth 1, without
 * writing the work tree. Throws HeadMovedError when the fetched head is not `headSha`.
 */
export async function fetchPullHead(spec: PullHeadSpec): Promise<FetchedPullHead> {
  return withMergeBase(await fetchHead(spec))
}

/** A checkout under way: the history a round reads, and the work tree being written at the head meanwhile. */
export interface PullHeadWriting {
  fetched: Promise<FetchedPullHead>
  worktree: Promise<void>
}

/**
 * `fetchPullHead`, with the work tree written as soon as the head is here: the head's fetch brings its whole tree, so
 * the checkout goes on while the merge-base is fetched and every read of the objects (diffs, trees, ancestry) is made.
 * Failures are thrown by the promise that is awaited; neither is left an unhandled rejection.
 */
export function startPullHead(spec: PullHeadSpec): PullHeadWriting {
  const head = fetchHead(spec)
  const fetched = head.then(withMergeBase)
  const worktree = head.then(h => checkOutHead(h.git, h.headSha))
  fetched.catch(() => undefined)
  worktree.catch(() => undefined)
  return { fetched, worktree }
}

/**
 * Writes the work tree and index at `headSha` (already fetched), detached; throws HeadMovedError if HEAD is not it.
 * Until it settles, the Git's other commands that are not reads of the object store wait for it (`Git.holdWorktree`).
 */
export function checkOutHead(git: Git, headSha: string): Promise<void> {
  const writing = (async () => {
    const own = { writesWorktree: true }
    const args = ['checkout', '--force', '--detach', '--no-recurse-submodules', headSha, '--']
    await git.exec(args, own)
    const head = (await git.exec(['rev-parse', '--verify', 'HEAD^{commit}'], own)).stdout.trim()
    if (head !== headSha) throw new HeadMovedError(headSha, head)
  })()
  git.holdWorktree(writing)
  return writing
}

/**
 * Fetches the PR head with the base branch's history left out (graph.ts) and the merge-base at depth 1, and checks
 * out `headSha` detached. Throws HeadMovedError when the fetched head is not `headSha`.
 */
export async function checkoutPullHead(spec: PullHeadSpec): Promise<PullHeadCheckout> {
  const { fetched, worktree } = startPullHead(spec)
  const { mergeBase, headSha, headTrackingRef } = await fetched
  await worktree
  return { mergeBase, headSha, headTrackingRef }
}

/** What `pushFastForward` needs. */
export interface FastForwardSpec {
  /** The repository holding `sha`. */
  workspace: string
  remoteUrl: string
  token?: string
  /** The commit to land. */
  sha: string
  /** The branch to move, without refs/heads/. */
  branch: string
  /** Where the branch must still be for the push to go ahead; null: the branch must not exist yet. */
  expectedRemoteSha: string | null
  git?: Omit<GitOptions, 'token'>
}

/** Whether the commit landed, and if not, why. */
export type PushResult =
  | { pushed: true; sha: string; alreadyThere: boolean }
  | { pushed: false; reason: 'moved' | 'rejected'; remoteSha?: string; detail: string }

/**
 * Moves `branch` on the remote to `sha` by a plain push (never forced) after checking that the branch is
 * still at `expectedRemoteSha`; git itself rejects a non-fast-forward, which covers a push that races ours.
 */
export async function pushFastForward(spec: FastForwardSpec): Promise<PushResult> {
  assertSha('sha', spec.sha)
  if (spec.expectedRemoteSha !== null) assertSha('expectedRemoteSha', spec.expectedRemoteSha)
  const git = new Git(spec.workspace, { ...spec.git, token: spec.token })
  const ref = `refs/heads/${spec.branch}`
  await assertRefFormat(git, 'branch', ref)

  const remoteSha = await git.lsRemoteBranch(spec.remoteUrl, spec.branch)
  if (remoteSha === spec.sha) return { pushed: true, sha: spec.sha, alreadyThere: true }
  if ((remoteSha ?? null) !== spec.expectedRemoteSha) {
    return {
      pushed: false,
      reason: 'moved',
      remoteSha,
      detail: `${ref} is at ${remoteSha ?? '(absent)'}, expected ${spec.expectedRemoteSha ?? '(absent)'}: someone pushed meanwhile`
    }
  }

  const args = [
    'push',
    '--porcelain',
    '--no-verify',
    '--no-signed',
    '--recurse-submodules=no',
    '--no-follow-tags',
    '--end-of-options',
    spec.remoteUrl,
    `${spec.sha}:${ref}`
  ]
  const out = await git.tryExec(args, { authRemote: spec.remoteUrl })
  if (out.exitCode === 0) return { pushed: true, sha: spec.sha, alreadyThere: false }
  const refused = out.stdout.split('\n').find(line => line.startsWith('!\t'))
  const remoteSays = out.stderr
    .split('\n')
    .filter(line => line.startsWith('remote:'))
    .join('\n')
  if (refused !== undefined) {
    const why = refused.split('\t')[2] ?? refused
    return {
      pushed: false,
      reason: 'rejected',
      detail: [why, remoteSays].filter(Boolean).join('\n')
    }
  }
  if (/returned error: 40[13]|Permission to .* denied/.test(out.stderr)) {
    return { pushed: false, reason: 'rejected', detail: out.stderr.trim() }
  }
  throw new GitError(args, out.exitCode, out.stderr)
}
