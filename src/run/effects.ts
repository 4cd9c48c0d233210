/**
 * The executors: one per kind of effect the state machine asks for (src/loop/machine/effects.ts). Saving ahead of an
 * effect is the executor's, not the caller's: a gate's comment is posted only once a revision holding the gate is saved
 * (src/run/write-ahead.ts), so a run stopped after posting it leaves a gate the next run adopts under its ID. The fix
 * push (`push-fixes`), whose result the machine reads back, has its executor in src/run/push.ts, which saves it ahead
 * the same way.
 */
import * as core from '@actions/core'
import type { Effect } from '../loop/machine/effects.js'
import type { Gate } from '../loop/model.js'
import { renderGateComment } from '../report/gate-comment.js'
import type { Run } from './context.js'
import { postGates } from './gate-post.js'
import { setLabels } from './labels.js'
import { writeAhead } from './write-ahead.js'

/** Carries out one effect. */
export async function execute(run: Run, effect: Effect): Promise<void> {
  switch (effect.kind) {
    case 'post-gates':
      return postGatesAhead(run, effect.gates)
    case 'reshow-gate':
      return reshowGate(run, effect.gate, effect.what)
    case 'labels':
      return setLabels(run, effect)
    default: {
      const unknown: never = effect
      throw new Error(`No executor for the effect ${JSON.stringify(unknown)}`)
    }
  }
}

/** Gates the ledger holds, saved ahead together, then posted within the bound on gate comments. */
async function postGatesAhead(run: Run, ids: string[]): Promise<void> {
  const gates = ids.map(id => {
    const gate = run.ledger.gates.find(g => g.id === id)
    if (!gate) throw new Error(`post-gates: ${id} is not in the ledger`)
    return gate
  })
  await writeAhead(run, { gates: ids })
  await postGates(run, gates)
}

async function reshowGate(run: Run, id: string, what: string): Promise<void> {
  const gate = run.ledger.gates.find(g => g.id === id)
  if (gate) await reshow(run, gate, what)
}

/** Shows a gate's comment as it now stands; a comment GitHub will not edit is a warning, never a failed run. */
export async function reshow(run: Run, gate: Gate, what: string): Promise<void> {
  if (gate.commentId === undefined) return
  // A gate listed with others (src/loop/gate-bound.ts) shares their comment: its state shows in the status comment.
  if (run.ledger.gates.some(g => g !== gate && g.commentId === gate.commentId)) return
  const findings = run.ledger.findings.filter(f => gate.findings.includes(f.id))
  await run.world.github
    .editComment(gate.commentId, renderGateComment(gate, findings))
    .catch((error: Error) => core.warning(`Could not mark ${gate.id} as ${what}: ${error.message}`))
}
