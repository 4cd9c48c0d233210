/** The write-ahead rules (issue 14, item 5): what counts as the loop's commit, what a recorded push became, what a recorded gate intent adopts. */
import { describe, expect, it } from '@jest/globals'
import {
  adoptGates,
  loopCommit,
  lostReplies,
  pushOutcome,
  readTrailers,
  withTrailers,
  type PushIntent
} from '../src/loop/write-ahead.js'

const BOT = 'github-actions[bot]'
const SHA = 'a'.repeat(40)
const BEFORE = 'b'.repeat(40)
const OTHER = 'c'.repeat(40)
const intent: PushIntent = {
  sha: SHA,
  branch: 'feature',
  expected: BEFORE,
  round: 3,
  findings: ['F4', 'F7']
}
const signed = withTrailers('review-loop: fix commit for round 3\n\nSee the status comment.', 3)

describe('the fix commit trailer', () => {
  it('is the message’s last paragraph, names the round and no finding, and reads back as written', () => {
    expect(signed).toMatch(/\n\nReview-loop-round: 3\n$/)
    expect(signed).not.toMatch(/F4|F7/)
    expect(readTrailers(signed)).toEqual({ round: 3 })
  })

  it.each([
    ['no trailers', 'fix the thing'],
    ['the trailer not in the last paragraph', `${signed}\nmore words`],
    ['a round that is no number', 'x\n\nReview-loop-round: three\n']
  ])('is absent from a message with %s', (_, message) => {
    expect(readTrailers(message)).toBeUndefined()
  })
})

describe('loopCommit: whether a commit is the loop’s own', () => {
  it.each<[string, { sha: string; message?: string }, Parameters<typeof loopCommit>[1], unknown]>([
    ['recorded as pushed', { sha: SHA }, { ownPushes: [SHA] }, { own: true, by: 'recorded' }],
    [
      'named by the push recorded ahead',
      { sha: SHA, message: signed },
      { ownPushes: [], push: intent },
      { own: true, by: 'write-ahead' }
    ],
    [
      'with the loop’s trailer and no record naming its SHA (the author wrote them)',
      { sha: OTHER, message: signed },
      { ownPushes: [SHA], push: intent },
      { own: false, claimed: true }
    ],
    [
      'without trailers or record',
      { sha: OTHER, message: 'author work' },
      { ownPushes: [] },
      { own: false, claimed: false }
    ]
  ])('%s', (_, commit, saved, expected) => {
    expect(loopCommit(commit, saved)).toMatchObject(expected as object)
  })
})

describe('pushOutcome: what became of a push recorded ahead', () => {
  it.each<[string, { sha: string | undefined; holds: boolean; creates?: boolean }, string]>([
    ['the branch is at the commit', { sha: SHA, holds: false }, 'landed'],
    ['the author pushed on top of it', { sha: OTHER, holds: true }, 'landed'],
    ['the branch is where it was before the push', { sha: BEFORE, holds: false }, 'not-pushed'],
    ['the branch moved elsewhere', { sha: OTHER, holds: false }, 'lost'],
    ['the branch is gone', { sha: undefined, holds: false }, 'lost'],
    [
      'a new stacked layer: its branch is at the commit',
      { sha: SHA, holds: false, creates: true },
      'landed'
    ],
    [
      'a new stacked layer: its branch is not there (never pushed)',
      { sha: undefined, holds: false, creates: true },
      'not-pushed'
    ],
    [
      'a new stacked layer: its branch is elsewhere',
      { sha: OTHER, holds: false, creates: true },
      'lost'
    ]
  ])('%s', (_, branch, expected) => {
    expect(pushOutcome(intent, branch)).toBe(expected)
  })
})

describe('adoptGates: which orphan gate comments a recorded intent adopts', () => {
  const comment = (id: number, body: string, login = BOT) => ({ id, body, login })
  const base = {
    identity: BOT,
    known: new Set<number>([1]),
    listHeading: '### Questions'
  }

  it.each<[string, Parameters<typeof adoptGates>[0], ReturnType<typeof adoptGates>]>([
    [
      'a gate’s own comment by the action',
      { ...base, intended: ['G2'], comments: [comment(5, '### G2: What of F3?')] },
      { adopted: [{ gate: 'G2', comment: 5 }], missing: [] }
    ],
    [
      'a comment by someone else is never adopted',
      {
        ...base,
        intended: ['G2'],
        comments: [comment(5, '### G2: What of F3?', 'octo-maintainer')]
      },
      { adopted: [], missing: ['G2'] }
    ],
    [
      'a comment the ledger already knows is not adopted again',
      { ...base, intended: ['G2'], comments: [comment(1, '### G2: What of F3?')] },
      { adopted: [], missing: ['G2'] }
    ],
    [
      'a gate the intent does not name is not adopted (a comment never adds a question)',
      { ...base, intended: ['G2'], comments: [comment(5, '### G9: What of F3?')] },
      { adopted: [], missing: ['G2'] }
    ],
    [
      'a list comment adopts the intended gates in its range',
      {
        ...base,
        intended: ['G9', 'G10', 'G11', 'G40'],
        comments: [comment(6, '### Questions G10–G30 (round 2)\n\n- **G10**')]
      },
      {
        adopted: [
          { gate: 'G10', comment: 6 },
          { gate: 'G11', comment: 6 }
        ],
        missing: ['G9', 'G40']
      }
    ],
    [
      'a list comment with an absurd range adopts only what the intent names',
      {
        ...base,
        intended: ['G10'],
        comments: [comment(6, '### Questions G1–G999999999999 (round 2)')]
      },
      { adopted: [{ gate: 'G10', comment: 6 }], missing: [] }
    ]
  ])('%s', (_, input, expected) => {
    expect(adoptGates(input)).toEqual(expected)
  })
})

describe('lostReplies: what a run that lost its save marks as not recorded', () => {
  it('its own comments posted this run, other than the status comment and gate comments', () => {
    expect(
      lostReplies({
        own: [1, 2, 10, 11, 12, 13],
        seenAtStart: new Set([1, 2, 3]),
        statusComment: 10,
        gateComments: new Set([1, 12])
      })
    ).toEqual([11, 13])
  })
})
