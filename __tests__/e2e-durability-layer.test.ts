/**
 * Write-ahead for a stacked layer's fix push (issue 14), through the bundled action: a run killed (SIGKILL) after it
 * pushed its fix commit to the layer's branch and before its save; the next run knows the commit as the loop's.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  APPROVAL as APPROVE,
  BOT,
  LOOSE_EQUALITY as LOOSE,
  ledgerOf,
  ok,
  scriptedSource,
  useSampleWorld
} from '../__fixtures__/e2e.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const PR_BRANCH = 'feature/not-found'
const LAYER = 'review-loop/pr-7'

/** The pull requests the action opened (the layer's). */
const layerPulls = () => [...world.fake.pulls.values()].filter(p => p.author.login === BOT)

/**
 * Round 1 lands its fix on the layer, and the run is killed once the layer's branch holds it, before the layer's pull
 * request is opened (GitHub never opens it) and before the run's save. Returns the PR's head and the layer's commit.
 */
async function killAfterLayerPush(inputs: Record<string, string>) {
  const prHead = world.remote.branchSha(PR_BRANCH)!
  world.killAt({ before: e => e.operationId === 'pulls/create' })
  const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
  expect(killed.signal).toBe('SIGKILL')
  const pushed = world.remote.branchSha(LAYER)!
  expect(pushed).toBeDefined()
  expect(world.remote.git(['rev-parse', `${pushed}^`]).trim()).toBe(prHead)
  expect(layerPulls()).toHaveLength(0)
  return { prHead, pushed }
}

describe('a run killed after its fix push to a stacked layer, before its save (SIGKILL)', () => {
  it("the next run records the layer's commit as landed and opens its pull request; the round is not done again and nothing is pushed twice", async () => {
    const source = scriptedSource([LOOSE, APPROVE])
    const inputs = { command: source.command, landing: 'stacked' }
    const { prHead, pushed } = await killAfterLayerPush(inputs)

    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    // It did the owed round 2 itself: nothing dispatched to do it again.
    expect(world.fake.dispatches).toHaveLength(0)
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.landing).toMatchObject({ path: 'stacked', commit: pushed })
    expect(ledger.ownPushes).toContain(pushed)
    // Round 1 was reviewed once: the killed run's round stands.
    const rounds = source
      .requests()
      .filter(q => q.role === 'review')
      .map(q => q.round)
    expect(rounds).toEqual([1, 2])
    expect(r.stdout).toMatch(
      /on the stacked layer review-loop\/pr-7 is the loop's own: the revision saved before the push named it/
    )
    expect(r.stdout).not.toMatch(/pushed by the author/)
    // One fix commit on the layer, the one the killed run pushed; the PR's branch untouched.
    expect(
      world.remote
        .git(['rev-list', `${prHead}..${LAYER}`])
        .trim()
        .split('\n')
    ).toEqual([pushed])
    expect(world.remote.branchSha(PR_BRANCH)).toBe(prHead)
    expect(layerPulls()).toHaveLength(1)
    expect(layerPulls()[0]).toMatchObject({ headRef: LAYER, baseRef: PR_BRANCH })
    expect(ledger.rounds.map(x => x.cycle)).not.toContain('after-author-push')
    expect(ledger.status).toBe('converged')
  })

  it("after the author pushes on the PR's branch meanwhile, the layer's commit is still the loop's: recorded as landed, and the author's push brought into the layer", async () => {
    const source = scriptedSource([LOOSE, APPROVE])
    const inputs = { command: source.command, landing: 'stacked' }
    const { pushed } = await killAfterLayerPush(inputs)
    const authors = world.remote.commit(PR_BRANCH, { 'NOTES.md': 'more\n' })

    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    for (const d of await world.runDispatches(inputs)) ok(d)
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.landing).toMatchObject({ path: 'stacked', commit: pushed })
    expect(ledger.ownPushes).toContain(pushed)
    expect(r.stdout).not.toMatch(/holds commits this loop did not make/)
    expect(r.stdout).toMatch(/is the loop's own: the revision saved before the push named it/)
    // Round 2 reviewed the author's push brought into the layer; round 1 was not done again.
    const layerHead = world.remote.branchSha(LAYER)!
    const reviews = source.requests().filter(q => q.role === 'review')
    expect(reviews.map(q => q.round)).toEqual([1, 2])
    expect(reviews[1]!.head_sha).toBe(layerHead)
    const history = world.remote.git(['rev-list', layerHead]).trim().split('\n')
    expect(history).toEqual(expect.arrayContaining([pushed, authors]))
    expect(layerPulls()).toHaveLength(1)
    expect(ledger.status).toBe('converged')
  })
})
