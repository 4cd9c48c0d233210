/** GitHub's own local runner, `@github/local-action`, runs the bundle as its README says, with a `.env` as people write one. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { join } from 'node:path'
import { REPO_ROOT } from '../__fixtures__/harness/index.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { installFromNpm, LOCAL_ACTION } from '../__fixtures__/real-clis.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'
import { gateComments, statusRecord } from '../__fixtures__/e2e.js'

let world: LoopWorld
let bin: string

beforeAll(async () => {
  bin = installFromNpm(LOCAL_ACTION.name, LOCAL_ACTION.version, 'local-action')
  world = await LoopWorld.create({
    files: BASE_FILES,
    inputs: { command: REVIEWER_COMMAND, landing: 'head' },
    entry: join(REPO_ROOT, '__fixtures__', 'local-action-entry.mjs')
  })
  openSamplePullRequest(world)
}, 300_000)

afterAll(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

describe('@github/local-action', () => {
  it('runs a round through the exported run(), once, and a .env without GITHUB_STEP_SUMMARY only warns', async () => {
    const r = await world.run(
      world.sandbox.pullRequestEvent('opened', 7),
      {},
      { LOCAL_ACTION_BIN: bin }
    )
    expect(r.stdout).toContain('Running Action')
    expect(r.stdout).not.toMatch(/does not export a run\(\) function/)
    expect(r.exitCode).toBe(0)
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', round: '1' })
    expect(r.stdout).toMatch(/::warning::The job summary was not written/)
    expect(r.stdout).not.toMatch(/::error::/)
    // One round, posted once: importing the bundle did not run it a second time.
    expect(statusRecord(world).body).toContain('Round 1')
    expect(gateComments(world).map(g => g.body.split('\n')[0])).toEqual([
      expect.stringMatching(/^### G1:/)
    ])
  }, 300_000)
})
