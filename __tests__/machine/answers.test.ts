/**
 * Phase 3's answers (src/loop/machine/answers.ts): each option of each kind of question, what it makes of the findings
 * it asked about, and that nothing is resolved while a question of the round waits.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound, anInvocation } from '../../__fixtures__/ledgers.js'
import { resolveGates, takeAnswers } from '../../src/loop/machine/answers.js'
import type { Finding, Gate } from '../../src/loop/model.js'
import { pure } from './pure.js'

const FIX = { start_line: 1, end_line: 1, replacement: 'x' }
const answer = (option: string | undefined, words = 'because') => ({
  by: 'maintainer',
  words,
  commentId: 900,
  at: '2025-03-02T09:00:00Z',
  ...(option ? { option } : {})
})

function answered(gate: Partial<Gate>, finding: Partial<Finding> = {}) {
  return aLedger({
    rounds: [
      aRound({
        phase: 'gated',
        findings: ['F1'],
        entries: [{ finding: 'F1', slot: 'relay', outcome: { kind: 'pending' } }]
      })
    ],
    findings: [aFinding({ fix: FIX, ...finding })],
    gates: [aGate({ status: 'answered', ...gate })]
  })
}

describe('a judgment answer, option by option', () => {
  it.each<[string, string | undefined, boolean, Finding['outcome']]>([
    ['apply, with a fix: left pending for Phase 4', 'apply', false, { kind: 'pending' }],
    ['local, with a fix: left pending for Phase 4', 'local', false, { kind: 'pending' }],
    [
      'dismiss: dropped on the words given',
      'dismiss',
      false,
      { kind: 'dropped', basis: 'dismissed by @maintainer: "because"' }
    ],
    [
      'follow-up: handed on',
      'follow-up',
      false,
      { kind: 'handed', by: 'maintainer', words: 'because' }
    ],
    [
      'defer: carried',
      'defer',
      false,
      { kind: 'carried', reason: 'deferred by @maintainer: "because"' }
    ],
    [
      'root: carried, the loop does not write it',
      'root',
      false,
      {
        kind: 'carried',
        reason:
          'the repair at the shared cause was chosen by @maintainer: "because"; the loop does not write it itself, and the next round reviews what lands'
      }
    ],
    [
      'decide: dropped on the decision',
      'decide',
      false,
      { kind: 'dropped', basis: 'decided at G1 (D1) by @maintainer: "because"' }
    ],
    [
      'an open question answered in words: carried on the direction, a decision',
      undefined,
      true,
      { kind: 'carried', reason: 'direction given at G1 (D1) by @maintainer: "because"' }
    ]
  ])('%s', (_name, option, open, outcome) => {
    const ledger = answered({ answer: answer(option), open })
    const next = pure(ledger, l => resolveGates(l, 1))
    expect(next.value).toBe(true)
    expect(next.ledger.findings[0]!.outcome).toEqual(outcome)
    expect(next.ledger.rounds[0]!.entries[0]!.outcome).toEqual(outcome)
    expect(next.ledger.decisions.map(d => d.id)).toEqual(option === 'decide' || open ? ['D1'] : [])
    expect(next.effects).toEqual([])
  })

  it('apply on a finding without a fix is not recorded as applied', () => {
    const next = pure(answered({ answer: answer('apply') }, { fix: undefined }), l =>
      resolveGates(l, 1)
    )
    expect(next.ledger.findings[0]!.outcome.kind).not.toBe('pending')
  })
})

describe('a risk answer', () => {
  it.each<[string, string, Finding['outcome'], boolean | undefined]>([
    ['apply: the risk is accepted, the fix stays pending', 'apply', { kind: 'pending' }, true],
    [
      'dismiss: the fix is dropped',
      'dismiss',
      { kind: 'dropped', basis: 'the fix was dropped at G1 by @maintainer: "because"' },
      false
    ],
    [
      'anything else: deferred',
      'defer',
      { kind: 'carried', reason: 'deferred at G1 by @maintainer: "because"' },
      false
    ]
  ])('%s', (_name, option, outcome, accepted) => {
    const risk = { kind: 'epistemic' as const, why: 'touches a migration', accepted: false }
    const ledger = answered({ kind: 'risk', answer: answer(option) }, { risk })
    const next = pure(ledger, l => resolveGates(l, 1))
    expect(next.ledger.findings[0]!.outcome).toEqual(outcome)
    expect(next.ledger.findings[0]!.risk?.accepted).toBe(accepted)
    expect(next.ledger.rounds[0]!.entries[0]!.slot).toBe('gated')
  })
})

describe('the landing question (Rule 15: settled once per invocation)', () => {
  it.each<[string, string, 'head' | 'stacked' | undefined, 'head' | 'stacked']>([
    ['stacked, unsettled', 'stacked', undefined, 'stacked'],
    ['head, unsettled', 'head', undefined, 'head'],
    ['an answer after it was settled moves nothing', 'stacked', 'head', 'head']
  ])('%s', (_name, option, before, after) => {
    const ledger = answered({ kind: 'landing', answer: answer(option), findings: [] })
    ledger.invocations = [anInvocation(before ? { landing: before } : { landing: undefined })]
    expect(pure(ledger, l => resolveGates(l, 1)).ledger.invocations[0]!.landing).toBe(after)
  })
})

describe('nothing is resolved while a question waits (takeAnswers)', () => {
  it('waits, changing nothing, while one gate of the round is open', () => {
    const ledger = answered({ answer: answer('dismiss') })
    ledger.gates.push(aGate({ id: 'G2' }))
    const next = pure(ledger, l => takeAnswers(l, 1))
    expect(next.value).toBe(false)
    expect(next.ledger).toEqual(ledger)
  })
  it('resolves and moves the round to applying once every gate is answered', () => {
    const next = pure(answered({ answer: answer('apply') }), l => takeAnswers(l, 1))
    expect(next.value).toBe(true)
    expect(next.ledger.rounds[0]!.phase).toBe('applying')
  })
})
