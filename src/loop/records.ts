/**
 * What a run with nothing to do may leave unsaved (issue 16): a command whose taking changes nothing else is recorded
 * by what the action wrote where only its login can write (its reply, its reaction), and the merge gate is not set
 * again when the status comment proves it was set as it would be now. Every rule here keeps issue 14's: no command
 * taken twice, no answer lost, nothing believed that someone other than the action could have written.
 */
import type { Command } from './commands.js'
import type { Ledger } from './model.js'

/**
 * How a writer's conversation comment is recorded when the run saves nothing. A comment of `status` lines only is
 * answered by the run's status reply, which names it; one of `continue` and `status` lines is recorded by the action's
 * `+1`, posted only once nothing of the run is left unsaved (after a save that won, or as the run's only record).
 * Anything else (an answer, `stop`, `record`, an unknown line) is recorded by the ledger alone.
 */
export function recordKind(commands: readonly Command[]): 'reply' | 'reaction' | undefined {
  if (commands.length === 0) return undefined
  if (commands.every(c => c.kind === 'status')) return 'reply'
  if (commands.every(c => c.kind === 'status' || c.kind === 'continue')) return 'reaction'
  return undefined
}

/**
 * Only a bot login writes records: a person's reaction or comment is theirs to write by hand, so a token acting as a
 * person (a PAT, `bot-login` naming a user) records everything in the ledger.
 */
export const recordsByLogin = (identity: string): boolean => identity.endsWith('[bot]')

/** The mark at the end of the action's status reply naming the `status` comments it answers. */
export function answersMark(ids: readonly number[]): string {
  return `<!-- review-loop:answers ${[...ids].sort((a, b) => a - b).join(' ')} -->`
}

const ANSWERS = /<!-- review-loop:answers ([0-9 ]+) -->\s*$/

/** The comment IDs a reply's mark names (only ever read from the action's own comments). */
export function answeredBy(body: string): number[] {
  const m = ANSWERS.exec(body)
  if (!m) return []
  return m[1]!
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .filter(n => Number.isSafeInteger(n) && n > 0)
}

/** What a pending command comment's records say before the run takes it. */
export type Recorded = 'taken' | 'ask-reactions' | 'pending'

/**
 * Whether a command comment not in the ledger's taken list was taken by a run that saved nothing. `answered` holds the
 * IDs named by the action's own replies (by its login, not marked as not recorded); `plusOnes` is the comment's `+1`
 * count from the listing's reactions rollup, which says nothing of who reacted: a `+1` makes it worth one call to list
 * the reactions, and only the action's own counts (`takenByReaction`).
 */
export function recordedState(input: {
  commands: readonly Command[]
  id: number
  answered: ReadonlySet<number>
  plusOnes: number
  identity: string
  /** The comment was edited since it was posted (its listing's `updated_at` is later than its `created_at`). */
  edited?: boolean
}): Recorded {
  if (!recordsByLogin(input.identity)) return 'pending'
  const kind = recordKind(input.commands)
  // A reply names only `status` comments: anyone with write access can edit the action's comments (and could delete the
  // comment as well), so a mark there stands for nothing a run might still owe; a reaction no one else can change. A
  // comment edited since is taken whatever it says now: an edit is never a command, and what the reply answered was
  // its earlier text (a writer who forges the mark could as well edit the comment itself).
  if (input.answered.has(input.id) && (kind === 'reply' || input.edited)) return 'taken'
  if (!kind) return 'pending'
  if (kind === 'reaction' && input.plusOnes > 0) return 'ask-reactions'
  return 'pending'
}

/** Whether the comment's reactions hold the action's own `+1`: anyone else's is no record (it would let them suppress a writer's command). */
export function takenByReaction(
  reactions: readonly { login: string; content: string }[],
  identity: string
): boolean {
  return recordsByLogin(identity) && reactions.some(r => r.content === '+1' && r.login === identity)
}

/** Earlier runs' reaction records a run verifies (one call each) before it saves them into the ledger anyway. */
export const FOLD_AT = 2

/**
 * Whether the run must save: its ledger changed beyond taking commands its records carry (`recorded`, taken this run
 * or found taken by an earlier run's record) and posting its status reply (`replies`), or it paid `FOLD_AT` calls to
 * verify earlier records (saving them makes the next run pay none), or a record could not be written. A ledger that
 * was not loaded (a new loop) is always saved.
 */
export function mustSave(input: {
  loaded: string | undefined
  ledger: Ledger
  recorded: ReadonlySet<number>
  replies: ReadonlySet<number>
  verified: number
  unrecorded: boolean
}): boolean {
  if (input.loaded === undefined || input.unrecorded || input.verified >= FOLD_AT) return true
  const { ledger } = input
  const stripped: Ledger = {
    ...ledger,
    processedComments: ledger.processedComments.filter(id => !input.recorded.has(id)),
    ownComments: ledger.ownComments.filter(id => !input.replies.has(id))
  }
  return JSON.stringify(stripped) !== input.loaded
}

/** The merge gate as set: the commit, its state and description (the link to the run that set it is not compared). */
export interface SetGate {
  sha: string
  state: string
  context: string
  description: string
}

/**
 * Whether the gate must be set. The run that saved revision R sets the gate before it edits the status comment to name
 * R, and marks the comment (for R) only when GitHub took the gate; so a comment naming the newest listed revision, vouched for
 * by its digest, whose mark is this gate's, proves the gate is set as this run would set it. A run stopped between the
 * two, or one whose gate GitHub refused, left no such proof, and the next run sets it.
 */
export function mustSetGate(input: {
  namesNewest: boolean
  mark: string | undefined
  /** The mark this run's gate would leave for that revision (src/run/gate-mark.ts, `gateMark`). */
  expected: string
}): boolean {
  return !(input.namesNewest && input.mark !== undefined && input.mark === input.expected)
}
