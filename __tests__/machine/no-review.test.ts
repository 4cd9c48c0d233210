/** Rule 13's question after a round with no review (src/loop/machine/no-review.ts): each answer. */
import { describe, expect, it } from '@jest/globals'
import { aGate, aLedger, aRound } from '../../__fixtures__/ledgers.js'
import {
  askNoReviewAgain,
  closeNoReview,
  noReviewQuestion,
  switchChosen
} from '../../src/loop/machine/no-review.js'
import type { Ledger } from '../../src/loop/model.js'
import { pure } from './pure.js'

const NOW = '2025-03-02T09:00:00Z'
const HEAD2 = '2'.repeat(40)

function afterNoReview(option?: string, owed?: Ledger['owed']): Ledger {
  return aLedger({
    counters: { round: 1, finding: 0, gate: 1 },
    rounds: [aRound({ review: 'no-review', phase: 'no-review' })],
    gates: [
      aGate({
        id: 'G1',
        kind: 'no-review',
        findings: [],
        ...(option
          ? {
              status: 'answered',
              answer: { by: 'maintainer', words: option, option, commentId: 9, at: NOW }
            }
          : {})
      })
    ],
    ...(owed ? { owed } : {})
  })
}

describe('the question and the switch it chose', () => {
  it.each<[string | undefined, string | undefined]>([
    ['switch-codex', 'codex'],
    ['retry', undefined],
    [undefined, undefined]
  ])('%s', (option, source) => {
    const ledger = afterNoReview(option)
    expect(noReviewQuestion(ledger)?.id).toBe('G1')
    expect(switchChosen(noReviewQuestion(ledger))).toBe(source)
  })
})

describe('the answer acted on (closeNoReview)', () => {
  it.each<[string, string, Ledger['owed'], boolean, Ledger['owed']]>([
    [
      'retry: a retry is owed',
      'retry',
      undefined,
      true,
      { reason: 'retry', head: HEAD2, requested: 'none' }
    ],
    [
      "after the author's push the review owed is that push's",
      'retry',
      { reason: 'after-author-push', head: HEAD2, requested: 'none' },
      true,
      { reason: 'after-author-push', head: HEAD2, requested: 'none' }
    ],
    ['stop: the loop ends', 'stop', undefined, false, undefined]
  ])('%s', (_name, option, owed, goesOn, owes) => {
    const next = pure(afterNoReview(option, owed), l => closeNoReview(l, { head: HEAD2, now: NOW }))
    expect(next.value).toBe(goesOn)
    expect(next.ledger.rounds[0]!.phase).toBe('closed')
    expect(next.ledger.owed).toEqual(owes)
    if (!goesOn) {
      expect(next.said.status).toBe('exited')
      expect(next.ledger.invocations[0]!.ended?.reason).toBe(
        'stopped by @maintainer at G1 after a round with no review'
      )
    }
  })
})

describe('a switch to a source not usable here (askNoReviewAgain)', () => {
  it('asks again in the same round, with what is usable now', () => {
    const others = [
      { name: 'openai', coverage: 'diff only', cost: 'per token', reportsReach: true }
    ]
    const next = pure(afterNoReview('switch-codex'), l =>
      askNoReviewAgain(l, 'codex was chosen at G1 but is not usable here: no key.', others)
    )
    expect(next.value).toBe('G2')
    const gate = next.ledger.gates.at(-1)!
    expect(gate).toMatchObject({ id: 'G2', kind: 'no-review', round: 1, status: 'open' })
    expect(gate.analysis).toContain(
      'codex was chosen at G1 but is not usable here: no key. G1 is asked again'
    )
    expect(gate.options.map(o => o.key)).toContain('switch-openai')
    expect(next.effects).toEqual([{ kind: 'post-gates', gates: ['G2'] }])
    expect(next.said.status).toBe('awaiting-decision')
  })
})
