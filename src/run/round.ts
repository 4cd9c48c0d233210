/** One round's phases: Phase 0 when an invocation starts, review, verify, classify, gates, apply and landing. */
import * as core from '@actions/core'
import { digest } from '../ledger/codec.js'
import { CLASSIFY_READINGS_NOT_RUN, DRIVER_READINGS_NOT_RUN } from '../loop/classify.js'
import { landingGate, noReviewGate } from '../loop/gates.js'
import type { ReviewCycle, Round } from '../loop/model.js'
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
import { activeInvocation, lastRound } from './lifecycle.js'
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
import { trajectoryParagraph } from '../loop/guards.js'
import { diffHunks, postRoundReview } from './round-review.js'
import { settleCommittedSuggestions } from './committed.js'
import { stepEnvironment } from '../action/step-env.js'
import { answerSecrets, secretInputsOf } from '../action/secrets.js'
import { resolveGates } from './resolve-gates.js'
import { nextId, postGate, postGates } from './gate-post.js'
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
  const ledger = run.ledger
  const n = (ledger.invocations.at(-1)?.n ?? 0) + 1
  ledger.invocations.push({
    n,
    startedAt: run.world.now(),
    firstRound: ledger.counters.round + 1,
    base,
    baseRef: run.pr.baseRef,
    head,
    changedFiles: files,
    source,
    landing: run.settings.landing
  })
  ledger.owed = { reason: n === 1 ? 'first-pass' : 'after-author-push', head, requested: 'none' }
  core.info(`Phase 0: invocation ${n}, base ${base}, head ${head}, ${files.length} changed file(s)`)
  if (ask) await postGate(run, ask)
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
  const ledger = run.ledger
  const { head } = await ensureCheckout(run)
  const { files, map } = await changes(run, inv.base, head)
  const made = run.world.makeDriver(inv.source.name, {
    configured: !inv.source.designation.startsWith('switched')
  })
  inv.driver ??= { label: made.label, why: made.why }
  const driver = made.driver
  const found = await harvestAt(run, inv.base, head, files, map)
  const intent = composeIntent(found, ledger.decisions)
  const n = ++ledger.counters.round
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
  const round: Round = {
    n,
    invocation: inv.n,
    cycle,
    base: inv.base,
    head,
    requestHash: digest(JSON.stringify(request)),
    source: inv.source.name,
    startedAt: run.world.now(),
    review: 'no-review',
    malformed: [],
    findings: [],
    intent: harvestRecord(found, intent, run.config.origin),
    entries: [],
    // With a driver every reading runs (a failed call adds itself). Without a goal there is nothing to read the
    // artifact against: said once, not listed as a reading not run.
    readingsNotRun: driver
      ? [...DRIVER_READINGS_NOT_RUN]
      : READINGS_NOT_RUN.filter(
          r => found.goal !== null || found.failed !== undefined || r !== 'goal reading'
        ),
    phase: 'no-review'
  }
  ledger.rounds.push(round)
  if (ledger.owed?.note) (round.notes ??= []).push(ledger.owed.note)
  if (cycle === 'after-author-push') await settleCommittedSuggestions(run, round)
  delete ledger.owed
  // The owed round is done here: a dispatch this run meant to ask for it (a push it took up) would start it twice.
  run.requestNextRound = false
  let source: ReviewSource | undefined
  let outcome: ReviewOutcome
  try {
    source = run.world.makeSource(inv.source.name, run.env.workspace, {
      configured: !inv.source.designation.startsWith('switched')
    })
    core.startGroup(`Round ${n}: review by ${source.name}`)
    outcome = redactOutcome(await source.review(request), secretsOf(run))
    core.endGroup()
  } catch (error) {
    outcome = {
      kind: 'no-review',
      cause: `the ${inv.source.name} source could not run: ${errorMessage(error)}`,
      returned: ''
    }
  }
  if (outcome.kind === 'no-review') {
    round.call = `no verdict: ${outcome.cause}`
    round.returned = outcome.returned.slice(0, 20_000)
    const others = await otherUsableSources(run, inv.source.name)
    await postGate(run, noReviewGate(nextId(run, 'gate'), n, outcome.cause, others))
    run.status = 'no-review'
    run.message = outcome.cause
    return
  }
  round.review = 'reviewed'
  round.verdict = outcome.verdict
  round.exercised = outcome.exercised
  if (outcome.direction && outcome.verdict === 'needs-attention')
    round.direction = outcome.direction
  if (outcome.call) round.call = outcome.call
  if (outcome.unmapped) round.unmapped = outcome.unmapped.slice(0, 20_000)
  run.verdict = outcome.verdict
  if (outcome.unreviewed) round.unreviewed = outcome.unreviewed
  // Seed 000's validity gate, once, in the same round; what is still short is downgraded or kept as malformed.
  const { surfaced, malformed, notes } = source
    ? await correctOnce(run, source, request, outcome, secretsOf(run))
    : { surfaced: outcome.findings, malformed: [], notes: undefined }
  round.malformed = malformed
  if (notes) (round.notes ??= []).push(...notes)
  const gates = await judge({
    run,
    inv,
    round,
    request,
    map,
    harvest: found,
    surfaced,
    driver,
    ...(round.direction ? { direction: round.direction } : {}),
    nextGate: () => nextId(run, 'gate'),
    nextFinding: () => nextId(run, 'finding')
  })
  await readWriteTier(run, inv, round)
  // Rule 11: a rise prompts the split by provenance; a question about the pre-existing side shows it.
  const trajectory = readTrajectory(run, round)
  if (trajectory) {
    const side = new Set([...trajectory.preExisting, ...trajectory.indeterminate])
    for (const gate of gates)
      if (gate.findings.some(id => side.has(id)))
        gate.analysis += `\n\n${trajectoryParagraph(trajectory)}`
  }
  const toLand = approvedFixes(run, round)
  // A question the author's push left waiting that this review still finds is this round's too (held-gates.ts).
  const standing = run.ledger.gates.filter(g => g.round === n)
  const mayApply = [...gates, ...standing.filter(g => g.status === 'open')].some(g =>
    g.options.some(o => o.key === 'apply' || o.key === 'local')
  )
  const toAsk = toLand.map(f => f.id)
  if (await settleHeldLanding(run, inv, round, toAsk, toLand.length > 0 || mayApply)) {
    gates.push(landingGate(nextId(run, 'gate'), n, toAsk))
  }
  if (gates.length > 0) {
    run.ledger.gates.push(...gates)
    round.phase = 'gated'
  }
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
  if (run.ledger.gates.some(g => g.round === n && g.status === 'open')) {
    round.phase = 'gated'
    run.status = 'awaiting-decision'
  } else {
    // Nothing waits: answers already given to the questions that stand are acted on, then the round applies.
    resolveGates(run, round)
    round.phase = 'applying'
    await finishRound(run, round)
    await postRoundReview(run, round)
    await askIfStalled(run, activeInvocation(run))
  }
}

/** The round the loop is in, if it waits on gates or has answered gates to act on. */
export function openRound(run: Run): Round | undefined {
  const r = lastRound(run)
  return r && (r.phase === 'gated' || r.phase === 'applying' || r.phase === 'no-review')
    ? r
    : undefined
}
