/**
 * A run that stops on a fact it gathered, or leaves the rest to another run: what it then says (seed 004: a loop that
 * cannot go on says why and what a person can do; nothing is lost, and nothing is posted it could not stand behind).
 * Each is a rule with no change to the ledger: the fact that stops the run changes nothing the loop recorded, so what
 * the run took so far is saved as it stands and the next run starts from there.
 */
import type { Invocation } from '../model.js'
import type { Said } from './next.js'

const CONTINUE = 'comment `/review-loop continue`'

/** A stacked landing on a fork's pull request cannot be carried out: the layer's pull request would target the fork. */
export function landingBlocked(inv: Invocation, pr: { fork: boolean }): string | undefined {
  if (inv.landing !== 'stacked' || !pr.fork) return undefined
  return "stacked landing cannot be used on a pull request from a fork: the layer's pull request would have to target the fork's branch, which this repository's token cannot open or push to. End this loop with `/review-loop stop`; a new push starts a fresh invocation, whose landing can then be answered `head` (or set `landing: head` in the workflow)."
}

/** The round's fixes cannot land on its landing path: the run stops, and the round stays ready to apply. */
export function cannotLand(why: string): Said {
  return { status: 'blocked', message: why }
}

/**
 * Another run still going saved this round's push ahead: it pushes, never this one, and the run after it has ended
 * records what it landed.
 */
export function pushLeftToOther(round: number, by: { run: string; attempt: number }): Said {
  return {
    status: 'continue',
    message: `Round ${round}'s fixes are being pushed by run ${by.run} (attempt ${by.attempt}), which saved the push ahead and is still going: this run leaves them to it, and the run after it has ended records them.`
  }
}

/**
 * The push was refused (not for a moved branch): nothing landed and nothing is lost, the round stays ready to apply and
 * the next run tries again. A refusal the landing itself explains is said as it is; any other asks for a token that
 * may push.
 */
export function pushRefused(
  branch: string,
  result: { reason: 'blocked' | 'refused' | string; detail: string }
): Said {
  return {
    status: 'blocked',
    message:
      result.reason === 'blocked'
        ? result.detail
        : `The fixes could not be pushed to ${branch}: ${result.detail}. Give the workflow a token that may push there (\`contents: write\`), then ${CONTINUE}; or end the loop with \`/review-loop stop\`.`
  }
}

/** A round too big for a `pull_request` run's save, the hand-over to a run on the default branch being what follows. */
export interface TooBig {
  round: number
  /** The ledger's compressed size. */
  size: number
  defaultBranch: string
}

/** The hand-over's dispatch was refused: nothing of the round was posted or saved, so the run stops and says so. */
export function handOverRefused(at: TooBig, error: string): Said {
  return {
    status: 'blocked',
    message: `Round ${at.round}'s result takes the ledger to ${at.size} characters compressed, more than the status comment can carry, so the round was to be handed to a run on ${at.defaultBranch}, but GitHub refused the dispatch: ${error}. Nothing of the round was posted or saved; once the dispatch is allowed, re-run this job or push.`
  }
}

/** The round was handed to a run on the default branch before any of its effects: that run reviews it again. */
export function handedOver(
  at: TooBig & { workflowFile: string; pr: number; saved?: number }
): Said {
  const what = at.saved
    ? `This run saved only what it took and posted before the round (revision ${at.saved}).`
    : 'This run saved nothing.'
  return {
    status: 'continue',
    message: `Round ${at.round}'s result takes the ledger to ${at.size} characters compressed, more than the status comment can carry, and what a pull_request run saves only pull_request runs can read; so before posting or pushing anything the round was handed to a run on ${at.defaultBranch} (${at.workflowFile} with pr=${at.pr}), which reviews it again and whose saves every run can read. ${what}`
  }
}

/**
 * No loop has started, but the run wrote (a reply, a reaction to a command it could not take): it is never `ignored`,
 * it says what it did and what would start the loop.
 */
export function nothingStarted(taken: number, replies: number): Said {
  return {
    status: 'blocked',
    message: `No loop has started on this pull request, so nothing was recorded; this run took ${taken} command comment(s) (a writer's gets a reaction) and posted ${replies} repl${replies === 1 ? 'y' : 'ies'} saying what could not be taken. Comment \`/review-loop continue\` to start the loop.`
  }
}

/** Another run's save won the race: its state stands untouched, and this run is blocked with the store's words. */
export function lostSave(message: string): Said {
  return { status: 'blocked', message }
}

/** The next round cannot be asked for: no workflow file to dispatch, or GitHub refused the dispatch. The round stays owed. */
export function dispatchFailed(why: { workflowFile: false } | { error: string }): Said {
  return {
    status: 'blocked',
    message:
      'error' in why
        ? `${why.error}. The round is saved as owed; ${CONTINUE} to start it.`
        : `GITHUB_WORKFLOW_REF does not name a workflow file, so the next round cannot be dispatched; ${CONTINUE}.`
  }
}

/**
 * After a lost save, a fresh run on the default branch takes what this one took and lost: asked for when the next round
 * is dispatched, else left to a person's `continue`. Said after the lost save's words.
 */
export function redoAsked(
  asked: 'not-asked' | { workflowFile: string; branch: string } | { error: string }
): Said {
  if (asked === 'not-asked')
    return { addMessage: 'Comment `/review-loop continue` to have it taken now.' }
  if ('error' in asked)
    return { addMessage: `Asking for a fresh run failed (${asked.error}); ${CONTINUE}.` }
  return {
    addMessage: `A fresh run was asked for (${asked.workflowFile} on ${asked.branch}).`
  }
}

/**
 * The run failed (a git or API error, never read as an answer): it is blocked, and says where to read why (its log:
 * the failure's words may carry what a server or a command echoed, so they are not repeated on the pull request).
 */
export function failed(takenBack: boolean): Said {
  return {
    status: 'blocked',
    message: `This run failed; its log says what failed.${takenBack ? ' The round it had begun is reviewed again by the next run.' : ''} Re-run the job, or ${CONTINUE}.`
  }
}
