/** The `pull_request_review_comment` event, from GitHub's real webhook examples: only a reply holding a command counts. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Sandbox, reviewCommentEvent, webhookExamples } from '../__fixtures__/harness/index.js'
import { fromPayload, isCommentRun } from '../src/action/event.js'
import { GitHubClient } from '../src/github/client.js'

let sandbox: Sandbox
let root: number

beforeAll(async () => {
  sandbox = await Sandbox.create({ files: { 'a.txt': 'one\ntwo\n' } })
  sandbox.openPullRequest({ number: 5, headRef: 'topic', files: { 'a.txt': 'one\nTWO\n' } })
  sandbox.fake.setPermission('maya', 'write')
  const head = sandbox.remote.branchSha('topic')!
  const client = new GitHubClient(
    sandbox.fake.actionToken,
    sandbox.remote.owner,
    sandbox.remote.repo,
    sandbox.fake.url
  )
  const { id } = await client.createReview(5, {
    commitId: head,
    body: 'Round 1',
    comments: [{ path: 'a.txt', line: 2, body: 'F1' }]
  })
  root = (await client.reviewCommentsOf(5, id))[0]!.id
})

afterAll(async () => {
  expect(sandbox.fake.violations).toEqual([])
  await sandbox.dispose()
})

function trigger(payload: Record<string, unknown>) {
  return fromPayload('pull_request_review_comment', payload)
}

describe('pull_request_review_comment', () => {
  it('a reply holding a command is a thread command, naming the thread it is in', () => {
    const { comment, event } = sandbox.replyInThread(5, {
      login: 'maya',
      to: root,
      body: '/review-loop dismiss'
    })
    expect(event.name).toBe('pull_request_review_comment')
    const t = trigger(event.payload)
    expect(t).toEqual({
      kind: 'review_comment',
      pr: 5,
      commentId: comment.id,
      author: 'maya',
      inReplyTo: root
    })
    expect(isCommentRun(t)).toBe(true)
  })

  it.each([
    [
      'a reply holding no command',
      'Good catch, thanks.',
      'the reply holds no /review-loop command'
    ],
    [
      'a command inside a code block',
      '```\n/review-loop dismiss\n```',
      'the reply holds no /review-loop command'
    ]
  ])('%s is ignored', (_name, body, reason) => {
    const { event } = sandbox.replyInThread(5, { login: 'maya', to: root, body })
    expect(trigger(event.payload)).toEqual({ kind: 'ignored', reason })
  })

  it('a comment that starts a thread is ignored, even with a command', () => {
    const rootObject = sandbox.fake.reviewCommentObjects(5).find(c => c.id === root)!
    const event = sandbox.reviewCommentEvent(5, { ...rootObject, body: '/review-loop stop' })
    expect(trigger(event.payload)).toEqual({
      kind: 'ignored',
      reason: 'the review comment starts a thread; only a reply in a finding’s thread is read'
    })
  })

  it.each(['edited', 'deleted'] as const)('a reply %s is ignored', action => {
    const { comment } = sandbox.replyInThread(5, {
      login: 'maya',
      to: root,
      body: '/review-loop stop'
    })
    const pr = sandbox.fake.pull(5)
    const event = reviewCommentEvent(
      { ctx: sandbox.fake.ctx, serverUrl: sandbox.remote.serverUrl },
      { ...pr, headSha: 'a'.repeat(40), baseSha: 'b'.repeat(40) },
      comment,
      { action }
    )
    expect(trigger(event.payload)).toEqual({
      kind: 'ignored',
      reason: `pull_request_review_comment '${action}' is not one review-loop handles`
    })
  })

  it("GitHub's own examples (no reply among them) are all ignored", () => {
    for (const example of webhookExamples('pull_request_review_comment'))
      expect(trigger(example).kind).toBe('ignored')
  })
})
