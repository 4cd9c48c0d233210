/**
 * The threads of findings on the diff following the loop (docs/review.md): right after a round's review (settled ones
 * resolved, returns reopened, moved ones' old threads resolved pointing to the new place, comments asked again under a
 * new gate edited), and at the end of every run (each dispositioned finding's thread replied to once and resolved, a
 * refused resolve retried a few times). Whatever GitHub refuses is a warning on the trace, never a failed round.
 */
import * as core from '@actions/core'
import { GitHubError, type ThreadComment } from '../github/client.js'
import { neutraliseMarkers } from '../ledger/codec.js'
import {
  anchorOf,
  askedAgain,
  MAX_RESOLVE_TRIES,
  MAX_THREAD_UPDATES,
  isOpen,
  settleSteps,
  threadsToSettle,
  type Hunks
} from '../loop/diff-review.js'
import type { Finding, Gate, Round } from '../loop/model.js'
import {
  renderHandedOverReply,
  renderMovedReply,
  renderReturnReply,
  renderReviewComment,
  renderSettledReply
} from '../report/review-comment.js'
import type { Run } from './context.js'
import { errorMessage } from '../shared/errors.js'

/** The gate a finding waits at (an open one listing it first, among this round's gates not yet recorded too). */
export function gateLookup(run: Run, gates: Gate[]): (finding: Finding) => Gate | undefined {
  const all = [...gates, ...run.ledger.gates.filter(g => !gates.includes(g))]
  return finding =>
    all.find(g => g.status === 'open' && g.findings.includes(finding.id)) ??
    (finding.gate ? all.find(g => g.id === finding.gate) : undefined)
}

/** A warning on the log and on the round's trace. */
export function warn(round: Round, text: string): void {
  core.warning(text)
  ;(round.notes ??= []).push(text)
}

/** A thread a finding's new comment took over from, to be resolved pointing to it. */
export type Replaced = NonNullable<Finding['thread']> & { finding: string; to: string }

/** A reply in a thread, recorded as the action's own (never read as a command). */
async function reply(run: Run, comment: number, body: string): Promise<void> {
  const posted = await run.world.github.replyToReviewComment(run.pr.number, comment, body)
  run.ledger.ownReviewComments.push(posted.id)
}

/** Fills in the threads' node IDs (for resolve and unresolve): one GraphQL read. */
export async function learnThreadIds(run: Run, findings: Finding[]): Promise<void> {
  const missing = findings.filter(f => f.thread && f.thread.id === undefined)
  if (missing.length === 0) return
  const threads = await run.world.github.reviewThreads(run.pr.number)
  const byRoot = new Map(threads.map(t => [t.rootComment, t]))
  for (const f of missing) {
    const t = byRoot.get(f.thread!.comment)
    if (t) f.thread!.id = t.id
  }
}

/** Right after the review: findings already settled are resolved, returns reopened, stale threads resolved. */
export async function followRound(
  run: Run,
  round: Round,
  reopen: Finding[],
  noted: Finding[],
  stale: Finding[],
  old: Map<string, NonNullable<Finding['thread']>>,
  gateOf: (finding: Finding) => Gate | undefined
): Promise<void> {
  const github = run.world.github
  const pr = run.pr.number
  await learnThreadIds(run, reopen)
  // The old threads of moved findings: their node IDs from the same read.
  const threads = stale.length > 0 ? await github.reviewThreads(pr) : []
  let budget = MAX_THREAD_UPDATES
  for (const f of stale) {
    if (budget-- <= 0) break
    const was = old.get(f.id)!
    const moved = f.thread && f.thread.comment !== was.comment ? f.thread.url : undefined
    await reply(run, was.comment, neutraliseMarkers(renderMovedReply(f, round.n, moved)))
    const id = was.id ?? threads.find(t => t.rootComment === was.comment)?.id
    if (id && !was.resolved) await github.resolveThread(id)
    // Off the diff now: nothing of it stays on a stale line.
    if (f.thread?.comment === was.comment) delete f.thread
  }
  for (const f of noted) {
    if (budget-- <= 0) break
    await reply(
      run,
      f.thread!.comment,
      neutraliseMarkers(renderReturnReply(f, gateOf(f), round.n, false))
    )
  }
  for (const f of reopen) {
    if (budget-- <= 0) break
    await reply(run, f.thread!.comment, neutraliseMarkers(renderReturnReply(f, gateOf(f), round.n)))
    if (f.thread!.id) await github.unresolveThread(f.thread!.id)
    f.thread!.resolved = false
  }
}

/**
 * Comments already on the diff whose finding is asked again under a new gate (its gate superseded after the author's
 * push): each body is edited to say where it stands now and which gate to answer. The round's mark stays that of the
 * review it was posted in, so a re-run never takes it for this round's review.
 */
export async function reask(
  run: Run,
  round: Round,
  kept: Finding[],
  gateOf: (finding: Finding) => Gate | undefined,
  hunks: Hunks
): Promise<void> {
  for (const f of kept) {
    const gate = gateOf(f)
    const anchor = anchorOf(f, gate, hunks)
    if (!askedAgain(f, gate) || !anchor) continue
    const thread = f.thread!
    const posted = run.ledger.rounds.find(r => r.onDiff?.review === thread.review)?.n ?? round.n
    try {
      await run.world.github.editReviewComment(
        thread.comment,
        neutraliseMarkers(renderReviewComment(f, gate, posted, anchor))
      )
      thread.gate = gate!.id
    } catch (error) {
      warn(round, `${f.id}'s comment on the diff could not be edited: ${errorMessage(error)}`)
    }
  }
}

/** Earlier threads of findings that got a new comment: a reply pointing to it, then resolved. */
export async function handOver(
  run: Run,
  replaced: Replaced[],
  followed: Set<string>
): Promise<void> {
  // A moved finding's old thread is followed by followRound (its reply says where the finding went).
  const due = replaced.filter(t => !followed.has(t.finding))
  if (due.length === 0) return
  const threads = await run.world.github.reviewThreads(run.pr.number)
  for (const t of due) {
    await reply(run, t.comment, neutraliseMarkers(renderHandedOverReply(t.finding, t.to)))
    const id = t.id ?? threads.find(x => x.rootComment === t.comment)?.id
    if (id) await run.world.github.resolveThread(id)
  }
}

/** A finding the review shows already settled (dropped by verification, say) leaves no thread open. */
export async function resolveSettled(run: Run, opened: Finding[]): Promise<void> {
  const settled = opened.filter(f => !isOpen(f) && f.outcome.kind !== 'suggested')
  await learnThreadIds(run, settled)
  for (const f of settled) {
    if (!f.thread?.id) continue
    await run.world.github.resolveThread(f.thread.id)
    f.thread.resolved = true
  }
}

/**
 * Follows the threads of findings dispositioned since (applied, dismissed, deferred, handed on, dropped): a one-line
 * reply saying so, then resolved; at most MAX_THREAD_UPDATES a run, the rest by the next run.
 */
export async function settleThreads(run: Run): Promise<void> {
  const due = threadsToSettle(run.ledger.findings)
  if (due.length === 0) return
  const gateOf = gateLookup(run, [])
  const round = run.ledger.rounds.at(-1)!
  try {
    await learnThreadIds(run, due)
  } catch (error) {
    warn(round, `the threads on the diff could not be read: ${errorMessage(error)}`)
  }
  const mine = await ownReplies(run, due)
  for (const f of due) {
    const thread = f.thread!
    const body = neutraliseMarkers(renderSettledReply(f, gateOf(f)))
    const steps = settleSteps(thread, body, mine?.get(thread.comment))
    try {
      if (steps.reply) await reply(run, thread.comment, body)
      // Recorded before the resolve: a refused resolve is retried by the next run, the reply never posted again.
      thread.replied = true
      if (!thread.id) throw new Error("the thread's node ID is not known")
      await run.world.github.resolveThread(thread.id)
      thread.resolved = true
    } catch (error) {
      const why = errorMessage(error)
      // A thread GitHub no longer has (deleted, or its line gone) is not tried again by every run.
      const status = error instanceof GitHubError ? error.status : undefined
      if (status === 404 || status === 422) thread.resolved = true
      else if (thread.replied) thread.tries = (thread.tries ?? 0) + 1
      const last = !thread.resolved && (thread.tries ?? 0) >= MAX_RESOLVE_TRIES
      warn(
        round,
        last
          ? `${f.id}'s thread on the diff could not be resolved after ${MAX_RESOLVE_TRIES} tries (${why}): left open; resolve it on the Files changed tab`
          : `${f.id}'s thread on the diff could not be followed: ${why}`
      )
    }
  }
}

/**
 * The action's own replies in the threads about to get a disposition reply not yet recorded as posted (a run stopped
 * after posting one, before its save), by thread: undefined when none is due or GitHub will not list them.
 */
async function ownReplies(run: Run, due: Finding[]): Promise<Map<number, string[]> | undefined> {
  const roots = new Set(due.filter(f => !f.thread!.replied).map(f => f.thread!.comment))
  if (roots.size === 0) return undefined
  const all = await listReviewComments(run)
  if (!all) return undefined
  const mine = new Map<number, string[]>()
  for (const c of [...all].sort((a, b) => a.id - b.id)) {
    if (c.inReplyTo === undefined || !roots.has(c.inReplyTo) || c.login !== run.identity) continue
    if (!run.ledger.ownReviewComments.includes(c.id)) run.ledger.ownReviewComments.push(c.id)
    mine.set(c.inReplyTo, [...(mine.get(c.inReplyTo) ?? []), c.body])
  }
  return mine
}

/** The pull request's review comments; undefined, with a warning, when GitHub will not list them. */
export async function listReviewComments(run: Run): Promise<ThreadComment[] | undefined> {
  try {
    return await run.world.github.reviewComments(run.pr.number)
  } catch (error) {
    core.warning(`Could not list the pull request's review comments: ${errorMessage(error)}`)
    return undefined
  }
}
