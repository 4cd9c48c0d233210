/** The whole loop end to end: `node dist/index.js` as the runner runs it, against loopback GitHub, cache and git. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  gateComments as gateCommentsOf,
  ok,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const gateComments = () => gateCommentsOf(world)
const statusComment = () => statusRecord(world)

describe('a full loop', () => {
  it('reviews, fixes the mechanical finding, asks about the judgment one, lands both and converges on the re-review', async () => {
    const headBefore = world.remote.branchSha('feature/not-found')!

    // Round 1, on the pull_request event.
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r1.outputs).toMatchObject({
      status: 'awaiting-decision',
      round: '1',
      verdict: 'needs-attention',
      'open-gates': 'G1'
    })
    expect(world.fake.labels(7)).toEqual(['review-loop: awaiting decision'])
    expect(statusComment().body).toContain(
      'You can end this loop at any time with `/review-loop stop`'
    )
    expect(r1.summary).toContain('Round 1 — source: command — verdict: needs-attention')
    // The mechanical finding waits for the round's gate: nothing is pushed yet.
    expect(world.remote.branchSha('feature/not-found')).toBe(headBefore)
    const gates = gateComments()
    expect(gates).toHaveLength(1)
    expect(gates[0]!.body).toContain('src/config.js:2')
    expect(gates[0]!.body.indexOf('timeout of 0')).toBeLessThan(
      gates[0]!.body.indexOf('What should happen with')
    )

    // Someone without write access answers: nothing changes.
    const outsider = ok(await world.comment(7, 'drive-by', '/review-loop G1 dismiss'))
    expect(outsider.outputs.status).toBe('awaiting-decision')
    expect(world.fake.comments(7).at(-1)!.body).toContain('only people with write access')

    // The maintainer answers; the round applies both fixes in one commit and asks for the next round.
    const r2 = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 apply, a hung server must not block forever'
      )
    )
    expect(r2.outputs).toMatchObject({ status: 'continue', round: '1', 'open-gates': '' })
    const head = world.remote.branchSha('feature/not-found')!
    expect(head).not.toBe(headBefore)
    const [commit] = world.remote.log('feature/not-found', 1)
    expect(commit!.message).toMatch(/^review-loop: fix commit for round 1\n/)
    expect(commit!.author.name).toBe('github-actions[bot]')
    expect(world.remote.readFile(head, 'src/client.js')).toContain('return status === 404')
    expect(world.remote.readFile(head, 'src/config.js')).toContain(
      'export const TIMEOUT_MS = 10_000'
    )
    expect(world.fake.labels(7)).toEqual([])
    expect(world.fake.dispatches).toEqual([
      expect.objectContaining({ workflow: 'review-loop.yml', ref: 'main', inputs: { pr: '7' } })
    ])

    // The dispatched run is round 2: a full re-review of base..new head, which approves; the loop converges.
    const [r3] = await world.runDispatches()
    ok(r3!)
    expect(r3!.outputs).toMatchObject({
      status: 'converged',
      round: '2',
      verdict: 'approve',
      'open-gates': ''
    })
    expect(world.fake.labels(7)).toEqual(['review-loop: converged'])
    expect(r3!.summary).toContain('Round 2 — source: command — verdict: approve')

    // The status comment is one comment, edited in place, showing the trace; the handover is posted.
    expect(world.fake.comments(7).filter(c => c.body.includes('review-loop:state'))).toHaveLength(1)
    expect(statusComment().body).toMatch(/Round 2 — source: command — verdict: approve/)
    expect(statusComment().body).toContain('converged')
    const handover = world.fake.comments(7).at(-1)!
    expect(handover.body).toContain('What this review leaves behind')
  })
})
