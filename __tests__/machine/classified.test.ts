/**
 * Phase 3's recording as transitions: a return's handling (src/loop/machine/returned.ts, Rule 9), where classification
 * puts each finding (src/loop/machine/classified.ts), and what the change-point scan's answer and the loop's own carry
 * make of a fix (src/loop/machine/scanned.ts, Rule 6).
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound, HEAD } from '../../__fixtures__/ledgers.js'
import { recordClassification, type ToPlace } from '../../src/loop/machine/classified.js'
import { fixCommitsToAsk, recordReturns, type Survivor } from '../../src/loop/machine/returned.js'
import { carryFixes, takeScan, type ScanRead } from '../../src/loop/machine/scanned.js'
import type { Finding, Gate, Ledger, TraceEntry } from '../../src/loop/model.js'
import { pure } from './pure.js'

const NOW = '2025-03-02T09:00:00Z'
const C = 'c'.repeat(40)
const FIX = { start_line: 2, end_line: 2, replacement: 'const b = 3' }
const LINES = ['const a = 1', 'const b = 2', 'const c = 3']
const entry = (finding: string, note?: string): TraceEntry => ({
  finding,
  slot: 'relay',
  outcome: { kind: 'pending' },
  ...(note ? { note } : {})
})
const answered = (option: string, over: Partial<Gate> = {}) =>
  aGate({
    id: 'G1',
    status: 'answered',
    answer: { by: 'maria', words: option, option, commentId: 1, at: NOW },
    ...over
  })

/** Round 2 reviewing HEAD raised `findings` again (round 1 raised them first); the gate counter stands at `gates`. */
function roundTwo(findings: Finding[], over: Partial<Ledger> = {}): Ledger {
  return aLedger({
    rounds: [
      aRound({ n: 1, phase: 'landed' }),
      aRound({ n: 2, phase: 'no-review', findings: findings.map(f => f.id) })
    ],
    findings,
    counters: { round: 2, finding: findings.length, gate: 1 },
    ...over
  })
}

const survivor = (finding: string, over: Partial<Survivor> = {}): Survivor => ({
  finding,
  entry: entry(finding, 'seen again'),
  lines: LINES,
  protectedPath: false,
  ...over
})

const at = (survivors: Survivor[], contains: Record<string, boolean> = {}, waited: string[] = []) =>
  ({ round: 2, survivors, waited, contains }) as const

describe('a return (recordReturns, Rule 9)', () => {
  it('settled policy absorbs a return the source had not been told of: the answer applies again, no gate', () => {
    const ledger = roundTwo([aFinding({ class: 'judgment', gate: 'G1' })], {
      gates: [answered('dismiss')]
    })
    const next = pure(ledger, l => recordReturns(l, at([survivor('F1')])))
    const f = next.ledger.findings[0]!
    expect(f.outcome).toEqual({ kind: 'dropped', basis: 'settled at G1 by @maria: "dismiss"' })
    expect(f.gate).toBe('G1')
    expect(f.returns).toEqual([
      { round: 2, informed: false, handling: 'absorbed', basis: 'dismissed, @maria: "dismiss"' }
    ])
    expect(next.ledger.rounds[1]!.entries).toEqual([
      {
        finding: 'F1',
        slot: 'relay',
        outcome: f.outcome,
        note: 'seen again; settled policy of G1: dismissed, @maria: "dismiss"'
      }
    ])
    expect(next.value).toEqual({ gates: [], toClassify: [] })
  })

  it.each<
    [string, Partial<Finding>, Partial<Survivor>, Record<string, boolean>, number | undefined]
  >([
    [
      'its fix landed and the diagnosis still holds: re-applied, the driver writing (escalated)',
      { outcome: { kind: 'applied', commit: C } },
      { diagnosisHolds: true },
      { [C]: true },
      1
    ],
    [
      'its landed fix is gone from the head and the same fix is proposed: written again, not escalated',
      { outcome: { kind: 'applied', commit: C } },
      { prior: { severity: 'medium', fix: JSON.stringify(FIX) } },
      { [C]: false },
      undefined
    ]
  ])('%s', (_name, over, facts, contains, escalated) => {
    const ledger = roundTwo([aFinding({ class: 'judgment', fix: FIX, ...over })])
    const next = pure(ledger, l => recordReturns(l, at([survivor('F1', facts)], contains)))
    const f = next.ledger.findings[0]!
    expect(f).toMatchObject({
      class: 'mechanical',
      outcome: { kind: 'pending' },
      predicate: expect.stringContaining('src/a.ts'),
      sites: [{ file: 'src/a.ts', start_line: 2, end_line: 2 }],
      scanSha: HEAD
    })
    expect(f.escalated).toBe(escalated)
    expect(f.returns![0]!.handling).toBe('reapplied')
    const e = next.ledger.rounds[1]!.entries[0]!
    expect(e.note).toMatch(/^seen again; re-applied: /)
    expect(e.outcome).toEqual({ kind: 'pending' })
    expect(next.value.gates).toEqual([])
  })

  it('a return after an escalated re-apply is put to a person at a design gate, numbered from the counter', () => {
    const ledger = roundTwo([
      aFinding({
        class: 'mechanical',
        fix: FIX,
        escalated: 1,
        outcome: { kind: 'applied', commit: C }
      })
    ])
    const next = pure(ledger, l => recordReturns(l, at([survivor('F1')], { [C]: true })))
    const [gate] = next.value.gates
    expect(gate).toMatchObject({
      id: 'G2',
      round: 2,
      kind: 'design',
      findings: ['F1'],
      status: 'open'
    })
    expect(next.ledger.counters.gate).toBe(2)
    // Drafted, not yet entered: askRound enters the round's questions.
    expect(next.ledger.gates).toEqual([])
    expect(next.ledger.findings[0]).toMatchObject({
      class: 'judgment',
      gate: 'G2',
      outcome: { kind: 'pending' }
    })
    expect(next.ledger.rounds[1]!.entries).toEqual([
      { finding: 'F1', slot: 'gated', outcome: { kind: 'pending' }, note: 'seen again' }
    ])
  })

  it('a landed fix that is gone, with another fix proposed now, is reopened and classified afresh', () => {
    const ledger = roundTwo([
      aFinding({ class: 'mechanical', fix: FIX, outcome: { kind: 'applied', commit: C } })
    ])
    const facts = { prior: { severity: 'medium' as const, fix: '{"other":true}' } }
    const next = pure(ledger, l => recordReturns(l, at([survivor('F1', facts)], { [C]: false })))
    expect(next.ledger.findings[0]!.outcome).toEqual({ kind: 'pending' })
    expect(next.ledger.rounds[1]!.entries).toEqual([])
    expect(next.value.toClassify).toEqual([
      {
        finding: 'F1',
        slot: 'relay',
        outcome: { kind: 'pending' },
        note: expect.stringMatching(/^seen again; its fix c{7} is not in abc1234/)
      }
    ])
  })

  it('a return nothing settles is classified afresh with nothing noted; new and waiting findings are no returns', () => {
    const ledger = roundTwo([
      aFinding({ id: 'F1' }),
      aFinding({ id: 'F2', round: 2 }),
      aFinding({ id: 'F3', gate: 'G1' })
    ])
    const survivors = ['F1', 'F2', 'F3'].map(id => survivor(id))
    const next = pure(ledger, l => recordReturns(l, at(survivors, {}, ['F3'])))
    expect(next.value.toClassify.map(e => [e.finding, e.note])).toEqual([
      ['F1', 'seen again'],
      ['F2', 'seen again'],
      ['F3', 'seen again']
    ])
    expect(next.ledger.findings.map(f => f.returns?.map(r => r.handling))).toEqual([
      ['reclassified'],
      undefined,
      undefined
    ])
  })

  it('notes a fix of the invocation the head no longer holds, when the review did not raise its finding again', () => {
    const gone = aFinding({ id: 'F9', outcome: { kind: 'applied', commit: C } })
    const ledger = roundTwo([], { findings: [gone] })
    expect(fixCommitsToAsk(ledger, { round: 2, survivors: [], waited: [] })).toEqual([C])
    const next = pure(ledger, l => recordReturns(l, at([], { [C]: false })))
    expect(next.ledger.rounds[1]!.notes).toEqual([
      `F9's fix ccccccc is not in abc1234, the head this round reviewed: it is not landed any more, and this review did not raise F9 again`
    ])
    expect(() => recordReturns(ledger, at([]))).toThrow(/was not asked about/)
  })
})

/** Round 2, being classified, holding findings F1.. (new this round). */
function classifying(findings: Finding[], over: Partial<Ledger> = {}): Ledger {
  return aLedger({
    rounds: [aRound({ n: 2, phase: 'no-review', findings: findings.map(f => f.id) })],
    findings,
    counters: { round: 2, finding: findings.length, gate: 3 },
    ...over
  })
}

const place = (finding: string, by: Partial<ToPlace>): ToPlace =>
  ({ finding, entry: entry(finding), lines: LINES, ...by }) as ToPlace

describe('where classification puts a finding (recordClassification)', () => {
  const f1 = aFinding({ id: 'F1', round: 2, fix: FIX })
  const f2 = aFinding({ id: 'F2', round: 2, line: 3 })

  it('a Mechanical finding carries the literal span its fix replaces, with why on its entry', () => {
    const next = pure(classifying([f1]), l =>
      recordClassification(l, {
        round: 2,
        findings: [
          place('F1', {
            driver: {
              class: 'mechanical',
              why: 'the change wrote it',
              settled: 'README.md settles it'
            }
          })
        ]
      })
    )
    expect(next.value).toEqual([])
    expect(next.ledger.findings[0]).toMatchObject({
      class: 'mechanical',
      outcome: { kind: 'pending' },
      sites: [{ file: 'src/a.ts', start_line: 2, end_line: 2 }],
      scanSha: HEAD
    })
    expect(next.ledger.rounds[0]!.entries).toEqual([
      {
        finding: 'F1',
        slot: 'relay',
        outcome: { kind: 'pending' },
        note: 'README.md settles it; Mechanical: the change wrote it'
      }
    ])
  })

  it.each<[string, ToPlace, Partial<Gate>]>([
    [
      'a Judgment finding gets a question of its own, with why in plain words',
      place('F1', { driver: { class: 'judgment', why: 'it changes what callers see' } }),
      { analysis: 'Why F1 needs a person: it changes what callers see.', open: false }
    ],
    [
      "the driver's jargon never reaches the person",
      place('F1', { driver: { class: 'judgment', why: 'its predicate is too broad' } }),
      {
        analysis: "Why F1 needs a person: the loop's reading of it leaves the decision to a person."
      }
    ],
    [
      "where two of the project's documents disagree, an open question",
      place('F1', { driver: { class: 'judgment', why: 'they disagree', conflict: 'A vs B' } }),
      {
        question:
          "Which way should this go? F1 sits where two of the project's documents disagree.",
        options: [],
        open: true
      }
    ],
    [
      "a person's question folds a Mechanical finding into Judgment",
      place('F1', { driver: { class: 'mechanical', why: 'obvious' }, question: 'Is 3 right?' }),
      { analysis: 'Why F1 needs a person: a person must answer this first: Is 3 right?.' }
    ],
    [
      'an unconfirmed finding says why it is not fixed without the person',
      place('F1', { driver: { class: 'judgment', why: 'taste' }, unconfirmed: 'verify failed' }),
      {
        analysis: 'Why F1 needs a person: taste.\n\nWhy F1 is not fixed without you: verify failed.'
      }
    ]
  ])('%s', (_name, toPlace, gate) => {
    const next = pure(classifying([f1]), l =>
      recordClassification(l, { round: 2, findings: [toPlace] })
    )
    expect(next.value).toEqual([
      expect.objectContaining({ id: 'G4', round: 2, kind: 'judgment', findings: ['F1'], ...gate })
    ])
    expect(next.ledger.findings[0]).toMatchObject({ class: 'judgment', gate: 'G4' })
    expect(next.ledger.rounds[0]!.entries[0]).toMatchObject({ finding: 'F1', slot: 'gated' })
    expect(next.ledger.gates).toEqual([])
  })

  it('findings the driver grouped share its drafted gate, opened first; a question only a person can answer is added', () => {
    const options = [{ key: 'dismiss', label: 'Leave it', leadsTo: 'closed' }]
    const next = pure(classifying([f1, f2]), l =>
      recordClassification(l, {
        round: 2,
        findings: [
          place('F1', { driver: { class: 'judgment', why: 'shared' }, question: 'Which caller?' }),
          place('F2', { driver: { class: 'judgment', why: 'shared' } })
        ],
        driver: {
          drafts: [
            { keys: ['F1', 'F2'], analysis: 'One cause.', question: 'Q?', options, open: false }
          ],
          notes: [],
          retired: []
        }
      })
    )
    expect(next.value).toEqual([
      {
        id: 'G4',
        round: 2,
        kind: 'judgment',
        findings: ['F1', 'F2'],
        analysis: 'One cause.\n\nWhat only a person can answer about F1: Which caller?',
        question: 'Q?',
        options,
        open: false,
        status: 'open'
      }
    ])
    expect(next.ledger.findings.map(f => f.gate)).toEqual(['G4', 'G4'])
  })

  it("keeps the driver's reading, what it said of earlier sweeps, and retires the earlier reading it falsified", () => {
    const leading = { mechanism: 'off by one', accounts_for: ['F7'], falsifier: 'a test' }
    const ledger = classifying([f1], {
      rounds: [
        aRound({ n: 1, reading: { leading } }),
        aRound({ n: 2, phase: 'no-review', findings: ['F1'] })
      ]
    })
    const next = pure(ledger, l =>
      recordClassification(l, {
        round: 2,
        findings: [place('F1', { driver: { class: 'mechanical', why: 'obvious' } })],
        driver: {
          reading: { leading: { ...leading, accounts_for: ['F1'] } },
          drafts: [],
          cross: {
            kind: 'missed-site',
            predicate: 'x < n',
            remedy: 'sweep again',
            findings: ['F1']
          },
          notes: ['set aside'],
          retired: [{ mechanism: 'off by one', fired: 'the test passed' }]
        }
      })
    )
    const [one, two] = next.ledger.rounds
    expect(one!.reading!.retired).toBe('the test passed')
    expect(two!.reading!.leading!.accounts_for).toEqual(['F1'])
    expect(two!.notes).toEqual([
      'an earlier sweep for "x < n" missed a site it should have reached (F1): sweep again',
      'set aside',
      'the reading of round 1 is retired: its falsifier fired (the test passed)'
    ])
  })

  it.each<[string, ToPlace, Partial<Finding>, Partial<TraceEntry>, Partial<Gate> | undefined]>([
    [
      'Mechanical by the deterministic classification: its predicate and sites as it gave them',
      place('F1', {
        loop: {
          class: 'mechanical',
          predicate: 'p',
          sites: [{ file: 'src/a.ts', start_line: 2, end_line: 2 }]
        }
      }),
      { class: 'mechanical', predicate: 'p', scanSha: HEAD },
      { slot: 'relay', note: 'Mechanical: the fix replaces lines this change wrote' },
      undefined
    ],
    [
      'Judgment by it, the fix not usable and the purpose cited',
      place('F1', {
        loop: {
          class: 'judgment',
          why: 'unchanged code',
          fixUsable: false,
          purpose: 'the PR says so'
        }
      }),
      { class: 'judgment', gate: 'G4' },
      { slot: 'gated', note: 'the PR says so' },
      { analysis: 'Why F1 needs a person: unchanged code.' }
    ],
    [
      "Mechanical by it, but a person's question comes first",
      place('F1', {
        loop: { class: 'mechanical', predicate: 'p', sites: [] },
        question: 'Is 3 right?'
      }),
      { class: 'judgment', gate: 'G4' },
      { slot: 'gated' },
      { analysis: 'Why F1 needs a person: a person must answer this first: Is 3 right?.' }
    ]
  ])('%s', (_name, toPlace, finding, e, gate) => {
    const next = pure(classifying([f1]), l =>
      recordClassification(l, { round: 2, findings: [toPlace] })
    )
    expect(next.ledger.findings[0]).toMatchObject({ outcome: { kind: 'pending' }, ...finding })
    expect(next.ledger.rounds[0]!.entries[0]).toMatchObject(e)
    expect(next.value).toEqual(gate ? [expect.objectContaining(gate)] : [])
    if (gate?.analysis?.includes('Is 3')) expect(next.value[0]!.options[0]!.key).toBe('apply')
    if (gate?.analysis?.includes('unchanged'))
      expect(next.value[0]!.options[0]!.key).toBe('dismiss')
  })
})

describe("the change-point scan's answer and the loop's own carry (takeScan, carryFixes, Rule 6)", () => {
  const site = (start: number, end = start) => ({
    file: 'src/a.ts',
    start_line: start,
    end_line: end
  })
  const scanRead = (over: Partial<ScanRead> = {}): ScanRead => ({
    finding: 'F1',
    predicate: ' x < n ',
    sites: [{ site: site(2) }],
    ownLines: true,
    interactions: 'none',
    ...over
  })
  const scanning = () =>
    aLedger({
      rounds: [aRound({ phase: 'applying', apply: { writers: [], discrepancies: [] } })],
      findings: [aFinding({ class: 'mechanical', fix: FIX })]
    })
  const carried = (reason: string): Finding['outcome'] => ({ kind: 'carried', reason, loop: true })

  it.each<[string, ScanRead, Partial<Finding>, string[]]>([
    [
      'a fix whose pattern is unnamed is not written',
      scanRead({ predicate: '  ' }),
      {
        outcome: carried(
          'not written: the scan could not name the pattern this fix instantiates, and a fix whose pattern is unnamed is not written'
        ),
        scanSha: HEAD
      },
      []
    ],
    [
      'the sites that read as claimed, once per span; the others are discrepancies; a risk it saw',
      scanRead({
        sites: [
          { site: site(2) },
          { site: site(2, 3) },
          { site: site(9), refused: 'it reads otherwise' }
        ],
        risk: ' callers may rely on it '
      }),
      {
        outcome: { kind: 'pending' },
        predicate: 'x < n',
        sites: [site(2)],
        interactions: 'none',
        risk: { kind: 'epistemic', why: 'callers may rely on it' }
      },
      [
        'F1: the scan named sites the code does not bear out, left out of the brief: it reads otherwise'
      ]
    ],
    [
      "the fix's own lines come first when the scan left them out",
      scanRead({ sites: [{ site: site(3) }] }),
      {
        sites: [{ ...site(2), basis: "the finding's own fix (the scan left it out)" }, site(3)]
      },
      ["F1: the scan left out the fix's own lines src/a.ts:2; they were added to the brief"]
    ],
    [
      'a fix none of whose sites reads as claimed is not written',
      scanRead({ sites: [{ site: site(9), refused: 'gone' }], ownLines: false }),
      {
        sites: [],
        outcome: carried(
          'not written: none of the sites its scan named reads as claimed at the head'
        )
      },
      ['F1: the scan named sites the code does not bear out, left out of the brief: gone']
    ]
  ])('%s', (_name, read, finding, discrepancies) => {
    const next = pure(scanning(), l => takeScan(l, { round: 1, fixes: [read] }))
    expect(next.ledger.findings[0]).toMatchObject({ scanSha: HEAD, ...finding })
    expect(next.ledger.rounds[0]!.apply!.discrepancies).toEqual(discrepancies)
    expect(next.effects).toEqual([])
  })

  it('the loop carries a fix it could not write: work it did not finish, never a disposition', () => {
    const next = pure(scanning(), l => carryFixes(l, [{ finding: 'F1', reason: 'not written: x' }]))
    expect(next.ledger.findings[0]!.outcome).toEqual(carried('not written: x'))
  })
})
