/**
 * Write-ahead (issue 14, item 5): before an outward effect a run saves the ledger with what it is about to do
 * (`Ledger.intent`), so the run after one stopped between the effect and its final save can tell the loop's own effects
 * from anyone else's. Pure rules: what counts as the loop's commit, what a recorded push became, which orphan gate
 * comments a recorded intent adopts.
 */

/**
 * The trailer the loop's fix commit ends with, naming the round whose fixes it carries. Never the findings: a CLI source
 * reads the branch's history, and nothing of a finding (its ID included) may travel to a later review (conveyance,
 * src/loop/conveyance.ts); the findings a push applies are in the revision saved ahead of it.
 */
export const ROUND_TRAILER = 'Review-loop-round'

/** A commit message with the trailer appended as git expects it: one paragraph, the message's last. */
export function withTrailers(message: string, round: number): string {
  return `${message.trimEnd()}\n\n${ROUND_TRAILER}: ${round}\n`
}

/**
 * The round a commit message's trailer claims, when it has the loop's trailer; anyone can write it. The message is the
 * PR author's text: read in linear time (`trimEnd`, not `/\s+$/`, which backtracks over every run of blanks).
 */
export function readTrailers(message: string): { round: number } | undefined {
  const last =
    message
      .trimEnd()
      .split(/\n\s*\n/)
      .at(-1) ?? ''
  const round = new RegExp(`^${ROUND_TRAILER}: (\\d+)$`, 'm').exec(last)
  return round ? { round: Number(round[1]) } : undefined
}

/** A push a run recorded before making it. */
export interface PushIntent {
  sha: string
  branch: string
  expected: string
  round: number
  findings: string[]
}

/**
 * Whether a commit is the loop's own. Its trailer alone never makes it so: the PR's author can write the same ones. A
 * commit is the loop's when a saved revision names its exact SHA (pushed and recorded, or recorded ahead of the push);
 * the loop writes its commits through plumbing, so it knows the SHA before the push, and nobody else can make a commit
 * with that SHA other than that very commit.
 */
export function loopCommit(
  commit: { sha: string; message?: string },
  saved: { ownPushes: readonly string[]; push?: PushIntent }
): { own: true; by: 'recorded' | 'write-ahead' } | { own: false; claimed: boolean; why: string } {
  if (saved.ownPushes.includes(commit.sha)) return { own: true, by: 'recorded' }
  if (saved.push?.sha === commit.sha) return { own: true, by: 'write-ahead' }
  const claims = commit.message === undefined ? undefined : readTrailers(commit.message)
  if (claims) {
    return {
      own: false,
      claimed: true,
      why: `it carries the loop's trailer (round ${claims.round}), but no revision the action saved names its SHA, so they were written by someone else`
    }
  }
  return { own: false, claimed: false, why: 'no revision the action saved names it' }
}

/**
 * What became of a push recorded ahead, from where its branch stands now: `landed` when the branch is at the commit or
 * holds it (the author may have pushed on top since), `not-pushed` when the branch is still where it was before the
 * push (the run stopped first: the round is applied again), `lost` otherwise (the branch moved elsewhere: the push was
 * refused or overwritten, and the new head is the author's). A push that was to create its branch (a new stacked
 * layer's, `creates`) was not pushed while the branch is not there.
 */
export function pushOutcome(
  intent: PushIntent,
  branch: { sha: string | undefined; holds: boolean; creates?: boolean }
): 'landed' | 'not-pushed' | 'lost' {
  if (branch.sha === intent.sha || branch.holds) return 'landed'
  if (branch.sha === intent.expected) return 'not-pushed'
  if (branch.sha === undefined && branch.creates) return 'not-pushed'
  return 'lost'
}

/** A comment as the adoption rules read it. */
export interface PostedComment {
  id: number
  login: string
  body: string
}

const GATE_HEADING = /^### G(\d+):/

/**
 * Which gate comments a recorded intent adopts: comments by the action's login, known to no gate and no record of the
 * ledger, whose heading names a gate the intent was about to post (a gate's own comment, `### G<n>:`, or a list
 * comment, `<list heading> G<a>–G<b> `). Only gates the saved revision holds are adopted, so a comment's words can
 * never add a question; `missing` are the intended gates no comment was found for (the run stopped before posting).
 */
export function adoptGates(input: {
  intended: readonly string[]
  comments: readonly PostedComment[]
  identity: string
  known: ReadonlySet<number>
  listHeading: string
}): { adopted: { gate: string; comment: number }[]; missing: string[] } {
  const want = new Set(input.intended)
  const adopted: { gate: string; comment: number }[] = []
  const list = new RegExp(`^${escape(input.listHeading)} G(\\d+)–G(\\d+) `)
  for (const c of input.comments) {
    if (c.login !== input.identity || input.known.has(c.id)) continue
    const own = GATE_HEADING.exec(c.body)
    const range = own ? undefined : list.exec(c.body)
    const [from, to] = own
      ? [Number(own[1]), Number(own[1])]
      : range
        ? [Number(range[1]), Number(range[2])]
        : [1, 0]
    // Over the intended gates, not the range: a comment's numbers never make the loop count far.
    for (const gate of want) {
      const n = Number(gate.slice(1))
      if (n < from || n > to || adopted.some(a => a.gate === gate)) continue
      adopted.push({ gate, comment: c.id })
    }
  }
  const taken = new Set(adopted.map(a => a.gate))
  return { adopted, missing: input.intended.filter(g => !taken.has(g)) }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The replies a run that lost its save posted (issue 14, item 6): the comments it recorded as its own that were not on
 * the PR when it started, other than the status comment and gate comments (a run posts a gate only after winning its
 * save ahead). They stay on the PR, marked as not recorded.
 */
export function lostReplies(input: {
  own: readonly number[]
  seenAtStart: ReadonlySet<number>
  statusComment?: number
  gateComments: ReadonlySet<number>
}): number[] {
  return input.own.filter(
    id => !input.seenAtStart.has(id) && id !== input.statusComment && !input.gateComments.has(id)
  )
}

/** What a lost run's reply is prefixed with. */
export const NOT_RECORDED =
  '> **Not recorded.** The run that posted this lost its save to another run that saved first: what that run recorded stands, and a command it has not taken is taken by the next run, which answers it itself.'
