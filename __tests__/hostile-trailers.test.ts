/**
 * The loop's trailer is read from the head commit's message, text the PR's author writes (src/loop/write-ahead.ts):
 * reading and writing it stays linear on every adversarial input of the hostile corpus (issue 15, item 10), and the
 * trailer is still found after any amount of trailing blank space.
 */
import { describe, expect, it } from '@jest/globals'
import { ADVERSARIAL_BYTES, adversarial } from '../__fixtures__/hostile/index.js'
import { FACTOR, LINEAR_SMALL, superlinear } from '../__fixtures__/linear.js'
import { readTrailers, withTrailers } from '../src/loop/write-ahead.js'

/** The trailer read from and written into a commit message the PR's author writes. */
const trailers = (text: string): Record<string, () => unknown> => {
  const signed = `${text}\n\nReview-loop-round: 3\n`
  return {
    read: () => readTrailers(text),
    readSigned: () => readTrailers(signed),
    write: () => withTrailers(text, 3)
  }
}

describe('the loop trailer is read and written in linear time', () => {
  // Each shape at LINEAR_SMALL and at 8 times that: linear work costs about 8 times as much at the larger size,
  // quadratic work 64 times. The ratio, not a number of milliseconds, is held, so a busy machine cannot fail it.
  const small = adversarial(LINEAR_SMALL)
  const large = adversarial(FACTOR * LINEAR_SMALL)
  it.each(small.map((a, i) => [a.name, i] as const))('%s', (_name, i) => {
    const texts = { [LINEAR_SMALL]: small[i]!.text, [FACTOR * LINEAR_SMALL]: large[i]!.text }
    expect(superlinear(size => trailers(texts[size]!), LINEAR_SMALL)).toEqual({})
  })

  it('finds the trailer after 256 KB of trailing blanks, and writes it as the last paragraph', () => {
    const blanks = ' \n\t\r'.repeat(ADVERSARIAL_BYTES / 4)
    expect(readTrailers(`fix\n\nReview-loop-round: 7${blanks}`)).toEqual({ round: 7 })
    expect(readTrailers(`fix${blanks}x`)).toBeUndefined()
    expect(withTrailers(`fix${blanks}`, 2)).toBe('fix\n\nReview-loop-round: 2\n')
  })
})
