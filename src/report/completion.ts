/**
 * The completion report (seed 003), a section of the final job summary once an invocation ended: the verdict, the
 * rounds, active and resolved findings, checks not run, residual risks, and the next action allowed. It never says the
 * review passed beyond what the verdict supports: what stays open is listed as residual, never as clearance.
 */
import { residualsOf, surfacedIn } from '../loop/convergence.js'
import type { Finding, Invocation, Ledger } from '../loop/model.js'
import { clip, codeSpan, listWords, oneLine, roundRange } from './text.js'

/** What the report needs besides the ledger: the merge gate's context when the run set one. */
export interface CompletionInput {
  mergeGate?: { context: string; state: string }
}

/** How many residuals a comment lists before pointing to the job summary for the rest. */
const LISTED_IN_COMMENT = 20

/** Residuals the report reads as checks not run: what the source did not reach, or cannot say it reached. */
const REACH = /^(unreached|reach unknown|reach unreported):/

/** The residuals an ended invocation recorded, else read off the ledger (a ledger ended before they were kept). */
export function endedResiduals(ledger: Ledger, invocation: Invocation): string[] {
  return invocation.ended?.residuals ?? residualsOf(ledger, invocation)
}

/**
 * The status comment's line at the end: "Converged with residuals" (or "Ended with residuals") and the list, bounded.
 * Empty while the invocation runs or when nothing stays open.
 */
export function renderResidualsParagraph(ledger: Ledger, invocation: Invocation): string {
  if (!invocation.ended) return ''
  const residuals = endedResiduals(ledger, invocation)
  if (residuals.length === 0) return ''
  const how = invocation.ended.as === 'converged' ? 'Converged' : 'Ended'
  const items = residuals.slice(0, LISTED_IN_COMMENT).map(r => `- ${clip(oneLine(r), 400)}`)
  const rest = residuals.length - LISTED_IN_COMMENT
  if (rest > 0) items.push(`- …and ${rest} more, in the job summary's completion report.`)
  return `**${how} with residuals** (open, not cleared):\n\n${items.join('\n')}`
}

const RESOLVED: readonly Finding['outcome']['kind'][] = [
  'applied',
  'dropped',
  'handed',
  'suggested'
]
const WORDS: Record<Finding['outcome']['kind'], string> = {
  applied: 'applied',
  dropped: 'dropped',
  handed: 'handed to a follow-up',
  suggested: "suggested to the fork's author",
  carried: 'carried (deferred)',
  pending: 'undecided'
}

/** "applied 2 (F1, F4); dropped 1 (F2)": counts and IDs by outcome, in a fixed order. */
function byOutcome(findings: Finding[], kinds: readonly Finding['outcome']['kind'][]): string {
  const parts = kinds
    .map(kind => ({ kind, ids: findings.filter(f => f.outcome.kind === kind).map(f => f.id) }))
    .filter(p => p.ids.length > 0)
    .map(p => `${WORDS[p.kind]} ${p.ids.length} (${p.ids.join(', ')})`)
  return parts.length > 0 ? parts.join('; ') : 'none'
}

/** What is allowed next, in the order a person would do it. */
function nextAction(ledger: Ledger, invocation: Invocation, input: CompletionInput): string {
  const steps: string[] = []
  const open = ledger.gates.filter(g => g.status === 'open').map(g => g.id)
  if (open.length > 0) steps.push(`answer ${listWords(open)}`)
  const layer = invocation.stacked
  const gate = input.mergeGate
    ? `the merge gate ${codeSpan(input.mergeGate.context)} is green`
    : "the pull request's checks are green"
  if (invocation.ended?.as === 'converged') {
    if (layer && layer.head !== layer.cut) {
      const which = layer.pr ? `#${layer.pr}` : `the branch ${codeSpan(layer.branch)}`
      steps.push(
        `merge ${which} (the stacked layer with the fixes) first, then merge #${ledger.pr} when ${gate}`
      )
    } else steps.push(`merge #${ledger.pr} when ${gate}`)
    steps.push('push to start a new review')
  } else {
    steps.push('push to start a new review of what is left open')
  }
  return steps.join('; or ')
}

/** The completion report for the invocation that ended, as a section of the job summary. */
export function renderCompletionReport(
  ledger: Ledger,
  invocation: Invocation,
  input: CompletionInput = {}
): string {
  const ended = invocation.ended
  if (!ended) return ''
  const rounds = ledger.rounds.filter(r => r.invocation === invocation.n).sort((a, b) => a.n - b.n)
  const numbers = rounds.map(r => r.n)
  const noReview = rounds.filter(r => r.review !== 'reviewed').map(r => r.n)
  const ids = new Set(rounds.flatMap(surfacedIn))
  const findings = ledger.findings.filter(f => ids.has(f.id))
  const active = findings.filter(f => !RESOLVED.includes(f.outcome.kind))
  const residuals = endedResiduals(ledger, invocation)
  const reach = residuals.filter(r => REACH.test(r))
  const risks = residuals.filter(r => !REACH.test(r))
  const last = rounds.find(r => r.n === ended.round) ?? rounds.at(-1)

  const verdict =
    ended.as === 'converged'
      ? `converged on round ${ended.round}: ${oneLine(ended.reason)}${last?.verdict ? ` (the source's verdict: ${last.verdict})` : ''}`
      : `ended without converging after round ${ended.round}${ended.by ? `, at @${ended.by}'s request` : ''}: ${oneLine(ended.reason)}`
  const roundsLine = `${roundRange(numbers)} (${numbers.length} in this review${noReview.length > 0 ? `; no review in ${listWords(noReview.map(String))}` : ''})`
  const blocking = active.filter(f => f.severity === 'critical' || f.severity === 'high')
  const activeLine =
    active.length === 0
      ? 'none'
      : `${byOutcome(active, ['carried', 'pending'])}${blocking.length > 0 ? `, of which critical or high: ${blocking.map(f => f.id).join(', ')}` : ''}`
  const notRun = [
    ...rounds.flatMap(r => r.readingsNotRun.map(x => `round ${r.n}: ${oneLine(x)}`)),
    ...reach
  ]
  const lines = [
    '### Completion report',
    `- **Verdict**: ${verdict}`,
    `- **Rounds**: ${roundsLine}`,
    `- **Active findings**: ${activeLine}`,
    `- **Resolved findings**: ${byOutcome(findings, RESOLVED)}`,
    `- **Checks not run**: ${notRun.length === 0 ? 'none recorded' : ''}`,
    ...notRun.map(x => `  - ${clip(x, 500)}`),
    risks.length === 0
      ? '- **Residual risks**: none recorded'
      : `- **Residual risks** — ${ended.as === 'converged' ? 'converged' : 'ended'} with residuals, none of them a clearance:`,
    ...risks.map(x => `  - ${clip(x, 500)}`),
    `- **Next**: ${nextAction(ledger, invocation, input)}.`
  ]
  return lines.map(l => l.replace(/: $/, ':')).join('\n')
}
