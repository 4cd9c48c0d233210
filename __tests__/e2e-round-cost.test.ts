/** What git work a round does (issue 16): none whose answer the round does not use. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ok } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'

/** A source that approves at once: the round has no finding to place on the diff. */
const APPROVE = `printf '%s' '{"verdict":"approve","findings":[],"exercised":[]}'`

/** The argument lists of the `git diff` processes a run started, from git's own trace. */
function gitDiffs(trace: string): string[][] {
  return (
    readFileSync(trace, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line) as { event: string; argv?: string[] })
      // The action puts its `-c` settings before the command.
      .filter(e => e.event === 'start' && e.argv?.includes('diff'))
      .map(e => e.argv!)
  )
}

describe('git work of a round', () => {
  let world: LoopWorld | undefined
  let dir: string | undefined
  afterEach(async () => {
    expect(world!.fake.violations).toEqual([])
    await world!.dispose()
    rmSync(dir!, { recursive: true, force: true })
  })

  it('a round with no findings diffs the pull request once: the review on the diff has nothing to place', async () => {
    world = await LoopWorld.create({
      inputs: { source: 'command', command: APPROVE, landing: 'head' }
    })
    world.sandbox.openPullRequest({
      number: 7,
      title: 'a change',
      headRef: 'feature',
      baseRef: 'main',
      author: 'octo-author'
    })
    dir = mkdtempSync(join(tmpdir(), 'round-cost-'))
    const trace = join(dir, 'trace2.json')
    const result = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, { GIT_TRACE2_EVENT: trace })
    )
    expect(result.outputs.status).toBe('converged')
    const diffs = gitDiffs(trace)
    // The round's own read of the change (the lines it wrote), so the trace is known to hold the action's git.
    expect(diffs.filter(argv => argv.includes('-U0'))).toHaveLength(1)
    expect(diffs.filter(argv => argv.includes('-U3'))).toEqual([])
  })
})
