/**
 * A run that fails partway through its round (a git failure, never read as an answer) is not saved half-done: the
 * round it began and did not show is taken back, the review stays owed, the run says it is blocked; the next run
 * reviews the same head again and the loop goes on with nothing lost (issue 23, a defect fixed on purpose).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from '@jest/globals'
import { failingGit, type FailingGit } from '../__fixtures__/harness/failing-git.js'
import type { LoopWorld } from '../__fixtures__/loop-world.js'
import { ledgerOf, ok, scriptedSource, statusRecord, useSampleWorld } from '../__fixtures__/e2e.js'

let world: LoopWorld
let git: FailingGit
const sample = useSampleWorld()
beforeAll(() => {
  git = failingGit()
})
afterAll(() => git.remove())
beforeEach(() => {
  world = sample()
})

const FINDING = {
  id: 'x',
  file: 'src/config.js',
  line: 1,
  severity: 'medium',
  claim: 'the config is read without a default',
  evidence: 'src/config.js:1'
}

it('a round that failed after its source answered is reviewed again, its findings raised once', async () => {
  const head = world.remote.branchSha(world.fake.pull(7).headRef)!
  const source = scriptedSource([
    { stdout: { verdict: 'needs-attention', findings: [FINDING] } },
    { stdout: { verdict: 'needs-attention', findings: [FINDING] } }
  ])
  // Every read of a file at the head fails, as a broken git would: the round has begun and its source answered.
  git.failRead(head)
  const failed = await world.run(
    world.sandbox.pullRequestEvent('opened', 7),
    { command: source.command },
    { PATH: git.path }
  )
  git.failRead(undefined)
  expect(failed.exitCode).not.toBe(0)
  expect(failed.outputs.status).toBe('blocked')
  expect(source.requests()).toHaveLength(1)
  const after = ledgerOf(world)
  expect(after.rounds).toHaveLength(1)
  expect(after.rounds[0]).toMatchObject({ n: 1, phase: 'superseded' })
  expect(after.rounds[0]!.notes?.join(' ')).toContain('stopped by a failure')
  // Nothing of the round went out, so nothing of it stands: no finding, no gate, the review still owed.
  expect(after.findings).toEqual([])
  expect(after.gates).toEqual([])
  expect(after.owed).toMatchObject({ head })
  expect(statusRecord(world).body).toContain('This run failed; its log says what failed.')

  const again = ok(
    await world.comment(7, 'octo-maintainer', '/review-loop continue', { command: source.command })
  )
  expect(source.requests()).toHaveLength(2)
  expect(again.outputs.round).toBe('2')
  const ledger = ledgerOf(world)
  expect(ledger.rounds.map(r => [r.n, r.phase, r.head])).toEqual([
    [1, 'superseded', head],
    [2, expect.any(String), head]
  ])
  expect(ledger.rounds[1]!.phase).not.toBe('superseded')
  // The finding is raised once, under a new ID (IDs are never reused), on the round that reviewed it.
  expect(ledger.findings).toHaveLength(1)
  expect(ledger.findings[0]).toMatchObject({ round: 2, file: 'src/config.js' })
})
