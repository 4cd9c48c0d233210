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
