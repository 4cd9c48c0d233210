/** Every transition is pure: the ledger it is given is left as it was. `pure` runs one and checks that. */
import { expect } from '@jest/globals'
import type { Next } from '../../src/loop/machine/next.js'
import type { Ledger } from '../../src/loop/model.js'

export function pure<T>(ledger: Ledger, transition: (ledger: Ledger) => Next<T>): Next<T> {
  const before = structuredClone(ledger)
  const next = transition(ledger)
  expect(ledger).toEqual(before)
  return next
}
