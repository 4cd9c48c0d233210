/**
 * What saving ahead costs (issue 14 review): each save ahead is one more cache entry (a slow upload, counted against
 * the repository's 10 GB), so a run saves ahead once for a round's questions, however many the write pass's risk
 * screen asks, and a run stopped after it still leaves every one of them for the next run.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { gateComments, ok, scriptedSourceAndDriver } from '../__fixtures__/e2e.js'

const FILES: Record<string, string> = {}
for (const n of [1, 2, 3])
  FILES[`src/api${n}.js`] = `export function fetchUsr${n}(id) {\n  return id\n}\n`

let world: LoopWorld
beforeEach(async () => {
  world = await LoopWorld.create({
    files: { 'README.md': '# users\n' },
    inputs: { landing: 'head' }
  })
  world.sandbox.openPullRequest({
    number: 7,
    title: 'Look users up',
    body: 'Adds the user lookup.',
    headRef: 'feature/users',
    baseRef: 'main',
    author: 'octo-author',
    files: FILES,
    message: 'Add user lookup'
  })
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

/** Three renames the stand-in's scan calls irreversible: three risk gates from one write pass. */
const risky = [1, 2, 3].map(n => ({
  severity: 'low',
  file: `src/api${n}.js`,
  line: 1,
  description: `\`fetchUsr${n}\` must be renamed; the rename is irreversible for API clients.`,
  fix: { start_line: 1, end_line: 1, replacement: `export function fetchUser${n}(id) {` }
}))
const review = {
  stdout: {
    verdict: 'needs-attention',
    findings: risky,
    exercised: { reached: ['contract-closure'], unreached: [] }
  }
}

const savedRevisions = () =>
  world.cache
    .entries()
    .map(e => /-rev(\d{8})-/.exec(e.key)?.[1])
    .filter((r): r is string => r !== undefined)

describe('saving ahead of the write pass’s questions', () => {
  it('is one save for all of a round’s risk gates, not one per gate', async () => {
    const io = scriptedSourceAndDriver([review])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, io.env))
    expect(r.outputs.status).toBe('awaiting-decision')
    const gates = gateComments(world).filter(g => g.body.includes('carries a risk'))
    expect(gates).toHaveLength(3)
    // One save ahead of the three gate comments, one at the run's end.
    expect(savedRevisions()).toHaveLength(2)
  })

  it('killed after that save, before the first gate comment: the next run posts the three once, under the saved IDs', async () => {
    const io = scriptedSourceAndDriver([review])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    world.killAt({
      before: e =>
        e.operationId === 'issues/create-comment' &&
        /^### G\d+:/.test(String((e.body as { body?: string } | undefined)?.body ?? ''))
    })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, io.env)
    expect(killed.signal).toBe('SIGKILL')
    expect(gateComments(world)).toHaveLength(0)
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, io.env))
    expect(r.stdout).toMatch(/Posted G1, G2, G3: the run that saved them ahead of posting/)
    expect(r.outputs.status).toBe('awaiting-decision')
    expect(gateComments(world).map(g => /^### (G\d+):/.exec(g.body)![1])).toEqual([
      'G1',
      'G2',
      'G3'
    ])
  })
})
