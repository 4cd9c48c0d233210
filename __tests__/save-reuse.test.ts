/**
 * The list a run read at its load stands for the list before its first save when nothing slow happened in between
 * (issue 16): one REST call fewer, and the list after the save still decides who wins (src/run/ledger-io.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { digest } from '../src/ledger/codec.js'
import { keyDigest, type ListedRevision } from '../src/ledger/revisions.js'
import type { LedgerStore } from '../src/ledger/store.js'
import { emptyLedger, type Ledger } from '../src/loop/model.js'
import { LedgerConflict, loadLedger, saveLedger } from '../src/run/ledger-io.js'

const NOW = '2026-12-01T00:00:00Z'

/** A store holding revision 3, counting its lists; `racer` saves revision 4 right after the load's list. */
function world(racer = false) {
  const ledger: Ledger = { ...emptyLedger('o/r', 7, NOW), revision: 3 }
  const text = JSON.stringify(ledger)
  const entry = (revision: number, run: number, d: string): ListedRevision => ({
    revision,
    digest: d,
    key: `k-rev${String(revision).padStart(8, '0')}-${d}-run${run}-1`,
    ref: 'refs/heads/main',
    id: run
  })
  const listed = [entry(3, 1, keyDigest(digest(text)))]
  let lists = 0
  const saved: number[] = []
  const store: LedgerStore = {
    describe: 'test',
    load: async () => ({ text, origin: 'test' }),
    save: async (_text, revision) => {
      saved.push(revision)
      const mine = entry(revision, 99, '0123456789abcdef')
      listed.push(mine)
      return mine.key
    },
    index: async () => {
      lists += 1
      const now = [...listed]
      if (racer && lists === 1) listed.push(entry(4, 2, 'fedcba9876543210'))
      return now
    },
    discard: async () => undefined
  }
  return { store, saved, lists: () => lists }
}

describe('the list before the first save', () => {
  it('is the load’s when nothing slow happened since: one list for the load, one after the upload', async () => {
    const { store, saved, lists } = world()
    const { ledger } = await loadLedger(store, [], 'github-actions[bot]', 7)
    ledger!.processedComments.push(10)
    await saveLedger(store, ledger!, NOW)
    expect(saved).toEqual([4])
    expect(lists()).toBe(2)
  })

  it('is read again after slow work (a round, a gate answered, a save ahead)', async () => {
    const { store, lists } = world()
    const { ledger } = await loadLedger(store, [], 'github-actions[bot]', 7)
    ledger!.ownPushes.push('a'.repeat(40))
    await saveLedger(store, ledger!, NOW)
    expect(lists()).toBe(3)
  })

  it('stands only for the first save: a second save lists before its upload', async () => {
    const { store, lists } = world()
    const { ledger } = await loadLedger(store, [], 'github-actions[bot]', 7)
    await saveLedger(store, ledger!, NOW)
    await saveLedger(store, ledger!, NOW)
    expect(lists()).toBe(4)
  })

  it('a racer’s save the load’s list did not show still makes this save lose (the list after decides)', async () => {
    const { store, saved } = world(true)
    const { ledger } = await loadLedger(store, [], 'github-actions[bot]', 7)
    await expect(saveLedger(store, ledger!, NOW)).rejects.toBeInstanceOf(LedgerConflict)
    expect(saved).toEqual([4])
    expect(ledger!.revision).toBe(3)
  })
})
