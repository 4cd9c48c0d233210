/**
 * Replies in findings' threads on the diff that are still to be taken as commands. A thread is a finding's when its
 * first comment is the finding's `thread.comment` in the ledger, or one of its earlier threads' (`thread.previous`: it
 * moved, or was handed on); a reply anywhere else is no command to the loop.
 */
import * as core from '@actions/core'
import type { IssueComment, ThreadComment } from '../github/client.js'
import { parseCommands } from '../loop/commands.js'
import { findingOfThread as threadFinding } from '../loop/diff-review.js'
import type { Ledger } from '../loop/model.js'
import type { Run } from './context.js'
import { isOwnReviewComment } from './conversation.js'
import { errorMessage } from '../shared/errors.js'

/** A reply to take, as the command queue holds it: the comment, and the thread (first comment, finding) it is in. */
export interface QueuedReply {
  comment: IssueComment
  thread: { root: number; finding: string }
}

/** The finding whose thread (its current one or an earlier one) starts with review comment `root`, if any. */
export function findingOfThread(run: Pick<Run, 'ledger'>, root: number): string | undefined {
  return threadFinding(run.ledger.findings, root)?.id
}

/**
 * The replies in findings' threads not yet taken, oldest first: not the action's own, holding a command. Nothing is
 * asked of GitHub while no finding has a thread (and the run was not started by a reply).
 */
export async function pendingThreadReplies(run: Run): Promise<QueuedReply[]> {
  const threaded = run.ledger.findings.some(f => f.thread)
  if (!threaded) return []
  let all: ThreadComment[]
  try {
    all = await run.world.github.reviewComments(run.pr.number)
  } catch (error) {
    // The conversation's commands are taken all the same (in a reply's run too); the replies wait for the next run.
    core.warning(`${errorMessage(error)}. Replies in findings' threads are left for the next run.`)
    return []
  }
  const taken = new Set(run.ledger.processedReplies)
  const queued: QueuedReply[] = []
  for (const c of all) {
    if (c.inReplyTo === undefined || taken.has(c.id)) continue
    if (isOwnReviewComment(c, run.ledger, run.identity)) continue
    const finding = findingOfThread(run, c.inReplyTo)
    if (!finding || parseCommands(c.body).length === 0) continue
    queued.push({
      comment: {
        id: c.id,
        body: c.body,
        login: c.login,
        createdAt: c.createdAt,
        url: c.url,
        ...(c.association ? { association: c.association } : {})
      },
      thread: { root: c.inReplyTo, finding }
    })
  }
  return queued.sort((a, b) => a.comment.id - b.comment.id)
}

/**
 * Why a run started by a reply in a review thread has nothing to do, if so: the reply is the action's own, or its
 * thread is not a finding's (no loop, or a thread someone else started).
 */
export function threadReplyIgnored(
  trigger: { commentId: number; author: string; inReplyTo: number },
  ledger: Ledger | undefined,
  identity: string
): string | undefined {
  const own =
    ledger?.ownReviewComments.includes(trigger.commentId) ||
    (trigger.author.endsWith('[bot]') &&
      (trigger.author === identity || trigger.author === ledger?.statusComment?.author))
  if (own) return "the reply is the action's own"
  if (!ledger || !threadFinding(ledger.findings, trigger.inReplyTo))
    return "the reply is in a review thread that is not a finding's"
  return undefined
}
