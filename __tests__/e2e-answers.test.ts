/** Answers on the PR end to end: every command not yet taken, in order, acknowledged by a reaction or a reply saying why. */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  gateComments,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

/** Two judgment findings the sample PR's files hold, gated apart: G1 (the zero timeout) and G2 (the unused import). */
const TWO_GATES = {
  verdict: 'needs-attention',
  findings: [
    {
      severity: 'high',
      file: 'src/config.js',
      line: 2,
      description: 'A zero timeout never times out.',
      evidence: 'export const TIMEOUT_MS = 0',
      expectation: 'a request to a hung server ends after a bounded time'
    },
    { severity: 'low', file: 'src/client.js', line: 1, description: 'Import is unused.' }
  ],
  exercised: { reached: ['contract-closure'], unreached: [] }
}

/** The reactions on a comment, as `content by login`. */
function reactionsOn(id: number): string[] {
  const comment = world.fake.commentList.find(c => c.id === id)
  if (!comment) throw new Error(`no comment ${id} in the fake`)
  return comment.reactions.map(r => `${r.content} by ${r.login}`)
}

/** The action's replies posted after a given comment. */
function repliesAfter(id: number): string[] {
  return world.fake
    .comments(7)
    .filter(c => c.id > id && c.user.login === BOT && !c.body.includes('review-loop:state'))
    .filter(c => c.body.startsWith('@'))
    .map(c => c.body)
}

describe('answers in comments whose runs were cancelled', () => {
  it('one run takes both answers, in order, and reacts to both comments', async () => {
    const source = scriptedSource([{ stdout: TWO_GATES }])
    const inputs = { command: source.command }
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs['open-gates']).toBe('G1 G2')

    // The first comment's run was queued and then cancelled by the second's: it never ran.
    const { comment: first } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 dismiss we set the timeout per call'
    })
    const run = ok(
      await world.comment(
        7,
        'octo-author',
        '/review-loop G2 dismiss kept for the next change',
        inputs
      )
    )
    const second = world.fake.comments(7).find(c => c.body.startsWith('/review-loop G2'))!
    expect(run.outputs['open-gates']).toBe('')
    expect(reactionsOn(first.id)).toEqual([`+1 by ${BOT}`])
    expect(reactionsOn(second.id)).toEqual([`+1 by ${BOT}`])
    // Nothing needed saying: no reply to either comment.
    expect(repliesAfter(first.id)).toEqual([])
    const status = statusRecord(world).body
    expect(status).toContain('dismissed by @octo-maintainer: "dismiss we set the timeout per call"')
    expect(status).toContain('dismissed by @octo-author: "dismiss kept for the next change"')
  })

  it('takes them in the order they were written: a later answer to the same gate is told it was already answered', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const { comment: first } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop G1 dismiss we set the timeout per call'
    })
    ok(await world.comment(7, 'octo-author', '/review-loop G1 apply'))
    const second = world.fake.comments(7).find(c => c.body === '/review-loop G1 apply')!
    expect(reactionsOn(first.id)).toEqual([`+1 by ${BOT}`])
    expect(reactionsOn(second.id)).toEqual([`confused by ${BOT}`])
    expect(repliesAfter(second.id)).toContainEqual(
      '@octo-author G1 is no longer open (answered by @octo-maintainer), so this answer changes nothing.'
    )
    // The first answer is the one that stands: the timeout is left as it is.
    const head = world.remote.branchSha('feature/not-found')!
    expect(world.remote.readFile(head, 'src/config.js')).toContain('TIMEOUT_MS = 0')
  })
})

describe('who is obeyed', () => {
  it("an outsider's answer gets a reply and no reaction, and the gate stays open", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const r = ok(await world.comment(7, 'drive-by', '/review-loop G1 dismiss'))
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    const answer = world.fake.comments(7).find(c => c.user.login === 'drive-by')!
    expect(reactionsOn(answer.id)).toEqual([])
    expect(repliesAfter(answer.id)).toEqual([
      '@drive-by only people with write access to this repository can steer review-loop, so this comment changes nothing.'
    ])
    expect(
      world.fake.requests.filter(q => q.operationId === 'reactions/create-for-issue-comment')
    ).toEqual([])
  })
})

describe('both the association and the live permission', () => {
  it('does not obey a comment whose author is no collaborator, member or owner, whatever the permission says', async () => {
    // A permission that says write beside an association that says the author is no collaborator: not obeyed, and
    // the permission is not even asked.
    world.fake.addPerson('odd-one', { permission: 'write', association: 'CONTRIBUTOR' })
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const asked = () =>
      world.fake.requests.filter(
        q =>
          q.operationId === 'repos/get-collaborator-permission-level' && q.path.includes('odd-one')
      ).length
    const r = ok(await world.comment(7, 'odd-one', '/review-loop G1 dismiss'))
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(asked()).toBe(0)
    const answer = world.fake.comments(7).find(c => c.user.login === 'odd-one')!
    expect(repliesAfter(answer.id)).toEqual([
      '@odd-one only people with write access to this repository can steer review-loop, so this comment changes nothing.'
    ])
  })
})

describe('answers the loop cannot take', () => {
  it.each<[string, string, string]>([
    [
      'an unknown gate',
      '/review-loop G9 apply',
      '@octo-maintainer There is no gate G9 on this pull request.'
    ],
    [
      'an unknown option',
      '/review-loop G1 maybe later',
      '@octo-maintainer G1 takes one of: `apply`, `dismiss`, `decide`, `defer` (you may add your reasons after it)'
    ],
    [
      'an unknown command',
      '/review-loop please',
      '@octo-maintainer `/review-loop please` is not a review-loop command. Use `/review-loop <gate> <answer>`, `/review-loop stop`, `/review-loop continue` or `/review-loop status`.'
    ]
  ])(
    '%s gets a reply saying why and a confused reaction; the gate stays open',
    async (_name, body, reply) => {
      ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
      const r = ok(await world.comment(7, 'octo-maintainer', body))
      expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
      const answer = world.fake.comments(7).find(c => c.body === body)!
      expect(reactionsOn(answer.id)).toEqual([`confused by ${BOT}`])
      expect(repliesAfter(answer.id)).toEqual([reply])
    }
  )

  it('one comment with a taken and an untaken command: the taken one stands, the reaction is confused', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const body = '/review-loop G1 dismiss we set the timeout per call\n/review-loop G9 apply'
    const r = ok(await world.comment(7, 'octo-maintainer', body))
    expect(r.outputs['open-gates']).toBe('')
    const answer = world.fake.comments(7).find(c => c.body === body)!
    expect(reactionsOn(answer.id)).toEqual([`confused by ${BOT}`])
    expect(repliesAfter(answer.id)).toContainEqual(
      '@octo-maintainer There is no gate G9 on this pull request.'
    )
  })
})

describe('a reaction GitHub refuses', () => {
  it('is a warning: the run succeeds and the answer is taken', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    world.fake.refuse('reactions/create-for-issue-comment', 403)
    const r = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 dismiss we set the timeout per call'
      )
    )
    expect(r.outputs).toMatchObject({ status: 'continue', 'open-gates': '' })
    expect(r.stdout).toMatch(
      /::warning::Could not react \+1 to comment \d+ by octo-maintainer: Reacting to comment \d+ failed \(HTTP 403\)/
    )
    const answer = world.fake.comments(7).find(c => c.body.startsWith('/review-loop G1'))!
    expect(reactionsOn(answer.id)).toEqual([])
    expect(statusRecord(world).body).toContain(
      'dismissed by @octo-maintainer: "dismiss we set the timeout per call"'
    )
  })
})

/** Round 2's answer in the tests below: only the unused import is still there (the timeout finding is gone). */
const IMPORT_ONLY = {
  verdict: 'needs-attention',
  findings: [TWO_GATES.findings[1]],
  exercised: { reached: ['contract-closure'], unreached: [] }
}

/** The ledger as the directory store keeps it. */
function ledgerIn(dir: string): {
  gates: { id: string; round: number; status: string }[]
  findings: { id: string; outcome: { kind: string }; returns?: unknown[] }[]
  rounds: { n: number; phase: string; entries: { finding: string; note?: string }[] }[]
} {
  return JSON.parse(readFileSync(join(dir, 'octo-org', 'octo-repo', 'pr-7.json'), 'utf8'))
}

const AWAITING = 'review-loop: awaiting decision'

describe("the author's push while a gate waits", () => {
  it('starts a fresh full review of the new head; a gate whose finding is gone closes as superseded, and a late answer is told so', async () => {
    const source = scriptedSource([{ stdout: TWO_GATES }, { stdout: IMPORT_ONLY }])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(gateComments(world)).toHaveLength(2)

    const pushed = world.remote.commit('feature/not-found', {
      'NOTES.md': 'why the timeout is 0\n'
    })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(r.outputs).toMatchObject({ round: '2', status: 'awaiting-decision' })

    // Round 2 is a full review: the source gets every changed file of base..new head, not only the push's.
    const requests = source.requests()
    expect(requests.map(q => [q.role, q.round])).toEqual([
      ['review', 1],
      ['review', 2]
    ])
    expect(requests[1]!.head_sha).toBe(pushed)
    expect(requests[1]!.base_sha).toBe(requests[0]!.base_sha)
    expect([...(requests[1]!.changed_files as string[])].sort()).toEqual([
      'NOTES.md',
      'src/client.js',
      'src/config.js'
    ])
    expect(r.summary).toMatch(/Round 2 — source: command/)

    // G1's finding is not at the new head: G1 is closed as superseded and says so, with why, where it was asked.
    // G2's finding is found again as asked: G2 stays open, and nothing is asked again.
    expect(r.outputs['open-gates']).toBe('G2')
    expect(gateComments(world)).toHaveLength(2)
    const g1 = gateComments(world).find(g => /^### G1:/.test(g.body))!.body
    expect(g1).toContain('_This question no longer applies')
    expect(g1).toContain(
      `After the author pushed ${pushed.slice(0, 7)}: the review of ${pushed.slice(0, 7)} no longer finds F1.`
    )
    const g2 = gateComments(world).find(g => /^### G2:/.test(g.body))!.body
    expect(g2).not.toContain('_This question no longer applies')
    expect(g2).toContain(`Still holds at ${pushed.slice(0, 7)}`)
    const status = statusRecord(world).body
    expect(status).toContain(
      `dropped: not found again by the review of ${pushed.slice(0, 7)} after the author's push`
    )
    expect(status).toContain("re-review after the author's push")
    expect(world.fake.labels(7)).toEqual([AWAITING])

    const late = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply', inputs))
    const answer = world.fake.comments(7).find(c => c.body === '/review-loop G1 apply')!
    expect(reactionsOn(answer.id)).toEqual([`confused by ${BOT}`])
    expect(repliesAfter(answer.id)).toContainEqual(
      '@octo-maintainer G1 is no longer open (superseded by a newer review), so this answer changes nothing.'
    )
    expect(late.outputs).toMatchObject({ round: '2', 'open-gates': 'G2' })
  })

  it('keeps open a gate whose findings the fresh review still finds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-held-'))
    const source = scriptedSource([{ stdout: TWO_GATES }])
    const inputs = { command: source.command, 'ledger-store': 'directory', 'ledger-dir': dir }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const pushed = world.remote.commit('feature/not-found', {
      'NOTES.md': 'why the timeout is 0\n'
    })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))

    // Both findings are found again as they were asked: both gates stay open, and neither is asked again.
    expect(r.outputs).toMatchObject({
      round: '2',
      status: 'awaiting-decision',
      'open-gates': 'G1 G2'
    })
    expect(gateComments(world)).toHaveLength(2)
    for (const gate of gateComments(world)) {
      expect(gate.body).not.toContain('_This question no longer applies')
      expect(gate.body).toContain(`Still holds at ${pushed.slice(0, 7)}`)
      expect(gate.body).toContain('(review round 2)')
    }
    expect(world.fake.labels(7)).toEqual([AWAITING])
    // They were never decided, so their coming back is no return (Rule 9); the round on the old head is superseded.
    const ledger = ledgerIn(dir)
    expect(ledger.findings.map(f => [f.id, f.outcome.kind, f.returns])).toEqual([
      ['F1', 'pending', undefined],
      ['F2', 'pending', undefined]
    ])
    expect(ledger.rounds.map(x => [x.n, x.phase])).toEqual([
      [1, 'superseded'],
      [2, 'gated']
    ])
    expect(ledger.gates.map(g => [g.id, g.round, g.status])).toEqual([
      ['G1', 2, 'open'],
      ['G2', 2, 'open']
    ])

    // Answered, they resolve round 2 like any of its questions, and the loop converges.
    const done = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 dismiss set per call\n/review-loop G2 defer next change',
        inputs
      )
    )
    expect(done.outputs).toMatchObject({ round: '2', status: 'converged', 'open-gates': '' })
    expect(statusRecord(world).body).toContain(
      'dismissed by @octo-maintainer: "dismiss set per call"'
    )
    expect(world.fake.labels(7)).toEqual(['review-loop: converged'])
  })

  it('an answer given after the push and before its review stands when the finding is found again', async () => {
    const source = scriptedSource([{ stdout: TWO_GATES }])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    // The push's own run was cancelled by the comment's: the comment's run takes the answer, then reviews the push.
    const pushed = world.remote.commit('feature/not-found', {
      'NOTES.md': 'why the timeout is 0\n'
    })
    const r = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 dismiss set per call', inputs)
    )
    expect(r.outputs).toMatchObject({ round: '2', status: 'awaiting-decision', 'open-gates': 'G2' })
    expect(source.requests()[1]!.head_sha).toBe(pushed)
    expect(gateComments(world)).toHaveLength(2)
    expect(statusRecord(world).body).toContain(
      `settled policy of G1: dismissed, @octo-maintainer: "dismiss set per call" (answered before the review of ${pushed.slice(0, 7)}`
    )
    const last = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G2 dismiss fine', inputs)
    )
    expect(last.outputs).toMatchObject({ round: '2', status: 'converged', 'open-gates': '' })
    expect(statusRecord(world).body).toContain(
      'dismissed by @octo-maintainer: "dismiss set per call"'
    )
  })

  it('the landing question is asked once: a push carries it to the next round with a fix, never asks it again', async () => {
    const inputs = { landing: undefined }
    const first = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const landing = gateComments(world).find(g => g.body.includes('where should the fixes go?'))!
    const id = /^### (G\d+):/.exec(landing.body)![1]!
    expect(first.outputs['open-gates']).toContain(id)
    const pushed = world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(r.outputs).toMatchObject({ round: '2', status: 'awaiting-decision' })
    expect(r.outputs['open-gates']).toBe(first.outputs['open-gates'])
    expect(
      gateComments(world).filter(g => g.body.includes('where should the fixes go?'))
    ).toHaveLength(1)
    const body = gateComments(world).find(g => g.id === landing.id)!.body
    expect(body).toContain(`Still asked after the author pushed ${pushed.slice(0, 7)}`)
    expect(body).not.toContain('_This question no longer applies')
  })
})

describe("the author's push after a round with no review", () => {
  const NO_REVIEW = { stdout: { verdict: 'approve', findings: [] }, exitCode: 3, stderr: 'quota' }

  it('the retry question is moot: it closes as superseded and the new head is reviewed', async () => {
    const source = scriptedSource([NO_REVIEW, { stdout: TWO_GATES }])
    const inputs = { command: source.command }
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ status: 'no-review', 'open-gates': 'G1' })
    world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(r.outputs).toMatchObject({
      round: '2',
      status: 'awaiting-decision',
      'open-gates': 'G2 G3'
    })
    const g1 = gateComments(world).find(g => /^### G1:/.test(g.body))!.body
    expect(g1).toContain('_This question no longer applies')
    expect(world.fake.labels(7)).toEqual([AWAITING])
  })

  it('an answer to it given after the push is acted on, not lost: stop ends the loop', async () => {
    const source = scriptedSource([NO_REVIEW, { stdout: TWO_GATES }])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    const stop = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 stop', inputs))
    expect(stop.outputs).toMatchObject({ status: 'exited', 'open-gates': '' })
    expect(source.requests()).toHaveLength(1)
    expect(world.fake.labels(7)).toEqual([])
  })
})
