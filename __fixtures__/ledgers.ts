/** Small hand-built ledgers for the report tests; every builder's result passes the model's schema. */
import {
  emptyLedger,
  Finding,
  Gate,
  Invocation,
  Ledger,
  Round,
  type Finding as FindingT,
  type Gate as GateT,
  type Invocation as InvocationT,
  type Ledger as LedgerT,
  type Round as RoundT
} from '../src/loop/model.js'

export const BASE = '1111111111111111111111111111111111111111'
export const HEAD = 'abc1234def5678abc1234def5678abc1234def56'
export const FIX_COMMIT = 'fedcba9876543210fedcba9876543210fedcba98'

/** An invocation whose source reports reach unless told otherwise. */
export function anInvocation(over: Partial<InvocationT> = {}): InvocationT {
  return Invocation.parse({
    n: 1,
    startedAt: '2025-03-01T10:00:00Z',
    firstRound: 1,
    base: BASE,
    baseRef: 'main',
    head: HEAD,
    changedFiles: ['src/a.ts', 'src/b.ts'],
    source: { name: 'command', designation: 'set by the `source` input', reportsReach: true },
    landing: 'head',
    ...over
  })
}

/** A reviewed round with no entries. */
export function aRound(over: Partial<RoundT> = {}): RoundT {
  return Round.parse({
    n: 1,
    invocation: 1,
    cycle: 'first-pass',
    base: BASE,
    head: HEAD,
    requestHash: '0123456789abcdef0123456789abcdef',
    source: 'command',
    startedAt: '2025-03-01T10:01:00Z',
    review: 'reviewed',
    verdict: 'needs-attention',
    exercised: { reached: ['contract-closure'], unreached: [] },
    malformed: [],
    findings: [],
    entries: [],
    readingsNotRun: [],
    phase: 'closed',
    ...over
  })
}

/** A finding, pending by default. */
export function aFinding(over: Partial<FindingT> = {}): FindingT {
  return Finding.parse({
    id: 'F1',
    round: 1,
    severity: 'medium',
    file: 'src/a.ts',
    line: 42,
    description: 'The loop reads one element past the end of the array.',
    outcome: { kind: 'pending' },
    ...over
  })
}

/** An open judgment gate with three options. */
export function aGate(over: Partial<GateT> = {}): GateT {
  return Gate.parse({
    id: 'G1',
    round: 1,
    kind: 'judgment',
    findings: ['F1'],
    analysis:
      'The fix changes what callers see when the list is empty, and two callers rely on that.',
    question: 'Should the fix go in now, wait for a later change, or be dropped?',
    options: [
      { key: 'accept', label: 'Apply the fix', leadsTo: 'the fix is committed to this branch.' },
      {
        key: 'defer',
        label: 'Leave it for later',
        leadsTo: 'the finding stays open and is listed at the end.'
      },
      { key: 'drop', label: 'Do not fix', leadsTo: 'the finding is closed with your reason.' }
    ],
    open: true,
    commentId: 555,
    status: 'open',
    ...over
  })
}

/** A ledger for PR #7 holding the given parts, checked against the schema. */
export function aLedger(over: Partial<LedgerT> = {}): LedgerT {
  const base = emptyLedger('octo/widgets', 7, '2025-03-01T10:05:00Z')
  return Ledger.parse({ ...base, invocations: [anInvocation()], revision: 3, ...over })
}
