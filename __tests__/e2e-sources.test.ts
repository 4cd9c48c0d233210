/** Sources end to end: Phase 0 designation among several usable sources, and the switch after a round with no review. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'
import { gateComments, ok, scriptedSource, statusRecord } from '../__fixtures__/e2e.js'

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
    // The key is masked (the runner learns it from ::add-mask::) and appears nowhere else.
    expect(r1.masks).toContain('sk-ant-test-key-not-real')
    const elsewhere = r1.stdout.split('\n').filter(l => !l.startsWith('::add-mask::'))
    expect(elsewhere.join('\n') + r1.summary).not.toContain('sk-ant-test-key-not-real')
    expect(JSON.stringify(world.fake.commentList)).not.toContain('sk-ant-test-key-not-real')
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

describe('what a request carries', () => {
  it("the head's check results travel as evidence, with the depth; nothing records how findings were disposed of", async () => {
    const head = world.remote.branchSha('feature/not-found')!
    world.fake.checkRuns.set(head, [
      { name: 'unit tests', status: 'completed', conclusion: 'failure' },
      { name: 'lint', status: 'in_progress', conclusion: null }
    ])
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            { severity: 'low', file: 'src/config.js', line: 2, description: 'zero timeout' }
          ],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      },
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            { severity: 'low', file: 'src/config.js', line: 2, description: 'zero timeout' }
          ],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const inputs = { command: source.command, depth: 'deep', 'next-round': 'none' }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(source.requests()[0]).toMatchObject({
      depth: 'deep',
      evidence: {
        checks: [
          { name: 'unit tests', status: 'completed', conclusion: 'failure' },
          { name: 'lint', status: 'in_progress', conclusion: null }
        ]
      }
    })
    // Dismissed, then reviewed again after an author's push: the dismissal never reaches the source.
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 dismiss we set it per call',
        inputs
      )
    )
    world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    const second = source.requests()[1]!
    expect(second.round).toBe(2)
    expect(JSON.stringify(second)).not.toMatch(/dismiss|we set it per call|G1|F1/)
  })
})

describe('decisions', () => {
  it('a constituted decision reaches every later request in the words given; a dismissal never does', async () => {
    const answer = {
      verdict: 'needs-attention',
      findings: [
        {
          severity: 'high',
          file: 'src/config.js',
          line: 2,
          description: 'A zero timeout never times out.'
        },
        { severity: 'low', file: 'src/client.js', line: 1, description: 'Import is unused.' }
      ],
      exercised: { reached: ['contract-closure'], unreached: [] }
    }
    const source = scriptedSource([{ stdout: answer }, { stdout: answer }])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const refused = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 decide do not flag timeouts again',
        inputs
      )
    )
    expect(refused.outputs['open-gates']).toBe('G1 G2')
    expect(world.fake.comments(7).at(-1)!.body).toContain('Please say it as a description')
    const words = 'timeouts are set per call by each caller, so the module default stays 0'
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        `/review-loop G1 decide ${words}\n/review-loop G2 dismiss unused on purpose`,
        inputs
      )
    )
    world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    const later = source.requests()[1]!
    expect((later.intent as { decisions: unknown[] }).decisions).toEqual([
      { id: 'D1', decision: words, basis: expect.stringContaining('decided by @octo-maintainer') }
    ])
    expect(JSON.stringify(later)).not.toMatch(/unused on purpose|dismiss/)
    // Both findings come back; each is settled as decided, never asked again.
    expect(r.outputs).toMatchObject({ status: 'converged', round: '2' })
    expect(statusRecord(world).body).toContain('settled by decision D1')
  })
})
