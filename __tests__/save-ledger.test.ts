/**
 * Compare-and-swap on save (docs/persistence.md, "Saving: compare-and-swap"; src/run/ledger-io.ts): a run whose loaded
 * revision is no longer the newest saves nothing (no upload, no cache entry to delete), and a save that another save
 * of the same revision joins counts for neither.
 */
import { describe, expect, it } from '@jest/globals'
import type { LedgerStore } from '../src/ledger/store.js'
import type { ListedRevision } from '../src/ledger/revisions.js'
import { emptyLedger } from '../src/loop/model.js'
import { LedgerConflict, saveLedger } from '../src/run/ledger-io.js'

const NOW = '2026-12-01T00:00:00Z'
const entry = (revision: number, run: number, id: number): ListedRevision => ({
  revision,
  digest: '0123456789abcdef',
  key: `k-rev${String(revision).padStart(8, '0')}-0123456789abcdef-run${run}-1`,
  ref: 'refs/heads/main',
  id
})

/** A store whose list is `listed` plus what this run saved. */
function storeWith(listed: ListedRevision[]) {
  const saved: number[] = []
  const discarded: string[] = []
  const store: LedgerStore = {
    describe: 'test',
    load: async () => undefined,
    save: async (_text, revision) => {
      saved.push(revision)
      const mine = entry(revision, 99, 1000 + saved.length)
      listed.push(mine)
      return mine.key
    },
    index: async () => [...listed],
    discard: async key => {
      discarded.push(key)
    }
  }
  return { store, saved, discarded }
}

describe('saveLedger', () => {
  it('saves R+1 when the list shows nothing newer than the loaded R', async () => {
    const { store, saved } = storeWith([entry(3, 1, 10)])
    const ledger = { ...emptyLedger('o/r', 7, NOW), revision: 3 }
    await saveLedger(store, ledger, NOW)
    expect(saved).toEqual([4])
    expect(ledger.revision).toBe(4)
  })

  it('saves nothing when another run saved R+1 since this run loaded R (no upload, nothing to delete)', async () => {
    const { store, saved, discarded } = storeWith([entry(3, 1, 10), entry(4, 2, 11)])
    const ledger = { ...emptyLedger('o/r', 7, NOW), revision: 3 }
    await expect(saveLedger(store, ledger, NOW)).rejects.toBeInstanceOf(LedgerConflict)
    expect(saved).toEqual([])
    expect(discarded).toEqual([])
    expect(ledger.revision).toBe(3)
  })

  it('loses when another save of R+1 is listed after its own, and deletes its own', async () => {
    const listed = [entry(3, 1, 10)]
    const { store, saved, discarded } = storeWith(listed)
    const save = store.save.bind(store)
    store.save = async (text, revision) => {
      const key = await save(text, revision)
      listed.push(entry(revision, 2, 2000))
      return key
    }
    const ledger = { ...emptyLedger('o/r', 7, NOW), revision: 3 }
    await expect(saveLedger(store, ledger, NOW)).rejects.toBeInstanceOf(LedgerConflict)
    expect(saved).toEqual([4])
    expect(discarded).toHaveLength(1)
    expect(ledger.revision).toBe(3)
  })
})
