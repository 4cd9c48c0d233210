/** How many comments a round's gates take (issue 14, item 8): a table. */
import { describe, expect, it } from '@jest/globals'
import { gateComments, LIST_SIZE, MAX_GATE_COMMENTS } from '../src/loop/gate-bound.js'

describe('gateComments', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [MAX_GATE_COMMENTS, MAX_GATE_COMMENTS, 0],
    [MAX_GATE_COMMENTS + 1, MAX_GATE_COMMENTS - 1, 1],
    [MAX_GATE_COMMENTS - 1 + LIST_SIZE, MAX_GATE_COMMENTS - 1, 1],
    [MAX_GATE_COMMENTS + LIST_SIZE, MAX_GATE_COMMENTS - 1, 2],
    [2_000, MAX_GATE_COMMENTS - 1, 5]
  ])('%i gates: %i comments of their own, %i list comments', (count, own, lists) => {
    const split = gateComments(count)
    expect(split.own).toHaveLength(own)
    expect(split.lists).toHaveLength(lists)
    // Every gate is posted exactly once, in order.
    expect([...split.own, ...split.lists.flat()]).toEqual(
      Array.from({ length: count }, (_, i) => i)
    )
    expect(split.lists.every(l => l.length <= LIST_SIZE)).toBe(true)
  })
})
