/**
 * The loop guards where the loop meets the world: a stall pauses the loop and asks (seed 000), a review nothing calls
 * for is not started and the run says why (seed 003), and Rule 11's trajectory reading is taken on a round whose
 * findings rose. Never a guard on a review convergence owes: a landed fix is a change, so it never reads as a stall.
 */
import * as core from '@actions/core'
import { stallAnswer, stallGate, stallOf, trajectoryOf } from '../loop/guards.js'
import type { Gate, Invocation, Round } from '../loop/model.js'
import type { Run } from './context.js'
import { exitLoop, lastRound } from './lifecycle.js'
import { nextId, postGate } from './gate-post.js'
import { recordDecision } from './resolve-gates.js'
import { reshow } from './held-gates.js'

const short = (sha: string) => sha.slice(0, 7)

/**
 * After a round finished: when the invocation's last two rounds brought no finding to a disposition and changed
 * nothing, the loop asks how to go on instead of asking for another review of the same head. True when it asked.
 */
export async function askIfStalled(run: Run, inv: Invocation | undefined): Promise<boolean> {
  if (!inv || inv.ended) return false
  // A question already waits: the person is being asked, and nothing runs on its own until it is answered.
  if (run.ledger.gates.some(g => g.status === 'open')) return false
  const stall = stallOf(
    run.ledger.rounds.filter(r => r.invocation === inv.n),
    run.ledger
  )
  if (!stall) return false
  const gate = stallGate(nextId(run, 'gate'), stall)
  await postGate(run, gate)
  core.info(`Rounds ${stall.rounds.join(' and ')} changed nothing: ${gate.id} asks how to go on`)
  run.requestNextRound = false
  run.status = 'awaiting-decision'
  const said = `Rounds ${stall.rounds.join(' and ')} brought no finding to a disposition and changed nothing, so the loop did not start another review of ${short(stall.head)} on its own: ${gate.id} asks how to go on.`
  // Why the last round did not converge, when the run says it, stays said before the pause.
  run.message = run.message ? `${run.message} ${said}` : said
  return true
}

/** What the stall question, if any, lets this run do. */
export type StallStep = 'none' | 'wait' | 'stopped' | 'review'

/** The newest stall question about the invocation's last round, if there is one. */
function stallQuestion(run: Run): Gate | undefined {
  const last = lastRound(run)
  if (!last) return undefined
  return run.ledger.gates.filter(g => g.kind === 'stall' && g.round === last.n).at(-1)
}

/**
 * Acts on the stall question about the last round: open, nothing runs; `stop` ends the loop; `continue` runs the
 * review now; a direction in the person's words enters the decisions (it travels with the request, so the next review
 * is asked something new); `dismiss`, `defer` or `follow-up` disposes of every finding the question listed.
 */
export async function actOnStall(run: Run): Promise<StallStep> {
  const gate = stallQuestion(run)
  if (!gate || gate.status === 'superseded') return 'none'
  if (gate.status === 'open') {
    run.status = 'awaiting-decision'
    return 'wait'
  }
  const read = stallAnswer(gate)
  const answer = gate.answer!
  const round = lastRound(run)!
  switch (read?.kind) {
    case 'stop':
      exitLoop(
        run,
        answer.by,
        `stopped by @${answer.by} at ${gate.id} after two rounds that changed nothing`
      )
      return 'stopped'
    case 'direction':
      recordDecision(run, gate, round)
      break
    case 'disposition':
      for (const id of gate.findings) {
        const finding = run.ledger.findings.find(f => f.id === id)
        if (!finding) continue
        const said = `@${answer.by} at ${gate.id}: "${answer.words}"`
        finding.outcome =
          read.option === 'dismiss'
            ? { kind: 'dropped', basis: `dismissed by ${said}` }
            : read.option === 'follow-up'
              ? { kind: 'handed', by: answer.by, words: answer.words }
              : { kind: 'carried', reason: `deferred by ${said}` }
        const e = round.entries.find(x => x.finding === id)
        if (e) {
          e.outcome = finding.outcome
          e.slot = 'gated'
        }
      }
      break
  }
  // A person asked for the review: it is owed now, whatever the loop owed before.
  run.ledger.owed ??= { reason: 'retry', head: run.pr.headSha, requested: 'none' }
  return 'review'
}

/** An author's push is the change a stall question waits for: the question is moot, and the new head is reviewed. */
export async function supersedeStall(run: Run): Promise<void> {
  for (const gate of run.ledger.gates) {
    if (gate.kind !== 'stall' || gate.status !== 'open') continue
    gate.status = 'superseded'
    await reshow(run, gate, 'no longer open')
  }
}

/**
 * What a run that was asked for a review says when nothing calls for one (seed 003's loop guard: a review without a
 * material change is not started): the round that last reviewed this head, its request, and what would start the next.
 */
export function nothingChanged(run: Run): string | undefined {
  const reviewed = run.ledger.rounds.filter(r => r.head === run.pr.headSha).at(-1)
  if (!reviewed) return undefined
  const inv = run.ledger.invocations.at(-1)
  const ended = inv?.ended
  const standing = ended
    ? ` The loop ${ended.as === 'converged' ? 'converged' : 'ended'} on round ${ended.round}; a push to the pull request starts the next review, as round ${run.ledger.counters.round + 1}.`
    : ' A push, or an answer that changes what is reviewed, starts the next one.'
  return `Nothing changed since round ${reviewed.n} reviewed ${short(reviewed.head)} (request ${reviewed.requestHash.slice(0, 12)}): no fix landed, the author did not push, and no answer changed what is reviewed, so no new review was started.${standing}`
}

/**
 * Rule 11: when the round's findings rose over the previous reviewed round's, the split by provenance is recorded on
 * the round (and said on its trace), and each question about a finding on the pre-existing side shows it.
 */
export function readTrajectory(
  run: Run,
  round: Round
): NonNullable<Round['trajectory']> | undefined {
  const previous = run.ledger.rounds
    .filter(r => r.invocation === round.invocation && r.n < round.n && r.review === 'reviewed')
    .at(-1)
  const trajectory = trajectoryOf(round, previous, run.ledger.findings)
  if (!trajectory) return undefined
  round.trajectory = trajectory
  ;(round.notes ??= []).push(`Trajectory: ${trajectory.reading}`)
  return trajectory
}
