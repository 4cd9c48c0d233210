/**
 * Linear cost shown without a clock bound. A loaded machine slows every run, so no test holds a time to a number of
 * milliseconds; the cost at 8n is held to the cost at n instead. Linear work costs about 8 times as much at 8n,
 * quadratic work 64 times and exponential work far more, so a bound of 3 times the linear ratio tells them apart with
 * room for a garbage collection or a cache that no longer fits.
 *
 * The cost is CPU time (this process's, and its children's for work that runs git), not time on the clock: on a
 * busy machine a longer run is more often set aside for another process, which would make the larger size look
 * dearer than it is.
 */
import { readFileSync } from 'node:fs'

/** How much larger the second size is than the first. */
export const FACTOR = 8
/** The most a linear cost's ratio may reach: three times what linear work gives. */
export const LINEAR_BOUND = FACTOR * 3
/**
 * A smaller size for text: 4 KB, and 32 KB at 8 times. Quadratic work already takes seconds at 32 KB, and both stay
 * under 128 KB even as escaped or joined text: V8 keeps a string past that in its large-object space, at many times
 * the cost per byte, a step in cost that is not the code's doing.
 */
export const LINEAR_SMALL = 4 * 1024

// Below a millisecond the clock's grain and a first compile decide the ratio, so the smaller size is repeated until
// it takes at least that long, and the larger one as many times.
const GRAIN_MS = 1
const MAX_REPEATS = 1 << 14
// A collection or a busy machine's cache only ever adds cost: the cheapest of a few interleaved timings is the closest
// to the work's own. A linear ratio is usually found at the first try; more are spent only when one was spoiled.
const TRIES = 5

/** Work prepared for one size: the input is built before the clock starts. */
export type Sized = (size: number) => () => unknown
/** The same, for work that waits (a harvest through git). */
export type SizedAsync = (size: number) => Promise<() => Promise<unknown>>

/** CPU milliseconds this process has used. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** CPU milliseconds this process and the children it has waited for have used (children count in 10 ms ticks). */
function cpuWithChildrenMs(): number {
  // /proc/self/stat: the fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  return cpuMs() + (Number(fields[13]) + Number(fields[14])) * 10
}

function clock(work: () => unknown, repeats: number): number {
  const start = cpuMs()
  for (let i = 0; i < repeats; i++) work()
  return cpuMs() - start
}

async function clockAsync(work: () => Promise<unknown>): Promise<number> {
  const start = cpuWithChildrenMs()
  await work()
  return cpuWithChildrenMs() - start
}

/** The sizes `growth` times: n, 2n, 4n and 8n. */
export const linearSizes = (n: number): number[] => [n, 2 * n, 4 * n, FACTOR * n]

/**
 * How many times more the work costs at `FACTOR * n` than at `n`, as the cube of the middle one of the three steps
 * n → 2n → 4n → 8n (each the cheapest of up to `TRIES` interleaved timings), stopping early once that is within
 * `LINEAR_BOUND`. Linear work doubles at each step, quadratic work quadruples at each; a step in V8's memory costs
 * (a string past 128 KB, an array past 16 K numbers, kept in its large-object space) makes one step dear, never two
 * of three, so the middle step is the code's own.
 */
export function growth(at: Sized, n: number): number {
  const works = linearSizes(n).map(at)
  let repeats = 1
  while (clock(works[0]!, repeats) < GRAIN_MS && repeats < MAX_REPEATS) repeats *= 2
  const cheapest = works.map(() => Infinity)
  let estimate = Infinity
  for (let tri = 0; tri < TRIES; tri++) {
    works.forEach((work, i) => (cheapest[i] = Math.min(cheapest[i]!, clock(work, repeats))))
    const steps = [1, 2, 3].map(i => cheapest[i]! / cheapest[i - 1]!).sort((x, y) => x - y)
    estimate = steps[1]! ** 3
    if (estimate < LINEAR_BOUND) break
  }
  return estimate
}

/** `growth` for work that waits on child processes; each timing runs the work once (it costs far more than the grain). */
export async function growthAsync(at: SizedAsync, n: number): Promise<number> {
  const small = await at(n)
  const large = await at(FACTOR * n)
  let fastestSmall = Infinity
  let fastestLarge = Infinity
  for (let tri = 0; tri < TRIES; tri++) {
    fastestSmall = Math.min(fastestSmall, await clockAsync(small))
    fastestLarge = Math.min(fastestLarge, await clockAsync(large))
    if (fastestLarge < LINEAR_BOUND * fastestSmall) break
  }
  return fastestLarge / fastestSmall
}

/**
 * The ratios over `LINEAR_BOUND`, by name, of several pieces of work at once: `at(size)` gives each piece, by name,
 * prepared for that size. An empty object means every piece is linear.
 */
export function superlinear(
  at: (size: number) => Record<string, () => unknown>,
  n: number
): Record<string, number> {
  const bySize = new Map(linearSizes(n).map(size => [size, at(size)]))
  const over: Record<string, number> = {}
  for (const name of Object.keys(bySize.get(n)!)) {
    const ratio = growth(size => bySize.get(size)![name]!, n)
    if (!(ratio < LINEAR_BOUND)) over[name] = Math.round(ratio)
  }
  return over
}
