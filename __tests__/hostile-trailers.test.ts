/**
 * The loop's trailer is read from the head commit's message, text the PR's author writes (src/loop/write-ahead.ts):
 * reading and writing it stays linear on every adversarial input of the hostile corpus (issue 15, item 10), and the
 * trailer is still found after any amount of trailing blank space.
 */
import { describe, expect, it } from '@jest/globals'
import { ADVERSARIAL, ADVERSARIAL_BYTES } from '../__fixtures__/hostile/index.js'
import { readTrailers, withTrailers } from '../src/loop/write-ahead.js'

// Quadratic code takes tens of seconds on 256 KB; linear code well under a second on a shared runner.
const BOUND_MS = 2500
const timed = (f: () => unknown): number => {
  const start = performance.now()
  f()
  return performance.now() - start
}

describe('the loop trailer is read and written in linear time', () => {
  it.each(ADVERSARIAL.map(a => [a.name, a.text]))('%s', (_name, text) => {
    const times = {
      read: timed(() => readTrailers(text)),
      readSigned: timed(() => readTrailers(`${text}\n\nReview-loop-round: 3\n`)),
      write: timed(() => withTrailers(text, 3))
    }
    for (const [what, ms] of Object.entries(times))
      expect([what, ms < BOUND_MS]).toEqual([what, true])
  })

  it('finds the trailer after 256 KB of trailing blanks, and writes it as the last paragraph', () => {
    const blanks = ' \n\t\r'.repeat(ADVERSARIAL_BYTES / 4)
    expect(readTrailers(`fix\n\nReview-loop-round: 7${blanks}`)).toEqual({ round: 7 })
    expect(readTrailers(`fix${blanks}x`)).toBeUndefined()
    expect(withTrailers(`fix${blanks}`, 2)).toBe('fix\n\nReview-loop-round: 2\n')
  })
})
