/**
 * The loop's trailer is read from the head commit's message, text the PR's author writes (src/loop/write-ahead.ts):
 * reading and writing it stays linear on every adversarial input of the hostile corpus (issue 15, item 10), and the
 * trailer is still found after any amount of trailing blank space.
 */
import { describe, expect, it } from '@jest/globals'
import { ADVERSARIAL, ADVERSARIAL_BYTES, adversarial } from '../__fixtures__/hostile/index.js'
import { LINEAR_SMALL, linearSizes, superlinear } from '../__fixtures__/linear.js'
import { readTrailers, withTrailers } from '../src/loop/write-ahead.js'

describe('the loop trailer is read and written in linear time', () => {
  // Each shape at 4 KB and at 32 KB (LINEAR_SMALL): linear work costs about 8 times as much at the larger size,
  // quadratic work 64 times. The ratio, not a number of milliseconds, is held, so a busy machine cannot fail it.
  const SMALL = LINEAR_SMALL
  const bySize = new Map(
    linearSizes(SMALL).map(size => [size, new Map(adversarial(size).map(a => [a.name, a.text]))])
  )
  const work = (text: string) => ({
    read: () => readTrailers(text),
    readSigned: () => readTrailers(`${text}\n\nReview-loop-round: 3\n`),
    write: () => withTrailers(text, 3)
  })
  it.each(ADVERSARIAL.map(a => [a.name]))('%s', name => {
    expect(superlinear(size => work(bySize.get(size)!.get(name)!), SMALL)).toEqual({})
  })

  it('finds the trailer after 256 KB of trailing blanks, and writes it as the last paragraph', () => {
    const blanks = ' \n\t\r'.repeat(ADVERSARIAL_BYTES / 4)
    expect(readTrailers(`fix\n\nReview-loop-round: 7${blanks}`)).toEqual({ round: 7 })
    expect(readTrailers(`fix${blanks}x`)).toBeUndefined()
    expect(withTrailers(`fix${blanks}`, 2)).toBe('fix\n\nReview-loop-round: 2\n')
  })
})
