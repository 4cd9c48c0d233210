/**
 * Commands taken by a run that saved nothing (issue 16) are never taken a second time (found in review of a00bff9): a
 * status comment its reply names stays taken when its author edits it afterwards (an edit is never a command;
 * src/loop/records.ts, `recordedState`), and a continue whose +1s GitHub will not list is left for a later run.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { BOT, convergedWorld, ok } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { answeredBy } from '../src/loop/records.js'

let world: LoopWorld
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

describe('a /review-loop status comment answered by a run that saved nothing, then edited', () => {
  it('is not taken again with its new text by the next run', async () => {
    world = await convergedWorld()
    const { comment: asked, event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop status'
    })
    ok(await world.run(event))
    const record = world.fake.commentList.find(c => c.id === asked.id)!
    // Its author edits it a minute later (the edit starts no run: the workflow starts on `created` only).
    record.body = '/review-loop stop'
    record.updatedAt = new Date(Date.parse(record.createdAt) + 60_000).toISOString()
    const repliesBefore = world.fake.commentList.filter(c => c.author.login === BOT).length

    const next = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(next.stdout).not.toContain(`Command from octo-maintainer (comment ${asked.id})`)
    expect(next.outputs.status).toBe('converged')
    expect(record.reactions).toEqual([])
    // One reply: the status the new comment asked for, nothing about the edited one.
    expect(world.fake.commentList.filter(c => c.author.login === BOT)).toHaveLength(
      repliesBefore + 1
    )
  })
})

describe('a continue recorded only by its +1, when GitHub will not list the +1s', () => {
  it('is left for a later run, not taken again: an old continue never starts a review of a head pushed since', async () => {
    world = await convergedWorld()
    const { comment: asked, event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop continue'
    })
    ok(await world.run(event))
    expect(world.fake.commentList.find(c => c.id === asked.id)!.reactions).toHaveLength(1)
    // A push no pull_request run has seen yet (a fork's, whose runs are ignored): only a writer's continue reviews it.
    world.remote.commit('feature', { 'NOTES.md': 'more\n' })
    world.fake.refuse('reactions/list-for-issue-comment', 403)
    const status = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(status.stdout).not.toContain(`Command from octo-maintainer (comment ${asked.id})`)
    expect(status.outputs.round).toBe('1')
    world.fake.allow('reactions/list-for-issue-comment')
    // Once GitHub lists them again, the action's +1 says it was taken.
    const next = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(next.stdout).toContain(
      `Comment ${asked.id} by octo-maintainer was taken by an earlier run`
    )
    expect(next.outputs.round).toBe('1')
  })
})

describe('status replies of runs that save nothing', () => {
  it('each names only the status comments it answers, not those earlier replies answered (the mark does not grow)', async () => {
    world = await convergedWorld()
    const marks: number[][] = []
    for (let i = 0; i < 3; i++) {
      const { comment, event } = world.sandbox.postComment(7, {
        login: 'octo-maintainer',
        body: '/review-loop status'
      })
      ok(await world.run(event))
      const reply = world.fake.commentList.filter(c => c.author.login === BOT).at(-1)!
      marks.push(answeredBy(reply.body))
      expect(answeredBy(reply.body)).toEqual([comment.id])
    }
    expect(marks).toHaveLength(3)
  })
})
