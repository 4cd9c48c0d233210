/**
 * A `pull_request` run that replied to a command before its round and then handed the round to the default branch
 * (issue 14: nothing duplicated; found in review of 2aeadc0), through the bundled action: what it took and posted
 * before the round is saved first, so the run it hands to neither takes the command again nor posts its reply twice.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BOT, manyConcerns, ok, scriptedSource, useSampleWorld } from '../__fixtures__/e2e.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

describe('a round handed over after the run replied to a command', () => {
  it('the reply to a command no run took yet, posted by the pull_request run before it hands its too-large round over, is posted once; the handed-to run does the round', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    // A command whose own run never ran (a pending run the concurrency group cancelled): the next run takes it.
    const { comment } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G99 apply'
    })
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const review = manyConcerns(2_000)
    const source = scriptedSource([review, review])
    const inputs = { command: source.command }
    const handed = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(handed.stdout).toMatch(/the round was handed to a run on main/)
    expect(world.fake.dispatches).toHaveLength(1)
    const [round] = await world.runDispatches(inputs)
    expect(ok(round!).stdout).toMatch(/Round 2: review by/)
    const replies = world.fake
      .comments(7)
      .filter(c => c.user.login === BOT && /There is no gate G99/.test(c.body))
    expect(replies).toHaveLength(1)
    // Taken once: one run reacted to it.
    const reacted = world.fake.requests.filter(
      q =>
        q.operationId === 'reactions/create-for-issue-comment' &&
        q.path.includes(`/comments/${comment.id}/`)
    )
    expect(reacted).toHaveLength(1)
    const status = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(status.outputs.status).not.toBe('blocked')
  })
})
