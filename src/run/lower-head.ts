/**
 * The author's push beneath a stacked layer (Rule 15, docs/landing.md): the facts git gives and the merge and push
 * that bring the push into the layer. What each result means is src/loop/machine/layer.ts's (`lowerHeadMoved`).
 */
import { ACTIONS_BOT_EMAIL, ACTIONS_BOT_LOGIN } from '../action/constants.js'
import { pushFastForward } from '../git/checkout.js'
import { lowerHeadMoved, type LowerHead } from '../loop/machine/layer.js'
import type { Invocation } from '../loop/model.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import { checkoutCommit, fetchBranch, isAncestor, repoGit } from './repo.js'

const short = (sha: string) => sha.slice(0, 7)

/**
 * After the author pushed to the PR branch of a stacked invocation: git is asked what became of the layer and the
 * push is merged into it and pushed; what each result means is `lowerHeadMoved`'s. False when the run must stop.
 */
export async function followLowerHead(run: Run, inv: Invocation): Promise<boolean> {
  const layer = inv.stacked
  if (!layer) return true
  const lower = run.pr.headSha
  const moved = commit(
    run,
    lowerHeadMoved(run.ledger, run.pr.headRef, await bringIn(run, layer, lower))
  )
  if (moved && run.checkedOut && inv.stacked) run.checkedOut.head = inv.stacked.head
  return moved
}

type Layer = NonNullable<Invocation['stacked']>

/** What became of the layer when the author pushed `lower` beneath it, the push merged in and pushed where it can be. */
async function bringIn(run: Run, layer: Layer, lower: string): Promise<LowerHead> {
  const g = repoGit(run)
  const layerHead = await fetchBranch(run, layer.branch)
  const cutHere = (await g.tryRevParse(layer.cut)) !== undefined
  if (!cutHere || !(await isAncestor(run, layer.cut, lower))) {
    return {
      kind: 'rewritten',
      lower,
      between: cutHere ? await between(run, layer, lower) : undefined
    }
  }
  if (layerHead === undefined) {
    const merged =
      (await g.tryRevParse(layer.head)) !== undefined && (await isAncestor(run, layer.head, lower))
    return { kind: merged ? 'layer-merged' : 'layer-deleted' }
  }
  await checkoutCommit(run, layerHead)
  const merged = await mergeLower(run, lower)
  if (merged.kind === 'conflict') return merged
  const head = merged.head
  if (head === layerHead) return { kind: 'brought-in', lower, head, pushed: false }
  const pushed = await pushFastForward({
    workspace: run.env.workspace,
    remoteUrl: `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}.git`,
    token: run.settings.githubToken,
    sha: head,
    branch: layer.branch,
    expectedRemoteSha: layerHead
  })
  if (!pushed.pushed) return { kind: 'push-refused', detail: pushed.detail }
  return { kind: 'brought-in', lower, head, pushed: true }
}

/** Merges the lower head into the checked-out layer as the bot: the merged head, or the files in conflict. */
async function mergeLower(
  run: Run,
  lower: string
): Promise<
  { kind: 'merged'; head: string } | { kind: 'conflict'; lower: string; files: string[] }
> {
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
    const files = (await g.tryExec(['diff', '--name-only', '--diff-filter=U'])).stdout
      .split('\n')
      .filter(Boolean)
    await g.tryExec(['merge', '--abort'])
    return { kind: 'conflict', lower, files }
  }
  return { kind: 'merged', head: await g.revParse('HEAD') }
}

/** What lies between the cut point and the rewritten lower head, each side as git's one-line log. */
async function between(
  run: Run,
  layer: Layer,
  lower: string
): Promise<{ ahead: string[]; gone: string[] }> {
  const g = repoGit(run)
  const list = async (range: string): Promise<string[]> => {
    const out = await g.tryExec(['log', '--oneline', '--no-decorate', '--end-of-options', range])
    // A failed read is not "nothing between": the stop says what git said instead of a list.
    if (out.exitCode !== 0) throw new Error(`git log ${range} failed: ${out.stderr.trim()}`)
    return out.stdout.split('\n').filter(Boolean)
  }
  return { ahead: await list(`${layer.cut}..${lower}`), gone: await list(`${lower}..${layer.cut}`) }
}
