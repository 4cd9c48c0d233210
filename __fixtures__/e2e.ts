/** Shared pieces of the end-to-end tests: a world per test, step checks, a scripted source. */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, type RunResult } from './harness/index.js'
import { afterEach, beforeEach, expect } from '@jest/globals'
import { LoopWorld } from './loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from './sample-repo.js'
import { carriedText, readStateBlock } from '../src/ledger/codec.js'
import { Ledger } from '../src/loop/model.js'

/**
 * A fresh world per test with the sample pull request #7 open, the offline reviewer as the `command` source and
 * `landing: head`; after each test, no request to the GitHub stand-in broke GitHub's OpenAPI description.
 */
export function useSampleWorld(
  inputs: Record<string, string | undefined> = { command: REVIEWER_COMMAND, landing: 'head' }
): () => LoopWorld {
  let world: LoopWorld | undefined
  beforeEach(async () => {
    world = await LoopWorld.create({ files: BASE_FILES, inputs })
    openSamplePullRequest(world)
  })
  afterEach(async () => {
    expect(world!.fake.violations).toEqual([])
    await world!.dispose()
  })
  return () => world!
}

/** The login the action's token acts as. */
export const BOT = 'github-actions[bot]'

/**
 * Lines up a race: the next `runs` runs each load the ledger (their first listing of the saved revisions) before any
 * of them goes on, as runs started in the same second do.
 */
export function loadTogether(world: LoopWorld, runs: number): void {
  const waiting: (() => void)[] = []
  let seen = 0
  world.fake.onAnswer = entry => {
    if (entry.operationId !== 'actions/get-actions-cache-list' || seen >= runs) return
    seen++
    if (seen === runs) {
      world.fake.onAnswer = undefined
      for (const go of waiting) go()
      return
    }
    return new Promise<void>(resolve => waiting.push(resolve))
  }
}

/** A command source that approves at once. */
export const APPROVE_AT_ONCE = `printf '%s' '{"verdict":"approve","findings":[],"exercised":[]}'`

/** A world (PR 7, `feature` into `main`) whose first round converged at once: the runs after it have nothing to do. */
export async function convergedWorld(): Promise<LoopWorld> {
  const world = await LoopWorld.create({
    inputs: { source: 'command', command: APPROVE_AT_ONCE, landing: 'head' }
  })
  world.fake.setPermission('octo-maintainer', 'write')
  world.sandbox.openPullRequest({
    number: 7,
    title: 'a change',
    headRef: 'feature',
    baseRef: 'main',
    author: 'octo-maintainer'
  })
  const first = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
  if (first.outputs.status !== 'converged')
    throw new Error(`the first round ended ${first.outputs.status}, not converged`)
  return world
}

/**
 * The sample PR's first round asks G1 about its fix; then the run answering `/review-loop G1 apply` is killed (SIGKILL)
 * right after it pushed the fix commit, before its save (the first cache call after the branch moved). Returns the
 * branch's commit before the push and the pushed one.
 */
export async function killAfterFixPush(
  world: LoopWorld
): Promise<{ before: string; pushed: string }> {
  ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
  const before = world.remote.branchSha('feature/not-found')!
  world.killAt({ cache: () => world.remote.branchSha('feature/not-found') !== before })
  const { event } = world.sandbox.postComment(7, {
    login: 'octo-maintainer',
    body: '/review-loop G1 apply'
  })
  expect((await world.run(event)).signal).toBe('SIGKILL')
  const pushed = world.remote.branchSha('feature/not-found')!
  expect(pushed).not.toBe(before)
  return { before, pushed }
}

/** Throws with the step's output when it did not succeed. */
export function ok(result: RunResult): RunResult {
  if (result.exitCode !== 0) {
    throw new Error(`the step failed (${result.exitCode}):\n${result.stdout}\n${result.stderr}`)
  }
  return result
}

/** The action's one status comment (as the fake stores it, so a test can tamper with it). */
export function statusRecord(world: LoopWorld, pr = 7) {
  const found = world.fake.commentList.filter(
    c => c.issue === pr && c.author.login === BOT && c.body.includes('review-loop:state')
  )
  if (found.length !== 1) throw new Error(`expected one status comment, found ${found.length}`)
  return found[0]!
}

/** The ledger as the status comment's state block carries it. */
export function ledgerOf(world: LoopWorld, pr = 7): Ledger {
  const state = readStateBlock(statusRecord(world, pr).body)
  if (!state) throw new Error('the status comment carries no state block')
  return Ledger.parse(JSON.parse(carriedText(state)!))
}

/** The newest `review-loop` commit status on a commit, as branch protection would read it. */
export function mergeGateOn(world: LoopWorld, sha: string) {
  return (world.fake.commitStatuses.get(sha) ?? []).filter(s => s.context === 'review-loop').at(-1)
}

/** The gate comments the action posted. */
export function gateComments(world: LoopWorld, pr = 7) {
  return world.fake.comments(pr).filter(c => c.user.login === BOT && /^### G\d+:/.test(c.body))
}

/** What a scripted source's review call saw of the change's history (`git log base..head`), with `history: true`. */
export interface SeenHistory {
  round: number
  /** Each commit as `<sha>\n<full message>`, newest first. */
  log: string
  error?: string
}

/** A source's review answer for a scripted step: these findings, reaching the contract's closure. */
export const reviewAnswer = (findings: unknown[], verdict = 'needs-attention') => ({
  stdout: { verdict, findings, exercised: { reached: ['contract-closure'], unreached: [] } }
})

/** One Mechanical finding with its fix: the loose comparison the sample PR wrote on src/client.js line 8. */
export const LOOSE_EQUALITY = reviewAnswer([
  {
    severity: 'medium',
    file: 'src/client.js',
    line: 8,
    description: 'Loose equality `==` lets "404" match; use `===`.',
    fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
  }
])

/**
 * A review of `count` distinct concerns on src/config.js, each as real findings are, text that does not compress away:
 * enough of them (2,000) take the ledger past what the status comment carries.
 */
export function manyConcerns(count: number, line: (k: number) => number = k => 1 + (k % 2)) {
  return reviewAnswer(
    Array.from({ length: count }, (_, k) => ({
      severity: 'medium',
      file: 'src/config.js',
      line: line(k),
      description: `Concern ${k}: ${createHash('sha256').update(`concern ${k}`).digest('hex')}.`
    }))
  )
}

/** A source's approving review: no findings. */
export const APPROVAL = reviewAnswer([], 'approve')

/** A command source answering from a script, one entry per call; it records every request it got. */
export function scriptedSource(
  steps: { stdout: unknown; exitCode?: number; stderr?: string }[],
  options: { history?: boolean } = {}
): {
  command: string
  requests: () => Record<string, unknown>[]
  /** With `history: true`: what each review call saw of `git log base..head` in its working directory. */
  history: () => SeenHistory[]
  /** The script file (its requests are kept beside it). */
  script: string
} {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-script-'))
  const file = join(dir, 'script.json')
  writeFileSync(file, JSON.stringify(steps))
  const flag = options.history ? ' --history' : ''
  return {
    script: file,
    command: `node ${JSON.stringify(join(REPO_ROOT, '__fixtures__', 'scripted-source.mjs'))} ${JSON.stringify(file)}${flag}`,
    requests: () => jsonLines(`${file}.requests.jsonl`),
    history: () => jsonLines(`${file}.history.jsonl`) as unknown as SeenHistory[]
  }
}

function jsonLines(path: string): Record<string, unknown>[] {
  if (!existsSync(path)) return []
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .filter(l => l !== '')
    .map(l => JSON.parse(l) as Record<string, unknown>)
}

/**
 * A scripted source behind the `review` role and the stand-in driver behind the driver's roles, in one `command`
 * (set `driver: command`); it records the source's requests and, in `driverLog`, every driver request. `env` goes to
 * the run; `DRIVER_STANDIN_FAIL` in it (roles, comma-separated) makes those driver calls fail.
 */
export function scriptedSourceAndDriver(
  steps: { stdout: unknown; exitCode?: number; stderr?: string }[],
  options: { history?: boolean } = {}
): {
  command: string
  requests: () => Record<string, unknown>[]
  history: () => SeenHistory[]
  driverRequests: () => Record<string, unknown>[]
  env: Record<string, string>
} {
  const source = scriptedSource(steps, options)
  const script = source.script
  const log = `${script}.driver.jsonl`
  writeFileSync(log, '')
  return {
    command: `node ${JSON.stringify(join(REPO_ROOT, '__fixtures__', 'review-and-drive.mjs'))} ${JSON.stringify(script)}${options.history ? ' --history' : ''}`,
    requests: source.requests,
    history: source.history,
    driverRequests: () => jsonLines(log),
    env: { DRIVER_STANDIN_LOG: log }
  }
}

/** A pull request for `usePullRequestWorld`: its files over the default branch's, and what its author says of it. */
export interface PullRequestSpec {
  base: Record<string, string>
  files: Record<string, string>
  title: string
  body?: string
  /** The action's inputs for every run (default: `landing: head`). */
  inputs?: Record<string, string | undefined>
}

/**
 * A fresh world per test holding one pull request, #7 (`feature/change` into `main`) by `octo-author`, with
 * `octo-maintainer` (write) to answer; after each test, no request to the GitHub stand-in broke GitHub's OpenAPI
 * description.
 */
export function usePullRequestWorld(spec: PullRequestSpec): () => LoopWorld {
  let world: LoopWorld | undefined
  beforeEach(async () => {
    world = await LoopWorld.create({ files: spec.base, inputs: spec.inputs ?? { landing: 'head' } })
    world.fake.setPermission('octo-maintainer', 'write')
    world.fake.setPermission('octo-author', 'write')
    world.sandbox.openPullRequest({
      number: 7,
      title: spec.title,
      body: spec.body ?? '',
      headRef: 'feature/change',
      baseRef: 'main',
      author: 'octo-author',
      files: spec.files,
      message: spec.title
    })
  })
  afterEach(async () => {
    expect(world!.fake.violations).toEqual([])
    await world!.dispose()
  })
  return () => world!
}
