/** Races without the concurrency group (issue 14, item 6): when another run's saved intent is taken up, how intents merge, which status comment a loser deletes. */
import { describe, expect, it } from '@jest/globals'
import {
  mergeIntent,
  pushedByOther,
  strayStatusComment,
  takeUpDecision,
  type RunAttemptState
} from '../src/loop/take-up.js'
import type { Intent } from '../src/loop/model.js'

const SELF = { run: '200', attempt: 1 }
const OTHER = { run: '100', attempt: 1 }
const gates = (by?: { run: string; attempt: number }): Intent => ({
  gates: ['G1', 'G2'],
  ...(by ? { by } : {})
})
const PUSH = { sha: 'a'.repeat(40), branch: 'f', expected: 'b'.repeat(40), round: 2, findings: [] }

describe('takeUpDecision', () => {
  const rows: [string, Intent, RunAttemptState | undefined, boolean, boolean][] = [
    // what, intent, what GitHub says of its run, taken up, warned
    ['no run named (an older revision)', gates(), undefined, true, false],
    ['this very attempt saved it', gates(SELF), undefined, true, false],
    ['another run, queued', gates(OTHER), { status: 'queued' }, false, false],
    ['another run, in progress', gates(OTHER), { status: 'in_progress' }, false, false],
    ['another run, waiting', gates(OTHER), { status: 'waiting' }, false, false],
    ['another run, requested', gates(OTHER), { status: 'requested' }, false, false],
    ['another run, completed', gates(OTHER), { status: 'completed' }, true, false],
    ['another run, unknown to GitHub (404)', gates(OTHER), { gone: true }, true, false],
    [
      'an earlier attempt of this run (a re-run), completed',
      gates({ run: '200', attempt: 1 }),
      { status: 'completed' },
      true,
      false
    ],
    ['GitHub could not be asked', gates(OTHER), { error: 'HTTP 403' }, true, true],
    ['not asked at all', gates(OTHER), undefined, true, true]
  ]
  it.each(rows)('%s', (_what, intent, state, take, warned) => {
    const self = _what.startsWith('an earlier attempt') ? { run: '200', attempt: 2 } : SELF
    const d = takeUpDecision(intent, self, state)
    expect(d.take).toBe(take)
    expect('warning' in d && d.warning !== undefined).toBe(warned)
    if (warned) expect((d as { warning: string }).warning).toMatch(/`actions: read`/)
    if (!take) expect(d.why).toMatch(/still going/)
  })
})

describe('mergeIntent', () => {
  it('names this run on its own intent when none is held', () => {
    expect(mergeIntent(undefined, { gates: ['G3'] }, SELF)).toEqual({ gates: ['G3'], by: SELF })
  })
  it('keeps what this run itself saved ahead before (its gates, then its push)', () => {
    expect(mergeIntent(gates(SELF), { push: PUSH }, SELF)).toEqual({
      gates: ['G1', 'G2'],
      push: PUSH,
      by: SELF
    })
  })
  it("keeps another run's held gates and name, adding this run's", () => {
    expect(mergeIntent(gates(OTHER), { gates: ['G3'] }, SELF)).toEqual({
      gates: ['G1', 'G2', 'G3'],
      by: OTHER
    })
  })
  it("keeps another run's held push unless this run records its own", () => {
    const held: Intent = { push: PUSH, by: OTHER }
    expect(mergeIntent(held, { gates: ['G3'] }, SELF)).toEqual({
      gates: ['G3'],
      push: PUSH,
      by: OTHER
    })
    const own = { ...PUSH, sha: 'c'.repeat(40) }
    expect(mergeIntent(held, { push: own }, SELF)).toEqual({ push: own, by: OTHER })
  })
})

describe('strayStatusComment', () => {
  const rows: [string, Parameters<typeof strayStatusComment>[0], number | undefined][] = [
    [
      'posted by this run, the winner names another',
      { own: 5, seenAtStart: new Set([1]), saved: false, winners: 9 },
      5
    ],
    [
      'the winner adopted it as its own',
      { own: 5, seenAtStart: new Set(), saved: false, winners: 5 },
      undefined
    ],
    [
      'it was there when the run started',
      { own: 5, seenAtStart: new Set([5]), saved: false, winners: 9 },
      undefined
    ],
    [
      'a save of this run that counted named it',
      { own: 5, seenAtStart: new Set(), saved: true, winners: 9 },
      undefined
    ],
    [
      "the winner's ledger could not be read",
      { own: 5, seenAtStart: new Set(), saved: false },
      undefined
    ],
    [
      "no winner's ledger, a newer first status comment on the PR (both lost)",
      { own: 5, seenAtStart: new Set(), saved: false, newerStarting: true },
      5
    ],
    [
      'a newer first status comment, but the winner adopted this one',
      { own: 5, seenAtStart: new Set(), saved: false, winners: 5, newerStarting: true },
      undefined
    ],
    [
      'a newer first status comment, but a save of this run named this one',
      { own: 5, seenAtStart: new Set(), saved: true, newerStarting: true },
      undefined
    ],
    [
      'this run has no status comment',
      { seenAtStart: new Set(), saved: false, winners: 9 },
      undefined
    ]
  ]
  it.each(rows)('%s', (_what, input, deleted) => {
    expect(strayStatusComment(input)).toBe(deleted)
  })
})

describe('pushedByOther', () => {
  const held: Intent = { push: PUSH, by: OTHER }
  const rows: [string, Intent | undefined, number, boolean][] = [
    ["another run's push of this round", held, 2, true],
    ["another run's push of another round", held, 3, false],
    ["this run's own push", { push: PUSH, by: SELF }, 2, false],
    ['a push naming no run (taken up already, or older)', { push: PUSH }, 2, false],
    ['gates only', gates(OTHER), 2, false],
    ['no intent', undefined, 2, false]
  ]
  it.each(rows)('%s', (_what, intent, round, other) => {
    expect(pushedByOther(intent, SELF, round)).toEqual(other ? OTHER : undefined)
  })
})
