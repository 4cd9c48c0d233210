/** Reads what the triggering event asks of the loop, from the runner's event payload. */
import { readFileSync } from 'node:fs'
import { ConfigurationError } from './inputs.js'
import { hasCommand } from '../loop/commands.js'

/** What started this run, reduced to what the loop needs. */
export type Trigger =
  | { kind: 'ignored'; reason: string }
  | { kind: 'pull_request'; action: string; pr: number; headSha: string }
  | { kind: 'issue_comment'; pr: number; commentId: number; author: string }
  | { kind: 'workflow_dispatch'; pr: number }

const PR_ACTIONS = ['opened', 'synchronize', 'reopened', 'ready_for_review']

interface Payload {
  action?: string
  pull_request?: { number?: number; head?: { sha?: string } }
  issue?: { number?: number; pull_request?: unknown }
  comment?: { id?: number; body?: string; user?: { login?: string } }
  inputs?: Record<string, unknown>
}

/** Reads the event; anything the loop does not handle is `ignored` with the reason. */
export function readTrigger(eventName: string | undefined, eventPath: string | undefined): Trigger {
  if (!eventName)
    throw new ConfigurationError(
      'GITHUB_EVENT_NAME is not set: run review-loop as a step of a GitHub Actions workflow.'
    )
  if (!['pull_request', 'issue_comment', 'workflow_dispatch'].includes(eventName)) {
    return { kind: 'ignored', reason: `the ${eventName} event is not one review-loop handles` }
  }
  if (!eventPath)
    throw new ConfigurationError(
      'GITHUB_EVENT_PATH is not set: the runner provides it for every event.'
    )
  let payload: Payload
  try {
    payload = JSON.parse(readFileSync(eventPath, 'utf8')) as Payload
  } catch (error) {
    throw new ConfigurationError(
      `The event payload at ${eventPath} could not be read: ${(error as Error).message}`
    )
  }
  return fromPayload(eventName, payload)
}

/** Maps one event payload to a trigger (pure). */
export function fromPayload(eventName: string, payload: Payload): Trigger {
  if (eventName === 'pull_request') {
    const action = payload.action ?? ''
    const pr = payload.pull_request?.number
    if (!PR_ACTIONS.includes(action))
      return { kind: 'ignored', reason: `pull_request '${action}' is not one review-loop handles` }
    if (!pr)
      throw new ConfigurationError('The pull_request event payload has no pull_request.number.')
    return { kind: 'pull_request', action, pr, headSha: payload.pull_request?.head?.sha ?? '' }
  }
  if (eventName === 'issue_comment') {
    if (payload.action !== 'created')
      return {
        kind: 'ignored',
        reason: `issue_comment '${payload.action}' is not one review-loop handles`
      }
    if (!payload.issue?.pull_request)
      return { kind: 'ignored', reason: 'the comment is on an issue, not a pull request' }
    if (!hasCommand(payload.comment?.body ?? ''))
      return { kind: 'ignored', reason: 'the comment holds no /review-loop command' }
    const pr = payload.issue.number
    const commentId = payload.comment?.id
    if (!pr || !commentId)
      throw new ConfigurationError(
        'The issue_comment event payload has no issue.number or comment.id.'
      )
    return { kind: 'issue_comment', pr, commentId, author: payload.comment?.user?.login ?? '' }
  }
  const raw = payload.inputs?.pr
  const pr =
    typeof raw === 'number'
      ? raw
      : Number(
          String(raw ?? '')
            .trim()
            .replace(/^#/, '')
        )
  if (!Number.isInteger(pr) || pr < 1) {
    throw new ConfigurationError(
      `The workflow_dispatch input 'pr' is ${JSON.stringify(raw ?? null)}: give the pull request number (declare it under on.workflow_dispatch.inputs.pr).`
    )
  }
  return { kind: 'workflow_dispatch', pr }
}
