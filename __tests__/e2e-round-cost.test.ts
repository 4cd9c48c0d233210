/**
 * What git work a round does (issue 16): none whose answer the round does not use, no question asked twice, and the
 * checkout's fetches under way while the run reads its ledger.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ledgerOf, ok } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'

/** A source that approves at once: the round has no finding to place on the diff. */
const APPROVE = `printf '%s' '{"verdict":"approve","findings":[],"exercised":[]}'`

/** The argument lists of the `git diff` processes a run started, from git's own trace. */
function gitDiffs(trace: string): string[][] {
  return (
    readFileSync(trace, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line) as { event: string; argv?: string[] })
      // The action puts its `-c` settings before the command.
      .filter(e => e.event === 'start' && e.argv?.includes('diff'))
      .map(e => e.argv!)
  )
}

/**
 * The git commands the action itself started, in order (not the processes git starts for them: their session IDs
 * name a parent), each without `git` and the `-c` settings put before every command.
 */
function actionGits(trace: string): string[][] {
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap(line => {
      // Read while git writes it, the last line may be cut short.
      try {
        return [JSON.parse(line) as { event: string; sid: string; argv?: string[] }]
      } catch {
        return []
      }
    })
    .filter(e => e.event === 'start' && !e.sid.includes('/'))
    .map(e => e.argv!.slice(1).filter((a, i, all) => a !== '-c' && all[i - 1] !== '-c'))
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
    const workers = readFileSync(trace, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line) as { event: string; argv?: string[] })
      .filter(e => e.event === 'start' && e.argv?.includes('checkout--worker'))
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
    const diffing = () => existsSync(trace) && gitDiffs(trace).some(argv => argv.includes('-U3'))
    let listings = 0
    let diffedWhileSaving: boolean | undefined
    world.fake.onAnswer = async entry => {
      if (entry.operationId !== 'actions/get-actions-cache-list' || ++listings !== 2) return
      for (let waited = 0; !diffing() && waited < 15_000; waited += 50)
        await new Promise(resolve => setTimeout(resolve, 50))
      diffedWhileSaving = diffing()
    }
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('awaiting-decision')
    expect(diffedWhileSaving).toBe(true)
    // Read once, for all the review's comments.
    expect(gitDiffs(trace).filter(argv => argv.includes('-U3'))).toHaveLength(1)
  })

  it("starts the checkout's fetch from a pull_request event's payload, before the run has read the pull request", async () => {
    world = await approvingWorld()
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    // The run's read of the pull request is answered only once git has started a fetch (or a while has passed).
    let fetchedWhileHeld: boolean | undefined
    world.fake.onAnswer = async entry => {
      if (entry.operationId !== 'pulls/get' || fetchedWhileHeld !== undefined) return
      const fetching = () =>
        existsSync(trace) && actionGits(trace).some(argv => argv[0] === 'fetch')
      for (let waited = 0; !fetching() && waited < 15_000; waited += 50)
        await new Promise(resolve => setTimeout(resolve, 50))
      fetchedWhileHeld = fetching()
    }
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    expect(fetchedWhileHeld).toBe(true)
  })

  it('reviews the head the pull request has now when it moved after the event: the checkout begun for the event is left', async () => {
    world = await approvingWorld()
    const event = world.sandbox.pullRequestEvent('opened', 7)
    const moved = world.remote.commit('feature', { 'late.txt': 'pushed after the event\n' })
    const result = ok(await world.run(event))
    expect(result.outputs.status).toBe('converged')
    expect(ledgerOf(world).rounds.map(r => r.head)).toEqual([moved])
  })

  it("starts the checkout's fetch while the ledger is being restored, before the run has read it", async () => {
    world = await approvingWorld()
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    // The ledger's restore lists the saved revisions first: that answer is held until git has started a fetch (or a
    // while has passed), so a run that fetches only once it has its ledger never fetches while it is held.
    let fetchedWhileHeld: boolean | undefined
    world.fake.onAnswer = async entry => {
      if (entry.operationId !== 'actions/get-actions-cache-list' || fetchedWhileHeld !== undefined)
        return
      const fetching = () =>
        existsSync(trace) && actionGits(trace).some(argv => argv[0] === 'fetch')
      for (let waited = 0; !fetching() && waited < 15_000; waited += 50)
        await new Promise(resolve => setTimeout(resolve, 50))
      fetchedWhileHeld = fetching()
    }
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    expect(fetchedWhileHeld).toBe(true)
  })
})
