/** Where a pull_request run's round is done: here, or handed to a run on the default branch (docs/persistence.md). */
import * as core from '@actions/core'
import { carriedSize, MAX_CARRIED_COPY, serializeLedger } from '../ledger/codec.js'
import { roundScope } from '../ledger/revisions.js'
import type { Settings } from '../action/inputs.js'
import type { GitHubClient, PullRequest } from '../github/client.js'
import type { ActiveTrigger, RunEnv } from './context.js'
import type { Loaded } from './ledger-io.js'

/**
 * Hands the round to a workflow_dispatch run on the default branch when roundScope says so; returns what it did, or
 * undefined when the round is done here. The dispatch is the only thing written: no ledger is saved by this run.
 */
export async function handRoundOver(
  github: Pick<GitHubClient, 'dispatch'>,
  trigger: ActiveTrigger,
  settings: Settings,
  env: RunEnv,
  pr: PullRequest,
  loaded: Loaded
): Promise<string | undefined> {
  const ledger = loaded.ledger
  const size = ledger ? carriedSize(serializeLedger(ledger)) : undefined
  const readable = loaded.carried === true || loaded.newestRef === `refs/heads/${pr.defaultBranch}`
  if (ledger) readableByDefault.set(ledger, readable)
  const where = roundScope({
    // A review comment's run saves where a pull_request run does: in the pull request's merge ref's scope.
    pullRequestRun: trigger.kind === 'pull_request' || trigger.kind === 'review_comment',
    dispatchable: settings.nextRound === 'dispatch' && !!env.workflowFile && !pr.fork,
    carriedSize: size,
    carryLimit: MAX_CARRIED_COPY,
    readableFromDefault: readable
  })
  if (where === 'here') return undefined
  await github.dispatch(env.workflowFile!, pr.defaultBranch, { pr: String(pr.number) })
  const message = `The ledger (revision ${ledger!.revision}, ${size} characters compressed) is past half of what the status comment can carry, and what a pull_request run saves only pull_request runs can read; so this round was handed to a run on ${pr.defaultBranch} (${env.workflowFile} with pr=${pr.number}), whose saves every run can read. This run saved nothing.`
  core.info(message)
  return message
}

/** Per loaded ledger: whether a run on the default branch could read the revision it was loaded from. */
const readableByDefault = new WeakMap<object, boolean>()

/** Whether a run on the default branch can read the revision `ledger` was loaded from (a fresh ledger: nothing to read). */
export function loadedReadableByDefault(ledger: object): boolean {
  return readableByDefault.get(ledger) ?? true
}
