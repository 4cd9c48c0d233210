/** run(): settings -> one step of the loop -> persist -> report. The one place that fails the step. */
import * as core from '@actions/core'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Outputs } from './action/constants.js'
import { secretsOf } from './action/crash-guard.js'
import { redactingDriver } from './driver/redacting.js'
import { readTrigger } from './action/event.js'
import { readInputs, resolveSettings, type WorkflowInputs } from './action/inputs.js'
import { ignore, setOutputs, writeSummary } from './action/step-output.js'
import { loadRepoConfig } from './config/load.js'
import { GitHubClient } from './github/client.js'
import { parseCommands } from './loop/commands.js'
import { emptyLedger, type Status } from './loop/model.js'
import { COMMENT_LIMIT, renderStatusComment } from './report/index.js'
import { unmentioned } from './report/text.js'
import type { ActiveTrigger, Run, RunEnv, StartedCheckout, World } from './run/context.js'
import { checkoutAfter, settled, startCheckout } from './run/repo.js'
import { identityOf, isOwnComment, post } from './run/conversation.js'
import { threadReplyIgnored } from './run/thread-replies.js'
import { postHandover } from './run/handover.js'
import { LedgerConflict, loadLedger, saveLedger } from './run/ledger-io.js'
import { neutraliseMarkers } from './ledger/codec.js'
import { syncLabels } from './run/lifecycle.js'
import { standing, step } from './run/step.js'
import { followThreads } from './run/round-review.js'
import { makeStore } from './run/store.js'
import { handRoundOver } from './run/scope.js'
import { reconcile, STATUS_STARTING } from './run/reconcile.js'
import { takeUp, warnForgedTrailers } from './run/take-up.js'
import { carryBeforeDispatch, RoundHandedOver, settleIntent } from './run/write-ahead.js'
import { markLostReplies } from './run/lost.js'
import { markOf, publishMergeGate, runUrl, type MergeGateReport } from './run/merge-gate.js'
import { acknowledgeHeld, mustSaveRun, postStatusReply } from './run/records.js'
import { FULL_TRACE_GROUP, renderFullTrace, renderSummaryParts } from './report/summary.js'
import { createSource } from './sources/factory.js'
import { createDriver } from './driver/factory.js'
import { dropSecretInputs } from './sources/command.js'
import { redactText, secretLines } from './sources/redact.js'
import { keepStepEnvironment, stepEnvironment } from './action/step-env.js'

function runEnv(): RunEnv {
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

/** Runs one step of the loop for the PR this event is about. */
export async function run(): Promise<void> {
  // Taken before the run drops them from the environment: a failure's message is redacted with them.
  const secrets = secretsOf(process.env)
  try {
    const inputs = readInputs()
    // Read once: the secrets leave the process environment before any child starts (README, "Trust").
    dropSecretInputs()
    keepStepEnvironment()
    const trigger = readTrigger(process.env.GITHUB_EVENT_NAME, process.env.GITHUB_EVENT_PATH)
    if (trigger.kind === 'ignored') return await ignore(trigger.reason)
    await runFor(inputs, trigger, runEnv())
  } catch (error) {
    // A failure's words may carry what a server or a command echoed: the runner masks the log, not the summary, and a
    // mention there would be shown live (the action's own words, paths included, stay exactly as written).
    const message = redactText(error instanceof Error ? error.message : String(error), secrets)
    core.setOutput(Outputs.Status, 'blocked')
    core.setFailed(message)
    await core.summary
      .addRaw(`**review-loop is blocked:** ${unmentioned(message)}\n`)
      .write()
      .catch(() => undefined)
  }
}

/** Whether a run on this event reads the repository (a round): a pull request's event or a dispatched round. */
function readsRepository(trigger: ActiveTrigger): boolean {
  return trigger.kind === 'pull_request' || trigger.kind === 'workflow_dispatch'
}

async function runFor(inputs: WorkflowInputs, trigger: ActiveTrigger, env: RunEnv): Promise<void> {
  const started: StartedCheckout[] = []
  try {
    await stepFor(inputs, trigger, env, started)
  } finally {
    // A checkout begun early that the run did not take up (it had nothing to review) ends before the run does.
    await Promise.all(started.map(settled))
  }
}

async function stepFor(
  inputs: WorkflowInputs,
  trigger: ActiveTrigger,
  env: RunEnv,
  started: StartedCheckout[]
): Promise<void> {
  // A source or driver may start before the checkout is made (an answer's admission): their folder exists from the start.
  await mkdir(env.workspace, { recursive: true })
  const inputSecrets = [
    inputs['github-token'],
    inputs['openai-api-key'],
    inputs['anthropic-api-key'],
    ...secretLines(inputs['secrets-to-redact'])
  ]
  for (const secret of inputSecrets) {
    if (secret) core.setSecret(secret)
  }
  // What a driver answers is redacted as a source's answer is, with every key the step holds.
  // (Values under 8 characters are left out, as for the source: they would match ordinary words.)
  const secrets = [...inputSecrets, ...secretsOf(stepEnvironment())].filter(
    (s): s is string => typeof s === 'string' && s.length >= 8
  )
  const github = new GitHubClient(inputs['github-token'] ?? '', env.owner, env.repo)
  // A pull request's event shows what to check out: git starts while the run reads the pull request (issue 16). A
  // pull request that is no longer what the event showed gets a checkout of its own (`checkoutAfter` below).
  const seen = trigger.kind === 'pull_request' ? trigger.seen : undefined
  const fromEvent = seen
    ? startCheckout({
        env,
        token: inputs['github-token'],
        pr: { number: trigger.pr, fork: false, ...seen },
        github
      })
    : undefined
  if (fromEvent) started.push(fromEvent)
  const pr = await github.pull(trigger.pr)
  if (pr.state === 'closed') return ignore(`pull request #${pr.number} is closed`)
  if (trigger.kind === 'pull_request' && pr.draft) {
    return ignore(
      `pull request #${pr.number} is a draft; review starts when it is marked ready for review`
    )
  }
  if (trigger.kind === 'pull_request' && pr.fork) {
    return ignore(
      `pull request #${pr.number} comes from a fork, whose pull_request runs get a read-only token; someone with write access can start the loop with a \`/review-loop continue\` comment`
    )
  }
  if (trigger.kind === 'review_comment' && pr.fork) {
    return ignore(
      `pull request #${pr.number} comes from a fork, whose review comments start runs with a read-only token; a fork's rounds start only from the conversation, so the reply is taken by the next \`/review-loop\` comment there (\`/review-loop status\` will do)`
    )
  }
  // A run that reviews reads the repository: git fetches the head and writes the work tree while the run reads its
  // settings, comments and ledger (issue 16). Only reads: what the run decides, and when it asks for the checkout, stay.
  // The one begun from the event when the pull request is still what the event showed; else one for the pull request
  // as read, begun once that one is done with the folder.
  const early = readsRepository(trigger)
    ? checkoutAfter({ env, token: inputs['github-token'], pr, github }, fromEvent)
    : undefined
  if (early && early !== fromEvent) started.push(early)
  // From the base branch: the head's copy is the pull request's own and must not set its guards.
  const config = await loadRepoConfig(github, pr.baseRef)
  const settings = resolveSettings(inputs, config)
  const whoAmI = settings.botLogin ? undefined : await github.whoAmI()
  let identity = identityOf(settings.botLogin, whoAmI)
  core.info(`The action posts as ${identity}`)
  const comments = await github.comments(pr.number)
  const world: World = {
    github,
    store: makeStore(settings, env, pr.number, github, pr),
    makeSource: (name, cwd, { configured }) =>
      createSource(name, { settings, cwd, env: stepEnvironment(), configured }),
    makeDriver: (source, { configured }) => {
      const made = createDriver({
        settings,
        env: stepEnvironment(),
        cwd: env.workspace,
        source,
        configured
      })
      if (!made.driver) return { label: made.label, why: made.why }
      const driver = redactingDriver(made.driver, secrets)
      const writer = made.writer && {
        label: made.writer.label,
        driver:
          made.writer.driver === made.driver ? driver : redactingDriver(made.writer.driver, secrets)
      }
      return { label: made.label, why: made.why, driver, ...(writer ? { writer } : {}) }
    },
    now: () => new Date().toISOString()
  }
  core.startGroup('Ledger')
  const loaded = await loadLedger(world.store, comments, identity, pr.number)
  // A token that cannot say who it is (an App's) acts as the login of the status comment the loop's saves vouch for.
  identity = loaded.identity ?? identity
  const recorded = loaded.ledger?.statusComment?.author
  const guessed = !settings.botLogin && !whoAmI && !loaded.identity && !loaded.statusComment
  if (guessed && recorded && recorded !== identity) {
    // The token could not say who it is and no status comment of its own was found (deleted): the saved revision
    // recorded whom the action's status comment was by, and so whose gate comments a run stopped early left.
    core.warning(
      `The token could not say who it acts as and no status comment by ${identity} was found; the saved ledger records the action's status comment as posted by ${recorded}, so the action posts as ${recorded}. Set the \`bot-login\` input to say so.`
    )
    identity = recorded
  }
  core.endGroup()
  let ledger = loaded.ledger
  if (trigger.kind === 'review_comment') {
    const why = threadReplyIgnored(trigger, ledger, identity)
    if (why) return ignore(why)
  }
  const handedOver = await handRoundOver(github, trigger, settings, env, pr, loaded)
  if (handedOver) {
    const open = ledger!.gates.filter(g => g.status === 'open').map(g => g.id)
    setOutputs('continue', ledger!.counters.round || undefined, undefined, open)
    return writeSummary(`review-loop: ${handedOver}\n`)
  }
  if (trigger.kind === 'issue_comment') {
    const own = comments.find(c => c.id === trigger.commentId)
    if (own && isOwnComment(own, ledger, identity)) return ignore("the comment is the action's own")
  }
  if (!ledger) {
    ledger = emptyLedger(`${env.owner}/${env.repo}`, pr.number, world.now())
    // Commands written before this PR's loop existed are history, not orders; only this run's own comment counts.
    const triggerComment = trigger.kind === 'issue_comment' ? trigger.commentId : undefined
    ledger.processedComments = comments
      .filter(c => c.id !== triggerComment && parseCommands(c.body).length > 0)
      .map(c => c.id)
  }
  const run: Run = {
    settings,
    config,
    trigger,
    env,
    world,
    pr,
    comments,
    identity,
    ledger,
    continueAsked: false,
    statusAsked: false,
    requestNextRound: false,
    ...(early ? { checkout: early } : {})
  }
  // A revision saved ahead of its run's effects is taken up first: its gates adopted, its pushed commit the loop's.
  await takeUp(run)
  await reconcile(run)
  await warnForgedTrailers(run)
  // The merge gate goes on the commit the loop pushed this run, if it pushed one: told apart by the pushes before.
  const pushesBefore = ledger.ownPushes.length
  const takenBefore = ledger.processedComments.length
  let roundHandedOver = false
  try {
    await step(run)
    await followThreads(run)
  } catch (error) {
    // A save ahead of an effect lost to another run's (nothing was posted or pushed for it): `persist` below saves
    // again, checked the same way, and reports the lost race once, as at a run's end.
    if (error instanceof LedgerConflict) return
    // The round's result was too large to save where this run saves: handed over before any effect, nothing saved.
    if (!(error instanceof RoundHandedOver)) throw error
    roundHandedOver = true
  } finally {
    // (`blocked` when GitHub refused the hand-over's dispatch: nothing saved either way.)
    if (roundHandedOver) await report(run, run.status === 'blocked' ? 'blocked' : 'continue')
    else await persist(run, pushesBefore, takenBefore)
  }
}

async function persist(run: Run, pushesBefore: number, takenBefore = 0): Promise<void> {
  const { ledger, world } = run
  if (ledger.invocations.length === 0 && ledger.gates.length === 0 && !ledger.statusComment) {
    // Nothing started: leave no comment and no ledger behind. A run that still wrote (a reply, a reaction to a command
    // it could not take) is never `ignored`: it says what it did and what would start the loop (issue 14, item 7).
    const replies = ledger.ownComments.length
    const taken = ledger.processedComments.length - takenBefore
    await acknowledgeHeld(run)
    if (replies === 0 && taken <= 0) return report(run, standing(run))
    run.status = 'blocked'
    run.message = `No loop has started on this pull request, so nothing was recorded; this run took ${taken} command comment(s) (a writer's gets a reaction) and posted ${replies} repl${replies === 1 ? 'y' : 'ies'} saying what could not be taken. Comment \`/review-loop continue\` to start the loop.`
    return report(run, 'blocked')
  }
  const status = standing(run)
  ledger.status = status
  const headline = { round: run.round, status, message: run.message }
  // Everything the run posts is recorded before the ledger is saved, so no later run reads it as a command.
  if (!ledger.statusComment || !run.comments.some(c => c.id === ledger.statusComment!.id)) {
    const posted = await post(run, STATUS_STARTING)
    ledger.statusComment = { id: posted.id, author: posted.login }
  }
  if (run.statusAsked)
    await postStatusReply(run, limit =>
      renderStatusComment(ledger, { stateBlock: '', headline, runUrl: runUrl(run.env), limit })
    )
  if (run.status === 'converged' || run.status === 'exited') {
    // Ended by this run. The handover outlives the status comment, which the next invocation edits; it is offered,
    // never asked.
    await postHandover(run)
  }
  let block: string
  settleIntent(run)
  if (!mustSaveRun(run)) {
    // Nothing changed but what the run's records carry (src/run/records.ts): its held reactions are the record.
    await acknowledgeHeld(run)
    if (!mustSaveRun(run)) {
      core.info(`Nothing to save: ledger revision ${ledger.revision} stands`)
      const gate = await publishMergeGate(run, status, pushesBefore, true)
      await syncLabels(run)
      return report(run, status, gate)
    }
  }
  try {
    ;({ block } = await saveLedger(world.store, ledger, world.now()))
  } catch (error) {
    if (!(error instanceof LedgerConflict)) throw error
    // Lost the race: the other run's state stands untouched; a fresh run takes what this one took and lost.
    run.status = 'blocked'
    run.message = error.message
    await markLostReplies(run, new Set(run.comments.map(c => c.id)))
    await redo(run)
    return report(run, 'blocked')
  }
  await acknowledgeHeld(run)
  // The next round is asked for before the status comment is edited: the comment says it was started only once
  // GitHub accepted the dispatch (a run stopped in between leaves the comment as it was, and the saved revision owes it).
  if (run.requestNextRound) {
    // A pull_request run's revision is carried by the status comment's block first (src/run/write-ahead.ts).
    await carryBeforeDispatch(run, block)
    await askNextRound(run)
  }
  const final = run.status === 'blocked' ? 'blocked' : status
  // Set before the status comment names the new revision: a comment naming the newest revision proves its gate was set.
  const gate = await publishMergeGate(run, final, pushesBefore)
  const body = renderStatusComment(ledger, {
    stateBlock: block,
    headline:
      run.status === 'blocked'
        ? { ...headline, status: 'blocked', message: run.message }
        : headline,
    limit: COMMENT_LIMIT - 2_000,
    runUrl: runUrl(run.env)
  })
  await world.github.editComment(
    ledger.statusComment.id,
    neutraliseMarkers(body.slice(0, -block.length)) + markOf(gate, ledger.revision) + block
  )
  await syncLabels(run)
  await report(run, final, gate)
}

/** Dispatches the next round; a workflow file it cannot name or a dispatch GitHub refuses blocks the run, saying so. */
async function askNextRound(run: Run): Promise<void> {
  const { pr } = run
  if (!run.env.workflowFile) {
    run.status = 'blocked'
    run.message =
      'GITHUB_WORKFLOW_REF does not name a workflow file, so the next round cannot be dispatched; comment `/review-loop continue`.'
    return
  }
  try {
    await run.world.github.dispatch(run.env.workflowFile, pr.defaultBranch, {
      pr: String(pr.number)
    })
  } catch (error) {
    run.status = 'blocked'
    run.message = `${(error as Error).message}. The round is saved as owed; comment \`/review-loop continue\` to start it.`
    return
  }
  core.info(
    `Next round asked for: ${run.env.workflowFile} on ${pr.defaultBranch} with pr=${pr.number}`
  )
}

/** After a lost save: asks for a fresh run on the default branch, which loads the winner's revision and takes the rest. */
async function redo(run: Run): Promise<void> {
  if (run.settings.nextRound !== 'dispatch' || !run.env.workflowFile) {
    run.message += ' Comment `/review-loop continue` to have it taken now.'
    return
  }
  try {
    await run.world.github.dispatch(run.env.workflowFile, run.pr.defaultBranch, {
      pr: String(run.pr.number)
    })
    run.message += ` A fresh run was asked for (${run.env.workflowFile} on ${run.pr.defaultBranch}).`
  } catch (error) {
    run.message += ` Asking for a fresh run failed (${(error as Error).message}); comment \`/review-loop continue\`.`
  }
}

async function report(run: Run, status: Status, mergeGate?: MergeGateReport): Promise<void> {
  const open = run.ledger.gates.filter(g => g.status === 'open').map(g => g.id)
  setOutputs(status, run.round ?? (run.ledger.counters.round || undefined), run.verdict, open)
  const summary = renderSummaryParts(run.ledger, {
    thisRun: { round: run.round, status, message: run.message },
    mergeGate
  })
  await writeSummary(summary.text)
  if (!summary.complete) {
    // The summary had to leave traces out to stay under 1 MiB: the log keeps every round whole.
    core.startGroup(FULL_TRACE_GROUP)
    core.info(renderFullTrace(run.ledger))
    core.endGroup()
  }
  if (status === 'blocked') core.setFailed(run.message ?? 'review-loop is blocked')
}
