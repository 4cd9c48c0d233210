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

describe('a loser whose first status comment has a newer one after it and no winner carrying a ledger', () => {
  it('deletes its own once it has waited for a winner, so the newer one stays for the next run to adopt', async () => {
    const source = scriptedSource([gates, gates])
    const inputs = { command: source.command }
    // Two first runs: run b reads the comments (none yet) and waits; run a posts its first status comment and waits
    // while run b goes on, posts its own after it, saves and ends. Run b's status comment is then shown as both losers
    // see it, with no ledger carried (as when run b's save lost too), and run a's save loses.
    let bRead: (() => void) | undefined
    const bHasRead = new Promise<void>(resolve => (bRead = resolve))
    let goB: (() => void) | undefined
    const bGoes = new Promise<void>(resolve => (goB = resolve))
    let own: number | undefined
    let listed = false
    world.fake.onAnswer = entry => {
      if (!listed && entry.operationId === 'issues/list-comments') {
        listed = true
        bRead!()
        return bGoes
      }
      if (own !== undefined || !listed || !created(entry)) return
      own = world.fake.comments(7).at(-1)!.id
      goB!()
      return second.then(() => {
        for (const c of world.fake.commentList)
          if (c.author.login === BOT && c.id !== own && c.body.startsWith('### Review loop'))
            c.body = STARTING
      })
    }
    const second = world.runOn('b', world.sandbox.pullRequestEvent('synchronize', 7), inputs)
    await bHasRead
    const a = await world.runOn('a', world.sandbox.pullRequestEvent('opened', 7), inputs)
    await second
    expect(a.outputs.status).toBe('blocked')
    const standing = world.fake
      .comments(7)
      .filter(c => c.user.login === BOT && c.body.startsWith('### Review loop'))
      .map(c => c.id)
    expect(standing).toHaveLength(1)
    expect(standing).not.toContain(own)
    expect(a.stdout).toMatch(`Deleted this run's first status comment ${own}`)
  })
})
