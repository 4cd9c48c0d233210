/**
 * Takes every command not yet taken from the PR's comments and from the replies in its findings' threads, in the order
 * they were written: from writers only, gate answers from the answerers. A thread's command is answered in the thread.
 */
import * as core from '@actions/core'
import type { IssueComment, Permission, Reaction } from '../github/client.js'
import { parseCommands, parseThreadCommands, threadTarget, type Command } from '../loop/commands.js'
import { decisionWords } from '../loop/decisions.js'
import * as machine from '../loop/machine/commands.js'
import { commit } from './commit.js'
import { clip, codeSpan } from '../report/text.js'
import { readAdmission, refusalReply } from './admission.js'
import type { Run } from './context.js'
import { exitLoop } from './lifecycle.js'
import { isOwnComment, post, replyInThread } from './conversation.js'
import { recordItems } from './handover.js'
import { pendingThreadReplies, type QueuedReply } from './thread-replies.js'
import { adoptRecords, holdAcknowledgement } from './records.js'
import { errorMessage } from '../shared/errors.js'

/** A person's command line quoted in a reply: a code span no backtick of theirs can close (a mention after one would ping). */
const quoted = (line: string): string => codeSpan(clip(line, 200))

/** Commands still to take: not the action's own comments, not yet processed, holding a command. */
export function pendingCommandComments(run: Run): IssueComment[] {
  const taken = new Set(run.ledger.processedComments)
  return run.comments
    .filter(
      c =>
        !isOwnComment(c, run.ledger, run.identity) &&
        !taken.has(c.id) &&
        parseCommands(c.body).length > 0
    )
    .sort((a, b) => a.id - b.id)
}

/**
 * Whether this person may answer gates: anyone with write access, unless the repository config names `answerers`.
 * Logins compare case-insensitively, as GitHub's do.
 */
export function mayAnswer(run: Pick<Run, 'config'>, login: string): boolean {
  return machine.mayAnswer(run.config.answerers, login)
}

/**
 * Acknowledges a writer's command comment with a reaction. A reaction is a courtesy: one GitHub refuses (a read-only
 * token, a deleted comment) is a warning, and the answer stands taken either way.
 */
async function acknowledge(run: Run, item: Queued, reaction: Reaction): Promise<void> {
  const { comment } = item
  try {
    if (item.thread) await run.world.github.reactToReviewComment(comment.id, reaction)
    else await run.world.github.react(comment.id, reaction)
  } catch (error) {
    core.warning(
      `Could not react ${reaction} to comment ${comment.id} by ${comment.login}: ${errorMessage(error)}. The comment was taken all the same.`
    )
  }
}

/** The associations that can go with write access; anyone else is not obeyed, whatever else holds. */
const TRUSTED_ASSOCIATIONS: ReadonlySet<string> = new Set(['OWNER', 'MEMBER', 'COLLABORATOR'])

/** A command comment to take: one in the conversation, or a reply in a finding's thread (answered in the thread). */
type Queued = { comment: IssueComment; thread?: QueuedReply['thread'] }

/** The two queues as one, in the order the comments were written (each queue keeps its own order on a tie). */
function merged(conversation: IssueComment[], replies: QueuedReply[]): Queued[] {
  const out: Queued[] = []
  let i = 0
  let j = 0
  while (i < conversation.length || j < replies.length) {
    const c = conversation[i]
    const r = replies[j]
    if (c && (!r || c.createdAt <= r.comment.createdAt)) {
      out.push({ comment: c })
      i++
    } else if (r) {
      out.push(r)
      j++
    }
  }
  return out
}

/**
 * Says something to the comment's author where they wrote: in the conversation, or in the thread. A thread GitHub will
 * not take a reply in (its first comment deleted, a rate limit) gets it in the conversation instead, pointing to the
 * reply it answers: the command was taken either way, so the run goes on.
 */
async function tell(run: Run, item: Queued, text: string): Promise<void> {
  const body = `@${item.comment.login} ${text}`
  if (!item.thread) {
    await post(run, body)
    return
  }
  try {
    await replyInThread(run, item.thread.root, body)
  } catch (error) {
    core.warning(
      `Could not reply in the thread of ${item.thread.finding} (review comment ${item.thread.root}): ${errorMessage(error)}. The reply to comment ${item.comment.id} goes in the conversation instead.`
    )
    await post(
      run,
      `@${item.comment.login} (about [your reply](${item.comment.url}) in ${item.thread.finding}'s thread) ${text}`
    )
  }
}

/** Marks a comment taken (or refused), in the list of its kind: review comment IDs are numbered apart. */
function markTaken(run: Run, item: Queued): void {
  commit(
    run,
    machine.markTaken(run.ledger, { comment: item.comment.id, thread: item.thread !== undefined })
  )
}

function commandsOf(run: Run, item: Queued): Command[] {
  if (!item.thread) return parseCommands(item.comment.body)
  return parseThreadCommands(item.comment.body, threadTarget(run.ledger.gates, item.thread.finding))
}

/**
 * Processes the pending commands, from the conversation and from findings' threads. A writer's comment gets a reaction
 * (`+1` when every command in it was taken, `confused` otherwise) and, when something could not be taken, one short
 * reply saying why, where it was written; an outsider's gets only the reply.
 */
export async function takeCommands(run: Run): Promise<void> {
  const permissions = new Map<string, Permission>()
  // Taken already by a run that saved nothing: its status reply or its own reaction says so (src/run/records.ts).
  const left = await adoptRecords(run, pendingCommandComments(run))
  const queue = merged(
    pendingCommandComments(run).filter(c => !left.has(c.id)),
    await pendingThreadReplies(run)
  )
  for (const item of queue) await takeOne(run, item, permissions)
}

async function takeOne(
  run: Run,
  item: Queued,
  permissions: Map<string, Permission>
): Promise<void> {
  const { comment } = item
  // Marked taken only once handled: a failed permission lookup leaves the answer for the next run.
  // Both must say so: the comment's association (a collaborator, member or owner) and the live permission.
  const associated =
    comment.association === undefined || TRUSTED_ASSOCIATIONS.has(comment.association)
  let permission = associated ? permissions.get(comment.login) : 'none'
  if (!permission) {
    permission = await run.world.github.permission(comment.login)
    permissions.set(comment.login, permission)
  }
  if (permission !== 'admin' && permission !== 'write') {
    core.info(
      `Comment ${comment.id} by ${comment.login} (association: ${comment.association ?? 'unknown'}, permission: ${associated ? permission : 'not asked'}) is not obeyed`
    )
    markTaken(run, item)
    await tell(
      run,
      item,
      'only people with write access to this repository can steer review-loop, so this comment changes nothing.'
    )
    return
  }
  markTaken(run, item)
  const notes: string[] = []
  // What a command did that the person needs to read (where a record went); unlike a note, nothing went wrong.
  const told: string[] = []
  for (const command of commandsOf(run, item)) {
    core.info(`Command from ${comment.login} (comment ${comment.id}): ${JSON.stringify(command)}`)
    switch (command.kind) {
      case 'stop':
        commit(run, machine.constituteAnswered(run.ledger))
        if (!exitLoop(run, comment.login, `stopped by @${comment.login}`))
          notes.push('There is no running loop to stop.')
        break
      case 'record': {
        const recorded = await recordItems(run, comment.login, command.items)
        told.push(...recorded.done)
        notes.push(...recorded.problems)
        break
      }
      case 'continue':
        run.continueAsked = true
        break
      case 'status':
        run.statusAsked = true
        break
      case 'unknown':
        notes.push(
          `${quoted(command.line)} is not a review-loop command. Use \`/review-loop <gate> <answer>\`${item.thread ? ' (or, in a thread whose finding has one gate, `/review-loop <answer>`)' : ''}, \`/review-loop stop\`, \`/review-loop continue\` or \`/review-loop status\`.`
        )
        break
      case 'no-single-gate':
        notes.push(
          command.gates.length === 0
            ? `${command.finding} has no question waiting for an answer, so ${quoted(command.line)} changes nothing.`
            : `${command.finding} belongs to ${command.gates.join(' and ')}, so ${quoted(command.line)} cannot say which it answers: name the gate (${quoted(`/review-loop ${command.gates.at(-1)} ${command.line.replace(/^\/review-loop\s+/, '')}`)}).`
        )
        break
      case 'answer':
        await takeAnswerCommand(run, comment, command, notes)
    }
  }
  // A comment that asked only for `continue` or `status` is acknowledged once nothing of the run is left unsaved.
  if (item.thread || notes.length > 0 || holdAcknowledgement(run, comment) === 'react')
    await acknowledge(run, item, notes.length > 0 ? 'confused' : '+1')
  const reply = [...told, ...notes]
  if (reply.length > 0) await tell(run, item, reply.join('\n\n'))
}

/** An answer to a gate: recorded when the gate takes it (src/loop/machine/commands.ts), else a note says why not. */
async function takeAnswerCommand(
  run: Run,
  comment: IssueComment,
  command: Extract<Command, { kind: 'answer' }>,
  notes: string[]
): Promise<void> {
  const given = {
    gate: command.gate,
    by: comment.login,
    words: command.words,
    commentId: comment.id,
    at: comment.createdAt,
    ...(run.config.answerers ? { answerers: run.config.answerers } : {}),
    ...(run.config.origin ? { origin: run.config.origin } : {})
  }
  const taken = commit(run, machine.takeAnswer(run.ledger, given))
  if (!taken.taken) {
    if (taken.log) core.info(taken.log)
    notes.push(taken.note)
    return
  }
  // A decision travels to later reviews only as a description of the project: read once, now, and said.
  if (taken.decision) {
    const gate = run.ledger.gates.find(g => g.id === command.gate)!
    const admitted = await readAdmission(run, gate, decisionWords(command.words))
    commit(run, machine.admitAnswer(run.ledger, gate.id, admitted))
    if (!admitted.admitted) notes.push(refusalReply(gate, admitted))
  }
}
