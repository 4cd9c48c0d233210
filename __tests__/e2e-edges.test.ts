/** The loop's edges end to end: no review, stop, authority, author pushes, ignored events. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  ok,
  scriptedSource,
  statusRecord as statusOf,
  useSampleWorld
} from '../__fixtures__/e2e.js'

let world: LoopWorld
const statusRecord = () => statusOf(world)

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

describe('a source that returns no review', () => {
  it('is no review, never an empty one: the round counts for nothing and a person chooses how to go on', async () => {
    const source = scriptedSource([
      { stdout: 'I looked at it and it seems fine overall.' },
      {
        stdout: {
          verdict: 'approve',
          findings: [],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const r1 = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), { command: source.command })
    )
    expect(r1.outputs).toMatchObject({
      status: 'no-review',
      round: '1',
      verdict: '',
      'open-gates': 'G1'
    })
    expect(r1.summary).toContain('I looked at it and it seems fine overall.')
    expect(r1.summary).toMatch(/not JSON/)
    expect(world.fake.labels(7)).toEqual(['review-loop: awaiting decision'])
    const request = source.requests()[0]!
    expect(request).toMatchObject({
      protocol: 'review-loop/1',
      role: 'review',
      round: 1,
      changed_files: ['src/client.js', 'src/config.js']
    })
    expect(JSON.stringify(request.intent)).not.toMatch(/dismiss|defer|F\d|G\d/)

    const r2 = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 retry', {
        command: source.command
      })
    )
    expect(r2.outputs).toMatchObject({ status: 'converged', round: '2', verdict: 'approve' })
    expect(world.fake.labels(7)).toEqual(['review-loop: converged'])
  })

  it('a non-zero exit is no review even with a valid answer on stdout', async () => {
    const source = scriptedSource([
      { stdout: { verdict: 'approve', findings: [] }, exitCode: 3, stderr: 'quota exceeded' }
    ])
    const r1 = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), { command: source.command })
    )
    expect(r1.outputs).toMatchObject({ status: 'no-review', verdict: '' })
    expect(r1.summary).toContain('quota exceeded')
    const stop = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 stop', { command: source.command })
    )
    expect(stop.outputs.status).toBe('exited')
    expect(world.fake.labels(7)).toEqual([])
  })
})

describe('commands', () => {
  it('/review-loop stop ends the loop with the trace so far; later answers change nothing', async () => {
    const head = world.remote.branchSha('feature/not-found')
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const outsider = ok(await world.comment(7, 'drive-by', '/review-loop stop'))
    expect(outsider.outputs.status).toBe('awaiting-decision')

    const stop = ok(await world.comment(7, 'octo-maintainer', '/review-loop stop'))
    expect(stop.outputs).toMatchObject({ status: 'exited', 'open-gates': '' })
    expect(stop.summary).toContain('Round 1 — source: command — verdict: needs-attention')
    expect(world.fake.labels(7)).toEqual([])
    expect(world.fake.comments(7).at(-1)!.body).toContain('What this review leaves behind')

    const late = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
    expect(late.outputs.status).toBe('exited')
    expect(world.fake.comments(7).at(-1)!.body).toContain('G1 is no longer open')
    expect(world.remote.branchSha('feature/not-found')).toBe(head)
    expect(world.fake.dispatches).toEqual([])
  })

  it('takes every command not yet taken, in order, whatever comment started the run', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    // Two answers arrive; GitHub cancels the older queued run, so only the newer comment's run happens.
    world.fake.comment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 dismiss we set the timeout per call'
    })
    const r = ok(await world.comment(7, 'octo-author', 'thanks!\n/review-loop status'))
    expect(r.outputs).toMatchObject({ status: 'continue', 'open-gates': '' })
    // F1 landed; F2 was dismissed with the maintainer's words kept verbatim.
    const head = world.remote.branchSha('feature/not-found')!
    expect(world.remote.readFile(head, 'src/client.js')).toContain('status === 404')
    expect(world.remote.readFile(head, 'src/config.js')).toContain('TIMEOUT_MS = 0')
    expect(statusRecord().body).toContain(
      'dismissed by @octo-maintainer: "dismiss we set the timeout per call"'
    )
  })

  it('never reads its own comments as commands', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const own = world.fake.addComment(7, world.fake.actor(BOT), '/review-loop G1 apply')
    const r = ok(await world.run(world.sandbox.commentEvent(7, own)))
    expect(r.outputs.status).toBe('ignored')
    const next = ok(await world.comment(7, 'octo-author', '/review-loop status'))
    expect(next.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
  })
})

describe('events', () => {
  it('ignores what is not for it, successfully and without changing anything', async () => {
    const push = ok(await world.run(world.sandbox.pushEvent()))
    expect(push.outputs.status).toBe('ignored')
    const chat = ok(await world.comment(7, 'octo-author', 'looks good to me'))
    expect(chat.outputs.status).toBe('ignored')
    world.fake.updatePullRequest(7, { draft: true })
    const draft = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(draft.outputs.status).toBe('ignored')
    expect(draft.summary).toContain('draft')
    expect(world.fake.comments(7).filter(c => c.user.login === BOT)).toEqual([])
  })

  it("an author's push supersedes open gates and the new head is reviewed in full", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.remote.commit('feature/not-found', {
      'src/config.js':
        '// Settings for the HTTP client.\nexport const TIMEOUT_MS = 5000\nexport const RETRIES = 3\n'
    })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    // The timeout finding is gone at the new head; the loose comparison remains and is fixed.
    expect(r.outputs).toMatchObject({ status: 'continue', round: '2', 'open-gates': '' })
    const late = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
    expect(world.fake.comments(7).some(c => c.body.includes('G1 is no longer open'))).toBe(true)
    // That run also did the re-review the landed fix owed (round 3), so the dispatched run finds nothing owed.
    expect(late.outputs).toMatchObject({ status: 'converged', round: '3' })
    const [dispatched] = await world.runDispatches()
    expect(ok(dispatched!).outputs.status).toBe('converged')
    expect(world.fake.comments(7).at(-1)!.body).not.toContain('left undecided')
  })
})
