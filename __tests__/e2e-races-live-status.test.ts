/**
 * Found in review of 28a71a5 (issue 14, races without the concurrency group): a run that finds two first status
 * comments and no ledger naming either cannot tell a stopped run's from one a run still going posted and will name.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BOT, ledgerOf, reviewAnswer, scriptedSource, useSampleWorld } from '../__fixtures__/e2e.js'
import type { RunResult } from '../__fixtures__/harness/index.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const STARTING = '### Review loop: starting…'
const created = (entry: { operationId?: string; body?: unknown }) =>
  entry.operationId === 'issues/create-comment' &&
  (entry.body as { body?: string } | undefined)?.body === STARTING

const gates = reviewAnswer([
  {
    severity: 'medium',
    file: 'src/config.js',
    line: 2,
    description: 'A timeout of 0 disables the timeout.'
  },
  { severity: 'medium', file: 'src/client.js', line: 4, description: 'Only 200 counts as OK.' }
])

describe('a first run still going when another run finds two first status comments', () => {
  it("its first status comment is left to it: the run saves, names it and edits it, and the PR keeps the ledger's status comment", async () => {
    const source = scriptedSource([gates, gates])
    const inputs = { command: source.command }
    // Run a posts its first status comment; another first run (stopped, or still going) posts one just after; while
    // run a is held, run b starts and reads the comments and the cache list (no ledger saved yet), then waits for run
    // a's end, so run a saves first and run b goes on with what it read.
    let second: Promise<RunResult> | undefined
    let release: (() => void) | undefined
    const aHeld = new Promise<void>(resolve => (release = resolve))
    let ended: (() => void) | undefined
    const aEnded = new Promise<void>(resolve => (ended = resolve))
    const read = new Set<string>()
    world.fake.onAnswer = entry => {
      if (!second && created(entry)) {
        world.fake.comment(7, { login: BOT, body: STARTING })
        second = world.runOn('b', world.sandbox.pullRequestEvent('synchronize', 7), inputs)
        return Promise.race([aHeld, second.then(() => undefined)])
      }
      if (!second || read.size === 2) return
      // Every request until run a is released is run b's.
      if (/^(issues\/list-comments|actions\/get-actions-cache-list)$/.test(entry.operationId ?? ''))
        read.add(entry.operationId!)
      if (read.size < 2) return
      release!()
      return aEnded
    }
    const a = await world.runOn('a', world.sandbox.pullRequestEvent('opened', 7), inputs)
    ended!()
    await second
    const why = `${a.stdout
      .split('\n')
      .filter(l => !l.startsWith('::debug'))
      .slice(-20)
      .join('\n')}`
    if (a.exitCode !== 0) throw new Error(`run a failed:\n${why}`)
    const named = ledgerOf(world).statusComment!.id
    const comment = world.fake.comments(7).find(c => c.id === named)
    if (!comment) throw new Error(`the status comment ${named} the ledger names is gone:\n${why}`)
    expect(comment.body).toMatch(/review-loop:state/)
  })
})
