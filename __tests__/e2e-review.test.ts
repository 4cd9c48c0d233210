/**
 * The loop on the Files changed tab (issue 17), through the bundled action: one review a round with each finding on its
 * line (none off the diff), a committed suggestion settling its gate, dispositions resolving their threads, a return
 * reopening its thread, and a 300-finding round within the bound.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import type { LoopWorld } from '../__fixtures__/loop-world.js'
import { PR_FILES } from '../__fixtures__/sample-repo.js'
import {
  BOT,
  gateComments,
  ledgerOf,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld,
  reviewAnswer
} from '../__fixtures__/e2e.js'
import { MAX_REVIEW_COMMENTS } from '../src/loop/diff-review.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const review = reviewAnswer

/** On a line the pull request wrote (src/client.js:8): Mechanical, to apply. */
const LOOSE = {
  severity: 'medium',
  file: 'src/client.js',
  line: 8,
  description: 'Loose equality `==` coerces its operands; use `===`.',
  fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
}

/** On a context line of the diff (src/config.js:2) the change did not write: a gate, its fix a suggestion. */
const TIMEOUT = {
  severity: 'medium',
  file: 'src/config.js',
  line: 2,
  description: 'A timeout of 0 disables the request timeout; ping @octo-team.',
  fix: { start_line: 2, end_line: 2, replacement: 'export const TIMEOUT_MS = 10_000' }
}

/** On a line outside the diff's hunks (src/client.js:1): a gate, and nothing on the diff. */
const IMPORT = {
  severity: 'low',
  file: 'src/client.js',
  line: 1,
  description: 'The import of TIMEOUT_MS is never used in this file.'
}

const AWAITING = 'review-loop: awaiting decision'

/** The reviews the action posted with a body: each reply in a thread is a review of its own with none. */
function loopReviews(pr = 7) {
  return world.fake.reviews.filter(r => r.pull === pr && r.author.login === BOT && r.body !== '')
}

/** The finding of the ledger about a file and line. */
function findingAt(file: string, line: number) {
  const f = ledgerOf(world).findings.find(x => x.file === file && x.line === line)
  if (!f) throw new Error(`no finding at ${file}:${line}`)
  return f
}

/** The thread whose first comment is `comment`, and the replies in it. */
function threadOf(comment: number) {
  const thread = world.fake.reviewThreads.find(t => t.root === comment)
  const replies = world.fake.reviewComments.filter(c => c.inReplyTo === comment)
  return { thread, replies }
}

/** Round 1 on the sample pull request: LOOSE to apply, TIMEOUT at G1 (a suggestion), IMPORT at G2 off the diff. */
async function gatedRound(more: { stdout: unknown }[] = []) {
  const source = scriptedSource([review([LOOSE, TIMEOUT, IMPORT]), ...more])
  const inputs = { command: source.command }
  const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
  expect(r.outputs).toMatchObject({ status: 'awaiting-decision', round: '1' })
  return { inputs, source, result: r }
}

describe('a round on the diff', () => {
  it('posts one review with each finding on its line, its fix a suggestion at its gate, and none for a finding outside the diff', async () => {
    const { result } = await gatedRound()
    const reviews = loopReviews()
    expect(reviews).toHaveLength(1)
    const [posted] = reviews
    expect(posted).toMatchObject({
      state: 'COMMENTED',
      commitId: world.remote.branchSha('feature/not-found')
    })
    const placed = posted!.comments.map(c => `${c.path}:${c.startLine ?? ''}-${c.line}`)
    expect(placed.sort()).toEqual(['src/client.js:-8', 'src/config.js:-2'])

    const loose = findingAt('src/client.js', 8)
    const timeout = findingAt('src/config.js', 2)
    const outside = findingAt('src/client.js', 1)
    const body = (path: string) => posted!.comments.find(c => c.path === path)!.body
    expect(body('src/client.js')).toMatch(new RegExp(`^\\*\\*${loose.id}\\*\\* · medium`))
    expect(body('src/client.js')).toContain(
      "**Where it stands**: to apply once this round's questions are answered."
    )
    expect(body('src/config.js')).toContain(`awaiting decision (${timeout.gate})`)
    expect(body('src/config.js')).toContain('```suggestion\nexport const TIMEOUT_MS = 10_000\n```')
    // The reviewer's words are inert on the diff as in the conversation: no one is pinged.
    expect(body('src/config.js')).toContain('@\u200Bocto-team')
    expect(posted!.body).toMatch(
      new RegExp(`Not on the diff[^\\n]*${outside.id} \`src/client\\.js:1\``)
    )

    // The conversation tab links each finding on the diff to its thread, and says which is not there.
    expect(loose.thread).toMatchObject({ path: 'src/client.js', line: 8, resolved: false })
    expect(loose.thread!.id).toMatch(/^PRRT_/)
    expect(outside.thread).toBeUndefined()
    const status = statusRecord(world).body
    expect(status).toContain(`[${loose.id}](${loose.thread!.url})`)
    expect(status).toMatch(
      new RegExp(
        `Not on the diff \\(their lines are not in this pull request's diff[^\\n]*${outside.id} `
      )
    )
    const gate = gateComments(world).find(c => c.body.startsWith(`### ${timeout.gate}:`))!
    expect(gate.body).toContain(`[on the diff](${timeout.thread!.url})`)

    // The job summary links the review.
    expect(result.summary).toContain(
      `**On the diff**: [round 1's review](${ledgerOf(world).rounds[0]!.onDiff!.url})`
    )
    expect(ledgerOf(world).rounds[0]!.onDiff!.url).toMatch(
      new RegExp(`#pullrequestreview-${posted!.id}$`)
    )

    // A re-run of the same head posts nothing again.
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), {}))
    expect(loopReviews()).toHaveLength(1)
  })

  it('a committed suggestion settles its gate in the next round: the finding is applied by the author, the gate closed, its thread resolved', async () => {
    const { inputs } = await gatedRound([review([], 'approve')])
    const timeout = findingAt('src/config.js', 2)
    expect(world.fake.labels(7)).toContain(AWAITING)

    // The author presses "Commit suggestion": the head now holds exactly the proposed line.
    const pushed = world.remote.commit('feature/not-found', {
      'src/config.js': PR_FILES['src/config.js'].replace('TIMEOUT_MS = 0', 'TIMEOUT_MS = 10_000')
    })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))

    const ledger = ledgerOf(world)
    const settled = ledger.findings.find(f => f.id === timeout.id)!
    expect(settled.outcome).toEqual({ kind: 'applied', commit: pushed })
    expect(ledger.gates.find(g => g.id === timeout.gate)!.status).not.toBe('open')
    expect(ledger.rounds[1]!.notes!.join('\n')).toContain(
      `${timeout.id}: the author committed its suggested fix from the diff`
    )
    expect(world.fake.labels(7)).not.toContain(AWAITING)
    const { thread, replies } = threadOf(timeout.thread!.comment)
    expect(thread!.resolved).toBe(true)
    expect(replies.map(r => r.body)).toEqual([
      expect.stringContaining(`**${timeout.id}**: applied in`)
    ])
  })

  it('dispositions reply in their threads and resolve them: a dismissal, and a fix applied', async () => {
    const { inputs } = await gatedRound()
    const loose = findingAt('src/client.js', 8)
    const timeout = findingAt('src/config.js', 2)
    const outside = findingAt('src/client.js', 1)
    // G1 alone leaves the round waiting on G2: nothing is dispositioned, so the threads stay open.
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        `/review-loop ${timeout.gate} dismiss not worth it`,
        inputs
      )
    )
    expect(threadOf(timeout.thread!.comment).thread!.resolved).toBe(false)
    ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${outside.gate} defer later`, inputs)
    )

    const dismissed = threadOf(timeout.thread!.comment)
    expect(dismissed.thread!.resolved).toBe(true)
    expect(dismissed.replies.map(r => [r.author.login, r.body])).toEqual([
      [
        BOT,
        `**${timeout.id}**: dropped: dismissed by @\u200Bocto-maintainer: "dismiss not worth it". Resolving this thread.`
      ]
    ])
    const applied = threadOf(loose.thread!.comment)
    expect(applied.thread!.resolved).toBe(true)
    expect(applied.replies.map(r => r.body)).toEqual([
      expect.stringMatching(
        new RegExp(`^\\*\\*${loose.id}\\*\\*: applied in [0-9a-f]{7}\\. Resolving this thread\\.$`)
      )
    ])
    expect(ledgerOf(world).findings.filter(f => f.thread?.resolved === false)).toEqual([])
  })

  it('a finding that returns after its fix landed reopens its thread with a reply, not a new one', async () => {
    const source = scriptedSource([review([LOOSE]), review([LOOSE])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const first = findingAt('src/client.js', 8)
    expect(first.outcome.kind).toBe('applied')
    // Posted after the apply, already settled: resolved at once.
    expect(threadOf(first.thread!.comment).thread!.resolved).toBe(true)

    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs.round).toBe('2')
    const back = findingAt('src/client.js', 8)
    expect(back.id).toBe(first.id)
    expect(back.thread!.comment).toBe(first.thread!.comment)
    const { thread, replies } = threadOf(first.thread!.comment)
    expect(thread!.resolved).toBe(false)
    expect(replies.map(r => r.body)).toEqual([
      expect.stringContaining(`**${first.id}** came back in round 2`)
    ])
    // No second thread for it.
    expect(
      world.fake.reviewComments.filter(
        c => c.inReplyTo === undefined && c.body.startsWith(`**${first.id}**`)
      )
    ).toHaveLength(1)
  })

  it('a 300-finding round posts one review within the bound and lists the rest in its body', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      severity: 'low',
      file: 'src/client.js',
      line: 3 + (i % 7),
      description: `Observation number ${i + 1} about this helper.`
    }))
    const source = scriptedSource([review(many)])
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), { command: source.command }))
    const reviews = loopReviews()
    expect(reviews).toHaveLength(1)
    expect(reviews[0]!.comments).toHaveLength(MAX_REVIEW_COMMENTS)
    expect(reviews[0]!.body).toContain('**Not posted on their lines**')
    const listed = (reviews[0]!.body.match(/^- \*\*F\d+\*\*/gm) ?? []).length
    expect(listed).toBe(300 - MAX_REVIEW_COMMENTS)
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.onDiff!.listed).toHaveLength(300 - MAX_REVIEW_COMMENTS)
    expect(statusRecord(world).body).toContain(
      "Listed in the review's body, past the bound on its comments"
    )
  })

  it('a run stopped right after posting the review leaves the next run to take it up, never to post it again', async () => {
    const source = scriptedSource([review([LOOSE, TIMEOUT, IMPORT])])
    const inputs = { command: source.command }
    world.killAt({ after: e => e.operationId === 'pulls/create-review' })
    const killed = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
    expect(killed.signal).toBe('SIGKILL')
    expect(loopReviews()).toHaveLength(1)
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(loopReviews()).toHaveLength(1)
    const posted = loopReviews()[0]!
    const loose = findingAt('src/client.js', 8)
    expect(loose.thread).toMatchObject({ review: posted.id, path: 'src/client.js', line: 8 })
  })

  it('a review GitHub refuses is a warning on the trace, never a failed round', async () => {
    world.fake.refuse('pulls/create-review', 403, 'Resource not accessible by integration')
    const source = scriptedSource([review([LOOSE, TIMEOUT, IMPORT])])
    const r = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), { command: source.command })
    )
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', round: '1' })
    expect(r.stdout).toMatch(/::warning::the review of round 1 was not posted on the diff/)
    expect(loopReviews()).toHaveLength(0)
    expect(gateComments(world)).toHaveLength(2)
    const status = statusRecord(world).body
    expect(status).toMatch(
      /round 1's findings could not be posted on the diff \(Reviewing #7 failed \(HTTP 403\)/
    )
    expect(status).toMatch(/the review of round 1 was not posted on the diff/)
  })

  it("a finding whose line moved is re-anchored by the round's diff: a new comment at its new line links the old thread, which is resolved", async () => {
    const judged = {
      severity: 'medium',
      file: 'src/client.js',
      line: 8,
      description: 'isNotFound should also accept the status as a string.'
    }
    const source = scriptedSource([review([judged]), review([{ ...judged, line: 10 }])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const before = findingAt('src/client.js', 8)
    expect(before.thread).toMatchObject({ line: 8, resolved: false })

    // The author adds two lines above it: the same code is now on line 10.
    world.remote.commit('feature/not-found', {
      'src/client.js': PR_FILES['src/client.js'].replace(
        'export function isNotFound',
        '// Not found.\n// Says whether a status is 404.\nexport function isNotFound'
      )
    })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))

    const after = findingAt('src/client.js', 10)
    expect(after.id).toBe(before.id)
    expect(after.thread).toMatchObject({ path: 'src/client.js', line: 10, resolved: false })
    expect(after.thread!.comment).not.toBe(before.thread!.comment)
    const reviews = loopReviews()
    expect(reviews).toHaveLength(2)
    expect(reviews[1]!.comments.map(c => `${c.path}:${c.line}`)).toEqual(['src/client.js:10'])
    expect(reviews[1]!.comments[0]!.body).toContain(
      `Moved here from [its earlier place](${before.thread!.url})`
    )
    const old = threadOf(before.thread!.comment)
    expect(old.thread!.resolved).toBe(true)
    expect(old.replies.map(r => r.body)).toEqual([
      `**${before.id}** moved in round 2: now at [\`src/client.js:10\`](${after.thread!.url}). Resolving this thread.`
    ])
  })

  it('a thread GitHub will not take a reply in is a warning on the trace, not tried by every run after', async () => {
    const { inputs } = await gatedRound([review([], 'approve')])
    const timeout = findingAt('src/config.js', 2)
    const outside = findingAt('src/client.js', 1)
    world.fake.refuse('pulls/create-reply-for-review-comment', 404, 'Not Found')
    const r = ok(
      await world.comment(
        7,
        'octo-maintainer',
        `/review-loop ${timeout.gate} dismiss\n/review-loop ${outside.gate} defer`,
        inputs
      )
    )
    expect(r.stdout).toMatch(
      new RegExp(`::warning::${timeout.id}'s thread on the diff could not be followed`)
    )
    expect(findingAt('src/config.js', 2).thread!.resolved).toBe(true)
    world.fake.allow('pulls/create-reply-for-review-comment')
    const again = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(again.stdout).not.toMatch(/could not be followed/)
    expect(threadOf(timeout.thread!.comment).replies).toHaveLength(0)
  })

  it('a dismissed finding that comes back is said in its resolved thread, which stays resolved', async () => {
    const { inputs } = await gatedRound([review([TIMEOUT])])
    const timeout = findingAt('src/config.js', 2)
    const outside = findingAt('src/client.js', 1)
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        `/review-loop ${timeout.gate} dismiss fine as is\n/review-loop ${outside.gate} defer`,
        inputs
      )
    )
    expect(threadOf(timeout.thread!.comment).thread!.resolved).toBe(true)
    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs.round).toBe('2')
    const back = ledgerOf(world).findings.find(f => f.id === timeout.id)!
    expect(back.returns?.map(r => [r.round, r.handling])).toEqual([[2, 'absorbed']])
    const { thread, replies } = threadOf(timeout.thread!.comment)
    expect(thread!.resolved).toBe(true)
    expect(replies.map(r => r.body)).toEqual([
      expect.stringContaining('Resolving this thread.'),
      expect.stringMatching(
        new RegExp(
          `^\\*\\*${timeout.id}\\*\\* came back in round 2 \\(absorbed: .*; it stays settled\\.`
        )
      )
    ])
  })

  it('a disposition reply is posted once: a resolve GitHub refuses is retried by the next run without replying again', async () => {
    const source = scriptedSource([review([TIMEOUT])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const timeout = findingAt('src/config.js', 2)
    expect(timeout.thread!.id).toMatch(/^PRRT_/)
    // GitHub's GraphQL refuses (a rate limit, a token without the right): the reply goes out, the resolve does not.
    world.fake.refuse('graphql', 403, 'API rate limit exceeded')
    const r = ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${timeout.gate} dismiss`, inputs)
    )
    expect(r.stdout).toMatch(new RegExp(`::warning::${timeout.id}'s thread on the diff could not`))
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(threadOf(timeout.thread!.comment).replies).toHaveLength(1)
    expect(findingAt('src/config.js', 2).thread).toMatchObject({
      replied: true,
      resolved: false,
      tries: 2
    })
    world.fake.allow('graphql')
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    const { thread, replies } = threadOf(timeout.thread!.comment)
    expect(thread!.resolved).toBe(true)
    expect(replies.map(x => x.body)).toEqual([
      expect.stringContaining(`**${timeout.id}**: dropped: dismissed by`)
    ])
    expect(findingAt('src/config.js', 2).thread!.resolved).toBe(true)
  })

  it('a resolve GitHub keeps refusing is given up after a few tries, with a note on the trace', async () => {
    const source = scriptedSource([review([TIMEOUT])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const timeout = findingAt('src/config.js', 2)
    world.fake.refuse('graphql', 403, 'API rate limit exceeded')
    ok(await world.comment(7, 'octo-maintainer', `/review-loop ${timeout.gate} dismiss`, inputs))
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    const third = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(third.stdout).toMatch(
      /could not be resolved after 3 tries .*resolve it on the Files changed tab/
    )
    const fourth = ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    expect(fourth.stdout).not.toMatch(/thread on the diff could not/)
    expect(threadOf(timeout.thread!.comment).replies).toHaveLength(1)
  })

  it('a run stopped right after a disposition reply leaves the next run to resolve the thread, not to reply again', async () => {
    const source = scriptedSource([review([TIMEOUT])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const timeout = findingAt('src/config.js', 2)
    world.killAt({ after: e => e.operationId === 'pulls/create-reply-for-review-comment' })
    const killed = await world.comment(
      7,
      'octo-maintainer',
      `/review-loop ${timeout.gate} dismiss`,
      inputs
    )
    expect(killed.signal).toBe('SIGKILL')
    expect(threadOf(timeout.thread!.comment).replies).toHaveLength(1)
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status', inputs))
    const { thread, replies } = threadOf(timeout.thread!.comment)
    expect(replies).toHaveLength(1)
    expect(thread!.resolved).toBe(true)
    expect(findingAt('src/config.js', 2).outcome.kind).toBe('dropped')
  })

  it("a finding asked again under a new gate after the author's push has its comment on the diff edited to that gate", async () => {
    // The review of the new head finds it again with another fix: its question as asked is gone.
    const other = { ...TIMEOUT.fix, replacement: 'export const TIMEOUT_MS = 5_000' }
    const source = scriptedSource([review([TIMEOUT]), review([{ ...TIMEOUT, fix: other }])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const first = findingAt('src/config.js', 2)
    expect(first.gate).toBe('G1')
    world.remote.commit('feature/not-found', {
      'src/client.js': PR_FILES['src/client.js'] + '\n// Reviewed.\n'
    })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    const ledger = ledgerOf(world)
    expect(ledger.gates.find(g => g.id === 'G1')!.status).toBe('superseded')
    const now = ledger.gates.find(g => g.status === 'open' && g.findings.includes(first.id))!
    expect(now.id).not.toBe('G1')
    const again = findingAt('src/config.js', 2)
    expect(again.thread!.comment).toBe(first.thread!.comment)
    const comment = world.fake.reviewComments.find(c => c.id === first.thread!.comment)!
    expect(comment.body).toContain(`awaiting decision (${now.id})`)
    expect(comment.body).not.toMatch(/\bG1\b/)
    expect(comment.body).toContain('```suggestion\nexport const TIMEOUT_MS = 5_000\n```')
    // Still the mark of the review it was posted in.
    expect(comment.body).toMatch(/review-loop · round 1<\/sub>$/)
    expect(again.thread!.gate).toBe(now.id)
  })

  it("a reply in a moved finding's old thread answers the finding's gate", async () => {
    const judged = {
      severity: 'medium',
      file: 'src/client.js',
      line: 8,
      description: 'isNotFound should also accept the status as a string.'
    }
    const source = scriptedSource([review([judged]), review([{ ...judged, line: 10 }])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const before = findingAt('src/client.js', 8)
    world.remote.commit('feature/not-found', {
      'src/client.js': PR_FILES['src/client.js'].replace(
        'export function isNotFound',
        '// Not found.\n// Says whether a status is 404.\nexport function isNotFound'
      )
    })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    const after = findingAt('src/client.js', 10)
    const gate = ledgerOf(world).gates.find(
      g => g.status === 'open' && g.findings.includes(after.id)
    )!
    const r = ok(
      await world.threadReply(
        7,
        'octo-maintainer',
        before.thread!.comment,
        '/review-loop dismiss strings never reach it',
        inputs
      )
    )
    expect(r.outputs['open-gates']).toBe('')
    expect(ledgerOf(world).gates.find(g => g.id === gate.id)!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss strings never reach it'
    })
    const person = world.fake.reviewComments.find(
      c => c.body === '/review-loop dismiss strings never reach it'
    )!
    expect(person.reactions?.map(x => x.content)).toEqual(['+1'])
    expect(findingAt('src/client.js', 10).thread!.previous).toEqual([before.thread!.comment])
  })
})
