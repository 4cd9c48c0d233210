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
