/**
 * An owed round whose dispatch a killed run never asked for, or asked for without recording it (issue 14), through the
 * bundled action: the next run of any kind that loads the revision owing it (here a `/review-loop status` comment, the
 * least a person does) does the round itself, once; a dispatch GitHub accepted is never asked for again.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  APPROVAL as APPROVE,
  BOT,
  killAfterFixPush,
  ledgerOf,
  LOOSE_EQUALITY as LOOSE,
  ok,
  scriptedSource,
  useSampleWorld
} from '../__fixtures__/e2e.js'
import type { RunResult } from '../__fixtures__/harness/index.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const dispatch = (e: { operationId?: string }) =>
  e.operationId === 'actions/create-workflow-dispatch'

/** How many of the runs reviewed round `n`. */
const reviewsOf = (runs: RunResult[], n: number) =>
  runs.filter(r => r.stdout.includes(`Round ${n}: review by`)).length

/**
 * Round 1 asks G1; the answer `apply` lands its fix and owes round 2, and the run is killed at `point` around asking
 * for it.
 */
async function killAroundDispatch(point: 'before' | 'after'): Promise<void> {
  ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
  world.killAt({ [point]: dispatch })
  const { event } = world.sandbox.postComment(7, {
    login: 'octo-maintainer',
    body: '/review-loop G1 apply'
  })
  const killed = await world.run(event)
  expect(killed.signal).toBe('SIGKILL')
  expect(world.fake.dispatches).toHaveLength(point === 'before' ? 0 : 1)
}

describe('a comment run killed around asking for the next round (SIGKILL)', () => {
  it('after its fix push, before its save: the next run takes the push up and does the owed round itself, and dispatches nothing', async () => {
    await killAfterFixPush(world)
    const runs = [ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))]
    expect(runs[0]!.stdout).toMatch(
      /is the loop's own: the revision saved before the push named it/
    )
    expect(world.fake.dispatches).toHaveLength(0)
    runs.push(...(await world.runDispatches()).map(ok))
    expect(reviewsOf(runs, 2)).toBe(1)
    expect(ledgerOf(world).status).toBe('converged')
  })

  it('before the dispatch: the next run, a `/review-loop status` comment, does the owed round itself, once, and nothing is dispatched', async () => {
    await killAroundDispatch('before')
    const runs = [ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))]
    runs.push(...(await world.runDispatches()).map(ok))
    expect(reviewsOf(runs, 2)).toBe(1)
    expect(world.fake.dispatches).toHaveLength(0)
    const ledger = ledgerOf(world)
    expect(ledger.rounds.map(r => [r.n, r.cycle])).toEqual([
      [1, 'first-pass'],
      [2, 'after-fixes']
    ])
    expect(ledger.owed).toBeUndefined()
    expect(ledger.status).toBe('converged')
  })

  it('after the dispatch was accepted, a `/review-loop status` comment arriving before the dispatched run: the round is done once, and dispatched once', async () => {
    await killAroundDispatch('after')
    const runs = [ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))]
    runs.push(...(await world.runDispatches()).map(ok))
    expect(reviewsOf(runs, 2)).toBe(1)
    expect(world.fake.dispatches).toHaveLength(1)
    const ledger = ledgerOf(world)
    expect(ledger.rounds.map(r => r.n)).toEqual([1, 2])
    expect(ledger.status).toBe('converged')
    // One status comment, the one carrying the state (a status command's answer is a reply of its own).
    expect(
      world.fake
        .comments(7)
        .filter(c => c.user.login === BOT && c.body.includes('review-loop:state'))
    ).toHaveLength(1)
  })
})

/**
 * A `pull_request` run's revisions live in the PR's merge-ref scope, which comment and dispatch runs cannot restore: they
 * read it from the status comment's block, moved to the run's last revision before the dispatch is asked for.
 */
describe('a pull_request run killed around asking for the next round (SIGKILL)', () => {
  /** Round 1 lands its fix on the PR's branch in the pull_request run, which is killed at `point` around the dispatch. */
  async function killPullRequestRun(point: 'before' | 'after') {
    const source = scriptedSource([LOOSE, APPROVE])
    const inputs = { command: source.command }
    world.killAt({ [point]: dispatch })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
    expect(killed.signal).toBe('SIGKILL')
    expect(world.fake.dispatches).toHaveLength(point === 'before' ? 0 : 1)
    const rounds = () =>
      source
        .requests()
        .filter(q => q.role === 'review')
        .map(q => q.round)
    return { inputs, rounds }
  }

  it('before the dispatch: a `/review-loop status` comment after it is not blocked and does the owed round itself, once; nothing is dispatched', async () => {
    const { inputs, rounds } = await killPullRequestRun('before')
    const status = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    for (const d of await world.runDispatches(inputs)) ok(d)
    expect(status.outputs.status).toBe('converged')
    expect(rounds()).toEqual([1, 2])
    expect(world.fake.dispatches).toHaveLength(0)
    expect(ledgerOf(world).status).toBe('converged')
  })

  it('after the dispatch was accepted: the dispatched run is not blocked and does the round; a status comment after it does none, and nothing is dispatched again', async () => {
    const { inputs, rounds } = await killPullRequestRun('after')
    const [next] = await world.runDispatches(inputs)
    expect(ok(next!).outputs.status).toBe('converged')
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    for (const d of await world.runDispatches(inputs)) ok(d)
    expect(rounds()).toEqual([1, 2])
    expect(world.fake.dispatches).toHaveLength(1)
  })

  it('after the dispatch was accepted, a status comment first: it does the round, the dispatched run after it does none', async () => {
    const { inputs, rounds } = await killPullRequestRun('after')
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    for (const d of await world.runDispatches(inputs)) ok(d)
    expect(rounds()).toEqual([1, 2])
    expect(world.fake.dispatches).toHaveLength(1)
    expect(ledgerOf(world).status).toBe('converged')
  })
})
