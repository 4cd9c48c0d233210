/** The action's side of the PR conversation: what it posts is recorded as its own, and relayed text cannot forge state. */
import { ACTIONS_BOT_LOGIN } from '../action/constants.js'
import type { IssueComment, ThreadComment } from '../github/client.js'
import { neutraliseMarkers } from '../ledger/codec.js'
import type { Ledger } from '../loop/model.js'
import type { Run } from './context.js'
import { STATUS_STARTING } from './reconcile.js'

/** Posts a comment as the action; its ID is recorded so no later run reads it as a command. */
export async function post(
  run: Run,
  body: string,
  /** A marker of the action's own, appended after the body's are neutralised. */
  mark = ''
): Promise<{ id: number; login: string; url: string }> {
  const posted = await run.world.github.comment(run.pr.number, neutraliseMarkers(body) + mark)
  run.ledger.ownComments.push(posted.id)
  if (posted.login && posted.login !== run.identity && !run.settings.botLogin) {
    // The token could not say who it is (an App's answers 403 to GET /user): what it posts as is who it is.
    run.identity = posted.login
  }
  return posted
}

/**
 * Replies in a finding's thread on the diff (under review comment `root`) as the action; the reply's ID is recorded so
 * no later run reads it as a command.
 */
export async function replyInThread(
  run: Run,
  root: number,
  body: string
): Promise<{ id: number; url: string }> {
  const posted = await run.world.github.replyToReviewComment(
    run.pr.number,
    root,
    neutraliseMarkers(body)
  )
  run.ledger.ownReviewComments.push(posted.id)
  return posted
}

/**
 * The address of the action's status comment, posting it first when the loop has none yet (a fix commit can land in
 * the run that starts the loop, before the run's end writes the comment). The run's end edits it as usual.
 */
export async function statusCommentUrl(run: Run): Promise<string> {
  const id = run.ledger.statusComment?.id
  const known = id === undefined ? undefined : run.comments.find(c => c.id === id)
  if (known) return known.url || commentUrl(run, known.id)
  const posted = await post(run, STATUS_STARTING)
  run.ledger.statusComment = { id: posted.id, author: posted.login }
  run.comments.push({
    id: posted.id,
    body: STATUS_STARTING,
    login: posted.login,
    createdAt: run.world.now(),
    url: posted.url
  })
  return posted.url || commentUrl(run, posted.id)
}

function commentUrl(run: Run, id: number): string {
  return `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}/pull/${run.pr.number}#issuecomment-${id}`
}

/**
 * Whether a comment is the action's own: one it recorded posting, or one by its bot login. A token that acts as a
 * person (a personal access token) is not a bot login, so that person's own commands still count.
 */
export function isOwnComment(
  comment: IssueComment,
  ledger: Ledger | undefined,
  identity: string
): boolean {
  if (ledger?.ownComments.includes(comment.id)) return true
  return (
    comment.login.endsWith('[bot]') &&
    (comment.login === identity || comment.login === ledger?.statusComment?.author)
  )
}

/** Whether a review comment is the action's own: one it recorded posting, or one by its bot login (as `isOwnComment`). */
export function isOwnReviewComment(
  comment: ThreadComment,
  ledger: Ledger | undefined,
  identity: string
): boolean {
  if (ledger?.ownReviewComments.includes(comment.id)) return true
  return (
    comment.login.endsWith('[bot]') &&
    (comment.login === identity || comment.login === ledger?.statusComment?.author)
  )
}

/** Who the token posts as: the `bot-login` input, what the API says, or GITHUB_TOKEN's bot. */
export function identityOf(botLogin: string | undefined, whoAmI: string | undefined): string {
  return botLogin ?? whoAmI ?? ACTIONS_BOT_LOGIN
}
