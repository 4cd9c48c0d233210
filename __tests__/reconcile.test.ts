/** What a run stopped before its save left (issue 14, item 5): the gate comments it posted keep their IDs. */
import { describe, expect, it } from '@jest/globals'
import type { Run } from '../src/run/context.js'
import { orphanGates, reconcile } from '../src/run/reconcile.js'
import { renderGateList } from '../src/report/gate-list.js'
import { emptyLedger, type Gate } from '../src/loop/model.js'
import { BOT, fakeRun, MemoryGitHub, memoryWorld } from './fakes/world.js'

function gate(n: number): Gate {
  return {
    id: `G${n}`,
    round: 2,
    findings: [],
    question: `question ${n}`,
    options: [{ key: 'dismiss' }]
  } as unknown as Gate
}

function stoppedRun(bodies: string[]): { run: Run; github: MemoryGitHub } {
  const comments = bodies.map((body, i) => ({
    id: 100 + i,
    body,
    login: BOT,
    createdAt: '',
    url: ''
  }))
  const github = new MemoryGitHub({ comments })
  const ledger = emptyLedger('o/r', 1, '2026-11-30T00:00:00Z')
  ledger.counters.gate = 3
  const run = fakeRun({ identity: BOT, ledger, comments, world: memoryWorld(github) })
  return { run, github }
}

/** The comments the run edited, in order, with what it wrote. */
function edits(github: MemoryGitHub): [unknown, unknown][] {
  return github.calls
    .filter(([method]) => method === 'editComment')
    .map(([, id, body]) => [id, body])
}

describe('reconcile', () => {
  it('keeps the IDs of an orphan gate list comment as well as a gate comment of its own', async () => {
    const list = renderGateList([gate(5), gate(6), gate(7)], [], 2)
    const { run, github } = stoppedRun(['### G4: your judgment is needed (review round 2)', list])
    expect(orphanGates(run).map(o => o.ids)).toEqual(['G4', 'G5–G7'])
    await reconcile(run)
    // No ID the stopped run asked is given to another question.
    expect(run.ledger.counters.gate).toBe(7)
    expect(run.ledger.ownComments).toEqual([100, 101])
    expect(edits(github).map(([id]) => id)).toEqual([100, 101])
    expect(edits(github)[1]![1]).toContain('no answer to G5–G7 can be taken here')
    // What the forge now shows is what was written.
    expect(github.conversation[1]!.body).toContain('no answer to G5–G7 can be taken here')
  })
})
