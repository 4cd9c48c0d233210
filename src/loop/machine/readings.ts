/**
 * What a round reads about the loop's own course, recorded as transitions: Rule 8's write tier (fix-induced findings
 * in consecutive rounds hand the writing to the driver, a round with none hands it back), Rule 11's trajectory (when
 * the findings rose, the split by provenance), and the source an invocation reviews with (Phase 0's designation, or a
 * switch chosen after a round with no verdict). src/run/ reads git and the sources; what the readings mean is here.
 */
import { nextTier } from '../apply-checks.js'
import { trajectoryOf } from '../guards.js'
import type { Gate, Invocation, Ledger, Round } from '../model.js'
import { evolve, type Next, type Said } from './next.js'

const roundOf = (draft: Ledger, n: number): Round => draft.rounds.find(r => r.n === n)!
const invocationOf = (draft: Ledger, n: number): Invocation =>
  draft.invocations.find(i => i.n === n)!

/**
 * Rule 8: the round right after the loop's own landing reads its signal. A new finding of the round on lines the fix
 * commit wrote (`written`, per file) is fix-induced; with the previous round's own, `nextTier` says whether the
 * writing moves, and the round's trace says so.
 */
export function readTier(
  ledger: Ledger,
  at: { round: number; landed: number; written: Map<string, Set<number>> }
): Next {
  return evolve(ledger, draft => {
    const round = roundOf(draft, at.round)
    const landed = roundOf(draft, at.landed)
    const inv = invocationOf(draft, round.invocation)
    round.fixInduced = draft.findings
      .filter(f => f.round === round.n && round.findings.includes(f.id))
      .filter(f => f.outcome.kind !== 'dropped' && at.written.get(f.file)?.has(f.line))
      .map(f => f.id)
    // The round that landed the fix was itself a review: its own fix-induced findings are the previous round's signal.
    const prior = landed.fixInduced ? { n: landed.n, fixInduced: landed.fixInduced } : undefined
    const moved = nextTier(
      inv.writeTier?.tier ?? 'writer',
      { n: round.n, fixInduced: round.fixInduced },
      prior
    )
    if (!moved) return
    inv.writeTier = { tier: moved.tier, since: round.n, why: moved.why }
    ;(round.notes ??= []).push(
      `write tier: ${moved.tier === 'driver' ? 'escalated' : 'back'} to the ${moved.tier} (${moved.why})`
    )
  })
}

/** Rule 8's signal could not be read (git could not say what the fix commit wrote): the tier stays, and the trace says why. */
export function tierNotRead(ledger: Ledger, at: { round: number; why: string }): Next {
  return evolve(ledger, draft => {
    ;(roundOf(draft, at.round).notes ??= []).push(at.why)
  })
}

/**
 * Rule 11: when the round's findings rose over the previous reviewed round's, the split by provenance is recorded on
 * the round and said on its trace; never a count. Answers the trajectory, if any.
 */
export function recordTrajectory(
  ledger: Ledger,
  n: number
): Next<NonNullable<Round['trajectory']> | undefined> {
  return evolve(ledger, draft => {
    const round = roundOf(draft, n)
    const previous = draft.rounds
      .filter(r => r.invocation === round.invocation && r.n < round.n && r.review === 'reviewed')
      .at(-1)
    const trajectory = trajectoryOf(round, previous, draft.findings)
    if (!trajectory) return undefined
    round.trajectory = trajectory
    ;(round.notes ??= []).push(`Trajectory: ${trajectory.reading}`)
    return structuredClone(trajectory)
  })
}

/** A source as the invocation records it: which, why it was chosen, and whether its reports say what they reached. */
export type Designated = Invocation['source']

/** A usable source the survey offers, as an answer may choose it. */
export interface Offered {
  name: string
  reportsReach: boolean
}

/** Phase 0: the invocation reviews with `source` (relayed, asked about, or undecided while a question waits). */
export function designateSource(
  ledger: Ledger,
  at: { invocation: number; source: Designated }
): Next {
  return evolve(ledger, draft => {
    invocationOf(draft, at.invocation).source = structuredClone(at.source)
  })
}

/** Phase 0's question answered with a usable source: the invocation reviews with it, in the answerer's words. */
export function chosenSource(
  ledger: Ledger,
  at: { invocation: number; gate: Gate; option: Offered }
): Next {
  const answer = at.gate.answer!
  return designateSource(ledger, {
    invocation: at.invocation,
    source: {
      name: at.option.name,
      designation: `chosen at ${at.gate.id} by @${answer.by}: "${answer.words}"`,
      reportsReach: at.option.reportsReach
    }
  })
}

/**
 * Rule 13's switch, chosen after a round with no verdict: the invocation reviews with the new source from the next
 * round, and the switch is recorded with the answerer's words.
 */
export function switchedSource(
  ledger: Ledger,
  at: { invocation: number; gate: Gate; option: Offered }
): Next {
  const answer = at.gate.answer!
  const from = invocationOf(ledger, at.invocation).source.name
  return designateSource(ledger, {
    invocation: at.invocation,
    source: {
      name: at.option.name,
      designation: `switched from ${from} at ${at.gate.id} by @${answer.by}: "${answer.words}"`,
      reportsReach: at.option.reportsReach
    }
  })
}

/** A switch to a source that is not usable here changes nothing, and the run says why. */
export function switchUnusable(name: string, gate: Gate, why: string | undefined): Said {
  return {
    message: `${name} was chosen at ${gate.id} but is not usable here: ${why ?? 'unknown source'}.`
  }
}
