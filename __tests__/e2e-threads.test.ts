/**
 * Answers in a finding's thread on the diff, end to end through the bundled action: a reply answers the gate the
 * finding belongs to as the same words in the conversation would, the short form names that gate for you, an
 * outsider is refused in the thread, and a reply anywhere else is no command.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BOT, ledgerOf, ok, useSampleWorld } from '../__fixtures__/e2e.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'
import { actionClient, seedThreads } from '../__fixtures__/threads.js'
import { GitHubClient } from '../src/github/client.js'
import { answersMark } from '../src/loop/records.js'
import type { Ledger } from '../src/loop/model.js'

/** Whether the action's status reply names a `/review-loop status` comment as answered (its record; issue 16). */
const answered = (world: LoopWorld, id: number): boolean =>
  world.fake.comments(7).some(c => c.user.login === BOT && c.body.endsWith(answersMark([id])))

const INPUTS = { command: REVIEWER_COMMAND, landing: 'head' }

let world: LoopWorld
const sample = useSampleWorld(INPUTS)
beforeEach(() => {
  world = sample()
})

/** Round 1 of the sample PR (G1 waits), with G1's finding given a thread on the diff; returns the finding and its root. */
async function roundWithThread(w: LoopWorld = world): Promise<{ finding: string; root: number }> {
  const r = ok(await w.run(w.sandbox.pullRequestEvent('opened', 7)))
  expect(r.outputs['open-gates']).toBe('G1')
  const finding = ledgerOf(w).gates.find(g => g.id === 'G1')!.findings[0]!
  const roots = await seedThreads(w, [finding])
  return { finding, root: roots[finding]! }
}

/** The reactions on a review comment, as `content by login`. */
function reactionsOnReply(id: number): string[] {
  const c = world.fake.reviewComments.find(x => x.id === id)!
  return (c.reactions ?? []).map(r => `${r.content} by ${r.login}`)
}

/** The action's replies to a person in a thread (not its one-line notes of where the finding stands). */
function botRepliesIn(root: number): string[] {
  return world.fake.reviewComments
    .filter(c => c.inReplyTo === root && c.author.login === BOT && c.body.startsWith('@'))
    .map(c => c.body)
}

/** The action's replies in the conversation (not its status, gate or handover comments). */
function botConversationReplies(): string[] {
  return world.fake
    .comments(7)
    .filter(c => c.user.login === BOT && c.body.startsWith('@'))
    .map(c => c.body)
}

/**
 * What an answer leaves that a reader of the loop sees: gates (who, which words), findings' outcomes, rounds' phases,
 * what is owed. A commit is named by its tree (two worlds' fix commits differ in their dates, not in what they hold).
 */
function standing(ledger: Ledger, w: LoopWorld = world) {
  const tree = (sha: string) => w.remote.git(['rev-parse', `${sha}^{tree}`]).trim()
  const text = JSON.stringify(ledger).replace(/\b[0-9a-f]{40}\b/g, sha => tree(sha))
  const l = JSON.parse(text) as Ledger
  return {
    gates: l.gates.map(g => ({
      id: g.id,
      status: g.status,
      answer: g.answer && { by: g.answer.by, words: g.answer.words, option: g.answer.option }
    })),
    findings: l.findings.map(f => ({ id: f.id, outcome: f.outcome })),
    rounds: l.rounds.map(r => ({ n: r.n, phase: r.phase })),
    owed: l.owed,
    status: l.status
  }
}

describe('a reply in a finding’s thread', () => {
  it('answers the gate as the same words in the conversation do: the next state is the same', async () => {
    const words = '/review-loop G1 dismiss we set the timeout per call'
    const { root } = await roundWithThread()
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, words))
    expect(r.outputs).toMatchObject({ status: 'continue', 'open-gates': '' })
    const reply = world.fake.reviewComments.find(c => c.body === words)!
    // Acknowledged where it was written: a reaction on the reply; nothing needed saying, in the thread or elsewhere.
    expect(reactionsOnReply(reply.id)).toEqual([`+1 by ${BOT}`])
    expect(botRepliesIn(root)).toEqual([])
    expect(botConversationReplies()).toEqual([])
    const byThread = ledgerOf(world)
    expect(byThread.gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss we set the timeout per call',
      option: 'dismiss',
      commentId: reply.id
    })
    expect(byThread.processedReplies).toEqual([reply.id])

    // The same answer in the conversation, in a world of its own.
    const other = await LoopWorld.create({ files: BASE_FILES, inputs: INPUTS })
    try {
      openSamplePullRequest(other)
      ok(await other.run(other.sandbox.pullRequestEvent('opened', 7)))
      const c = ok(await other.comment(7, 'octo-maintainer', words))
      expect(c.outputs).toEqual(r.outputs)
      expect(standing(byThread)).toEqual(standing(ledgerOf(other), other))
      expect(world.fake.dispatches.length).toBe(other.fake.dispatches.length)
      expect(other.fake.violations).toEqual([])
    } finally {
      await other.dispose()
    }
  })

  it('takes the short form when the finding has one gate, the words kept as written', async () => {
    const { root } = await roundWithThread()
    const r = ok(
      await world.threadReply(7, 'octo-maintainer', root, '/review-loop dismiss  kept for Later')
    )
    expect(r.outputs).toMatchObject({ status: 'continue', 'open-gates': '' })
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss  kept for Later',
      option: 'dismiss'
    })
  })

  it('says in the thread why a short form it cannot take changes nothing', async () => {
    const { root } = await roundWithThread()
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop maybe later'))
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    const reply = world.fake.reviewComments.find(c => c.body === '/review-loop maybe later')!
    expect(reactionsOnReply(reply.id)).toEqual([`confused by ${BOT}`])
    expect(botRepliesIn(root)).toEqual([
      '@octo-maintainer G1 takes one of: `apply`, `dismiss`, `decide`, `defer` (you may add your reasons after it)'
    ])
    expect(botConversationReplies()).toEqual([])
  })

  it('stops the loop with `/review-loop stop`, as in the conversation', async () => {
    const { root } = await roundWithThread()
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop stop'))
    expect(r.outputs.status).toBe('exited')
  })
})

describe('a thread GitHub will not take a reply in', () => {
  it('says why in the conversation instead, and the run goes on', async () => {
    const { root } = await roundWithThread()
    // A secondary rate limit on replies (a deleted first comment answers 404 the same way).
    world.fake.refuse(
      'pulls/create-reply-for-review-comment',
      403,
      'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
    )
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop maybe later'))
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    const reply = world.fake.reviewComments.find(c => c.body === '/review-loop maybe later')!
    expect(reactionsOnReply(reply.id)).toEqual([`confused by ${BOT}`])
    expect(botRepliesIn(root)).toEqual([])
    const [told, ...more] = botConversationReplies()
    expect(more).toEqual([])
    expect(told).toContain('G1 takes one of: `apply`, `dismiss`, `decide`, `defer`')
    expect(told).toContain(`#discussion_r${reply.id}`)
    expect(r.stdout).toMatch(/Could not reply in the thread of F\d+ .*secondary rate limit/)
    expect(ledgerOf(world).processedReplies).toEqual([reply.id])
  })
})

describe('review comments GitHub will not list', () => {
  it("a reply's run still takes the conversation's commands, and the reply waits for the next run", async () => {
    const { root } = await roundWithThread()
    const { comment } = world.sandbox.postComment(7, {
      login: 'octo-author',
      body: '/review-loop status'
    })
    world.fake.refuse(
      'pulls/list-review-comments',
      403,
      'API rate limit exceeded for installation ID 1. If you reach out to GitHub Support for help, please include the request ID.'
    )
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop dismiss'))
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(r.stdout).toMatch(
      /rate limit exceeded.*Replies in findings' threads are left for the next run/
    )
    expect(answered(world, comment.id)).toBe(true)
    expect(ledgerOf(world).processedReplies).toEqual([])
    world.fake.allow('pulls/list-review-comments')
    const next = ok(await world.comment(7, 'octo-author', '/review-loop status'))
    expect(next.outputs['open-gates']).toBe('')
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss'
    })
  })
})

describe('who is obeyed in a thread', () => {
  it("refuses an outsider's reply in the thread, once, and changes nothing", async () => {
    const { root } = await roundWithThread()
    const before = ledgerOf(world)
    const r = ok(await world.threadReply(7, 'drive-by', root, '/review-loop G1 apply'))
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    const reply = world.fake.reviewComments.find(c => c.author.login === 'drive-by')!
    expect(reactionsOnReply(reply.id)).toEqual([])
    const refusal =
      '@drive-by only people with write access to this repository can steer review-loop, so this comment changes nothing.'
    expect(botRepliesIn(root)).toEqual([refusal])
    expect(botConversationReplies()).toEqual([])
    const after = ledgerOf(world)
    expect(standing(after)).toEqual(standing(before))
    expect(after.processedReplies).toEqual([reply.id])
    // The refusal is recorded as the action's own, and the next run does not refuse the reply again.
    expect(after.ownReviewComments).toContain(
      world.fake.reviewComments.find(c => c.body === refusal)!.id
    )
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(botRepliesIn(root)).toEqual([refusal])
  })
})

describe('a reply to a reply', () => {
  it("is in the finding's thread, as GitHub attaches it to the thread's first comment", async () => {
    const { root } = await roundWithThread()
    ok(await world.threadReply(7, 'drive-by', root, '/review-loop G1 apply'))
    const refusal = world.fake.reviewComments.find(
      c => c.inReplyTo === root && c.author.login === BOT && c.body.startsWith('@drive-by')
    )!
    // A writer answers the action's refusal, not the thread's first comment.
    const r = ok(await world.threadReply(7, 'octo-maintainer', refusal.id, '/review-loop dismiss'))
    expect(r.outputs['open-gates']).toBe('')
    const reply = world.fake.reviewComments.find(c => c.body === '/review-loop dismiss')!
    expect(reply.inReplyTo).toBe(root)
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss',
      commentId: reply.id
    })
  })
})

describe('replies the loop takes from any run', () => {
  it('a conversation run takes a queued thread reply, and no later run takes it again', async () => {
    const { root } = await roundWithThread()
    // The reply's own run was cancelled by the comment's: it never ran.
    const { comment } = world.sandbox.replyInThread(7, {
      login: 'octo-maintainer',
      to: root,
      body: '/review-loop dismiss we set the timeout per call'
    })
    const r = ok(await world.comment(7, 'octo-author', '/review-loop status'))
    expect(r.outputs['open-gates']).toBe('')
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss we set the timeout per call'
    })
    expect(reactionsOnReply(comment.id as number)).toEqual([`+1 by ${BOT}`])
    // The reply's own run, late: nothing is left for it to take.
    const late = ok(await world.run(world.sandbox.reviewCommentEvent(7, comment)))
    expect(late.stdout).not.toMatch(/Command from octo-maintainer/)
    expect(ledgerOf(world).processedReplies).toEqual([comment.id])
  })
})

describe('review comment IDs, numbered apart from conversation comments', () => {
  it('takes a thread reply that shares its ID with a conversation comment, own or taken', async () => {
    const { root } = await roundWithThread()
    ok(await world.comment(7, 'octo-author', '/review-loop status'))
    const before = ledgerOf(world)
    // The status comment, taken (its status reply names it).
    const taken = world.fake.comments(7).findLast(c => c.body === '/review-loop status')!.id
    expect(answered(world, taken)).toBe(true)
    const used = () => new Set(world.fake.reviewComments.map(c => c.id))
    // One of the action's own conversation comments (its status or gate comment) no review comment has yet.
    const own = before.ownComments.find(id => !used().has(id))!
    expect(own).toBeDefined()
    // GitHub may give a reply the ID of one of the action's conversation comments...
    world.fake.setNextReviewCommentId(own)
    ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop status'))
    expect(world.fake.reviewComments.find(c => c.id === own)!.body).toBe('/review-loop status')
    expect(reactionsOnReply(own)).toEqual([`+1 by ${BOT}`])
    // ...and of a conversation command already taken.
    expect(used().has(taken)).toBe(false)
    world.fake.setNextReviewCommentId(taken)
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop dismiss'))
    expect(r.outputs['open-gates']).toBe('')
    const after = ledgerOf(world)
    expect(after.gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss',
      commentId: taken
    })
    expect(after.processedReplies).toEqual([own, taken])
    expect(after.processedComments.filter(id => id === taken)).toHaveLength(1)
  })
})

describe('replies the loop takes from any run, the other way round', () => {
  it("a thread reply's run takes a queued conversation comment too, each once", async () => {
    const { root } = await roundWithThread()
    // The comment's own run was cancelled by the reply's: it never ran.
    const { comment } = world.sandbox.postComment(7, {
      login: 'octo-author',
      body: '/review-loop status'
    })
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop dismiss'))
    expect(r.outputs).toMatchObject({ status: 'continue', 'open-gates': '' })
    const ledger = ledgerOf(world)
    expect(ledger.processedReplies).toHaveLength(1)
    // Answered where it was written, in the conversation: the status reply names it (no reaction needed).
    expect(answered(world, comment.id)).toBe(true)
    expect(world.fake.commentList.find(c => c.id === comment.id)!.reactions).toEqual([])
  })

  it("a fork's thread reply (a read-only token) is left for the next run that can write", async () => {
    const { root } = await roundWithThread()
    world.fake.pull(7).fork = true
    const r = ok(await world.threadReply(7, 'octo-maintainer', root, '/review-loop dismiss'))
    expect(r.outputs.status).toBe('ignored')
    expect(r.stdout).toMatch(
      /comes from a fork, whose review comments start runs with a read-only token/
    )
    // A fork's pull_request runs are ignored too: only a comment in the conversation takes the reply.
    expect(r.stdout).toMatch(/taken by the next `\/review-loop` comment there/)
    expect(r.stdout).not.toMatch(/next round/)
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.status).toBe('open')
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.answer).toMatchObject({
      by: 'octo-maintainer',
      words: 'dismiss'
    })
  })
})

describe('replies that are not commands to the loop', () => {
  it("a reply in a thread that is not a finding's is ignored, and no later run takes it", async () => {
    await roundWithThread()
    // A person's own review comment on the diff, and a reply in its thread.
    const person = new GitHubClient(
      world.fake.tokenFor('octo-author'),
      world.remote.owner,
      world.remote.repo,
      world.fake.url
    )
    const head = world.remote.branchSha('feature/not-found')!
    const review = await person.createReview(7, {
      commitId: head,
      body: 'A note of mine',
      comments: [{ path: 'src/client.js', line: 8, body: 'Should this be strict?' }]
    })
    const [own] = await person.reviewCommentsOf(7, review.id)
    const r = ok(await world.threadReply(7, 'octo-maintainer', own!.id, '/review-loop G1 dismiss'))
    expect(r.outputs.status).toBe('ignored')
    expect(r.stdout).toContain("the reply is in a review thread that is not a finding's")
    ok(await world.comment(7, 'octo-author', '/review-loop status'))
    const ledger = ledgerOf(world)
    expect(ledger.gates.find(g => g.id === 'G1')!.status).toBe('open')
    expect(ledger.processedReplies).toEqual([])
  })

  it("the action's own reply in a finding's thread is never read as a command", async () => {
    const { root } = await roundWithThread()
    const mine = await actionClient(world).replyToReviewComment(7, root, '/review-loop G1 dismiss')
    const own = world.fake.reviewCommentObjects(7).find(c => c.id === mine.id)!
    const r = ok(await world.run(world.sandbox.reviewCommentEvent(7, own)))
    expect(r.outputs.status).toBe('ignored')
    expect(r.stdout).toContain("the reply is the action's own")
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(ledgerOf(world).gates.find(g => g.id === 'G1')!.status).toBe('open')
  })
})
