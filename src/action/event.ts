/** Reads what the triggering event asks of the loop, from the runner's event payload. */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { ConfigurationError } from './inputs.js'
import { hasCommand } from '../loop/commands.js'
import { HANDLED_EVENTS, quickIgnore } from './quick-answer.js'
import { errorMessage } from '../shared/errors.js'

/** What started this run, reduced to what the loop needs. */
export type Trigger =
  | { kind: 'ignored'; reason: string }
  | { kind: 'pull_request'; action: string; pr: number; seen?: SeenPull }
  | { kind: 'issue_comment'; pr: number; commentId: number; author: string }
  /** A reply in a review thread on the diff (`inReplyTo`: the thread's first comment). */
  | { kind: 'review_comment'; pr: number; commentId: number; author: string; inReplyTo: number }
  | { kind: 'workflow_dispatch'; pr: number }

/**
 * A pull request as its event showed it: open, ready for review and from a branch of the repository itself. Enough to
 * start its checkout before the run has read the pull request (src/main.ts); the run still reads it, and a checkout
 * started for what the event showed is taken up only when the pull request is still that (src/run/repo.ts).
 */
export interface SeenPull {
  headRef: string
  headSha: string
  baseRef: string
}

const EVENTS = HANDLED_EVENTS

/** Whether a run was started by a person's comment (in the conversation or in a thread): it answers, never starts work. */
export function isCommentRun(trigger: { kind: string }): boolean {
  return trigger.kind === 'issue_comment' || trigger.kind === 'review_comment'
}

interface Payload {
  action?: string
  pull_request?: unknown
  issue?: { number?: unknown; pull_request?: unknown }
  comment?: { id?: unknown; body?: string; user?: unknown; in_reply_to_id?: number | null }
  inputs?: Record<string, unknown>
}

/**
 * The parts of each event's payload the loop reads, as GitHub sends them (checked against every example payload in
 * @octokit/webhooks-examples): anything else in the payload is left alone, and a part missing or of another type is
 * named in the error.
 */
const ID = z.number().int().positive()
const Repo = z.object({ full_name: z.string() })
// What starts the checkout early is only a hint (the run reads the pull request itself): a part of it absent shows
// nothing, but a part present of another type is an error as any other.
const PullPart = z.object({
  number: ID,
  state: z.string().optional(),
  draft: z.boolean().optional(),
  head: z
    .object({ sha: z.string().optional(), ref: z.string().optional(), repo: Repo.nullish() })
    .optional(),
  base: z.object({ ref: z.string().optional(), repo: Repo.optional() }).optional()
})
const CommentPart = z.object({ id: ID, body: z.string(), user: z.object({ login: z.string() }) })
const PullRequestEvent = z.object({ pull_request: PullPart })
const IssueCommentEvent = z.object({ issue: z.object({ number: ID }), comment: CommentPart })
const ReviewCommentEvent = z.object({
  pull_request: z.object({ number: ID }),
  comment: CommentPart.extend({ in_reply_to_id: ID })
})

/** The payload's parts `schema` names, or a ConfigurationError naming each one missing or malformed, and the event. */
function parts<T>(eventName: string, schema: z.ZodType<T>, payload: Payload): T {
  const parsed = schema.safeParse(payload)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map(issue => {
    const where = issue.path.map(p => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    return `${where.join('').replace(/^\./, '') || '(the payload)'}: ${issue.message}`
  })
  throw new ConfigurationError(
    `The ${eventName} event payload is not what GitHub sends (${problems.join('; ')}): run review-loop on the events GitHub delivers, or give GITHUB_EVENT_PATH a complete payload.`
  )
}

/** What a pull_request event shows of its pull request, when that is enough to start its checkout (`SeenPull`). */
function seenPull(pull: z.infer<typeof PullPart>): SeenPull | undefined {
  const headRef = pull.head?.ref
  const headSha = pull.head?.sha
  const baseRef = pull.base?.ref
  const own = pull.head?.repo?.full_name
  if (pull.state !== 'open' || pull.draft !== false || !headRef || !headSha || !baseRef) return
  if (!own || own !== pull.base?.repo?.full_name) return
  return { headRef, headSha, baseRef }
}

/** Reads the event; anything the loop does not handle is `ignored` with the reason. */
export function readTrigger(eventName: string | undefined, eventPath: string | undefined): Trigger {
  if (!eventName)
    throw new ConfigurationError(
      'GITHUB_EVENT_NAME is not set: run review-loop as a step of a GitHub Actions workflow.'
    )
  if (!EVENTS.includes(eventName)) {
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
      `The event payload at ${eventPath} could not be read: ${errorMessage(error)}`
    )
  }
  return fromPayload(eventName, payload)
}

/** Maps one event payload to a trigger (pure). */
export function fromPayload(eventName: string, payload: Payload): Trigger {
  // What shows without the command grammar, as the entry file reads it (src/action/quick-answer.ts); then the rest.
  const quick = quickIgnore(eventName, payload)
  if (quick !== undefined) return { kind: 'ignored', reason: quick }
  if (eventName === 'pull_request') {
    const action = payload.action ?? ''
    const pull = parts(eventName, PullRequestEvent, payload).pull_request
    const seen = seenPull(pull)
    return { kind: 'pull_request', action, pr: pull.number, ...(seen ? { seen } : {}) }
  }
  if (eventName === 'issue_comment') {
    if (!hasCommand(payload.comment?.body ?? ''))
      return { kind: 'ignored', reason: 'the comment holds no /review-loop command' }
    const { issue, comment } = parts(eventName, IssueCommentEvent, payload)
    return {
      kind: 'issue_comment',
      pr: issue.number,
      commentId: comment.id,
      author: comment.user.login
    }
  }
  if (eventName === 'pull_request_review_comment') return fromReviewComment(payload)
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

/**
 * A review comment: only a reply (`created`, with `in_reply_to_id`) holding a command can answer; whether its thread is
 * a finding's is known once the ledger is read.
 */
function fromReviewComment(payload: Payload): Trigger {
  if (!hasCommand(payload.comment?.body ?? ''))
    return { kind: 'ignored', reason: 'the reply holds no /review-loop command' }
  const { pull_request, comment } = parts(
    'pull_request_review_comment',
    ReviewCommentEvent,
    payload
  )
  return {
    kind: 'review_comment',
    pr: pull_request.number,
    commentId: comment.id,
    author: comment.user.login,
    inReplyTo: comment.in_reply_to_id
  }
}
