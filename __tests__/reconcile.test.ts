/** What a run stopped before its save left (issue 14, item 5): the gate comments it posted keep their IDs. */
import { describe, expect, it } from '@jest/globals'
import type { Run } from '../src/run/context.js'
import { orphanGates, reconcile } from '../src/run/reconcile.js'
import { renderGateList } from '../src/report/gate-list.js'
import type { Gate } from '../src/loop/model.js'

const BOT = 'github-actions[bot]'

function gate(n: number): Gate {
  return {
    id: `G${n}`,
    round: 2,
    findings: [],
    question: `question ${n}`,
    options: [{ key: 'dismiss' }]
  } as unknown as Gate
}

function stoppedRun(bodies: string[]): { run: Run; edits: [number, string][] } {
  const edits: [number, string][] = []
  const run = {
    identity: BOT,
    ledger: { gates: [], ownComments: [], counters: { gate: 3 } },
    comments: bodies.map((body, i) => ({
      id: 100 + i,
      body,
      login: BOT,
      createdAt: '',
      url: ''
    })),
    world: {
      github: {
        editComment: async (id: number, body: string) => {
          edits.push([id, body])
        }
      }
    }
  } as unknown as Run
  return { run, edits }
}

describe('reconcile', () => {
  it('keeps the IDs of an orphan gate list comment as well as a gate comment of its own', async () => {
    const list = renderGateList([gate(5), gate(6), gate(7)], [], 2)
    const { run, edits } = stoppedRun(['### G4: your judgment is needed (review round 2)', list])
    expect(orphanGates(run).map(o => o.ids)).toEqual(['G4', 'G5–G7'])
    await reconcile(run)
    // No ID the stopped run asked is given to another question.
    expect(run.ledger.counters.gate).toBe(7)
    expect(run.ledger.ownComments).toEqual([100, 101])
    expect(edits.map(([id]) => id)).toEqual([100, 101])
    expect(edits[1]![1]).toContain('no answer to G5–G7 can be taken here')
  })
})
