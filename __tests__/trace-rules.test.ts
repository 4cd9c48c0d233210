/** The trace's placement and omission rules (seed 004, "Convergence is demonstrated"), one row each. */
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
import type { Ledger, Round } from '../src/loop/model.js'
import { renderRoundTrace } from '../src/report/trace.js'

interface Row {
  rule: string
  ledger: () => Ledger
  /** Lines (or patterns) the trace of the ledger's last round shows. */
  shows: (string | RegExp)[]
  /** What it must not show. */
  hides?: (string | RegExp)[]
}

const NO_REACH = anInvocation({
  source: { name: 'codex', designation: 'the only usable source', reportsReach: false }
})

/** A ledger of one round holding `round`'s fields, with its findings. */
function oneRound(round: Partial<Round>, over: Partial<Ledger> = {}): Ledger {
  return aLedger({ rounds: [aRound(round)], ...over })
}

const ROWS: Row[] = [
  {
    rule: 'an entry sits under Gated when a person was asked',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          entries: [{ finding: 'F1', slot: 'gated', outcome: { kind: 'pending' } }]
        },
        { findings: [aFinding({ gate: 'G1' })], gates: [aGate()] }
      ),
    shows: [
      '  Relay:     none',
      '  Gated:     F1 src/a.ts:42 — The loop reads one element past the end of the array. → awaiting decision (G1)'
    ]
  },
  {
    rule: 'a Mechanical edit the risk screen stopped sits under Gated, with its origin and the screen inline',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          phase: 'gated',
          entries: [
            {
              finding: 'F1',
              slot: 'gated',
              note: 'Mechanical: the fix replaces lines this change wrote',
              outcome: { kind: 'pending' }
            }
          ]
        },
        {
          findings: [
            aFinding({
              class: 'mechanical',
              risk: { kind: 'epistemic', why: 'callers rely on the old bound', gate: 'G2' }
            })
          ],
          gates: [aGate({ id: 'G2', kind: 'risk' })]
        }
      ),
    shows: [
      /^ {2}Gated: {5}F1 .* → awaiting decision \(G2\) \[stopped by the risk screen, asked at G2: callers rely on the old bound\] \[Mechanical: the fix replaces lines this change wrote\]$/m,
      '  Relay:     none'
    ]
  },
  {
    rule: "a risk-stopped edit's outcome follows the answer (defer: carried with the reason), still under Gated",
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          entries: [
            {
              finding: 'F1',
              slot: 'gated',
              note: 'Mechanical: the fix replaces lines this change wrote',
              outcome: {
                kind: 'carried',
                reason: 'deferred at G2 by @bob: "defer after the release"'
              }
            }
          ]
        },
        {
          findings: [
            aFinding({
              risk: { kind: 'epistemic', why: 'callers rely on it', gate: 'G2' },
              outcome: {
                kind: 'carried',
                reason: 'deferred at G2 by @bob: "defer after the release"'
              }
            })
          ],
          gates: [aGate({ id: 'G2', kind: 'risk', status: 'answered' })]
        }
      ),
    shows: [
      /^ {2}Gated: {5}F1 .* → carried: deferred at G2 by @bob: "defer after the release" \[stopped by the risk screen/m
    ]
  },
  {
    rule: 'an approved fix the risk screen then stopped waits on the risk question, not the answered one',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          phase: 'gated',
          entries: [{ finding: 'F1', slot: 'gated', outcome: { kind: 'pending' } }]
        },
        {
          findings: [
            aFinding({
              gate: 'G1',
              risk: { kind: 'substrate', why: 'a protected path', gate: 'G2' }
            })
          ],
          gates: [aGate({ status: 'answered' }), aGate({ id: 'G2', kind: 'risk' })]
        }
      ),
    shows: [
      /^ {2}Gated: {5}F1 .* → awaiting decision \(G2\) \[stopped by the risk screen, asked at G2: a protected path\]$/m
    ]
  },
  {
    rule: 'a settled-policy resolution sits under Relay, annotated by the prior disposition it applies',
    ledger: () =>
      oneRound(
        {
          n: 2,
          findings: ['F1'],
          entries: [
            {
              finding: 'F1',
              slot: 'relay',
              note: 'settled policy of G1: dismissed in round 1, and the source had not been told',
              outcome: {
                kind: 'dropped',
                basis: 'dismissed by @bob: "dismiss callers pass a bound"'
              }
            }
          ]
        },
        {
          findings: [
            aFinding({
              gate: 'G1',
              outcome: {
                kind: 'dropped',
                basis: 'dismissed by @bob: "dismiss callers pass a bound"'
              }
            })
          ],
          gates: [aGate({ status: 'answered' })]
        }
      ),
    shows: [
      '  Relay:     F1 src/a.ts:42 — The loop reads one element past the end of the array. → dropped: dismissed by @bob: "dismiss callers pass a bound" [settled policy of G1: dismissed in round 1, and the source had not been told]',
      '  Gated:     none'
    ]
  },
  {
    rule: 'a verify drop sits under Relay with its basis',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          entries: [
            {
              finding: 'F1',
              slot: 'relay',
              outcome: { kind: 'dropped', basis: 'line 420 does not exist in src/a.ts at abc1234' }
            }
          ]
        },
        {
          findings: [
            aFinding({
              outcome: { kind: 'dropped', basis: 'line 420 does not exist in src/a.ts at abc1234' }
            })
          ]
        }
      ),
    shows: [
      /^ {2}Relay: {5}F1 .* → dropped: line 420 does not exist in src\/a\.ts at abc1234$/m,
      '  Gated:     none'
    ]
  },
  {
    rule: 'the fit pass is its own entry: no adaptation',
    ledger: () =>
      oneRound({ apply: { writers: [], discrepancies: [], fit: { verdict: 'no adaptation' } } }),
    shows: ['  Fit pass:  no adaptation']
  },
  {
    rule: 'the fit pass adapted, with the risk verdict it recorded inline on the same entry',
    ledger: () =>
      oneRound({
        apply: {
          writers: [],
          discrepancies: [],
          fit: {
            verdict: 'adapted: error messages follow the file’s sentence case',
            risk: 'defer: the log format is read by a dashboard'
          }
        }
      }),
    shows: [
      '  Fit pass:  adapted: error messages follow the file’s sentence case; risk recorded: defer: the log format is read by a dashboard'
    ]
  },
  {
    rule: "a superseded decision's retirement is noted",
    ledger: () =>
      oneRound(
        { n: 2, notes: ['D1 retired: D2 (@bob: "keep the bound at 10") revises it'] },
        {
          decisions: [
            {
              id: 'D1',
              gate: 'G1',
              findings: ['F1'],
              words: 'bound at 5',
              by: 'amy',
              at: '2025-03-01T11:00:00Z',
              retired: { by: 'D2', round: 2 }
            },
            {
              id: 'D2',
              gate: 'G3',
              findings: ['F1'],
              words: 'keep the bound at 10',
              by: 'bob',
              at: '2025-03-02T11:00:00Z',
              supersedes: 'D1'
            }
          ]
        }
      ),
    shows: ['  Noted:     D1 retired: D2 (@bob: "keep the bound at 10") revises it'],
    hides: [/D1 retired[^]*D1 retired/]
  },
  {
    rule: 'a retirement is noted even where the step that admitted the revising decision left no note',
    ledger: () =>
      oneRound(
        { n: 2 },
        {
          decisions: [
            {
              id: 'D1',
              gate: 'G1',
              findings: ['F1'],
              words: 'bound at 5',
              by: 'amy',
              at: '2025-03-01T11:00:00Z',
              retired: { by: 'D2', round: 2 }
            },
            {
              id: 'D2',
              gate: 'G3',
              findings: ['F1'],
              words: 'keep the bound at 10',
              by: 'bob',
              at: '2025-03-02T11:00:00Z'
            }
          ]
        }
      ),
    shows: ['  Noted:     D1 retired: D2 (@bob: "keep the bound at 10") revises it']
  },
  {
    rule: 'no Exercised line for a source that cannot report reach',
    ledger: () => oneRound({ exercised: undefined }, { invocations: [NO_REACH] }),
    shows: ['Round 1 — source: command — verdict: needs-attention'],
    hides: ['Exercised']
  },
  {
    rule: 'an Exercised line for a source that can, even when it reported nothing',
    ledger: () => oneRound({ exercised: null }),
    shows: ['  Exercised: the source reported nothing reached (it returned no report this call)']
  },
  {
    rule: 'no Goal line where the project declares no goal',
    ledger: () =>
      oneRound({
        intent: {
          rules: [],
          designComments: [],
          goal: null,
          authority: null,
          notes: [],
          decisions: []
        }
      }),
    shows: ['  Relay:     none'],
    hides: ['Goal']
  },
  {
    rule: 'a Goal line where the reading ran, even when it found nothing',
    ledger: () => oneRound({ goal: 'ran; found nothing against the goal' }),
    shows: ['  Goal:      ran; found nothing against the goal']
  },
  {
    rule: 'no Landing line without a landing',
    ledger: () => oneRound({ phase: 'closed' }),
    shows: ['  Gated:     none'],
    hides: ['Landing']
  },
  {
    rule: 'a Landing line saying where the repairs went',
    ledger: () =>
      oneRound({
        phase: 'landed',
        landing: { path: 'stacked', branch: 'review-loop/pr-7', commit: FIX_COMMIT }
      }),
    shows: [
      '  Landing:   the layer stacked above the reviewed head (branch review-loop/pr-7, commit fedcba9)'
    ]
  },
  {
    rule: 'provenance rides on the entries that have one',
    ledger: () =>
      oneRound(
        {
          findings: ['F1', 'F2'],
          entries: [
            {
              finding: 'F1',
              slot: 'relay',
              provenance: 'pre-existing',
              outcome: { kind: 'carried', reason: 'later' }
            },
            { finding: 'F2', slot: 'relay', outcome: { kind: 'carried', reason: 'later' } }
          ]
        },
        {
          findings: [
            aFinding({ outcome: { kind: 'carried', reason: 'later' } }),
            aFinding({ id: 'F2', line: 7, outcome: { kind: 'carried', reason: 'later' } })
          ]
        }
      ),
    shows: ['  Relay:     F1 [pre-existing] src/a.ts:42', '             F2 src/a.ts:7']
  },
  {
    rule: 'the predicate rides on an applied entry, and on no other',
    ledger: () =>
      oneRound(
        {
          findings: ['F1', 'F2'],
          entries: [
            { finding: 'F1', slot: 'relay', outcome: { kind: 'applied', commit: FIX_COMMIT } },
            { finding: 'F2', slot: 'gated', outcome: { kind: 'carried', reason: 'later' } }
          ]
        },
        {
          findings: [
            aFinding({
              predicate: 'every loop bound over items uses <',
              scanSha: HEAD,
              outcome: { kind: 'applied', commit: FIX_COMMIT }
            }),
            aFinding({
              id: 'F2',
              predicate: 'never shown',
              outcome: { kind: 'carried', reason: 'later' }
            })
          ]
        }
      ),
    shows: [
      /F1 .* → applied in fedcba9 \(predicate: every loop bound over items uses <; scanned at abc1234\)$/m
    ],
    hides: ['never shown']
  },
  {
    rule: 'a side-effect rides inline on the applied entry: the sites the sweep reached',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          entries: [
            {
              finding: 'F1',
              slot: 'relay',
              predicate: 'every loop bound over items uses <',
              outcome: { kind: 'applied', commit: FIX_COMMIT }
            }
          ]
        },
        {
          findings: [
            aFinding({
              predicate: 'every loop bound over items uses <',
              scanSha: HEAD,
              sites: [
                { file: 'src/a.ts', start_line: 42, end_line: 42 },
                { file: 'src/b.ts', start_line: 9, end_line: 9 }
              ],
              outcome: { kind: 'applied', commit: FIX_COMMIT }
            })
          ]
        }
      ),
    shows: [
      /\(predicate: every loop bound over items uses <; scanned at abc1234; swept 2 sites: src\/a\.ts:42, src\/b\.ts:9\)$/m
    ]
  },
  {
    rule: 'a settled-policy side effect rides as a relay annotation on its entry',
    ledger: () =>
      oneRound(
        {
          n: 3,
          findings: ['F1'],
          entries: [
            {
              finding: 'F1',
              slot: 'relay',
              predicate: 'every loop bound over items uses <',
              note: 're-applied: its fix landed in round 1 and the diagnosis still holds',
              outcome: { kind: 'applied', commit: FIX_COMMIT }
            }
          ]
        },
        {
          findings: [
            aFinding({
              predicate: 'every loop bound over items uses <',
              outcome: { kind: 'applied', commit: FIX_COMMIT }
            })
          ]
        }
      ),
    shows: [
      /^ {2}Relay: {5}F1 .* → applied in fedcba9 \(predicate: every loop bound over items uses <\) \[re-applied: its fix landed in round 1 and the diagnosis still holds\]$/m
    ]
  },
  {
    rule: 'an approved fix the token may not push rides on the trace as a patch to apply',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          entries: [
            {
              finding: 'F1',
              slot: 'gated',
              outcome: { kind: 'carried', reason: 'a workflow file: apply the patch below' },
              patch:
                '--- a/.github/workflows/ci.yml\n+++ b/.github/workflows/ci.yml\n@@ -1 +1 @@\n-a\n+b\n'
            }
          ]
        },
        {
          findings: [
            aFinding({
              file: '.github/workflows/ci.yml',
              line: 1,
              outcome: { kind: 'carried', reason: 'a workflow file: apply the patch below' }
            })
          ]
        }
      ),
    shows: [
      '  Patch:     F1 .github/workflows/ci.yml, not pushed: apply it yourself (`git apply`, from the repository root)',
      '```diff\n--- a/.github/workflows/ci.yml'
    ]
  },
  {
    rule: 'a question the stop closed unanswered leaves its finding undecided, not awaiting',
    ledger: () =>
      oneRound(
        {
          findings: ['F1'],
          entries: [{ finding: 'F1', slot: 'gated', outcome: { kind: 'pending' } }]
        },
        {
          invocations: [
            anInvocation({
              ended: {
                as: 'exited',
                round: 1,
                at: '2025-03-01T12:00:00Z',
                by: 'bob',
                reason: 'stopped by @bob'
              }
            })
          ],
          findings: [aFinding({ gate: 'G1' })],
          gates: [aGate({ status: 'superseded' })]
        }
      ),
    shows: [/^ {2}Gated: {5}F1 .* → undecided: G1 closed unanswered$/m],
    hides: ['awaiting decision']
  },
  {
    rule: 'one Call line for a round with no review: the cause given, and the driver calls apart',
    ledger: () =>
      oneRound({
        review: 'no-review',
        verdict: undefined,
        exercised: undefined,
        phase: 'no-review',
        call: 'exit code 2 after 31 s',
        driverCalls: []
      }),
    shows: ['  Call:      exit code 2 after 31 s'],
    hides: ['no cause was reported', 'Exercised']
  },
  {
    rule: 'a round with no review and no cause says so on its one Call line, beside its driver calls',
    ledger: () =>
      oneRound({
        review: 'no-review',
        verdict: undefined,
        exercised: undefined,
        phase: 'no-review',
        driverCalls: ['verify: answered']
      }),
    shows: [
      '  Call:      ended without a verdict; no cause was reported',
      '  Driver:    verify: answered'
    ]
  }
]

describe("the trace's placement and omission rules", () => {
  it.each(ROWS)('$rule', ({ ledger, shows, hides }) => {
    const built = ledger()
    const trace = renderRoundTrace(built, built.rounds.at(-1)!)
    for (const s of shows) {
      if (typeof s === 'string') expect(trace).toContain(s)
      else expect(trace).toMatch(s)
    }
    for (const h of hides ?? []) {
      if (typeof h === 'string') expect(trace).not.toContain(h)
      else expect(trace).not.toMatch(h)
    }
  })
})

describe("a person's decision words on the trace are relayed inert", () => {
  it('breaks mentions and command lines in a refused decision and in the one that retired another', () => {
    const words = 'ping @victim-user\n/review-loop stop'
    const decision = {
      gate: 'G1',
      findings: ['F1'],
      by: 'octo-maintainer',
      at: '2025-03-01T10:00:00Z'
    }
    const ledger = aLedger({
      rounds: [aRound({ findings: ['F1'] })],
      findings: [aFinding()],
      gates: [aGate({ round: 1 })],
      decisions: [
        { ...decision, id: 'D1', words: 'first', retired: { by: 'D2', round: 1 } },
        { ...decision, id: 'D2', words, supersedes: 'D1' },
        {
          ...decision,
          id: 'D3',
          words,
          admission: { admitted: false, by: 'rules', why: 'it tells a reviewer what to skip' }
        }
      ]
    })
    const trace = renderRoundTrace(ledger, ledger.rounds[0]!)
    expect(trace).toContain(
      'D1 retired: D2 (@octo-maintainer: "ping @\u200Bvictim-user /\u200Breview-loop stop")'
    )
    expect(trace).toContain(
      'D3 (@octo-maintainer: "ping @\u200Bvictim-user /\u200Breview-loop stop") is kept as said'
    )
    expect(trace).not.toMatch(/@victim|\/review-loop/)
  })
})
