/**
 * Takes up what a run stopped after saving ahead of its effects left (src/run/write-ahead.ts), before anything else:
 * gate comments it posted are adopted under their own IDs (answerable as any other), gates it did not get to post are
 * posted now, and a fix commit it pushed is recorded as the loop's, landed, never read as the author's push.
 */
import * as core from '@actions/core'
import { Git } from '../git/git.js'
import { gateComments } from '../loop/gate-bound.js'
import type { Intent } from '../loop/model.js'
import { attemptOf, savedByOther, takeUpDecision } from '../loop/take-up.js'
import { adoptGates, loopCommit, pushOutcome, type PushIntent } from '../loop/write-ahead.js'
import { renderGateComment } from '../report/gate-comment.js'
import { GATE_LIST_HEADING, renderGateList } from '../report/gate-list.js'
import { recordLanded } from './apply.js'
import type { Run } from './context.js'
import { post } from './conversation.js'
import { noteStart } from './lost.js'
import { holdsPush, takeUpLayerPush } from './layer-take-up.js'
import { ensureCheckout, repoGit } from './repo.js'
import { errorMessage } from '../shared/errors.js'

/**
 * Takes up the loaded revision's intent, if it has one; run after the ledger is loaded and before `reconcile`. An intent
 * another run attempt saved is taken up whole only once GitHub says that attempt has ended: while it is still going (no
 * concurrency group) it is posting or pushing what it recorded itself, so what it already did is recorded (its gate
 * comments adopted, its landed push) and the rest is left to it, kept in what this run saves, for the run after
 * (`takeUpDecision`).
 */
export async function takeUp(run: Run): Promise<void> {
  // What was on the PR before this run posted anything: a loser deletes only a status comment it posted itself.
  noteStart(run)
  const intent: Intent | undefined = run.ledger.intent
  if (!intent) return
  if (!intent.gates?.length && !intent.push) {
    delete run.ledger.intent
    return
  }
  const self = attemptOf(run.env)
  const state = savedByOther(intent, self)
    ? await run.world.github.runAttempt(intent.by.run, intent.by.attempt)
    : undefined
  const decision = takeUpDecision(intent, self, state)
  const live = !decision.take
  if (live) core.info(`The loaded revision's intent is left alone: ${decision.why}.`)
  else if (decision.warning) core.warning(decision.warning)
  const gatesLeft = intent.gates?.length ? await takeUpGates(run, intent.gates, live) : []
  const pushLeft = intent.push ? await takeUpPush(run, intent.push, live) : false
  delete run.ledger.intent
  if (gatesLeft.length > 0 || pushLeft) {
    run.ledger.intent = {
      ...(gatesLeft.length > 0 ? { gates: gatesLeft } : {}),
      ...(pushLeft ? { push: intent.push } : {}),
      by: intent.by
    }
  }
}

/**
 * Adopts the intended gates' comments already posted; posts the rest, unless the run that saved them is still going
 * (`live`: it posts them itself), in which case they are returned, left to it.
 */
async function takeUpGates(run: Run, intended: string[], live: boolean): Promise<string[]> {
  const { ledger } = run
  const known = new Set([
    ...ledger.ownComments,
    ...ledger.gates.flatMap(g => (g.commentId === undefined ? [] : [g.commentId]))
  ])
  const { adopted, missing } = adoptGates({
    intended: intended.filter(id => ledger.gates.find(g => g.id === id)?.commentId === undefined),
    comments: run.comments,
    identity: run.identity,
    known,
    listHeading: GATE_LIST_HEADING
  })
  for (const { gate, comment } of adopted) {
    ledger.gates.find(g => g.id === gate)!.commentId = comment
    if (!ledger.ownComments.includes(comment)) ledger.ownComments.push(comment)
    core.info(
      `Adopted gate comment ${comment} (${gate}): the run that posted it saved the gate ahead of posting and ${live ? 'is still going' : 'was stopped before its end'}; ${gate} is answered as any other.`
    )
  }
  if (live) return missing
  const unposted = missing
    .map(id => ledger.gates.find(g => g.id === id)!)
    .filter(g => g.status === 'open')
  if (unposted.length === 0) return []
  // The run stopped before posting these: they are asked now, under the IDs the saved revision gave them.
  const { own, lists } = gateComments(unposted.length)
  const findingsOf = (ids: Set<string>) => ledger.findings.filter(f => ids.has(f.id))
  for (const i of own) {
    const gate = unposted[i]!
    gate.commentId = (
      await post(run, renderGateComment(gate, findingsOf(new Set(gate.findings))))
    ).id
  }
  for (const list of lists) {
    const listed = list.map(i => unposted[i]!)
    const ids = new Set(listed.flatMap(g => g.findings))
    const posted = await post(run, renderGateList(listed, findingsOf(ids), listed[0]!.round))
    for (const gate of listed) gate.commentId = posted.id
  }
  core.info(
    `Posted ${unposted.map(g => g.id).join(', ')}: the run that saved them ahead of posting was stopped first.`
  )
  return []
}

/**
 * Where the pushed branch is now, read with git (`ls-remote`) from the repository the loop pushed to: the pulls API's
 * head can lag a push by a moment, and would make the loop's landed commit look never pushed. Only when git cannot
 * answer, the API's head (for the PR's own branch), with a warning.
 */
async function branchNow(run: Run, branch: string): Promise<string | undefined> {
  // The remote src/run/repo.ts fetches from and pushes to; asked from outside the checkout, which may be being made.
  const remote = `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}.git`
  try {
    const git = new Git(run.env.runnerTemp, { token: run.settings.githubToken })
    return await git.lsRemoteBranch(remote, branch)
  } catch (error) {
    const api = branch === run.pr.headRef ? run.pr.headSha : undefined
    core.warning(
      `git could not read where ${branch} is (${errorMessage(error)}); ${api ? `the pull request's head as the API gives it, ${api.slice(0, 7)}, is used` : 'it is taken as unknown'}.`
    )
    return api
  }
}

/**
 * Records a push recorded ahead as landed when the branch is at the commit or holds it; otherwise the round is applied
 * again, unless the run that saved it is still going (`live`: it pushes itself), in which case true: left to it.
 */
async function takeUpPush(run: Run, push: PushIntent, live: boolean): Promise<boolean> {
  // A stacked layer's branch: read with git, its pull request opened (src/run/layer-take-up.ts).
  if (push.branch !== run.pr.headRef) {
    if (live) return true
    await takeUpLayerPush(run, push)
    return false
  }
  const { ledger } = run
  const branchSha = await branchNow(run, push.branch)
  let holds = false
  if (branchSha !== undefined && branchSha !== push.sha && branchSha !== push.expected) {
    // The author may have pushed on top of the loop's commit since: it is still the loop's, landed.
    await ensureCheckout(run)
    holds = await holdsPush(run, push, branchSha)
  }
  const outcome = pushOutcome(push, { sha: branchSha, holds })
  const short = push.sha.slice(0, 7)
  if (outcome !== 'landed' && live) return true
  if (outcome !== 'landed') {
    core.info(
      outcome === 'not-pushed'
        ? `The fix commit ${short} of round ${push.round} was recorded ahead but never pushed (the run stopped first): the round's fixes are applied again.`
        : `The fix commit ${short} of round ${push.round} was recorded ahead, but ${push.branch} is now at ${branchSha?.slice(0, 7) ?? 'an unknown commit'} without it: it was not landed.`
    )
    return false
  }
  const own = loopCommit({ sha: push.sha }, { ownPushes: ledger.ownPushes, push })
  const round = ledger.rounds.find(r => r.n === push.round)
  if (!own.own || !round || ledger.ownPushes.includes(push.sha)) return false
  const landed = ledger.findings.filter(f => push.findings.includes(f.id))
  recordLanded(run, round, landed, { sha: push.sha, path: 'head', branch: push.branch })
  core.info(
    `The fix commit ${short} on ${push.branch} is the loop's own: the revision saved before the push named it (round ${push.round}, ${push.findings.join(' ')}); recorded as landed.`
  )
  return false
}

/**
 * Says so when the PR's new head carries the loop's trailers but no saved revision names it: the author's push, read as
 * one (trailers anyone can write never make a commit the loop's).
 */
export async function warnForgedTrailers(run: Run): Promise<void> {
  const head = run.pr.headSha
  const inv = run.ledger.invocations.at(-1)
  if (!inv || inv.ended || ledgerKnows(run, head)) return
  // The review of an author's push checks the head out anyway.
  await ensureCheckout(run)
  const message = await repoGit(run)
    .tryExec(['log', '-1', '--format=%B', '--end-of-options', head])
    .then(out => (out.exitCode === 0 ? out.stdout : undefined))
    .catch(() => undefined)
  const reading = loopCommit({ sha: head, message }, { ownPushes: run.ledger.ownPushes })
  if (!reading.own && reading.claimed)
    core.warning(`The new head ${head.slice(0, 7)} is read as the author's push: ${reading.why}.`)
}

function ledgerKnows(run: Run, sha: string): boolean {
  const { ledger } = run
  return (
    ledger.ownPushes.includes(sha) ||
    ledger.rounds.some(r => r.head === sha) ||
    ledger.invocations.some(i => i.head === sha || i.stacked?.cut === sha)
  )
}
