/**
 * Identity when the token cannot say who it is and the status comment is gone (issue 14 review, item 4): a GitHub
 * App's token answers GET /user with 403 and no `bot-login` is set, so the action's first guess is
 * github-actions[bot]; the saved ledger records whom the action's status comment was by, and that login is the
 * action's, so a gate comment a run stopped early left is adopted, never asked a second time.
 */
import { describe, expect, it } from '@jest/globals'
import { ok, useSampleWorld } from '../__fixtures__/e2e.js'

const sample = useSampleWorld()

const created = (entry: { operationId?: string; body?: unknown }, start: string) =>
  entry.operationId === 'issues/create-comment' &&
  String((entry.body as { body?: string } | undefined)?.body ?? '').startsWith(start)

describe('an App token, a run stopped after its gate comment, the status comment deleted', () => {
  it("the next run takes the login the saved ledger recorded for the action's status comment, and adopts the gate comment", async () => {
    const world = sample()
    const app = 'review-app[bot]'
    const token = { 'github-token': world.fake.appToken(app) }
    world.killAt({ after: e => created(e, '### G1:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), token)
    expect(killed.signal).toBe('SIGKILL')
    const status = world.fake
      .comments(7)
      .find(c => c.user.login === app && c.body.startsWith('### Review loop'))!
    const record = world.fake.commentList.findIndex(c => c.id === status.id)
    world.fake.commentList.splice(record, 1)

    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), token))
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G1\)/)
    const gates = world.fake.comments(7).filter(c => /^### G\d+:/.test(c.body))
    expect(gates.map(g => [g.user.login, /^### (G\d+):/.exec(g.body)![1]])).toEqual([[app, 'G1']])
  })
})
