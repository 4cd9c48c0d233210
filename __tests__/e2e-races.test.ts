/**
 * Races without the README's concurrency group (issue 14, item 6), through the bundled action: a run that loads a
 * revision saved ahead while the run that saved it is still posting its gates, and two first runs at once.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  killAfterFixPush,
  ledgerOf,
  loadTogether,
  ok,
  reviewAnswer,
  scriptedSource,
  useSampleWorld
} from '../__fixtures__/e2e.js'
import type { RunResult } from '../__fixtures__/harness/index.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const created = (entry: { operationId?: string; body?: unknown }, start: string) =>
  entry.operationId === 'issues/create-comment' &&
  String((entry.body as { body?: string } | undefined)?.body ?? '').startsWith(start)

/** The action's gate comments as posted (withdrawn ones too), each as its gate ID and comment ID. */
const gateComments = () =>
  world.fake
    .comments(7)
    .filter(c => c.user.login === BOT && /^(> \*\*Withdrawn\.\*\*.*\n\n)?### G\d+:/s.test(c.body))
    .map(c => ({ id: /### (G\d+):/.exec(c.body)![1]!, comment: c.id }))

/** The action's comments shaped as a status comment (with or without its state block yet). */
const statusComments = () =>
  world.fake.comments(7).filter(c => c.user.login === BOT && c.body.startsWith('### Review loop'))

/** What a run said, without the debug lines, for a failure's message. */
const tail = (r: RunResult) =>
  `exit ${r.exitCode} ${r.signal ?? ''}\n` +
  r.stdout
    .split('\n')
    .filter(l => !l.startsWith('::debug') && !l.startsWith('::add-mask'))
    .slice(-25)
    .join('\n')

const concern = (file: string, line: number, description: string) => ({
  severity: 'medium',
  file,
  line,
  description
})
/** A first round asking three gates. */
const threeGates = reviewAnswer([
  concern('src/config.js', 2, 'A timeout of 0 disables the request timeout.'),
  concern('src/client.js', 4, 'Only 200 counts as OK; other 2xx statuses do not.'),
  concern('README.md', 1, 'The README does not say how to configure retries.')
])

describe('a revision saved ahead, loaded while its run is still posting', () => {
  it('the run that loads it leaves the gates to the run posting them: each gate ID has one gate comment, none withdrawn, and the answer is taken', async () => {
    const source = scriptedSource([threeGates])
    const inputs = { command: source.command }
    // The first run is held once its G1 comment is posted (G2 and G3 still to come) while a maintainer's answer to G1
    // starts a run that loads its revision saved ahead of the gates, and runs to its end.
    let answer: Promise<RunResult> | undefined
    world.fake.onAnswer = entry => {
      if (answer || !created(entry, '### G1:')) return
      world.fake.onAnswer = undefined
      const { event } = world.sandbox.postComment(7, {
        login: 'octo-maintainer',
        body: '/review-loop G1 defer'
      })
      answer = world.runOn('b', event, inputs)
      return answer.then(() => undefined)
    }
    const first = await world.runOn('a', world.sandbox.pullRequestEvent('opened', 7), inputs)
    const second = await answer!
    const why = [first, second].map(tail).join('\n----\n')
    // The run after (the fresh run the loser asked for) adopts what the first run posted.
    for (const r of await world.runDispatches(inputs)) ok(r)
    const posted = gateComments()
    if (posted.map(p => p.id).join() !== 'G1,G2,G3')
      throw new Error(`${JSON.stringify(posted)}\n${why}`)
    expect(world.fake.comments(7).filter(c => c.body.startsWith('> **Withdrawn.**'))).toEqual([])
    const ledger = ledgerOf(world)
    expect(ledger.gates.map(g => [g.id, g.commentId])).toEqual(posted.map(p => [p.id, p.comment]))
    expect(ledger.gates.find(g => g.id === 'G1')!.status).toBe('answered')
    expect(ledger.intent).toBeUndefined()
    expect(statusComments()).toHaveLength(1)
    expect(second.stdout).toMatch(
      /The loaded revision's intent is left alone: run \d+ \(attempt 1\), which saved the loaded revision ahead of its effects, is still going \(in_progress\)/
    )
  })
})

describe('a push saved ahead and made, loaded before its run saved', () => {
  it("the run that loads it records the commit as the loop's, landed, though the run that pushed it is still going: never reviewed as the author's push", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const before = world.remote.branchSha('feature/not-found')!
    // The answer's run is held once it has pushed, at its final save's first look at the saved revisions, while a
    // second command starts a run that loads the revision saved ahead of the push and runs to its end.
    let second: Promise<RunResult> | undefined
    world.fake.onAnswer = entry => {
      if (second || entry.operationId !== 'actions/get-actions-cache-list') return
      if (world.remote.branchSha('feature/not-found') === before) return
      world.fake.onAnswer = undefined
      const { event } = world.sandbox.postComment(7, {
        login: 'octo-maintainer',
        body: '/review-loop continue'
      })
      second = world.runOn('b', event)
      return second.then(() => undefined)
    }
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 apply'
    })
    const first = await world.runOn('a', event)
    const pushed = world.remote.branchSha('feature/not-found')!
    const b = await second!
    const why = [first, b].map(tail).join('\n----\n')
    for (const d of await world.runDispatches()) ok(d)
    const ledger = ledgerOf(world)
    if (!ledger.ownPushes.includes(pushed)) throw new Error(`${pushed} not the loop's\n${why}`)
    expect(b.stdout).toMatch(/The fix commit \w+ on feature\/not-found is the loop's own/)
    expect(b.stdout).not.toMatch(/read as the author's push/)
    expect(ledger.rounds[0]!.landing?.commit).toBe(pushed)
    expect(ledger.rounds.map(x => x.cycle)).not.toContain('after-author-push')
    expect(
      world.remote
        .git(['rev-list', `${before}..feature/not-found`])
        .split('\n')
        .filter(Boolean)
    ).toEqual([pushed])
  })
})

describe('a token without actions: read', () => {
  it('cannot ask whether the run that saved the intent is still going: the gates are taken up as before, with a warning naming the permission', async () => {
    world.killAt({ after: e => created(e, '### G1:') })
    expect((await world.run(world.sandbox.pullRequestEvent('opened', 7))).signal).toBe('SIGKILL')
    world.fake.refuse('actions/get-workflow-run-attempt', 403)
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer'))
    expect(r.annotations.filter(a => a.startsWith('::warning::'))).toEqual([
      expect.stringMatching(/is still going could not be asked .*`actions: read`/)
    ])
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G1\)/)
    expect(gateComments().map(g => g.id)).toEqual(['G1'])
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.status).toBe('answered')
  })
})

describe('two first runs at once', () => {
  it('each posts a first status comment; the loser deletes its own, so the PR ends with one status comment, the one the ledger names', async () => {
    loadTogether(world, 2)
    const event = world.sandbox.pullRequestEvent('opened', 7)
    const results = await Promise.all([world.runOn('a', event), world.runOn('b', event)])
    const lost = results.filter(r => r.outputs.status === 'blocked')
    if (lost.length === 0) throw new Error(results.map(tail).join('\n----\n'))
    for (const r of await world.runDispatches()) ok(r)
    const named = ledgerOf(world).statusComment!.id
    const standing = statusComments().map(c => c.id)
    if (standing.join() !== String(named))
      throw new Error(
        `${standing.join()} (the ledger names ${named})\n${results.map(tail).join('\n----\n')}`
      )
    expect(
      lost.length === 2 || lost.some(r => /Deleted this run's first status comment/.test(r.stdout))
    ).toBe(true)
  })
})

describe('two first runs at once that both lost their saves', () => {
  it('left two first status comments: the next run adopts the newest and deletes neither (the other may be a run still going)', async () => {
    // What two losers leave when neither could read a winner's status comment: each its own, no ledger saved. The same
    // comments are on the PR while two first runs are still going (e2e-races-live-status.test.ts).
    for (let i = 0; i < 2; i++)
      world.fake.comment(7, { login: BOT, body: '### Review loop: starting…' })
    const [older, newer] = statusComments().map(c => c.id)
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r.stdout).toMatch(new RegExp(`Adopted status comment ${newer}`))
    expect(statusComments().map(c => c.id)).toEqual([older, newer])
    expect(ledgerOf(world).statusComment!.id).toBe(newer)
  })
})

describe('the pulls API lagging a push', () => {
  it('a fix commit pushed by a run stopped before its save is recognised as landed from git, though the pulls API still shows the head before it', async () => {
    const { before, pushed } = await killAfterFixPush(world)
    // The next run's first read of the pull request still shows the head before the push; GitHub catches up after.
    let stale = true
    world.fake.staleHead = n => (n === 7 && stale ? before : undefined)
    world.fake.onAnswer = entry => {
      if (entry.operationId !== 'pulls/get') return
      stale = false
      world.fake.onAnswer = undefined
    }
    // That run stops on the moved head once it checks it out (the API's head is what it was asked to review), after
    // saving what it took up; the next run reads the head afresh.
    const r = await world.comment(7, 'octo-maintainer', '/review-loop continue')
    expect(stale).toBe(false)
    ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
    for (const d of await world.runDispatches()) ok(d)
    const ledger = ledgerOf(world)
    expect(ledger.ownPushes).toContain(pushed)
    expect(ledger.rounds[0]!.landing?.commit).toBe(pushed)
    expect(ledger.rounds.map(x => x.cycle)).not.toContain('after-author-push')
    // One fix commit: the round was not applied and pushed again.
    expect(
      world.remote
        .git(['rev-list', `${before}..feature/not-found`])
        .split('\n')
        .filter(Boolean)
    ).toHaveLength(1)
    expect(r.stdout).toMatch(/is the loop's own: the revision saved before the push named it/)
  })
})

describe('a push saved ahead, loaded while its run is still pushing', () => {
  it("the run that loads it leaves the round's fixes to that run: the fix commit on the branch is the one it saved ahead, pushed once, recorded as landed", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const before = world.remote.branchSha('feature/not-found')!
    // The answer's run is held right after its save ahead of the push (its status comment edit), before the push, while
    // a second command starts a run that loads that revision and runs to its end.
    let second: Promise<RunResult> | undefined
    let intended: string | undefined
    world.fake.onAnswer = entry => {
      if (second || entry.operationId !== 'issues/update-comment') return
      const push = ledgerOf(world).intent?.push
      if (!push) return
      world.fake.onAnswer = undefined
      intended = push.sha
      const { event } = world.sandbox.postComment(7, {
        login: 'octo-maintainer',
        body: '/review-loop continue'
      })
      second = world.runOn('b', event)
      return second.then(() => undefined)
    }
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 apply'
    })
    const first = await world.runOn('a', event)
    const why = [first, await second!].map(tail).join('\n----\n')
    for (const d of await world.runDispatches()) ok(d)
    const commits = world.remote
      .git(['rev-list', `${before}..feature/not-found`])
      .split('\n')
      .filter(Boolean)
    if (commits.join() !== intended)
      throw new Error(`${commits.join()} (intended ${intended})\n${why}`)
    const ledger = ledgerOf(world)
    expect(ledger.ownPushes).toContain(intended)
    expect(ledger.rounds[0]!.landing?.commit).toBe(intended)
    expect(ledger.rounds.map(x => x.cycle)).not.toContain('after-author-push')
    expect(ledger.gates.find(g => g.id === 'G1')!.status).toBe('answered')
    expect(ledger.intent).toBeUndefined()
  })
})
