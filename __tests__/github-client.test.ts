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
