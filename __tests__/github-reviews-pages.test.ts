/**
 * A pull request with more review comments and threads than one page holds: the client reads every page of the REST
 * listing (100 a page, Link headers) and of GraphQL's `reviewThreads` (100 a page, cursors), so a reply in the 150th
 * finding's thread is read and the 150th thread can be resolved.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Sandbox } from '../__fixtures__/harness/index.js'
import { GitHubClient } from '../src/github/client.js'

const LINES = 240
const BASE = Array.from({ length: LINES }, (_, i) => `line ${i + 1}`).join('\n') + '\n'
/** Every line changed: each is on the diff. */
const HEAD = Array.from({ length: LINES }, (_, i) => `line ${i + 1} changed`).join('\n') + '\n'

let sandbox: Sandbox
let client: GitHubClient
let roots: number[]

beforeAll(async () => {
  sandbox = await Sandbox.create({ files: { 'a.txt': BASE } })
  sandbox.openPullRequest({ number: 4, headRef: 'many', files: { 'a.txt': HEAD } })
  const head = sandbox.remote.branchSha('many')!
  const { owner, repo } = sandbox.remote
  sandbox.fake.setPermission('maya', 'write')
  client = new GitHubClient(sandbox.fake.actionToken, owner, repo, sandbox.fake.url)
  roots = []
  // Two reviews of 110 comments each: 220 threads, more than two pages of either listing.
  for (const from of [1, 111]) {
    const review = await client.createReview(4, {
      commitId: head,
      body: `findings from line ${from}`,
      comments: Array.from({ length: 110 }, (_, i) => ({
        path: 'a.txt',
        line: from + i,
        body: `F${from + i}`
      }))
    })
    roots.push(...(await client.reviewCommentsOf(4, review.id)).map(c => c.id))
  }
}, 300_000)

afterAll(async () => {
  await sandbox.dispose()
})

describe('more than one page', () => {
  it("reads every review comment, the 150th thread's reply among them", async () => {
    expect(roots).toHaveLength(220)
    const typed = sandbox.fake.replyInThread(4, {
      login: 'maya',
      to: roots[149]!,
      body: '/review-loop dismiss'
    })
    const before = sandbox.fake.requests.length
    const all = await client.reviewComments(4)
    expect(all).toHaveLength(221)
    expect(all.filter(c => c.inReplyTo === undefined).map(c => c.id)).toEqual(roots)
    expect(all.find(c => c.id === typed.id)).toMatchObject({
      inReplyTo: roots[149],
      login: 'maya',
      body: '/review-loop dismiss'
    })
    const pages = sandbox.fake.requests
      .slice(before)
      .filter(r => r.operationId === 'pulls/list-review-comments')
    expect(pages).toHaveLength(3)
    expect(sandbox.fake.violations).toEqual([])
  })

  it('lists every review thread and resolves the 150th', async () => {
    const before = sandbox.fake.requests.length
    const threads = await client.reviewThreads(4)
    expect(threads.map(t => t.rootComment)).toEqual(roots)
    expect(new Set(threads.map(t => t.id)).size).toBe(220)
    const pages = sandbox.fake.requests
      .slice(before)
      .filter(r => r.operationId === 'graphql/repository')
    expect(pages).toHaveLength(3)
    await client.resolveThread(threads[149]!.id)
    expect(sandbox.fake.threadOf(roots[149]!)).toMatchObject({ resolved: true })
    expect(
      (await client.reviewThreads(4)).filter(t => t.isResolved).map(t => t.rootComment)
    ).toEqual([roots[149]])
    expect(sandbox.fake.violations).toEqual([])
  })
})
