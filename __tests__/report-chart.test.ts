import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound, FIX_COMMIT, HEAD } from '../__fixtures__/ledgers.js'
import type { Finding, Ledger, Round, TraceEntry } from '../src/loop/model.js'
import { MAX_CHART_ROUNDS, renderFindingsChart, roundCounts } from '../src/report/chart.js'
import { renderStatusComment } from '../src/report/status-comment.js'
import {
  FULL_TRACE_GROUP,
  renderFullTrace,
  renderSummary,
  renderSummaryParts
} from '../src/report/summary.js'
import { COMMENT_LIMIT } from '../src/report/text.js'

/** Three rounds: fixes applied and a claim dropped, then a deferral and an open question, then nothing. */
function threeRounds(): Ledger {
  const findings: Finding[] = [
    aFinding({ id: 'F1', round: 1, outcome: { kind: 'applied', commit: FIX_COMMIT } }),
    aFinding({ id: 'F2', round: 1, outcome: { kind: 'applied', commit: FIX_COMMIT } }),
    aFinding({ id: 'F3', round: 1, outcome: { kind: 'dropped', basis: 'no such line' } }),
    aFinding({
      id: 'F4',
      round: 2,
      outcome: { kind: 'carried', reason: 'deferred by @a: "later"' }
    }),
    aFinding({ id: 'F5', round: 2, gate: 'G1', outcome: { kind: 'pending' } })
  ]
  const entry = (f: Finding, slot: TraceEntry['slot'] = 'relay'): TraceEntry => ({
    finding: f.id,
    slot,
    outcome: f.outcome
  })
  const rounds: Round[] = [
    aRound({
      n: 1,
      findings: ['F1', 'F2', 'F3'],
      entries: findings.slice(0, 3).map(f => entry(f))
    }),
    aRound({
      n: 2,
      cycle: 'after-fixes',
      findings: ['F4', 'F5'],
      entries: [entry(findings[3]!, 'gated'), entry(findings[4]!, 'gated')],
      phase: 'gated'
    })
  ]
  return aLedger({
    rounds,
    findings,
    gates: [aGate({ id: 'G1', round: 2, findings: ['F5'] })],
    status: 'awaiting-decision'
  })
}

describe('the findings chart', () => {
  it('counts each round by where its findings stand, telling a waiting question from the rest', () => {
    const counts = roundCounts(threeRounds())
    expect(counts.map(c => [c.n, c.total])).toEqual([
      [1, 3],
      [2, 2]
    ])
    expect(counts[0]!.counts).toMatchObject({ applied: 2, dropped: 1, awaiting: 0 })
    expect(counts[1]!.counts).toMatchObject({ carried: 1, awaiting: 1, pending: 0 })
  })

  it('draws an xychart GitHub renders: a bar per round, a line per outcome present, colours pinned to the legend', () => {
    const text = renderFindingsChart(threeRounds())
    expect(text).toContain('### Findings per round')
    const source = /```mermaid\n([^]*?)\n```/.exec(text)?.[1] ?? ''
    expect(source.split('\n')).toEqual([
      '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#d0d7de, #78b159, #c1694f, #fdcb58, #dd2e44"}}}}%%',
      'xychart-beta',
      '  title "Findings per round"',
      '  x-axis "round" ["1", "2"]',
      '  y-axis "findings" 0 --> 3',
      '  bar "all" [3, 2]',
      '  line "applied" [2, 0]',
      '  line "dropped" [1, 0]',
      '  line "awaiting" [0, 1]',
      '  line "carried" [0, 1]'
    ])
    expect(text).toContain(
      'Bars: ⬜ findings in the round. Lines, by where each finding stands now: 🟩 applied · 🟫 dropped · 🟨 awaiting a decision · 🟥 carried (deferred or not landed).'
    )
    expect(text).toContain(
      '| Round | applied | dropped | awaiting a decision | carried (deferred or not landed) | All |'
    )
    expect(text).toContain('| 2 | 0 | 0 | 1 | 1 | 2 |\n| 1 | 2 | 1 | 0 | 0 | 3 |')
  })

  it('says nothing when no round surfaced a finding', () => {
    expect(renderFindingsChart(aLedger({ rounds: [aRound({ n: 1 })] }))).toBe('')
    expect(renderFindingsChart(aLedger())).toBe('')
  })

  it('shows the latest rounds only, saying how many are left out', () => {
    const ledger = manyRounds(MAX_CHART_ROUNDS + 5, 1)
    const text = renderFindingsChart(ledger)
    expect(text).toContain(`x-axis "round" ["6", "7",`)
    expect(text).not.toContain('"5"')
    expect(text).toContain(
      `The picture shows the latest ${MAX_CHART_ROUNDS} rounds; the 5 before them are in the rounds' traces.`
    )
  })
})

describe('the job summary', () => {
  it('carries the chart above the round trace and says where the merge gate stands', () => {
    const ledger = threeRounds()
    const text = renderSummary(ledger, {
      thisRun: { round: 2, status: 'awaiting-decision' },
      mergeGate: {
        context: 'review-loop',
        state: 'pending',
        description: 'Waiting for an answer to G1',
        sha: HEAD,
        published: true
      }
    })
    expect(text).toContain(
      '**Merge gate**: `review-loop` on `abc1234` is **pending**: Waiting for an answer to G1'
    )
    expect(text.indexOf('### Findings per round')).toBeLessThan(text.indexOf('### Round 2'))
    expect(text).toMatch(/<details><summary>Round 1 — [^]*<\/details>/)
  })

  it('says plainly when the merge gate could not be set, and what would set it', () => {
    const text = renderSummary(threeRounds(), {
      thisRun: { round: 2, status: 'awaiting-decision' },
      mergeGate: {
        context: 'review-loop',
        state: 'pending',
        description: 'Waiting for an answer to G1',
        sha: HEAD,
        published: false,
        problem: 'Setting the commit status review-loop on abc1234 failed (HTTP 403): nope'
      }
    })
    expect(text).toContain(
      '**Merge gate not set**: `review-loop` on `abc1234` would be **pending** (Waiting for an answer to G1), but GitHub refused it: Setting the commit status review-loop on abc1234 failed (HTTP 403): nope.'
    )
    expect(text).toContain('give the workflow `statuses: write`')
  })

  it('reports whether it holds every trace whole, and the log copy holds them all', () => {
    const ledger = manyRounds(40, 30)
    const whole = renderSummaryParts(ledger, { thisRun: { status: 'continue' } })
    expect(whole.complete).toBe(true)
    const cut = renderSummaryParts(ledger, { thisRun: { status: 'continue' }, limitBytes: 60_000 })
    expect(cut.complete).toBe(false)
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(60_000)
    expect(cut.text).toContain(`whole in this run's log (the group “${FULL_TRACE_GROUP}”)`)
    const full = renderFullTrace(ledger)
    for (let n = 1; n <= 40; n++) expect(full).toContain(`Round ${n} — source: command`)
    expect(full).toContain('F1200 ')
  })
})

describe('the status comment', () => {
  it('links what it had to cut to the run whose summary holds it', () => {
    const text = renderStatusComment(manyRounds(40, 30), {
      stateBlock: '<!-- review-loop:state {"revision":3,"sha256":"x"} -->',
      headline: { status: 'continue' },
      runUrl: 'https://github.com/octo/widgets/actions/runs/42'
    })
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(text).toContain(
      "every round's full trace is in [the job summary of the latest run](https://github.com/octo/widgets/actions/runs/42)."
    )
  })

  it('counts the broken comment markers of relayed text against the limit, and keeps the state block whole', () => {
    const ledger = manyRounds(3, 200, '<!-- hidden --> ')
    const block = '<!-- review-loop:state {"revision":3,"sha256":"x"} -->'
    const text = renderStatusComment(ledger, {
      stateBlock: block,
      headline: { status: 'continue' },
      limit: 20_000
    })
    expect(text.length).toBeLessThanOrEqual(20_000)
    expect(text.endsWith(`\n\n${block}`)).toBe(true)
    expect(text.slice(0, -block.length)).not.toContain('<!--')
    expect(text).toContain('<!\u200b-- hidden -\u200b->')
  })

  it('breaks the markers of a status reply that carries no state block', () => {
    const text = renderStatusComment(manyRounds(1, 2, '<!-- x -->'), {
      stateBlock: '',
      headline: { status: 'continue' }
    })
    expect(text).not.toContain('<!--')
    expect(text.startsWith('### Review loop: next round asked for')).toBe(true)
  })
})

/** `n` rounds of `per` dropped findings each, with long descriptions (optionally carrying `text`). */
function manyRounds(n: number, per: number, text = ''): Ledger {
  const findings: Finding[] = []
  const rounds: Round[] = []
  let id = 0
  for (let r = 1; r <= n; r++) {
    const ids: string[] = []
    for (let i = 0; i < per; i++) {
      id++
      ids.push(`F${id}`)
      findings.push(
        aFinding({
          id: `F${id}`,
          round: r,
          description: `${text}finding ${id} in round ${r}: ${'the handler reads past the buffer '.repeat(4)}`,
          outcome: { kind: 'dropped', basis: 'no such line' }
        })
      )
    }
    rounds.push(
      aRound({
        n: r,
        cycle: r === 1 ? 'first-pass' : 'after-fixes',
        findings: ids,
        entries: ids.map(f => ({
          finding: f,
          slot: 'relay' as const,
          outcome: { kind: 'dropped' as const, basis: 'no such line' }
        }))
      })
    )
  }
  return aLedger({
    rounds,
    findings,
    owed: { reason: 'after-fixes', head: HEAD, requested: 'dispatch' }
  })
}
