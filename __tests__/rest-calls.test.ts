/** REST calls a run makes (issue 16): none whose answer is known before asking. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { BOT, convergedWorld, ledgerOf, ok, useSampleWorld } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'

const sample = useSampleWorld()

describe('REST calls', () => {
  it('never asks GitHub who the workflow token is: an installation token is no user, and GET /user is refused', async () => {
    const world = sample()
    world.fake.setPermission('octo-maintainer', 'write')
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    const asked = world.fake.requests.map(r => r.operationId)
    expect(asked).toContain('pulls/get')
    expect(asked).not.toContain('users/get-authenticated')
  })
})

describe('REST calls of a run with nothing to do', () => {
  let world: LoopWorld | undefined
  afterEach(async () => {
    expect(world!.fake.violations).toEqual([])
    await world!.dispose()
  })

  /** The calls one run makes, in order. */
  async function callsOf(run: () => Promise<unknown>): Promise<string[]> {
    world!.fake.requests.length = 0
    await run()
    return world!.fake.requests.map(r => `${r.method} ${r.operationId}`)
  }

  /** A world whose first round converged: the runs after it have nothing to do. */
  async function converged(): Promise<LoopWorld> {
    world = await convergedWorld()
    return world
  }

  /** A comment's run, which must end converged. */
  async function idle(body: string): Promise<string> {
    const r = ok(await world!.comment(7, 'octo-maintainer', body))
    expect(r.outputs.status).toBe('converged')
    return r.stdout
  }

  const load = [
    'GET pulls/get',
    'GET repos/get-content',
    'GET issues/list-comments',
    'GET actions/get-actions-cache-list'
  ]
  const permission = 'GET repos/get-collaborator-permission-level'
  const reaction = 'POST reactions/create-for-issue-comment'
  const verify = 'GET reactions/list-for-issue-comment'

  it('a status run and a continue with nothing owed save nothing and set the merge gate no second time', async () => {
    await converged()
    const revision = ledgerOf(world!).revision
    // The status reply is the record: it names the comment it answers, and no reaction is needed.
    const status = await callsOf(() => idle('/review-loop status'))
    expect(status).toEqual([...load, permission, 'POST issues/create-comment'])
    const asked = world!.fake.comments(7).find(c => c.body === '/review-loop status')!
    const reply = world!.fake.comments(7).at(-1)!
    expect(reply.user.login).toBe(BOT)
    expect(reply.body).toMatch(new RegExp(`<!-- review-loop:answers ${asked.id} -->$`))
    // The action's +1 is the record of a `continue` that changed nothing.
    const idleContinue = await callsOf(() => idle('/review-loop continue'))
    expect(idleContinue).toEqual([...load, permission, reaction])
    expect(ledgerOf(world!).revision).toBe(revision)
    // The next run verifies that +1 is the action's (one call); a run that verified two saves them into the ledger.
    expect(await callsOf(() => idle('/review-loop continue'))).toEqual([
      ...load,
      verify,
      permission,
      reaction
    ])
    expect(await callsOf(() => idle('/review-loop continue'))).toEqual([
      ...load,
      verify,
      verify,
      permission,
      // Nothing slow since the load: its list stands for the one before the upload, the one after decides.
      'GET actions/get-actions-cache-list',
      reaction,
      'PATCH issues/update-comment'
    ])
    expect(ledgerOf(world!).revision).toBe(revision + 1)
    expect(await callsOf(() => idle('/review-loop continue'))).toEqual([
      ...load,
      permission,
      reaction
    ])
  })
})
