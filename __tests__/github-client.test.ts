/** The client spaces its writes as GitHub asks, except against an API on the loopback interface. */
import { describe, expect, it } from '@jest/globals'
import { isLoopback } from '../src/github/client.js'

describe('isLoopback', () => {
  it.each([
    ['http://127.0.0.1:8080/api', true],
    ['http://127.1.2.3', true],
    ['http://localhost:3000', true],
    ['http://[::1]:9000', true],
    ['https://api.github.com', false],
    ['https://github.example.com/api/v3', false],
    ['http://127.0.0.1.example.com', false],
    ['not a url', false]
  ])('%s → %s', (url, loopback) => {
    expect(isLoopback(url)).toBe(loopback)
  })
})

describe('permission hints', () => {
  it('a refused cache deletion names actions: write, which deleting needs', async () => {
    const { createServer } = await import('node:http')
    const { GitHubClient } = await import('../src/github/client.js')
    const server = createServer((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Resource not accessible by integration' }))
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = server.address() as { port: number }
      const client = new GitHubClient('token', 'o', 'r', `http://127.0.0.1:${port}`)
      const refused = await client.deleteCache('key', 'refs/heads/main').catch((e: Error) => e)
      expect((refused as Error).message).toContain('the token lacks `actions: write`')
      const listed = await client.listCaches('key')
      expect(listed).toEqual({ error: expect.stringContaining('the token lacks `actions: read`') })
    } finally {
      server.close()
    }
  })
})

describe('whoAmI', () => {
  /** A client against a stand-in that answers GET /user with `status` and GitHub's words `message`. */
  async function answering(status: number, message: string) {
    const { createServer } = await import('node:http')
    const { GitHubClient } = await import('../src/github/client.js')
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message }))
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const client = new GitHubClient('a-pat', 'o', 'r', `http://127.0.0.1:${port}`)
    return { client, close: () => server.close() }
  }

  it("is undefined for a token that is no user (GitHub answers an installation token's GET /user 403)", async () => {
    const { client, close } = await answering(403, 'Resource not accessible by integration')
    try {
      expect(await client.whoAmI()).toBeUndefined()
    } finally {
      close()
    }
  })

  it('throws any other failure, naming what it read: a bad token is never taken as "cannot say"', async () => {
    for (const [status, message] of [
      [401, 'Bad credentials'],
      [403, 'API rate limit exceeded for installation ID 1.']
    ] as const) {
      const { client, close } = await answering(status, message)
      try {
        await expect(client.whoAmI()).rejects.toThrow(
          new RegExp(
            `Reading who the token acts as \\(GET /user\\) failed \\(HTTP ${status}\\): ${message}`
          )
        )
      } finally {
        close()
      }
    }
  })
})

describe('review-comment answers are read with a schema (src/github/reviews.ts)', () => {
  /** A client against a stand-in that answers every request 200 with `body`. */
  async function answering(body: unknown) {
    const { createServer } = await import('node:http')
    const { GitHubClient } = await import('../src/github/client.js')
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    const client = new GitHubClient('a-pat', 'o', 'r', `http://127.0.0.1:${port}`)
    return { client, close: () => server.close() }
  }

  const comment = {
    id: 11,
    pull_request_review_id: 5,
    path: 'a.txt',
    line: 3,
    body: 'F1',
    user: { login: 'maya' },
    created_at: '2026-01-01T00:00:00Z',
    html_url: 'https://github.com/o/r/pull/3#discussion_r11'
  }

  it('a listing whose comment lacks its path or holds its ID as a string fails, naming the part', async () => {
    const { path: _path, ...pathless } = comment
    const { client, close } = await answering([comment, pathless, { ...comment, id: '13' }])
    try {
      await expect(client.reviewComments(3)).rejects.toThrow(
        /Listing the review comments of #3 failed: GitHub's answer is not what its REST API documents \(\[1\]\.path: .*; \[2\]\.id: /
      )
    } finally {
      close()
    }
  })

  it('a created review or reply without its ID fails, naming it; a whole answer is read', async () => {
    const { id: _id, ...idless } = comment
    const bad = await answering(idless)
    try {
      await expect(
        bad.client.createReview(3, { commitId: 'a'.repeat(40), body: 'x', comments: [] })
      ).rejects.toThrow(/Reviewing #3 failed: .*\(id: /)
      await expect(bad.client.replyToReviewComment(3, 11, 'x')).rejects.toThrow(
        /Replying to review comment 11 on #3 failed: .*\(id: /
      )
    } finally {
      bad.close()
    }
    const good = await answering([comment])
    try {
      expect(await good.client.reviewCommentsOf(3, 5)).toEqual([
        expect.objectContaining({ id: 11, reviewId: 5, path: 'a.txt', line: 3, login: 'maya' })
      ])
    } finally {
      good.close()
    }
  })
})
