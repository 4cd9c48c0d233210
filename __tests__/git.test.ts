/** The git boundary against real repositories: a bare file:// remote, and a loopback smart-HTTP server for the token. */
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals'
import { execFileSync, spawn } from 'node:child_process'
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Git } from '../src/git/git.js'
import { commitAll, NothingToCommitError } from '../src/git/commit.js'
import { checkoutPullHead, HeadMovedError, pushFastForward } from '../src/git/checkout.js'
import { PullGraph } from '../src/git/graph.js'
import { cleanupMessage } from '../src/git/filters.js'
import { harnessGitEnv } from '../__fixtures__/harness/git-remote.js'
import { growth, LINEAR_BOUND } from '../__fixtures__/linear.js'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** Runs plain git (hooks and all) for fixture set-up. */
function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: harnessGitEnv(), encoding: 'utf8' }).trim()
}

function write(dir: string, files: Record<string, string>, executable = false): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), content)
    if (executable) chmodSync(join(dir, path), 0o755)
  }
}

const numbered = (n: number): string =>
  Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('')

interface Fixture {
  root: string
  bare: string
  url: string
  /** A user config naming hooks of its own, to prove the per-command config wins over it too. */
  gitEnv: Record<string, string>
  forkPoint: string
  mainSha: string
  featureFirst: string
  featureSha: string
  theirsSha: string
}

/** Every hook or fsmonitor that runs appends its name to `<worktree>.markers`, beside the worktree. */
const hookScript = (name: string): string => `#!/bin/sh\necho ${name} >> "$PWD.markers"\n`
const HOOKS = ['pre-commit', 'post-checkout', 'post-commit', 'pre-push', 'reference-transaction']

/**
 * main: a.txt, keep.txt, "old name.txt"; then main moves on (main-only.txt).
 * feature (from the fork point, two commits): edits a.txt, adds a unicode path and a binary file,
 * renames "old name.txt" with an edit, deletes keep.txt, and ships executable hooks in .githooks/.
 * The same head is published as refs/pull/7/head, as GitHub does for forks.
 */
function buildTemplate(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'review-loop-git-'))
  roots.push(root)
  const bare = join(root, 'remote.git')
  sh(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare)
  // The server's own hooks are the server's business; on github.com none run on the runner.
  sh(bare, 'config', 'core.hooksPath', '/dev/null')
  const seed = join(root, 'seed')
  sh(root, 'init', '--quiet', '--initial-branch=main', seed)
  write(seed, { 'a.txt': numbered(10), 'keep.txt': 'keep\n', 'old name.txt': numbered(20) })
  sh(seed, 'add', '-A')
  sh(seed, 'commit', '--quiet', '-m', 'base')
  const forkPoint = sh(seed, 'rev-parse', 'HEAD')

  sh(seed, 'checkout', '--quiet', '-b', 'feature')
  write(seed, { 'a.txt': numbered(10).replace('line 3\n', 'line three\n') + 'line 11\n' })
  sh(seed, 'commit', '--quiet', '-am', 'feature one')
  const featureFirst = sh(seed, 'rev-parse', 'HEAD')
  sh(seed, 'mv', 'old name.txt', 'new name.txt')
  write(seed, { 'new name.txt': numbered(20).replace('line 5\n', 'line five\n') })
  sh(seed, 'rm', '--quiet', 'keep.txt')
  write(seed, { 'dïr/nëw file.txt': 'hello\nworld\n', 'bin.dat': '\0\x01\x02binary' })
  write(
    seed,
    {
      '.githooks/pre-commit': hookScript('pr-pre-commit'),
      '.githooks/post-checkout': hookScript('pr-post-checkout'),
      '.githooks/post-commit': hookScript('pr-post-commit'),
      '.githooks/reference-transaction': hookScript('pr-reference-transaction')
    },
    true
  )
  sh(seed, 'add', '-A')
  sh(seed, 'commit', '--quiet', '-m', 'feature two')
  const featureSha = sh(seed, 'rev-parse', 'HEAD')
  // Someone else's later push onto feature, parked where no fetch looks until a test publishes it.
  write(seed, { 'theirs.txt': 'their work\n' })
  sh(seed, 'add', '-A')
  sh(seed, 'commit', '--quiet', '-m', 'theirs')
  const theirsSha = sh(seed, 'rev-parse', 'HEAD')

  sh(seed, 'checkout', '--quiet', 'main')
  write(seed, { 'main-only.txt': 'main moved on\n' })
  sh(seed, 'add', '-A')
  sh(seed, 'commit', '--quiet', '-m', 'main moves on')
  const mainSha = sh(seed, 'rev-parse', 'HEAD')
  sh(seed, 'push', '--quiet', bare, 'main', `${featureSha}:refs/heads/feature`)
  sh(seed, 'push', '--quiet', bare, `${featureSha}:refs/pull/7/head`, 'feature:refs/parked/theirs')

  const userHooks = join(root, 'user-hooks')
  for (const hook of HOOKS) write(userHooks, { [hook]: hookScript(`user-${hook}`) }, true)
  write(root, { 'fsmonitor.sh': hookScript('fsmonitor') }, true)
  const userConfig = join(root, 'user.gitconfig')
  writeFileSync(userConfig, `[core]\n\thooksPath = ${userHooks}\n`)
  return {
    root,
    bare,
    url: `file://${bare}`,
    gitEnv: { GIT_CONFIG_GLOBAL: userConfig, GIT_CONFIG_NOSYSTEM: '1' },
    forkPoint,
    mainSha,
    featureFirst,
    featureSha,
    theirsSha
  }
}

let template: Fixture
beforeAll(() => {
  template = buildTemplate()
})

/** A private copy of the template's remote, so a test may push to it. */
function makeFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'review-loop-git-'))
  roots.push(root)
  const bare = join(root, 'remote.git')
  cpSync(template.bare, bare, { recursive: true })
  return { ...template, root, bare, url: `file://${bare}` }
}

/** A workspace as actions/checkout leaves it for an issue_comment run: main, depth 1, origin set. */
function actionsCheckoutWorkspace(fx: Fixture, url = fx.url): string {
  const ws = join(fx.root, 'ws-existing')
  sh(fx.root, 'init', '--quiet', ws)
  sh(ws, 'remote', 'add', 'origin', url)
  if (url.startsWith('file:')) {
    sh(ws, 'fetch', '--quiet', '--depth=1', 'origin', '+refs/heads/main:refs/remotes/origin/main')
    sh(ws, 'checkout', '--quiet', '--force', '-B', 'main', 'refs/remotes/origin/main')
  }
  return ws
}

/** Plants hooks everywhere a repository could name them, and an fsmonitor that would run. */
function armHooks(ws: string): void {
  for (const hook of HOOKS) {
    write(join(ws, '.git', 'hooks'), { [hook]: hookScript(`git-dir-${hook}`) }, true)
  }
  sh(ws, 'config', 'core.hooksPath', '.githooks')
  sh(ws, 'config', 'core.fsmonitor', join(template.root, 'fsmonitor.sh'))
}

/** What hooks ran in the worktree `ws`. */
const markersOf = (ws: string): string =>
  existsSync(`${ws}.markers`) ? readFileSync(`${ws}.markers`, 'utf8') : ''

describe('checkoutPullHead', () => {
  it('checks out a same-repository PR into an empty workspace and computes the merge-base', async () => {
    const fx = makeFixture()
    const ws = join(fx.root, 'ws-empty')
    const result = await checkoutPullHead({
      workspace: ws,
      remoteUrl: fx.url,
      baseRef: 'main',
      headFetchRef: 'refs/heads/feature',
      headSha: fx.featureSha,
      git: { env: fx.gitEnv }
    })
    expect(result).toMatchObject({ mergeBase: fx.forkPoint, headSha: fx.featureSha })
    expect(sh(ws, 'rev-parse', 'HEAD')).toBe(fx.featureSha)
    expect(sh(ws, 'status', '--porcelain', '--untracked-files=all')).toBe('')
    expect(readFileSync(join(ws, 'dïr', 'nëw file.txt'), 'utf8')).toBe('hello\nworld\n')
    const git = new Git(ws, { env: fx.gitEnv })
    const graph = new PullGraph(git, fx.url)
    expect(await graph.mergeBase(result.mergeBase, result.headSha)).toBe(fx.forkPoint)
    expect(await graph.isAncestor(fx.forkPoint, fx.featureSha)).toBe(true)
    expect(await graph.isAncestor(fx.featureSha, fx.mainSha)).toBe(false)
    expect(await git.revParse('refs/remotes/origin/feature')).toBe(fx.featureSha)
    expect(await git.tryRevParse('refs/remotes/origin/nope')).toBeUndefined()
    expect(markersOf(ws)).toBe('')
  })

  it('while the work tree is written, lets reads of the objects through and holds every other command', async () => {
    const fx = makeFixture()
    const ws = join(fx.root, 'ws-held')
    const spec = { baseRef: 'main', headFetchRef: 'refs/heads/feature', headSha: fx.featureSha }
    await checkoutPullHead({ ...spec, workspace: ws, remoteUrl: fx.url, git: { env: fx.gitEnv } })
    const git = new Git(ws, { env: fx.gitEnv })
    let written!: () => void
    git.holdWorktree(new Promise<void>(resolve => (written = resolve)))
    const done: string[] = []
    const status = git.exec(['status', '--porcelain']).then(() => done.push('status'))
    const head = git.revParse('HEAD').then(() => done.push('HEAD'))
    const commit = git
      .exec(['log', '-1', '--format=%H', fx.featureSha])
      .then(() => done.push('log'))
    expect((await git.changedFiles(fx.forkPoint, fx.featureSha)).length).toBeGreaterThan(0)
    expect(await git.readFile(fx.featureSha, 'a.txt')).toBeDefined()
    await commit
    expect(done).toEqual(['log'])
    written()
    await Promise.all([status, head])
    expect(done.sort()).toEqual(['HEAD', 'log', 'status'])
  })

  it('refuses a checkout it did not make (an actions/checkout workspace) and leaves it as found', async () => {
    const fx = makeFixture()
    const ws = actionsCheckoutWorkspace(fx)
    const before = sh(ws, 'rev-parse', 'HEAD')
    await expect(
      checkoutPullHead({
        workspace: ws,
        remoteUrl: fx.url,
        baseRef: 'refs/heads/main',
        headFetchRef: 'refs/pull/7/head',
        headSha: fx.featureSha,
        git: { env: fx.gitEnv }
      })
    ).rejects.toThrow(/neither empty nor a checkout review-loop made/)
    expect(sh(ws, 'rev-parse', 'HEAD')).toBe(before)
  })

  it('checks out a fork PR, then makes a fresh checkout over its own earlier one, running no hook', async () => {
    const fx = makeFixture()
    const ws = join(fx.root, 'ws-fork')
    const spec = {
      workspace: ws,
      remoteUrl: fx.url,
      baseRef: 'refs/heads/main',
      headFetchRef: 'refs/pull/7/head',
      headSha: fx.featureSha,
      git: { env: fx.gitEnv }
    }
    await checkoutPullHead(spec)
    armHooks(ws)
    write(ws, { 'a.txt': 'dirty\n', 'stray.txt': 'untracked\n' })
    const result = await checkoutPullHead(spec)
    expect(result).toEqual({
      mergeBase: fx.forkPoint,
      headSha: fx.featureSha,
      headTrackingRef: 'refs/remotes/origin/pull/7/head'
    })
    expect(sh(ws, 'rev-parse', 'HEAD')).toBe(fx.featureSha)
    expect(sh(ws, 'status', '--porcelain', '--untracked-files=all')).toBe('')
    expect(existsSync(join(ws, 'stray.txt'))).toBe(false)
    // The PR's own .githooks are on disk and the user's config names them, yet nothing ran.
    expect(existsSync(join(ws, '.githooks', 'post-checkout'))).toBe(true)
    expect(markersOf(ws)).toBe('')
  })

  it('throws HeadMovedError with both SHAs when the PR moved after the API read', async () => {
    const fx = makeFixture()
    const ws = join(fx.root, 'ws-moved')
    const attempt = checkoutPullHead({
      workspace: ws,
      remoteUrl: fx.url,
      baseRef: 'main',
      headFetchRef: 'refs/heads/feature',
      headSha: fx.featureFirst,
      git: { env: fx.gitEnv }
    })
    await expect(attempt).rejects.toBeInstanceOf(HeadMovedError)
    await expect(attempt).rejects.toMatchObject({
      expectedSha: fx.featureFirst,
      actualSha: fx.featureSha
    })
  })

  it.each([
    [{ headSha: 'abc123' }, /headSha must be a full 40- or 64-character/],
    [
      { headFetchRef: 'feature' },
      /must be a full ref: refs\/heads\/<branch> or refs\/pull\/<n>\/head/
    ],
    [
      { headFetchRef: 'refs/heads/bad..name' },
      /headFetchRef "refs\/heads\/bad..name" is not a valid git ref/
    ],
    [{ baseRef: 'refs/tags/v1' }, /baseRef "refs\/tags\/v1" must be a branch/],
    [{ remoteUrl: 'https://x-access-token:secret@example.invalid/o/r.git' }, /embeds credentials/]
  ])('rejects bad input %j with a clear error', async (override, message) => {
    const fx = makeFixture()
    const attempt = checkoutPullHead({
      workspace: join(fx.root, 'ws-bad'),
      remoteUrl: fx.url,
      baseRef: 'main',
      headFetchRef: 'refs/heads/feature',
      headSha: fx.featureSha,
      git: { env: fx.gitEnv },
      ...override
    })
    await expect(attempt).rejects.toThrow(message)
  })

  it('refuses a non-empty folder that is not a checkout rather than wiping it', async () => {
    const fx = makeFixture()
    const ws = join(fx.root, 'ws-foreign')
    write(ws, { 'precious.txt': 'keep me\n' })
    await expect(
      checkoutPullHead({
        workspace: ws,
        remoteUrl: fx.url,
        baseRef: 'main',
        headFetchRef: 'refs/heads/feature',
        headSha: fx.featureSha,
        git: { env: fx.gitEnv }
      })
    ).rejects.toThrow(/neither empty nor a checkout review-loop made/)
    expect(readFileSync(join(ws, 'precious.txt'), 'utf8')).toBe('keep me\n')
  })
})

describe('reading the change', () => {
  let fx: Fixture
  let git: Git
  let base: string
  beforeAll(async () => {
    fx = makeFixture()
    const ws = join(fx.root, 'ws-read')
    await checkoutPullHead({
      workspace: ws,
      remoteUrl: fx.url,
      baseRef: 'main',
      headFetchRef: 'refs/heads/feature',
      headSha: fx.featureSha,
      git: { env: fx.gitEnv }
    })
    git = new Git(ws, { env: fx.gitEnv })
    base = (
      await checkoutPullHead({
        workspace: ws,
        remoteUrl: fx.url,
        baseRef: 'main',
        headFetchRef: 'refs/heads/feature',
        headSha: fx.featureSha,
        git: { env: fx.gitEnv }
      })
    ).mergeBase
  })

  it('lists changed files with renames and deletions, paths as of head', async () => {
    const files = await git.changedFiles(base, fx.featureSha)
    expect(files).toEqual(
      expect.arrayContaining([
        { path: 'a.txt', status: 'modified', deleted: false },
        { path: 'keep.txt', status: 'deleted', deleted: true },
        {
          path: 'new name.txt',
          status: 'renamed',
          oldPath: 'old name.txt',
          similarity: expect.any(Number),
          deleted: false
        },
        { path: 'dïr/nëw file.txt', status: 'added', deleted: false },
        { path: 'bin.dat', status: 'added', deleted: false }
      ])
    )
    expect(files.map(f => f.path)).not.toContain('main-only.txt')
  })

  it('knows which head lines the change wrote', async () => {
    const lines = await git.diffLines(base, fx.featureSha)
    expect([...(lines.get('a.txt')?.added ?? [])]).toEqual([3, 11])
    expect(lines.get('new name.txt')).toMatchObject({
      renamedFrom: 'old name.txt',
      added: new Set([5])
    })
    expect(lines.get('dïr/nëw file.txt')).toMatchObject({ created: true, added: new Set([1, 2]) })
    expect(lines.get('keep.txt')).toMatchObject({ deleted: true, added: new Set() })
    expect(lines.get('bin.dat')).toMatchObject({ created: true, binary: true })
  })

  it('reads files at a commit: text, absent, binary, directory', async () => {
    expect(await git.readFile(fx.featureSha, 'dïr/nëw file.txt')).toBe('hello\nworld\n')
    expect(await git.readFile(fx.featureSha, 'keep.txt')).toBeUndefined()
    expect(await git.readFile(base, 'keep.txt')).toBe('keep\n')
    expect(await git.readBlob(fx.featureSha, 'bin.dat')).toEqual({ kind: 'binary', size: 9 })
    expect(await git.readFile(fx.featureSha, 'bin.dat')).toBeUndefined()
    expect(await git.readBlob(fx.featureSha, 'dïr')).toEqual({ kind: 'not-a-file', type: 'tree' })
    expect(await git.lineCount(fx.featureSha, 'a.txt')).toBe(11)
    expect(await git.lineCount(fx.featureSha, 'missing.txt')).toBeUndefined()
    await expect(git.readBlob(fx.featureSha, '/etc/passwd')).rejects.toThrow(/repository-relative/)
  })
})

const author = { authorName: 'review-loop', authorEmail: 'review-loop@example.invalid' }

let preparedTemplate: { root: string; ws: string } | undefined

/**
 * A checkout of the PR head (made by checkoutPullHead over an armed actions/checkout workspace) and a
 * private remote, copied from one made once: copying is far cheaper than the git calls.
 */
async function preparedHead(fx: Fixture): Promise<{ ws: string; git: Git }> {
  if (preparedTemplate === undefined) {
    const ws = join(template.root, 'ws-template')
    await checkoutPullHead({
      workspace: ws,
      remoteUrl: template.url,
      baseRef: 'main',
      headFetchRef: 'refs/heads/feature',
      headSha: template.featureSha,
      git: { env: template.gitEnv }
    })
    armHooks(ws)
    preparedTemplate = { root: template.root, ws }
  }
  const ws = join(fx.root, 'ws-prepared')
  cpSync(preparedTemplate.ws, ws, { recursive: true })
  return { ws, git: new Git(ws, { env: fx.gitEnv }) }
}

/** Someone else pushes a commit onto the remote feature branch. */
function pushFromElsewhere(fx: Fixture): string {
  sh(fx.bare, 'update-ref', 'refs/heads/feature', fx.theirsSha, fx.featureSha)
  return fx.theirsSha
}

describe('landing commits', () => {
  it('commits only the given paths, runs no hook, and fast-forwards the remote branch', async () => {
    const fx = makeFixture()
    const { ws, git } = await preparedHead(fx)
    write(ws, {
      'a.txt': numbered(11).replace('line 3\n', 'line 3 fixed\n'),
      'other.txt': 'not mine\n'
    })
    const sha = await commitAll(git, {
      ...author,
      message: '#1 fix: restore line 3\n\nFinding F1.',
      paths: ['a.txt']
    })
    expect(sh(ws, 'rev-parse', `${sha}^`)).toBe(fx.featureSha)
    expect(sh(ws, 'log', '-1', '--format=%an <%ae>|%cn|%B', sha)).toBe(
      'review-loop <review-loop@example.invalid>|review-loop|#1 fix: restore line 3\n\nFinding F1.'
    )
    expect(sh(ws, 'show', '--name-only', '--format=', sha)).toBe('a.txt')
    expect(sh(ws, '-c', 'core.fsmonitor=false', 'status', '--porcelain')).toBe('?? other.txt')

    const result = await pushFastForward({
      workspace: ws,
      remoteUrl: fx.url,
      sha,
      branch: 'feature',
      expectedRemoteSha: fx.featureSha,
      git: { env: fx.gitEnv }
    })
    expect(result).toEqual({ pushed: true, sha, alreadyThere: false })
    expect(sh(fx.root, '--git-dir', fx.bare, 'rev-parse', 'refs/heads/feature')).toBe(sha)
    expect(markersOf(ws)).toBe('')

    const again = await pushFastForward({
      workspace: ws,
      remoteUrl: fx.url,
      sha,
      branch: 'feature',
      expectedRemoteSha: fx.featureSha,
      git: { env: fx.gitEnv }
    })
    expect(again).toEqual({ pushed: true, sha, alreadyThere: true })
  })

  it('stages deletions and refuses an empty change with a clear error', async () => {
    const fx = makeFixture()
    const { ws, git } = await preparedHead(fx)
    await expect(
      commitAll(git, { ...author, message: 'nothing', paths: ['a.txt'] })
    ).rejects.toThrow(NothingToCommitError)
    await expect(commitAll(git, { ...author, message: 'x', paths: [] })).rejects.toThrow(
      /at least one path/
    )
    rmSync(join(ws, 'a.txt'))
    const sha = await commitAll(git, { ...author, message: 'drop a.txt', paths: ['a.txt'] })
    expect(sh(ws, 'show', '--name-status', '--format=', sha)).toBe('D\ta.txt')
  })

  it('does not push when the branch moved, and the remote keeps the other commit', async () => {
    const fx = makeFixture()
    const { ws, git } = await preparedHead(fx)
    write(ws, { 'a.txt': 'fixed\n' })
    const sha = await commitAll(git, { ...author, message: 'fix', paths: ['a.txt'] })
    const theirs = pushFromElsewhere(fx)

    const result = await pushFastForward({
      workspace: ws,
      remoteUrl: fx.url,
      sha,
      branch: 'feature',
      expectedRemoteSha: fx.featureSha,
      git: { env: fx.gitEnv }
    })
    expect(result).toMatchObject({ pushed: false, reason: 'moved', remoteSha: theirs })
    expect(sh(fx.root, '--git-dir', fx.bare, 'rev-parse', 'refs/heads/feature')).toBe(theirs)
  })

  it('lets git reject a non-fast-forward that races the check', async () => {
    const fx = makeFixture()
    const { ws, git } = await preparedHead(fx)
    write(ws, { 'a.txt': 'fixed\n' })
    const sha = await commitAll(git, { ...author, message: 'fix', paths: ['a.txt'] })
    const theirs = pushFromElsewhere(fx)

    // The check passes (as if their push landed just after our ls-remote); git must refuse anyway.
    const result = await pushFastForward({
      workspace: ws,
      remoteUrl: fx.url,
      sha,
      branch: 'feature',
      expectedRemoteSha: theirs,
      git: { env: fx.gitEnv }
    })
    expect(result).toMatchObject({ pushed: false, reason: 'rejected' })
    expect(result.pushed === false && result.detail).toMatch(
      /rejected|fetch first|non-fast-forward/
    )
    expect(sh(fx.root, '--git-dir', fx.bare, 'rev-parse', 'refs/heads/feature')).toBe(theirs)
  })

  it('creates a new branch only when it does not exist yet', async () => {
    const fx = makeFixture()
    const { ws, git } = await preparedHead(fx)
    write(ws, { 'a.txt': 'stacked fix\n' })
    const sha = await commitAll(git, { ...author, message: 'stacked', paths: ['a.txt'] })
    const spec = { workspace: ws, remoteUrl: fx.url, sha, git: { env: fx.gitEnv } }
    expect(
      await pushFastForward({ ...spec, branch: 'review-loop/pr-7', expectedRemoteSha: null })
    ).toEqual({
      pushed: true,
      sha,
      alreadyThere: false
    })
    expect(
      await pushFastForward({ ...spec, branch: 'main', expectedRemoteSha: null })
    ).toMatchObject({
      pushed: false,
      reason: 'moved',
      remoteSha: fx.mainSha
    })
  })
})

/** A smart-HTTP git server on 127.0.0.1 (git http-backend as CGI) that admits exactly one given AUTHORIZATION. */
async function startHttpRemote(projectRoot: string, authorization: string) {
  const seen: string[][] = []
  const server: Server = createServer((req, res) => {
    const auths: string[] = []
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i]?.toLowerCase() === 'authorization')
        auths.push(req.rawHeaders[i + 1] ?? '')
    }
    seen.push(auths)
    if (auths.length !== 1 || auths[0] !== authorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="test"' }).end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...harnessGitEnv(),
        GIT_PROJECT_ROOT: projectRoot,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'x-access-token',
        REMOTE_ADDR: '127.0.0.1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-length'] ? { CONTENT_LENGTH: req.headers['content-length'] } : {}),
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? '')
      }
    })
    req.pipe(cgi.stdin)
    const chunks: Buffer[] = []
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c))
    cgi.on('close', () => {
      const out = Buffer.concat(chunks)
      const split = out.indexOf('\r\n\r\n')
      const head = out.subarray(0, split).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      let status = 200
      for (const line of head) {
        const [name = '', ...rest] = line.split(': ')
        if (name.toLowerCase() === 'status') status = parseInt(rest.join(': '), 10)
        else headers[name] = rest.join(': ')
      }
      res.writeHead(status, headers).end(out.subarray(split + 4))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return { seen, port, close: () => new Promise(resolve => server.close(resolve)) }
}

describe('credentials over http(s)', () => {
  it('authenticates fetch, ls-remote and push per command and leaves no token in .git/config', async () => {
    const fx = makeFixture()
    const token = 'ghs_loopbackToken1234567890'
    const basic = Buffer.from(`x-access-token:${token}`).toString('base64')
    const server = await startHttpRemote(fx.root, `basic ${basic}`)
    try {
      const url = `http://127.0.0.1:${server.port}/remote.git`
      const ws = join(fx.root, 'ws-http')

      await expect(
        checkoutPullHead({
          workspace: ws,
          remoteUrl: url,
          baseRef: 'main',
          headFetchRef: 'refs/pull/7/head',
          headSha: fx.featureSha,
          git: { env: fx.gitEnv, retryDelaysMs: [] }
        })
      ).rejects.toThrow(/fetch/)

      const result = await checkoutPullHead({
        workspace: ws,
        remoteUrl: url,
        token,
        baseRef: 'main',
        headFetchRef: 'refs/pull/7/head',
        headSha: fx.featureSha,
        git: { env: fx.gitEnv }
      })
      expect(result.mergeBase).toBe(fx.forkPoint)
      const before = readFileSync(join(ws, '.git', 'config'), 'utf8')
      write(ws, { 'a.txt': 'over http\n' })
      const git = new Git(ws, { env: fx.gitEnv })
      const sha = await commitAll(git, { ...author, message: 'fix over http', paths: ['a.txt'] })
      const pushed = await pushFastForward({
        workspace: ws,
        remoteUrl: url,
        token,
        sha,
        branch: 'feature',
        expectedRemoteSha: fx.featureSha,
        git: { env: fx.gitEnv }
      })
      expect(pushed).toEqual({ pushed: true, sha, alreadyThere: false })
      expect(sh(fx.root, '--git-dir', fx.bare, 'rev-parse', 'refs/heads/feature')).toBe(sha)

      expect(server.seen.filter(auths => auths.length > 1)).toEqual([])
      expect(server.seen.some(auths => auths[0] === `basic ${basic}`)).toBe(true)
      const after = readFileSync(join(ws, '.git', 'config'), 'utf8')
      expect(after).toBe(before)
      expect(after).not.toContain(token)
      expect(after).not.toContain(basic)
    } finally {
      await server.close()
    }
  })
})

describe("the runner's merge drivers", () => {
  it("never run, though the pull request's .gitattributes names one (a merge fails instead)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'review-loop-merge-driver-'))
    roots.push(root)
    const marker = join(root, 'merge-driver-ran')
    const userConfig = join(root, 'user.gitconfig')
    writeFileSync(
      userConfig,
      `[user]\n\tname = t\n\temail = t@example.com\n[merge "evil"]\n\tdriver = touch ${marker}; exit 1\n`
    )
    const ws = join(root, 'ws')
    sh(root, 'init', '--quiet', ws)
    write(ws, { '.gitattributes': 'x.txt merge=evil\n', 'x.txt': 'one\n' })
    sh(ws, 'add', '-A')
    sh(ws, 'commit', '--quiet', '-m', 'one')
    sh(ws, 'checkout', '--quiet', '-b', 'other')
    write(ws, { 'x.txt': 'two\n' })
    sh(ws, 'commit', '--quiet', '-am', 'two')
    sh(ws, 'checkout', '--quiet', '-')
    write(ws, { 'x.txt': 'three\n' })
    sh(ws, 'commit', '--quiet', '-am', 'three')
    const git = new Git(ws, { env: { GIT_CONFIG_GLOBAL: userConfig, GIT_CONFIG_NOSYSTEM: '1' } })
    const out = await git.tryExec(['merge', '--no-edit', '--no-verify', 'other'])
    expect(existsSync(marker)).toBe(false)
    expect(out.exitCode).not.toBe(0)
  })
})

describe('cleanupMessage', () => {
  it('leaves a message as `git commit --cleanup=whitespace` does, in linear time', () => {
    expect(cleanupMessage('\n\nsubject  \t\n\n\n\nbody line \n\n')).toBe('subject\n\nbody line\n')
    expect(cleanupMessage(`${' '.repeat(256 * 1024)}x`)).toBe(`${' '.repeat(256 * 1024)}x\n`)
    // A run of blanks that a backtracking trim rescans from each position would cost 64 times as much at 8 times the size.
    const blanks = (n: number) => {
      const text = `${' '.repeat(n)}x`
      return () => cleanupMessage(text)
    }
    expect(growth(blanks, 32 * 1024)).toBeLessThan(LINEAR_BOUND)
  })
})
