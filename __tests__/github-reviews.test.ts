/**
 * Review threads against the GitHub stand-in: the client posts a review, learns its comments' IDs, reads replies,
 * replies in a thread, resolves and reopens it; the stand-in answers in GitHub's shapes (held to @octokit/openapi and
 * to GitHub's public GraphQL schema) and rejects what GitHub would.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { Sandbox } from '../__fixtures__/harness/index.js'
import { GitHubClient, GitHubError } from '../src/github/client.js'

const BASE = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'

let sandbox: Sandbox
let client: GitHubClient
let head: string
let reviewId: number
let first: number
let second: number

beforeAll(async () => {
  sandbox = await Sandbox.create({ files: { 'a.txt': BASE } })
  sandbox.openPullRequest({
    number: 3,
    headRef: 'topic',
    files: { 'a.txt': BASE.replace('line 10\n', 'line ten\n').replace('line 14\n', 'line 14b\n') }
  })
  head = sandbox.remote.branchSha('topic')!
  const { owner, repo } = sandbox.remote
  sandbox.fake.setPermission('maya', 'write')
  client = new GitHubClient(sandbox.fake.actionToken, owner, repo, sandbox.fake.url)
  const posted = await client.createReview(3, {
    commitId: head,
    body: 'Round 1',
    comments: [
      { path: 'a.txt', line: 10, body: 'F1' },
      { path: 'a.txt', startLine: 12, line: 14, body: 'F2' }
    ]
  })
  reviewId = posted.id
  const comments = await client.reviewCommentsOf(3, reviewId)
  first = comments[0]!.id
  second = comments[1]!.id
})

afterAll(async () => {
  await sandbox.dispose()
})

describe('review comments through the client', () => {
  it("learns the IDs of a review's comments, with their lines, in GitHub's shapes", async () => {
    const comments = await client.reviewCommentsOf(3, reviewId)
    expect(comments).toEqual([
      expect.objectContaining({ id: first, reviewId, path: 'a.txt', line: 10, body: 'F1' }),
      expect.objectContaining({ id: second, reviewId, line: 14, startLine: 12, body: 'F2' })
    ])
    expect(comments[0]!.inReplyTo).toBeUndefined()
    expect(comments[0]!.login).toBe('github-actions[bot]')
    expect(comments[0]!.url).toMatch(new RegExp(`/pull/3#discussion_r${first}$`))
    const raw = sandbox.fake.reviewCommentObjects(3)[0]!
    expect(raw).toMatchObject({
      id: first,
      pull_request_review_id: reviewId,
      line: 10,
      side: 'RIGHT',
      start_line: null,
      commit_id: head,
      subject_type: 'line'
    })
    expect(String(raw.node_id)).toMatch(/^PRRC_kwDO/)
    expect(String(raw.diff_hunk)).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@[^\n]*\n(.*\n)*\+line ten$/)
  })

  it('reads a reply typed on github.com in the thread, and replies there itself', async () => {
    const typed = sandbox.fake.replyInThread(3, {
      login: 'maya',
      to: first,
      body: '/review-loop G1 dismiss'
    })
    const reply = await client.replyToReviewComment(3, first, 'Taken: G1 dismissed.')
    expect(reply.url).toMatch(new RegExp(`#discussion_r${reply.id}$`))
    // A reply to a reply joins the same thread: its in_reply_to_id is the thread's first comment.
    const again = await client.replyToReviewComment(3, reply.id, 'and again')
    const all = await client.reviewComments(3)
    expect(all.map(c => [c.id, c.inReplyTo, c.body])).toEqual([
      [first, undefined, 'F1'],
      [second, undefined, 'F2'],
      [typed.id, first, '/review-loop G1 dismiss'],
      [reply.id, first, 'Taken: G1 dismissed.'],
      [again.id, first, 'and again']
    ])
    expect(all.find(c => c.id === typed.id)).toMatchObject({
      login: 'maya',
      association: 'COLLABORATOR',
      line: 10
    })
    // Each reply made outside a pending review is a review of its own, as at GitHub.
    expect(all.find(c => c.id === reply.id)!.reviewId).not.toBe(reviewId)
    const one = await getOctokit(sandbox.fake.actionToken, {
      baseUrl: sandbox.fake.url
    }).rest.pulls.getReviewComment({
      owner: sandbox.remote.owner,
      repo: sandbox.remote.repo,
      comment_id: typed.id as number
    })
    expect(one.data).toMatchObject({
      id: typed.id,
      in_reply_to_id: first,
      body: '/review-loop G1 dismiss'
    })
  })

  it('says a rate limit is one, not a permission the token lacks', async () => {
    sandbox.fake.refuse(
      'pulls/create-reply-for-review-comment',
      403,
      'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.'
    )
    try {
      const refused = client.replyToReviewComment(3, first, 'x')
      await expect(refused).rejects.toMatchObject({ status: 403 })
      await expect(refused).rejects.toThrow(/secondary rate limit.*rate limit, not a permission/)
      await expect(refused).rejects.not.toThrow(/the token lacks/)
    } finally {
      sandbox.fake.allow('pulls/create-reply-for-review-comment')
    }
  })

  it('is refused a reply to a comment that is not on the pull request', async () => {
    const refused = client.replyToReviewComment(3, 42, 'x')
    await expect(refused).rejects.toBeInstanceOf(GitHubError)
    await expect(refused).rejects.toMatchObject({ status: 404 })
  })
})

describe('review threads through GraphQL', () => {
  it("lists the threads with GitHub's node IDs, resolves one and reopens it", async () => {
    const threads = await client.reviewThreads(3)
    expect(threads).toEqual([
      { id: expect.stringMatching(/^PRRT_kwDO[\w-]+$/), isResolved: false, rootComment: first },
      { id: expect.stringMatching(/^PRRT_kwDO[\w-]+$/), isResolved: false, rootComment: second }
    ])
    await client.resolveThread(threads[0]!.id)
    expect((await client.reviewThreads(3)).map(t => t.isResolved)).toEqual([true, false])
    expect(sandbox.fake.threadOf(first)).toMatchObject({
      resolved: true,
      resolvedBy: 'github-actions[bot]'
    })
    await client.unresolveThread(threads[0]!.id)
    expect((await client.reviewThreads(3)).map(t => t.isResolved)).toEqual([false, false])
  })

  it('says what the token lacks when resolving is refused, and names a thread that is not there', async () => {
    sandbox.fake.setActionTokenReadOnly(true)
    const thread = sandbox.fake.threadOf(first)!
    const refused = client.resolveThread(thread.nodeId)
    await expect(refused).rejects.toThrow(
      /Resource not accessible by integration — .*pull-requests: write/
    )
    sandbox.fake.setActionTokenReadOnly(false)
    expect(thread.resolved).toBe(false)
    await expect(client.resolveThread('PRRT_kwDOnothing')).rejects.toThrow(
      /Could not resolve to a node with the global id of 'PRRT_kwDOnothing'/
    )
  })
})

describe('the stand-in holds requests to GitHub', () => {
  const octokit = () => getOctokit(sandbox.fake.actionToken, { baseUrl: sandbox.fake.url })

  it('rejects a GraphQL query GitHub’s schema rejects, and records it', async () => {
    const before = sandbox.fake.violations.length
    const noField = octokit().graphql(
      `query { repository(owner: "${sandbox.remote.owner}", name: "${sandbox.remote.repo}") { pullRequest(number: 3) { reviewThreads(first: 10) { nodes { id isResolvedd } } } } }`
    )
    await expect(noField).rejects.toThrow(
      /Cannot query field "isResolvedd" on type "PullRequestReviewThread"/
    )
    // resolveReviewThread takes its thread ID inside `input`, as GitHub's schema says.
    const badArgs = octokit().graphql(
      `mutation { resolveReviewThread(threadId: "x") { thread { id } } }`
    )
    await expect(badArgs).rejects.toThrow(/Unknown argument "threadId"|argument "input"/)
    const unparsable = octokit().graphql(`query { repository(owner: "a" name: "b") {`)
    await expect(unparsable).rejects.toThrow(/Syntax Error/)
    // A connection without `first` or `last` is refused as GitHub refuses it.
    const unbounded = octokit().graphql(
      `query { repository(owner: "${sandbox.remote.owner}", name: "${sandbox.remote.repo}") { pullRequest(number: 3) { reviewThreads { nodes { id } } } } }`
    )
    await expect(unbounded).rejects.toThrow(/You must provide a `first` or `last` value/)
    expect(sandbox.fake.violations.slice(before).map(v => v.kind)).toEqual([
      'graphql-query',
      'graphql-query',
      'graphql-query',
      'graphql-query'
    ])
    sandbox.fake.violations.splice(before)
  })

  it('rejects a reply whose body is not what the REST route takes', async () => {
    const before = sandbox.fake.violations.length
    const wrong = await octokit()
      .request('POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies', {
        owner: sandbox.remote.owner,
        repo: sandbox.remote.repo,
        pull_number: 3,
        comment_id: first,
        text: 'no body field'
      } as never)
      .catch((e: unknown) => e)
    expect(wrong).toMatchObject({ status: 422 })
    expect(sandbox.fake.violations.slice(before).map(v => v.kind)).toEqual(['request-body'])
    sandbox.fake.violations.splice(before)
    expect(sandbox.fake.reviewComments.filter(c => c.inReplyTo === first)).toHaveLength(3)
  })

  it('refuses a review whose comment is too long as GitHub documents it (errors as strings)', async () => {
    const before = sandbox.fake.violations.length
    const refused = await client
      .createReview(3, {
        commitId: head,
        body: 'Round 2',
        comments: [{ path: 'a.txt', line: 10, body: 'x'.repeat(65_537) }]
      })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(GitHubError)
    expect(refused).toMatchObject({ status: 422 })
    expect(sandbox.fake.violations.slice(before)).toEqual([])
  })

  it('answers every other request in the shapes GitHub documents', () => {
    expect(sandbox.fake.violations).toEqual([])
  })
})
