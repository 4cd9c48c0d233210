/** The invocation's life cycle as transitions (src/loop/machine/lifecycle.ts): a table per rule, every row pure. */
import { describe, expect, it } from '@jest/globals'
import { aGate, aLedger, aRound, anInvocation, aFinding } from '../../__fixtures__/ledgers.js'
import {
  activeInvocation,
  converge,
  exitLoop,
  labelsOf,
  lastRound,
  openRound,
  standing
} from '../../src/loop/machine/lifecycle.js'
import type { Ledger, Status } from '../../src/loop/model.js'
import { pure } from './pure.js'

const NOW = '2025-03-02T09:00:00Z'
const ended = { as: 'exited' as const, round: 1, at: NOW, reason: 'stopped' }

describe('the free exit (exitLoop)', () => {
  it.each<[string, Ledger, boolean]>([
    ['a running invocation ends', aLedger({ counters: { round: 2, finding: 1, gate: 1 } }), true],
    ['nothing runs: nothing changes', aLedger({ invocations: [anInvocation({ ended })] }), false]
  ])('%s', (_name, ledger, acts) => {
    const next = pure(ledger, l =>
      exitLoop(l, { by: 'maintainer', reason: 'stopped by @maintainer', now: NOW })
    )
    expect(next.value).toBe(acts)
    if (!acts) return expect(next.ledger).toEqual(ledger)
    expect(next.ledger.invocations.at(-1)!.ended).toEqual({
      as: 'exited',
      round: 2,
      at: NOW,
      by: 'maintainer',
      reason: 'stopped by @maintainer'
    })
    expect(next.said).toEqual({ status: 'exited' })
    expect(next.effects).toEqual([])
  })

  it('supersedes every open question, forgets what was owed, and lists what stays open as residuals', () => {
    const ledger = aLedger({
      rounds: [aRound({ findings: ['F1'] })],
      findings: [aFinding({ outcome: { kind: 'carried', reason: 'deferred by @a: "later"' } })],
      gates: [aGate({ id: 'G1' }), aGate({ id: 'G2', status: 'answered' })],
      owed: { reason: 'retry', head: 'a'.repeat(40), requested: 'none' }
    })
    const next = pure(ledger, l => exitLoop(l, { by: 'm', reason: 'r', now: NOW }))
    expect(next.ledger.gates.map(g => g.status)).toEqual(['superseded', 'answered'])
    expect(next.ledger.owed).toBeUndefined()
    expect(next.ledger.invocations[0]!.ended!.residuals?.join('\n')).toMatch(/F1/)
  })
})

describe('convergence (converge)', () => {
  it.each<[string, string[], boolean]>([
    ['with residuals', ['F2 deferred'], true],
    ['without residuals', [], false]
  ])('ends the invocation converged %s', (_name, residuals, listed) => {
    const ledger = aLedger({
      owed: { reason: 'after-fixes', head: 'b'.repeat(40), requested: 'none' }
    })
    const next = pure(ledger, l => converge(l, { round: 3, arm: 'zero-new', residuals, now: NOW }))
    expect(next.ledger.invocations[0]!.ended).toEqual({
      as: 'converged',
      round: 3,
      at: NOW,
      reason: 'zero-new',
      ...(listed ? { residuals } : {})
    })
    expect(next.ledger.owed).toBeUndefined()
    expect(next.said).toEqual({ status: 'converged' })
  })

  it('changes nothing when no invocation runs', () => {
    const ledger = aLedger({ invocations: [anInvocation({ ended })] })
    expect(
      pure(ledger, l => converge(l, { round: 1, arm: 'approve', residuals: [], now: NOW })).ledger
    ).toEqual(ledger)
  })
})

describe('where the loop stands (standing)', () => {
  it.each<[string, Ledger, Status | undefined, Status]>([
    ['the run said it', aLedger(), 'blocked', 'blocked'],
    ['a question waits', aLedger({ gates: [aGate()] }), undefined, 'awaiting-decision'],
    [
      'converged',
      aLedger({ invocations: [anInvocation({ ended: { ...ended, as: 'converged' } })] }),
      undefined,
      'converged'
    ],
    ['exited', aLedger({ invocations: [anInvocation({ ended })] }), undefined, 'exited'],
    ['no loop yet', aLedger({ invocations: [] }), undefined, 'ignored'],
    ['running, nothing waits', aLedger(), undefined, 'continue']
  ])('%s', (_name, ledger, said, want) => {
    expect(standing(ledger, said)).toBe(want)
  })
})

describe('what the labels say (labelsOf)', () => {
  it.each<[string, Ledger, boolean, boolean]>([
    ['a question waits', aLedger({ gates: [aGate()] }), true, false],
    ['answered only', aLedger({ gates: [aGate({ status: 'answered' })] }), false, false],
    [
      'converged',
      aLedger({ invocations: [anInvocation({ ended: { ...ended, as: 'converged' } })] }),
      false,
      true
    ],
    ['exited', aLedger({ invocations: [anInvocation({ ended })] }), false, false]
  ])('%s', (_name, ledger, awaitingDecision, converged) => {
    expect(labelsOf(ledger)).toEqual({ kind: 'labels', awaitingDecision, converged })
  })
})

describe('the running invocation, its last round, the open round', () => {
  const r1 = aRound({ n: 1, phase: 'closed' })
  it.each<[string, Ledger, number | undefined, number | undefined, number | undefined]>([
    ['no round yet', aLedger(), 1, undefined, undefined],
    ['a closed round', aLedger({ rounds: [r1] }), 1, 1, undefined],
    ['a gated round', aLedger({ rounds: [r1, aRound({ n: 2, phase: 'gated' })] }), 1, 2, 2],
    ['a round with no review', aLedger({ rounds: [aRound({ phase: 'no-review' })] }), 1, 1, 1],
    ['a landed round', aLedger({ rounds: [aRound({ phase: 'landed' })] }), 1, 1, undefined],
    [
      'the invocation ended',
      aLedger({ invocations: [anInvocation({ ended })], rounds: [r1] }),
      undefined,
      undefined,
      undefined
    ],
    [
      "the last round is an earlier invocation's",
      aLedger({
        invocations: [anInvocation({ ended }), anInvocation({ n: 2, firstRound: 2 })],
        rounds: [r1]
      }),
      2,
      undefined,
      undefined
    ]
  ])('%s', (_name, ledger, inv, last, open) => {
    expect(activeInvocation(ledger)?.n).toBe(inv)
    expect(lastRound(ledger)?.n).toBe(last)
    expect(openRound(ledger)?.n).toBe(open)
  })
})
