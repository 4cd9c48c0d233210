/** One round's phases: Phase 0 when an invocation starts, review, verify, classify, gates, apply and landing. */
import * as core from '@actions/core'
import { digest } from '../ledger/codec.js'
import { CLASSIFY_READINGS_NOT_RUN, DRIVER_READINGS_NOT_RUN } from '../loop/classify.js'
import type { Gate, Invocation, ReviewCycle, Round } from '../loop/model.js'
import {
  afterAsking,
  askRound,
  beginRound,
  noVerdict,
  openInvocation,
  recordVerdict
} from '../loop/machine/round.js'
import { commit } from './commit.js'
import { perform } from './perform.js'
import { VERIFY_READINGS_NOT_RUN } from '../loop/verify.js'
import {
  PROTOCOL,
  type Evidence,
  type ReviewRequest,
  type ReviewOutcome,
  type ReviewSource
} from '../sources/types.js'
import { redactOutcome } from '../sources/redact.js'
import type { Run } from './context.js'
import { isCommentRun } from '../action/event.js'
import { handOffBeforeEffects, keepBeforeRound, writeAhead } from './write-ahead.js'
import { activeInvocation } from './lifecycle.js'
import {
  changes,
  ensureCheckout,
  ensureHistory,
  mergeBase,
  repoGit,
  worktreeWritten
} from './repo.js'
import { correctOnce } from './correction.js'
import { composeIntent, harvestRecord } from '../intent/bundle.js'
import { harvest } from '../intent/harvest.js'
import type { Harvest } from '../intent/types.js'
import type { ChangeMap } from '../loop/change.js'
import { designateAtPhase0, otherUsableSources } from './designation.js'
import { judge } from './judge.js'
import { settleHeldLanding } from './held-gates.js'
import { approvedFixes, finishRound } from './apply.js'
import { readWriteTier } from './tier.js'
import { askIfStalled, readTrajectory } from './guards.js'
import { diffHunks, postRoundReview } from './round-review.js'
import { settleCommittedSuggestions } from './committed.js'
import { stepEnvironment } from '../action/step-env.js'
import { nextId, postGates } from './gate-post.js'
import { answerSecrets, secretInputsOf } from '../action/secrets.js'
import { errorMessage } from '../shared/errors.js'

/** What is still missing from the loop without a driver, named on every round's trace. */
export const READINGS_NOT_RUN = [...VERIFY_READINGS_NOT_RUN, ...CLASSIFY_READINGS_NOT_RUN]

/** Phase 0: captures base, head and changed files, records the source designation, and opens the invocation. */
export async function startInvocation(run: Run): Promise<void> {
  const { source, ask } = await designateAtPhase0(run, () => nextId(run, 'gate'))
  // The diff needs only the history: the work tree is written meanwhile, and waited for before the ledger changes.
  const { head, baseTip } = await ensureHistory(run)
  const base = await mergeBase(run, baseTip, head)
  const { files } = await changes(run, base, head)
  await worktreeWritten(run)
  const phase0 = {
    base,
    baseRef: run.pr.baseRef,
    head,
    changedFiles: files,
    source,
    landing: run.settings.landing,
    now: run.world.now(),
    ...(ask ? { ask } : {})
  }
  const n = await perform(run, openInvocation(run.ledger, phase0))
  core.info(`Phase 0: invocation ${n}, base ${base}, head ${head}, ${files.length} changed file(s)`)
}

/** Whether the owed review may run in this run (with `next-round: none`, fixes wait for a push, dispatch or `continue`). */
export function reviewMayRunNow(run: Run): boolean {
  const owed = run.ledger.owed
  if (!owed) return false
  if (owed.reason !== 'after-fixes' || owed.requested !== 'none') return true
  return !isCommentRun(run.trigger) || run.continueAsked
}

/**
 * The design-intent harvest for the changed surface as it stands at `head`, re-run before every review (fixes can grow
 * the surface). A harvest that fails leaves the bundle without repository pointers and says why; it never stops the
 * review.
 */
async function harvestAt(
  run: Run,
  base: string,
  head: string,
  files: string[],
  map: ChangeMap
): Promise<Harvest> {
  try {
    return await harvest({ git: repoGit(run), base, head, files, changes: map, config: run.config })
  } catch (error) {
    core.warning(`The design-intent harvest failed: ${errorMessage(error)}`)
    return {
      rules: [],
      designComments: [],
      goal: null,
      authority: null,
      notes: [],
      failed: `The harvest failed (${errorMessage(error)}): the request carries no repository pointers, and whether the project states a goal or an order of authority is unknown this round.`
    }
  }
}

/** Every secret value this run holds: none may reach a comment, the summary or the ledger through a source's text. */
function secretsOf(run: Run): string[] {
  return answerSecrets(secretInputsOf(run.settings), stepEnvironment())
}

/** The head's check results; a token that may not read them leaves a note instead (never a failed round). */
async function evidence(run: Run, head: string): Promise<Evidence> {
  try {
    return { checks: await run.world.github.checks(head) }
  } catch (error) {
    core.warning(`Check results are not sent to the source: ${errorMessage(error)}`)
    return {
      checks: [],
      note: 'the check results could not be read (the token needs `checks: read`)'
    }
  }
}

/** Phase 1 through 3: one source call, then verify, classify, and the round's gates; then apply when nothing waits. */
export async function reviewRound(run: Run, cycle: ReviewCycle): Promise<void> {
  // What a hand-over saves when the run posted before its round (src/run/write-ahead.ts).
  keepBeforeRound(run)
  const inv = activeInvocation(run)!
  const begun = await beginReview(run, inv, cycle)
  const { round, request } = begun
  if (cycle === 'after-author-push') await settleCommittedSuggestions(run, round)
  const { source, outcome } = await callSource(run, inv, round.n, request)
  if (outcome.kind === 'no-review') {
    const others = await otherUsableSources(run, inv.source.name)
    const { cause, returned } = outcome
    await perform(run, noVerdict(run.ledger, { round: round.n, cause, returned, others }))
    return
  }
  commit(run, recordVerdict(run.ledger, { round: round.n, review: outcome }))
  run.verdict = outcome.verdict
  // Seed 000's validity gate, once, in the same round; what is still short is downgraded or kept as malformed.
  const { surfaced, malformed, notes } = source
    ? await correctOnce(run, source, request, outcome, secretsOf(run))
    : { surfaced: outcome.findings, malformed: [], notes: undefined }
  round.malformed = malformed
  if (notes) (round.notes ??= []).push(...notes)
  const drafted = await judge({
    run,
    inv,
    round,
    request,
    map: begun.map,
    harvest: begun.found,
    surfaced,
    driver: begun.driver,
    ...(round.direction ? { direction: round.direction } : {})
  })
  await readWriteTier(run, inv, round)
  const gates = await askQuestions(run, inv, round, drafted)
  await showRound(run, round, gates)
  // Nothing waits: answers already given to the questions that stand are acted on, then the round applies.
  if (!commit(run, afterAsking(run.ledger, round.n))) return
  await finishRound(run, round)
  await postRoundReview(run, round)
  await askIfStalled(run)
}

/** The checkout, the harvest and the request of the round owed; the round begun in the ledger. */
async function beginReview(run: Run, inv: Invocation, cycle: ReviewCycle) {
  const { head } = await ensureCheckout(run)
  const { files, map } = await changes(run, inv.base, head)
  const made = run.world.makeDriver(inv.source.name, {
    configured: !inv.source.designation.startsWith('switched')
  })
  inv.driver ??= { label: made.label, why: made.why }
  const driver = made.driver
  const found = await harvestAt(run, inv.base, head, files, map)
  const intent = composeIntent(found, run.ledger.decisions)
  const readingsNotRun = driver
    ? [...DRIVER_READINGS_NOT_RUN]
    : // With a driver every reading runs (a failed call adds itself). Without a goal there is nothing to read the
      // artifact against: said once, not listed as a reading not run.
      READINGS_NOT_RUN.filter(
        r => found.goal !== null || found.failed !== undefined || r !== 'goal reading'
      )
  const n = run.ledger.counters.round + 1
  run.round = n
  const request: ReviewRequest = {
    protocol: PROTOCOL,
    role: 'review',
    round: n,
    repository: run.env.workspace,
    base_sha: inv.base,
    head_sha: head,
    changed_files: files,
    intent,
    evidence: await evidence(run, head),
    depth: run.settings.depth
  }
  // The review this round takes: owed again if the run fails before the round shows anything (src/run/interrupt.ts).
  const owed = structuredClone(run.ledger.owed)
  const begun = commit(
    run,
    beginRound(run.ledger, {
      cycle,
      head,
      requestHash: digest(JSON.stringify(request)),
      source: inv.source.name,
      now: run.world.now(),
      intent: harvestRecord(found, intent, run.config.origin),
      readingsNotRun
    })
  )
  if (owed) run.begun = { round: begun, owed }
  return { round: run.ledger.rounds.at(-1)!, request, map, found, driver }
}

/** The one source call of the round; a source that cannot run is a call without a verdict (Rule 13). */
async function callSource(
  run: Run,
  inv: Invocation,
  n: number,
  request: ReviewRequest
): Promise<{ source?: ReviewSource; outcome: ReviewOutcome }> {
  let source: ReviewSource | undefined
  try {
    source = run.world.makeSource(inv.source.name, run.env.workspace, {
      configured: !inv.source.designation.startsWith('switched')
    })
    core.startGroup(`Round ${n}: review by ${source.name}`)
    const outcome = redactOutcome(await source.review(request), secretsOf(run))
    core.endGroup()
    return { source, outcome }
  } catch (error) {
    const cause = `the ${inv.source.name} source could not run: ${errorMessage(error)}`
    return { ...(source ? { source } : {}), outcome: { kind: 'no-review', cause, returned: '' } }
  }
}

/** The round's questions (Rule 11's split shown where it applies, the landing question when a fix may land). */
async function askQuestions(
  run: Run,
  inv: Invocation,
  round: Round,
  drafted: Gate[]
): Promise<Gate[]> {
  const n = round.n
  // Rule 11: a rise prompts the split by provenance; a question about the pre-existing side shows it.
  const trajectory = readTrajectory(run, round)
  const toLand = approvedFixes(run, round)
  // A question the author's push left waiting that this review still finds is this round's too (held-gates.ts).
  const standing = run.ledger.gates.filter(g => g.round === n)
  const mayApply = [...drafted, ...standing.filter(g => g.status === 'open')].some(g =>
    g.options.some(o => o.key === 'apply' || o.key === 'local')
  )
  const toAsk = toLand.map(f => f.id)
  const askLanding = await settleHeldLanding(run, inv, round, toAsk, toLand.length > 0 || mayApply)
  const ids = commit(
    run,
    askRound(run.ledger, {
      round: n,
      gates: drafted,
      ...(trajectory ? { trajectory } : {}),
      ...(askLanding ? { landing: toAsk } : {})
    })
  )
  return ids.map(id => run.ledger.gates.find(g => g.id === id)!)
}

/** The round's result shown: its review on the diff and its questions, saved ahead of their comments. */
async function showRound(run: Run, round: Round, gates: Gate[]): Promise<void> {
  const standing = run.ledger.gates.filter(g => g.round === round.n && !gates.includes(g))
  // The round's result is in the ledger: where the round is done is decided now, before any of its outward effects (a
  // round that asks nothing and pushes nothing has no save ahead to decide it at), src/run/write-ahead.ts.
  await handOffBeforeEffects(run)
  // The round's findings on the diff (docs/review.md): before its questions, so each gate comment links its threads;
  // when nothing waits, after the apply, so one review carries the findings as they ended and a fork's suggestions.
  const waits = gates.length > 0 || standing.some(g => g.status === 'open')
  // Their place on the diff is read while the gates are saved ahead (nothing else uses the checkout meanwhile).
  if (waits && round.findings.length > 0) void diffHunks(run, round.base, round.head)
  // Saved ahead of the comments (src/run/write-ahead.ts): a run stopped after posting some leaves gates the next run
  // adopts under their own IDs, answerable at once, and posts the rest of.
  if (gates.length > 0) await writeAhead(run, { gates: gates.map(g => g.id) })
  if (waits) await postRoundReview(run, round, gates)
  await postGates(run, gates)
}
