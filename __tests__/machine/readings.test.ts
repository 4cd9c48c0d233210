/**
 * What a round reads about the loop's own course (src/loop/machine/readings.ts): Rule 8's write tier, Rule 11's
 * trajectory, and the source an invocation reviews with (Phase 0, Rule 13's switch).
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, anInvocation, aRound } from '../../__fixtures__/ledgers.js'
import {
  chosenSource,
  designateSource,
  readTier,
  recordTrajectory,
  switchedSource,
  switchUnusable,
  tierNotRead
} from '../../src/loop/machine/readings.js'
import type { Ledger } from '../../src/loop/model.js'
import { pure } from './pure.js'

describe("Rule 8: the write tier, read the round after the loop's own landing (readTier)", () => {
  // Round 1 landed a fix; round 2 reviews it. F2 is on a line the fix wrote, F3 is not.
  const ledger = (tier: 'writer' | 'driver' | undefined, landedInduced?: string[]) =>
    aLedger({
      invocations: [anInvocation(tier ? { writeTier: { tier, since: 1, why: 'earlier' } } : {})],
      rounds: [
        aRound({
          n: 1,
          phase: 'landed',
          ...(landedInduced ? { fixInduced: landedInduced } : {})
        }),
        aRound({ n: 2, findings: ['F2', 'F3'], phase: 'no-review' })
      ],
      findings: [
        aFinding({ id: 'F2', round: 2, file: 'src/a.ts', line: 10 }),
        aFinding({ id: 'F3', round: 2, file: 'src/a.ts', line: 99 })
      ]
    })
  const written = new Map([['src/a.ts', new Set([10, 11])]])

  it.each<[string, Ledger, string[], string | undefined, string | undefined]>([
    [
      'fix-induced findings in two rounds running: the driver writes',
      ledger(undefined, ['F1']),
      ['F2'],
      'driver',
      'write tier: escalated to the driver'
    ],
    [
      'fix-induced only this round: the writer stays',
      ledger(undefined, []),
      ['F2'],
      undefined,
      undefined
    ],
    [
      'the driver writing and a round with none: back to the writer',
      ledger('driver', ['F1']),
      [],
      'writer',
      'write tier: back to the writer'
    ]
  ])('%s', (_what, before, induced, tier, note) => {
    const w = induced.length > 0 ? written : new Map<string, Set<number>>()
    const next = pure(before, l => readTier(l, { round: 2, landed: 1, written: w }))
    const round = next.ledger.rounds[1]!
    expect(round.fixInduced).toEqual(induced)
    expect(next.ledger.invocations[0]!.writeTier?.tier).toBe(
      tier ?? before.invocations[0]!.writeTier?.tier
    )
    if (note) expect(round.notes?.join(' ')).toContain(note)
    else expect(round.notes).toBeUndefined()
  })

  it('a dropped finding on a written line is not fix-induced', () => {
    const before = ledger(undefined, ['F1'])
    before.findings[0]!.outcome = { kind: 'dropped', basis: 'refuted' }
    const next = pure(before, l => readTier(l, { round: 2, landed: 1, written }))
    expect(next.ledger.rounds[1]!.fixInduced).toEqual([])
    expect(next.ledger.invocations[0]!.writeTier).toBeUndefined()
  })

  it('a signal git could not read leaves the tier as it was, and the trace says why', () => {
    const before = ledger('driver', ['F1'])
    const next = pure(before, l =>
      tierNotRead(l, { round: 2, why: 'write tier: not read this round' })
    )
    expect(next.ledger.invocations[0]!.writeTier?.tier).toBe('driver')
    expect(next.ledger.rounds[1]!.notes).toEqual(['write tier: not read this round'])
  })
})

describe('Rule 11: the trajectory, only when the findings rose (recordTrajectory)', () => {
  const rounds = (now: string[]) =>
    aLedger({
      rounds: [
        aRound({ n: 1, findings: ['F1'] }),
        aRound({ n: 2, findings: now, phase: 'no-review' })
      ],
      findings: ['F1', 'F2', 'F3'].map(id =>
        aFinding({ id, provenance: id === 'F3' ? 'pre-existing' : 'introduced' })
      )
    })

  it('a rise is recorded on the round and its trace, split by provenance, never as a verdict', () => {
    const next = pure(rounds(['F1', 'F2', 'F3']), l => recordTrajectory(l, 2))
    const round = next.ledger.rounds[1]!
    expect(next.value).toEqual(round.trajectory)
    expect(round.trajectory?.reading).toContain('findings rose from 1 (round 1) to 3')
    expect(round.trajectory?.reading).toContain('Already there before it: F3')
    expect(round.notes?.[0]).toBe(`Trajectory: ${round.trajectory!.reading}`)
  })

  it.each([
    ['no rise', ['F1']],
    ['fewer', []]
  ])('%s: nothing recorded', (_what, now) => {
    const before = rounds(now)
    const next = pure(before, l => recordTrajectory(l, 2))
    expect(next.value).toBeUndefined()
    expect(next.ledger).toEqual(before)
  })
})

describe('the source an invocation reviews with', () => {
  const answered = aGate({
    id: 'G4',
    kind: 'source',
    status: 'answered',
    answer: {
      by: 'octo-maintainer',
      words: 'switch-codex please',
      option: 'switch-codex',
      commentId: 901,
      at: '2025-03-02T09:00:00Z'
    }
  })

  it('Phase 0 records the designation as given', () => {
    const source = { name: 'codex', designation: 'the only usable source', reportsReach: true }
    const next = pure(aLedger(), l => designateSource(l, { invocation: 1, source }))
    expect(next.ledger.invocations[0]!.source).toEqual(source)
  })

  it("Phase 0's question answered: the chosen source, in the answerer's words", () => {
    const next = pure(aLedger(), l =>
      chosenSource(l, {
        invocation: 1,
        gate: answered,
        option: { name: 'codex', reportsReach: false }
      })
    )
    expect(next.ledger.invocations[0]!.source).toEqual({
      name: 'codex',
      designation: 'chosen at G4 by @octo-maintainer: "switch-codex please"',
      reportsReach: false
    })
  })

  it('Rule 13: a switch names the source it leaves', () => {
    const next = pure(aLedger(), l =>
      switchedSource(l, {
        invocation: 1,
        gate: answered,
        option: { name: 'codex', reportsReach: true }
      })
    )
    expect(next.ledger.invocations[0]!.source.designation).toBe(
      'switched from command at G4 by @octo-maintainer: "switch-codex please"'
    )
  })

  it('a switch to a source not usable here changes nothing and says why', () => {
    expect(switchUnusable('codex', answered, 'the codex CLI is not installed')).toEqual({
      message: 'codex was chosen at G4 but is not usable here: the codex CLI is not installed.'
    })
    expect(switchUnusable('codex', answered, undefined).message).toContain('unknown source')
  })
})
