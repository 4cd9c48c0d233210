/** A round's life as transitions (src/loop/machine/round.ts): Phase 0, a round begun, a verdict or none, its questions. */
import { describe, expect, it } from '@jest/globals'
import {
  aFinding,
  aGate,
  aLedger,
  aRound,
  anInvocation,
  BASE,
  HEAD
} from '../../__fixtures__/ledgers.js'
import {
  afterAsking,
  askRound,
  beginRound,
  interrupted,
  noVerdict,
  openInvocation,
  recordVerdict,
  type Phase0
} from '../../src/loop/machine/round.js'
import type { Ledger, Round } from '../../src/loop/model.js'
import { pure } from './pure.js'

const NOW = '2025-03-02T09:00:00Z'
const source = { name: 'command', designation: 'set by the `source` input', reportsReach: true }
const phase0: Phase0 = {
  base: BASE,
  baseRef: 'main',
  head: HEAD,
  changedFiles: ['a.ts'],
  source,
  landing: 'head',
  now: NOW
}
const ended = { as: 'converged' as const, round: 1, at: NOW, reason: 'approve' }

describe('Phase 0 (openInvocation)', () => {
  it.each<[string, Ledger, number, 'first-pass' | 'after-author-push', number]>([
    ['the first invocation owes the first pass', aLedger({ invocations: [] }), 1, 'first-pass', 1],
    [
      "a later one starts from the author's push",
      aLedger({
        invocations: [anInvocation({ ended })],
        counters: { round: 4, finding: 0, gate: 0 }
      }),
      2,
      'after-author-push',
      5
    ]
  ])('%s', (_name, ledger, n, reason, firstRound) => {
    const next = pure(ledger, l => openInvocation(l, phase0))
    expect(next.value).toBe(n)
    expect(next.ledger.invocations.at(-1)).toEqual({
      n,
      startedAt: NOW,
      firstRound,
      base: BASE,
      baseRef: 'main',
      head: HEAD,
      changedFiles: ['a.ts'],
      source,
      landing: 'head'
    })
    expect(next.ledger.owed).toEqual({ reason, head: HEAD, requested: 'none' })
    expect(next.effects).toEqual([])
  })

  it('asks which source, saved ahead with the invocation that names it', () => {
    const ask = aGate({ id: 'G1', kind: 'source', findings: [], commentId: undefined })
    const next = pure(aLedger({ invocations: [] }), l =>
      openInvocation(l, {
        ...phase0,
        source: { name: 'undecided', designation: 'asked at G1', reportsReach: false },
        ask
      })
    )
    expect(next.ledger.gates).toEqual([ask])
    expect(next.effects).toEqual([{ kind: 'post-gates', gates: ['G1'] }])
  })
})

describe('a round begins (beginRound)', () => {
  const start = {
    cycle: 'after-fixes' as const,
    head: HEAD,
    requestHash: 'h',
    source: 'command',
    now: NOW,
    readingsNotRun: ['scan']
  }
  it.each<[string, Ledger['owed'], string[] | undefined]>([
    [
      'carries the owed review’s note on its trace',
      {
        reason: 'after-fixes',
        head: HEAD,
        requested: 'dispatch',
        note: 'round 1 did not converge'
      },
      ['round 1 did not converge']
    ],
    ['without a note, none', { reason: 'after-fixes', head: HEAD, requested: 'none' }, undefined]
  ])('%s', (_name, owed, notes) => {
    const ledger = aLedger({
      counters: { round: 1, finding: 0, gate: 0 },
      rounds: [aRound()],
      ...(owed ? { owed } : {})
    })
    const next = pure(ledger, l => beginRound(l, start))
    expect(next.value).toBe(2)
    const round = next.ledger.rounds.at(-1)!
    expect(round).toMatchObject({
      n: 2,
      invocation: 1,
      cycle: 'after-fixes',
      base: BASE,
      head: HEAD,
      review: 'no-review',
      phase: 'no-review',
      readingsNotRun: ['scan']
    })
    expect(round.notes).toEqual(notes)
    expect(next.ledger.counters.round).toBe(2)
    // The review it does is no longer owed, and no dispatch is asked for it.
    expect(next.ledger.owed).toBeUndefined()
    expect(next.said).toEqual({ requestNextRound: false })
  })
})

describe('the source call ended (noVerdict, recordVerdict)', () => {
  const begun = () =>
    aLedger({
      counters: { round: 1, finding: 0, gate: 2 },
      rounds: [aRound({ review: 'no-review', verdict: undefined, phase: 'no-review' })]
    })
  it('without a verdict: no review, what came back kept to a bound, the person asked (Rule 13)', () => {
    const next = pure(begun(), l =>
      noVerdict(l, { round: 1, cause: 'exit code 2', returned: 'x'.repeat(30_000), others: [] })
    )
    expect(next.value).toBe('G3')
    expect(next.ledger.rounds[0]).toMatchObject({
      review: 'no-review',
      call: 'no verdict: exit code 2'
    })
    expect(next.ledger.rounds[0]!.returned).toHaveLength(20_000)
    expect(next.ledger.gates.at(-1)).toMatchObject({
      id: 'G3',
      kind: 'no-review',
      round: 1,
      status: 'open'
    })
    expect(next.effects).toEqual([{ kind: 'post-gates', gates: ['G3'] }])
    expect(next.said).toEqual({ status: 'no-review', message: 'exit code 2' })
  })

  it.each<[string, 'approve' | 'needs-attention', boolean]>([
    ['a root reading is kept when the source did not approve (Rule 12)', 'needs-attention', true],
    ['and not with an approve', 'approve', false]
  ])('%s', (_name, verdict, kept) => {
    const direction = {
      mechanism: 'one cache key for two tenants',
      falsifier: 'a tenant-scoped key'
    }
    const review = {
      verdict,
      exercised: { reached: [], unreached: [] },
      direction,
      unmapped: 'y'.repeat(25_000)
    }
    const next = pure(begun(), l => recordVerdict(l, { round: 1, review }))
    const round = next.ledger.rounds[0]!
    expect(round).toMatchObject({
      review: 'reviewed',
      verdict,
      exercised: { reached: [], unreached: [] }
    })
    expect(round.direction).toEqual(kept ? direction : undefined)
    expect(round.unmapped).toHaveLength(20_000)
  })
})

describe("the round's questions (askRound, afterAsking)", () => {
  const trajectory: NonNullable<Round['trajectory']> = {
    previous: 1,
    count: 3,
    introduced: ['F2'],
    preExisting: ['F3'],
    indeterminate: [],
    untyped: [],
    fixInduced: [],
    reading: 'the rise is carried by the pre-existing side'
  }
  const asking = () =>
    aLedger({
      counters: { round: 2, finding: 3, gate: 0 },
      rounds: [aRound({ n: 2, phase: 'no-review', findings: ['F2', 'F3'] })],
      findings: [aFinding({ id: 'F2', round: 2 }), aFinding({ id: 'F3', round: 2 })]
    })

  it('records the drafted questions, the split on those about the pre-existing side, and the landing question', () => {
    const drafted = [
      aGate({ id: 'G7', round: 2, findings: ['F2'] }),
      aGate({ id: 'G8', round: 2, findings: ['F3'] })
    ]
    const ledger = asking()
    ledger.counters.gate = 8
    const next = pure(ledger, l =>
      askRound(l, { round: 2, gates: drafted, trajectory, landing: ['F2'] })
    )
    expect(next.value).toEqual(['G7', 'G8', 'G9'])
    expect(next.ledger.gates.map(g => g.kind)).toEqual(['judgment', 'judgment', 'landing'])
    expect(next.ledger.gates[0]!.analysis).toBe(drafted[0]!.analysis)
    expect(next.ledger.gates[1]!.analysis.length).toBeGreaterThan(drafted[1]!.analysis.length)
    expect(next.ledger.rounds[0]!.phase).toBe('gated')
  })

  it('asks nothing: the round is not gated', () => {
    const next = pure(asking(), l => askRound(l, { round: 2, gates: [] }))
    expect(next.value).toEqual([])
    expect(next.ledger.rounds[0]!.phase).toBe('no-review')
  })

  it.each<[string, Ledger['gates'], boolean, Round['phase']]>([
    ['a question is open: the round waits', [aGate({ round: 2 })], false, 'gated'],
    [
      'every question was answered meanwhile: the answers are acted on and the round applies',
      [
        aGate({
          round: 2,
          findings: ['F2'],
          status: 'answered',
          answer: { by: 'm', words: 'no', option: 'dismiss', commentId: 1, at: NOW }
        })
      ],
      true,
      'applying'
    ],
    ['nothing was asked: the round applies', [], true, 'applying']
  ])('%s', (_name, gates, applies, phase) => {
    const ledger = asking()
    ledger.gates = gates
    const next = pure(ledger, l => afterAsking(l, 2))
    expect(next.value).toBe(applies)
    expect(next.ledger.rounds[0]!.phase).toBe(phase)
    if (!applies) expect(next.said.status).toBe('awaiting-decision')
    if (gates[0]?.answer)
      expect(next.ledger.findings[0]!.outcome).toEqual({
        kind: 'dropped',
        basis: 'dismissed by @m: "no"'
      })
  })
})

describe('a run that failed partway (interrupted)', () => {
  const owed = { reason: 'after-author-push' as const, head: HEAD, requested: 'push' as const }
  const earlier = aFinding({ id: 'F1', round: 1 })
  const begun = (over: Partial<Round> = {}, gates = [] as ReturnType<typeof aGate>[]) =>
    aLedger({
      rounds: [
        aRound({ n: 1, phase: 'closed' }),
        aRound({
          n: 2,
          phase: 'no-review',
          findings: ['F1', 'F2'],
          entries: [
            { finding: 'F1', slot: 'relay', outcome: { kind: 'pending' } },
            { finding: 'F2', slot: 'relay', outcome: { kind: 'pending' } }
          ],
          ...over
        })
      ],
      findings: [earlier, aFinding({ id: 'F2', round: 2 })],
      counters: { round: 2, finding: 2, gate: gates.length },
      gates
    })

  it('a round that asked and landed nothing is taken back: superseded, its own findings gone, the review owed again', () => {
    const next = pure(begun(), l => interrupted(l, { round: 2, owed }))
    expect(next.value).toBe(true)
    const round = next.ledger.rounds.find(r => r.n === 2)!
    expect(round.phase).toBe('superseded')
    expect(round.notes?.join(' ')).toContain(
      'stopped by a failure before it asked or landed anything'
    )
    expect(round.findings).toEqual(['F1'])
    expect(round.entries.map(e => e.finding)).toEqual(['F1'])
    expect(next.ledger.findings.map(f => f.id)).toEqual(['F1'])
    expect(next.ledger.owed).toEqual(owed)
    // IDs are never reused: the counters stand.
    expect(next.ledger.counters).toEqual({ round: 2, finding: 2, gate: 0 })
  })

  it.each<[string, Ledger]>([
    ['a round that asked a question (gated)', begun({ phase: 'gated' })],
    ['a round landing its fixes', begun({ phase: 'applying' })],
    ['a round with no verdict, asked about', begun({ call: 'no verdict: timed out' })],
    ['a round with a gate of its own', begun({}, [aGate({ id: 'G1', round: 2 })])]
  ])('%s stands as it is', (_what, ledger) => {
    const next = pure(ledger, l => interrupted(l, { round: 2, owed }))
    expect(next.value).toBe(false)
    expect(next.ledger).toEqual(ledger)
  })

  it('a round that was never begun changes nothing', () => {
    const ledger = begun()
    const next = pure(ledger, l => interrupted(l, { round: 3, owed }))
    expect(next.value).toBe(false)
    expect(next.ledger).toEqual(ledger)
  })
})
