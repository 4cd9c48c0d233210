/**
 * Phase 2's record as a transition (src/loop/machine/verified.ts): each surfaced finding known again or given a new ID,
 * dropped with its basis on the Relay, or kept with its provenance, grade and late mark.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aLedger, aRound, HEAD } from '../../__fixtures__/ledgers.js'
import type { FileChange } from '../../src/loop/change.js'
import {
  recordChecked,
  type Checked,
  type Phase2,
  type Since
} from '../../src/loop/machine/verified.js'
import type { Finding, Ledger } from '../../src/loop/model.js'
import type { Verification } from '../../src/loop/verification.js'
import type { SourceFinding } from '../../src/loop/wire.js'
import { pure } from './pure.js'

const PREV = '9'.repeat(40)
const FIX = { start_line: 3, end_line: 3, replacement: 'x' }

/** Round 2 under way, after round 1 raised F1 about src/a.ts. */
function ledger(findings: Finding[] = [aFinding()], over: Partial<Ledger> = {}): Ledger {
  return aLedger({
    counters: { round: 2, finding: findings.length, gate: 0 },
    rounds: [
      aRound({ n: 1, findings: findings.map(f => f.id) }),
      aRound({ n: 2, phase: 'no-review' })
    ],
    findings,
    ...over
  })
}

const sf = (over: Partial<SourceFinding> = {}): SourceFinding => ({
  severity: 'medium',
  file: 'src/a.ts',
  line: 7,
  description: 'The loop reads one element past the end of the array.',
  ...over
})

const kept = (over: Partial<Extract<Verification, { kind: 'kept' }>> = {}): Verification => ({
  kind: 'kept',
  notes: [],
  ...over
})

const changed = (lines: number[], over: Partial<FileChange> = {}): FileChange => ({
  created: false,
  addedLines: new Set(lines),
  ...over
})

function facts(over: Partial<Phase2> = {}): Phase2 {
  return {
    round: 2,
    driver: true,
    changes: new Map(),
    unlocated: [],
    checked: [],
    since: {},
    ...over
  }
}

const checked = (
  key: string,
  over: Partial<SourceFinding> = {},
  verdict?: Verification
): Checked => ({
  key,
  sf: sf(over),
  origin: 'source',
  ...(verdict ? { verdict } : {})
})

const take = (l: Ledger, f: Phase2) => pure(l, x => recordChecked(x, f))
const round2 = (l: Ledger) => l.rounds.find(r => r.n === 2)!

describe('the location check: a finding about a file or line the head does not have is dropped', () => {
  it('under a new ID, with the basis on its Relay entry; before the checked findings take theirs', () => {
    const basis = `line 90 does not exist in src/z.ts at ${HEAD.slice(0, 7)} (the file has 3 lines)`
    const next = take(
      ledger(),
      facts({
        unlocated: [{ sf: sf({ file: 'src/z.ts', line: 90 }), origin: 'source', basis }],
        checked: [checked('s2', { description: 'Another claim.' })]
      })
    )
    expect(next.ledger.findings.find(f => f.id === 'F2')).toMatchObject({
      round: 2,
      file: 'src/z.ts',
      outcome: { kind: 'dropped', basis }
    })
    expect(round2(next.ledger).entries).toEqual([
      { finding: 'F2', slot: 'relay', outcome: { kind: 'dropped', basis } }
    ])
    expect(next.value.map(s => [s.key, s.finding])).toEqual([['s2', 'F3']])
    expect(next.ledger.counters.finding).toBe(3)
    expect(round2(next.ledger).findings).toEqual(['F2', 'F3'])
    expect(next.effects).toEqual([])
  })
})

describe('identity: a claim is known again, never absorbed into another', () => {
  it('without a driver, the same file and claim is the earlier finding: its grade, line and fix as now, the old ones answered', () => {
    const f1 = aFinding({
      severity: 'low',
      fix: FIX,
      interactions: 'read the callers',
      risk: { kind: 'epistemic', why: 'unsure' }
    })
    const next = take(
      ledger([f1]),
      facts({ driver: false, checked: [checked('s1', { severity: 'high' })] })
    )
    expect(next.value).toEqual([
      expect.objectContaining({
        finding: 'F1',
        prior: { severity: 'low', fix: JSON.stringify(FIX) }
      })
    ])
    const f = next.ledger.findings[0]!
    expect(f).toMatchObject({ id: 'F1', round: 1, severity: 'high', line: 7 })
    expect(f.fix).toBeUndefined()
    expect(f.interactions).toBeUndefined()
    expect(f.risk).toBeUndefined()
    expect(next.ledger.counters.finding).toBe(1)
  })
  it('without a driver, the same claim said twice in one answer is recorded once', () => {
    const next = take(ledger([]), facts({ driver: false, checked: [checked('s1'), checked('s2')] }))
    expect(next.value.map(s => s.finding)).toEqual(['F1'])
    expect(next.ledger.findings).toHaveLength(1)
  })
  it.each<[string, Finding[], Map<string, FileChange>, string | undefined]>([
    [
      'a match about another file is refused',
      [aFinding({ file: 'src/b.ts' })],
      new Map(),
      'the driver matched it to F1, which is about src/b.ts: kept as a finding of its own'
    ],
    [
      'a match about the file it was renamed from is taken',
      [aFinding({ file: 'src/old.ts' })],
      new Map([['src/a.ts', changed([], { from: 'src/old.ts' })]]),
      undefined
    ]
  ])('with a driver: %s', (_name, findings, changes, note) => {
    const same = kept({ sameAs: { id: 'F1', basis: 'the same guard' } })
    const next = take(ledger(findings), facts({ changes, checked: [checked('s1', {}, same)] }))
    const s = next.value[0]!
    expect(s.finding).toBe(note ? 'F2' : 'F1')
    expect(s.entry.note).toBe(note)
    expect(s.entry.identity).toBe(note ? undefined : 'the same as F1: the same guard')
  })
  it('with a driver, two claims matched to one earlier finding are both kept: the second is its own', () => {
    const same = kept({ sameAs: { id: 'F1', basis: 'the same guard' } })
    const next = take(
      ledger(),
      facts({
        checked: [checked('s1', {}, same), checked('s2', { description: 'Other words.' }, same)]
      })
    )
    expect(next.value.map(s => s.finding)).toEqual(['F1', 'F2'])
    expect(next.value[1]!.entry.note).toBe(
      'the driver matched it to F1, which this round already holds: kept as a finding of its own'
    )
  })
})

describe("verification: dropped on the driver's checked reading, or kept as the loop read it", () => {
  it('a drop the loop accepted: dropped with its basis, its Relay entry keeps the identity note', () => {
    const basis = 'src/a.ts:5 "if (i < n)" guards it'
    const next = take(
      ledger([aFinding({ file: 'src/b.ts' })]),
      facts({
        checked: [
          checked('s1', {}, { kind: 'dropped', basis }),
          checked('s2', { description: 'Kept.' }, kept())
        ]
      })
    )
    expect(next.ledger.findings.find(f => f.id === 'F2')!.outcome).toEqual({
      kind: 'dropped',
      basis
    })
    expect(round2(next.ledger).entries).toEqual([
      { finding: 'F2', slot: 'relay', outcome: { kind: 'dropped', basis } }
    ])
    expect(next.value.map(s => s.finding)).toEqual(['F3'])
  })
  it('kept: provenance, a re-grade with the source severity, the notes and the question on its entry', () => {
    const regraded = { from: 'medium' as const, to: 'high' as const, basis: 'reachable from input' }
    const verdict = kept({
      provenance: 'pre-existing',
      regraded,
      notes: ['a quote was set aside'],
      question: 'is the list ever empty?'
    })
    const next = take(ledger([]), facts({ checked: [checked('s1', {}, verdict)] }))
    const f = next.ledger.findings[0]!
    expect(f).toMatchObject({
      provenance: 'pre-existing',
      severity: 'high',
      sourceSeverity: 'medium',
      onChangedCode: false,
      outcome: { kind: 'pending' }
    })
    expect(next.value[0]!.entry).toEqual({
      finding: 'F1',
      slot: 'relay',
      outcome: { kind: 'pending' },
      provenance: 'pre-existing',
      regraded,
      note: 'a quote was set aside; asks: is the list ever empty?'
    })
    // A survivor's entry waits for classification: it is not on the round's trace yet.
    expect(round2(next.ledger).entries).toEqual([])
  })
  it.each<[string, FileChange | undefined, string | undefined]>([
    ['on a line the change wrote: introduced', changed([7]), 'introduced'],
    ['on a line the change did not write: left untyped', changed([8]), undefined],
    ['in a file the change did not touch: left untyped', undefined, undefined]
  ])('without a reading, typed by what the change wrote %s', (_name, change, provenance) => {
    const changes = new Map(change ? [['src/a.ts', change]] : [])
    const next = take(ledger([]), facts({ driver: false, changes, checked: [checked('s1')] }))
    expect(next.ledger.findings[0]!.provenance).toBe(provenance)
    expect(next.ledger.findings[0]!.onChangedCode).toBe(change !== undefined)
    expect(next.value[0]!.entry.provenance).toBe(provenance)
  })
  it('seed 000: a blocker that came in downgraded says from what and why, then the re-grade', () => {
    const downgraded = { from: 'high' as const, basis: 'no evidence after its correction' }
    const regraded = { from: 'medium' as const, to: 'low' as const, basis: 'unreachable' }
    const next = take(
      ledger([]),
      facts({ checked: [checked('s1', { downgraded }, kept({ regraded }))] })
    )
    expect(next.ledger.findings[0]).toMatchObject({ severity: 'low', sourceSeverity: 'high' })
    expect(next.value[0]!.entry.regraded).toEqual({
      from: 'high',
      to: 'low',
      basis: 'no evidence after its correction; then unreachable'
    })
  })
})

describe('seed 000: a new finding on code the previous review already saw says so', () => {
  const late = `new, on code unchanged since the review of ${PREV.slice(0, 7)}`
  it.each<[string, Since, Finding[], string | undefined]>([
    ['its file unchanged since', { prev: PREV, changed: new Map() }, [], late],
    [
      'its line unchanged in a changed file',
      { prev: PREV, changed: new Map([['src/a.ts', { created: false, added: new Set([8]) }]]) },
      [],
      late
    ],
    [
      'not when the line was written since',
      { prev: PREV, changed: new Map([['src/a.ts', { created: false, added: new Set([7]) }]]) },
      [],
      undefined
    ],
    [
      'not when the file was created since',
      { prev: PREV, changed: new Map([['src/a.ts', { created: true, added: new Set() }]]) },
      [],
      undefined
    ],
    [
      'not for an earlier finding raised again',
      { prev: PREV, changed: new Map() },
      [aFinding()],
      undefined
    ],
    ['not without a previous review', {}, [], undefined],
    ['not when git could not say what changed', { prev: PREV, failed: 'git failed' }, [], undefined]
  ])('%s', (_name, since, findings, expected) => {
    const same = findings.length ? kept({ sameAs: { id: 'F1', basis: 'same' } }) : kept()
    const next = take(ledger(findings), facts({ since, checked: [checked('s1', {}, same)] }))
    expect(next.value[0]!.entry.late).toBe(expected)
  })
  it("what git could not say is noted on the round's trace", () => {
    const next = take(ledger(), facts({ since: { prev: PREV, failed: 'why it failed' } }))
    expect(round2(next.ledger).notes).toEqual(['why it failed'])
  })
})

describe('the goal reading: its findings are marked, and the Goal line names those it kept', () => {
  it.each<[string, Checked[], string]>([
    [
      'a finding kept',
      [{ ...checked('g1'), origin: 'goal' }],
      'The change does what the README says, but one edge is missed. (F2)'
    ],
    [
      'none kept',
      [{ ...checked('g1'), origin: 'goal', verdict: { kind: 'dropped', basis: 'not so' } }],
      'The change does what the README says, but one edge is missed.'
    ]
  ])('%s', (_name, goalChecked, line) => {
    const next = take(
      ledger(),
      facts({
        checked: goalChecked,
        goal: 'The change does what the README says, but one edge is missed.'
      })
    )
    expect(round2(next.ledger).goal).toBe(line)
    expect(next.ledger.findings.find(f => f.id === 'F2')!.origin).toBe('goal')
  })
  it('a batch of the source leaves the Goal line alone', () => {
    const next = take(ledger(), facts({ checked: [checked('s1')] }))
    expect(round2(next.ledger).goal).toBeUndefined()
  })
})
