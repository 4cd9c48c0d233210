/** The loop guards and the trajectory reading, clause by clause: dispositions and changes decide, counts never do. */
import { describe, expect, it } from '@jest/globals'
import {
  movesOf,
  stallAnswer,
  stallGate,
  stallOf,
  trajectoryOf,
  trajectoryParagraph
} from '../src/loop/guards.js'
import { Gate, Round, type Finding, type TraceEntry } from '../src/loop/model.js'
import { renderGateComment } from '../src/report/gate-comment.js'

const HEAD = 'a'.repeat(40)
const OTHER = 'b'.repeat(40)

function round(n: number, over: Partial<Round> = {}): Round {
  return Round.parse({
    n,
    invocation: 1,
    cycle: n === 1 ? 'first-pass' : 'after-fixes',
    base: 'c'.repeat(40),
    head: HEAD,
    requestHash: `hash${n}`,
    source: 'command',
    startedAt: '2024-01-01T00:00:00Z',
    review: 'reviewed',
    verdict: 'needs-attention',
    malformed: [],
    findings: [],
    entries: [],
    readingsNotRun: [],
    phase: 'closed',
    ...over
  })
}

function entry(finding: string, outcome: TraceEntry['outcome'], over: Partial<TraceEntry> = {}) {
  return { finding, slot: 'relay' as const, outcome, ...over }
}

function finding(id: string, over: Partial<Finding> = {}): Finding {
  return {
    id,
    round: 1,
    severity: 'medium',
    file: 'src/a.js',
    line: 1,
    description: `claim ${id}`,
    outcome: { kind: 'carried', reason: 'not written' },
    ...over
  }
}

const NOT_WRITTEN = {
  kind: 'carried' as const,
  reason: 'not written: the write changed none of its sites'
}

function answered(id: string, n: number, option?: string): Gate {
  return Gate.parse({
    id,
    round: n,
    kind: 'judgment',
    findings: [],
    analysis: '',
    question: '',
    options: [],
    open: true,
    status: 'answered',
    answer: { by: 'octo', words: option ?? 'words', option, commentId: 1, at: 'now' }
  })
}

/** A first round that made progress (the first review of the head), then `later` rounds on the same head. */
function afterFirst(...later: Round[]): Round[] {
  return [round(1, { findings: ['F1'], entries: [entry('F1', NOT_WRITTEN)] }), ...later]
}

describe('the stall (seed 000), one row per clause', () => {
  const rows: {
    clause: string
    rounds: Round[]
    gates?: Gate[]
    findings?: Finding[]
    stalls: boolean
  }[] = [
    {
      clause: 'two rounds without disposition or change → stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, { findings: ['F3'], entries: [entry('F3', NOT_WRITTEN)] })
      ),
      findings: [finding('F1'), finding('F2', { round: 2 }), finding('F3', { round: 3 })],
      stalls: true
    },
    {
      clause:
        'an approve whose fix the loop could not write, twice → stall (the carry is no disposition, as convergence reads it)',
      rounds: afterFirst(
        round(2, { verdict: 'approve', findings: ['F1'], entries: [entry('F1', NOT_WRITTEN)] }),
        round(3, { verdict: 'approve', findings: ['F1'], entries: [entry('F1', NOT_WRITTEN)] })
      ),
      findings: [finding('F1', { outcome: NOT_WRITTEN })],
      stalls: true
    },
    {
      clause:
        'a fix chosen at a gate that the loop could not write settles nothing either → stall once nothing else moved',
      rounds: afterFirst(
        round(2, {
          findings: ['F2'],
          entries: [entry('F2', { ...NOT_WRITTEN, loop: true }, { slot: 'gated' })]
        }),
        round(3, {
          findings: ['F2'],
          entries: [entry('F2', { ...NOT_WRITTEN, loop: true }, { slot: 'gated' })]
        })
      ),
      findings: [finding('F2', { round: 2, outcome: { ...NOT_WRITTEN, loop: true } })],
      stalls: true
    },
    {
      clause: 'a round that dispositioned one finding → no stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, {
          findings: ['F3'],
          entries: [entry('F3', { kind: 'dropped', basis: 'line 9 does not exist at the head' })]
        })
      ),
      stalls: false
    },
    {
      clause: 'a round whose head changed → no stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, { head: OTHER, cycle: 'after-author-push' })
      ),
      stalls: false
    },
    {
      clause:
        'a round that landed a commit → no stall (the re-review convergence owes is never withheld)',
      rounds: afterFirst(
        round(2, {
          phase: 'landed',
          landing: { path: 'head', commit: OTHER, branch: 'feature' },
          findings: ['F2'],
          entries: [entry('F2', { kind: 'applied', commit: OTHER })]
        }),
        round(3, { head: OTHER })
      ),
      stalls: false
    },
    {
      clause: 'a round whose question was answered → no stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, { review: 'no-review', verdict: undefined })
      ),
      gates: [answered('G1', 3, 'retry')],
      stalls: false
    },
    {
      clause: 'a deferral a person made is a disposition → no stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, {
          findings: ['F3'],
          entries: [entry('F3', { kind: 'carried', reason: 'deferred' }, { slot: 'gated' })]
        })
      ),
      stalls: false
    },
    {
      clause: 'a finding deferred again as settled policy is no new disposition → stall',
      rounds: [
        round(1, {
          findings: ['F1'],
          entries: [entry('F1', { kind: 'carried', reason: 'deferred' }, { slot: 'gated' })]
        }),
        round(2, {
          findings: ['F1'],
          entries: [
            entry('F1', { kind: 'carried', reason: 'deferred' }, { note: 'settled policy' })
          ]
        }),
        round(3, {
          findings: ['F1'],
          entries: [
            entry('F1', { kind: 'carried', reason: 'deferred' }, { note: 'settled policy' })
          ]
        })
      ],
      findings: [finding('F1', { outcome: { kind: 'carried', reason: 'deferred' } })],
      stalls: true
    },
    {
      clause: 'a dismissal returning as dropped again is no new disposition → stall',
      rounds: [
        round(1, {
          findings: ['F1'],
          entries: [entry('F1', { kind: 'dropped', basis: 'dismissed' }, { slot: 'gated' })]
        }),
        round(2, {
          findings: ['F1'],
          entries: [entry('F1', { kind: 'dropped', basis: 'settled at G1' })]
        }),
        round(3, {
          findings: ['F1'],
          entries: [entry('F1', { kind: 'dropped', basis: 'settled at G1' })]
        })
      ],
      stalls: true
    },
    {
      clause: 'a round still waiting on its questions is not finished → no stall yet',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, { phase: 'gated' })
      ),
      stalls: false
    },
    {
      clause: 'one round alone never stalls (nor the round number)',
      rounds: [round(7, { cycle: 'after-fixes' })],
      stalls: false
    },
    {
      clause:
        'counts rising decide nothing: 1 finding then 5, none dispositioned, nothing changed → stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, {
          findings: ['F3', 'F4', 'F5', 'F6', 'F7'],
          entries: ['F3', 'F4', 'F5', 'F6', 'F7'].map(id => entry(id, NOT_WRITTEN))
        })
      ),
      stalls: true
    },
    {
      clause: 'counts falling decide nothing: 5 findings then 0, nothing changed → stall',
      rounds: afterFirst(
        round(2, {
          findings: ['F2', 'F3', 'F4', 'F5', 'F6'],
          entries: ['F2', 'F3', 'F4', 'F5', 'F6'].map(id => entry(id, NOT_WRITTEN))
        }),
        round(3, { verdict: 'approve' })
      ),
      stalls: true
    },
    {
      clause: 'counts steady decide nothing: 1 then 1 with a disposition → no stall',
      rounds: afterFirst(
        round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
        round(3, {
          findings: ['F3'],
          entries: [entry('F3', { kind: 'handed', by: 'octo', words: 'follow-up' })]
        })
      ),
      stalls: false
    }
  ]
  it.each(rows)('$clause', ({ rounds, gates = [], findings = [], stalls }) => {
    const stall = stallOf(rounds, { gates, findings })
    expect(stall !== undefined).toBe(stalls)
  })

  it('names the two rounds, the head and the stable IDs still open', () => {
    const rounds = afterFirst(
      round(2, { findings: ['F2'], entries: [entry('F2', NOT_WRITTEN)] }),
      round(3, { findings: ['F3'], entries: [entry('F3', NOT_WRITTEN)] })
    )
    const findings = [finding('F1'), finding('F2', { round: 2 }), finding('F3', { round: 3 })]
    const stall = stallOf(rounds, { gates: [], findings })!
    expect(stall.rounds).toEqual([2, 3])
    expect(stall.head).toBe(HEAD)
    expect(stall.open).toEqual(['F2', 'F3'])
    expect(stall.lines[0]).toContain('round 2 (verdict needs-attention, head aaaaaaa): F2 (carried')
  })
})

describe('what a round moved', () => {
  it('says each change and each new disposition in words', () => {
    const earlier = [round(1, { entries: [entry('F1', NOT_WRITTEN)] })]
    const moved = movesOf(
      round(2, {
        head: OTHER,
        phase: 'landed',
        landing: { path: 'head', commit: 'd'.repeat(40), branch: 'feature' },
        entries: [entry('F1', { kind: 'applied', commit: 'd'.repeat(40) })]
      }),
      earlier,
      { gates: [answered('G4', 2, 'apply')] }
    )
    expect(moved).toEqual({
      round: 2,
      dispositioned: ['F1 applied'],
      changes: ['fixes landed in ddddddd', 'a new head (aaaaaaa → bbbbbbb)', 'G4 answered by @octo']
    })
  })
})

describe('the stall question', () => {
  const stall = {
    rounds: [2, 3] as [number, number],
    head: HEAD,
    open: ['F2', 'F3'],
    lines: ['round 2 (verdict needs-attention, head aaaaaaa): F2 (carried: not written)']
  }

  it('asks after saying what the rounds did, with continue, stop, or a direction in words', () => {
    const gate = Gate.parse(stallGate('G5', stall))
    expect(gate).toMatchObject({ kind: 'stall', round: 3, findings: ['F2', 'F3'], open: true })
    expect(gate.options.map(o => o.key)).toEqual(['continue', 'stop'])
    const body = renderGateComment(gate, [finding('F2'), finding('F3')])
    expect(body).toMatch(/^### G5: two rounds in a row changed nothing \(review round 3\)/)
    expect(body).toContain('Rounds 2 and 3 brought no finding to a disposition and changed nothing')
    expect(body).toContain('This is not an approval')
    expect(body.indexOf('Still open: F2, F3')).toBeLessThan(body.indexOf('**The question**'))
    expect(body).toContain('Or answer in your own words')
  })

  it.each([
    ['continue', { kind: 'continue' }],
    ['stop', { kind: 'stop' }],
    [undefined, { kind: 'direction' }],
    ['follow-up', { kind: 'disposition', option: 'follow-up' }]
  ])('reads the answer %s', (option, read) => {
    const gate = { ...stallGate('G5', stall), status: 'answered' as const }
    gate.answer = { by: 'octo', words: option ?? 'look at the retry path', commentId: 1, at: 'now' }
    if (option) gate.answer.option = option
    expect(stallAnswer(gate)).toEqual(read)
  })
})

describe('the trajectory reading (Rule 11)', () => {
  const findings = [
    finding('F1', { provenance: 'introduced' }),
    finding('F2', { provenance: 'introduced' }),
    finding('F3', { provenance: 'pre-existing' }),
    finding('F4', { provenance: 'indeterminate' }),
    finding('F5'),
    finding('F6', { provenance: 'introduced' })
  ]
  const previous = round(1, { findings: ['F1'], entries: [entry('F1', NOT_WRITTEN)] })

  it('divides a rise by provenance, each side with its findings, fix-induced named', () => {
    const now = round(2, {
      findings: ['F2', 'F3', 'F4', 'F5'],
      fixInduced: ['F2'],
      entries: ['F2', 'F3', 'F4', 'F5'].map(id => entry(id, NOT_WRITTEN))
    })
    const t = trajectoryOf(now, previous, findings)!
    expect(t).toMatchObject({
      previous: 1,
      count: 4,
      introduced: ['F2'],
      preExisting: ['F3'],
      indeterminate: ['F4'],
      untyped: ['F5'],
      fixInduced: ['F2']
    })
    expect(t.reading).toContain('a count prompts this look and decides nothing')
    expect(t.reading).toContain('Fix-induced')
    expect(t.reading).toContain('F2, which feeds the write tier')
    expect(t.reading).toContain('Already there before it: F3')
    expect(t.reading).toContain('whether this pull request carries it is yours to draw')
    expect(trajectoryParagraph(t)).toMatch(
      /^\*\*This round's findings by provenance\.\*\* Findings rose/
    )
  })

  it.each([
    ['a fall', ['F2'], 2],
    ['a steady count', ['F2'], 1]
  ])('takes no reading on %s', (_what, ids, before) => {
    const prev = round(1, {
      findings: ['F1', 'F6'].slice(0, before),
      entries: ['F1', 'F6'].slice(0, before).map(id => entry(id, NOT_WRITTEN))
    })
    const now = round(2, { findings: ids, entries: ids.map(id => entry(id, NOT_WRITTEN)) })
    expect(trajectoryOf(now, prev, findings)).toBeUndefined()
  })

  it('counts what holds: refuted findings make no rise', () => {
    const now = round(2, {
      findings: ['F2', 'F3'],
      entries: [
        entry('F2', NOT_WRITTEN),
        entry('F3', { kind: 'dropped', basis: 'line 40 does not exist at the head' })
      ]
    })
    expect(trajectoryOf(now, previous, findings)).toBeUndefined()
  })

  it('reads an introduced-only rise as the ordinary case, with no boundary to draw', () => {
    const now = round(2, {
      findings: ['F2', 'F6'],
      entries: ['F2', 'F6'].map(id => entry(id, NOT_WRITTEN))
    })
    const t = trajectoryOf(now, previous, findings)!
    expect(t.introduced).toEqual(['F2', 'F6'])
    expect(t.reading).toContain('(the ordinary case)')
    expect(t.reading).not.toContain('yours to draw')
  })

  it('takes no reading without a previous review or on a round with no review', () => {
    const now = round(2, { findings: ['F2', 'F3'], entries: [] })
    expect(trajectoryOf(now, undefined, findings)).toBeUndefined()
    expect(
      trajectoryOf(now, round(1, { review: 'no-review', verdict: undefined }), findings)
    ).toBeUndefined()
  })
})
