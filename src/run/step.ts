/** One step of the loop: takes the commands owed, then does the work the ledger and the PR say is owed, at most one round. */
import * as core from '@actions/core'
import { renderGateComment } from '../report/gate-comment.js'
import type { Round, Status } from '../loop/model.js'
import type { Run } from './context.js'
import { otherUsableSources, settleSource, switchSource } from './designation.js'
import { noReviewGate } from '../loop/gates.js'
import { takeCommands } from './commands.js'
import { activeInvocation, exitLoop, lastRound } from './lifecycle.js'
import { ensureCheckout, isAncestor, mergeBase } from './repo.js'
import {
  nextId,
  postGate,
  openRound,
  resolveGates,
  reviewMayRunNow,
  reviewRound,
  startInvocation
} from './round.js'
import { finishRound } from './apply.js'

/** Heads this PR's loop has already seen: reviewed heads and its own pushes. */
function knownHeads(run: Run): Set<string> {
  return new Set([
    ...run.ledger.rounds.map(r => r.head),
    ...run.ledger.ownPushes,
    ...run.ledger.invocations.map(i => i.head)
  ])
}

/** Findings left undecided by an author's push: the full review of the new head judges them afresh. */
function supersedeFindings(run: Run, round: Round): void {
  const basis = `not decided before the author pushed ${run.pr.headSha.slice(0, 7)}; the review of that head judges it afresh`
  for (const finding of run.ledger.findings) {
    if (!round.findings.includes(finding.id) || finding.outcome.kind !== 'pending') continue
    finding.outcome = { kind: 'dropped', basis }
    const entry = round.entries.find(e => e.finding === finding.id)
    if (entry) entry.outcome = finding.outcome
  }
}

/** Whether this run's event asks for work (a comment that only answered or asked for status does not start a loop). */
function asksToStart(run: Run): boolean {
  return run.trigger.kind !== 'issue_comment' || run.continueAsked
}

/** Advances the loop by what is owed. */
export async function step(run: Run): Promise<void> {
  await takeCommands(run)
  if (run.status === 'exited') return

  let inv = activeInvocation(run)
  if (inv && !knownHeads(run).has(run.pr.headSha)) {
    // The author pushed: what waited on the old head is superseded, and the new head owes a full review.
    core.info(`New head ${run.pr.headSha} pushed by the author`)
    const superseded = run.ledger.gates.filter(g => g.status === 'open')
    for (const gate of superseded) gate.status = 'superseded'
    // Each superseded question says so where it was asked, so nobody answers a question that is gone.
    for (const gate of superseded) {
      if (gate.commentId === undefined) continue
      const findings = run.ledger.findings.filter(f => gate.findings.includes(f.id))
      await run.world.github
        .editComment(gate.commentId, renderGateComment(gate, findings))
        .catch((error: Error) =>
          core.warning(`Could not mark ${gate.id} as no longer open: ${error.message}`)
        )
    }
    const r = lastRound(run)
    if (r && r.phase !== 'closed' && r.phase !== 'landed') {
      r.phase = 'superseded'
      supersedeFindings(run, r)
    }
    run.ledger.owed = { reason: 'after-author-push', head: run.pr.headSha, requested: 'none' }
    const { head, baseTip } = await ensureCheckout(run)
    if (!(await isAncestor(run, inv.base, head))) {
      const was = inv.base
      inv.base = await mergeBase(run, baseTip, head)
      const note = `the base was captured again (${was.slice(0, 7)} → ${inv.base.slice(0, 7)}): after the author's push it was no longer an ancestor of the head`
      run.ledger.owed.note = note
      core.info(note)
    }
  }
  if (!inv) {
    const last = run.ledger.invocations.at(-1)
    const fresh = !last || !knownHeads(run).has(run.pr.headSha)
    if (!asksToStart(run) || !fresh) return
    await startInvocation(run)
    inv = activeInvocation(run)!
  }

  const r = openRound(run)
  if (r?.phase === 'no-review') {
    // The newest such gate: a switch to a source that is not usable asks again in a gate of the same round.
    const gate = run.ledger.gates.filter(g => g.round === r.n && g.kind === 'no-review').at(-1)
    if (gate?.status === 'open') return
    if (gate?.answer?.option?.startsWith('switch-') && !(await switchSource(run, inv, gate))) {
      // The chosen source is not usable here: ask again, with what is usable now, rather than fall back silently.
      const others = await otherUsableSources(run, inv.source.name)
      await postGate(
        run,
        noReviewGate(nextId(run, 'gate'), r.n, `${run.message} ${gate.id} is asked again`, others)
      )
      run.status = 'awaiting-decision'
      return
    }
    r.phase = 'closed'
    if (gate?.answer?.option === 'stop') {
      exitLoop(
        run,
        gate.answer.by,
        `stopped by @${gate.answer.by} at ${gate.id} after a round with no review`
      )
      return
    }
    run.ledger.owed = { reason: 'retry', head: run.pr.headSha, requested: 'none' }
  } else if (r) {
    if (!resolveGates(run, r)) return
    r.phase = 'applying'
    await finishRound(run, r)
    return
  }

  if (!(await settleSource(run, inv, () => nextId(run, 'gate')))) return
  if (run.ledger.owed && reviewMayRunNow(run) && run.status !== 'blocked') {
    await reviewRound(run, run.ledger.owed.reason)
  }
}

/** Where the loop stands, read off the ledger, for a run that did not settle it itself. */
export function standing(run: Run): Status {
  if (run.status) return run.status
  const gates = run.ledger.gates.filter(g => g.status === 'open')
  if (gates.length > 0) return 'awaiting-decision'
  const last = run.ledger.invocations.at(-1)
  if (last?.ended) return last.ended.as === 'converged' ? 'converged' : 'exited'
  if (!last) return 'ignored'
  return 'continue'
}
