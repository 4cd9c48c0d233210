/** The merge gate end to end: the loop's state as the `review-loop` commit status on the head branch protection reads. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld, SERVER_URL } from '../__fixtures__/loop-world.js'
import { BOT, ok, scriptedSource, useSampleWorld } from '../__fixtures__/e2e.js'
import type { RunResult } from '../__fixtures__/harness/index.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

/** The PR branch's head now: what branch protection evaluates. */
const prHead = () => world.remote.branchSha('feature/not-found')!

/** The newest `review-loop` status on a commit, as GitHub would show it. */
function gateOn(sha: string) {
  return (world.fake.commitStatuses.get(sha) ?? []).filter(s => s.context === 'review-loop').at(-1)
}

/** The run's page, where the status links to. */
const runPage = (r: RunResult) =>
  `${SERVER_URL}/${world.remote.fullName}/actions/runs/${r.env.GITHUB_RUN_ID}`

describe('the merge gate', () => {
  it('is pending while a question waits and on the fixes it pushed, and success on the head that converged', async () => {
    const opened = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const reviewed = prHead()
    expect(gateOn(reviewed)).toMatchObject({
      state: 'pending',
      description: 'Waiting for an answer to G1',
      targetUrl: runPage(opened),
      creator: BOT
    })
    expect(opened.summary).toContain(
      `**Merge gate**: \`review-loop\` on \`${reviewed.slice(0, 7)}\` is **pending**: Waiting for an answer to G1`
    )

    const applied = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
    expect(applied.outputs.status).toBe('continue')
    const pushed = prHead()
    expect(pushed).not.toBe(reviewed)
    // The status goes on the commit the loop pushed: that is the PR's head now, the one a merge would take.
    expect(gateOn(pushed)).toMatchObject({
      state: 'pending',
      description: `A review is owed: re-review after fixes of ${pushed.slice(0, 7)}`,
      targetUrl: runPage(applied)
    })
    expect(gateOn(reviewed)?.state).toBe('pending')

    const [converged] = await world.runDispatches()
    expect(ok(converged!).outputs.status).toBe('converged')
    expect(gateOn(pushed)).toMatchObject({ state: 'success', targetUrl: runPage(converged!) })
    const said = gateOn(pushed)?.description ?? ''
    expect(said).toMatch(/^Converged on round 2: /)
    expect(said.length).toBeLessThanOrEqual(140)
  })

  it('fails a stop that leaves findings open, naming them', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const stop = ok(await world.comment(7, 'octo-maintainer', '/review-loop stop'))
    expect(stop.outputs.status).toBe('exited')
    expect(gateOn(prHead())).toMatchObject({ state: 'failure' })
    expect(gateOn(prHead())!.description).toMatch(
      /^Ended after round 1 with \d+ findings? open: F1/
    )
  })

  it('fails a round with no review, and passes once a retry converges', async () => {
    const source = scriptedSource([
      { stdout: 'no JSON here' },
      {
        stdout: {
          verdict: 'approve',
          findings: [],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(gateOn(prHead())).toMatchObject({
      state: 'failure',
      description: 'Round 1 produced no review; G1 asks whether to retry, switch source or stop'
    })
    ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 retry', inputs))
    expect(gateOn(prHead())?.state).toBe('success')
  })

  it('a token that may not set statuses does not fail the run: a warning, and the summary says so', async () => {
    world.fake.refuse('repos/create-commit-status', 403)
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r.outputs.status).toBe('awaiting-decision')
    expect(world.fake.commitStatuses.size).toBe(0)
    expect(r.annotations.join('\n')).toMatch(
      /::warning::The merge gate could not be set, .*HTTP 403.*the token lacks `statuses: write`/
    )
    expect(r.summary).toContain(
      `**Merge gate not set**: \`review-loop\` on \`${prHead().slice(0, 7)}\` would be **pending** (Waiting for an answer to G1), but GitHub refused it:`
    )
    expect(r.summary).toContain('give the workflow `statuses: write`')
  })

  it('sets nothing for an event that is not for the loop', async () => {
    const r = ok(await world.comment(7, 'drive-by', 'nice change'))
    expect(r.outputs.status).toBe('ignored')
    expect(world.fake.commitStatuses.size).toBe(0)
  })
})
