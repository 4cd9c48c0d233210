/** REST calls a run makes (issue 16): none whose answer is known before asking. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { ok, useSampleWorld } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'

const sample = useSampleWorld()

/** A source that approves at once: the first round converges, and the runs after it have nothing to do. */
const APPROVE = `printf '%s' '{"verdict":"approve","findings":[],"exercised":[]}'`

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

  it('a status run and a continue with nothing owed make only the calls their load, command and save need', async () => {
    world = await LoopWorld.create({
      inputs: { source: 'command', command: APPROVE, landing: 'head' }
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
    expect(first.outputs.status).toBe('converged')
    const load = [
      'GET pulls/get',
      'GET repos/get-content',
      'GET issues/list-comments',
      'GET actions/get-actions-cache-list'
    ]
    // The save's compare-and-swap (docs/persistence.md): a list before the upload (a run that already lost saves
    // nothing) and one after it (a racer's save makes this one lose); then the status comment carries the revision.
    const save = [
      'GET actions/get-actions-cache-list',
      'GET actions/get-actions-cache-list',
      'PATCH issues/update-comment'
    ]
    const command = [
      'GET repos/get-collaborator-permission-level',
      'POST reactions/create-for-issue-comment'
    ]
    const status = await callsOf(async () =>
      expect(
        ok(await world!.comment(7, 'octo-maintainer', '/review-loop status')).outputs.status
      ).toBe('converged')
    )
    expect(status).toEqual([
      ...load,
      ...command,
      'POST issues/create-comment',
      ...save,
      'POST repos/create-commit-status'
    ])
    const idle = await callsOf(async () =>
      expect(
        ok(await world!.comment(7, 'octo-maintainer', '/review-loop continue')).outputs.status
      ).toBe('converged')
    )
    expect(idle).toEqual([...load, ...command, ...save, 'POST repos/create-commit-status'])
    expect(idle).toHaveLength(10)
  })
})
