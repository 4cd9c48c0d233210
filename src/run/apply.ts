/** Phase 4 and landing: the approved fixes are written, checked, and landed; or the round converges when nothing lands. */
import { convergenceOf, residualsOf } from '../loop/convergence.js'
import { fixCommitMessage } from '../loop/conveyance.js'
import type { Finding, Round } from '../loop/model.js'
import { attemptOf, pushedByOther } from '../loop/take-up.js'
import type { Run } from './context.js'
import { statusCommentUrl } from './conversation.js'
import { deliverUnpushable, landingNote } from './deliver.js'
import { land, landingReady } from './landing.js'
import { activeInvocation, converge } from './lifecycle.js'
import { ensureCheckout } from './repo.js'
import { writePass, type WriteTools } from './write-pass.js'
import { nextId, postGates } from './gate-post.js'
import { writeAhead } from './write-ahead.js'

/** Phase 4 and landing: writes the round's approved fixes, commits, pushes fast-forward only; or converges when nothing lands. */
export async function finishRound(run: Run, round: Round): Promise<void> {
  const inv = activeInvocation(run)!
  const approved = approvedFixes(run, round)
  if (approved.length === 0) {
    round.phase = 'closed'
    if (round.review === 'reviewed') closeRound(run, round)
    return
  }
  const ready = landingReady(inv, run.pr)
  if (!ready.ok) {
    run.status = 'blocked'
    run.message = ready.message
    return
  }
  // Another run still going saved this round's push ahead (src/run/take-up.ts left it to it): it pushes, never this one.
  const pushing = pushedByOther(run.ledger.intent, attemptOf(run.env), round.n)
  if (pushing) {
    run.status = 'continue'
    run.message = `Round ${round.n}'s fixes are being pushed by run ${pushing.run} (attempt ${pushing.attempt}), which saved the push ahead and is still going: this run leaves them to it, and the run after it has ended records them.`
    return
  }
  await ensureCheckout(run)
  const made = run.world.makeDriver(inv.source.name, {
    configured: !inv.source.designation.startsWith('switched')
  })
  const tools: WriteTools = {
    ...(made.driver ? { driver: made.driver } : {}),
    ...(made.writer ? { writer: made.writer } : {}),
    tier: inv.writeTier?.tier ?? 'writer'
  }
  const written = await writePass(run, round, approved, tools, () => nextId(run, 'gate'))
  if (written.kind === 'gated') {
    // The screen stopped a fix: nothing lands until a person answers; the round waits as a gated one. Its gates are
    // saved ahead of their comments once, together (each save ahead is a cache entry), and posted within the bound.
    run.ledger.gates.push(...written.gates)
    syncEntries(run, round)
    for (const e of round.entries)
      if (written.gates.some(g => g.findings.includes(e.finding))) e.slot = 'gated'
    round.phase = 'gated'
    await writeAhead(run, { gates: written.gates.map(g => g.id) })
    await postGates(run, written.gates)
    run.status = 'awaiting-decision'
    return
  }
  const pass = written.pass
  const toPush = new Set(await deliverUnpushable(run, round, pass))
  const landed = run.ledger.findings.filter(f => toPush.has(f.id))
  if (landed.length === 0) {
    syncEntries(run, round)
    round.phase = 'closed'
    closeRound(run, round)
    return
  }
  // A CLI source reads the branch's history: the message says whose commit it is and where the trace is, nothing more.
  const message = fixCommitMessage(round.n, await statusCommentUrl(run))
  const result = await land(
    run,
    round,
    pass.contents,
    message,
    landed.map(f => f.id)
  )
  if (!result.pushed && result.reason !== 'moved') {
    // Nothing was landed and nothing is lost: the round stays ready to apply and the next run tries again.
    run.status = 'blocked'
    run.message =
      result.reason === 'blocked'
        ? result.detail
        : `The fixes could not be pushed to ${run.pr.headRef}: ${result.detail}. Give the workflow a token that may push there (\`contents: write\`), then comment \`/review-loop continue\`; or end the loop with \`/review-loop stop\`.`
    return
  }
  if (!result.pushed) {
    for (const f of landed) f.outcome = { kind: 'carried', reason: `not landed: ${result.detail}` }
    round.phase = 'superseded'
    syncEntries(run, round)
    run.status = 'continue'
    run.message = `The fixes were not pushed: ${result.detail}. The next round reviews the branch as it now stands.`
    run.ledger.owed = {
      reason: 'after-author-push',
      head: result.remoteSha ?? round.head,
      requested: 'push'
    }
    return
  }
  recordLanded(run, round, landed, result)
}

/**
 * Records a fix commit on its branch: its findings applied, the round landed, the next round owed. Also how the next
 * run records the push of a run stopped before it saved (src/run/take-up.ts).
 */
export function recordLanded(
  run: Run,
  round: Round,
  landed: Finding[],
  result: { sha: string; path: 'head' | 'stacked'; branch: string; note?: string }
): void {
  for (const f of landed) f.outcome = { kind: 'applied', commit: result.sha }
  syncEntries(run, round)
  if (!run.ledger.ownPushes.includes(result.sha)) run.ledger.ownPushes.push(result.sha)
  // What the landing itself says (a stacked layer's pull request), and whether this push starts CI on the PR.
  const note = [result.note, landingNote(run)].filter(Boolean).join('; ')
  round.landing = {
    path: result.path,
    commit: result.sha,
    branch: result.branch,
    ...(note ? { note } : {})
  }
  round.phase = 'landed'
  run.ledger.owed = { reason: 'after-fixes', head: result.sha, requested: run.settings.nextRound }
  run.requestNextRound = run.settings.nextRound === 'dispatch'
  run.status = 'continue'
}

/**
 * A round that landed nothing: it converges on the arm it meets, with the invocation's residuals; otherwise the full
 * re-review convergence owes is asked for (same head, never withheld), with why no arm was met on its trace.
 */
function closeRound(run: Run, round: Round): void {
  const inv = activeInvocation(run)!
  const reading = convergenceOf(run.ledger, inv, round)
  if (reading.converged) {
    converge(run, round, reading.words, residualsOf(run.ledger, inv))
    return
  }
  if (reading.owes === 'verdict') return
  const why = `round ${round.n} did not converge: ${reading.why}`
  run.ledger.owed = {
    reason: 'after-fixes',
    head: round.head,
    requested: run.settings.nextRound === 'dispatch' ? 'dispatch' : 'none',
    note: why,
    forConvergence: reading.why
  }
  run.requestNextRound = run.settings.nextRound === 'dispatch'
  run.status = 'continue'
  run.message = `${why}.`
}

/** The round's fixes cleared to land: Mechanical ones, and those a person chose to apply. */
export function approvedFixes(run: Run, round: Round): Finding[] {
  return run.ledger.findings.filter(
    f =>
      round.findings.includes(f.id) &&
      f.outcome.kind === 'pending' &&
      f.fix !== undefined &&
      (f.class === 'mechanical' || approvedAtGate(run, f))
  )
}

function approvedAtGate(run: Run, f: Finding): boolean {
  const gate = run.ledger.gates.find(g => g.id === f.gate)
  return gate?.answer?.option === 'apply' || gate?.answer?.option === 'local'
}

/** Makes the round's trace entries show their findings' outcomes (and the predicate an applied one instantiated). */
export function syncEntries(run: Run, round: Round): void {
  for (const e of round.entries) {
    const f = run.ledger.findings.find(x => x.id === e.finding)!
    e.outcome = f.outcome
    if (f.outcome.kind === 'applied' && f.predicate) e.predicate = f.predicate
  }
}
