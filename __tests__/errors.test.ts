/** One reading of anything thrown: a thrown string or object says what it is, never "undefined". */
import { describe, expect, it } from '@jest/globals'
import { runInNewContext } from 'node:vm'
import { errorMessage } from '../src/shared/errors.js'
import { wrap } from '../src/github/errors.js'

describe('errorMessage', () => {
  it.each([
    ['an Error', new Error('the disk is full'), 'the disk is full'],
    ['a TypeError', new TypeError('x is not a function'), 'x is not a function'],
    ['an Error with no message, by its name', new RangeError(), 'RangeError'],
    ['a thrown string', 'the socket closed', 'the socket closed'],
    ['a thrown number', 42, '42'],
    ['a thrown object with a message', { message: 'rate limited', status: 403 }, 'rate limited'],
    ['a thrown null', null, 'null']
  ])('%s', (_name, thrown, words) => {
    expect(errorMessage(thrown)).toBe(words)
  })

  it('reads an Error from another realm, which is not an instanceof Error here', () => {
    const foreign: unknown = runInNewContext('new Error("from the VM")')
    expect(foreign instanceof Error).toBe(false)
    expect(errorMessage(foreign)).toBe('from the VM')
  })

  it('does not throw for an object String() cannot convert', () => {
    const bare: unknown = Object.create(null)
    expect(() => String(bare)).toThrow()
    expect(errorMessage(bare)).toBe('a thrown value that cannot be shown as text')
  })

  it('is what the cast printed "undefined" for', () => {
    expect(('the socket closed' as unknown as Error).message).toBeUndefined()
    expect(errorMessage('the socket closed')).not.toContain('undefined')
  })
})

describe('wrap', () => {
  it('turns a thrown null or string into a GitHubError instead of failing while reading its status', () => {
    expect(wrap('Reading the pull request', 'read', null).message).toBe(
      'Reading the pull request failed: null'
    )
    expect(wrap('Reading the pull request', 'read', 'socket hang up').message).toBe(
      'Reading the pull request failed: socket hang up'
    )
  })
})
