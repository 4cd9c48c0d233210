/** Seed 000's stall as transitions (src/loop/machine/stall.ts): asked once two rounds changed nothing; each answer. */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound } from '../../__fixtures__/ledgers.js'
import { actOnStall, askIfStalled, type StallStep } from '../../src/loop/machine/stall.js'
import type { Finding, Gate, Ledger } from '../../src/loop/model.js'
import { pure } from './pure.js'

const NOW = '2025-03-02T09:00:00Z'
const HEAD2 = '2'.repeat(40)
const carried = { kind: 'carried' as const, reason: 'deferred by @a: "later"' }

/** After a first review, two finished rounds on its head that brought nothing to a disposition. */
function stalled(over: Partial<Ledger> = {}): Ledger {
  const entry = { finding: 'F1', slot: 'gated' as const, outcome: carried }
  return aLedger({
    counters: { round: 3, finding: 1, gate: 1 },
    rounds: [
      aRound({ n: 1, findings: ['F1'], entries: [entry] }),
      aRound({ n: 2, cycle: 'retry', findings: [], entries: [entry] }),
      aRound({ n: 3, cycle: 'retry', findings: [], entries: [entry] })
    ],
    findings: [aFinding({ outcome: carried })],
    ...over
  })
}

describe('asked when two rounds changed nothing (askIfStalled)', () => {
  it('posts a stall question, stops asking for the next round, and says why', () => {
    const next = pure(stalled(), askIfStalled)
    expect(next.value).toEqual({ gate: 'G2', rounds: [2, 3] })
    expect(next.ledger.gates.at(-1)).toMatchObject({
      id: 'G2',
      kind: 'stall',
      round: 3,
      status: 'open'
    })
    expect(next.ledger.counters.gate).toBe(2)
    expect(next.effects).toEqual([{ kind: 'post-gates', gates: ['G2'] }])
    expect(next.said).toMatchObject({ status: 'awaiting-decision', requestNextRound: false })
    expect(next.said.addMessage).toMatch(
      /^Rounds 2 and 3 brought no finding to a disposition and changed nothing/
    )
  })
  it.each<[string, Ledger]>([
    ['a question already waits', stalled({ gates: [aGate({ id: 'G1', round: 3 })] })],
    [
      'a fix landed in the last round',
      stalled({
        rounds: [...stalled().rounds.slice(0, 2), aRound({ n: 3, cycle: 'retry', phase: 'landed' })]
      })
    ],
    ['only one round', aLedger({ rounds: [aRound()] })]
  ])('not asked: %s', (_name, ledger) => {
    const next = pure(ledger, askIfStalled)
    expect(next.value).toBeUndefined()
    expect(next.effects).toEqual([])
  })
})

describe('the stall question answered (actOnStall)', () => {
  const question = (status: Gate['status'], option?: string, words = 'try the other path') =>
    stalled({
      gates: [
        aGate({
          id: 'G2',
          kind: 'stall',
          round: 3,
          status,
          ...(status === 'answered'
            ? {
                answer: {
                  by: 'maintainer',
                  words,
                  commentId: 9,
                  at: NOW,
                  ...(option ? { option } : {})
                }
              }
            : {})
        })
      ]
    })
  it.each<[string, Ledger, StallStep]>([
    ['no stall question', stalled(), 'none'],
    ['superseded by a push', question('superseded'), 'none'],
    ['open: nothing runs', question('open'), 'wait'],
    ['stop: the loop ends', question('answered', 'stop'), 'stopped'],
    ['continue: the review is owed now', question('answered', 'continue'), 'review']
  ])('%s', (_name, ledger, step) => {
    const next = pure(ledger, l => actOnStall(l, { head: HEAD2, now: NOW }))
    expect(next.value).toBe(step)
    if (step === 'wait') expect(next.said.status).toBe('awaiting-decision')
    if (step === 'stopped') {
      expect(next.said.status).toBe('exited')
      expect(next.ledger.invocations[0]!.ended?.reason).toBe(
        'stopped by @maintainer at G2 after two rounds that changed nothing'
      )
    }
    if (step === 'review')
      expect(next.ledger.owed).toEqual({ reason: 'retry', head: HEAD2, requested: 'none' })
  })
  it('a direction in words enters the decisions and owes the review', () => {
    const next = pure(question('answered'), l => actOnStall(l, { head: HEAD2, now: NOW }))
    expect(next.value).toBe('review')
    expect(next.ledger.decisions).toMatchObject([
      { id: 'D1', gate: 'G2', words: 'try the other path' }
    ])
  })
  it.each<[string, Finding['outcome']]>([
    ['dismiss', { kind: 'dropped', basis: 'dismissed by @maintainer at G2: "noise"' }],
    ['follow-up', { kind: 'handed', by: 'maintainer', words: 'noise' }],
    ['defer', { kind: 'carried', reason: 'deferred by @maintainer at G2: "noise"' }]
  ])('%s disposes of every finding the question listed', (option, outcome) => {
    const ledger = question('answered', option, 'noise')
    ledger.gates[0]!.findings = ['F1']
    const next = pure(ledger, l => actOnStall(l, { head: HEAD2, now: NOW }))
    expect(next.ledger.findings[0]!.outcome).toEqual(outcome)
    expect(next.ledger.rounds[2]!.entries[0]).toMatchObject({ outcome, slot: 'gated' })
  })
})
