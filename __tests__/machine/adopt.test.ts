/**
 * Taking a transition's result (src/run/commit.ts `adopt`): the run's ledger becomes equal to the next one, and the
 * rounds, gates and findings the run's code holds stay the objects in the ledger, so nothing written through them is lost.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound } from '../../__fixtures__/ledgers.js'
import { evolve } from '../../src/loop/machine/next.js'
import { adopt } from '../../src/run/commit.js'

describe('adopt', () => {
  it('makes the live ledger equal to the next one, keeping the objects the run holds', () => {
    const live = aLedger({
      rounds: [aRound()],
      gates: [aGate()],
      findings: [aFinding()],
      owed: { reason: 'retry', head: 'x', requested: 'none' }
    })
    const round = live.rounds[0]!
    const gate = live.gates[0]!
    const next = evolve(live, draft => {
      draft.rounds[0]!.phase = 'superseded'
      draft.gates[0]!.status = 'superseded'
      draft.gates.push(aGate({ id: 'G2' }))
      delete draft.owed
    }).ledger
    adopt(live, next)
    expect(live).toEqual(next)
    expect(live.rounds[0]).toBe(round)
    expect(live.gates[0]).toBe(gate)
    expect(round.phase).toBe('superseded')
    expect('owed' in live).toBe(false)
    // Written through a held object after the transition: it is the ledger's.
    round.notes = ['after']
    expect(live.rounds[0]!.notes).toEqual(['after'])
  })

  it('keeps apart what the transition told apart, and shared what it left shared', () => {
    const live = aLedger({
      rounds: [
        aRound({ entries: [{ finding: 'F1', slot: 'relay', outcome: { kind: 'pending' } }] })
      ],
      findings: [aFinding()]
    })
    // One outcome object in two places, as the run's code leaves it after syncing a trace entry.
    live.rounds[0]!.entries[0]!.outcome = live.findings[0]!.outcome
    const next = evolve(live, draft => {
      draft.findings[0]!.outcome = { kind: 'dropped', basis: 'dismissed' }
    }).ledger
    adopt(live, next)
    expect(live).toEqual(next)
    expect(live.findings[0]!.outcome).toEqual({ kind: 'dropped', basis: 'dismissed' })
    expect(live.rounds[0]!.entries[0]!.outcome).toEqual({ kind: 'pending' })
    const shared = evolve(live, draft => {
      const o = { kind: 'carried' as const, reason: 'later' }
      draft.findings[0]!.outcome = o
      draft.rounds[0]!.entries[0]!.outcome = o
    }).ledger
    adopt(live, shared)
    expect(live.findings[0]!.outcome).toBe(live.rounds[0]!.entries[0]!.outcome)
  })

  it('shortens arrays the next ledger shortened', () => {
    const live = aLedger({ processedComments: [1, 2, 3] })
    adopt(live, { ...structuredClone(live), processedComments: [1] })
    expect(live.processedComments).toEqual([1])
  })
})
