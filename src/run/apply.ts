/** Phase 4 and landing: the approved fixes are written, checked, and landed; or the round converges when nothing lands. */
import { fixCommitMessage } from '../loop/conveyance.js'
import * as machine from '../loop/machine/apply.js'
import { cannotLand, landingBlocked, pushLeftToOther } from '../loop/machine/stops.js'
import type { Finding, Round } from '../loop/model.js'
import { attemptOf, pushedByOther } from '../loop/take-up.js'
import type { Run } from './context.js'
import { statusCommentUrl } from './conversation.js'
import { deliverUnpushable, landingNote } from './deliver.js'
import { land } from './landing.js'
import { activeInvocation } from './lifecycle.js'
import { commit, tell } from './commit.js'
import { perform } from './perform.js'
import { ensureCheckout } from './repo.js'
import { writePass, type WriteTools } from './write-pass.js'
import { nextId } from './gate-post.js'

/** Phase 4 and landing: writes the round's approved fixes, commits, pushes fast-forward only; or converges when nothing lands. */
export async function finishRound(run: Run, round: Round): Promise<void> {
  const inv = activeInvocation(run)!
  const approved = approvedFixes(run, round)
  const at = { round: round.n, nextRound: run.settings.nextRound, now: run.world.now() }
  if (approved.length === 0) return commit(run, machine.closeRound(run.ledger, at))
  const blocked = landingBlocked(inv, run.pr)
  if (blocked) return tell(run, cannotLand(blocked))
  // Another run still going saved this round's push ahead (src/run/take-up.ts left it to it): it pushes, never this one.
  const pushing = pushedByOther(run.ledger.intent, attemptOf(run.env), round.n)
  if (pushing) return tell(run, pushLeftToOther(round.n, pushing))
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
    // The screen stopped a fix: nothing lands until a person answers (the executor saves its questions ahead).
    return perform(run, machine.screenStopped(run.ledger, { round: round.n, gates: written.gates }))
  }
  const pass = written.pass
  const toPush = new Set(await deliverUnpushable(run, round, pass))
  const landed = run.ledger.findings.filter(f => toPush.has(f.id)).map(f => f.id)
  if (landed.length === 0) return commit(run, machine.closeRound(run.ledger, { ...at, sync: true }))
  // A CLI source reads the branch's history: the message says whose commit it is and where the trace is, nothing more.
  const message = fixCommitMessage(round.n, await statusCommentUrl(run))
  const result = await land(run, round, pass.contents, message, landed)
  // What the push means is the machine's: landed, the branch moved, or refused (nothing lost, the round stays ready).
  const ci = result.pushed ? landingNote(run) : undefined
  commit(
    run,
    machine.afterPush(run.ledger, {
      round: round.n,
      findings: landed,
      result,
      nextRound: run.settings.nextRound,
      branch: run.pr.headRef,
      ...(ci ? { ci } : {})
    })
  )
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
  // Whether this push starts CI on the PR, said after what the landing itself says (a stacked layer's pull request).
  const ci = landingNote(run)
  commit(
    run,
    machine.afterPush(run.ledger, {
      round: round.n,
      findings: landed.map(f => f.id),
      result: { pushed: true, ...result },
      nextRound: run.settings.nextRound,
      branch: result.branch,
      ...(ci ? { ci } : {})
    })
  )
}

/** The round's fixes cleared to land: Mechanical ones, and those a person chose to apply. */
export function approvedFixes(run: Run, round: Round): Finding[] {
  return machine.approvedFixes(run.ledger, round.n)
}
