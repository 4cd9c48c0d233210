/** The review the loop posts for a fork, against the GitHub fake: taken on the diff's lines, refused like GitHub off them. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Sandbox } from '../__fixtures__/harness/index.js'
import { GitHubClient, GitHubError } from '../src/github/client.js'

const BASE = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n'

let sandbox: Sandbox
let client: GitHubClient
let head: string

beforeAll(async () => {
  sandbox = await Sandbox.create({ files: { 'a.txt': BASE, 'b.txt': 'unchanged\n' } })
  const changed = BASE.replace('line 10\n', 'line ten\n')
  sandbox.openPullRequest({
    number: 4,
    headRef: 'topic',
    baseRef: 'main',
    author: 'octo-forker',
    fork: true,
    files: { 'a.txt': changed }
  })
  head = sandbox.remote.branchSha('topic')!
  const { owner, repo } = sandbox.remote
  client = new GitHubClient(sandbox.fake.actionToken, owner, repo, sandbox.fake.url)
})

afterAll(async () => {
  expect(sandbox.fake.violations).toEqual([])
  await sandbox.dispose()
})

describe('createReview', () => {
  it("takes suggestions on the diff's lines, context included, one line or several", async () => {
    const posted = await client.createReview(4, {
      commitId: head,
      body: 'Suggestions',
      comments: [
        { path: 'a.txt', line: 10, body: '```suggestion\nline 10\n```' },
        { path: 'a.txt', startLine: 8, line: 12, body: 'context lines too' }
      ]
    })
    expect(posted.url).toMatch(new RegExp(`/pull/4#pullrequestreview-${posted.id}$`))
    const review = sandbox.fake.reviews.find(r => r.id === posted.id)!
    expect(review).toMatchObject({ pull: 4, state: 'COMMENTED', commitId: head })
    expect(
      review.comments.map(({ path, line, startLine, side, body }) => ({
        path,
        line,
        ...(startLine ? { startLine } : {}),
        side,
        body
      }))
    ).toEqual([
      { path: 'a.txt', line: 10, side: 'RIGHT', body: '```suggestion\nline 10\n```' },
      { path: 'a.txt', line: 12, startLine: 8, side: 'RIGHT', body: 'context lines too' }
    ])
  })

  it("is refused with 422 and GitHub's words for a line outside the diff, and stores nothing", async () => {
    const before = sandbox.fake.reviews.length
    for (const comment of [
      { path: 'a.txt', line: 2, body: 'above the hunk' },
      { path: 'b.txt', line: 1, body: 'a file the change did not touch' },
      { path: 'a.txt', startLine: 2, line: 10, body: 'starts outside the hunk' }
    ]) {
      const refused = client.createReview(4, { commitId: head, body: 'x', comments: [comment] })
      await expect(refused).rejects.toBeInstanceOf(GitHubError)
      await expect(refused).rejects.toMatchObject({ status: 422 })
      await expect(refused).rejects.toThrow(
        /Pull request review thread (start )?line must be part of/
      )
    }
    expect(sandbox.fake.reviews).toHaveLength(before)
  })
})
