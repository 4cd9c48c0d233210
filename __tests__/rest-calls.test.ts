/** REST calls a run makes (issue 16): none whose answer is known before asking. */
import { describe, expect, it } from '@jest/globals'
import { ok, useSampleWorld } from '../__fixtures__/e2e.js'

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
