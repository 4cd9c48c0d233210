/**
 * How many comments a round's gates take (issue 14, item 8): every gate keeps its own ID and its own answer, but at
 * most MAX_GATE_COMMENTS comments of their own a round; past that the first MAX_GATE_COMMENTS - 1 keep theirs and the
 * rest are listed, LIST_SIZE to a comment. GitHub asks integrations to keep content-creating writes under 80 a minute
 * and 500 an hour (its secondary rate limits); a round of 2,000 findings posts 14 comments instead of 2,000.
 */

/** The most gate comments of their own a round posts. */
export const MAX_GATE_COMMENTS = 10

/** Gates listed in one list comment. */
export const LIST_SIZE = 400

/** Which gates (by index) get a comment of their own, and which go in each list comment. */
export function gateComments(count: number): { own: number[]; lists: number[][] } {
  const all = Array.from({ length: count }, (_, i) => i)
  if (count <= MAX_GATE_COMMENTS) return { own: all, lists: [] }
  const own = all.slice(0, MAX_GATE_COMMENTS - 1)
  const rest = all.slice(MAX_GATE_COMMENTS - 1)
  const lists: number[][] = []
  for (let i = 0; i < rest.length; i += LIST_SIZE) lists.push(rest.slice(i, i + LIST_SIZE))
  return { own, lists }
}
