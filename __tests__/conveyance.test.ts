/** Seed 004's Conveyance boundary beyond the bundle, as the pure core decides it: fix commit messages and decisions. */
import { describe, expect, it } from '@jest/globals'
import { fixCommitMessage } from '../src/loop/conveyance.js'

const URL = 'https://github.com/o/r/pull/7#issuecomment-42'

describe('a fix commit says only whose commit it is and where the trace is (item 10)', () => {
  it.each<[string, number, string]>([
    [
      'round 1',
      1,
      `review-loop: fix commit for round 1\n\nWhat this round found and did is in the review-loop status comment: ${URL}`
    ],
    [
      'a later round',
      12,
      `review-loop: fix commit for round 12\n\nWhat this round found and did is in the review-loop status comment: ${URL}`
    ]
  ])('%s', (_case, round, message) => {
    expect(fixCommitMessage(round, URL)).toBe(message)
  })

  it('has no place for a finding: its only inputs are the round and the address', () => {
    expect(fixCommitMessage.length).toBe(2)
  })
})
