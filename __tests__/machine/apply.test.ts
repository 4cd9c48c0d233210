/**
 * Phase 4 and landing as transitions (src/loop/machine/apply.ts): what is cleared to land, what a landed commit, a
 * moved branch, a screen that stopped a fix and a round that landed nothing make of the ledger.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound, HEAD } from '../../__fixtures__/ledgers.js'
import {
  afterPush,
  approvedFixes,
  branchMoved,
  closeRound,
  recordLanded,
  screenStopped,
  type LandOutcome,
  type NextRound
} from '../../src/loop/machine/apply.js'
import type { Finding, Ledger } from '../../src/loop/model.js'
import { pure } from './pure.js'

const NOW = '2025-03-02T09:00:00Z'
const SHA = '3'.repeat(40)
const FIX = { start_line: 1, end_line: 1, replacement: 'x' }
const entry = (finding: string) => ({
  finding,
  slot: 'relay' as const,
  outcome: { kind: 'pending' as const }
})

function withFindings(findings: Finding[], over: Partial<Ledger> = {}): Ledger {
  return aLedger({
    rounds: [
      aRound({
        phase: 'applying',
        findings: findings.map(f => f.id),
        entries: findings.map(f => entry(f.id))
      })
    ],
    findings,
    ...over
  })
}

describe('what is cleared to land (approvedFixes)', () => {
  const answered = (option: string) =>
    aGate({
      id: 'G1',
      status: 'answered',
      answer: { by: 'm', words: option, option, commentId: 1, at: NOW }
    })
  it.each<[string, Finding, Ledger['gates'], boolean]>([
    ['a Mechanical fix', aFinding({ class: 'mechanical', fix: FIX }), [], true],
    [
      'a Judgment fix a person chose to apply',
      aFinding({ class: 'judgment', fix: FIX, gate: 'G1' }),
      [answered('apply')],
      true
    ],
    [
      'a Judgment fix chosen to apply locally',
      aFinding({ class: 'judgment', fix: FIX, gate: 'G1' }),
      [answered('local')],
      true
    ],
    [
      'a Judgment fix deferred',
      aFinding({ class: 'judgment', fix: FIX, gate: 'G1' }),
      [answered('defer')],
      false
    ],
    [
      'a Judgment fix nobody answered',
      aFinding({ class: 'judgment', fix: FIX, gate: 'G1' }),
      [aGate()],
      false
    ],
    ['a Mechanical finding without a fix', aFinding({ class: 'mechanical' }), [], false],
    [
      'a Mechanical fix already dropped',
      aFinding({ class: 'mechanical', fix: FIX, outcome: { kind: 'dropped', basis: 'refuted' } }),
      [],
      false
    ]
  ])('%s', (_name, finding, gates, cleared) => {
    expect(approvedFixes(withFindings([finding], { gates }), 1).map(f => f.id)).toEqual(
      cleared ? ['F1'] : []
    )
  })
})

describe('a landed fix commit (recordLanded)', () => {
  it.each<[NextRound, boolean]>([
    ['dispatch', true],
    ['push', false],
    ['none', false]
  ])('next-round %s', (nextRound, dispatch) => {
    const ledger = withFindings([
      aFinding({ class: 'mechanical', fix: FIX, predicate: 'every loop bound' })
    ])
    const next = pure(ledger, l =>
      recordLanded(l, {
        round: 1,
        findings: ['F1'],
        landed: { sha: SHA, path: 'head', branch: 'feature' },
        nextRound
      })
    )
    expect(next.ledger.findings[0]!.outcome).toEqual({ kind: 'applied', commit: SHA })
    expect(next.ledger.rounds[0]!.entries[0]).toMatchObject({
      outcome: { kind: 'applied', commit: SHA },
      predicate: 'every loop bound'
    })
    expect(next.ledger.rounds[0]!.phase).toBe('landed')
    expect(next.ledger.rounds[0]!.landing).toEqual({ path: 'head', commit: SHA, branch: 'feature' })
    expect(next.ledger.ownPushes).toEqual([SHA])
    expect(next.ledger.owed).toEqual({ reason: 'after-fixes', head: SHA, requested: nextRound })
    expect(next.said).toEqual({ status: 'continue', requestNextRound: dispatch })
  })

  it('records its own push once, whoever records it', () => {
    const ledger = withFindings([aFinding({ fix: FIX })], { ownPushes: [SHA] })
    const next = pure(ledger, l =>
      recordLanded(l, {
        round: 1,
        findings: ['F1'],
        landed: { sha: SHA, path: 'stacked', branch: 'layer', note: 'opened #8' },
        nextRound: 'none'
      })
    )
    expect(next.ledger.ownPushes).toEqual([SHA])
    expect(next.ledger.rounds[0]!.landing).toEqual({
      path: 'stacked',
      commit: SHA,
      branch: 'layer',
      note: 'opened #8'
    })
  })
})

describe('the branch moved under the push (branchMoved)', () => {
  it.each<[string, string | undefined, string]>([
    ['the head GitHub reported is reviewed next', SHA, SHA],
    ['without one, the round head', undefined, HEAD]
  ])('%s', (_name, remoteSha, owedHead) => {
    const ledger = withFindings([aFinding({ class: 'mechanical', fix: FIX })])
    const next = pure(ledger, l =>
      branchMoved(l, {
        round: 1,
        findings: ['F1'],
        detail: 'the branch moved',
        ...(remoteSha ? { remoteSha } : {})
      })
    )
    expect(next.ledger.findings[0]!.outcome).toEqual({
      kind: 'carried',
      reason: 'not landed: the branch moved'
    })
    expect(next.ledger.rounds[0]!.phase).toBe('superseded')
    expect(next.ledger.owed).toEqual({
      reason: 'after-author-push',
      head: owedHead,
      requested: 'push'
    })
    expect(next.said.message).toBe(
      'The fixes were not pushed: the branch moved. The next round reviews the branch as it now stands.'
    )
  })
})

describe('what the push of the fixes means (afterPush)', () => {
  const ledger = withFindings([aFinding({ class: 'mechanical', fix: FIX })])
  const after = (result: LandOutcome, ci?: string) =>
    pure(ledger, l =>
      afterPush(l, {
        round: 1,
        findings: ['F1'],
        result,
        nextRound: 'push',
        branch: 'feature',
        ...(ci ? { ci } : {})
      })
    )
  const CI = 'pushed with the GITHUB_TOKEN'

  it.each<[string, LandOutcome, string | undefined, string | undefined]>([
    [
      'on the head, with the note on CI',
      { pushed: true, sha: SHA, path: 'head', branch: 'feature' },
      CI,
      CI
    ],
    [
      'on the head, nothing to note',
      { pushed: true, sha: SHA, path: 'head', branch: 'feature' },
      undefined,
      undefined
    ],
    [
      "on a stacked layer, the landing's note first",
      { pushed: true, sha: SHA, path: 'stacked', branch: 'layer', note: 'pull request #8' },
      CI,
      `pull request #8; ${CI}`
    ]
  ])('a landed commit is recorded (recordLanded): %s', (_name, result, ci, note) => {
    const next = after(result, ci)
    const { path, branch } = result as { path: string; branch: string }
    expect(next.ledger.findings[0]!.outcome).toEqual({ kind: 'applied', commit: SHA })
    expect(next.ledger.rounds[0]!.phase).toBe('landed')
    expect(next.ledger.rounds[0]!.landing).toEqual({
      path,
      commit: SHA,
      branch,
      ...(note ? { note } : {})
    })
    expect(next.ledger.ownPushes).toEqual([SHA])
    expect(next.ledger.owed).toEqual({ reason: 'after-fixes', head: SHA, requested: 'push' })
    expect(next.said).toEqual({ status: 'continue', requestNextRound: false })
    expect(next.effects).toEqual([])
  })

  it('a moved branch supersedes the round (branchMoved)', () => {
    const next = after({
      pushed: false,
      reason: 'moved',
      detail: 'the branch moved',
      remoteSha: SHA
    })
    expect(next.ledger.findings[0]!.outcome).toEqual({
      kind: 'carried',
      reason: 'not landed: the branch moved'
    })
    expect(next.ledger.rounds[0]!.phase).toBe('superseded')
    expect(next.ledger.owed).toEqual({ reason: 'after-author-push', head: SHA, requested: 'push' })
    expect(next.said.status).toBe('continue')
  })

  it.each<[string, LandOutcome, string]>([
    [
      'a refused push asks for a token that may push',
      { pushed: false, reason: 'rejected', detail: 'denied' },
      'The fixes could not be pushed to feature: denied. Give the workflow a token that may push there (`contents: write`), then comment `/review-loop continue`; or end the loop with `/review-loop stop`.'
    ],
    [
      'a blocked landing is said as it is',
      { pushed: false, reason: 'blocked', detail: 'the layer could not be opened' },
      'the layer could not be opened'
    ]
  ])('nothing landed and nothing changes (pushRefused): %s', (_name, result, message) => {
    const next = after(result)
    expect(next.ledger).toEqual(ledger)
    expect(next.effects).toEqual([])
    expect(next.said).toEqual({ status: 'blocked', message })
  })
})

describe('a round that landed nothing (closeRound)', () => {
  it('converges on approve with nothing to disposition', () => {
    const ledger = aLedger({ rounds: [aRound({ verdict: 'approve', phase: 'applying' })] })
    const next = pure(ledger, l => closeRound(l, { round: 1, nextRound: 'dispatch', now: NOW }))
    expect(next.ledger.rounds[0]!.phase).toBe('closed')
    expect(next.ledger.invocations[0]!.ended).toMatchObject({
      as: 'converged',
      round: 1,
      reason: 'the source approved round 1 with nothing to disposition'
    })
    expect(next.said.status).toBe('converged')
  })

  it.each<[NextRound, 'dispatch' | 'none']>([
    ['dispatch', 'dispatch'],
    ['push', 'none'],
    ['none', 'none']
  ])('owes the full re-review when no arm holds (next-round %s)', (nextRound, requested) => {
    const open = aFinding({
      outcome: { kind: 'carried', reason: 'the fix could not be written', loop: true }
    })
    const ledger = withFindings([open], {
      rounds: [aRound({ phase: 'applying', findings: ['F1'], entries: [entry('F1')] })]
    })
    const next = pure(ledger, l => closeRound(l, { round: 1, nextRound, now: NOW, sync: true }))
    expect(next.ledger.invocations[0]!.ended).toBeUndefined()
    expect(next.ledger.owed).toMatchObject({ reason: 'after-fixes', head: HEAD, requested })
    expect(next.ledger.owed!.note).toMatch(/^round 1 did not converge: F1 is carried work/)
    expect(next.said).toMatchObject({
      status: 'continue',
      requestNextRound: nextRound === 'dispatch'
    })
    // Synced after a write pass: the entry shows its finding's outcome.
    expect(next.ledger.rounds[0]!.entries[0]!.outcome).toEqual(open.outcome)
  })

  it('a round with no verdict is closed and owes nothing here (Rule 13)', () => {
    const ledger = aLedger({
      rounds: [aRound({ review: 'no-review', verdict: undefined, phase: 'applying' })]
    })
    const next = pure(ledger, l => closeRound(l, { round: 1, nextRound: 'dispatch', now: NOW }))
    expect(next.ledger.rounds[0]!.phase).toBe('closed')
    expect(next.ledger.owed).toBeUndefined()
    expect(next.said).toEqual({})
  })
})

describe('the risk screen stopped a fix (screenStopped)', () => {
  it('records the questions, moves their entries under Gated and posts them saved ahead', () => {
    const ledger = withFindings([
      aFinding({ id: 'F1', fix: FIX }),
      aFinding({ id: 'F2', fix: FIX })
    ])
    const gate = aGate({ id: 'G1', kind: 'risk', findings: ['F2'], commentId: undefined })
    const next = pure(ledger, l => screenStopped(l, { round: 1, gates: [gate] }))
    expect(next.ledger.gates.map(g => g.id)).toEqual(['G1'])
    expect(next.ledger.rounds[0]!.entries.map(e => e.slot)).toEqual(['relay', 'gated'])
    expect(next.ledger.rounds[0]!.phase).toBe('gated')
    expect(next.effects).toEqual([{ kind: 'post-gates', gates: ['G1'] }])
    expect(next.said.status).toBe('awaiting-decision')
  })
})
