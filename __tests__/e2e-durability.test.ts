/**
 * State that survives (issue 14), through the bundled action: one truth found from any run, no rollback, no forged
 * state, compare-and-swap saves under races, a ledger too large for the status comment, and identity without a token
 * that can say who it is.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  gateComments,
  ledgerOf,
  loadTogether,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'
import { createHash } from 'node:crypto'
import { carriedText, readStateBlock, stateBlock } from '../src/ledger/codec.js'
import type { Ledger } from '../src/loop/model.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

/** A revision as cache keys spell it. */
const rev = (n: number) => `rev${String(n).padStart(8, '0')}`

/**
 * The sample loop played through three runs: a pull_request round with gate G1, its answer (which pushes the fix), the
 * dispatched round. Each saves at its end, and the first two also ahead of their gate and their push (write-ahead).
 */
async function threeRuns(): Promise<number> {
  ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
  ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
  for (const r of await world.runDispatches()) ok(r)
  expect(ledgerOf(world).revision).toBe(5)
  return 5
}

/**
 * A ledger as a long loop leaves it: the loaded one's last round renumbered to `rounds`, after `rounds - 1` closed
 * rounds, and `findings` findings in all (text that does not compress away, as real findings' does not).
 */
function grown(ledger: Ledger, rounds: number, findings: number): Ledger {
  const last = ledger.rounds.at(-1)!
  const earlier = Array.from({ length: rounds - 1 }, (_, i) => ({
    ...structuredClone(last),
    n: i + 1,
    phase: 'closed' as const
  }))
  const shift = rounds - last.n
  last.n += shift
  for (const f of ledger.findings) f.round += shift
  for (const g of ledger.gates) g.round += shift
  const model = ledger.findings[0]!
  for (let k = ledger.findings.length + 1; k <= findings; k++) {
    const words = [1, 2, 3, 4]
      .map(n => createHash('sha256').update(`finding ${k}.${n}`).digest('hex'))
      .join(' ')
    ledger.findings.push({
      ...structuredClone(model),
      id: `F${k}`,
      round: 1 + (k % (rounds - 1)),
      description: `Finding ${k}: ${words}`
    })
  }
  ledger.rounds = [...earlier, last]
  ledger.counters.round = rounds
  ledger.counters.finding = findings
  return ledger
}

/** What a run said, without the debug lines, for a failure's message. */
const tail = (r: { exitCode: number | null; signal: string | null; stdout: string }) =>
  `exit ${r.exitCode} ${r.signal ?? ''}\n` +
  r.stdout
    .split('\n')
    .filter(l => !l.startsWith('::debug') && !l.startsWith('::add-mask'))
    .slice(-25)
    .join('\n')

/** Gate IDs as posted, in order (an ID twice is a reused ID). */
const gateIds = () => gateComments(world).map(c => /^### (G\d+):/.exec(c.body)![1])

describe('one truth, found from any run', () => {
  it('deleting the status comment does not roll the loop back: the next pull_request run loads the newest revision from the scope it was saved in', async () => {
    const saved = await threeRuns()
    const gatesBefore = gateIds()
    const status = statusRecord(world)
    world.fake.commentList.splice(world.fake.commentList.indexOf(status), 1)
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    expect(r.stdout).toMatch(new RegExp(`Ledger revision ${saved} loaded from .*${rev(saved)}`))
    expect(ledgerOf(world).revision).toBeGreaterThan(saved)
    // No gate posted again under an ID it already had, and the rounds go on from 3.
    expect(new Set(gateIds()).size).toBe(gateIds().length)
    expect(gateIds().slice(0, gatesBefore.length)).toEqual(gatesBefore)
    expect(r.outputs.round).toBe('3')
  })

  it('a state block edited by someone else (a higher revision, another ledger) is not believed: nothing is pushed on it, and the loop goes on from the revision the action saved', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const status = statusRecord(world)
    const saved = ledgerOf(world).revision
    const forged = ledgerOf(world)
    forged.revision = 9
    for (const gate of forged.gates) gate.status = 'answered'
    const text = JSON.stringify(forged)
    status.body = status.body.replace(/<!-- review-loop:state .*-->\s*$/, stateBlock(text, 9))
    // The comment run cannot read the pull_request run's cache scope, and the comment's copy is not the action's:
    // it stops, saying so, and pushes nothing.
    const headBefore = world.remote.branchSha('feature/not-found')
    const r = await world.comment(7, 'octo-maintainer', '/review-loop G1 apply')
    expect(r.outputs.status).toBe('blocked')
    expect(r.stdout).toMatch(/names ledger revision 9 with a digest the action never saved/)
    expect(world.remote.branchSha('feature/not-found')).toBe(headBefore)
    // A run that can read the saved revision goes on from it, takes the answer as given to an open gate, and the
    // status comment is the action's again.
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const next = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    expect(next.stdout).toMatch(new RegExp(`Ledger revision ${saved} loaded from `))
    expect(ledgerOf(world).revision).toBeGreaterThan(saved)
  })
})

describe("a fork's forged cache entry", () => {
  it("an entry in a fork PR's merge-ref scope (which the fork's own workflow can write) is not believed, however high its revision", async () => {
    world.sandbox.openPullRequest({
      number: 8,
      title: 'Fork change',
      headRef: 'fork-feature',
      baseRef: 'main',
      author: 'octo-forker',
      fork: true,
      files: { 'src/config.js': 'export const TIMEOUT_MS = 0\nexport const RETRIES = 3\n' }
    })
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            {
              severity: 'medium',
              file: 'src/config.js',
              line: 1,
              description: 'A timeout of 0 disables the request timeout.'
            }
          ],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const inputs = { command: source.command }
    ok(await world.comment(8, 'octo-maintainer', '/review-loop continue', inputs))
    const saved = ledgerOf(world, 8)
    expect(saved.gates.find(g => g.id === 'G1')).toMatchObject({ status: 'open' })
    // What a fork's pull_request run can do: save any key in refs/pull/8/merge.
    const forged = structuredClone(saved)
    forged.revision = 99
    for (const gate of forged.gates) gate.status = 'answered'
    await world.saveLedgerAs('refs/pull/8/merge', JSON.stringify(forged), 99)

    const r = ok(await world.comment(8, 'octo-maintainer', '/review-loop G1 defer', inputs))
    expect(r.stdout).toMatch(/rev00000099.* is not believed: this pull request comes from a fork/)
    expect(r.stdout).toMatch(new RegExp(`Ledger revision ${saved.revision} loaded from`))
    const after = ledgerOf(world, 8)
    expect(after.revision).toBe(saved.revision + 1)
    expect(after.gates.find(g => g.id === 'G1')!.answer).toMatchObject({ by: 'octo-maintainer' })
  })
})

describe('a ledger too large for the status comment', () => {
  it('a loop of 40 rounds and 500 findings goes on across a pull_request run, an answer run and a dispatched run', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const prSaves = world.cache.entries().length
    // The loop as forty rounds leave it, saved by an answer run on the default branch.
    const big = grown(ledgerOf(world), 40, 500)
    const at = big.revision + 1
    big.revision = at
    const text = JSON.stringify(big)
    await world.saveLedgerAs('refs/heads/main', text, at)
    const status = statusRecord(world)
    const block = stateBlock(text, at)
    expect(block.includes('"gz"')).toBe(false)
    status.body = status.body.replace(/<!-- review-loop:state .*-->\s*$/, block)

    const answer = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer'))
    expect(answer.stdout).toMatch(
      new RegExp(`Ledger revision ${at} loaded from cache key .*${rev(at)}`)
    )
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const push = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    expect(push.stdout).toMatch(/this round was handed to a run on main/)
    const [round] = await world.runDispatches()
    expect(ok(round!).outputs.round).toBe('41')
    // Every revision since is in the default branch's scope, which every run reads: an answer run can go on.
    expect(world.cache.entries().filter(e => e.scope !== 'refs/heads/main')).toHaveLength(prSaves)
    const after = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(after.outputs.status).not.toBe('blocked')
    const loaded = Number(/Ledger revision (\d+) loaded from cache key/.exec(after.stdout)![1])
    expect(loaded).toBeGreaterThan(at)
    // A status run changes nothing and saves nothing (issue 16): the comment names the revision the round saved.
    expect(readStateBlock(statusRecord(world).body)!.revision).toBe(loaded)
  })
})

describe('compare-and-swap saves', () => {
  it('the same comment delivered twice at once: one run saves, the other loses without touching the status comment, and the answer is taken once', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const loaded = ledgerOf(world).revision
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 defer'
    })
    loadTogether(world, 2)
    const [a, b] = await Promise.all([world.runOn('a', event), world.runOn('b', event)])
    const results = [a!, b!]
    const lost = results.filter(r => r.outputs.status === 'blocked')
    const won = results.filter(r => r.exitCode === 0)
    // Never two: a save counts only when its run saw no other save of its revision (both may lose, never both win).
    if (won.length > 1 || lost.length + won.length !== 2)
      throw new Error(results.map(tail).join('\n----\n'))
    // A loser lost the save, or (both pushing the same fix) the push, which is fast-forward only. The message names
    // the newest other save it saw: the winner's first (ahead of its push) or, once that run has ended, its last.
    for (const r of lost) {
      const named = /Another run saved ledger revision (\d+)|fixes could not be pushed/.exec(
        r.stdout
      )
      expect(named).not.toBeNull()
      if (named![1] !== undefined) expect(Number(named![1])).toBeGreaterThan(loaded)
    }
    // No save that lost stays to be taken for the truth.
    const saves = world.cache.entries().filter(e => e.key.includes(`-${rev(loaded + 1)}-`))
    expect(saves.length).toBeLessThanOrEqual(1)
    // The run a loser asked for loads what counts and takes what is still owed: the answer, once.
    for (const r of await world.runDispatches()) ok(r)
    const ledger = ledgerOf(world)
    expect(ledger.revision).toBeGreaterThan(loaded)
    expect(ledger.gates.find(g => g.id === 'G1')).toMatchObject({ status: 'answered' })
    expect(
      world.fake
        .comments(7)
        .filter(c => c.user.login === BOT && c.body.includes('review-loop:state'))
    ).toHaveLength(1)
  })

  it('a push and an answer at once, in two cache scopes and without a concurrency group: one save counts, and nothing either took is lost', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 defer'
    })
    loadTogether(world, 2)
    const results = await Promise.all([
      world.runOn('a', world.sandbox.pullRequestEvent('synchronize', 7)),
      world.runOn('b', event)
    ])
    const won = results.filter(r => r.exitCode === 0)
    const lost = results.filter(r => r.outputs.status === 'blocked')
    if (won.length > 1 || lost.length + won.length !== 2)
      throw new Error(results.map(tail).join('\n----\n'))
    for (const r of await world.runDispatches()) ok(r)
    const ledger = ledgerOf(world)
    // Both the push (a new round reviewed the new head) and the answer (G1 deferred) are in the one ledger.
    expect(ledger.gates.find(g => g.id === 'G1')!.status).not.toBe('open')
    expect(ledger.rounds.at(-1)!.head).toBe(world.remote.branchSha('feature/not-found'))
    expect(new Set(gateIds()).size).toBe(gateIds().length)
  })

  it("a losing run's replies stay on the PR marked as not recorded: one unmarked answer to a command, however the race ends", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G9 defer'
    })
    loadTogether(world, 2)
    const results = await Promise.all([world.runOn('a', event), world.runOn('b', event)])
    const lost = results.filter(r => r.outputs.status === 'blocked')
    if (lost.length === 0) throw new Error(results.map(tail).join('\n----\n'))
    for (const r of await world.runDispatches()) ok(r)
    const replies = world.fake
      .comments(7)
      .filter(c => c.user.login === BOT && c.body.includes('There is no gate G9'))
    const marked = replies.filter(c => c.body.startsWith('> **Not recorded.**'))
    expect(replies.length - marked.length).toBe(1)
    expect(marked).toHaveLength(lost.length)
  })

  it('with the concurrency group the same two events run one after the other and both are taken', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const { event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 defer'
    })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    ok(await world.run(event))
    for (const r of await world.runDispatches()) ok(r)
    expect(new Set(gateIds()).size).toBe(gateIds().length)
  })
})

describe('identity without a token that can say who it is', () => {
  it("a GitHub App's token (GET /user forbidden, no bot-login): an answer run finds the loop and goes on, never from round 1", async () => {
    const app = 'review-app[bot]'
    const token = { 'github-token': world.fake.appToken(app) }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), token))
    const posted = world.fake.comments(7).filter(c => c.user.login === app)
    expect(posted.some(c => c.body.includes('review-loop:state'))).toBe(true)
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer', token))
    expect(r.stdout).toMatch(/the action posts as review-app\[bot\]/)
    expect(r.stdout).toMatch(/Ledger revision \d+ loaded/)
    const status = world.fake
      .comments(7)
      .filter(c => c.user.login === app && c.body.includes('review-loop:state'))
    expect(status).toHaveLength(1)
    expect(status[0]!.body).toContain('deferred by @octo-maintainer')
    expect(r.outputs.round).toBe('1')
  })

  it("another bot's copy of the status comment (same block, vouched) does not make the action take that bot for itself", async () => {
    const app = 'review-app[bot]'
    const token = { 'github-token': world.fake.appToken(app) }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), token))
    const real = world.fake
      .comments(7)
      .find(c => c.user.login === app && c.body.includes('review-loop:state'))!
    world.fake.comment(7, { login: 'mimic[bot]', body: real.body })
    const question = "### G9: a question of the mimic's own"
    const mimicGate = world.fake.comment(7, { login: 'mimic[bot]', body: question })
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer', token))
    expect(r.stdout).not.toMatch(/the action posts as mimic\[bot\]/)
    // Nothing of the mimic's is taken for the action's: its gate-shaped comment is left alone, its ID not reserved.
    expect(world.fake.commentList.find(c => c.id === mimicGate.id)!.body).toBe(question)
    expect(r.stdout).toMatch(
      /by mimic\[bot\] is a copy: .* so the action posts as review-app\[bot\]/
    )
    const status = world.fake
      .comments(7)
      .filter(c => c.user.login === app && c.body.includes('review-loop:state'))
    expect(status).toHaveLength(1)
    expect(status[0]!.body).toContain('deferred by @octo-maintainer')
    const ledger = JSON.parse(carriedText(readStateBlock(status[0]!.body)!)!) as Ledger
    expect(ledger.counters.gate).toBeLessThan(9)
  })

  it("a status comment of the loop's shape by a bot no saved revision vouches for stops the loop, naming bot-login", async () => {
    const app = 'review-app[bot]'
    const token = { 'github-token': world.fake.appToken(app) }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), token))
    for (const e of world.cache.entries()) world.cache.deleteEntry(e.key)
    const r = await world.comment(7, 'octo-maintainer', '/review-loop G1 defer', token)
    expect(r.outputs.status).toBe('blocked')
    expect(r.stdout).toMatch(
      /is by review-app\[bot\].*did not start over.*set the `bot-login` input/
    )
    expect(world.fake.comments(7).filter(c => c.user.login === app)).toHaveLength(2)
  })
})

describe('never `ignored` after writing', () => {
  it('an answer to a gate when no loop exists gets its reply and reaction, and the run says so instead of `ignored`', async () => {
    const r = await world.comment(7, 'octo-maintainer', '/review-loop G9 defer')
    const answer = world.fake.comments(7).find(c => c.body === '/review-loop G9 defer')!
    const wrote =
      world.fake.comments(7).filter(c => c.user.login === BOT).length +
      world.fake.commentList.find(c => c.id === answer.id)!.reactions.length
    expect(wrote).toBeGreaterThan(0)
    expect(r.outputs.status).not.toBe('ignored')
    expect(r.stdout).toMatch(/No loop has started on this pull request.*\/review-loop continue/)
  })
})
