/**
 * The merge gate's decision (src/loop/merge-gate.ts), one row per case: `success` only when the latest full review of
 * the very head the gate is set on converged and carried every changed file; never after a stop before any review,
 * after a round with no review, or with the head never reviewed.
 */
import { describe, expect, it } from '@jest/globals'
import {
  aFinding,
  aGate,
  aLedger,
  anInvocation,
  aRound,
  FIX_COMMIT,
  HEAD
} from '../__fixtures__/ledgers.js'
import { mergeGateOf, openFindings, type GateDecision } from '../src/loop/merge-gate.js'
import type { Finding, Gate, Invocation, Ledger, Round, Status } from '../src/loop/model.js'
import { DESCRIPTION_LIMIT, mergeGateFor } from '../src/run/merge-gate.js'

const AUTHOR_PUSH = '2222222222222222222222222222222222222222'
const at = (round: number) => ({ round, at: '2025-03-01T11:00:00Z' })
const converged = (round: number, reason = 'approve, with every finding dispositioned') => ({
  ended: { as: 'converged' as const, reason, ...at(round) }
})
const stopped = (round: number) => ({
  ended: { as: 'exited' as const, by: 'octo', reason: 'stopped by @octo', ...at(round) }
})
const applied: Finding['outcome'] = { kind: 'applied', commit: FIX_COMMIT }
const HUGE = { file: 'src/huge.js', why: 'its one hunk is over the budget' }

interface Row {
  clause: string
  status: Status
  head?: string
  invocation?: Partial<Invocation>
  rounds?: Partial<Round>[]
  findings?: Partial<Finding>[]
  gates?: Partial<Gate>[]
  owed?: Ledger['owed']
  message?: string
  gate: GateDecision | undefined | { state: GateDecision['state']; reason: RegExp }
}

const rows: Row[] = [
  { clause: 'a run with nothing for the loop sets nothing', status: 'ignored', gate: undefined },
  {
    clause: 'a review owed is pending',
    status: 'continue',
    owed: { reason: 'after-fixes', head: FIX_COMMIT, requested: 'dispatch' },
    gate: { state: 'pending', reason: 'A review is owed: re-review after fixes of fedcba9' }
  },
  {
    clause: 'a question waiting is pending',
    status: 'awaiting-decision',
    rounds: [{ phase: 'gated' }],
    gates: [{ id: 'G1' }],
    gate: { state: 'pending', reason: 'Waiting for an answer to G1' }
  },
  {
    clause: 'blocked is an error, with what must change',
    status: 'blocked',
    message: 'the token lacks `contents: write`',
    gate: { state: 'error', reason: 'Blocked: the token lacks `contents: write`' }
  },
  {
    clause: 'a round with no review fails',
    status: 'no-review',
    rounds: [{ review: 'no-review', verdict: undefined, phase: 'no-review' }],
    gates: [{ id: 'G1', kind: 'no-review', findings: [] }],
    gate: {
      state: 'failure',
      reason: 'Round 1 produced no review; G1 asks whether to retry, switch source or stop'
    }
  },
  {
    clause: 'a convergence on the review of this head passes',
    status: 'converged',
    invocation: converged(1),
    rounds: [{ verdict: 'approve' }],
    gate: {
      state: 'success',
      reason: 'Converged on round 1: approve, with every finding dispositioned'
    }
  },
  {
    clause: 'a convergence that covers a stacked layer not yet in the PR stays pending',
    status: 'converged',
    invocation: {
      ...converged(2),
      stacked: { branch: 'review-loop/pr-7', pr: 8, cut: HEAD, head: FIX_COMMIT }
    },
    rounds: [{}, { n: 2, head: FIX_COMMIT, cycle: 'after-fixes', verdict: 'approve' }],
    gate: { state: 'pending', reason: 'Converged with the stacked layer #8: merge #8 first' }
  },
  {
    clause: 'a convergence on another head leaves this one pending: it is not reviewed yet',
    status: 'converged',
    head: AUTHOR_PUSH,
    invocation: converged(1),
    rounds: [{ verdict: 'approve' }],
    gate: {
      state: 'pending',
      reason: 'Converged on round 1 for abc1234; 2222222 is not reviewed yet'
    }
  },
  {
    clause:
      'a convergence whose review could not carry some changed files fails, naming them and what would review them',
    status: 'converged',
    invocation: converged(1),
    rounds: [{ verdict: 'approve', unreviewed: [HUGE] }],
    gate: {
      state: 'failure',
      reason:
        'Converged, but 1 changed file was not reviewed: src/huge.js; a larger review-budget or a source that reads the repository would review them'
    }
  },
  {
    clause: 'a stop before any review fails',
    status: 'exited',
    invocation: stopped(0),
    gate: { state: 'failure', reason: 'Stopped before any review of abc1234' }
  },
  {
    clause: 'a stop after a round with no review fails',
    status: 'exited',
    invocation: stopped(1),
    rounds: [{ review: 'no-review', verdict: undefined, phase: 'closed' }],
    gate: {
      state: 'failure',
      reason: 'Stopped: round 1 produced no review of abc1234, so it was never reviewed in full'
    }
  },
  {
    clause: 'a stop after fixes landed, before the head with them was reviewed, fails',
    status: 'exited',
    head: FIX_COMMIT,
    invocation: stopped(1),
    rounds: [
      {
        findings: ['F1'],
        phase: 'landed',
        landing: { path: 'head', commit: FIX_COMMIT, branch: 'feature' }
      }
    ],
    findings: [{ id: 'F1', outcome: applied }],
    gate: {
      state: 'failure',
      reason:
        "Stopped with fedcba9 never reviewed: the loop's fixes for F1 landed after the last review"
    }
  },
  {
    clause: "a stop after the author's push, before its review, fails",
    status: 'exited',
    head: AUTHOR_PUSH,
    invocation: stopped(1),
    rounds: [{ verdict: 'approve' }],
    gate: {
      state: 'failure',
      reason: 'Stopped with 2222222 never reviewed: it was pushed after the last review'
    }
  },
  {
    clause: 'a stop with findings open fails, naming them',
    status: 'exited',
    invocation: stopped(1),
    rounds: [{ findings: ['F1', 'F2'] }],
    findings: [{ id: 'F1' }, { id: 'F2', outcome: { kind: 'carried', reason: 'deferred' } }],
    gate: { state: 'failure', reason: 'Ended after round 1 with 2 findings open: F1 and F2' }
  },
  {
    clause: 'a stop after a review of this head that did not converge fails, with why',
    status: 'exited',
    invocation: stopped(1),
    rounds: [{ verdict: 'approve', malformed: ['{} — severity is missing'] }],
    gate: {
      state: 'failure',
      reason:
        /^Ended after round 1; round 1's review of abc1234 did not converge: .*malformed entry/
    }
  },
  {
    clause: 'a stop after a converged review of this head may pass',
    status: 'exited',
    invocation: stopped(1),
    rounds: [{ verdict: 'approve', findings: ['F1'] }],
    findings: [{ id: 'F1', outcome: { kind: 'dropped', basis: 'dismissed by @octo: "fine"' } }],
    gate: { state: 'success', reason: "Ended after round 1; round 1's review of abc1234 converged" }
  },
  {
    clause: 'a stop after a converged review that could not carry some files fails',
    status: 'exited',
    invocation: stopped(1),
    rounds: [{ verdict: 'approve', unreviewed: [HUGE] }],
    gate: {
      state: 'failure',
      reason:
        /^Ended after round 1, but 1 changed file was not reviewed: src\/huge\.js; a larger review-budget/
    }
  }
]

describe('the merge gate', () => {
  it.each(rows)('$clause', row => {
    const ledger = aLedger({
      invocations: [anInvocation(row.invocation)],
      rounds: (row.rounds ?? []).map(r => aRound(r)),
      findings: (row.findings ?? []).map(f => aFinding(f)),
      gates: (row.gates ?? []).map(g => aGate(g)),
      ...(row.owed ? { owed: row.owed } : {})
    })
    const got = mergeGateOf(ledger, {
      status: row.status,
      head: row.head ?? HEAD,
      ...(row.message ? { message: row.message } : {})
    })
    if (row.gate === undefined) expect(got).toBeUndefined()
    else if (row.gate.reason instanceof RegExp) {
      expect(got?.state).toBe(row.gate.state)
      expect(got?.reason).toMatch(row.gate.reason)
    } else expect(got).toEqual(row.gate)
  })

  it('lists the open findings of the latest invocation only', () => {
    const ledger = aLedger({
      invocations: [anInvocation({ ...converged(1) }), anInvocation({ n: 2, firstRound: 2 })],
      rounds: [
        aRound({ findings: ['F1'] }),
        aRound({ n: 2, invocation: 2, findings: ['F2', 'F3'] })
      ],
      findings: [
        aFinding({ id: 'F1' }),
        aFinding({ id: 'F2', round: 2 }),
        aFinding({ id: 'F3', round: 2, outcome: applied })
      ]
    })
    expect(openFindings(ledger)).toEqual(['F2'])
  })

  it("keeps the description within GitHub's 140 characters", () => {
    const ledger = aLedger({ rounds: [aRound()] })
    const blocked = mergeGateFor(
      ledger,
      { status: 'blocked', message: 'the token lacks `contents: write`; '.repeat(10) },
      HEAD
    )!
    expect(blocked.state).toBe('error')
    expect(blocked.description.startsWith('Blocked: the token lacks `contents: write`;')).toBe(true)
    expect(blocked.description.length).toBe(DESCRIPTION_LIMIT)
    expect(blocked.description.endsWith('…')).toBe(true)
  })
})
