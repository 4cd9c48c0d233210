/**
 * The author's push beneath a stacked layer (Rule 15, docs/landing.md): a PR branch only advanced is merged into the
 * layer, so the review covers the author's head and the layer's fixes together; a branch rewritten under the layer
 * stops the loop with the cut point, the lower head and what lies between.
 */
import { ACTIONS_BOT_EMAIL, ACTIONS_BOT_LOGIN } from '../action/constants.js'
import { pushFastForward } from '../git/checkout.js'
import type { Invocation } from '../loop/model.js'
import type { Run } from './context.js'
import { checkoutCommit, fetchBranch, isAncestor, repoGit } from './repo.js'

/** How many commits of each side a rewritten lower branch's report lists. */
const BETWEEN_LIMIT = 10

const short = (sha: string) => sha.slice(0, 7)

/**
 * After the author pushed to the PR branch of a stacked invocation: a branch that was only advanced is brought into the
 * layer (the review then covers the author's head and the layer's fixes together); a branch rewritten under the layer
 * stops the loop with the cut point, the lower head and what lies between. False when the run must stop.
 */
export async function followLowerHead(run: Run, inv: Invocation): Promise<boolean> {
  const layer = inv.stacked
  if (!layer) return true
  const lower = run.pr.headSha
  const g = repoGit(run)
  const layerHead = await fetchBranch(run, layer.branch)
  const cutHere = (await g.tryRevParse(layer.cut)) !== undefined
  if (!cutHere || !(await isAncestor(run, layer.cut, lower))) {
    run.status = 'blocked'
    run.message = await rewrittenMessage(run, layer, lower, cutHere)
    return false
  }
  if (layerHead === undefined) return layerGone(run, inv, layer, lower)
  await checkoutCommit(run, layerHead)
  const head = await mergeLower(run, layer, lower)
  if (head === undefined) return false
  if (head !== layerHead && !(await pushLayer(run, layer, lower, layerHead, head))) return false
  note(
    run,
    head === lower
      ? `the author's push ${short(lower)} already holds the stacked layer's fixes: the layer ${layer.branch} moved up to it`
      : `the author's push ${short(lower)} was brought into the stacked layer ${layer.branch} (${short(head)}): this review covers both`
  )
  layer.cut = lower
  layer.head = head
  if (run.checkedOut) run.checkedOut.head = head
  if (run.ledger.owed) run.ledger.owed.head = head
  return true
}

type Layer = NonNullable<Invocation['stacked']>

/**
 * The layer's branch is gone: merged into the PR branch (the next fix cuts a new layer), or deleted with fixes the PR
 * branch does not hold (the loop stops). False when the run must stop.
 */
async function layerGone(run: Run, inv: Invocation, layer: Layer, lower: string): Promise<boolean> {
  const g = repoGit(run)
  if (
    (await g.tryRevParse(layer.head)) !== undefined &&
    (await isAncestor(run, layer.head, lower))
  ) {
    // The layer was merged into the PR branch and its branch deleted: the next fix cuts a new layer.
    note(
      run,
      `the stacked layer ${layer.branch} was merged into ${run.pr.headRef} and its branch deleted; a later fix opens a new layer`
    )
    delete inv.stacked
    return true
  }
  run.status = 'blocked'
  run.message = `The stacked layer's branch \`${layer.branch}\` was deleted, and its fixes (up to ${short(layer.head)}) are not in \`${run.pr.headRef}\`. Restore the branch (push ${short(layer.head)} to \`${layer.branch}\`), or end this loop with \`/review-loop stop\`; then comment \`/review-loop continue\`.`
  return false
}

/** Merges the lower head into the checked-out layer as the bot; the merged head, or none (the run stops) on a conflict. */
async function mergeLower(run: Run, layer: Layer, lower: string): Promise<string | undefined> {
  const g = repoGit(run)
  const merged = await g.tryExec(
    [
      '-c',
      `user.name=${ACTIONS_BOT_LOGIN}`,
      '-c',
      `user.email=${ACTIONS_BOT_EMAIL}`,
      'merge',
      '--no-edit',
      '--no-verify',
      '--no-gpg-sign',
      '-m',
      `review-loop: bring ${short(lower)} from ${run.pr.headRef} into the stacked layer`,
      '--end-of-options',
      lower
    ],
    {
      env: {
        GIT_AUTHOR_NAME: ACTIONS_BOT_LOGIN,
        GIT_AUTHOR_EMAIL: ACTIONS_BOT_EMAIL,
        GIT_COMMITTER_NAME: ACTIONS_BOT_LOGIN,
        GIT_COMMITTER_EMAIL: ACTIONS_BOT_EMAIL
      }
    }
  )
  if (merged.exitCode !== 0) {
    const conflicted = (await g.tryExec(['diff', '--name-only', '--diff-filter=U'])).stdout
      .split('\n')
      .filter(Boolean)
    await g.tryExec(['merge', '--abort'])
    run.status = 'blocked'
    run.message = `The author's push to \`${run.pr.headRef}\` (${short(lower)}) and the fixes on the stacked layer \`${layer.branch}\`${layer.pr ? ` (#${layer.pr})` : ''} change the same lines${conflicted.length ? ` (${conflicted.slice(0, 10).join(', ')})` : ''}, so the loop cannot bring them together without a person. Merge the layer into \`${run.pr.headRef}\` (or the branch into the layer) resolving the conflict, then comment \`/review-loop continue\`; or end the loop with \`/review-loop stop\`.`
    return undefined
  }
  return g.revParse('HEAD')
}

/** Pushes the merged layer head over the layer's branch, fast-forward only; false (the run stops) when refused. */
async function pushLayer(
  run: Run,
  layer: Layer,
  lower: string,
  layerHead: string,
  head: string
): Promise<boolean> {
  const pushed = await pushFastForward({
    workspace: run.env.workspace,
    remoteUrl: `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}.git`,
    token: run.settings.githubToken,
    sha: head,
    branch: layer.branch,
    expectedRemoteSha: layerHead
  })
  if (!pushed.pushed) {
    run.status = 'blocked'
    run.message = `The author's push to \`${run.pr.headRef}\` could not be brought into the stacked layer \`${layer.branch}\`: ${pushed.detail}. Comment \`/review-loop continue\` to try again, or end the loop with \`/review-loop stop\`.`
    return false
  }
  if (head !== lower) run.ledger.ownPushes.push(head)
  return true
}

/** A fact for the owed round's trace. */
function note(run: Run, text: string): void {
  const owed = run.ledger.owed
  if (owed) owed.note = owed.note ? `${owed.note}; ${text}` : text
}

/** The stop after the branch beneath the layer was rewritten: the cut point, the lower head and what lies between. */
async function rewrittenMessage(
  run: Run,
  layer: NonNullable<Invocation['stacked']>,
  lower: string,
  cutHere: boolean
): Promise<string> {
  const g = repoGit(run)
  const list = async (range: string): Promise<string> => {
    const out = await g.tryExec(['log', '--oneline', '--no-decorate', '--end-of-options', range])
    const lines = out.exitCode === 0 ? out.stdout.split('\n').filter(Boolean) : []
    if (lines.length === 0) return 'none'
    const shown = lines.slice(0, BETWEEN_LIMIT).map(l => `\`${l}\``)
    if (lines.length > BETWEEN_LIMIT) shown.push(`and ${lines.length - BETWEEN_LIMIT} more`)
    return shown.join('; ')
  }
  const between = cutHere
    ? `Between them: on the lower head, not under the cut point: ${await list(`${layer.cut}..${lower}`)}. Under the cut point, gone from the lower head: ${await list(`${lower}..${layer.cut}`)}.`
    : 'The cut point is no longer in the repository, so what lies between cannot be listed.'
  const pr = layer.pr ? ` (#${layer.pr})` : ''
  return [
    `\`${run.pr.headRef}\` was rewritten under the stacked layer \`${layer.branch}\`${pr}: the cut point the layer stands on is no longer an ancestor of that branch, so the layer stands on a base the branch beneath it no longer has, and the loop stops here.`,
    `Cut point: ${layer.cut}.`,
    `Lower head (\`${run.pr.headRef}\` now): ${lower}.`,
    between,
    `What follows is yours to decide: rebase the layer onto the new head and comment \`/review-loop continue\` once \`${run.pr.headRef}\` again holds the cut point, or end this loop with \`/review-loop stop\` and start a fresh one on the new head with \`/review-loop continue\` (its landing is asked again).`
  ].join(' ')
}
