/** The action's side of the PR conversation: what it posts is recorded as its own, and relayed text cannot forge state. */
import { ACTIONS_BOT_LOGIN } from '../action/constants.js'
import type { IssueComment } from '../github/client.js'
import { neutraliseMarkers } from '../ledger/codec.js'
import type { Ledger } from '../loop/model.js'
import type { Run } from './context.js'

/** Posts a comment as the action; its ID is recorded so no later run reads it as a command. */
export async function post(
  run: Run,
  body: string
): Promise<{ id: number; login: string; url: string }> {
  const posted = await run.world.github.comment(run.pr.number, neutraliseMarkers(body))
  run.ledger.ownComments.push(posted.id)
  return posted
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

/** Who the token posts as: the `bot-login` input, what the API says, or GITHUB_TOKEN's bot. */
export function identityOf(botLogin: string | undefined, whoAmI: string | undefined): string {
  return botLogin ?? whoAmI ?? ACTIONS_BOT_LOGIN
}
