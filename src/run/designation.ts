/** Phase 0's source designation, and the switch a round without a verdict offers. */
import * as core from '@actions/core'
import { sourceGate, type SourceChoice } from '../loop/gates.js'
import type { Gate, Invocation } from '../loop/model.js'
import { designate, surveySources, type SourceOption } from '../sources/registry.js'
import {
  chosenSource,
  designateSource,
  switchedSource,
  switchUnusable
} from '../loop/machine/readings.js'
import { commit, tell } from './commit.js'
import type { Run } from './context.js'

/** The name an invocation's source carries while a person has not chosen one yet. */
export const UNDECIDED = 'undecided'

function choice(o: SourceOption): SourceChoice {
  return { name: o.name, coverage: o.coverage, cost: o.cost, reportsReach: o.reportsReach }
}

/** The usable sources other than the current one, for the no-review gate's switch options. */
export async function otherUsableSources(run: Run, current: string): Promise<SourceChoice[]> {
  const survey = await surveySources(run.settings)
  return survey.filter(o => o.usable && o.name !== current).map(choice)
}

/** Posts a gate and records it, saved ahead of its comment (`postGate`, src/run/round.ts). */
export type AskGate = (gate: Gate) => Promise<void>

/**
 * Designates the source at Phase 0: relayed when named or alone; a gate (no default) when several are usable. The gate
 * is returned, not posted: the caller records the invocation that names it first, so that the save ahead of its comment
 * holds both, and a run stopped after posting it leaves a gate the next run adopts under its ID (issue 14).
 */
export async function designateAtPhase0(
  run: Run,
  nextGateId: () => string
): Promise<{ source: Invocation['source']; ask?: Gate }> {
  const survey = await surveySources(run.settings)
  const d = designate(run.settings, survey)
  if (d.kind === 'designated') {
    core.info(`Source: ${d.option.name} (${d.how})`)
    return {
      source: { name: d.option.name, designation: d.how, reportsReach: d.option.reportsReach }
    }
  }
  const gate = sourceGate(nextGateId(), run.ledger.counters.round + 1, d.options.map(choice))
  return {
    source: { name: UNDECIDED, designation: `asked at ${gate.id}`, reportsReach: false },
    ask: gate
  }
}

/**
 * Whether the invocation has a source to review with. Takes the answer to its own designation gate; a gate an author's
 * push superseded, or a choice no longer usable on this runner, is asked again rather than left waiting.
 */
export async function settleSource(
  run: Run,
  inv: Invocation,
  nextGateId: () => string,
  askGate: AskGate
): Promise<boolean> {
  if (inv.source.name !== UNDECIDED) return true
  const gateId = /asked at (G\d+)/.exec(inv.source.designation)?.[1]
  const gate = run.ledger.gates.find(g => g.id === gateId)
  if (gate?.status === 'open') return false
  const survey = await surveySources(run.settings)
  const option = survey.find(o => o.name === gate?.answer?.option)
  if (!gate || gate.status !== 'answered' || !option?.usable) {
    const { source, ask } = await designateAtPhase0(run, nextGateId)
    commit(run, designateSource(run.ledger, { invocation: inv.n, source }))
    if (ask) await askGate(ask)
    return inv.source.name !== UNDECIDED
  }
  commit(run, chosenSource(run.ledger, { invocation: inv.n, gate, option }))
  return true
}

/** A switch chosen after a round without a verdict: takes effect from the next round, and is recorded. */
export async function switchSource(run: Run, inv: Invocation, gate: Gate): Promise<boolean> {
  const name = gate.answer!.option!.replace(/^switch-/, '')
  const survey = await surveySources(run.settings)
  const option = survey.find(o => o.name === name)
  if (!option?.usable) {
    tell(run, switchUnusable(name, gate, option?.why))
    return false
  }
  commit(run, switchedSource(run.ledger, { invocation: inv.n, gate, option }))
  return true
}
