/** The loop guards end to end: a stall pauses and asks, nothing unchanged is reviewed twice, a push re-opens the loop. */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  gateComments,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'
import type { Ledger } from '../src/loop/model.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const EXERCISED = { reached: ['contract-closure'], unreached: [] }

/**
 * A review whose one finding proposes, for the line the change wrote, the line as it already reads: the loop takes it
 * as Mechanical, and its write changes nothing, so nothing lands and the finding is carried. The reviewer words the
 * claim differently each round, so no round reads it as a return.
 */
function noOpReview(wording: string, alsoTheSignature = false) {
  const findings = [
    {
      severity: 'medium',
      file: 'src/client.js',
      line: 8,
      description: `Loose equality in isNotFound ${wording}.`,
      fix: { start_line: 8, end_line: 8, replacement: '  return status == 404' }
    }
  ]
  if (alsoTheSignature)
    findings.push({
      severity: 'low',
      file: 'src/client.js',
      line: 7,
      description: `isNotFound takes no number type ${wording}.`,
      fix: { start_line: 7, end_line: 7, replacement: 'export function isNotFound(status) {' }
    })
  return { verdict: 'needs-attention', findings, exercised: EXERCISED }
}

const APPROVE = { verdict: 'approve', findings: [], exercised: EXERCISED }

function ledgerIn(dir: string): Ledger {
  return JSON.parse(readFileSync(join(dir, 'octo-org', 'octo-repo', 'pr-7.json'), 'utf8')) as Ledger
}

/**
 * Three rounds on one head: round 1 is its first review; rounds 2 and 3 bring nothing to a disposition. The loop asks
 * for rounds 2 and 3 itself (each dispatched run asks for the next, and the replay follows them).
 */
async function threeRoundsThatChangeNothing(inputs: Record<string, string>) {
  const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
  expect(r1.outputs).toMatchObject({ round: '1', status: 'continue' })
  const runs = await world.runDispatches(inputs)
  expect(runs.map(r => ok(r).outputs.round)).toEqual(['2', '3'])
  expect(runs[0]!.outputs.status).toBe('continue')
  return runs[1]!
}

describe('a stall', () => {
  it('pauses after two rounds that dispositioned nothing and changed nothing, and asks; stop ends the loop', async () => {
    const source = scriptedSource([
      { stdout: noOpReview('(first wording)') },
      { stdout: noOpReview('(second wording)') },
      { stdout: noOpReview('(third wording)', true) }
    ])
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-stall-'))
    const inputs = { command: source.command, 'ledger-store': 'directory', 'ledger-dir': dir }
    const head = world.remote.branchSha('feature/not-found')!

    const r3 = await threeRoundsThatChangeNothing(inputs)
    expect(r3.outputs).toMatchObject({
      round: '3',
      status: 'awaiting-decision',
      'open-gates': 'G1'
    })
    // Nothing was pushed: every round reviewed the same head.
    expect(world.remote.branchSha('feature/not-found')).toBe(head)
    expect(source.requests().map(q => q.head_sha)).toEqual([head, head, head])
    // The loop asked for rounds 2 and 3 itself, and not for a fourth.
    expect(world.fake.dispatches).toHaveLength(2)
    expect(world.fake.labels(7)).toEqual(['review-loop: awaiting decision'])

    const [gate] = gateComments(world)
    expect(gate!.body).toMatch(/^### G1: two rounds in a row changed nothing \(review round 3\)/)
    expect(gate!.body).toContain(
      `Rounds 2 and 3 brought no finding to a disposition and changed nothing: no fix landed, the head stayed at \`${head.slice(0, 7)}\``
    )
    expect(gate!.body).toContain('Still open: F2, F3, F4.')
    // Round 3's findings rose (1 to 2): the rise decides nothing, and the round is read by provenance (Rule 11).
    expect(statusRecord(world).body).toContain(
      'Trajectory: findings rose from 1 (round 2) to 2; a count prompts this look and decides nothing. Introduced by this change: F3, F4 (the ordinary case).'
    )
    expect(gate!.body).toContain('`continue`: Review again as it stands')
    expect(gate!.body).toContain('`stop`: Stop the loop')
    expect(statusRecord(world).body).toContain('G1 asks how to go on')

    // A plain `continue` is no answer: nothing runs on its own while the question waits.
    const waited = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue', inputs))
    expect(waited.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(source.requests()).toHaveLength(3)

    const stopped = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 stop, the linter owns this',
        inputs
      )
    )
    expect(stopped.outputs).toMatchObject({ status: 'exited', 'open-gates': '' })
    expect(source.requests()).toHaveLength(3)
    const ledger = ledgerIn(dir)
    expect(ledger.invocations[0]!.ended).toMatchObject({
      as: 'exited',
      by: 'octo-maintainer',
      reason: 'stopped by @octo-maintainer at G1 after two rounds that changed nothing'
    })
    expect(ledger.gates[0]).toMatchObject({ kind: 'stall', status: 'answered', round: 3 })
  })

  it('runs the review at once on `continue`, and asks again only after two more rounds that change nothing', async () => {
    const source = scriptedSource([
      { stdout: noOpReview('(first wording)') },
      { stdout: noOpReview('(second wording)') },
      { stdout: noOpReview('(third wording)') },
      { stdout: noOpReview('(fourth wording)') },
      { stdout: noOpReview('(fifth wording)') }
    ])
    const inputs = { command: source.command }
    await threeRoundsThatChangeNothing(inputs)

    // Round 4 runs in the answer's own run; the answer is round 3's change, so round 4 alone asks nothing.
    const r4 = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 continue, one more try', inputs)
    )
    expect(r4.outputs).toMatchObject({ round: '4', status: 'continue', 'open-gates': '' })
    expect(source.requests()).toHaveLength(4)

    const [r5, none] = await world.runDispatches(inputs)
    expect(none).toBeUndefined()
    expect(ok(r5!).outputs).toMatchObject({
      round: '5',
      status: 'awaiting-decision',
      'open-gates': 'G2'
    })
    expect(gateComments(world).at(-1)!.body).toMatch(
      /^### G2: two rounds in a row changed nothing \(review round 5\)/
    )
  })

  it('takes a direction in words as a decision the next review is told of', async () => {
    const source = scriptedSource([
      { stdout: noOpReview('(first wording)') },
      { stdout: noOpReview('(second wording)') },
      { stdout: noOpReview('(third wording)') },
      { stdout: APPROVE }
    ])
    const inputs = { command: source.command }
    await threeRoundsThatChangeNothing(inputs)
    const words = 'the loose comparison is kept on purpose because status arrives as a string'
    const r4 = ok(await world.comment(7, 'octo-maintainer', `/review-loop G1 ${words}`, inputs))
    expect(r4.outputs).toMatchObject({ round: '4', status: 'converged' })
    const request = source.requests()[3]!
    expect(JSON.stringify(request.intent)).toContain(words)
  })

  it('keeps a direction that tells the reviewer what to skip as the person said it, and conveys nothing (issue 13, item 11)', async () => {
    const source = scriptedSource([
      { stdout: noOpReview('(first wording)') },
      { stdout: noOpReview('(second wording)') },
      { stdout: noOpReview('(third wording)') },
      { stdout: APPROVE }
    ])
    const inputs = { command: source.command }
    await threeRoundsThatChangeNothing(inputs)
    const words = 'the reviewers can skip the loose comparison in isNotFound'
    const body = `/review-loop G1 ${words}`
    ok(await world.comment(7, 'octo-maintainer', body, inputs))
    const asked = world.fake.comments(7).find(c => c.body === body)!
    const reply = world.fake.comments(7).find(c => c.id > asked.id && c.body.startsWith('@'))!
    expect(reply.body).toContain('G1: your answer is taken and kept in your own words')
    expect(reply.body).toContain(
      '"the reviewers can skip" tells a reviewer what to report or leave out'
    )
    const request = source.requests()[3]!
    expect(request.intent).toMatchObject({ decisions: [] })
    expect(JSON.stringify(request)).not.toContain('skip')
  })
})

describe('no review without a material change', () => {
  it('a push after convergence re-opens the loop as the next round of a new invocation; `continue` and a repeated dispatch with nothing changed start no review', async () => {
    const source = scriptedSource([{ stdout: APPROVE }])
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-reopen-'))
    const inputs = { command: source.command, 'ledger-store': 'directory', 'ledger-dir': dir }

    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ round: '1', status: 'converged' })
    expect(world.fake.labels(7)).toEqual(['review-loop: converged'])

    // Asked again with nothing changed: the same head is not reviewed again, and the run says why (it saves nothing,
    // so the status comment stays as the last run that changed something wrote it).
    const again = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue', inputs))
    expect(again.outputs).toMatchObject({ status: 'converged' })
    expect(source.requests()).toHaveLength(1)
    const head = world.remote.branchSha('feature/not-found')!
    expect(again.summary).toContain(`Nothing changed since round 1 reviewed ${head.slice(0, 7)}`)
    expect(again.summary).toContain('a push to the pull request starts the next review, as round 2')
    const rerun = ok(await world.run(world.sandbox.pullRequestEvent('reopened', 7), inputs))
    expect(rerun.outputs).toMatchObject({ status: 'converged' })
    expect(source.requests()).toHaveLength(1)

    // The author pushes: a new invocation, whose first round continues the numbering.
    const pushed = world.remote.commit('feature/not-found', { 'NOTES.md': 'why 404\n' })
    const r2 = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(r2.outputs).toMatchObject({ round: '2', status: 'converged' })
    expect(source.requests().map(q => [q.round, q.head_sha])).toEqual([
      [1, head],
      [2, pushed]
    ])
    const status = statusRecord(world).body
    expect(status).toContain('this review started')
    expect(status).toContain('with round 2.')
    expect(status).toContain("re-review after the author's push")
    expect(r2.summary).toContain('Round 2 — source: command — verdict: approve')
    const ledger = ledgerIn(dir)
    expect(ledger.invocations.map(i => [i.n, i.firstRound, i.head, i.ended?.round])).toEqual([
      [1, 1, head, 1],
      [2, 2, pushed, 2]
    ])
    expect(ledger.rounds.map(r => [r.n, r.invocation, r.cycle])).toEqual([
      [1, 1, 'first-pass'],
      [2, 2, 'after-author-push']
    ])
  })

  it('a dispatch delivered twice reviews the fixes once', async () => {
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            {
              severity: 'medium',
              file: 'src/client.js',
              line: 8,
              description: 'Loose equality in isNotFound.',
              fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
            }
          ],
          exercised: EXERCISED
        }
      },
      { stdout: APPROVE }
    ])
    const inputs = { command: source.command }
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ round: '1', status: 'continue' })
    const [dispatch] = world.fake.dispatches
    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs).toMatchObject({ round: '2', status: 'converged' })

    // The same dispatch delivered again: round 2 already reviewed the fixes, so no third review starts.
    const twice = ok(await world.run(world.sandbox.dispatchEvent(dispatch!), inputs))
    expect(twice.outputs).toMatchObject({ status: 'converged' })
    expect(source.requests()).toHaveLength(2)
    const fixed = world.remote.branchSha('feature/not-found')!
    expect(twice.summary).toContain(`Nothing changed since round 2 reviewed ${fixed.slice(0, 7)}`)
  })

  it('a push after a stop re-opens the loop as the next round of a new invocation', async () => {
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            {
              severity: 'medium',
              file: 'src/config.js',
              line: 4,
              description: 'The user agent hides the version from logs.'
            }
          ],
          exercised: EXERCISED
        }
      },
      { stdout: APPROVE }
    ])
    const inputs = { command: source.command }
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ round: '1', status: 'awaiting-decision' })
    const stopped = ok(await world.comment(7, 'octo-maintainer', '/review-loop stop', inputs))
    expect(stopped.outputs).toMatchObject({ status: 'exited' })

    const pushed = world.remote.commit('feature/not-found', { 'NOTES.md': 'why 404\n' })
    const r2 = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(r2.outputs).toMatchObject({ round: '2', status: 'converged' })
    expect(source.requests().map(q => [q.round, q.head_sha])).toEqual([
      [1, expect.any(String)],
      [2, pushed]
    ])
    const status = statusRecord(world).body
    expect(status).toContain('with round 2.')
    expect(status).toContain("re-review after the author's push")
  })
})
