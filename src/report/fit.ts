/** Fitting a rendered page under a size limit: the oldest rounds go first, then the latest trace is cut, never the tail. */
import type { Ledger, Round } from '../loop/model.js'
import { escapeHtml, fence, roundRange } from './text.js'
import { renderRoundTrace, roundTitle } from './trace.js'

/** How a page is measured against its limit: characters for a comment, UTF-8 bytes for a job summary. */
export type Measure = (text: string) => number

/** Characters, counted as UTF-16 units (never fewer than GitHub's count of characters). */
export const measureChars: Measure = text => text.length

/** UTF-8 bytes. */
export const measureBytes: Measure = text => Buffer.byteLength(text, 'utf8')

/** A page in its parts, in the order they appear. */
export interface Page {
  /** Everything above the latest trace (headline, questions waiting). */
  head: string
  /** The heading just above the latest trace. */
  currentHeading: string
  /** The latest trace as plain text; undefined when no round has run. */
  current?: string
  /** The heading above the collapsed earlier rounds. */
  earlierHeading: string
  /** Earlier rounds, newest first. */
  earlier: { n: number; block: string }[]
  /** Everything below the earlier rounds; never cut. */
  tail: string
  /** Where a reader finds what was cut: "the job summary of the latest run". */
  whereFull: string
}

const SEP = '\n\n'

/** A collapsed block for an earlier round; blank lines around the fence so GitHub renders it inside `<details>`. */
export function earlierBlock(ledger: Ledger, round: Round): string {
  return `<details><summary>${escapeHtml(roundTitle(round))}</summary>\n\n${fence(renderRoundTrace(ledger, round), 'text')}\n\n</details>`
}

/** The latest trace cut at a line boundary to at most `budget` units, saying how much was cut. */
function cutTrace(trace: string, budget: number, measure: Measure, whereFull: string): string {
  const note = (cut: number) =>
    `… ${cut} more characters of this trace are cut here to stay within GitHub's size limit; the full trace is in ${whereFull}.`
  // The longest note the cut can need, so a later, larger cut count never pushes the text over.
  const widest = note(trace.length)
  let lo = 0
  let hi = trace.length
  // Binary search on the prefix length: measures are monotone in the prefix.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    const candidate = `${trace.slice(0, mid)}\n${widest}`
    if (measure(candidate) <= budget) lo = mid
    else hi = mid - 1
  }
  let keep = lo
  const newline = trace.lastIndexOf('\n', keep)
  if (newline > 0) keep = newline
  // Never split a surrogate pair.
  const code = trace.charCodeAt(keep - 1)
  if (keep > 0 && code >= 0xd800 && code <= 0xdbff) keep -= 1
  return `${trace.slice(0, keep)}\n${note(trace.length - keep)}`
}

/** The page assembled within `budget`: whole if it fits, else with the oldest rounds and then the latest trace cut. */
export function fitPage(page: Page, measure: Measure, budget: number): string {
  const currentPart = (trace: string) => `${page.currentHeading}${SEP}${fence(trace, 'text')}`
  const assemble = (trace: string | undefined, kept: number, droppedNote?: string): string => {
    const parts = [page.head]
    if (trace !== undefined) parts.push(currentPart(trace))
    const blocks = page.earlier.slice(0, kept).map(e => e.block)
    if (droppedNote) blocks.push(droppedNote)
    if (blocks.length > 0) parts.push(page.earlierHeading, ...blocks)
    parts.push(page.tail)
    return parts.filter(p => p !== '').join(SEP)
  }
  const dropNote = (kept: number): string | undefined => {
    const dropped = page.earlier.slice(kept).map(e => e.n)
    if (dropped.length === 0) return undefined
    const which = roundRange(dropped)
    return `_The traces of ${which} are left out here to stay within GitHub's size limit; every round's full trace is in ${page.whereFull}._`
  }

  const whole = assemble(page.current, page.earlier.length)
  if (measure(whole) <= budget) return whole

  // Sizes add up over parts and separators, so each kept count is priced without re-assembling the page.
  const sepSize = measure(SEP)
  const fixedParts = [page.head, page.current === undefined ? '' : currentPart(page.current)]
    .filter(p => p !== '')
    .map(measure)
  const tailParts = [page.earlierHeading, page.tail].filter(p => p !== '').map(measure)
  const blockSizes = page.earlier.map(e => measure(e.block))
  let keptSize = blockSizes.reduce((a, b) => a + b, 0)
  for (let kept = page.earlier.length - 1; kept >= 0; kept--) {
    keptSize -= blockSizes[kept] ?? 0
    const sizes = [...fixedParts, ...tailParts, measure(dropNote(kept) ?? '')]
    const size = sizes.reduce((a, b) => a + b, 0) + keptSize + sepSize * (sizes.length + kept - 1)
    if (size <= budget) {
      const text = assemble(page.current, kept, dropNote(kept))
      if (measure(text) <= budget) return text
    }
  }

  const note = dropNote(0)
  if (page.current !== undefined) {
    let room = budget - measure(assemble('', 0, note))
    // A longer fence (backticks inside the trace) can overshoot once; the second pass takes that off.
    for (let attempt = 0; attempt < 3 && room > 0; attempt++) {
      const text = assemble(cutTrace(page.current, room, measure, page.whereFull), 0, note)
      const over = measure(text) - budget
      if (over <= 0) return text
      room -= over
    }
  }
  const fixed = measure(assemble(undefined, 0, note))
  throw new Error(
    `The report cannot fit GitHub's limit of ${budget}: what may not be cut (the headline, open questions and the closing part, such as the state block) already measures ${fixed}. Make the state block smaller (keep the ledger in its store and carry only a pointer to it).`
  )
}
