/**
 * The round's findings on the diff (docs/review.md): one pull request review per round, placed by src/loop/diff-review.ts
 * and rendered by src/report/review-comment.ts, recorded on the findings (their threads) and the round (`onDiff`) so a
 * re-run never posts it twice; then the threads follow the loop (src/run/review-threads.ts). Whatever GitHub refuses
 * is a warning on the trace, never a failed round.
 */
import * as core from '@actions/core'
import type { ReviewComment, ThreadComment } from '../github/client.js'
import { neutraliseMarkers } from '../ledger/codec.js'
import {
  MAX_REVIEW_COMMENTS,
  parseHunks,
  planReview,
  type Anchor,
  type Hunks
} from '../loop/diff-review.js'
import type { Finding, Gate, Round } from '../loop/model.js'
import {
  renderReviewBody,
  renderReviewComment,
  roundMark,
  standingWords
} from '../report/review-comment.js'
import type { Run } from './context.js'
import { ensureCheckout, mergeBase, repoGit } from './repo.js'
import {
  followRound,
  gateLookup,
  listReviewComments,
  handOver,
  learnThreadIds,
  reask,
  resolveSettled,
  settleThreads,
  warn,
  type Replaced
} from './review-threads.js'
import { errorMessage } from '../shared/errors.js'

/**
 * The base of the diff GitHub shows for `head`: the merge-base with the base branch's tip now. After the author merges
 * the base branch in, that is later than the invocation's base, and a line the merge brought in is not on the diff
 * (GitHub refuses a review with a comment there, losing all its comments). Undefined when the checkout cannot say.
 */
async function shownBase(run: Run, head: string): Promise<string | undefined> {
  try {
    const { baseTip } = await ensureCheckout(run)
    return await mergeBase(run, baseTip, head)
  } catch (error) {
    core.warning(`The pull request's merge-base could not be read: ${errorMessage(error)}`)
    return undefined
  }
}

/** The hunks each run has read (or is reading), by `base..head`: the diff of a large pull request is read once. */
const readHunks = new WeakMap<Run, Map<string, Promise<Hunks>>>()

/**
 * Per head-side path, the line ranges the PR's diff shows (hunks with three lines of context, as GitHub shows them).
 * Read once per run and pair of commits; a round whose findings wait for answers starts the read once it has handed
 * nothing over (src/run/round.ts), so it goes on while the round saves its gates ahead. A read that failed is tried
 * again.
 */
export function diffHunks(run: Run, base: string, head: string): Promise<Hunks> {
  let known = readHunks.get(run)
  if (!known) readHunks.set(run, (known = new Map()))
  const key = `${base}..${head}`
  const had = known.get(key)
  if (had) return had
  const reading = (async () => {
    const from = await shownBase(run, head)
    // `base` when the merge-base could not be read: that answer is not kept, a later ask tries again.
    if (from === undefined) known.delete(key)
    return parseHunks(await repoGit(run).diffUnified(from ?? base, head, 3))
  })()
  known.set(key, reading)
  reading.catch(() => known.delete(key))
  return reading
}

/** Suggestions a fork's approved fixes become (src/run/deliver.ts): they ride in the round's review. */
export interface Suggestions {
  comments: ReviewComment[]
  /** The findings they are for: not given a plain comment besides. */
  findings: string[]
}

function reviewUrl(run: Run, id: number): string {
  return `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}/pull/${run.pr.number}#pullrequestreview-${id}`
}

function threadUrl(run: Run, comment: number): string {
  return `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}/pull/${run.pr.number}#discussion_r${comment}`
}

/** The finding a comment of the loop's is about: its body starts with the finding's ID in bold. */
function findingIdOf(body: string): string | undefined {
  return /^\*\*(F\d+)\*\*/.exec(body)?.[1]
}

/** Threads handed over this run, resolved by `postRoundReview` once the new comments are recorded. */
const replaced: Replaced[] = []

/** The gate a finding's comment asks to answer: an open one listing it. */
function askedAt(gate: Gate | undefined, finding: Finding): string | undefined {
  return gate?.status === 'open' && gate.findings.includes(finding.id) ? gate.id : undefined
}

/** Records the threads the round's review opened (or a re-run found it had opened), by the comments' bodies. */
function recordThreads(
  run: Run,
  comments: ThreadComment[],
  review: number,
  gateOf: (finding: Finding) => Gate | undefined
): Finding[] {
  const recorded: Finding[] = []
  for (const c of comments) {
    if (!run.ledger.ownReviewComments.includes(c.id)) run.ledger.ownReviewComments.push(c.id)
    const id = findingIdOf(c.body)
    const finding = id ? run.ledger.findings.find(f => f.id === id) : undefined
    if (!finding || c.line === undefined) continue
    // A finding given a new comment (a fork's suggestion after its first one): the earlier thread hands over to it.
    const earlier = finding.thread
    if (earlier && earlier.comment !== c.id && !earlier.resolved)
      replaced.push({ ...earlier, finding: finding.id, to: c.url || threadUrl(run, c.id) })
    // A reply in an earlier thread (moved, handed on) still answers the finding.
    const previous =
      earlier && earlier.comment !== c.id
        ? [...(earlier.previous ?? []), earlier.comment]
        : earlier?.previous
    const gate = askedAt(gateOf(finding), finding)
    finding.thread = {
      comment: c.id,
      review,
      path: c.path,
      line: c.line,
      ...(c.startLine !== undefined && c.startLine < c.line ? { startLine: c.startLine } : {}),
      url: c.url || threadUrl(run, c.id),
      resolved: false,
      ...(gate ? { gate } : {}),
      ...(previous?.length ? { previous } : {})
    }
    recorded.push(finding)
  }
  return recorded
}

/**
 * Posts the round's review, once: its findings on their lines (bounded), a fork's suggestions with them. Called again
 * for a round already posted, it posts only the suggestions given (a fork's fixes approved in a later run). Returns
 * the review's address, or why GitHub refused it.
 */
export async function postRoundReview(
  run: Run,
  round: Round,
  gates: Gate[] = [],
  suggestions?: Suggestions
): Promise<{ url?: string; failed?: string }> {
  if (round.review !== 'reviewed') return {}
  if (round.onDiff && !suggestions) return round.onDiff.url ? { url: round.onDiff.url } : {}
  const gateOf = gateLookup(run, gates)
  const first = round.onDiff === undefined
  const shown = new Set(suggestions?.findings ?? [])
  const findings = first
    ? run.ledger.findings.filter(f => round.findings.includes(f.id) && !shown.has(f.id))
    : []
  // Only findings are placed by the hunks: a round without any reads no second diff of the pull request.
  const hunks = findings.length > 0 ? await diffHunks(run, round.base, round.head) : new Map()
  const extra = suggestions?.comments ?? []
  const bound = Math.max(0, MAX_REVIEW_COMMENTS - extra.length)
  const plan = planReview(findings, gateOf, hunks, bound, round.n)
  const stale = new Map(plan.stale.map(f => [f.id, { ...f.thread! }]))
  const comments: ReviewComment[] = [
    ...plan.comments.map(p =>
      onDiff(p.finding, gateOf(p.finding), round.n, p.anchor, stale.get(p.finding.id)?.url)
    ),
    ...extra
  ]
  const adopted = first && comments.length > 0 ? await adoptPosted(run, round, gateOf) : undefined
  let posted: { id: number; url: string } | undefined = adopted
  if (!posted && comments.length > 0) {
    const body = renderReviewBody(
      round,
      { comments: plan.comments.length, suggestions: extra.length },
      plan.listed,
      plan.outside,
      f => standingWords(f, gateOf(f))
    )
    try {
      posted = await run.world.github.createReview(run.pr.number, {
        commitId: round.head,
        body: neutraliseMarkers(body),
        comments
      })
    } catch (error) {
      const why = errorMessage(error)
      warn(round, `the review of round ${round.n} was not posted on the diff: ${why}`)
      if (first) round.onDiff = { outside: plan.outside.map(f => f.id), listed: [], failed: why }
      return { failed: why }
    }
  }
  if (first) {
    round.onDiff = {
      ...(posted ? { review: posted.id, url: posted.url || reviewUrl(run, posted.id) } : {}),
      outside: plan.outside.map(f => f.id),
      listed: plan.listed.map(p => p.finding.id)
    }
  }
  try {
    const opened =
      posted && !adopted
        ? recordThreads(
            run,
            await run.world.github.reviewCommentsOf(run.pr.number, posted.id),
            posted.id,
            gateOf
          )
        : []
    // The threads' node IDs, read once now: a later run resolves or reopens them without asking again.
    await learnThreadIds(run, opened)
    if (first) await followRound(run, round, plan.reopen, plan.noted, plan.stale, stale, gateOf)
    if (first) await reask(run, round, plan.kept, gateOf, hunks)
    await resolveSettled(run, opened)
    await handOver(run, replaced.splice(0), new Set(plan.stale.map(f => f.id)))
  } catch (error) {
    warn(
      round,
      `the threads of round ${round.n}'s review could not be followed: ${errorMessage(error)}`
    )
  }
  return posted ? { url: posted.url || reviewUrl(run, posted.id) } : {}
}

/** One finding's comment on the diff, as posted. */
function onDiff(
  finding: Finding,
  gate: Gate | undefined,
  round: number,
  anchor: Anchor,
  movedFrom?: string
): ReviewComment {
  return {
    path: anchor.path,
    line: anchor.line,
    ...(anchor.startLine !== undefined ? { startLine: anchor.startLine } : {}),
    body: neutraliseMarkers(renderReviewComment(finding, gate, round, anchor, movedFrom))
  }
}

/**
 * A review this round already posted (a run stopped after posting it, before its save): found by the round's mark on
 * the comments the action wrote, and taken as posted.
 */
async function adoptPosted(
  run: Run,
  round: Round,
  gateOf: (finding: Finding) => Gate | undefined
): Promise<{ id: number; url: string } | undefined> {
  const all = await listReviewComments(run)
  if (!all) return undefined
  const mark = roundMark(round.n)
  const mine = all.filter(
    c =>
      c.inReplyTo === undefined &&
      c.login === run.identity &&
      c.body.endsWith(mark) &&
      c.reviewId !== undefined
  )
  if (mine.length === 0) return undefined
  const review = mine[0]!.reviewId!
  core.info(
    `Round ${round.n}'s review was posted by an earlier run (review ${review}): not posted again`
  )
  recordThreads(
    run,
    mine.filter(c => c.reviewId === review),
    review,
    gateOf
  )
  return { id: review, url: reviewUrl(run, review) }
}

/**
 * Follows the threads of findings dispositioned since (applied, dismissed, deferred, handed on, dropped): a one-line
 * reply saying so, then resolved; at most MAX_THREAD_UPDATES a run, the rest by the next run.
 */
export async function followThreads(run: Run): Promise<void> {
  // A round saved before its review was recorded (a run stopped in between, or its save written ahead): posted now,
  // or taken up when the stopped run had posted it (found by the round's mark), never posted twice.
  // Only in a running invocation: an ended loop's last round (a ledger older than the review) is left as it was.
  const last = run.ledger.rounds.at(-1)
  const running = run.ledger.invocations.find(i => i.n === last?.invocation)?.ended === undefined
  if (last?.review === 'reviewed' && !last.onDiff && last.head === run.pr.headSha && running) {
    try {
      await ensureCheckout(run)
      await postRoundReview(run, last)
    } catch (error) {
      warn(last, `the review of round ${last.n} could not be taken up: ${errorMessage(error)}`)
    }
  }
  await settleThreads(run)
}
