/** Sources end to end: Phase 0 designation among several usable sources, and the switch after a round with no review. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'
import { gateComments, ok, statusRecord } from '../__fixtures__/e2e.js'

let world: LoopWorld

beforeEach(async () => {
  world = await LoopWorld.create({
    files: BASE_FILES,
    inputs: { command: REVIEWER_COMMAND, landing: 'head' }
  })
  openSamplePullRequest(world)
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

describe('designation', () => {
  it('with several usable sources and none named, asks which (no default), then reviews with the choice', async () => {
    const inputs = { 'anthropic-api-key': 'sk-ant-test-key-not-real' }
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', round: '', 'open-gates': 'G1' })
    const gate = gateComments(world)[0]!
    expect(gate.body).toContain('Which source should review this pull request?')
    expect(gate.body).toMatch(/`anthropic`/)
    expect(gate.body).toMatch(/`command`/)
    expect(r1.stdout).not.toContain('sk-ant-test-key-not-real')
    const r2 = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 command, the in-house reviewer',
        inputs
      )
    )
    expect(r2.outputs).toMatchObject({
      status: 'awaiting-decision',
      round: '1',
      'open-gates': 'G2'
    })
    expect(statusRecord(world).body).toContain(
      'chosen at G1 by @octo-maintainer: "command, the in-house reviewer"'
    )
  })

  it('a named source that is not usable fails with what would make it usable', async () => {
    const r = await world.run(world.sandbox.pullRequestEvent('opened', 7), { source: 'anthropic' })
    expect(r.exitCode).toBe(1)
    expect(r.stdout).toMatch(
      /::error::Input 'source' is 'anthropic', which is not usable here: set `anthropic-api-key` or ANTHROPIC_API_KEY/
    )
  })
})
