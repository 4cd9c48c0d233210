/**
 * What git work a round does (issue 16): none whose answer the round does not use, no question asked twice, and the
 * checkout's fetches under way while the run reads its ledger.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ledgerOf, ok } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'

/** A source that approves at once: the round has no finding to place on the diff. */
const APPROVE = `printf '%s' '{"verdict":"approve","findings":[],"exercised":[]}'`

/** The processes git's trace says were started, as far as it is written (the last line may be cut short while git writes). */
function traceStarts(trace: string): { sid: string; argv: string[] }[] {
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap(line => {
      try {
        return [JSON.parse(line) as { event: string; sid: string; argv?: string[] }]
      } catch {
        return []
      }
    })
    .filter(e => e.event === 'start' && e.argv !== undefined)
    .map(e => ({ sid: e.sid, argv: e.argv! }))
}

/** The argument lists of the `git diff` processes a run started (the action puts its `-c` settings before the command). */
function gitDiffs(trace: string): string[][] {
  return traceStarts(trace)
    .map(e => e.argv)
    .filter(argv => argv.includes('diff'))
}

/**
 * The git commands the action itself started, in order (not the processes git starts for them: their session IDs
 * name a parent), each without `git` and the `-c` settings put before every command.
 */
function actionGits(trace: string): string[][] {
  return traceStarts(trace)
    .filter(e => !e.sid.includes('/'))
    .map(e => e.argv.slice(1).filter((a, i, all) => a !== '-c' && all[i - 1] !== '-c'))
}

/**
 * Holds GitHub's `nth` answer to `operation` until `seen()` holds (or 60 s have passed); the returned function says
 * whether it held by then (undefined until that answer was given).
 */
function holdUntil(
  world: LoopWorld,
  operation: string,
  seen: () => boolean,
  nth = 1
): () => boolean | undefined {
  let answers = 0
  let held: boolean | undefined
  world.fake.onAnswer = async entry => {
    if (entry.operationId !== operation || ++answers !== nth) return
    for (let waited = 0; !seen() && waited < 60_000; waited += 50)
      await new Promise(resolve => setTimeout(resolve, 50))
    held = seen()
  }
  return () => held
}

/** A world with pull request #7 (`feature` onto `main`) and a source that approves at once. */
async function approvingWorld(): Promise<LoopWorld> {
  const made = await LoopWorld.create({
    inputs: { source: 'command', command: APPROVE, landing: 'head' }
  })
  made.sandbox.openPullRequest({
    number: 7,
    title: 'a change',
    headRef: 'feature',
    baseRef: 'main',
    author: 'octo-author'
  })
  return made
}

describe('git work of a round', () => {
  let world: LoopWorld | undefined
  let dir: string | undefined
  afterEach(async () => {
    expect(world!.fake.violations).toEqual([])
    await world!.dispose()
    rmSync(dir!, { recursive: true, force: true })
  })

  it('a round with no findings diffs the pull request once: the review on the diff has nothing to place', async () => {
    world = await approvingWorld()
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    const diffs = gitDiffs(trace)
    // The round's own read of the change (the lines it wrote), so the trace is known to hold the action's git.
    expect(diffs.filter(argv => argv.includes('-U0'))).toHaveLength(1)
    expect(diffs.filter(argv => argv.includes('-U3'))).toEqual([])
  })

  it('a round asks git nothing twice: no command is run again before a fetch could change its answer', async () => {
    world = await approvingWorld()
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    const gits = actionGits(trace)
    expect(gits.some(argv => argv[0] === 'checkout')).toBe(true)
    const asked = new Set<string>()
    const again: string[] = []
    for (const argv of gits) {
      // A fetch brings commits: a question asked before it (is this commit here?) may be answered otherwise after it.
      if (argv[0] === 'fetch') asked.clear()
      const line = argv.join(' ')
      // `cat-file --batch` reads its questions from its input, which the trace does not show.
      if (argv.some(a => a.startsWith('--batch'))) continue
      if (asked.has(line)) again.push(line)
      asked.add(line)
    }
    expect(again).toEqual([])
  })

  it("writes a large pull request's work tree with a worker process per core (parallel checkout)", async () => {
    world = await approvingWorld()
    // Past git's threshold for parallel checkout (100 files changed in the head's tree).
    const files: Record<string, string> = {}
    for (let i = 0; i < 150; i++) files[`src/many/f${i}.txt`] = `file ${i}\n`.repeat(20)
    world.remote.commit('feature', files)
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    const workers = traceStarts(trace).filter(e => e.argv.includes('checkout--worker'))
    expect(workers.length).toBeGreaterThan(0)
  })

  it("reads the review's diff while the round saves its gates ahead, not after", async () => {
    // The sample pull request: the offline reviewer's findings wait at gates, so the round saves them ahead (one
    // listing of the saved revisions after the load's) and then places its findings on the diff.
    world = await LoopWorld.create({
      files: BASE_FILES,
      inputs: { command: REVIEWER_COMMAND, landing: 'head' }
    })
    openSamplePullRequest(world)
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    const diffedWhileSaving = holdUntil(
      world,
      'actions/get-actions-cache-list',
      () => existsSync(trace) && gitDiffs(trace).some(argv => argv.includes('-U3')),
      2
    )
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('awaiting-decision')
    expect(diffedWhileSaving()).toBe(true)
    // Read once, for all the review's comments.
    expect(gitDiffs(trace).filter(argv => argv.includes('-U3'))).toHaveLength(1)
  })

  it("starts the checkout's fetch from a pull_request event's payload, before the run has read the pull request", async () => {
    world = await approvingWorld()
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    // The run's read of the pull request is answered only once git has started a fetch (or a while has passed).
    const fetchedWhileHeld = holdUntil(
      world,
      'pulls/get',
      () => existsSync(trace) && actionGits(trace).some(argv => argv[0] === 'fetch')
    )
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    expect(fetchedWhileHeld()).toBe(true)
  })

  it('reviews the head the pull request has now when it moved after the event: the checkout begun for the event is left', async () => {
    world = await approvingWorld()
    const event = world.sandbox.pullRequestEvent('opened', 7)
    const moved = world.remote.commit('feature', { 'late.txt': 'pushed after the event\n' })
    const result = ok(await world.run(event))
    expect(result.outputs.status).toBe('converged')
    expect(ledgerOf(world).rounds.map(r => r.head)).toEqual([moved])
  })

  it('a base branch changed after the event: the round checks out against the new base once the checkout begun for the event is done with the folder', async () => {
    world = await approvingWorld()
    world.remote.createBranch('develop', { files: { 'develop.txt': 'the new base\n' } })
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    const event = world.sandbox.pullRequestEvent('opened', 7)
    // As when someone edits the pull request's base on github.com while the run waits for a runner.
    world.fake.pull(7).baseRef = 'develop'
    // A slow fetch of a merge-base (a git on PATH that waits first): the event's checkout is still fetching its own
    // after its work tree is written, when the run asks for the checkout it will take up.
    const bin = join(dir, 'bin')
    mkdirSync(bin)
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\ncase " $* " in *" fetch "*" --depth=1 "*) sleep 2;; esac\nexec ${JSON.stringify(realGit)} "$@"\n`,
      { mode: 0o755 }
    )
    const result = ok(
      await world.run(event, {}, { GIT_TRACE2_EVENT: trace, PATH: `${bin}:${process.env.PATH}` })
    )
    expect(result.outputs.status).toBe('converged')
    const gits = actionGits(trace)
    // Two checkouts, one after the other: the event's (the history cut at main), then the pull request's as read.
    expect(gits.filter(argv => argv[0] === 'init')).toHaveLength(2)
    const cuts = gits.flatMap(argv => argv.filter(a => a.startsWith('--shallow-exclude=')))
    expect(cuts).toEqual([
      '--shallow-exclude=refs/heads/main',
      '--shallow-exclude=refs/heads/develop'
    ])
    // The second began only once the first was done with the folder: after the first's merge-base was fetched and found.
    const secondInit = gits.findLastIndex(argv => argv[0] === 'init')
    const firstMergeBase = gits.findIndex(argv => argv[0] === 'fetch' && argv.includes('--depth=1'))
    expect(firstMergeBase).toBeGreaterThan(-1)
    expect(gits.slice(firstMergeBase + 1, secondInit).some(argv => argv[0] === 'cat-file')).toBe(
      true
    )
  })

  it('a pull request made a draft after the event: the run ignores it, once the checkout begun for the event is done', async () => {
    world = await approvingWorld()
    const event = world.sandbox.pullRequestEvent('opened', 7)
    world.fake.updatePullRequest(7, { draft: true })
    const result = ok(await world.run(event))
    expect(result.outputs.status ?? '').not.toBe('converged')
    expect(result.summary + result.stdout).toMatch(/is a draft/)
    expect(world.fake.requests.filter(r => r.method !== 'GET')).toEqual([])
  })

  it("starts the checkout's fetch while the ledger is being restored, before the run has read it", async () => {
    world = await approvingWorld()
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    // The ledger's restore lists the saved revisions first: that answer is held until git has started a fetch (or a
    // while has passed), so a run that fetches only once it has its ledger never fetches while it is held.
    const fetchedWhileHeld = holdUntil(
      world,
      'actions/get-actions-cache-list',
      () => existsSync(trace) && actionGits(trace).some(argv => argv[0] === 'fetch')
    )
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    expect(fetchedWhileHeld()).toBe(true)
  })
})
