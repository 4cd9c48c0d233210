/** Landing (Rule 15): where the round's fix commit goes, `head` (the PR branch, fast-forward only) or `stacked`. */
import type { Invocation, Round } from '../loop/model.js'
import type { Run } from './context.js'
import { commitAndPush } from './repo.js'

/** What landing did: pushed (where), or why nothing was pushed. */
export type LandResult =
  | { pushed: true; sha: string; path: 'head' | 'stacked'; branch: string; note?: string }
  | {
      pushed: false
      /** `moved`: the branch is not where the round reviewed it; `rejected`: the push was refused; `blocked`: the path cannot be used. */
      reason: 'moved' | 'rejected' | 'blocked'
      detail: string
      remoteSha?: string
    }

/** Whether the invocation's landing path can take a commit now; otherwise what must change, in words. */
export function landingReady(inv: Invocation): { ok: true } | { ok: false; message: string } {
  if (inv.landing === 'stacked') {
    return {
      ok: false,
      message:
        'stacked landing is not available in this version of review-loop: set `landing: head` in the workflow (or answer a new landing gate), then comment `/review-loop continue`.'
    }
  }
  return { ok: true }
}

/** Writes `contents`, commits them as the bot with `message`, and lands the commit on the invocation's path. */
export async function land(
  run: Run,
  round: Round,
  contents: Map<string, string>,
  message: string
): Promise<LandResult> {
  const result = await commitAndPush(run, contents, message, round.head)
  if (result.pushed) return { pushed: true, sha: result.sha, path: 'head', branch: run.pr.headRef }
  return result
}
