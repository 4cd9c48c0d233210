/**
 * The executor of `push-fixes` (src/loop/machine/effects.ts): the round's fix commit is made, saved ahead with its SHA
 * (src/run/write-ahead.ts, `intent.push`), then pushed fast-forward only. Saving ahead is the executor's, never the
 * caller's: a run stopped after the push and before its final save leaves a revision naming the commit, which the next
 * run knows as the loop's (src/run/take-up.ts), as a trailer alone could never prove (src/loop/write-ahead.ts). What
 * the result means is the transition's (src/loop/machine/apply.ts, `afterPush`).
 */
import type { PushFixes, Pushed } from '../loop/machine/effects.js'
import type { Run } from './context.js'
import { commitFiles, pushCommit } from './repo.js'
import { writeAhead } from './write-ahead.js'

/** Commits the fixes, saves the push ahead naming the commit, pushes it fast-forward only, and reports what it did. */
export async function pushFixes(run: Run, push: PushFixes): Promise<Pushed> {
  if (run.pr.fork) {
    return {
      pushed: false,
      reason: 'rejected',
      detail:
        "the pull request comes from a fork, and the workflow's token cannot push to a fork's branch"
    }
  }
  const { round, findings, branch, onto, expected } = push
  const sha = await commitFiles(run, push.contents, push.message)
  // A branch not there yet counts as standing at the commit it is cut from.
  await writeAhead(run, { push: { sha, branch, expected: expected ?? onto, round, findings } })
  return pushCommit(run, sha, branch, expected)
}
