// Gate comments and IDs: what a round, the guards and the apply pass all post through. Kept apart from round.ts so
// those callers do not import the round (which imports them).
import type { Gate } from '../loop/model.js'
import type { Run } from './context.js'
import { writeAhead } from './write-ahead.js'
import { post } from './conversation.js'
import { renderGateComment } from '../report/gate-comment.js'
import { renderGateList } from '../report/gate-list.js'
import { gateComments } from '../loop/gate-bound.js'

/** The next finding or gate ID: counters only grow, so an ID is never reused. */
export function nextId(run: Run, kind: 'finding' | 'gate'): string {
  run.ledger.counters[kind] += 1
  return `${kind === 'finding' ? 'F' : 'G'}${run.ledger.counters[kind]}`
}

/**
 * Posts a round's gates, each with its own ID and answer, in a bounded number of comments (src/loop/gate-bound.ts):
 * past the bound, the rest are listed together.
 */
export async function postGates(run: Run, gates: Gate[]): Promise<void> {
  const { own, lists } = gateComments(gates.length)
  for (const i of own) await postGate(run, gates[i]!)
  for (const list of lists) {
    const listed = list.map(i => gates[i]!)
    const ids = new Set(listed.flatMap(g => g.findings))
    const findings = run.ledger.findings.filter(f => ids.has(f.id))
    const posted = await post(run, renderGateList(listed, findings, listed[0]!.round))
    for (const gate of listed) {
      gate.commentId = posted.id
      if (!run.ledger.gates.includes(gate)) run.ledger.gates.push(gate)
    }
  }
}

/**
 * Posts a gate comment and records the gate; a gate not yet recorded is saved ahead of its comment
 * (src/run/write-ahead.ts), so a run stopped after posting it leaves a gate the next run adopts under its ID.
 */
export async function postGate(run: Run, gate: Gate): Promise<void> {
  if (!run.ledger.gates.includes(gate)) {
    run.ledger.gates.push(gate)
    await writeAhead(run, { gates: [gate.id] })
  }
  const findings = run.ledger.findings.filter(f => gate.findings.includes(f.id))
  const posted = await post(run, renderGateComment(gate, findings))
  gate.commentId = posted.id
  if (!run.ledger.gates.includes(gate)) run.ledger.gates.push(gate)
}
