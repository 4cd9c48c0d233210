/**
 * Opens one run: the runner's facts, the step's secrets, the pull request, its settings, who the action posts as, the
 * world and the ledger. A run the event does not call for is answered here (`ignore`) and not opened.
 */
import * as core from '@actions/core'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { answerSecrets, secretValues } from '../action/secrets.js'
import { resolveSettings, type Settings, type WorkflowInputs } from '../action/inputs.js'
import { stepEnvironment } from '../action/step-env.js'
import { ignore, setOutputs, writeSummary } from '../action/step-output.js'
import { loadRepoConfig } from '../config/load.js'
import type { RepoConfig } from '../config/types.js'
import { GitHubClient, type IssueComment, type PullRequest } from '../github/client.js'
import { parseCommands } from '../loop/commands.js'
import { emptyLedger, type Ledger } from '../loop/model.js'
import type { ActiveTrigger, Run, RunEnv, StartedCheckout, World } from './context.js'
import { identityOf, isOwnComment } from './conversation.js'
import { loadLedger, type Loaded } from './ledger-io.js'
import { checkoutAfter, startCheckout } from './repo.js'
import { handRoundOver } from './scope.js'
import { threadReplyIgnored } from './thread-replies.js'
import { makeWorld } from './world.js'

/** The runner's facts this run needs, from the step's environment. */
export function runEnv(): RunEnv {
  const [owner = '', repo = ''] = (process.env.GITHUB_REPOSITORY ?? '').split('/')
  if (!owner || !repo)
    throw new Error(
      'GITHUB_REPOSITORY is not set: run review-loop as a step of a GitHub Actions workflow.'
    )
  const workflowRef = process.env.GITHUB_WORKFLOW_REF ?? ''
  const workflowFile = /\/\.github\/workflows\/([^@/]+)@/.exec(workflowRef)?.[1]
  return {
    owner,
    repo,
    serverUrl: (process.env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/$/, ''),
    // The action's own checkout, never GITHUB_WORKSPACE: a later step of the job must not find the PR's files there.
    workspace: join(process.env.RUNNER_TEMP || '/tmp', 'review-loop', 'checkout'),
    runnerTemp: process.env.RUNNER_TEMP || '/tmp',
    runId: process.env.GITHUB_RUN_ID || '0',
    runAttempt: process.env.GITHUB_RUN_ATTEMPT || '1',
    workflowFile
  }
}

/**
 * Sets up the run for the PR this event is about, or answers the event and returns nothing. Checkouts begun early are
 * added to `started`, which the caller settles whatever happens.
 */
export async function openRun(
  inputs: WorkflowInputs,
  trigger: ActiveTrigger,
  env: RunEnv,
  started: StartedCheckout[]
): Promise<Run | undefined> {
  // A source or driver may start before the checkout is made (an answer's admission): their folder exists from the start.
  await mkdir(env.workspace, { recursive: true })
  const secrets = maskSecrets(inputs)
  const github = new GitHubClient(inputs['github-token'] ?? '', env.owner, env.repo)
  const fromEvent = checkoutFromEvent(inputs, trigger, env, github)
  if (fromEvent) started.push(fromEvent)
  const pr = await github.pull(trigger.pr)
  const ignored = ignoredPullRequest(trigger, pr)
  if (ignored !== undefined) {
    await ignore(ignored)
    return undefined
  }
  // A run that reviews reads the repository: git fetches the head and writes the work tree while the run reads its
  // settings, comments and ledger (issue 16). Only reads: what the run decides, and when it asks for the checkout, stay.
  // The one begun from the event when the pull request is still what the event showed; else one for the pull request
  // as read, begun once that one is done with the folder.
  const early = readsRepository(trigger)
    ? checkoutAfter({ env, token: inputs['github-token'], pr, github }, fromEvent)
    : undefined
  if (early && early !== fromEvent) started.push(early)
  const { config, settings, whoAmI, identity: posting } = await identify(inputs, github, pr)
  const comments = await github.comments(pr.number)
  const world = makeWorld(settings, env, github, pr, secrets)
  const { loaded, identity } = await ledgerOf(world, comments, posting, pr, { settings, whoAmI })
  const opened = { trigger, env, pr, comments, identity, loaded }
  if (await answeredWithoutRun(opened, github, settings)) return undefined
  return {
    settings,
    config,
    trigger,
    env,
    world,
    pr,
    comments,
    identity,
    ledger: loaded.ledger ?? newLedger(env, pr, trigger, comments, world),
    continueAsked: false,
    statusAsked: false,
    requestNextRound: false,
    ...(early ? { checkout: early } : {})
  }
}

/** Masks the step's secrets in the log, and returns the ones a driver's answer is redacted with. */
function maskSecrets(inputs: WorkflowInputs): string[] {
  for (const secret of secretValues(inputs)) core.setSecret(secret)
  // What a driver answers is redacted as a source's answer is, with every key the step holds (src/action/secrets.ts).
  return answerSecrets(inputs, stepEnvironment())
}

/**
 * A pull request's event shows what to check out: git starts while the run reads the pull request (issue 16). A pull
 * request that is no longer what the event showed gets a checkout of its own (`checkoutAfter` in `openRun`).
 */
function checkoutFromEvent(
  inputs: WorkflowInputs,
  trigger: ActiveTrigger,
  env: RunEnv,
  github: GitHubClient
): StartedCheckout | undefined {
  const seen = trigger.kind === 'pull_request' ? trigger.seen : undefined
  return seen
    ? startCheckout({
        env,
        token: inputs['github-token'],
        pr: { number: trigger.pr, fork: false, ...seen },
        github
      })
    : undefined
}

/** Why the loop leaves this pull request alone on this event, if it does. */
function ignoredPullRequest(trigger: ActiveTrigger, pr: PullRequest): string | undefined {
  if (pr.state === 'closed') return `pull request #${pr.number} is closed`
  if (trigger.kind === 'pull_request' && pr.draft) {
    return `pull request #${pr.number} is a draft; review starts when it is marked ready for review`
  }
  if (trigger.kind === 'pull_request' && pr.fork) {
    return `pull request #${pr.number} comes from a fork, whose pull_request runs get a read-only token; someone with write access can start the loop with a \`/review-loop continue\` comment`
  }
  if (trigger.kind === 'review_comment' && pr.fork) {
    return `pull request #${pr.number} comes from a fork, whose review comments start runs with a read-only token; a fork's rounds start only from the conversation, so the reply is taken by the next \`/review-loop\` comment there (\`/review-loop status\` will do)`
  }
  return undefined
}

/** Whether a run on this event reads the repository (a round): a pull request's event or a dispatched round. */
function readsRepository(trigger: ActiveTrigger): boolean {
  return trigger.kind === 'pull_request' || trigger.kind === 'workflow_dispatch'
}

/** The repository's config and the run's settings, and whom the action posts as (logged). */
async function identify(
  inputs: WorkflowInputs,
  github: GitHubClient,
  pr: PullRequest
): Promise<{ config: RepoConfig; settings: Settings; whoAmI?: string; identity: string }> {
  // From the base branch: the head's copy is the pull request's own and must not set its guards.
  const config = await loadRepoConfig(github, pr.baseRef)
  const settings = resolveSettings(inputs, config)
  const whoAmI = settings.botLogin ? undefined : await github.whoAmI()
  const identity = identityOf(settings.botLogin, whoAmI)
  core.info(`The action posts as ${identity}`)
  return { config, settings, whoAmI, identity }
}

/** Loads the ledger (in the log's "Ledger" group), and settles whom the action posts as from what it found. */
async function ledgerOf(
  world: World,
  comments: IssueComment[],
  posting: string,
  pr: PullRequest,
  asked: { settings: Settings; whoAmI?: string }
): Promise<{ loaded: Loaded; identity: string }> {
  core.startGroup('Ledger')
  const loaded = await loadLedger(world.store, comments, posting, pr.number)
  // A token that cannot say who it is (an App's) acts as the login of the status comment the loop's saves vouch for.
  let identity = loaded.identity ?? posting
  const recorded = loaded.ledger?.statusComment?.author
  const guessed =
    !asked.settings.botLogin && !asked.whoAmI && !loaded.identity && !loaded.statusComment
  if (guessed && recorded && recorded !== identity) {
    // The token could not say who it is and no status comment of its own was found (deleted): the saved revision
    // recorded whom the action's status comment was by, and so whose gate comments a run stopped early left.
    core.warning(
      `The token could not say who it acts as and no status comment by ${identity} was found; the saved ledger records the action's status comment as posted by ${recorded}, so the action posts as ${recorded}. Set the \`bot-login\` input to say so.`
    )
    identity = recorded
  }
  core.endGroup()
  return { loaded, identity }
}

/**
 * Answers the events that need no run of their own: a reply in a thread the loop does not take, a round handed over to
 * a run that can read what was saved, and the action's own comment. Returns whether it answered.
 */
async function answeredWithoutRun(
  opened: {
    trigger: ActiveTrigger
    env: RunEnv
    pr: PullRequest
    comments: IssueComment[]
    identity: string
    loaded: Loaded
  },
  github: GitHubClient,
  settings: Settings
): Promise<boolean> {
  const { trigger, env, pr, comments, identity, loaded } = opened
  const ledger = loaded.ledger
  if (trigger.kind === 'review_comment') {
    const why = threadReplyIgnored(trigger, ledger, identity)
    if (why) {
      await ignore(why)
      return true
    }
  }
  const handedOver = await handRoundOver(github, trigger, settings, env, pr, loaded)
  if (handedOver) {
    const open = ledger!.gates.filter(g => g.status === 'open').map(g => g.id)
    setOutputs('continue', ledger!.counters.round || undefined, undefined, open)
    await writeSummary(`review-loop: ${handedOver}\n`)
    return true
  }
  if (trigger.kind === 'issue_comment') {
    const own = comments.find(c => c.id === trigger.commentId)
    if (own && isOwnComment(own, ledger, identity)) {
      await ignore("the comment is the action's own")
      return true
    }
  }
  return false
}

/** A ledger for a pull request with no loop yet, which takes none of the commands written before it. */
function newLedger(
  env: RunEnv,
  pr: PullRequest,
  trigger: ActiveTrigger,
  comments: IssueComment[],
  world: World
): Ledger {
  const ledger = emptyLedger(`${env.owner}/${env.repo}`, pr.number, world.now())
  // Commands written before this PR's loop existed are history, not orders; only this run's own comment counts.
  const triggerComment = trigger.kind === 'issue_comment' ? trigger.commentId : undefined
  ledger.processedComments = comments
    .filter(c => c.id !== triggerComment && parseCommands(c.body).length > 0)
    .map(c => c.id)
  return ledger
}
