/** The loop as a picture: findings per round by outcome, as a Mermaid chart GitHub renders, with the numbers beside it. */
import type { Ledger, TraceEntry } from '../loop/model.js'

/** Where a round's finding stands, as the chart groups them. */
export type OutcomeBucket =
  'applied' | 'dropped' | 'awaiting' | 'pending' | 'carried' | 'handed' | 'suggested' | 'other'

/** Each bucket's words, its line colour and the coloured square that stands for it in the legend. */
export const BUCKETS: readonly {
  key: OutcomeBucket
  words: string
  color: string
  square: string
}[] = [
  { key: 'applied', words: 'applied', color: '#78b159', square: '🟩' },
  { key: 'dropped', words: 'dropped', color: '#c1694f', square: '🟫' },
  { key: 'awaiting', words: 'awaiting a decision', color: '#fdcb58', square: '🟨' },
  { key: 'pending', words: 'to apply', color: '#f4900c', square: '🟧' },
  { key: 'carried', words: 'carried (deferred or not landed)', color: '#dd2e44', square: '🟥' },
  { key: 'handed', words: 'handed to a follow-up', color: '#aa8ed6', square: '🟪' },
  { key: 'suggested', words: 'suggested to the author', color: '#55acee', square: '🟦' },
  { key: 'other', words: 'other', color: '#31373d', square: '⬛' }
]

/** The bar behind the lines: every finding the round surfaced. */
const TOTAL = { words: 'findings in the round', color: '#d0d7de', square: '⬜' }

/** Rounds beyond this many (the oldest) are left out of the picture, so it stays legible and bounded. */
export const MAX_CHART_ROUNDS = 30

/** One round's findings counted by bucket. */
export interface RoundCounts {
  n: number
  total: number
  counts: Record<OutcomeBucket, number>
}

/** Whether a pending finding waits on a question still open (rather than on the round's other questions). */
function awaitsGate(ledger: Ledger, finding: string): boolean {
  const named = ledger.findings.find(f => f.id === finding)?.gate
  return ledger.gates.some(
    g => g.status === 'open' && (g.id === named || g.findings.includes(finding))
  )
}

/** The bucket of one trace entry; an outcome kind this version does not know counts as other. */
export function bucketOf(ledger: Ledger, entry: TraceEntry): OutcomeBucket {
  const kind: string = entry.outcome.kind
  if (kind === 'pending') return awaitsGate(ledger, entry.finding) ? 'awaiting' : 'pending'
  return BUCKETS.some(b => b.key === kind) ? (kind as OutcomeBucket) : 'other'
}

/** Every round's findings by bucket, oldest round first. */
export function roundCounts(ledger: Ledger): RoundCounts[] {
  return [...ledger.rounds]
    .sort((a, b) => a.n - b.n)
    .map(round => {
      const counts = Object.fromEntries(BUCKETS.map(b => [b.key, 0])) as Record<
        OutcomeBucket,
        number
      >
      for (const entry of round.entries) counts[bucketOf(ledger, entry)] += 1
      return { n: round.n, total: round.entries.length, counts }
    })
}

/** The Mermaid source: a bar per round for all its findings, a line per outcome present, colours pinned to the legend. */
function mermaid(rounds: RoundCounts[], present: typeof BUCKETS): string {
  const palette = [TOTAL.color, ...present.map(b => b.color)].join(', ')
  const top = Math.max(1, ...rounds.map(r => r.total))
  const values = (pick: (r: RoundCounts) => number) => `[${rounds.map(pick).join(', ')}]`
  return [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    '  title "Findings per round"',
    `  x-axis "round" [${rounds.map(r => `"${r.n}"`).join(', ')}]`,
    `  y-axis "findings" 0 --> ${top}`,
    `  bar "all" ${values(r => r.total)}`,
    ...present.map(b => `  line "${b.key}" ${values(r => r.counts[b.key])}`),
    '```'
  ].join('\n')
}

/** The same counts as a table, for exact numbers and for readers where the chart does not render. */
function table(rounds: RoundCounts[], present: typeof BUCKETS): string {
  const head = `| Round | ${present.map(b => b.words).join(' | ')} | All |`
  const rule = `|---:|${present.map(() => '---:|').join('')}---:|`
  const rows = [...rounds]
    .reverse()
    .map(r => `| ${r.n} | ${present.map(b => r.counts[b.key]).join(' | ')} | ${r.total} |`)
  return [head, rule, ...rows].join('\n')
}

/**
 * The findings-per-round section of the job summary: the chart, its legend and the numbers (collapsed); empty when no
 * round has surfaced a finding.
 */
export function renderFindingsChart(ledger: Ledger): string {
  const all = roundCounts(ledger)
  const rounds = all.slice(-MAX_CHART_ROUNDS)
  if (!rounds.some(r => r.total > 0)) return ''
  const present = BUCKETS.filter(b => rounds.some(r => r.counts[b.key] > 0))
  const lines = present.map(b => `${b.square} ${b.words}`).join(' · ')
  const left = all.length - rounds.length
  const note =
    left > 0
      ? ` The picture shows the latest ${rounds.length} rounds; the ${left} before them are in the rounds' traces.`
      : ''
  return [
    '### Findings per round',
    mermaid(rounds, present),
    `Bars: ${TOTAL.square} ${TOTAL.words}. Lines, by where each finding stands now: ${lines}.${note}`,
    `<details><summary>Findings per round, in numbers</summary>\n\n${table(rounds, present)}\n\n</details>`
  ].join('\n\n')
}
