/**
 * Where a round is done (issue 14, item 2), through the bundled action: a `pull_request` run whose round's result takes
 * the ledger past what the status comment carries hands the round to a run on the default branch before the round's
 * first outward effect of any kind, not only before a save ahead of gates or a push. A round that asks nothing and
 * pushes nothing would otherwise be saved at its end in the PR's merge-ref scope, which no comment run can read.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BOT, manyConcerns, ok, scriptedSource, useSampleWorld } from '../__fixtures__/e2e.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

describe('a round handed over before its first effect of any kind', () => {
  it('a first round of 2,000 findings all dropped (past the file’s end) is handed to the default branch: nothing posted or saved by the pull_request run, and a status run after it is not blocked', async () => {
    // Lines src/config.js does not have: each finding is dropped by the loop's own check, so the round asks nothing
    // and pushes nothing, but every finding stays in the ledger. Text that does not compress away, as real findings.
    const source = scriptedSource([manyConcerns(2_000, k => 1_000 + k)])
    const inputs = { command: source.command }
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r.outputs.status).toBe('continue')
    expect(r.stdout).toMatch(/the round was handed to a run on main .* This run saved nothing/)
    expect(world.fake.dispatches).toHaveLength(1)
    // Its one write is the dispatch: no comment, review, reply, reaction or label.
    const writes = world.fake.requests.filter(
      q => q.method !== 'GET' && q.operationId !== undefined && q.path !== '/graphql'
    )
    expect(writes.map(q => q.operationId)).toEqual(['actions/create-workflow-dispatch'])
    expect(world.fake.comments(7).filter(c => c.user.login === BOT)).toHaveLength(0)
    expect(world.fake.reviews).toHaveLength(0)
    expect(world.cache.entries()).toHaveLength(0)

    const [round] = await world.runDispatches(inputs)
    ok(round!)
    expect(round!.stdout).toMatch(/Round 1: review by/)
    expect(round!.outputs.status).toBe('converged')
    // Every revision lives in the default branch's scope, which every run reads.
    expect(world.cache.entries().length).toBeGreaterThan(0)
    expect(new Set(world.cache.entries().map(e => e.scope))).toEqual(new Set(['refs/heads/main']))
    for (const d of await world.runDispatches(inputs)) ok(d)

    const status = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(status.outputs.status).not.toBe('blocked')
    // The round was done once per run that did it: the pull_request run's review and the dispatched run's.
    expect(source.requests().filter(q => q.role === 'review')).toHaveLength(
      1 + world.fake.dispatches.length
    )
  })
})

describe('a handed-over round reads nothing it does not use', () => {
  it('2,000 findings that would wait at gates: the pull_request run hands the round over without reading the diff their places are on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'handoff-cost-'))
    const trace = join(dir, 'trace2.json')
    try {
      // On lines src/config.js has: the findings stay and wait for a person's answer, past the status comment's room.
      const source = scriptedSource([manyConcerns(2_000)])
      const r = ok(
        await world.run(
          world.sandbox.pullRequestEvent('opened', 7),
          { command: source.command },
          { GIT_TRACE2_EVENT: trace }
        )
      )
      expect(r.stdout).toMatch(/the round was handed to a run on main/)
      const diffs = readFileSync(trace, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map(line => JSON.parse(line) as { event: string; argv?: string[] })
        .filter(e => e.event === 'start' && e.argv?.includes('diff'))
      // The round's own read of the change, so the trace holds the action's git; none of the review's second diff.
      expect(diffs.filter(e => e.argv!.includes('-U0'))).toHaveLength(1)
      expect(diffs.filter(e => e.argv!.includes('-U3'))).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
