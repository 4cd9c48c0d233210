/**
 * Landing (Rule 15): where the round's fix commit goes, `head` (the PR branch, fast-forward only) or `stacked` (a
 * branch cut from the reviewed head, with a pull request of its own into the PR branch). docs/landing.md says why.
 */
import type { LandOutcome } from '../loop/machine/apply.js'
import type { PushFixes } from '../loop/machine/effects.js'
import { landingBlocked } from '../loop/machine/stops.js'
import type { Invocation, Round } from '../loop/model.js'
import type { Run } from './context.js'
import { activeInvocation } from './lifecycle.js'
import { checkoutCommit, fetchBranch, fileAt, isAncestor, repoGit } from './repo.js'
import { pushFixes } from './push.js'
import { withTrailers } from '../loop/write-ahead.js'
import { errorMessage } from '../shared/errors.js'

// The author's push beneath a stacked layer is followed in src/run/lower-head.ts; re-exported for the step.
export { followLowerHead } from './lower-head.js'

/** What landing did: pushed (where), or why nothing was pushed. */
export type LandResult = LandOutcome

/** GitHub's answer when the repository does not let Actions open pull requests. */
const ACTIONS_MAY_NOT_OPEN = /not permitted to create or approve pull requests/i

/** The repository setting that lets a workflow's token open pull requests, named as GitHub's settings page names it. */
export const ACTIONS_PR_SETTING =
  'Settings → Actions → General → Workflow permissions → "Allow GitHub Actions to create and approve pull requests"'

const short = (sha: string) => sha.slice(0, 7)

/** The layer's branch for an invocation: one per invocation, so an earlier layer is never written over. */
export function layerBranch(pr: number, inv: Invocation): string {
  return inv.n === 1 ? `review-loop/pr-${pr}` : `review-loop/pr-${pr}-${inv.n}`
}

/**
 * Writes `contents`, commits them as the bot with `message` and a trailer naming the round, and lands the commit on the
 * invocation's path. The push is the `push-fixes` effect (with `findings`, the IDs it applies), on the PR's branch and
 * on a stacked layer's: its executor (src/run/push.ts) saves the commit's SHA ahead of pushing it.
 */
export async function land(
  run: Run,
  round: Round,
  contents: Map<string, string>,
  message: string,
  findings: string[] = []
): Promise<LandResult> {
  const inv = activeInvocation(run)
  const signed = withTrailers(message, round.n)
  if (inv?.landing === 'stacked') {
    const blocked = landingBlocked(inv, run.pr)
    if (blocked) return { pushed: false, reason: 'blocked', detail: blocked }
    return landStacked(run, inv, round, contents, signed, findings)
  }
  const branch = run.pr.headRef
  const push = fixPush(round, findings, branch, round.head, signed, contents)
  const result = await pushFixes(run, push)
  if (result.pushed) return { pushed: true, sha: result.sha, path: 'head', branch }
  return result
}

/** The round's fix commit as the `push-fixes` effect: written onto the reviewed head, pushed where `expected` says. */
function fixPush(
  round: Round,
  findings: string[],
  branch: string,
  expected: string | null,
  message: string,
  contents: Map<string, string>
): PushFixes {
  const onto = round.head
  return { kind: 'push-fixes', round: round.n, findings, branch, onto, expected, message, contents }
}

/**
 * The stacked path: the fix commit goes on the layer's branch (created from the reviewed head, then fast-forward only),
 * and the layer's pull request into the PR branch is opened once and reused.
 */
async function landStacked(
  run: Run,
  inv: Invocation,
  round: Round,
  contents: Map<string, string>,
  message: string,
  findings: string[]
): Promise<LandResult> {
  const branch = inv.stacked?.branch ?? layerBranch(run.pr.number, inv)
  const remote = await fetchBranch(run, branch)
  let sha: string
  if (
    remote !== undefined &&
    remote !== round.head &&
    !(await isAncestor(run, remote, round.head))
  ) {
    if (
      (inv.stacked?.head === remote && run.ledger.ownPushes.includes(remote)) ||
      (await holdsRoundCommit(run, remote, round.head, contents))
    ) {
      // An earlier run pushed this very commit and could not open the pull request: nothing to push again.
      sha = remote
    } else if (inv.stacked) {
      return {
        pushed: false,
        reason: 'moved',
        remoteSha: remote,
        detail: `the stacked layer ${branch} is at ${short(remote)}, not at ${short(round.head)} where round ${round.n} reviewed it: someone pushed to the layer meanwhile`
      }
    } else {
      return {
        pushed: false,
        reason: 'blocked',
        detail: `The stacked layer's branch \`${branch}\` already exists (at ${short(remote)}) and holds commits this loop did not make, so the fixes were not put on it. Delete or rename that branch, then comment \`/review-loop continue\`; or end the loop with \`/review-loop stop\`.`
      }
    }
  } else {
    // The round reviewed this commit; the fix is written onto it, whatever the checkout showed last.
    await checkoutCommit(run, round.head)
    // Saved ahead as on the PR's branch; a new layer's branch counts as standing at the head it is cut from.
    const push = fixPush(round, findings, branch, remote ?? null, message, contents)
    const result = await pushFixes(run, push)
    if (!result.pushed) return result
    sha = result.sha
  }
  return openLayer(run, inv, round, branch, sha)
}

/**
 * Records the layer's commit as the layer's head, then opens the layer's pull request (or finds it open); also how the
 * next run finishes a layer push whose run was stopped before it saved (src/run/layer-take-up.ts).
 */
export async function openLayer(
  run: Run,
  inv: Invocation,
  round: Round,
  branch: string,
  sha: string
): Promise<LandResult> {
  const cut = inv.stacked?.cut ?? round.head
  // Recorded before the pull request is asked for: a refusal must not make the loop's own commit a stranger to it.
  inv.stacked = { ...inv.stacked, branch, cut, head: sha }
  if (!run.ledger.ownPushes.includes(sha)) run.ledger.ownPushes.push(sha)
  const pull = await layerPull(run, branch, round)
  if (!pull.ok) {
    return {
      pushed: false,
      reason: 'blocked',
      detail: `The fixes of round ${round.n} are on the branch \`${branch}\` (commit ${short(sha)}), but its pull request into \`${run.pr.headRef}\` could not be opened: ${pull.why} Nothing is lost: the next run finds the commit on the branch and opens the pull request.`
    }
  }
  inv.stacked = { branch, pr: pull.number, cut, head: sha }
  return {
    pushed: true,
    sha,
    path: 'stacked',
    branch,
    note: `pull request #${pull.number} into ${run.pr.headRef}; this PR's own branch is untouched and stays at ${short(cut)}`
  }
}

/** Whether `remote` is exactly this round's fix on the reviewed head (a commit an earlier attempt pushed). */
async function holdsRoundCommit(
  run: Run,
  remote: string,
  head: string,
  contents: Map<string, string>
): Promise<boolean> {
  const g = repoGit(run)
  if ((await g.tryRevParse(`${remote}^`)) !== head) return false
  const changed = (await g.changedFiles(head, remote)).map(f => f.path)
  if (changed.some(f => !contents.has(f))) return false
  for (const [file, text] of contents) {
    const at = await fileAt(run, remote, file)
    if (at.kind !== 'text' || at.text !== text) return false
  }
  return true
}

/** The layer's open pull request into the PR branch, opened when there is none; or why it could not be. */
async function layerPull(
  run: Run,
  branch: string,
  round: Round
): Promise<{ ok: true; number: number } | { ok: false; why: string }> {
  const github = run.world.github
  const into = run.pr.headRef
  try {
    const open = await github.findPull(branch, into)
    if (open) return { ok: true, number: open.number }
    const made = await github.openPull(
      branch,
      into,
      `review-loop fixes for #${run.pr.number}: ${run.pr.title}`.slice(0, 250),
      layerBody(run, round)
    )
    return { ok: true, number: made.number }
  } catch (error) {
    const text = errorMessage(error)
    if (ACTIONS_MAY_NOT_OPEN.test(text)) {
      return {
        ok: false,
        why: `GitHub refused it ("GitHub Actions is not permitted to create or approve pull requests"). A repository admin can allow it under ${ACTIONS_PR_SETTING} (in an organization, the organization's setting of the same name must allow it first); then comment \`/review-loop continue\`. Or give the action a token that may open pull requests (\`github-token\`).`
      }
    }
    return {
      ok: false,
      why: `${text.replace(/\.?$/, '.')} Once that is put right, comment \`/review-loop continue\`.`
    }
  }
}

/** What the layer's pull request says of itself: what it is, and that it is merged before the PR beneath it. */
function layerBody(run: Run, round: Round): string {
  return [
    `This pull request holds the fixes review-loop applied while reviewing #${run.pr.number} (\`landing: stacked\`), starting with round ${round.n}. Later rounds add their fixes here.`,
    '',
    `It stands on \`${run.pr.headRef}\`, the branch of #${run.pr.number}, and leaves that branch's own commits where they are. The review's verdict covers #${run.pr.number} together with this layer, never #${run.pr.number} alone: merge this pull request into \`${run.pr.headRef}\` before #${run.pr.number} is merged.`,
    '',
    `The trace of every round is in the review-loop status comment on #${run.pr.number}.`
  ].join('\n')
}

/**
 * On a stacked invocation that just converged, says what the approval covers: the PR and its layer together, never the
 * PR alone (on the convergence reason and the round's Landing line).
 */
export function noteStackedConvergence(run: Run): void {
  if (run.status !== 'converged') return
  const inv = run.ledger.invocations.at(-1)
  const layer = inv?.stacked
  if (!inv?.ended || inv.ended.as !== 'converged' || !layer) return
  // The PR's branch took the whole layer (its pull request was merged): the approval is the PR's own.
  if (layer.head === layer.cut) return
  const n = run.pr.number
  const which = layer.pr ? `#${layer.pr}` : `the branch \`${layer.branch}\``
  const covers = `converged with the stacked layer ${which} (branch ${layer.branch}, head ${short(layer.head)}): the approval covers #${n} and the layer together, never #${n} alone — merge ${which} into ${run.pr.headRef} first`
  if (!inv.ended.reason.includes(covers)) inv.ended.reason = `${inv.ended.reason}; ${covers}`
  const round = run.ledger.rounds.find(r => r.n === inv.ended!.round)
  if (round && !round.landing) {
    round.landing = {
      path: 'stacked',
      branch: layer.branch,
      note: `nothing landed this round; it reviewed base..${short(round.head)}, through the layer's head: ${covers}`
    }
  }
}
