/**
 * The fastest answer (issue 16, start-up): an event review-loop does not act on is answered before anything else of the
 * bundle loads, with the log line, outputs and job summary that `ignore` gives (src/action/step-output.ts), when what
 * makes it one can be told without the command grammar: an event it never handles (a push, a schedule), an action of
 * one it does not handle (a closed pull request, an edited comment), a comment on an issue, a review comment that starts
 * a thread, a comment that does not spell `/review-loop` (src/loop/command-text.ts). This file and that one import
 * only node's own modules, so the entry file that holds them stays small. Anything else, and anything it cannot do as
 * the runner expects (an unreadable payload, no output or summary file to append to), is left to the full path.
 */
import { randomUUID } from 'node:crypto'
import { appendFileSync, readFileSync } from 'node:fs'
import { EOL } from 'node:os'
import { mayHoldCommand } from '../loop/command-text.js'

/** The events review-loop acts on; every other is ignored (src/action/event.ts reads these). */
export const HANDLED_EVENTS = [
  'pull_request',
  'issue_comment',
  'pull_request_review_comment',
  'workflow_dispatch'
]

/** The pull_request actions that start a round. */
export const PR_ACTIONS = ['opened', 'synchronize', 'reopened', 'ready_for_review']

/** What of an event payload the quick answer reads. */
export interface QuickPayload {
  action?: string
  issue?: { pull_request?: unknown }
  comment?: { body?: string; in_reply_to_id?: number | null }
}

/**
 * Why an event is ignored, when that can be told without the command grammar; undefined when the full reading
 * (src/action/event.ts, `fromPayload`) must decide. Its checks come in `fromPayload`'s order and give its reasons.
 */
export function quickIgnore(eventName: string, payload: QuickPayload): string | undefined {
  if (!HANDLED_EVENTS.includes(eventName))
    return `the ${eventName} event is not one review-loop handles`
  const action = payload.action ?? ''
  if (eventName === 'pull_request')
    return PR_ACTIONS.includes(action)
      ? undefined
      : `pull_request '${action}' is not one review-loop handles`
  if (eventName === 'issue_comment') {
    if (payload.action !== 'created')
      return `issue_comment '${payload.action}' is not one review-loop handles`
    if (!payload.issue?.pull_request) return 'the comment is on an issue, not a pull request'
    if (!mayHoldCommand(payload.comment?.body ?? ''))
      return 'the comment holds no /review-loop command'
    return undefined
  }
  if (eventName === 'pull_request_review_comment') {
    if (payload.action !== 'created')
      return `pull_request_review_comment '${payload.action}' is not one review-loop handles`
    const inReplyTo = payload.comment?.in_reply_to_id
    if (inReplyTo === undefined || inReplyTo === null)
      return 'the review comment starts a thread; only a reply in a finding’s thread is read'
    if (!mayHoldCommand(payload.comment?.body ?? ''))
      return 'the reply holds no /review-loop command'
  }
  return undefined
}

/** The outputs an ignored run sets (src/action/constants.ts `Outputs`, as `setOutputs` writes them). */
const IGNORED_OUTPUTS: [string, string][] = [
  ['status', 'ignored'],
  ['round', ''],
  ['verdict', ''],
  ['open-gates', '']
]

/** A `name<<delimiter` block of the runner's output file, as @actions/core writes one. */
function outputBlock(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`
}

/** The reason an event is ignored, read from the runner's environment; undefined when the full path must read it. */
function reasonFor(env: NodeJS.ProcessEnv): string | undefined {
  const name = env.GITHUB_EVENT_NAME
  if (!name) return undefined
  if (!HANDLED_EVENTS.includes(name)) return quickIgnore(name, {})
  if (name === 'workflow_dispatch' || !env.GITHUB_EVENT_PATH) return undefined
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as unknown
    if (typeof payload !== 'object' || payload === null) return undefined
    return quickIgnore(name, payload as QuickPayload)
  } catch {
    return undefined
  }
}

/** Answers an event review-loop does not act on and returns true; false when the full path must answer it. */
export function answeredQuickly(env: NodeJS.ProcessEnv = process.env): boolean {
  const { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary } = env
  if (!output || !summary) return false
  const reason = reasonFor(env)
  if (reason === undefined) return false
  try {
    appendFileSync(output, IGNORED_OUTPUTS.map(([key, value]) => outputBlock(key, value)).join(''))
    appendFileSync(summary, `review-loop: nothing to do (${reason}).\n`)
  } catch {
    return false
  }
  process.stdout.write(`Nothing for review-loop: ${reason}${EOL}`)
  return true
}
