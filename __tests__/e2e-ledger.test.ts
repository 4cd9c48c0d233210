/** The ledger end to end under GitHub's real cache rules, and the directory store. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BOT, ok, statusRecord as statusOf, useSampleWorld } from '../__fixtures__/e2e.js'

let world: LoopWorld
const statusRecord = () => statusOf(world)

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

describe('the ledger under GitHub cache rules', () => {
  it('a comment run cannot see what a pull_request run cached; it continues from the status comment', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    // Saved ahead of posting its gate (write-ahead) and at its end.
    expect(world.cache.entries().map(e => e.scope)).toEqual([
      'refs/pull/7/merge',
      'refs/pull/7/merge'
    ])
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer'))
    expect(r.stdout).toContain('Ledger revision 2 loaded from status comment')
    expect(r.outputs).toMatchObject({ status: 'continue', round: '1' })
  })

  it('a state that cannot be found stops the loop with a clear message and is never reset', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const status = statusRecord()
    // A ledger too large for the comment: the comment then carries only its revision and digest.
    status.body = status.body.replace(/,"gz":"[^"]*"/, '')
    const before = status.body
    const r = await world.comment(7, 'octo-maintainer', '/review-loop G1 apply')
    expect(r.exitCode).not.toBe(0)
    expect(r.outputs.status).toBe('blocked')
    expect(r.stdout).toMatch(
      /::error::.*revision 2.*no copy of that revision can be found.*did not start over/
    )
    expect(statusRecord().body).toBe(before)
    expect(
      world.fake.comments(7).filter(c => c.user.login === BOT && /^### G\d/.test(c.body))
    ).toHaveLength(1)
  })

  it("a pull_request run finds the newest revision in the default branch's scope, not its own older one", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
    const [converged] = await world.runDispatches()
    expect(ok(converged!).outputs.status).toBe('converged')
    const scopes = world.cache.entries().map(e => e.scope)
    // Each run saves at its end; the first also ahead of its gate, the answer's ahead of its push (write-ahead).
    expect(scopes).toEqual([
      'refs/pull/7/merge',
      'refs/pull/7/merge',
      'refs/heads/main',
      'refs/heads/main',
      'refs/heads/main'
    ])
    // Only the cache can help now: the comment carries no copy.
    const status = statusRecord()
    status.body = status.body.replace(/,"gz":"[^"]*"/, '')
    world.remote.commit('feature/not-found', { 'NOTES.md': 'more\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    expect(r.stdout).toMatch(/Ledger revision 5 loaded from .*rev00000005/)
    // A push after convergence starts a new invocation whose rounds continue the numbering.
    expect(r.outputs).toMatchObject({ status: 'converged', round: '3', verdict: 'approve' })
  })
})

describe('ledger-store: directory', () => {
  it('keeps the ledger in the folder, written atomically, and continues from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-ledgers-'))
    const inputs = { 'ledger-store': 'directory', 'ledger-dir': dir }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const file = join(dir, 'octo-org', 'octo-repo', 'pr-7.json')
    const first = JSON.parse(readFileSync(file, 'utf8')) as { revision: number; rounds: unknown[] }
    // Saved ahead of posting its gate (write-ahead) and at its end.
    expect(first).toMatchObject({ revision: 2, rounds: [expect.objectContaining({ n: 1 })] })
    expect(world.cache.entries()).toEqual([])
    // The revision the end replaced (the one saved ahead of the gate) is kept beside it; no temporary file is left.
    expect(readdirSync(join(dir, 'octo-org', 'octo-repo')).sort()).toEqual([
      'pr-7.json',
      'pr-7.prev.json'
    ])
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer', inputs))
    expect(r.stdout).toContain(`Ledger revision 2 loaded from file ${file}`)
    // The answer lets the round's fix land: saved ahead of its push and at its end.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ revision: 4 })
  })

  it('a ledger that does not match the schema stops the loop and is left as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-ledgers-'))
    const inputs = { 'ledger-store': 'directory', 'ledger-dir': dir }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const file = join(dir, 'octo-org', 'octo-repo', 'pr-7.json')
    const broken = readFileSync(file, 'utf8').replace('"rounds":[{"n":1', '"rounds":[{"n":"one"')
    writeFileSync(file, broken)
    // The status comment's copy is older than nothing: it names revision 1, which the store still claims to hold.
    const r = await world.comment(7, 'octo-maintainer', '/review-loop G1 defer', inputs)
    expect(r.exitCode).not.toBe(0)
    expect(r.outputs.status).toBe('blocked')
    expect(r.stdout).toMatch(
      /::error::The ledger from .*pr-7\.json does not match schema version 1: rounds\.0\.n/
    )
    expect(readFileSync(file, 'utf8')).toBe(broken)
  })
})
