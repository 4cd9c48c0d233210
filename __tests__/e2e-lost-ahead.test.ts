/**
 * A run that loses its save ahead of an effect (issue 14, item 6): another run saved the next revision between this
 * run's load and its save ahead of the push. It pushes nothing, and says so once: blocked, one error, one summary.
 */
import { describe, expect, it } from '@jest/globals'
import { ledgerOf, ok, useSampleWorld } from '../__fixtures__/e2e.js'

const sample = useSampleWorld()

describe('a save ahead of the push that loses', () => {
  it('pushes nothing and reports the lost race once', async () => {
    const world = sample()
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const loaded = ledgerOf(world).revision
    const before = world.remote.branchSha('feature/not-found')
    // Another run's save of the next revision, listed from this run's second look at the list on (its load is the
    // first): what a run racing this one, without the README's concurrency group, leaves.
    const listed = world.fake.cacheEntries
    const rev = String(loaded + 1).padStart(8, '0')
    let calls = 0
    world.fake.cacheEntries = () => {
      const real = listed()
      if (++calls < 2) return real
      const at = new Date()
      return [
        ...real,
        {
          id: 1_000_000,
          key: `review-loop-ledger-octo-org-octo-repo-pr7-rev${rev}-0123456789abcdef-run777-1`,
          version: real[0]?.version ?? 'v',
          scope: 'refs/heads/main',
          sizeBytes: 100,
          createdAt: at,
          lastAccessedAt: at,
          finalized: true
        }
      ]
    }
    const r = await world.comment(7, 'octo-maintainer', '/review-loop G1 apply')
    expect(r.outputs.status).toBe('blocked')
    expect(world.remote.branchSha('feature/not-found')).toBe(before)
    const errors = r.stdout.split('\n').filter(l => l.startsWith('::error::'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/Another run saved ledger revision/)
  })
})
