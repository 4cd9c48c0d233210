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
import type { Ledger } from '../src/loop/model.js'
import {
  COMMENT_LIMIT,
  FREE_EXIT_NOTICE,
  renderExitHandover,
  renderGateAnswerAck,
  renderGateAnswerRefused,
  renderGateComment,
  renderRoundTrace,
  renderStatusComment,
  renderSummary,
  renderUnauthorizedReply,
  renderUnknownCommandReply,
  SUMMARY_LIMIT_BYTES
} from '../src/report/index.js'

/** A round with one entry of every kind, its findings and the gate one of them waits on. */
function busyLedger(): Ledger {
  const findings = [
    aFinding({
      id: 'F3',
      file: 'src/a.ts',
      line: 42,
      description: 'Off by one\nin the loop.',
      outcome: { kind: 'applied', commit: FIX_COMMIT }
    }),
    aFinding({
      id: 'F4',
      file: 'src/b.ts',
      line: 9,
      description: 'Reads line 90.',
      outcome: {
        kind: 'dropped',
        basis: 'line 90 does not exist in src/b.ts at abc1234 (file has 40 lines)'
      }
    }),
    aFinding({
      id: 'F5',
      file: 'src/c.ts',
      line: 3,
      description: 'Old global state.',
      outcome: { kind: 'carried', reason: 'outside this change; issue #12 tracks it' }
    }),
    aFinding({
      id: 'F6',
      file: 'src/d.ts',
      line: 7,
      description: 'Retries forever.',
      gate: 'G2',
      outcome: { kind: 'pending' }
    })
  ]
  const round = aRound({
    n: 2,
    cycle: 'after-fixes',
    call: 'effort: high',
    exercised: {
      reached: ['contract-closure', 'runtime-behavior'],
      unreached: [{ axis: 'concurrency', reason: 'no threads exercised' }]
    },
    findings: ['F3', 'F4', 'F5', 'F6'],
    entries: [
      {
        finding: 'F3',
        slot: 'relay',
        provenance: 'introduced',
        predicate: 'every loop bound uses <',
        outcome: { kind: 'applied', commit: FIX_COMMIT }
      },
      {
        finding: 'F4',
        slot: 'relay',
        outcome: {
          kind: 'dropped',
          basis: 'line 90 does not exist in src/b.ts at abc1234 (file has 40 lines)'
        }
      },
      {
        finding: 'F5',
        slot: 'gated',
        provenance: 'pre-existing',
        note: 'mechanical fix, held for a person',
        outcome: { kind: 'carried', reason: 'outside this change; issue #12 tracks it' }
      },
      { finding: 'F6', slot: 'gated', outcome: { kind: 'pending' } }
    ],
    landing: { path: 'head', branch: 'feature', commit: FIX_COMMIT },
    phase: 'landed'
  })
  return aLedger({
    rounds: [aRound({ n: 1 }), round],
    findings,
    gates: [aGate({ id: 'G2', round: 2, findings: ['F6'] })],
    status: 'awaiting-decision'
  })
}

describe('renderRoundTrace', () => {
  it('renders every line of a busy round in the seed format, aligned', () => {
    const ledger = busyLedger()
    expect(renderRoundTrace(ledger, ledger.rounds[1]!)).toBe(
      [
        'Round 2 — source: command — verdict: needs-attention',
        '  Head:      abc1234 on base 1111111 — re-review after fixes — request 0123456789ab',
        '  Exercised: reached contract-closure, runtime-behavior; not reached: concurrency (no threads exercised)',
        '  Call:      effort: high',
        '  Relay:     F3 [introduced] src/a.ts:42 — Off by one in the loop. → applied in fedcba9 (predicate: every loop bound uses <)',
        '             F4 src/b.ts:9 — Reads line 90. → dropped: line 90 does not exist in src/b.ts at abc1234 (file has 40 lines)',
        '  Gated:     F5 [pre-existing] src/c.ts:3 — Old global state. → carried: outside this change; issue #12 tracks it [mechanical fix, held for a person]',
        '             F6 src/d.ts:7 — Retries forever. → awaiting decision (G2)',
        '  Landing:   the reviewed head (branch feature, commit fedcba9)'
      ].join('\n')
    )
  })

  it('leaves Exercised off entirely for a source with no reach channel', () => {
    const ledger = aLedger({
      invocations: [
        anInvocation({
          source: { name: 'codex', designation: 'the only usable source', reportsReach: false }
        })
      ],
      rounds: [aRound({ exercised: undefined })]
    })
    const trace = renderRoundTrace(ledger, ledger.rounds[0]!)
    expect(trace).not.toContain('Exercised')
    expect(trace).toContain('  Relay:     none\n  Gated:     none')
  })

  it('says the source reported nothing reached when a reporting source returned no report', () => {
    const ledger = aLedger({ rounds: [aRound({ exercised: null })] })
    expect(renderRoundTrace(ledger, ledger.rounds[0]!)).toContain(
      '  Exercised: the source reported nothing reached (it returned no report this call)'
    )
  })

  it('says what was reached and that nothing was reported unreached', () => {
    const ledger = aLedger({ rounds: [aRound()] })
    expect(renderRoundTrace(ledger, ledger.rounds[0]!)).toContain(
      '  Exercised: reached contract-closure; not reached: none'
    )
  })

  it('omits Call, Goal and Landing when there is nothing for them, and shows Goal when the reading ran', () => {
    const ledger = aLedger({ rounds: [aRound()] })
    const plain = renderRoundTrace(ledger, ledger.rounds[0]!)
    expect(plain).not.toMatch(/Call:|Goal:|Landing:|Not run:|Malformed:/)
    const read = aLedger({ rounds: [aRound({ goal: 'ran; found nothing' })] })
    expect(renderRoundTrace(read, read.rounds[0]!)).toContain('  Goal:      ran; found nothing')
  })

  it('renders a round with no review: no verdict, the cause on Call, what came back whole', () => {
    const ledger = aLedger({
      rounds: [
        aRound({
          review: 'no-review',
          verdict: undefined,
          exercised: undefined,
          call: 'exit code 2 after 31 s',
          returned: 'partial output\nsecond line',
          phase: 'no-review'
        })
      ]
    })
    const trace = renderRoundTrace(ledger, ledger.rounds[0]!)
    expect(trace.split('\n')[0]).toBe('Round 1 — source: command — verdict: none (no review)')
    expect(trace).toContain('  Call:      exit code 2 after 31 s')
    expect(trace).toContain('  Returned:  partial output\n             second line')
    expect(trace).not.toContain('Exercised')
  })

  it('says a no-review round reported no cause when none was given', () => {
    const ledger = aLedger({
      rounds: [aRound({ review: 'no-review', verdict: undefined, exercised: undefined })]
    })
    expect(renderRoundTrace(ledger, ledger.rounds[0]!)).toContain(
      '  Call:      ended without a verdict; no cause was reported'
    )
  })

  it('lists readings that did not run, malformed findings and a stacked landing', () => {
    const ledger = aLedger({
      rounds: [
        aRound({
          cycle: 'after-author-push',
          readingsNotRun: ['shared-cause reading', 'goal reading (no driver)'],
          malformed: ['{"severity":"huge"}'],
          landing: { path: 'stacked', branch: 'review-loop/pr-7', note: 'first layer' }
        })
      ]
    })
    const trace = renderRoundTrace(ledger, ledger.rounds[0]!)
    expect(trace).toContain("re-review after the author's push")
    expect(trace).toContain('  Not run:   shared-cause reading, goal reading (no driver)')
    expect(trace).toContain(
      '  Malformed: still malformed after one correction request: {"severity":"huge"}'
    )
    expect(trace).toContain(
      '  Landing:   the layer stacked above the reviewed head (branch review-loop/pr-7) — first layer'
    )
  })
})

const JARGON = /constitution|extension|relay|ledger|phase|provenance|predicate|\bgate\b|conveyance/i

describe('renderGateComment', () => {
  const finding = aFinding({
    provenance: 'introduced',
    severity: 'high',
    fix: { start_line: 42, end_line: 43, replacement: 'for (let i = 0; i < n; i++) {\n  use(a[i])' }
  })

  it('puts what was found first, then the question, then the options, then how to answer', () => {
    const gate = aGate()
    const text = renderGateComment(gate, [finding])
    const at = (s: string) => {
      const i = text.indexOf(s)
      expect(i).toBeGreaterThanOrEqual(0)
      return i
    }
    expect(at(gate.analysis)).toBeLessThan(at(finding.description))
    expect(at(finding.description)).toBeLessThan(at(gate.question))
    expect(at(gate.question)).toBeLessThan(
      at('`accept`: Apply the fix. Choosing it: the fix is committed')
    )
    expect(at('`drop`: Do not fix')).toBeLessThan(at('`/review-loop G1 <option>`'))
    expect(text).toContain(
      '**F1** · severity high · `src/a.ts:42` · introduced by this pull request'
    )
    expect(text).toContain(
      'replace lines 42–43 of `src/a.ts` with\n\n```ts\nfor (let i = 0; i < n; i++) {\n  use(a[i])\n```'
    )
    expect(text).toContain('Or answer in your own words: `/review-loop G1 <your words>`')
    expect(text).toContain('Only people with write access to this repository can answer.')
  })

  it('speaks plain words, without the protocol jargon', () => {
    for (const kind of ['judgment', 'landing', 'no-review'] as const) {
      expect(renderGateComment(aGate({ kind }), [finding])).not.toMatch(JARGON)
    }
  })

  it('does not offer free words when the question is closed', () => {
    expect(renderGateComment(aGate({ open: false }), [finding])).not.toContain('own words')
  })

  it('shows an answer verbatim once given', () => {
    const text = renderGateComment(
      aGate({
        status: 'answered',
        answer: {
          by: 'alice',
          words: 'defer — *not* now\nwe ship Friday',
          option: 'defer',
          commentId: 9,
          at: '2025-03-02T08:00:00Z'
        }
      }),
      [finding]
    )
    expect(text).toContain(
      '**Answered** by @alice on 2025-03-02T08:00:00Z (option `defer`):\n\n> defer — *not* now\n> we ship Friday'
    )
  })

  it('keeps a huge comment under the limit with the question and options intact', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      aFinding({
        id: `F${i + 1}`,
        description: 'x'.repeat(5000),
        fix: { start_line: 1, end_line: 1, replacement: 'y'.repeat(5000) }
      })
    )
    const gate = aGate({ findings: many.map(f => f.id) })
    const text = renderGateComment(gate, many)
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(text).toContain(gate.question)
    expect(text).toContain('`/review-loop G1 <option>`')
    expect(text).toMatch(/more findings are not shown to stay within GitHub's comment size limit/)
  })
})

describe('renderStatusComment', () => {
  const stateBlock = '<!-- review-loop-state {"revision":3} -->'

  it('carries the headline, open questions, latest trace, earlier rounds, the announcement and the state block last', () => {
    const ledger = busyLedger()
    const text = renderStatusComment(ledger, {
      stateBlock,
      headline: { round: 2, status: 'awaiting-decision' }
    })
    expect(text.startsWith('### Review loop: awaiting your decision on G2\n')).toBe(true)
    expect(text).toContain('- [G2](#issuecomment-555) (round 2, on F6): Should the fix go in now')
    expect(text).toContain(
      'Answer with `/review-loop G2 <option>`, where the option is `accept`, `defer` or `drop`, or answer in your own words.'
    )
    expect(text).toContain('**Latest round: 2**\n\n```text\nRound 2 — source: command')
    expect(text).toContain(
      '<details><summary>Round 1 — verdict: needs-attention — 0 findings — first pass, head abc1234</summary>\n\n```text\nRound 1'
    )
    expect(text).toContain('Reviews come from `command`: set by the `source` input.')
    expect(text).toContain(
      'This source reports, on every review, which parts of the change it reached'
    )
    expect(text).toContain(FREE_EXIT_NOTICE)
    expect(text.endsWith(`\n\n${stateBlock}`)).toBe(true)
    expect(text.indexOf('**Latest round')).toBeLessThan(text.indexOf('<details>'))
  })

  it('stays within 65,536 characters for a huge ledger, cutting the oldest rounds first and saying so', () => {
    const ledger = hugeLedger(300)
    const big = `<!-- review-loop-state ${'s'.repeat(20_000)} -->`
    const text = renderStatusComment(ledger, { stateBlock: big, headline: { status: 'continue' } })
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(text.endsWith(big)).toBe(true)
    expect(text).toContain('```text\nRound 300 — source: command')
    expect(text).toContain('<summary>Round 299 —')
    expect(text).not.toContain('<summary>Round 1 —')
    expect(text).toMatch(
      /The traces of rounds 1–\d+ are left out here to stay within GitHub's size limit; every round's full trace is in the job summary of the latest run\./
    )
  })

  it('cuts the latest trace itself when it alone is too long, keeping its block closed and the state block whole', () => {
    const ledger = aLedger({
      rounds: [
        aRound({ n: 1 }),
        aRound({
          n: 2,
          review: 'no-review',
          verdict: undefined,
          exercised: undefined,
          returned: 'line\n'.repeat(30_000)
        })
      ]
    })
    const text = renderStatusComment(ledger, {
      stateBlock,
      headline: { round: 2, status: 'no-review' }
    })
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(text).toMatch(
      /… \d+ more characters of this trace are cut here to stay within GitHub's size limit; the full trace is in the job summary of the latest run\.\n```\n/
    )
    expect(text).toContain('The traces of round 1 are left out')
    expect(text.endsWith(stateBlock)).toBe(true)
  })

  it('says how the review ended instead of offering the exit once it has ended', () => {
    const ledger = busyLedger()
    ledger.invocations[0]!.ended = {
      as: 'exited',
      round: 2,
      at: '2025-03-03T12:00:00Z',
      by: 'carol',
      reason: 'stop requested'
    }
    const text = renderStatusComment(ledger, { stateBlock, headline: { status: 'exited' } })
    expect(text).toContain(
      'This review was ended by @carol on 2025-03-03T12:00:00Z, after round 2.'
    )
    expect(text).toContain("The loop ended at @carol's request after round 2: stop requested.")
    expect(text).not.toContain(FREE_EXIT_NOTICE)
  })

  it('refuses with a clear error when the state block alone cannot fit', () => {
    expect(() =>
      renderStatusComment(aLedger(), {
        stateBlock: 'x'.repeat(COMMENT_LIMIT),
        headline: { status: 'continue' }
      })
    ).toThrow(/state block/)
  })
})

/** A ledger of `n` rounds, each with entries carrying long descriptions. */
function hugeLedger(n: number): Ledger {
  const findings = Array.from({ length: n }, (_, i) =>
    aFinding({
      id: `F${i + 1}`,
      round: i + 1,
      description: `problem ${i + 1} `.repeat(200),
      outcome: { kind: 'dropped', basis: 'no such line' }
    })
  )
  const rounds = Array.from({ length: n }, (_, i) =>
    aRound({
      n: i + 1,
      cycle: i === 0 ? 'first-pass' : 'after-fixes',
      findings: [`F${i + 1}`],
      entries: [
        { finding: `F${i + 1}`, slot: 'relay', outcome: { kind: 'dropped', basis: 'no such line' } }
      ]
    })
  )
  return aLedger({
    rounds,
    findings,
    status: 'continue',
    owed: { reason: 'after-fixes', head: HEAD, requested: 'dispatch' }
  })
}

describe('renderSummary', () => {
  it.each([
    ['converged', undefined, '## Review loop: converged'],
    ['continue', undefined, '## Review loop: next round asked for'],
    ['exited', undefined, '## Review loop: exited'],
    ['no-review', undefined, '## Review loop: no review'],
    [
      'blocked',
      'the token lacks `contents: write`',
      '## Review loop: blocked: the token lacks `contents: write`'
    ],
    ['ignored', undefined, '## Review loop: nothing to do']
  ] as const)(
    'heads the summary with the status %s in plain words',
    (status, message, expected) => {
      const text = renderSummary(busyLedger(), { thisRun: { status, message } })
      expect(text.startsWith(`${expected}\n`)).toBe(true)
    }
  )

  it('names the open questions when awaiting a decision', () => {
    const ledger = busyLedger()
    ledger.gates.push(aGate({ id: 'G3', round: 2 }))
    expect(renderSummary(ledger, { thisRun: { round: 2, status: 'awaiting-decision' } })).toMatch(
      /^## Review loop: awaiting your decision on G2, G3\n/
    )
  })

  it('says whether the source reports reach at the invocation start and at convergence only', () => {
    const ledger = busyLedger()
    const reach = 'This source reports, on every review'
    expect(renderSummary(ledger, { thisRun: { round: 1, status: 'continue' } })).toContain(reach)
    expect(
      renderSummary(ledger, { thisRun: { round: 2, status: 'awaiting-decision' } })
    ).not.toContain(reach)
    expect(renderSummary(ledger, { thisRun: { round: 2, status: 'converged' } })).toContain(reach)
  })

  it("shows this run's round, then earlier rounds collapsed, newest first", () => {
    const ledger = hugeLedger(3)
    const text = renderSummary(ledger, { thisRun: { round: 3, status: 'continue' } })
    expect(text).toContain(
      'PR #7 in octo/widgets: base `1111111` (main)..head `abc1234`, 2 changed files'
    )
    expect(text).toContain('### Round 3 (this run)\n\n```text\nRound 3 — source: command')
    const r2 = text.indexOf('<details><summary>Round 2 —')
    const r1 = text.indexOf('<details><summary>Round 1 —')
    expect(r2).toBeGreaterThan(text.indexOf('### Earlier rounds'))
    expect(r1).toBeGreaterThan(r2)
    expect(text).toMatch(/<\/summary>\n\n```text\nRound 1 [^]*?\n```\n\n<\/details>/)
    expect(text).toContain('The next round was started: it re-reviews `abc1234`.')
  })

  it('stays under 1 MiB by leaving out the oldest rounds and saying where they are', () => {
    const ledger = hugeLedger(1000)
    const text = renderSummary(ledger, { thisRun: { round: 1000, status: 'continue' } })
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES)
    expect(text).toContain('```text\nRound 1000 —')
    expect(text).toContain('<summary>Round 999 —')
    expect(text).not.toContain('<summary>Round 1 —')
    expect(text).toMatch(/The traces of rounds 1–\d+ are left out here[^]*in the loop's ledger/)
  })

  it('includes the exit handover when the loop ends', () => {
    const ledger = busyLedger()
    expect(renderSummary(ledger, { thisRun: { status: 'exited' } })).toContain(
      '### What this review leaves behind'
    )
    expect(renderSummary(ledger, { thisRun: { status: 'continue' } })).not.toContain(
      'leaves behind'
    )
  })

  it('says so when no round has run yet', () => {
    const text = renderSummary(aLedger(), {
      thisRun: { status: 'blocked', message: 'no usable source' }
    })
    expect(text).toContain('No review round has run yet.')
    expect(text).toContain('This source reports')
  })
})

describe('renderExitHandover', () => {
  it('says there is nothing to carry when nothing was decided or left open', () => {
    expect(renderExitHandover(aLedger({ rounds: [aRound({ verdict: 'approve' })] }))).toContain(
      'Nothing from this review needs to outlive it'
    )
  })
})

describe('short replies', () => {
  it('tells someone without write access that nothing changed', () => {
    expect(renderUnauthorizedReply('mallory')).toMatch(
      /^@mallory, only people with write access[^]*Nothing has changed\.$/
    )
  })

  it('quotes an unknown command safely and lists the commands', () => {
    const text = renderUnknownCommandReply('/review-loop `frobnicate`')
    expect(text).toContain('`` /review-loop `frobnicate` ``')
    expect(text).toContain('`/review-loop stop`')
  })

  it('acknowledges and refuses answers in plain words', () => {
    const gate = aGate()
    expect(renderGateAnswerAck(gate, 'alice', 'defer')).toBe(
      "Recorded @alice's answer to G1: `defer` (Leave it for later): the finding stays open and is listed at the end."
    )
    expect(renderGateAnswerRefused('G1', gate, 'maybe')).toContain(
      '`maybe` is not one of the options for G1, so nothing has changed. Answer with `/review-loop G1 <option>`, where the option is `accept`, `defer` or `drop`.'
    )
    expect(renderGateAnswerRefused('G9', undefined, 'x')).toBe(
      'There is no question G9 on this pull request, so nothing has changed.'
    )
  })
})
