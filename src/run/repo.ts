/** The run's view of the repository: the PR head checked out once, what the change wrote, reading and landing. */
import * as core from '@actions/core'
import { lstat, realpath, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { ACTIONS_BOT_EMAIL, ACTIONS_BOT_LOGIN } from '../action/constants.js'
import { pushFastForward, startPullHead } from '../git/checkout.js'
import { commitAll } from '../git/commit.js'
import { Git } from '../git/git.js'
import { PullGraph, type GraphApi } from '../git/graph.js'
import type { ChangeMap, FileChange } from '../loop/change.js'
import type { Pushed } from '../loop/machine/effects.js'
import type { GitHubClient, PullRequest } from '../github/client.js'
import type { Run, RunEnv, StartedCheckout } from './context.js'
import { activeInvocation } from './lifecycle.js'

function remoteUrl(env: RunEnv): string {
  return `${env.serverUrl}/${env.owner}/${env.repo}.git`
}

/**
 * What a run's checkout needs: known once the pull request is read, before the settings file and the ledger, or from
 * a pull_request event before even that (`SeenPull`, src/action/event.ts).
 */
export interface CheckoutInput {
  env: RunEnv
  token: string | undefined
  pr: CheckoutPull
  github: Pick<GitHubClient, 'compare'>
}

/** The pull request's part that says what to check out. */
export type CheckoutPull = Pick<PullRequest, 'number' | 'fork' | 'headRef' | 'headSha' | 'baseRef'>

function headFetchRef(pr: CheckoutPull): string {
  return pr.fork ? `refs/pull/${pr.number}/head` : `refs/heads/${pr.headRef}`
}

/**
 * Starts fetching and checking out the PR head in the action's own folder (`env.workspace`, under RUNNER_TEMP: never
 * the job's GITHUB_WORKSPACE, where a later step would find the pull request's files). A run that knows early it will
 * read the repository starts it as soon as it knows what to check out (src/main.ts: from a pull_request event, or
 * once it has read the pull request), so git's fetches and the writing of the work tree go on while the run reads its
 * settings, comments and ledger; `ensureCheckout` takes it up when it is the one the run would start (`startedFor`).
 * Nothing is decided here, and a failure is thrown where the run asks for the checkout, as before.
 */
export function startCheckout({ env, token, pr, github }: CheckoutInput): StartedCheckout {
  const spec = {
    workspace: env.workspace,
    remoteUrl: remoteUrl(env),
    token,
    baseRef: pr.baseRef,
    headFetchRef: headFetchRef(pr),
    headSha: pr.headSha,
    api: { compare: (base: string, head: string) => github.compare(base, head) }
  }
  const { fetched, worktree } = startPullHead(spec)
  return {
    token,
    headSha: spec.headSha,
    headFetchRef: spec.headFetchRef,
    baseRef: spec.baseRef,
    fetched,
    worktree
  }
}

/** The checkout's git, authenticated with the run's token (its lazy fetches too, once the graph deepened). */
export function repoGit(run: Run): Git {
  return git(run)
}

const gits = new WeakMap<Run, Git>()

/**
 * The run's one Git for its checkout (the one that made it, once made): the runner's filter and merge drivers are read
 * once a run, not per command, and its commands that touch the work tree wait while the checkout writes it.
 */
function git(run: Run): Git {
  let made = gits.get(run)
  if (!made) {
    made = new Git(run.env.workspace, {
      token: run.settings.githubToken,
      remote: remoteUrl(run.env)
    })
    gits.set(run, made)
  }
  return made
}

/** GitHub's compare, which the graph asks before fetching the whole history (one REST call per question). */
function api(run: Run): GraphApi {
  return { compare: (base, head) => run.world.github.compare(base, head) }
}

const graphs = new WeakMap<Run, PullGraph>()

/**
 * The checkout's history as far as it was fetched, answering ancestry questions exactly (src/git/graph.ts): the one
 * that fetched it, once the checkout is made (so what the graph learned stays true for the run), a fresh one before.
 * A checkout under way is waited for first: its folder is being made.
 */
async function graph(run: Run): Promise<PullGraph> {
  if (!run.checkedOut && (run.checkout || pending.has(run))) await ensureHistory(run)
  if (!run.checkedOut) return new PullGraph(git(run), remoteUrl(run.env), api(run))
  let made = graphs.get(run)
  if (!made) graphs.set(run, (made = new PullGraph(git(run), remoteUrl(run.env), api(run))))
  return made
}

const pending = new WeakMap<Run, Promise<{ head: string; baseTip: string }>>()
const worktrees = new WeakMap<Run, Promise<void>>()

/**
 * The PR head fetched, with its history as a round reads it (src/git/graph.ts); the work tree may still be being
 * written (`ensureCheckout` waits for it). `baseTip` is the merge-base: the base branch's tip itself is never fetched,
 * and `mergeBase(run, baseTip, head)` gives what it would with the tip. A read of the object store (a diff, a tree,
 * an ancestry question) needs no more; a source, a driver or a write to the checkout needs the work tree.
 */
export function ensureHistory(run: Run): Promise<{ head: string; baseTip: string }> {
  if (run.checkedOut) return Promise.resolve(run.checkedOut)
  let fetching = pending.get(run)
  if (!fetching) {
    fetching = fetchHistory(run)
    pending.set(run, fetching)
    fetching.then(
      () => pending.delete(run),
      () => pending.delete(run)
    )
  }
  return fetching
}

/** Whether a checkout begun early is the one `input` would start: same head, branch, base and token. */
function startedFor(input: CheckoutInput, started: StartedCheckout): boolean {
  return (
    started.token === input.token &&
    started.headSha === input.pr.headSha &&
    started.headFetchRef === headFetchRef(input.pr) &&
    started.baseRef === input.pr.baseRef
  )
}

/** Once a checkout is done with the folder: its fetches (the merge-base's too) and its work tree, however they ended. */
export async function settled(started: StartedCheckout): Promise<void> {
  await Promise.allSettled([started.fetched, started.worktree])
}

/**
 * The checkout for `input`: `begun` when it is that one, else a new one, started once `begun` is done with the folder
 * (the new one empties it first). Its failures are thrown where it is awaited, as `startCheckout`'s are.
 */
export function checkoutAfter(input: CheckoutInput, begun?: StartedCheckout): StartedCheckout {
  if (!begun) return startCheckout(input)
  if (startedFor(input, begun)) return begun
  const next = settled(begun).then(() => startCheckout(input))
  const fetched = next.then(s => s.fetched)
  const worktree = next.then(s => s.worktree)
  fetched.catch(() => undefined)
  worktree.catch(() => undefined)
  return {
    token: input.token,
    headSha: input.pr.headSha,
    headFetchRef: headFetchRef(input.pr),
    baseRef: input.pr.baseRef,
    fetched,
    worktree
  }
}

/** The checkout a run takes up: the one begun early for it, or a new one (after any other is done with the folder). */
function takeStarted(run: Run): StartedCheckout {
  const early = run.checkout
  run.checkout = undefined
  const input = {
    env: run.env,
    token: run.settings.githubToken,
    pr: run.pr,
    github: run.world.github
  }
  return checkoutAfter(input, early)
}

async function fetchHistory(run: Run): Promise<{ head: string; baseTip: string }> {
  const started = takeStarted(run)
  core.startGroup(`Checking out #${run.pr.number} at ${run.pr.headSha}`)
  try {
    const out = await started.fetched.catch(async (error: unknown) => {
      // Another ask starts afresh, removing the folder: not while this checkout still writes in it.
      await settled(started)
      throw error
    })
    gits.set(run, out.git)
    graphs.set(run, out.graph)
    worktrees.set(run, started.worktree)
    run.checkedOut = { head: out.headSha, baseTip: out.mergeBase }
    // A stacked invocation reviews through its layer's head; the PR head stays fetched beneath it.
    const layer = activeInvocation(run)?.stacked
    const layerHead = layer ? await fetchBranch(run, layer.branch) : undefined
    if (layerHead !== undefined) {
      await checkoutCommit(run, layerHead)
      run.checkedOut.head = layerHead
    }
    return run.checkedOut
  } finally {
    core.endGroup()
  }
}

/**
 * Fetches and checks out the PR head in the action's own folder (`run.env.workspace`, under RUNNER_TEMP): the history
 * as `ensureHistory` gives it, and the work tree written at the head, so a source or a write may read it.
 */
export async function ensureCheckout(run: Run): Promise<{ head: string; baseTip: string }> {
  const out = await ensureHistory(run)
  await worktreeWritten(run)
  return out
}

/** Waits until the checkout's work tree is written (throws what writing it threw); at once when none is being written. */
export async function worktreeWritten(run: Run): Promise<void> {
  await worktrees.get(run)
}

/** Fetches a branch of the repository into its remote-tracking ref; its SHA, or undefined when there is no such branch. */
export async function fetchBranch(run: Run, branch: string): Promise<string | undefined> {
  const g = await graph(run)
  const sha = await git(run).lsRemoteBranch(remoteUrl(run.env), branch)
  if (sha === undefined) return undefined
  await g.fetchTip(`refs/heads/${branch}`, `refs/remotes/origin/${branch}`)
  return sha
}

/** Checks out a commit already fetched, detached, with a clean tree (after the head's work tree is written). */
export async function checkoutCommit(run: Run, sha: string): Promise<void> {
  await worktreeWritten(run)
  const g = git(run)
  await g.exec(['checkout', '--force', '--detach', '--no-recurse-submodules', sha, '--'])
  await g.exec(['clean', '-ffdx', '--quiet'])
}

/** The merge-base of two commits, as a full clone would give it. */
export async function mergeBase(run: Run, a: string, b: string): Promise<string> {
  const g = await graph(run)
  const base = await g.mergeBase(a, b)
  await g.ensureCommit(base)
  return base
}

/** Whether `a` is an ancestor of `b`, as a full clone would answer. */
export async function isAncestor(run: Run, a: string, b: string): Promise<boolean> {
  return (await graph(run)).isAncestor(a, b)
}

const known = new WeakMap<Run, Set<string>>()

/** Makes sure a commit the run reads (a base captured in an earlier run, say) is in the checkout. */
async function present(run: Run, sha: string): Promise<void> {
  const seen = known.get(run) ?? new Set<string>()
  known.set(run, seen)
  if (seen.has(sha) || !/^[0-9a-f]{40}$|^[0-9a-f]{64}$/.test(sha)) return
  await (await graph(run)).ensureCommit(sha)
  seen.add(sha)
}

const changesRead = new WeakMap<Run, Map<string, Promise<{ files: string[]; map: ChangeMap }>>>()

/**
 * The changed files (as of head, deletions left out) and, per file, the lines the change wrote; read once per run for
 * each base and head (a round asks twice, and the two diffs are the largest git work of a round after the checkout).
 */
export function changes(
  run: Run,
  base: string,
  head: string
): Promise<{ files: string[]; map: ChangeMap }> {
  type Read = Promise<{ files: string[]; map: ChangeMap }>
  const read = changesRead.get(run) ?? new Map<string, Read>()
  changesRead.set(run, read)
  const key = `${base}..${head}`
  let found = read.get(key)
  if (!found) {
    found = readChanges(run, base, head)
    read.set(key, found)
    found.catch(() => read.delete(key))
  }
  // Copies: what one caller keeps (the invocation's changed files) is never another's.
  return found.then(c => ({ files: [...c.files], map: new Map(c.map) }))
}

async function readChanges(
  run: Run,
  base: string,
  head: string
): Promise<{ files: string[]; map: ChangeMap }> {
  const g = git(run)
  await present(run, base)
  await present(run, head)
  const files = (await g.changedFiles(base, head)).filter(f => !f.deleted).map(f => f.path)
  const lines = await g.diffLines(base, head)
  const map = new Map(
    [...lines].map(([file, l]): [string, FileChange] => {
      const from = l.renamedFrom ?? l.copiedFrom
      return [
        file,
        from
          ? { created: l.created, addedLines: l.added, from }
          : { created: l.created, addedLines: l.added }
      ]
    })
  )
  return { files, map }
}

/** A file at a commit: its text and lines, or why the loop cannot edit it (absent, a link, binary, not a file). */
export type FileAt =
  | { kind: 'text'; text: string; lines: string[] }
  | { kind: 'absent' }
  | { kind: 'other'; what: string }

/** Reads a file at a commit for verification and writing. */
export async function fileAt(run: Run, sha: string, file: string): Promise<FileAt> {
  await present(run, sha)
  const blob = await git(run).readBlob(sha, file)
  if (blob.kind === 'absent') return { kind: 'absent' }
  if (blob.kind === 'binary') return { kind: 'other', what: 'a binary file' }
  if (blob.kind === 'not-a-file') return { kind: 'other', what: `not a file (a ${blob.type})` }
  if (blob.symlink) return { kind: 'other', what: 'a symbolic link' }
  const lines = blob.text.split('\n')
  if (blob.text.endsWith('\n')) lines.pop()
  return { kind: 'text', text: blob.text, lines }
}

/** A path inside the workspace that is a regular file (never a link), or an error: a fix never writes anywhere else. */
async function writablePath(workspace: string, file: string): Promise<string> {
  const root = await realpath(workspace)
  const full = path.join(root, file)
  const info = await lstat(full)
  const dir = await realpath(path.dirname(full))
  if (!info.isFile() || (dir !== root && !dir.startsWith(root + path.sep))) {
    throw new Error(`refusing to write ${file}: it is not a regular file inside the checkout`)
  }
  return full
}

/** Writes the files and commits them as the bot on the checkout; answers the commit's SHA. */
export async function commitFiles(
  run: Run,
  contents: Map<string, string>,
  message: string
): Promise<string> {
  await worktreeWritten(run)
  const g = git(run)
  for (const [file, text] of contents)
    await writeFile(await writablePath(run.env.workspace, file), text)
  return commitAll(g, {
    message,
    authorName: ACTIONS_BOT_LOGIN,
    authorEmail: ACTIONS_BOT_EMAIL,
    paths: [...contents.keys()]
  })
}

/** Pushes `sha` fast-forward only onto `branch`, which must still be at `expected` (null: it must not exist yet). */
export async function pushCommit(
  run: Run,
  sha: string,
  branch: string,
  expected: string | null
): Promise<Pushed> {
  const result = await pushFastForward({
    workspace: run.env.workspace,
    remoteUrl: remoteUrl(run.env),
    token: run.settings.githubToken,
    sha,
    branch,
    expectedRemoteSha: expected
  })
  if (result.pushed) return { pushed: true, sha }
  return {
    pushed: false,
    reason: result.reason,
    detail: result.detail,
    ...(result.remoteSha ? { remoteSha: result.remoteSha } : {})
  }
}
