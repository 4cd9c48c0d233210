/** Gates: the questions the loop puts to people, and how an answer is read. Plain words; analysis before the question. */
import type { Finding, Gate, GateOption } from './model.js'
import { usableFix } from './apply-text.js'

/** A gate for a fix the screen stopped: accept the risk and apply, defer, or drop. */
export function riskGate(id: string, round: number, f: Finding, why: string): Gate {
  return {
    id,
    round,
    kind: 'risk',
    findings: [f.id],
    analysis: `The fix for ${f.id} (${f.file}:${f.line}) is ready to be written, but ${why}. Nothing has been written.`,
    question: `Should the loop write this fix anyway?`,
    options: [
      {
        key: 'apply',
        label: 'Accept the risk and apply',
        leadsTo:
          'the fix is written at every place it belongs and pushed with the round’s other fixes'
      },
      {
        key: 'defer',
        label: 'Not now',
        leadsTo: 'nothing is written; the finding stays open and the next review sees it again'
      },
      {
        key: 'dismiss',
        label: 'Drop the fix',
        leadsTo: 'nothing is written and the finding is closed as you decided'
      }
    ],
    open: false,
    status: 'open'
  }
}

/** Handing a finding on: it leaves with where it holds and what establishes it, and this pull request can converge. */
export const FOLLOW_UP: GateOption = {
  key: 'follow-up',
  label: 'Leave it for a follow-up',
  leadsTo:
    'this pull request does not carry it: the finding is handed on, listed with where it holds and what shows it, for a later issue or pull request'
}

/**
 * The design gate of Rule 9: a finding that keeps coming back although a person's decision was conveyed, or after its
 * fix was re-applied. It shows the history, then asks.
 */
export function designGate(
  id: string,
  round: number,
  finding: Finding,
  basis: string,
  history: string[]
): Gate {
  const options: GateOption[] = [
    {
      key: 'decide',
      label: 'Settle it with a design decision',
      leadsTo:
        'write after `decide` what the project decided and why; it replaces what was decided before, and later reviews are told of it'
    },
    {
      key: 'dismiss',
      label: 'Leave the code as it is, this time',
      leadsTo:
        'the finding is closed for this pull request with your words as the reason; later reviews are not told of it'
    },
    FOLLOW_UP
  ]
  if (finding.fix) {
    options.unshift({
      key: 'apply',
      label: 'Apply the proposed change',
      leadsTo: 'the change shown above is committed, and the next round reviews the result'
    })
  }
  return {
    id,
    round,
    kind: 'design',
    findings: [finding.id],
    analysis: `${finding.id} keeps coming back: ${basis}.\n\n${history.map(h => `- ${h}`).join('\n')}`,
    question: `How should the project settle ${finding.id} for good?`,
    options,
    open: false,
    status: 'open'
  }
}

/** The dispositions an open question takes by their word, besides a direction in free words. */
const OPEN_DISPOSITIONS = ['dismiss', 'defer', 'follow-up']

/** A judgment gate over one finding a person must decide. */
export function judgmentGate(
  id: string,
  round: number,
  finding: Finding,
  why: string,
  fixUsable = usableFix(finding)
): Gate {
  const options: GateOption[] = []
  if (finding.fix && fixUsable) {
    options.push({
      key: 'apply',
      label: 'Apply the proposed change',
      leadsTo:
        "the change shown above is committed to this pull request with the round's other fixes, and the next round reviews the result"
    })
  }
  options.push(
    {
      key: 'dismiss',
      label: 'Leave the code as it is',
      leadsTo:
        'the finding is closed with your words as the reason and is not raised with you again in this loop'
    },
    {
      key: 'decide',
      label: 'Record a design decision',
      leadsTo:
        'write after `decide` what the project decided and why: the finding is closed on that basis, your words are kept as they are, and later reviews are told what was decided when it describes the project (words about this review or to a reviewer are kept but never passed on)'
    },
    {
      key: 'defer',
      label: 'Leave it for later',
      leadsTo: 'nothing changes now; the finding stays listed as an open item when the loop ends'
    }
  )
  // Whether this pull request should carry a defect that was already there is itself the question.
  if (finding.provenance === 'pre-existing' || finding.provenance === 'indeterminate')
    options.push(FOLLOW_UP)
  return {
    id,
    round,
    kind: 'judgment',
    findings: [finding.id],
    analysis: `Why ${finding.id} needs a person: ${why}.`,
    question: `What should happen with ${finding.id}?`,
    options,
    open: false,
    status: 'open'
  }
}

/** The landing gate: asked once per invocation, when the first fix is ready to land and the `landing` input is empty. */
export function landingGate(id: string, round: number, findings: string[]): Gate {
  return {
    id,
    round,
    kind: 'landing',
    findings,
    analysis:
      'Fixes are ready to land and the workflow does not say where they should go. Committing them onto this pull request makes it grow by those commits. Stacking them puts them on a new branch with its own pull request above this one, so this pull request keeps only its own commits; an approval then covers the two together, never this one alone. The answer holds until this loop ends.',
    question: 'Where should this loop put its fixes?',
    options: [
      {
        key: 'head',
        label: 'On this pull request',
        leadsTo: "fix commits are pushed to this pull request's branch"
      },
      {
        key: 'stacked',
        label: 'On a pull request above this one',
        leadsTo: 'fix commits go to a new branch and pull request based on this one'
      }
    ],
    open: false,
    status: 'open'
  }
}

/** One source as a gate offers it: its name, and what choosing it costs and covers. */
export interface SourceChoice {
  name: string
  coverage: string
  cost: string
  reportsReach: boolean
}

function sourceOption(choice: SourceChoice): GateOption {
  const reach = choice.reportsReach
    ? 'it says on every review which parts of the change it reached'
    : 'it cannot say which parts of the change it reached'
  return {
    key: choice.name,
    label: `Review with ${choice.name}`,
    leadsTo: `${choice.coverage}; costs ${choice.cost}; ${reach}`
  }
}

/** Phase 0's designation gate: several sources are usable and none is named, so a person chooses (no default). */
export function sourceGate(id: string, round: number, choices: SourceChoice[]): Gate {
  return {
    id,
    round,
    kind: 'source',
    findings: [],
    analysis: `Several review sources are usable here (${choices.map(c => c.name).join(', ')}) and the workflow does not name one. The choice sets the cost and coverage of every round, so the loop does not pick on your behalf; it holds for this review until a round without a verdict offers to switch. To skip this question next time, set the workflow's \`source\` input.`,
    question: 'Which source should review this pull request?',
    options: choices.map(sourceOption),
    open: false,
    status: 'open'
  }
}

/** After a call that produced no review (Rule 13): continue without it, switch source, or stop. */
export function noReviewGate(
  id: string,
  round: number,
  cause: string,
  others: SourceChoice[] = []
): Gate {
  return {
    id,
    round,
    kind: 'no-review',
    findings: [],
    analysis: `The review source did not produce a review in round ${round}: ${cause}. This round reviewed nothing, so it cannot count towards finishing. What came back is kept in the job summary.`,
    question: 'How should the loop go on?',
    options: [
      {
        key: 'retry',
        label: 'Continue without this round',
        leadsTo:
          'this round stays a round with no review, and the source is called again now, as a new round'
      },
      ...others.map(o => ({
        key: `switch-${o.name}`,
        label: `Switch to ${o.name}`,
        leadsTo: `${o.name} reviews from the next round on (${o.coverage}; costs ${o.cost})`
      })),
      { key: 'stop', label: 'Stop the loop', leadsTo: 'the loop ends here with the trace so far' }
    ],
    open: false,
    status: 'open'
  }
}

/** Reads an answer: the first word names an option; the whole words are kept verbatim by the caller. */
export function readAnswer(gate: Gate, words: string): { option?: string } | { error: string } {
  const first = (words.split(/\s+/)[0] ?? '').toLowerCase().replace(/[.,;:!]+$/, '')
  const option = gate.options.find(o => o.key === first)
  if (option?.key === 'decide' && words.trim().split(/\s+/).length < 3) {
    return {
      error: `after \`decide\`, say what the project decided and why (for example \`/review-loop ${gate.id} decide timeouts are set per call by the caller, so the default stays 0\`)`
    }
  }
  if (option) return { option: option.key }
  if (gate.open) {
    // An open question still takes the ordinary dispositions by their word; anything else is a direction, in words.
    if (OPEN_DISPOSITIONS.includes(first)) return { option: first }
    if (words.trim().split(/\s+/).length < 3) {
      return {
        error: `${gate.id} asks for a direction: say which way it should go and why, in your own words (or \`dismiss\`, \`defer\` or \`follow-up\`)`
      }
    }
    return {}
  }
  return {
    error: `${gate.id} takes one of: ${gate.options.map(o => `\`${o.key}\``).join(', ')} (you may add your reasons after it)`
  }
}
