/**
 * Races without the concurrency group (issue 14, item 6): a run that loads a revision saved ahead of another run's
 * effects (`Ledger.intent`) takes it up only once that run has ended, and a run that lost its save removes the first
 * status comment it posted when the winner's ledger names another. Pure rules; src/run/take-up.ts and src/run/lost.ts
 * carry them out.
 */
import type { Intent } from './model.js'

/** A run attempt: GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT. */
export interface RunAttempt {
  run: string
  attempt: number
}

/**
 * What GitHub says of the run attempt that saved an intent (`GET …/actions/runs/{id}/attempts/{n}`): its status
 * (`queued`, `in_progress`, `waiting`, `requested`, `pending`, `completed`), `gone` (404: no such run, or deleted), or
 * the call failed (`error`, e.g. the token lacks `actions: read`).
 */
export type RunAttemptState = { status: string } | { gone: true } | { error: string }

/** What a run does with a loaded intent. */
export type TakeUpDecision =
  { take: true; why: string; warning?: string } | { take: false; why: string }

/** Whether the intent was saved by another run attempt than this one. */
export function savedByOther(
  intent: Intent,
  self: RunAttempt
): intent is Intent & { by: RunAttempt } {
  return !!intent.by && (intent.by.run !== self.run || intent.by.attempt !== self.attempt)
}

/**
 * Whether this run takes up a loaded intent now: yes when no run is named (a revision saved before intents named one)
 * or this very attempt saved it, or GitHub says that attempt has ended (or knows no such run); no while it is still
 * going (queued, running, waiting): it is posting or pushing what it recorded, and doing so too would post a gate
 * comment twice under one ID. When GitHub cannot be asked, today's rule (take it up) with a warning naming the
 * permission.
 */
export function takeUpDecision(
  intent: Intent,
  self: RunAttempt,
  state?: RunAttemptState
): TakeUpDecision {
  if (!savedByOther(intent, self)) return { take: true, why: 'no other run attempt saved it' }
  const by = `run ${intent.by.run} (attempt ${intent.by.attempt})`
  if (!state || 'error' in state) {
    return {
      take: true,
      why: `whether ${by} is still going could not be asked`,
      warning: `Whether ${by}, which saved the loaded revision ahead of its effects, is still going could not be asked${state ? ` (${state.error})` : ''}; its effects are taken up as if it had ended, so a gate comment may be posted twice under one ID if it is still posting. Give the workflow's token \`actions: read\` (\`actions: write\` includes it) so the action can tell.`
    }
  }
  if ('gone' in state) return { take: true, why: `GitHub knows no ${by}` }
  if (state.status === 'completed') return { take: true, why: `${by} has ended` }
  return {
    take: false,
    why: `${by}, which saved the loaded revision ahead of its effects, is still going (${state.status}): what it already posted or pushed is recorded, the rest is left to it and kept in what this run saves for the run after it has ended`
  }
}

/**
 * One intent from another run's still going (held, kept as it was) and this run's own: the gates of both (none is
 * dropped), this run's push if it records one, and the other run named, so the run after takes none of it up until
 * that run has ended. Without a held intent, this run's own, named as its.
 */
export function mergeIntent(loaded: Intent | undefined, own: Intent, self: RunAttempt): Intent {
  if (!loaded || !savedByOther(loaded, self)) return { ...loaded, ...own, by: self }
  const gates = [...new Set([...(loaded.gates ?? []), ...(own.gates ?? [])])]
  const push = own.push ?? loaded.push
  return { ...(gates.length ? { gates } : {}), ...(push ? { push } : {}), by: loaded.by }
}

/**
 * Whether a run that lost its save deletes the first status comment it posted: only one it posted itself in this run
 * (not on the PR when it started), never edited into a saved revision's, and only when the winner's ledger names
 * another comment as the status comment (a winner that adopted this one as its own names this one: it stays), or no
 * winner's ledger can be read and a newer first status comment is on the PR.
 */
export function strayStatusComment(input: {
  /** The status comment this run's ledger names. */
  own?: number
  seenAtStart: ReadonlySet<number>
  /** Whether a save of this run that counted named it (a save ahead that won before the save that lost). */
  saved: boolean
  /** The status comment the winner's ledger names, when its ledger could be read. */
  winners?: number
  /**
   * No winner's ledger could be read, and a first status comment of the action's own was posted after this one (two
   * first runs that both lost): the next run adopts the newest, so this one goes.
   */
  newerStarting?: boolean
}): number | undefined {
  const { own, winners } = input
  if (own === undefined || input.saved || input.seenAtStart.has(own)) return undefined
  if (winners === undefined) return input.newerStarting ? own : undefined
  return winners === own ? undefined : own
}

/** This run's attempt, from GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT. */
export function attemptOf(env: { runId: string; runAttempt: string }): RunAttempt {
  return { run: env.runId, attempt: Math.max(1, Number(env.runAttempt) || 1) }
}

/**
 * The run attempt still pushing a round's fixes: a loaded intent another run saved ahead of its push of that round and
 * that this run left to it (`takeUpDecision`). The round's fixes are then that run's to push, never this run's too.
 */
export function pushedByOther(
  intent: Intent | undefined,
  self: RunAttempt,
  round: number
): RunAttempt | undefined {
  if (!intent?.push || intent.push.round !== round || !savedByOther(intent, self)) return undefined
  return intent.by
}
