/** Where the loop stands, in plain words: the headline, what happens next, the invocation's standing facts. */
import { unreviewedWords } from '../loop/convergence.js'
import type { Gate, Invocation, Ledger, Round, Status } from '../loop/model.js'
import { clip, codeSpan, oneLine, relayedInline, shortSha } from './text.js'

/** What this run did, as the renderers are told it: the round it worked on, its status, a message. */
export interface RunHeadline {
  /** The round this run worked on; absent: the ledger's latest round. */
  round?: number
  status: Status
  /** What must change (for `blocked`), or anything else worth one sentence. */
  message?: string
}

/** The free-exit notice every invocation announces (seed 004, Phase 0), word for word. */
export const FREE_EXIT_NOTICE =
  'You can end this loop at any time with `/review-loop stop`; on exit I present the trace so far, offer to record any decision you made here that outlives this review, and stop.'

/** The gates still waiting for an answer, oldest first. */
export function openGates(ledger: Ledger): Gate[] {
  return ledger.gates.filter(g => g.status === 'open')
}

/** The round a run worked on, else the newest round; undefined when no round has run. */
export function currentRound(ledger: Ledger, n?: number): Round | undefined {
  if (n !== undefined) {
    const round = ledger.rounds.find(r => r.n === n)
    if (round) return round
  }
  return ledger.rounds.reduce<Round | undefined>((a, r) => (a && a.n > r.n ? a : r), undefined)
}

/** The invocation a round belongs to, else the newest one. */
export function currentInvocation(ledger: Ledger, round?: Round): Invocation | undefined {
  const own = round ? ledger.invocations.find(i => i.n === round.invocation) : undefined
  return (
    own ??
    ledger.invocations.reduce<Invocation | undefined>((a, i) => (a && a.n > i.n ? a : i), undefined)
  )
}

/** The status in a few plain words: "converged", "awaiting your decision on G1, G2", "blocked: …". */
export function statusWords(ledger: Ledger, headline: RunHeadline): string {
  switch (headline.status) {
    case 'converged': {
      // What the converging review could not carry is said where the status is: its verdict does not speak for it.
      const ended = currentInvocation(ledger, currentRound(ledger, headline.round))?.ended
      const missed = unreviewedWords(ledger.rounds.find(r => r.n === ended?.round))
      return missed ? `converged; ${missed}` : 'converged'
    }
    case 'awaiting-decision': {
      const ids = openGates(ledger).map(g => g.id)
      return ids.length > 0
        ? `awaiting your decision on ${ids.join(', ')}`
        : 'awaiting your decision'
    }
    case 'continue':
      return 'next round asked for'
    case 'exited':
      return 'exited'
    case 'no-review':
      return 'no review'
    case 'blocked':
      return `blocked: ${relayedInline(headline.message ?? 'see the run log for what must change', 2000)}`
    case 'ignored':
      return 'nothing to do'
  }
}

/** What the status means for the reader and what happens next, in one or two sentences. */
export function statusExplanation(ledger: Ledger, headline: RunHeadline): string {
  const round = currentRound(ledger, headline.round)
  const invocation = currentInvocation(ledger, round)
  let text: string
  switch (headline.status) {
    case 'continue': {
      const owed = ledger.owed
      if (!owed) text = 'A next round is owed.'
      else if (owed.requested === 'dispatch')
        text = `The next round was started: it re-reviews ${codeSpan(shortSha(owed.head))}.`
      else if (owed.requested === 'push')
        text = `The push of ${codeSpan(shortSha(owed.head))} starts the next round.`
      else
        text = `The next round waits for a push or a ${codeSpan('/review-loop continue')} comment.`
      break
    }
    case 'awaiting-decision':
      text =
        'The loop is paused until someone with write access answers. Each question has its own comment with the options.'
      break
    case 'converged': {
      const ended = invocation?.ended
      text = ended
        ? `The loop converged on round ${ended.round}: ${oneLine(ended.reason)}.`
        : 'The loop converged.'
      break
    }
    case 'exited': {
      const ended = invocation?.ended
      const by = ended?.by ? ` at @${ended.by}'s request` : ''
      text = ended
        ? `The loop ended${by} after round ${ended.round}: ${oneLine(ended.reason)}.`
        : 'The loop ended.'
      break
    }
    case 'no-review': {
      const gate = openGates(ledger).find(g => g.kind === 'no-review')
      const which = round ? `Round ${round.n}` : 'This round'
      text = `${which} produced no review: the source returned no verdict, so the round counts for nothing toward convergence.`
      if (gate) text += ` ${gate.id} asks whether to continue without it, switch source, or stop.`
      break
    }
    case 'blocked':
      return 'Something outside the loop must change before it can go on; the headline says what.'
    case 'ignored':
      text = 'Nothing in this event was for the review loop.'
      break
  }
  return headline.message ? `${text} ${relayedInline(headline.message, 2000)}` : text
}

/** Whether the source can report what it reached, said once per invocation (and again at convergence). */
export function reachSentence(invocation: Invocation): string {
  return invocation.source.reportsReach
    ? 'This source reports, on every review, which parts of the change it reached and which it did not.'
    : 'This source cannot report which parts of the change it reached, so no round says what it left unexamined: its silence on something is not a clean bill.'
}

/** The pull request and invocation in one line: base..head, how many files changed. */
export function invocationLine(ledger: Ledger, invocation: Invocation): string {
  const files = invocation.changedFiles.length
  // The head the loop stands on now: the newest round's, or the fixes it landed on top of it.
  const latest = ledger.rounds.filter(r => r.invocation === invocation.n).at(-1)
  const head = latest?.landing?.commit ?? latest?.head ?? invocation.head
  return `PR #${ledger.pr} in ${ledger.repository}: base ${codeSpan(shortSha(invocation.base))} (${invocation.baseRef})..head ${codeSpan(shortSha(head))}, ${files} changed ${files === 1 ? 'file' : 'files'}; this review started ${invocation.startedAt} with round ${invocation.firstRound}.`
}

/** Which source reviews, and why it was the one chosen. */
export function sourceLine(invocation: Invocation): string {
  return `Reviews come from ${codeSpan(invocation.source.name)}: ${clip(oneLine(invocation.source.designation).replace(/\.+$/, ''), 500)}.`
}

/** What the invocation's first harvest found of the project's goal: a standing fact, said once with the announcement. */
export function goalSentence(ledger: Ledger, invocation: Invocation): string | undefined {
  const first = ledger.rounds.find(r => r.invocation === invocation.n && r.intent)
  if (!first?.intent || first.intent.failed !== undefined) return undefined
  const goal = first.intent.goal
  return goal
    ? `The project says what it is for in ${codeSpan(`${goal.path}:${goal.line}`)} (section “${clip(oneLine(goal.section), 80)}”): reviews weigh severity against it.`
    : 'The project declares no goal this loop could find: the severity steer and the loop’s own reading against a goal run without one.'
}

/** The Phase 0 announcement: the source and its reach, where fixes land, and the free exit. */
export function renderAnnouncement(ledger: Ledger, invocation: Invocation): string {
  const lines = [
    invocationLine(ledger, invocation),
    `${sourceLine(invocation)} ${reachSentence(invocation)}`
  ]
  if (invocation.driver) {
    const why = oneLine(invocation.driver.why).replace(/\.+$/, '')
    lines.push(
      `The loop's own readings (checking claims against the code, typing them, classifying): ${clip(why, 400)}.`
    )
  }
  const goal = goalSentence(ledger, invocation)
  if (goal) lines.push(goal)
  if (invocation.landing === 'head')
    lines.push("Fixes are committed to this pull request's branch.")
  if (invocation.landing === 'stacked')
    lines.push(
      'Fixes go on a branch stacked above this pull request, with a pull request of their own.'
    )
  // Once the invocation has ended, the free-exit offer would be stale: say how it ended instead.
  const ended = invocation.ended
  if (ended) {
    const how =
      ended.as === 'converged' ? 'converged' : `was ended${ended.by ? ` by @${ended.by}` : ''}`
    lines.push(`This review ${how} on ${ended.at}, after round ${ended.round}.`)
  } else lines.push(FREE_EXIT_NOTICE)
  return lines.join('\n\n')
}
