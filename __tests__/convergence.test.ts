/**
 * The convergence arms exactly (seed 004, Phase 5 and Convergence; Rules 4, 13, 14), one row per clause, and the
 * residuals an ending invocation surfaces instead of a clearance.
 */
import { describe, expect, it } from '@jest/globals'
import {
  aFinding,
  aGate,
  aLedger,
  anInvocation,
  aRound,
  BASE as BASE_SHA,
  FIX_COMMIT
} from '../__fixtures__/ledgers.js'
import { convergenceOf, residualsOf, unreviewedWords } from '../src/loop/convergence.js'
import { statusWords } from '../src/report/headline.js'
import { renderCompletionReport } from '../src/report/completion.js'
import type { Finding, Gate, Invocation, Round, TraceEntry } from '../src/loop/model.js'

const deferred = {
  kind: 'carried',
  reason: 'deferred at G1 by @octo-maintainer: "next PR"'
} as const
/** A Mechanical fix whose write changed nothing: the loop carried it itself, on the Relay slot. */
const writeFailed = {
  kind: 'carried',
  reason: 'not written: the write changed none of its sites; the next round reviews it again'
} as const
const dismissed = {
  kind: 'dropped',
  basis: 'dismissed by @octo-maintainer: "intended"'
} as const
const entry = (
  finding: string,
  outcome: Finding['outcome'],
  slot: TraceEntry['slot'] = 'gated'
): TraceEntry => ({ finding, slot, outcome })
const back = (
  round: number,
  handling: 'absorbed' | 'reapplied' | 'design-gate' | 'reclassified'
): Finding['returns'] => [
  { round, informed: handling !== 'absorbed', handling, basis: 'came back' }
]

interface Row {
  clause: string
  round: Partial<Round>
  findings?: Partial<Finding>[]
  gates?: Partial<Gate>[]
  invocation?: Partial<Invocation>
  converged: boolean
  arm?: string
  owes?: string
  why?: RegExp
  residual?: RegExp
}

const rows: Row[] = [
  {
    clause: 'approve: every surfaced finding dispositioned without an edit converges',
    round: {
      verdict: 'approve',
      findings: ['F1', 'F2'],
      entries: [entry('F1', deferred), entry('F2', dismissed)]
    },
    findings: [
      { id: 'F1', outcome: deferred },
      { id: 'F2', outcome: dismissed }
    ],
    converged: true,
    arm: 'approve',
    residual: /F1 .* still open: deferred at G1/
  },
  {
    clause: 'approve with nothing surfaced converges',
    round: { verdict: 'approve' },
    converged: true,
    arm: 'approve'
  },
  {
    clause:
      'approve with an edit-landing disposition does not converge: a fresh full review is owed',
    round: {
      verdict: 'approve',
      findings: ['F1'],
      entries: [entry('F1', { kind: 'applied', commit: FIX_COMMIT }, 'relay')],
      phase: 'landed',
      landing: { path: 'head', commit: FIX_COMMIT, branch: 'feature' }
    },
    findings: [{ id: 'F1', outcome: { kind: 'applied', commit: FIX_COMMIT } }],
    converged: false,
    owes: 'edit',
    why: /landed an edit \(F1\).*fresh full review/
  },
  {
    clause: 'approve with a pending recurrence does not converge: it awaits diagnosis',
    round: {
      n: 2,
      cycle: 'after-fixes',
      verdict: 'approve',
      findings: ['F1'],
      entries: [entry('F1', { kind: 'pending' })]
    },
    findings: [{ id: 'F1', returns: back(2, 'design-gate'), outcome: { kind: 'pending' } }],
    converged: false,
    owes: 'answer',
    why: /F1 came back this round and awaits diagnosis/
  },
  {
    clause: 'approve with a gate still open does not converge',
    round: { verdict: 'approve', findings: ['F1'], entries: [entry('F1', { kind: 'pending' })] },
    findings: [{ id: 'F1', gate: 'G1' }],
    gates: [{ id: 'G1', round: 1, findings: ['F1'] }],
    converged: false,
    owes: 'answer',
    why: /G1 waits for an answer/
  },
  {
    clause: 'a finding still pending never converges, whatever the verdict',
    round: { verdict: 'approve', findings: ['F1'], entries: [entry('F1', { kind: 'pending' })] },
    findings: [{ id: 'F1' }],
    converged: false,
    owes: 'answer',
    why: /F1 has no disposition yet/
  },
  {
    clause: 'zero new with a carried deferral converges, the deferral a residual',
    round: {
      n: 2,
      cycle: 'after-fixes',
      findings: ['F1'],
      entries: [entry('F1', deferred, 'relay')]
    },
    findings: [{ id: 'F1', outcome: deferred, returns: back(2, 'absorbed') }],
    converged: true,
    arm: 'zero-new',
    residual: /F1 \(medium, src\/a\.ts:42: .*\) still open: deferred at G1/
  },
  {
    clause: 'zero new: a recurrence is never new, even classified afresh',
    round: {
      n: 3,
      cycle: 'after-fixes',
      findings: ['F1'],
      entries: [entry('F1', deferred)]
    },
    findings: [{ id: 'F1', outcome: deferred, returns: back(3, 'reclassified') }],
    converged: true,
    arm: 'zero-new'
  },
  {
    clause:
      "zero new: a finding an earlier round raised, found again while it waited, is not new once it's answered",
    round: {
      n: 2,
      cycle: 'after-author-push',
      findings: ['F1'],
      entries: [entry('F1', deferred)]
    },
    findings: [{ id: 'F1', round: 1, outcome: deferred }],
    converged: true,
    arm: 'zero-new'
  },
  {
    clause: 'zero new: a finding dropped by verification is refuted, not new',
    round: {
      n: 2,
      cycle: 'after-fixes',
      findings: ['F2'],
      entries: [entry('F2', { kind: 'dropped', basis: 'no line 90 at the head' }, 'relay')]
    },
    findings: [
      { id: 'F2', round: 2, outcome: { kind: 'dropped', basis: 'no line 90 at the head' } }
    ],
    converged: true,
    arm: 'zero-new'
  },
  {
    clause: 'zero new: a settled-policy absorption is not new',
    round: {
      n: 2,
      cycle: 'after-author-push',
      findings: ['F1'],
      entries: [entry('F1', { kind: 'dropped', basis: 'settled at G1 by @octo: "fine"' }, 'relay')]
    },
    findings: [
      {
        id: 'F1',
        outcome: { kind: 'dropped', basis: 'settled at G1 by @octo: "fine"' },
        returns: back(2, 'absorbed')
      }
    ],
    converged: true,
    arm: 'zero-new',
    residual: /F1 .* dismissed again as settled policy/
  },
  {
    clause: 'a finding handed to a follow-up is dispositioned: the run converges there',
    round: {
      findings: ['F1'],
      entries: [entry('F1', { kind: 'handed', by: 'octo', words: 'in #12' })]
    },
    findings: [{ id: 'F1', outcome: { kind: 'handed', by: 'octo', words: 'in #12' } }],
    converged: true,
    arm: 'zero-new',
    residual: /F1 .* handed to a follow-up by @octo: "in #12"/
  },
  {
    clause: "a finding suggested to a fork's author is dispositioned",
    round: {
      findings: ['F1'],
      entries: [entry('F1', { kind: 'suggested', where: 'https://x/r/1' }, 'relay')]
    },
    findings: [{ id: 'F1', outcome: { kind: 'suggested', where: 'https://x/r/1' } }],
    converged: true,
    arm: 'zero-new',
    residual: /F1 .* suggested to the fork's author.*https:\/\/x\/r\/1/
  },
  {
    clause:
      'an approved fix this run may not push, handed to a person as a patch, is dispositioned',
    round: {
      findings: ['F1'],
      entries: [
        {
          ...entry('F1', { kind: 'carried', reason: 'not pushed: .github/workflows/ci.yml' }),
          patch: '--- a/.github/workflows/ci.yml'
        }
      ]
    },
    findings: [
      { id: 'F1', outcome: { kind: 'carried', reason: 'not pushed: .github/workflows/ci.yml' } }
    ],
    converged: true,
    arm: 'zero-new',
    residual: /F1 .* still open: not pushed/
  },
  {
    clause: 'a new finding deferred under needs-attention meets no arm: a full re-review is owed',
    round: {
      n: 2,
      cycle: 'after-fixes',
      findings: ['F2'],
      entries: [entry('F2', deferred)]
    },
    findings: [{ id: 'F2', round: 2, outcome: deferred }],
    converged: false,
    owes: 'review',
    why: /needs-attention and F2 is new and still open/
  },
  {
    clause:
      'approve with a fix the loop could not write does not converge: carried work is no disposition',
    round: {
      verdict: 'approve',
      findings: ['F1'],
      entries: [entry('F1', writeFailed, 'relay')]
    },
    findings: [{ id: 'F1', outcome: writeFailed }],
    converged: false,
    owes: 'review',
    why: /F1 is carried work, not a disposition \(not written: the write changed none of its sites/
  },
  {
    clause:
      'a fix a person chose at a gate that the loop could not write is carried work too, though its entry sits under Gated',
    round: {
      verdict: 'approve',
      findings: ['F1'],
      entries: [entry('F1', { ...writeFailed, loop: true })]
    },
    findings: [{ id: 'F1', gate: 'G1', outcome: { ...writeFailed, loop: true } }],
    converged: false,
    owes: 'review',
    why: /F1 is carried work/
  },
  {
    clause:
      'zero new does not hold over a returning finding the loop carried: its carry is no disposition either',
    round: {
      n: 2,
      cycle: 'after-fixes',
      findings: ['F1'],
      entries: [entry('F1', writeFailed, 'relay')]
    },
    findings: [{ id: 'F1', outcome: writeFailed, returns: back(2, 'reclassified') }],
    converged: false,
    owes: 'review',
    why: /F1 is carried work/
  },
  {
    clause:
      "a person's deferral absorbed again on the Relay slot is a disposition, not carried work",
    round: {
      verdict: 'approve',
      n: 2,
      cycle: 'after-fixes',
      findings: ['F1'],
      entries: [entry('F1', deferred, 'relay')]
    },
    findings: [{ id: 'F1', outcome: deferred, returns: back(2, 'absorbed') }],
    converged: true,
    arm: 'approve'
  },
  {
    clause: 'a round with malformed entries is not a clean full review: approve does not converge',
    round: {
      verdict: 'approve',
      malformed: ['{"line":4} — file is missing; description is missing']
    },
    converged: false,
    owes: 'review',
    why: /round 1's review came back with 1 malformed entry .*not a clean full review/
  },
  {
    clause: 'nor does zero new with malformed entries',
    round: {
      n: 2,
      cycle: 'after-fixes',
      malformed: ['{"line":4} — file is missing', '{} — severity is missing']
    },
    converged: false,
    owes: 'review',
    why: /2 malformed entries/
  },
  {
    clause: 'a no-verdict round does not converge (Rule 13)',
    round: { review: 'no-review', phase: 'no-review', exercised: undefined, verdict: undefined },
    converged: false,
    owes: 'verdict',
    why: /no verdict.*satisfies no arm/
  },
  {
    clause:
      'a no-verdict re-review does not converge: its emptiness would imitate the zero-new arm',
    round: {
      n: 2,
      cycle: 'after-fixes',
      review: 'no-review',
      phase: 'no-review',
      verdict: undefined
    },
    converged: false,
    owes: 'verdict'
  },
  {
    clause: 'the free exit is an arm of its own',
    round: { findings: ['F1'], entries: [entry('F1', { kind: 'pending' })] },
    findings: [{ id: 'F1' }],
    invocation: {
      ended: { as: 'exited', round: 1, at: '2025-03-01T11:00:00Z', by: 'octo', reason: 'stopped' }
    },
    converged: true,
    arm: 'exit'
  },
  {
    clause: 'a source without reach: said once at convergence',
    round: { verdict: 'approve', exercised: undefined },
    invocation: {
      source: { name: 'openai', designation: 'the only key', reportsReach: false }
    },
    converged: true,
    arm: 'approve',
    residual: /^reach unknown: openai cannot report what it reached/
  }
]

describe('convergence arms', () => {
  it.each(rows)('$clause', row => {
    const round = aRound(row.round)
    const inv = anInvocation(row.invocation)
    const ledger = aLedger({
      invocations: [inv],
      rounds: [round],
      findings: (row.findings ?? []).map(f => aFinding(f)),
      gates: (row.gates ?? []).map(g => aGate(g))
    })
    const got = convergenceOf(ledger, inv, round)
    expect(got.converged).toBe(row.converged)
    if (got.converged) expect(got.arm).toBe(row.arm)
    else {
      expect(got.owes).toBe(row.owes)
      if (row.why) expect(got.why).toMatch(row.why)
    }
    if (row.residual) expect(residualsOf(ledger, inv).join('\n')).toMatch(row.residual)
  })
})

describe('residuals, never clearance', () => {
  const reviewed = (n: number, over: Partial<Round> = {}) =>
    aRound({ n, cycle: n === 1 ? 'first-pass' : 'after-fixes', ...over })

  it('says once that a source without reach leaves the reach of the whole loop unknown, never per round', () => {
    const inv = anInvocation({
      source: { name: 'openai', designation: 'the only key', reportsReach: false }
    })
    const ledger = aLedger({
      invocations: [inv],
      rounds: [1, 2, 3].map(n => reviewed(n, { exercised: undefined }))
    })
    const residuals = residualsOf(ledger, inv)
    expect(residuals.filter(r => r.startsWith('reach unknown'))).toHaveLength(1)
    expect(residuals.join('\n')).not.toMatch(/unreached|round \d/)
  })

  it('lists each unreached axis by the latest round that spoke of it: a later reach clears it, a later gap replaces it', () => {
    const inv = anInvocation()
    const ledger = aLedger({
      invocations: [inv],
      rounds: [
        reviewed(1, {
          exercised: {
            reached: [],
            unreached: [
              { axis: 'contract-closure', reason: 'ran out of budget' },
              { axis: 'tests', reason: 'not sent' }
            ]
          }
        }),
        reviewed(2, {
          exercised: {
            reached: ['contract-closure'],
            unreached: [{ axis: 'tests', reason: 'the test files were too large' }]
          }
        }),
        reviewed(3, { exercised: { reached: ['security', 'contract-closure'], unreached: [] } })
      ]
    })
    expect(residualsOf(ledger, inv)).toEqual([
      'unreached: tests: the test files were too large (round 2)'
    ])
  })

  it.each<[string, Round['exercised'][], string[]]>([
    [
      'a report naming neither side of contract-closure leaves it unreached, not reported by the source',
      [{ reached: ['runtime-behavior'], unreached: [] }],
      ['unreached: contract-closure: not reported by the source (round 1)']
    ],
    [
      'the latest round that left it unreported is the one named',
      [
        { reached: ['contract-closure'], unreached: [] },
        { reached: [], unreached: [] }
      ],
      ['unreached: contract-closure: not reported by the source (round 2)']
    ],
    [
      'a later round that reached it clears it',
      [
        { reached: [], unreached: [] },
        { reached: ['contract-closure'], unreached: [] }
      ],
      []
    ],
    [
      'a report with it unreached keeps its own reason',
      [{ reached: [], unreached: [{ axis: 'contract-closure', reason: 'no room' }] }],
      ['unreached: contract-closure: no room (round 1)']
    ],
    [
      'no report at all is the round-level silence, said as such',
      [null],
      ["reach unreported: round 1's source returned no report of what it reached"]
    ]
  ])('contract-closure (Rule 14): %s', (_clause, reports, residuals) => {
    const inv = anInvocation()
    const ledger = aLedger({
      invocations: [inv],
      rounds: reports.map((exercised, i) => reviewed(i + 1, { exercised }))
    })
    expect(residualsOf(ledger, inv)).toEqual(residuals)
  })

  it('records a round whose source could report reach but returned no report', () => {
    const inv = anInvocation()
    const ledger = aLedger({ invocations: [inv], rounds: [reviewed(1, { exercised: null })] })
    expect(residualsOf(ledger, inv)).toEqual([
      "reach unreported: round 1's source returned no report of what it reached"
    ])
  })

  it("carries the fit pass's risk verdict and the write check's discrepancies", () => {
    const inv = anInvocation()
    const ledger = aLedger({
      invocations: [inv],
      rounds: [
        reviewed(1, {
          apply: {
            writers: ['F1: the writer'],
            discrepancies: ['F1: site src/b.ts:9 of its pattern was not written'],
            fit: { verdict: 'adapted: the guard moved', risk: 'defer: callers rely on the order' }
          }
        })
      ]
    })
    expect(residualsOf(ledger, inv)).toEqual([
      'round 1 fit pass (adapted: the guard moved): risk defer: callers rely on the order — recorded, not actuated',
      'round 1 write check: F1: site src/b.ts:9 of its pattern was not written — carried forward'
    ])
  })

  it("leaves out what belongs to another invocation and what is closed: a landed fix, a person's dismissal", () => {
    const old = anInvocation({
      n: 1,
      ended: { as: 'converged', round: 1, at: '2025-03-01T11:00:00Z', reason: 'approve' }
    })
    const inv = anInvocation({ n: 2, firstRound: 2 })
    const ledger = aLedger({
      invocations: [old, inv],
      rounds: [
        reviewed(1, { findings: ['F1'] }),
        reviewed(2, { invocation: 2, findings: ['F2', 'F3'] })
      ],
      findings: [
        aFinding({ id: 'F1', outcome: deferred }),
        aFinding({ id: 'F2', round: 2, outcome: { kind: 'applied', commit: FIX_COMMIT } }),
        aFinding({ id: 'F3', round: 2, outcome: dismissed })
      ]
    })
    expect(residualsOf(ledger, inv)).toEqual([])
  })
})

describe('changed files a review could not carry', () => {
  it.each<[string, Round['unreviewed'], string | undefined]>([
    ['none', undefined, undefined],
    [
      'one',
      [{ file: 'src/huge.js', why: 'too large' }],
      '1 changed file was not reviewed: src/huge.js'
    ],
    [
      'several, one name each',
      [
        { file: 'a.js', why: 'x' },
        { file: 'b.js', why: 'y' },
        { file: 'a.js', why: 'z' }
      ],
      '2 changed files were not reviewed: a.js and b.js'
    ],
    [
      'more than it names',
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(f => ({ file: `${f}.js`, why: 'x' })),
      '7 changed files were not reviewed: a.js, b.js, c.js, d.js, e.js and 2 more'
    ]
  ])('%s', (_name, unreviewed, words) => {
    expect(unreviewedWords(aRound(unreviewed ? { unreviewed } : {}))).toBe(words)
  })

  it('the headline of a convergence names them', () => {
    const inv = anInvocation({
      ended: { as: 'converged', round: 1, at: '2025-03-01T11:00:00Z', reason: 'approve' }
    })
    const ledger = aLedger({
      invocations: [inv],
      rounds: [aRound({ verdict: 'approve', unreviewed: [{ file: 'src/huge.js', why: 'x' }] })]
    })
    expect(statusWords(ledger, { status: 'converged' })).toBe(
      'converged; 1 changed file was not reviewed: src/huge.js'
    )
  })
})

describe('the completion report', () => {
  const ended = (over: Partial<NonNullable<Invocation['ended']>> = {}) => ({
    as: 'converged' as const,
    round: 2,
    at: '2025-03-01T11:00:00Z',
    reason: 'approve, with every finding of round 2 dispositioned without an edit',
    ...over
  })

  it('names the stacked layer to merge first, and reads checks not run off the rounds', () => {
    const inv = anInvocation({
      landing: 'stacked',
      stacked: { branch: 'review-loop/pr-7', pr: 8, cut: BASE_SHA, head: FIX_COMMIT },
      ended: ended()
    })
    const ledger = aLedger({
      invocations: [inv],
      rounds: [
        aRound({ n: 1, findings: ['F1'], readingsNotRun: ['provenance (no driver)'] }),
        aRound({ n: 2, cycle: 'after-fixes', verdict: 'approve' })
      ],
      findings: [aFinding({ id: 'F1', outcome: { kind: 'applied', commit: FIX_COMMIT } })]
    })
    const text = renderCompletionReport(ledger, inv, {
      mergeGate: { context: 'review-loop', state: 'pending' }
    })
    expect(text).toContain("(the source's verdict: approve)")
    expect(text).toContain('- **Rounds**: rounds 1–2 (2 in this review)')
    expect(text).toContain('- **Active findings**: none')
    expect(text).toContain('- **Resolved findings**: applied 1 (F1)')
    expect(text).toContain('  - round 1: provenance (no driver)')
    expect(text).toContain('- **Residual risks**: none recorded')
    expect(text).toContain(
      '- **Next**: merge #8 (the stacked layer with the fixes) first, then merge #7 when the merge gate `review-loop` is green; or push to start a new review.'
    )
  })

  it('after a stop, never claims a pass: the open findings are active and the next step is a new review', () => {
    const inv = anInvocation({
      ended: ended({ as: 'exited', round: 1, by: 'octo', reason: 'stopped by @octo' })
    })
    const ledger = aLedger({
      invocations: [inv],
      rounds: [aRound({ n: 1, findings: ['F1', 'F2'] })],
      findings: [
        aFinding({ id: 'F1', severity: 'high' }),
        aFinding({ id: 'F2', outcome: deferred })
      ],
      gates: [aGate({ id: 'G3', status: 'open', findings: [] })]
    })
    const text = renderCompletionReport(ledger, inv)
    expect(text).toContain(
      "- **Verdict**: ended without converging after round 1, at @octo's request: stopped by @octo"
    )
    expect(text).toContain(
      '- **Active findings**: carried (deferred) 1 (F2); undecided 1 (F1), of which critical or high: F1'
    )
    expect(text).toContain('- **Residual risks** — ended with residuals, none of them a clearance:')
    expect(text).toContain(
      '- **Next**: answer G3; or push to start a new review of what is left open.'
    )
    expect(text).not.toMatch(/passed/)
  })

  it('is not rendered while the invocation runs', () => {
    const inv = anInvocation()
    expect(renderCompletionReport(aLedger({ invocations: [inv] }), inv)).toBe('')
  })
})
