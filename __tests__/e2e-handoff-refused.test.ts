/**
 * A round handed to the default branch whose dispatch GitHub refuses (issue 14, item 2; found in review of 2aeadc0),
 * through the bundled action: the `pull_request` run stops, `blocked`, saying what was refused and how to put it right,
 * and posts and saves nothing. Before, the refusal was thrown past the hand-over and the run's end saved the round's
 * result anyway: in the PR's merge-ref scope, too large for the status comment, with its gates recorded as asked but
 * never posted (no save ahead named them), so no later run posted them and every comment run was blocked.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  gateComments,
  manyConcerns,
  ok,
  scriptedSource,
  useSampleWorld
} from '../__fixtures__/e2e.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

describe('a too-large round whose hand-over GitHub refuses', () => {
  it('blocks the pull_request run naming the refusal, posts and saves nothing, and once the dispatch is allowed a re-run hands the round over and every gate is posted', async () => {
    const review = manyConcerns(2_000)
    const source = scriptedSource([review, review, review])
    const inputs = { command: source.command }
    world.fake.refuse('actions/create-workflow-dispatch', 403)
    const event = world.sandbox.pullRequestEvent('opened', 7)
    const refused = await world.run(event, inputs)
    expect(refused.outputs.status).toBe('blocked')
    expect(world.fake.comments(7).filter(c => c.user.login === BOT)).toHaveLength(0)
    expect(world.cache.entries()).toHaveLength(0)
    expect(refused.stdout).toMatch(/GitHub refused the dispatch/)
    expect(refused.stdout).toMatch(/actions: write/)

    world.fake.allow('actions/create-workflow-dispatch')
    const rerun = ok(await world.run(event, inputs))
    expect(rerun.outputs.status).toBe('continue')
    expect(world.fake.dispatches).toHaveLength(1)
    const [round] = await world.runDispatches(inputs)
    const open = ok(round!).outputs['open-gates']!.split(' ')
    expect(open.length).toBeGreaterThan(1_000)
    // The open gates are on the PR (the status comment aside): each in its own comment or a list's.
    expect(gateComments(world).length).toBeGreaterThan(0)
    const posted = world.fake
      .comments(7)
      .filter(c => c.user.login === BOT && !c.body.includes('review-loop:state'))
      .map(c => c.body)
      .join('\n')
    for (const id of [open[0]!, open[Math.floor(open.length / 2)]!, open.at(-1)!])
      expect(posted).toMatch(new RegExp(`\\b${id}\\b`))
    const status = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(status.outputs.status).not.toBe('blocked')
  })
})
