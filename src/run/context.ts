/** What one run works with: settings, the repository's config, the event, the PR, the ledger, and the edges of the world. */
import type { Settings } from '../action/inputs.js'
import type { RepoConfig } from '../config/types.js'
import type { Trigger } from '../action/event.js'
import type { IssueComment, PullRequest } from '../github/client.js'
import type { Ledger, Status } from '../loop/model.js'
import type { FetchedPullHead } from '../git/checkout.js'
import type { DriverMaker, GitHubPort, LedgerStore, SourceMaker } from './ports.js'

/** The runner's facts this run needs. */
export interface RunEnv {
  owner: string
  repo: string
  serverUrl: string
  /** The action's own checkout: `${RUNNER_TEMP}/review-loop/checkout`, never GITHUB_WORKSPACE (left as found). */
  workspace: string
  runnerTemp: string
  runId: string
  runAttempt: string
  /** The workflow file to dispatch for the next round (from GITHUB_WORKFLOW_REF). */
  workflowFile: string | undefined
}

/**
 * The edges of the world the run talks to, each an interface (src/run/ports.ts): the GitHub Action gives the REST
 * client, the Actions cache and the configured models (src/run/world.ts); a test or another surface gives its own.
 */
export interface World {
  github: GitHubPort
  store: LedgerStore
  makeSource: SourceMaker
  makeDriver: DriverMaker
  now(): string
}

/** A checkout under way (src/git/checkout.ts): the history a round reads, then the work tree written from it. */
export interface StartedCheckout {
  /** What it was started for: taken by a run only when the run's own would be the same. */
  token: string | undefined
  headSha: string
  headFetchRef: string
  baseRef: string
  fetched: Promise<FetchedPullHead>
  worktree: Promise<void>
}

/** A trigger the loop handles. */
export type ActiveTrigger = Exclude<Trigger, { kind: 'ignored' }>

/** The run's working state. */
export interface Run {
  settings: Settings
  /** The repository's `.github/review-loop.yml` as read from the PR's base branch (EMPTY_CONFIG without one). */
  config: RepoConfig
  trigger: ActiveTrigger
  env: RunEnv
  world: World
  pr: PullRequest
  comments: IssueComment[]
  /** The login the token posts as. */
  identity: string
  ledger: Ledger
  /** Set by a `continue` command in this run. */
  continueAsked: boolean
  /** Set by a `status` command in this run. */
  statusAsked: boolean
  /** The round this run worked on, the verdict it got, what to tell people. */
  round?: number
  verdict?: string
  status?: Status
  message?: string
  /** The round this run began and the review it took, to take back if the run fails before the round shows anything. */
  begun?: { round: number; owed: NonNullable<Ledger['owed']> }
  /** Ask for the next round once the ledger is saved. */
  requestNextRound: boolean
  /** The head is fetched (lazily, once; src/run/repo.ts: its work tree may still be being written). */
  checkedOut?: { head: string; baseTip: string }
  /** A checkout begun before the run was set up (src/main.ts), for `ensureCheckout` to take up. */
  checkout?: StartedCheckout
}
