/**
 * Records of commands a run takes without a save (issue 16; the rules are src/loop/records.ts): which pending
 * comments earlier runs' records show taken, the reactions held back until nothing of the run is left unsaved, the
 * status reply that names what it answers, and whether the run must save at all.
 */
import * as core from '@actions/core'
import type { IssueComment } from '../github/client.js'
import { parseCommands } from '../loop/commands.js'
import {
  answeredBy,
  answersMark,
  mustSave,
  recordedState,
  recordKind,
  recordsByLogin,
  takenByReaction
} from '../loop/records.js'
import { NOT_RECORDED } from '../loop/write-ahead.js'
import type { Run } from './context.js'
import { post } from './conversation.js'
import { COMMENT_LIMIT } from '../report/text.js'
import { loadedFacts } from './ledger-io.js'
import { errorMessage } from '../shared/errors.js'

/** What one run's records hold. */
interface RunRecords {
  /** Conversation comments taken this run (or found taken) whose records carry them: the ledger need not. */
  recorded: Set<number>
  /** Of those, the `status` comments this run took, which its status reply answers (an earlier reply still names its own). */
  named: Set<number>
  /** Comments whose `+1` is held back until nothing of the run is left unsaved. */
  deferred: number[]
  /** Comments of `status` lines only taken this run: the status reply answers them. */
  unanswered: number[]
  /** The status reply this run posted. */
  replies: Set<number>
  /** Calls paid to verify earlier runs' reactions. */
  verified: number
  /** A held-back reaction GitHub refused: the ledger must record its comment. */
  unrecorded: boolean
}

const byRun = new WeakMap<Run, RunRecords>()

function recordsOf(run: Run): RunRecords {
  let records = byRun.get(run)
  if (!records) {
    records = {
      recorded: new Set(),
      named: new Set(),
      deferred: [],
      unanswered: [],
      replies: new Set(),
      verified: 0,
      unrecorded: false
    }
    byRun.set(run, records)
  }
  return records
}

/** The comment IDs the action's own replies name as answered (a reply marked as not recorded names none). */
function answeredIds(run: Run): Set<number> {
  const ids = new Set<number>()
  if (!recordsByLogin(run.identity)) return ids
  for (const c of run.comments) {
    if (c.login !== run.identity || c.body.startsWith(NOT_RECORDED)) continue
    for (const id of answeredBy(c.body)) ids.add(id)
  }
  return ids
}

/**
 * Marks taken the pending comments an earlier run took without saving: named by the action's status reply, or
 * carrying the action's own `+1` (one call to list a comment's `+1`s, only for a comment whose rollup shows one).
 * A reaction list GitHub refuses leaves the comment for a later run, neither taken nor marked taken, with a warning:
 * its `+1` may say it was taken, and an old `continue` taken again could start a review nobody asked for now (a head
 * pushed since). Returns the comments so left.
 */
export async function adoptRecords(run: Run, pending: IssueComment[]): Promise<Set<number>> {
  const left = new Set<number>()
  const records = recordsOf(run)
  const answered = answeredIds(run)
  for (const comment of pending) {
    const state = recordedState({
      commands: parseCommands(comment.body),
      id: comment.id,
      answered,
      plusOnes: comment.plusOnes ?? 0,
      identity: run.identity,
      edited: Date.parse(comment.updatedAt ?? '') > Date.parse(comment.createdAt)
    })
    if (state === 'pending') continue
    if (state === 'ask-reactions') {
      records.verified += 1
      let reactions: { login: string; content: string }[]
      try {
        reactions = await run.world.github.plusOnesOn(comment.id)
      } catch (error) {
        core.warning(
          `Could not list the reactions to comment ${comment.id}: ${errorMessage(error)}. It is left for a later run, which reads whether the action's +1 says it was taken.`
        )
        left.add(comment.id)
        continue
      }
      if (!takenByReaction(reactions, run.identity)) continue
    }
    core.info(
      `Comment ${comment.id} by ${comment.login} was taken by an earlier run that saved nothing (${state === 'taken' ? 'its status reply names it' : `its +1 by ${run.identity}`})`
    )
    run.ledger.processedComments.push(comment.id)
    records.recorded.add(comment.id)
  }
  return left
}

/**
 * How a writer's conversation comment just taken is acknowledged: `react` now (the ledger records it), or not yet: a
 * comment of `status` lines only is answered by the status reply, one of `continue` and `status` lines gets its `+1`
 * once nothing of the run is left unsaved (`acknowledgeHeld`).
 */
export function holdAcknowledgement(run: Run, comment: IssueComment): 'react' | 'held' {
  if (!recordsByLogin(run.identity)) return 'react'
  const kind = recordKind(parseCommands(comment.body))
  if (!kind) return 'react'
  const records = recordsOf(run)
  records.recorded.add(comment.id)
  if (kind === 'reply') {
    records.named.add(comment.id)
    records.unanswered.push(comment.id)
  } else records.deferred.push(comment.id)
  return 'held'
}

/** Posts the status reply, marked with the `status` comments it answers: the record of the action's own. */
export async function postStatusReply(run: Run, render: (limit: number) => string): Promise<void> {
  const records = recordsOf(run)
  const named = [...records.named]
  const mark = named.length > 0 ? `\n\n${answersMark(named)}` : ''
  // Rendered to leave the mark room within GitHub's limit: a page trimmed to the limit with the mark after it is refused.
  const posted = await post(run, render(COMMENT_LIMIT - mark.length), mark)
  records.replies.add(posted.id)
  records.unanswered.length = 0
}

/**
 * Leaves the held-back `+1`s, once nothing of the run is left unsaved (after a save that won, or as the run's only
 * record), and on a `status` comment no status reply answered (no loop to report on). One GitHub refuses is a
 * warning; `unrecorded` then says the ledger must record the comment.
 */
export async function acknowledgeHeld(run: Run): Promise<void> {
  const records = recordsOf(run)
  for (const id of [...records.deferred.splice(0), ...records.unanswered.splice(0)]) {
    try {
      await run.world.github.react(id, '+1')
    } catch (error) {
      records.unrecorded = true
      core.warning(
        `Could not react +1 to comment ${id}: ${errorMessage(error)}. The comment was taken all the same.`
      )
    }
  }
}

/** Whether the run must save (src/loop/records.ts, `mustSave`), with its ledger's status already set. */
export function mustSaveRun(run: Run): boolean {
  const records = recordsOf(run)
  return mustSave({
    loaded: loadedFacts(run.ledger)?.text,
    ledger: run.ledger,
    recorded: records.recorded,
    replies: records.replies,
    verified: records.verified,
    unrecorded: records.unrecorded
  })
}
