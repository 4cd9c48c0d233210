/**
 * State that survives (issue 14), through the bundled action: a run killed (SIGKILL) between its outward effects, at
 * each effect of a round, and a round of 2,000 findings.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  gateComments,
  killAfterFixPush,
  ledgerOf,
  manyConcerns,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'
import { readStateBlock } from '../src/ledger/codec.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

/** The action's comments shaped as a status comment (with or without its state block yet). */
const statusComments = () =>
  world.fake.comments(7).filter(c => c.user.login === BOT && c.body.startsWith('### Review loop'))

/** Gate IDs of the action's gate comments still standing (not withdrawn), in order. */
const standingGateIds = () =>
  world.fake
    .comments(7)
    .filter(c => c.user.login === BOT && /^### G\d+:/.test(c.body))
    .map(c => /^### (G\d+):/.exec(c.body)![1])

const created = (entry: { operationId?: string; body?: unknown }, start: string) =>
  entry.operationId === 'issues/create-comment' &&
  String((entry.body as { body?: string } | undefined)?.body ?? '').startsWith(start)

describe('a run killed between its outward effects (SIGKILL)', () => {
  it('after the source answered, before the first gate comment: the next run asks G1 once', async () => {
    world.killAt({ before: e => created(e, '### G1:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7))
    expect(killed.signal).toBe('SIGKILL')
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(standingGateIds()).toEqual(['G1'])
    expect(statusComments()).toHaveLength(1)
  })

  it('after a gate comment, before the save: the next run adopts it under its own ID, and an answer posted after the kill is taken', async () => {
    world.killAt({ after: e => created(e, '### G1:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7))
    expect(killed.signal).toBe('SIGKILL')
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer'))
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G1\)/)
    expect(r.stdout).not.toMatch(/there is no gate G1/)
    expect(standingGateIds()).toEqual(['G1'])
    expect(world.fake.comments(7).filter(c => c.body.startsWith('> **Withdrawn.**'))).toHaveLength(
      0
    )
    const ledger = ledgerOf(world)
    expect(ledger.gates.find(g => g.id === 'G1')).toMatchObject({ status: 'answered' })
    expect(ledger.gates.find(g => g.id === 'G1')!.commentId).toBe(
      world.fake.comments(7).find(c => /^### G1:/.test(c.body))!.id
    )
    expect(ledger.intent).toBeUndefined()
    expect(statusComments()).toHaveLength(1)
  })

  it('after the second of three gate comments: the two posted are adopted, the third is posted under its saved ID, and an answer to the second is taken', async () => {
    const concern = (file: string, line: number, what: string) => ({
      severity: 'medium',
      file,
      line,
      description: what
    })
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            concern('src/config.js', 2, 'A timeout of 0 disables the request timeout.'),
            concern('src/client.js', 4, 'Only 200 counts as OK; other 2xx statuses do not.'),
            concern('README.md', 1, 'The README does not say how to configure retries.')
          ],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const inputs = { command: source.command }
    world.killAt({ after: e => created(e, '### G2:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
    expect(killed.signal).toBe('SIGKILL')
    expect(standingGateIds()).toEqual(['G1', 'G2'])
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G2 defer', inputs))
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G1\)/)
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G2\)/)
    expect(r.stdout).toMatch(
      /Posted G3: the run that saved them ahead of posting was stopped first/
    )
    expect(standingGateIds()).toEqual(['G1', 'G2', 'G3'])
    const ledger = ledgerOf(world)
    expect(ledger.gates.map(g => [g.id, g.status])).toEqual([
      ['G1', 'open'],
      ['G2', 'answered'],
      ['G3', 'open']
    ])
    expect(world.fake.comments(7).filter(c => c.body.startsWith('> **Withdrawn.**'))).toHaveLength(
      0
    )
    expect(statusComments()).toHaveLength(1)
    // The source was asked once: the killed run's round stands, it is not reviewed again.
    expect(source.requests().filter(q => q.role === 'review')).toHaveLength(1)
  })

  it("after a no-review round's gate comment: the next run adopts it, and its answer is taken", async () => {
    const source = scriptedSource([{ stdout: 'not a review', exitCode: 1, stderr: 'crashed' }])
    const inputs = { command: source.command }
    world.killAt({ after: e => created(e, '### G1:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
    expect(killed.signal).toBe('SIGKILL')
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 stop', inputs))
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G1\)/)
    expect(r.outputs.status).toBe('exited')
    expect(standingGateIds()).toEqual(['G1'])
    expect(world.fake.comments(7).filter(c => c.body.startsWith('> **Withdrawn.**'))).toHaveLength(
      0
    )
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')).toMatchObject({
      kind: 'no-review',
      status: 'answered'
    })
  })

  it("after Phase 0's source-choice gate comment: the next run adopts it under G1 and takes its answer; the question is never asked again", async () => {
    // Several usable sources and none named: Phase 0 asks which, before any review.
    const inputs = { 'anthropic-api-key': 'sk-ant-test-key-not-real' }
    world.killAt({ after: e => created(e, '### G1:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
    expect(killed.signal).toBe('SIGKILL')
    const r = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 command, the in-house reviewer',
        inputs
      )
    )
    expect(r.stdout).toMatch(/Adopted gate comment \d+ \(G1\)/)
    expect(r.stdout).not.toMatch(/there is no gate G1/)
    expect(r.outputs.round).toBe('1')
    const questions = world.fake
      .comments(7)
      .filter(
        c =>
          c.user.login === BOT && c.body.includes('Which source should review this pull request?')
      )
    expect(questions).toHaveLength(1)
    expect(world.fake.comments(7).filter(c => c.body.startsWith('> **Withdrawn.**'))).toHaveLength(
      0
    )
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')).toMatchObject({
      kind: 'source',
      status: 'answered',
      commentId: questions[0]!.id
    })
    expect(statusRecord(world).body).toContain('chosen at G1 by @octo-maintainer')
  })

  it('after the gates were saved ahead, before any gate comment: the next run posts them under the saved IDs', async () => {
    world.killAt({ before: e => created(e, '### G1:') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7))
    expect(killed.signal).toBe('SIGKILL')
    // The killed job run again.
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r.stdout).toMatch(
      /Posted G1: the run that saved them ahead of posting was stopped first/
    )
    expect(standingGateIds()).toEqual(['G1'])
    ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer'))
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')).toMatchObject({ status: 'answered' })
    expect(statusComments()).toHaveLength(1)
  })

  it('after the save ahead of the push, before the push: the next run applies the round again and pushes it once', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const before = world.remote.branchSha('feature/not-found')!
    world.killAt({ cache: c => c.op.endsWith('FinalizeCacheEntryUpload') })
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 apply'
    })
    const killed = await world.run(event)
    expect(killed.signal).toBe('SIGKILL')
    expect(world.remote.branchSha('feature/not-found')).toBe(before)
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
    expect(r.stdout).toMatch(/was recorded ahead but never pushed \(the run stopped first\)/)
    for (const d of await world.runDispatches()) ok(d)
    const pushed = world.remote.git(['rev-list', `${before}..feature/not-found`]).split('\n')
    expect(pushed.filter(Boolean)).toHaveLength(1)
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.landing?.commit).toBe(world.remote.branchSha('feature/not-found'))
    expect(ledger.rounds.map(x => x.cycle)).not.toContain('after-author-push')
    expect(ledger.status).toBe('converged')
  })

  it("after the push, before the save: the next run knows the commit as the loop's (landed, not an author's push), and nothing is pushed twice", async () => {
    const { before, pushed } = await killAfterFixPush(world)
    expect(world.remote.git(['log', '-1', '--format=%B', pushed])).toMatch(
      /\n\nReview-loop-round: 1\n*$/
    )
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
    expect(r.stdout).toMatch(/is the loop's own: the revision saved before the push named it/)
    expect(r.stdout).not.toMatch(/pushed by the author/)
    for (const d of await world.runDispatches()) ok(d)
    const ledger = ledgerOf(world)
    expect(ledger.ownPushes).toContain(pushed)
    expect(ledger.rounds[0]!.landing?.commit).toBe(pushed)
    expect(ledger.rounds.map(x => x.cycle)).not.toContain('after-author-push')
    expect(ledger.findings.filter(f => f.outcome.kind === 'applied')).not.toHaveLength(0)
    // One fix commit: the fix was not written and pushed a second time.
    expect(
      world.remote
        .git(['rev-list', `${before}..feature/not-found`])
        .split('\n')
        .filter(Boolean)
    ).toHaveLength(1)
    expect(ledger.status).toBe('converged')
    expect(statusComments()).toHaveLength(1)
  })

  it("a commit by the author with the loop's trailer is read as the author's push: a trailer alone never makes a commit the loop's", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const forged = world.remote.commit(
      'feature/not-found',
      { 'NOTES.md': 'more\n' },
      {
        message: 'review-loop: fix commit for round 1\n\nReview-loop-round: 1\n'
      }
    )
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    expect(r.stdout).toMatch(/pushed by the author/)
    expect(r.stdout).toMatch(/is read as the author's push: it carries the loop's trailer/)
    const ledger = ledgerOf(world)
    expect(ledger.ownPushes).not.toContain(forged)
    expect(ledger.rounds.at(-1)).toMatchObject({ head: forged, cycle: 'after-author-push' })
  })

  it('after its first status comment: the next run adopts it instead of posting a second', async () => {
    world.killAt({ after: e => created(e, '### Review loop: starting') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7))
    expect(killed.signal).toBe('SIGKILL')
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r.stdout).toMatch(/Adopted status comment/)
    expect(statusComments()).toHaveLength(1)
    expect(new Set(standingGateIds()).size).toBe(standingGateIds().length)
  })

  it('before the save (the cache entry reserved, never finalized): the next run takes up what was posted', async () => {
    world.killAt({ cache: c => c.op.endsWith('CreateCacheEntry') })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7))
    expect(killed.signal).toBe('SIGKILL')
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(statusComments()).toHaveLength(1)
    const ids = standingGateIds()
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('after the save, before the status comment is edited: the next run loads the saved revision', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.killAt({ cache: c => c.op.endsWith('FinalizeCacheEntryUpload') })
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 defer'
    })
    const killed = await world.runOn('', event)
    expect(killed.signal).toBe('SIGKILL')
    const saved = Math.max(
      ...world.cache.entries().map(e => Number(/-rev(\d{8})-/.exec(e.key)![1]))
    )
    expect(readStateBlock(statusRecord(world).body)!.revision).toBeLessThan(saved)
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(r.stdout).toMatch(new RegExp(`Ledger revision ${saved} loaded from cache key`))
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.status).toBe('answered')
  })

  it('before the dispatch: the status comment never says the next round was started, and `continue` starts it', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.killAt({ before: e => e.operationId === 'actions/create-workflow-dispatch' })
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 apply'
    })
    const killed = await world.run(event)
    expect(killed.signal).toBe('SIGKILL')
    expect(world.fake.dispatches).toHaveLength(0)
    expect(statusRecord(world).body).not.toMatch(/next round was started/)
    ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
    for (const r of await world.runDispatches()) ok(r)
    expect(ledgerOf(world).status).toBe('converged')
  })

  it('after the dispatch: the dispatched run goes on from the saved revision, and nothing is asked for twice', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.killAt({ after: e => e.operationId === 'actions/create-workflow-dispatch' })
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 apply'
    })
    const killed = await world.run(event)
    expect(killed.signal).toBe('SIGKILL')
    expect(world.fake.dispatches).toHaveLength(1)
    const [next] = await world.runDispatches()
    expect(ok(next!).outputs.status).toBe('converged')
    expect(world.fake.dispatches).toHaveLength(1)
    expect(statusComments()).toHaveLength(1)
  })
})

describe('a round of 2,000 findings', () => {
  it('in a pull_request run, a first round that takes the ledger past what the status comment carries is handed to a run on the default branch before anything is posted, and an answer run goes on', async () => {
    const review = manyConcerns(2_000)
    const source = scriptedSource([review, review])
    const inputs = { command: source.command }
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r.stdout).toMatch(
      /before posting or pushing anything the round was handed to a run on main .* This run saved nothing/
    )
    expect(world.fake.comments(7).filter(c => c.user.login === BOT)).toHaveLength(0)
    expect(world.cache.entries()).toHaveLength(0)
    const [round] = await world.runDispatches(inputs)
    const open = ok(round!).outputs['open-gates']!.split(' ')
    expect(open.length).toBeGreaterThan(1_000)
    // Too large for the comment: only the default branch's scope carries it, which every run reads.
    expect(readStateBlock(statusRecord(world).body)!.gz).toBeUndefined()
    expect(world.cache.entries().map(e => e.scope)).toEqual(['refs/heads/main', 'refs/heads/main'])
    const listed = open.at(-1)!
    const answer = ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${listed} dismiss not here`, inputs)
    )
    expect(answer.outputs['open-gates']!.split(' ')).not.toContain(listed)
    expect(answer.outputs['open-gates']!.split(' ')).toHaveLength(open.length - 1)
  })

  it('posts at most 10 gate comments of their own and the rest listed, each still answerable by its ID', async () => {
    const findings = Array.from({ length: 2_000 }, (_, k) => ({
      severity: 'medium',
      file: 'src/config.js',
      line: 1 + (k % 2),
      description: `Concern ${k}: the timeout handling may be wrong in case ${k}.`
    }))
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings,
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const inputs = { command: source.command }
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue', inputs))
    const open = r.outputs['open-gates']!.split(' ')
    if (open.length < 1_000) {
      const said = r.stdout.split('\n').filter(l => !l.startsWith('::debug'))
      const round = JSON.stringify(ledgerOf(world).rounds[0]).slice(0, 3000)
      throw new Error(`${said.slice(-12).join('\n')}\n${round}\n${r.stderr.slice(-2000)}`)
    }
    expect(open.length).toBeGreaterThan(1_000)
    const own = gateComments(world)
    const lists = world.fake
      .comments(7)
      .filter(c => c.user.login === BOT && c.body.startsWith('### Questions'))
    expect(own.length).toBeLessThanOrEqual(10)
    expect(lists.length).toBeLessThanOrEqual(Math.ceil(open.length / 400))
    expect(world.fake.comments(7).filter(c => c.user.login === BOT).length).toBeLessThan(20)
    // A gate that has no comment of its own is answered by its ID like any other.
    const listed = open.at(-1)!
    expect(lists.some(c => c.body.includes(`**${listed}**`))).toBe(true)
    const answer = ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${listed} dismiss not here`, inputs)
    )
    expect(answer.outputs['open-gates']!.split(' ')).not.toContain(listed)
  })
})
