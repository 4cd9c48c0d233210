/**
 * What an author's push does to the questions it left waiting, once the new head is reviewed (src/loop/machine/held.ts):
 * a gate found again as shown stands, any other is superseded (a decision given to it still entered), what is not found
 * again is dropped; the landing question moves or closes; a suggestion the author committed is applied by the author.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound, anInvocation, HEAD } from '../../__fixtures__/ledgers.js'
import {
  decideHeld,
  decideHeldLanding,
  needsOldLines,
  recordCommitted,
  sameFix,
  suggestionsShown,
  waitingFindings,
  type Refound
} from '../../src/loop/machine/held.js'
import type { Finding, Gate, Ledger, Round, TraceEntry } from '../../src/loop/model.js'
import type { FoundAgain } from '../../src/loop/recurrence.js'
import { pure } from './pure.js'

const NEW = 'd'.repeat(40)
const answer = (option: string | undefined) => ({
  by: 'maintainer',
  words: option === 'decide' ? 'decide keep the cache' : 'go ahead',
  commentId: 900,
  at: '2025-03-02T09:00:00Z',
  ...(option ? { option } : {})
})
const held = (id: string): TraceEntry => ({
  finding: id,
  slot: 'gated',
  outcome: { kind: 'pending' }
})

/** Round 1 (superseded by the author's push) asked G1 about `ids`; round 2 reviews NEW. */
function pushedOver(ids: string[], gate: Partial<Gate> = {}, round1: Partial<Round> = {}): Ledger {
  return aLedger({
    rounds: [
      aRound({ phase: 'superseded', findings: ids, entries: ids.map(held), ...round1 }),
      aRound({ n: 2, head: NEW, cycle: 'after-author-push', phase: 'no-review' })
    ],
    findings: ids.map(id => aFinding({ id, class: 'judgment', gate: 'G1' })),
    gates: [aGate({ findings: ids, ...gate })]
  })
}

const asShown: FoundAgain = { was: 'medium', now: 'medium', sameFix: true }
const refound = (id: string, again: FoundAgain = asShown): [string, Refound] => [
  id,
  { again, entry: { finding: id, slot: 'relay', outcome: { kind: 'pending' } } }
]

describe('the gates an author push left waiting (decideHeld)', () => {
  it.each<
    [
      string,
      Ledger,
      Array<[string, Refound]>,
      {
        status: Gate['status']
        round: number
        standing: string[]
        outcomes: Record<string, Finding['outcome']['kind']>
        note?: RegExp
        what: string
      }
    ]
  >([
    [
      'an open question found again as shown stands: it is round 2s, its finding entered under it',
      pushedOver(['F1']),
      [refound('F1')],
      {
        status: 'open',
        round: 2,
        standing: ['F1'],
        outcomes: { F1: 'pending' },
        note: /^still asked at G1 \(round 1\): found again at ddddddd as shown there$/,
        what: 'still open'
      }
    ],
    [
      'an answered question found again as shown stands, and its answer is settled policy',
      pushedOver(['F1'], { status: 'answered', answer: answer('apply') }),
      [refound('F1')],
      {
        status: 'answered',
        round: 2,
        standing: ['F1'],
        outcomes: { F1: 'pending' },
        note: /^settled policy of G1: apply, as @maintainer: "go ahead" \(answered before the review of ddddddd/,
        what: 'still open'
      }
    ],
    [
      'a question not found again is superseded, and its finding dropped',
      pushedOver(['F1']),
      [],
      {
        status: 'superseded',
        round: 1,
        standing: [],
        outcomes: { F1: 'dropped' },
        what: 'no longer open'
      }
    ],
    [
      'a question found graver is superseded, its finding asked afresh',
      pushedOver(['F1']),
      [refound('F1', { was: 'medium', now: 'high', sameFix: true })],
      {
        status: 'superseded',
        round: 1,
        standing: [],
        outcomes: { F1: 'pending' },
        what: 'no longer open'
      }
    ],
    [
      'a question whose fix is not the one shown is superseded',
      pushedOver(['F1']),
      [refound('F1', { ...asShown, sameFix: false })],
      {
        status: 'superseded',
        round: 1,
        standing: [],
        outcomes: { F1: 'pending' },
        what: 'no longer open'
      }
    ],
    [
      'a cluster found again in part is superseded: the rest is dropped, what came back asked on its own',
      pushedOver(['F1', 'F2']),
      [refound('F1')],
      {
        status: 'superseded',
        round: 1,
        standing: [],
        outcomes: { F1: 'pending', F2: 'dropped' },
        what: 'no longer open'
      }
    ]
  ])('%s', (_name, ledger, found, want) => {
    const facts = new Map(found)
    const before = structuredClone(facts)
    const next = pure(ledger, l => decideHeld(l, 2, facts))
    expect(facts).toEqual(before)
    const gate = next.ledger.gates[0]!
    const [r1, r2] = next.ledger.rounds
    expect(gate.status).toBe(want.status)
    expect(gate.round).toBe(want.round)
    expect([...next.value.standing]).toEqual(want.standing)
    expect([...next.value.waited]).toEqual(Object.keys(want.outcomes))
    expect(Object.fromEntries(next.ledger.findings.map(f => [f.id, f.outcome.kind]))).toEqual(
      want.outcomes
    )
    expect(next.effects).toEqual([{ kind: 'reshow-gate', gate: 'G1', what: want.what }])
    // Round 1's entries: carried when found again, else as the finding now stands.
    for (const e of r1!.entries)
      expect(e.outcome.kind).toBe(facts.has(e.finding) ? 'carried' : want.outcomes[e.finding])
    if (want.status !== 'superseded') {
      expect(gate.analysis).toMatch(/Still holds at ddddddd: .* \(first asked in round 1\)\.$/)
      expect(r2!.entries).toEqual([
        {
          finding: 'F1',
          slot: 'gated',
          outcome: { kind: 'pending' },
          note: expect.stringMatching(want.note!)
        }
      ])
      expect(next.value.entries.size).toBe(0)
      return
    }
    expect(gate.analysis).toMatch(
      /\n\nAfter the author pushed ddddddd: the review of ddddddd .*\.$/
    )
    expect(r2!.entries).toEqual([])
    // What came back is entered later (the returns reading, classification), with why its question went.
    for (const id of facts.keys())
      expect(next.value.entries.get(id)!.note).toMatch(/^asked at G1 before the author's push: /)
    expect(next.ledger.decisions).toEqual([])
  })

  it('a superseded question answered with a decision: the decision is entered all the same', () => {
    const ledger = pushedOver(['F1'], { status: 'answered', answer: answer('decide') })
    const next = pure(ledger, l => decideHeld(l, 2, new Map()))
    expect(next.ledger.gates[0]!.status).toBe('superseded')
    expect(next.ledger.decisions).toMatchObject([{ id: 'D1', gate: 'G1', by: 'maintainer' }])
    expect(next.ledger.rounds[1]!.notes).toEqual([
      expect.stringMatching(
        /^D1 entered from G1, answered before the review of ddddddd \(@maintainer: ".*"\); the question itself is gone: the review of ddddddd no longer finds F1$/
      )
    ])
  })

  it.each<[string, Ledger]>([
    [
      'an answered question whose findings are decided',
      pushedOver(['F1'], { status: 'answered', answer: answer('dismiss') })
    ],
    ['a question of a round not superseded', pushedOver(['F1'], {}, { phase: 'gated' })],
    ['a risk question', pushedOver(['F1'], { kind: 'risk' })]
  ])('leaves alone %s', (name, ledger) => {
    if (name.startsWith('an answered'))
      ledger.findings[0]!.outcome = { kind: 'dropped', basis: 'x' }
    const next = pure(ledger, l => decideHeld(l, 2, new Map([refound('F1')])))
    expect(next.ledger.gates).toEqual(ledger.gates)
    expect(next.effects).toEqual([])
  })
})

describe('what the review of the new head is compared on (waitingFindings, needsOldLines, sameFix)', () => {
  it('waits for a pending finding held last in a superseded round, not for one decided or held later', () => {
    const ledger = pushedOver(['F1', 'F2', 'F3'])
    ledger.findings[1]!.outcome = { kind: 'dropped', basis: 'x' }
    ledger.rounds[1]!.findings = ['F3']
    expect([...waitingFindings(ledger, 2)]).toEqual(['F1', 'F3'])
    expect([...waitingFindings(ledger, 3)]).toEqual(['F1'])
  })

  const fix = (start: number, replacement = 'y') => ({
    start_line: start,
    end_line: start,
    replacement
  })
  it.each<[string, string | undefined, Finding['fix'], string[] | undefined, boolean, boolean]>([
    ['no fix before or now', undefined, undefined, undefined, false, true],
    ['a fix only now', undefined, fix(1), undefined, false, false],
    ['another replacement', JSON.stringify(fix(1, 'z')), fix(1), undefined, false, false],
    [
      'the same code replaced the same way, moved a line',
      JSON.stringify(fix(1)),
      fix(2),
      ['a'],
      true,
      true
    ],
    ['other code replaced the same way', JSON.stringify(fix(1)), fix(2), ['b'], true, false],
    ['the old file not there', JSON.stringify(fix(1)), fix(2), undefined, true, false]
  ])('%s', (_name, before, after, old, needs, same) => {
    expect(needsOldLines(before, after)).toBe(needs)
    expect(sameFix(before, after, old, ['x', 'a'])).toBe(same)
  })
})

describe('the landing question after an author push (decideHeldLanding)', () => {
  const landing = (over: Partial<Gate> = {}) =>
    aGate({ id: 'G9', kind: 'landing', findings: ['F1'], ...over })
  const ledger = (gates: Gate[], landingSet?: 'head') =>
    aLedger({
      invocations: [anInvocation(landingSet ? {} : { landing: undefined })],
      rounds: [aRound({ phase: 'superseded' }), aRound({ n: 2, head: NEW, phase: 'no-review' })],
      gates
    })
  it.each<
    [
      string,
      Ledger,
      boolean,
      { value: boolean; landing?: string; gate?: Partial<Gate>; what?: string }
    ]
  >([
    [
      'nothing asked before: the round asks when it has a fix to land',
      ledger([]),
      true,
      { value: true }
    ],
    ['nothing asked and nothing to land', ledger([]), false, { value: false }],
    [
      'an answer given before the push settles the path',
      ledger([landing({ status: 'answered', answer: answer('stacked') })]),
      true,
      { value: false, landing: 'stacked' }
    ],
    [
      'a question still waiting moves to the round, about what it lands',
      ledger([landing()]),
      true,
      { value: false, gate: { round: 2, status: 'open', findings: ['F7'] }, what: 'still open' }
    ],
    [
      'a question still waiting closes when nothing waits to land',
      ledger([landing()]),
      false,
      { value: false, gate: { round: 1, status: 'superseded' }, what: 'no longer open' }
    ],
    [
      'a question still waiting closes once the path is settled',
      ledger([landing()], 'head'),
      true,
      { value: false, landing: 'head', gate: { status: 'superseded' }, what: 'no longer open' }
    ]
  ])('%s', (_name, l, needed, want) => {
    const next = pure(l, x => decideHeldLanding(x, 2, { invocation: 1, toLand: ['F7'], needed }))
    expect(next.value).toBe(want.value)
    expect(next.ledger.invocations[0]!.landing).toBe(want.landing)
    if (want.gate) expect(next.ledger.gates[0]).toMatchObject(want.gate)
    expect(next.effects).toEqual(
      want.what ? [{ kind: 'reshow-gate', gate: 'G9', what: want.what }] : []
    )
  })

  it('leaves alone the landing question of another invocation', () => {
    const l = ledger([landing()])
    l.rounds[0]!.invocation = 2
    const next = pure(l, x => decideHeldLanding(x, 2, { invocation: 1, toLand: [], needed: true }))
    expect(next.ledger.gates).toEqual(l.gates)
    expect(next.value).toBe(true)
  })
})

describe('a suggestion the author committed (suggestionsShown, recordCommitted)', () => {
  const FIX = { start_line: 3, end_line: 3, replacement: 'C' }
  const BEFORE = 'a\nb\nc\nd\ne\n'
  const COMMITTED = 'a\nb\nC\nd\ne\n'
  const thread = { comment: 1, path: 'src/a.ts', line: 3, resolved: false }
  const shown = (over: Partial<Finding> = {}) =>
    aFinding({ fix: FIX, thread, class: 'judgment', gate: 'G1', ...over })
  const ledger = (findings: Finding[], round1: Partial<Round> = {}) =>
    aLedger({
      rounds: [
        aRound({
          phase: 'superseded',
          findings: findings.map(f => f.id),
          entries: findings.map(f => held(f.id)),
          ...round1
        }),
        aRound({ n: 2, head: NEW, cycle: 'after-author-push', phase: 'no-review' })
      ],
      findings,
      gates: [aGate({ findings: findings.map(f => f.id) })]
    })

  it.each<[string, Ledger, string[]]>([
    ['a pending finding with its fix shown as a suggestion', ledger([shown()]), ['F1']],
    ['not on the lines of its fix', ledger([shown({ thread: { ...thread, line: 4 } })]), []],
    ['decided already', ledger([shown({ outcome: { kind: 'dropped', basis: 'x' } })]), []],
    ['shown at the head reviewed now', ledger([shown()], { head: NEW }), []]
  ])('reads %s', (_name, l, ids) => {
    const listed = suggestionsShown(l, 2)
    expect(listed.map(s => s.finding)).toEqual(ids)
    if (ids.length > 0)
      expect(listed[0]).toEqual({
        finding: 'F1',
        gate: 'G1',
        file: 'src/a.ts',
        round: 1,
        head: HEAD
      })
  })

  const read = (l: Ledger, before: string | undefined, after: string | undefined) =>
    suggestionsShown(l, 2).map(s => ({
      ...s,
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {})
    }))
  it.each<
    [string, Ledger, string | undefined, string | undefined, Record<string, string>, Gate['status']]
  >([
    [
      'the head holds the fix as proposed: applied, its gate settled',
      ledger([shown()]),
      BEFORE,
      COMMITTED,
      { F1: 'applied' },
      'superseded'
    ],
    [
      'the head does not hold it',
      ledger([shown()]),
      BEFORE,
      'a\nb\nc2\nd\ne\n',
      { F1: 'pending' },
      'open'
    ],
    [
      'the head it was shown at is gone',
      ledger([shown()]),
      undefined,
      COMMITTED,
      { F1: 'pending' },
      'open'
    ],
    [
      'one finding of two committed: applied, the gate still asks about the other',
      ledger([shown(), shown({ id: 'F2', thread: undefined })]),
      BEFORE,
      COMMITTED,
      { F1: 'applied', F2: 'pending' },
      'open'
    ]
  ])('%s', (_name, l, before, after, outcomes, status) => {
    const next = pure(l, x => recordCommitted(x, 2, read(l, before, after)))
    expect(Object.fromEntries(next.ledger.findings.map(f => [f.id, f.outcome.kind]))).toEqual(
      outcomes
    )
    const gate = next.ledger.gates[0]!
    expect(gate.status).toBe(status)
    const notes = next.ledger.rounds[1]!.notes ?? []
    if (outcomes.F1 !== 'applied') {
      expect(notes).toEqual([])
      expect(next.effects).toEqual([])
      return
    }
    expect(next.ledger.findings[0]!.outcome).toEqual({ kind: 'applied', commit: NEW })
    expect(next.ledger.rounds[0]!.entries[0]).toEqual({
      finding: 'F1',
      slot: 'gated',
      outcome: { kind: 'applied', commit: NEW },
      note: 'the author committed the suggested fix (ddddddd)'
    })
    expect(notes[0]).toBe(
      'F1: the author committed its suggested fix from the diff (src/a.ts, head ddddddd): applied by the author, asked at G1'
    )
    if (status === 'open') {
      expect(notes).toHaveLength(1)
      expect(next.effects).toEqual([])
      return
    }
    expect(notes[1]).toBe('G1 is settled: the author committed its suggested fix')
    expect(gate.analysis).toMatch(
      /\n\nSettled by the author's push ddddddd: it holds the suggested fix of F1 exactly/
    )
    expect(next.effects).toEqual([
      { kind: 'reshow-gate', gate: 'G1', what: 'settled by the author' }
    ])
  })
})
