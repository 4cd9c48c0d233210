/** What a new head means (src/loop/machine/heads.ts): the author's push, the layer followed, the base captured again. */
import { describe, expect, it } from '@jest/globals'
import { aGate, aLedger, aRound, anInvocation, HEAD } from '../../__fixtures__/ledgers.js'
import {
  authorPushed,
  followLayer,
  isAuthorPush,
  knownHeads,
  recaptureBase
} from '../../src/loop/machine/heads.js'
import type { Gate, Ledger, Round } from '../../src/loop/model.js'
import { pure } from './pure.js'

const PUSHED = 'd'.repeat(40)
const OWN = 'e'.repeat(40)
const CUT = 'f'.repeat(40)
const ended = { as: 'converged' as const, round: 1, at: 'now', reason: 'approve' }

describe('an author push is a head the loop has not seen (isAuthorPush, knownHeads)', () => {
  const ledger = aLedger({
    rounds: [aRound()],
    ownPushes: [OWN],
    invocations: [
      anInvocation({ stacked: { branch: 'review-loop/7', cut: CUT, head: 'c'.repeat(40) } })
    ]
  })
  it.each<[string, Ledger, string, boolean]>([
    ['a reviewed head', ledger, HEAD, false],
    ["the loop's own push", ledger, OWN, false],
    ["a stacked layer's cut", ledger, CUT, false],
    ['a head nobody has seen', ledger, PUSHED, true],
    [
      'a new head with no loop running',
      aLedger({ invocations: [anInvocation({ ended })] }),
      PUSHED,
      false
    ]
  ])('%s', (_name, l, head, pushed) => {
    expect(isAuthorPush(l, head)).toBe(pushed)
    if (l === ledger) expect(knownHeads(l).has(head)).toBe(!pushed)
  })
})

describe("the author's push (authorPushed)", () => {
  const gates: Gate[] = [
    aGate({ id: 'G1', kind: 'judgment' }),
    aGate({ id: 'G2', kind: 'risk', commentId: 601 }),
    aGate({ id: 'G3', kind: 'landing', commentId: 602 }),
    aGate({ id: 'G4', kind: 'design', commentId: 603 }),
    aGate({ id: 'G5', kind: 'stall', commentId: 604 })
  ]
  it.each<[string, Round['phase'], Gate[], Round['phase'], Record<string, Gate['status']>]>([
    [
      'a gated round is superseded; a risk and a stall question go, questions about findings and landing wait',
      'gated',
      gates,
      'superseded',
      { G1: 'open', G2: 'superseded', G3: 'open', G4: 'open', G5: 'superseded' }
    ],
    [
      'a round applying answers is superseded',
      'applying',
      [aGate({ id: 'G1', kind: 'risk' })],
      'superseded',
      { G1: 'superseded' }
    ],
    [
      'the question after a round with no review is moot',
      'no-review',
      [aGate({ id: 'G1', kind: 'no-review' })],
      'superseded',
      { G1: 'superseded' }
    ],
    [
      'an answered question after a round with no review is acted on, so the round stays',
      'no-review',
      [aGate({ id: 'G1', kind: 'no-review', status: 'answered' })],
      'no-review',
      { G1: 'answered' }
    ],
    [
      'a closed round stays closed',
      'closed',
      [aGate({ id: 'G1', kind: 'judgment', status: 'answered' })],
      'closed',
      { G1: 'answered' }
    ]
  ])('%s', (_name, phase, gs, after, statuses) => {
    const ledger = aLedger({ rounds: [aRound({ phase })], gates: gs })
    const next = pure(ledger, l => authorPushed(l, PUSHED))
    expect(next.ledger.rounds[0]!.phase).toBe(after)
    expect(Object.fromEntries(next.ledger.gates.map(g => [g.id, g.status]))).toEqual(statuses)
    expect(next.ledger.owed).toEqual({
      reason: 'after-author-push',
      head: PUSHED,
      requested: 'none'
    })
    // Every question it superseded has its comment shown again, in order.
    const superseded = next.ledger.gates.filter(g => g.status === 'superseded').map(g => g.id)
    expect(next.effects).toEqual(
      superseded.map(gate => ({ kind: 'reshow-gate', gate, what: 'no longer open' }))
    )
  })

  it('supersedes a stall question of an earlier round too', () => {
    const ledger = aLedger({
      rounds: [aRound({ n: 1 }), aRound({ n: 2, phase: 'closed' })],
      gates: [aGate({ id: 'G1', kind: 'stall', round: 1 })]
    })
    const next = pure(ledger, l => authorPushed(l, PUSHED))
    expect(next.ledger.gates[0]!.status).toBe('superseded')
    expect(next.effects).toEqual([{ kind: 'reshow-gate', gate: 'G1', what: 'no longer open' }])
  })
})

describe('the stacked layer taken in (followLayer)', () => {
  const layer = { branch: 'review-loop/7', cut: CUT, head: 'c'.repeat(40) }
  it.each<[string, string, string]>([
    ["the PR's branch reached the layer's head: the cut moves there", layer.head, layer.head],
    ['any other head leaves the cut', PUSHED, CUT]
  ])('%s', (_name, head, cut) => {
    const ledger = aLedger({ invocations: [anInvocation({ stacked: layer })] })
    expect(pure(ledger, l => followLayer(l, head)).ledger.invocations[0]!.stacked!.cut).toBe(cut)
  })
})

describe('the base captured again (recaptureBase)', () => {
  it('moves the base and notes why on the owed review', () => {
    const ledger = aLedger({
      owed: { reason: 'after-author-push', head: PUSHED, requested: 'none' }
    })
    const next = pure(ledger, l => recaptureBase(l, '9'.repeat(40)))
    expect(next.ledger.invocations[0]!.base).toBe('9'.repeat(40))
    expect(next.value).toMatch(/^the base was captured again \(1111111 → 9999999\)/)
    expect(next.ledger.owed!.note).toBe(next.value)
  })
})
