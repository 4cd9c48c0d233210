/**
 * A round's findings on the pull request's diff (docs/review.md): which go on it and where, which are already there,
 * which came back to a resolved thread, which moved, and the bound on one review's comments. Pure: the diff's hunks,
 * the findings and their threads in, the plan out.
 */
import { replacementProblem } from './apply-text.js'
import type { Finding, Gate } from './model.js'
import { SEVERITIES } from './model.js'

/** The most comments one round's review carries; past it the findings are listed in the review's body. */
export const MAX_REVIEW_COMMENTS = 20

/** The most threads a run replies to and resolves (or reopens); the rest are followed by the next run. */
export const MAX_THREAD_UPDATES = 20

/** Per head-side path, the line ranges (1-based, inclusive) the pull request's diff shows. */
export type Hunks = Map<string, [number, number][]>

/** Where a comment sits on the head side: `startLine..line` of `path` (one line without `startLine`). */
export interface Anchor {
  path: string
  line: number
  startLine?: number
  /** The comment carries the finding's fix as a suggestion replacing exactly these lines. */
  suggestion?: boolean
}

/** What the round's review does with one finding. */
export type Placement =
  /** A comment of its own (a fresh thread, or the new place of one that moved, linking the old). */
  | { kind: 'comment'; finding: Finding; anchor: Anchor; moved: boolean }
  /** Past the bound: named in the review's body, with where it is. */
  | { kind: 'listed'; finding: Finding; anchor: Anchor; moved: boolean }
  /** Already on the diff at this very place and still open: not posted again. */
  | { kind: 'kept'; finding: Finding }
  /** Came back to its resolved thread at the same place: the thread is reopened with a reply. */
  | { kind: 'reopen'; finding: Finding }
  /** Its line is not in the diff's hunks: it stays in the status comment, which says so. */
  | { kind: 'outside'; finding: Finding }

/** The round's plan: placements in the order the review posts them. */
export interface ReviewPlan {
  comments: Extract<Placement, { kind: 'comment' }>[]
  listed: Extract<Placement, { kind: 'listed' }>[]
  kept: Finding[]
  reopen: Finding[]
  /** Came back this round but settled again at once (absorbed as settled policy): a reply, the thread stays resolved. */
  noted: Finding[]
  outside: Finding[]
  /** Findings whose old thread sits on a stale line: resolved, with a reply pointing to the new place. */
  stale: Finding[]
}

/**
 * The head-side ranges of each file's hunks in a unified diff (quoted, unusual paths are left out: no comment reaches
 * them). A hunk's lines are counted off its header, so a line of the file that reads as a header inside it (an added
 * `++ b/x` shows as `+++ b/x`) is never taken for one.
 */
export function parseHunks(diff: string): Hunks {
  const ranges: Hunks = new Map()
  let current: [number, number][] | undefined
  let oldLeft = 0
  let newLeft = 0
  // One line at a time, never `split`: the diff of a 5,000-file pull request is a million lines.
  for (let start = 0, end = 0; start < diff.length; start = end + 1) {
    end = diff.indexOf('\n', start)
    if (end < 0) end = diff.length
    const line = diff.slice(start, end)
    if (oldLeft > 0 || newLeft > 0) {
      // Inside a hunk: a line of the file, whatever it reads as (a line no hunk holds ends it: git miscounted).
      const mark = line.charAt(0)
      if (mark === '-' || mark === ' ' || mark === '') oldLeft--
      if (mark === '+' || mark === ' ' || mark === '') newLeft--
      if ('-+ \\'.includes(mark)) continue
      oldLeft = newLeft = 0
    }
    if (line.startsWith('diff --git ')) current = undefined
    else if (line.startsWith('+++ ')) {
      const file = line.startsWith('+++ b/') ? line.slice(6) : undefined
      current = file === undefined ? undefined : (ranges.get(file) ?? [])
      if (file !== undefined && current) ranges.set(file, current)
    } else if (current) {
      const hunk = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line)
      if (hunk) {
        const start = Number(hunk[2])
        const count = hunk[3] === undefined ? 1 : Number(hunk[3])
        oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1])
        newLeft = count
        if (count > 0) current.push([start, start + count - 1])
      }
    }
  }
  return ranges
}

/** Whether lines `start..end` of `path` lie in one hunk: GitHub takes a comment only there. */
export function inDiff(hunks: Hunks, path: string, start: number, end = start): boolean {
  return (hunks.get(path) ?? []).some(([a, b]) => start >= a && end <= b)
}

/**
 * The most characters a fix shown as a suggestion may hold: with the finding's words (at most 4,000, a little more once
 * inert) and the loop's lines it stays under GitHub's 65,536 for a comment body.
 */
export const MAX_SUGGESTION = 50_000

/**
 * Whether a finding's fix can be shown as a suggestion: it waits at an open gate, and its fix replaces one range of
 * lines that lies in one hunk (a suggestion replaces exactly the lines its comment sits on) with text the loop would
 * write itself.
 */
export function suggestible(finding: Finding, gate: Gate | undefined, hunks: Hunks): boolean {
  const fix = finding.fix
  return (
    fix !== undefined &&
    finding.outcome.kind === 'pending' &&
    gate?.status === 'open' &&
    gate.findings.includes(finding.id) &&
    inDiff(hunks, finding.file, fix.start_line, fix.end_line) &&
    showableAsSuggestion(fix.replacement)
  )
}

/** Whether a replacement may be shown as a suggestion to commit from the diff (a fork's held fix included). */
export function showableAsSuggestion(replacement: string): boolean {
  return (
    // A comment's HTML markers are broken before it is posted: such a suggestion would commit altered code.
    !/<!--|-->/.test(replacement) &&
    // Nor is one offered that the loop would never write (over the hard bound, whose comment GitHub refuses with the
    // whole review; a control character that makes code read otherwise than it runs).
    replacementProblem(replacement) === undefined &&
    // A comment GitHub refuses for its size would take the round's whole review with it.
    replacement.length <= MAX_SUGGESTION
  )
}

/**
 * Where a finding goes on the diff: on its fix's lines when the fix is shown as a suggestion, else on its own line;
 * undefined when that line is not in the diff.
 */
export function anchorOf(
  finding: Finding,
  gate: Gate | undefined,
  hunks: Hunks
): Anchor | undefined {
  if (suggestible(finding, gate, hunks)) {
    const { start_line: start, end_line: end } = finding.fix!
    return {
      path: finding.file,
      line: end,
      ...(start < end ? { startLine: start } : {}),
      suggestion: true
    }
  }
  return inDiff(hunks, finding.file, finding.line)
    ? { path: finding.file, line: finding.line }
    : undefined
}

/** Whether a thread sits where an anchor would put a new comment. */
function samePlace(thread: NonNullable<Finding['thread']>, anchor: Anchor): boolean {
  return (
    thread.path === anchor.path &&
    thread.line === anchor.line &&
    (thread.startLine ?? thread.line) === (anchor.startLine ?? anchor.line)
  )
}

/** Whether a finding still waits on the loop or a person (its thread stays open while it does). */
export function isOpen(finding: Finding): boolean {
  return (
    finding.outcome.kind === 'pending' ||
    (finding.outcome.kind === 'carried' && finding.outcome.loop === true)
  )
}

/** The order comments are given out under the bound: open before settled, graver first, then by ID. */
function rank(p: { finding: Finding }): [number, number, number] {
  return [
    isOpen(p.finding) ? 0 : 1,
    SEVERITIES.indexOf(p.finding.severity),
    Number(p.finding.id.slice(1))
  ]
}

function byRank(a: { finding: Finding }, b: { finding: Finding }): number {
  const [x, y] = [rank(a), rank(b)]
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
}

/**
 * The round's review: each finding the round surfaced placed by the round's diff. A finding with an open thread at the
 * same place is kept (not posted again); one whose resolved thread is at the same place is reopened (a return `round`
 * absorbed at once is only noted there); one whose place
 * moved gets a comment at the new place (its old thread is stale: resolved, pointing there); one off the diff stays in
 * the status comment (an old thread of it is stale too). At most `bound` comments, the rest listed, graver first.
 */
export function planReview(
  findings: Finding[],
  gateOf: (finding: Finding) => Gate | undefined,
  hunks: Hunks,
  bound = MAX_REVIEW_COMMENTS,
  round?: number
): ReviewPlan {
  const plan: ReviewPlan = {
    comments: [],
    listed: [],
    kept: [],
    reopen: [],
    noted: [],
    outside: [],
    stale: []
  }
  const fresh: { finding: Finding; anchor: Anchor; moved: boolean }[] = []
  for (const finding of findings) {
    const anchor = anchorOf(finding, gateOf(finding), hunks)
    const thread = finding.thread
    if (thread && anchor && samePlace(thread, anchor)) {
      if (!thread.resolved) plan.kept.push(finding)
      else if (isOpen(finding)) plan.reopen.push(finding)
      // A settled finding back at its resolved thread: nothing to reopen; a return is said in the thread.
      else if (round !== undefined && finding.returns?.some(r => r.round === round))
        plan.noted.push(finding)
      else plan.kept.push(finding)
      continue
    }
    if (thread) plan.stale.push(finding)
    if (!anchor) plan.outside.push(finding)
    else fresh.push({ finding, anchor, moved: thread !== undefined })
  }
  fresh.sort(byRank)
  for (const [i, p] of fresh.entries()) {
    if (i < bound) plan.comments.push({ kind: 'comment', ...p })
    else plan.listed.push({ kind: 'listed', ...p })
  }
  return plan
}

/** The resolves of one thread GitHub may refuse (a 403, a rate limit) before the loop gives up on it, with a note. */
export const MAX_RESOLVE_TRIES = 3

/**
 * The threads a run follows: dispositioned findings whose thread is still open, bounded. A thread whose resolve GitHub
 * refused MAX_RESOLVE_TRIES times is left as it is (the trace said so when the last try failed).
 */
export function threadsToSettle(findings: Finding[], bound = MAX_THREAD_UPDATES): Finding[] {
  return findings
    .filter(
      f =>
        f.thread &&
        !f.thread.resolved &&
        (f.thread.tries ?? 0) < MAX_RESOLVE_TRIES &&
        !isOpen(f) &&
        f.outcome.kind !== 'suggested'
    )
    .slice(0, bound)
}

/**
 * What following a settled finding's thread still takes: its one-line reply, unless the ledger says it is posted or the
 * action's own last reply in the thread is that very reply (a run stopped before saving it); then the resolve.
 * `mine` are the bodies of the action's replies in the thread, oldest first (undefined: not read).
 */
export function settleSteps(
  thread: NonNullable<Finding['thread']>,
  body: string,
  mine?: readonly string[]
): { reply: boolean; resolve: boolean } {
  const said = thread.replied === true || (mine !== undefined && mine.at(-1) === body)
  return { reply: !said, resolve: !thread.resolved }
}

/** The finding whose thread (its current one, or one it moved on from) starts with review comment `root`. */
export function findingOfThread(findings: readonly Finding[], root: number): Finding | undefined {
  return (
    findings.find(f => f.thread?.comment === root) ??
    findings.find(f => f.thread?.previous?.includes(root))
  )
}

/**
 * Whether a finding's comment already on the diff names another question than the one it now waits at (its gate was
 * superseded after the author's push and it is asked again under a new ID): its body is edited to the new gate.
 */
export function askedAgain(finding: Finding, gate: Gate | undefined): boolean {
  return (
    finding.thread !== undefined &&
    !finding.thread.resolved &&
    gate?.status === 'open' &&
    gate.findings.includes(finding.id) &&
    finding.thread.gate !== gate.id
  )
}
