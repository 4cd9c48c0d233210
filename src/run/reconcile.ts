/**
 * What a run stopped between its outward effects and its save left on the PR (a job cancelled, timed out, its runner
 * lost), taken up by the next run before it does anything else: the status comment it posted is adopted, never posted
 * twice, and the gate comments it posted keep their IDs, which are never given to another question.
 */
import * as core from '@actions/core'
import type { Run } from './context.js'
import { STATUS_HEADING } from './ledger-io.js'
import { GATE_LIST_HEADING } from '../report/gate-list.js'

/** The body a run's first status comment has until the run's end writes it. */
export const STATUS_STARTING = `${STATUS_HEADING}: starting…`

const GATE_HEADING = /^### G(\d+):/
/** A gate list comment's heading (src/report/gate-list.ts): the first and the last gate it asks. */
const GATE_LIST = new RegExp(`^${GATE_LIST_HEADING} G(\\d+)–G(\\d+) `)

/**
 * The gate comments of the action's own that its ledger does not know: `n` is the highest gate number a comment asks,
 * `ids` how its IDs read (one gate's own comment, or a list comment's range).
 */
export function orphanGates(run: Run): { id: number; n: number; ids: string }[] {
  const known = new Set(run.ledger.gates.map(g => g.commentId))
  const recorded = new Set(run.ledger.ownComments)
  // Gates of an intent left to the run still posting them (src/run/take-up.ts) are that run's, never orphans.
  const held = (run.ledger.intent?.gates ?? []).map(id => Number(id.slice(1)))
  const heldIn = (from: number, to: number) => held.some(n => n >= from && n <= to)
  return run.comments
    .filter(c => c.login === run.identity && !known.has(c.id) && !recorded.has(c.id))
    .flatMap(c => {
      const m = GATE_HEADING.exec(c.body)
      if (m)
        return heldIn(Number(m[1]), Number(m[1]))
          ? []
          : [{ id: c.id, n: Number(m[1]), ids: `G${m[1]}` }]
      const list = GATE_LIST.exec(c.body)
      if (!list || heldIn(Number(list[1]), Number(list[2]))) return []
      return [{ id: c.id, n: Number(list[2]), ids: `G${list[1]}–G${list[2]}` }]
    })
}

/** Takes up what a stopped run left: run before the step, after the ledger is loaded. */
export async function reconcile(run: Run): Promise<void> {
  const { ledger } = run
  const present = ledger.statusComment && run.comments.some(c => c.id === ledger.statusComment!.id)
  if (!present) {
    // The newest: older ones may be stopped runs' or first status comments of runs still going (no concurrency group),
    // which those runs name when they save; none is deleted here.
    const orphan = [...run.comments]
      .reverse()
      .find(
        c =>
          c.login === run.identity &&
          c.body === STATUS_STARTING &&
          !ledger.ownComments.includes(c.id)
      )
    if (orphan) {
      ledger.statusComment = { id: orphan.id, author: orphan.login }
      ledger.ownComments.push(orphan.id)
      core.info(
        `Adopted status comment ${orphan.id}: a run stopped after posting it and before saving the ledger.`
      )
    }
  }
  for (const orphan of orphanGates(run)) {
    // The question was asked by a run stopped before it recorded it: its ID stays its own, and the next review asks it
    // again under a new one.
    ledger.counters.gate = Math.max(ledger.counters.gate, orphan.n)
    ledger.ownComments.push(orphan.id)
    const body = run.comments.find(c => c.id === orphan.id)!.body
    await run.world.github.editComment(
      orphan.id,
      `> **Withdrawn.** The run that asked this was stopped before it recorded the question, so no answer to ${orphan.ids} can be taken here; the loop asks it again under a new ID when it reviews this head.\n\n${body}`
    )
    core.info(
      `Gate comment ${orphan.id} (${orphan.ids}) was posted by a run stopped before it saved: marked withdrawn, and ${orphan.ids} is never given to another question.`
    )
  }
}
