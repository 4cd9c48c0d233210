/**
 * Linear cost shown without a clock bound. A loaded machine slows every run, so no test holds a time to a number of
 * milliseconds; the cost at 8n is held to the cost at n instead. Linear work costs about 8 times as much at 8n,
 * quadratic work 64 times and exponential work far more, so a bound of 3 times the linear ratio tells them apart with
 * room to spare on both sides.
 *
 * The cost is CPU time (this process's, and its children's for work that runs git), not time on the clock: on a
 * busy machine a run is set aside for other processes for any length of time, which CPU time does not count. What a
 * busy machine still adds (a cache another process emptied, a collection) only ever adds: the cheapest of several
 * samples is the closest to the work's own cost, and the two sizes are sampled in turn, so both see the same machine.
 */
import { readFileSync } from 'node:fs'

/** How much larger the second size is than the first. */
export const FACTOR = 8
/** The most a linear cost's ratio may reach: three times what linear work gives, a third of what quadratic work gives. */
export const LINEAR_BOUND = FACTOR * 3
/**
 * The smaller size for text: 512 characters, and 4 KB at 8 times. Small on purpose, for three of V8's ways that make
 * one size dearer or cheaper than its length says, none of them the code's doing: past 16 K elements an array (the
 * matches a global replace collects, a split's lines) and past 128 KB a string are kept in the large-object space, at
 * several times the cost per byte (a step of up to 15 times at one doubling: sanitiseUntrusted on 8 K carriage
 * returns); and on texts of several KB a repeated split or match may be answered from V8's cache of results, so the
 * same work measured again costs a microsecond (nameCorrespondence on 8 KB: 347 µs, or 1 µs). 4 KB of text meets none
 * of them: over the whole hostile corpus every reader's ratio stayed under 10 on a machine running 15 processes on 2
 * cores. Quadratic work still shows: the trailer's old `/\s+$/` trim and the suggestion's old scan read 56 to 66.
 */
export const LINEAR_SMALL = 512

/**
 * The CPU time one sample takes at least: the smaller size runs as many times as that takes, the larger size an
 * eighth as many times, so both samples last about as long (and a linear ratio reads as about 8 from either).
 */
const SAMPLE_MS = 0.25
/** The cheapest of this many samples per size is taken as its cost. */
const SAMPLES = 5
/** A ratio over the bound is measured again, up to this many times in all; only a ratio over it every time fails. */
const ATTEMPTS = 3

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

/** CPU milliseconds one run of `work` costs, over `runs` runs. */
function perRun(work: () => unknown, runs: number): number {
  const start = cpuMs()
  for (let i = 0; i < runs; i++) work()
  return (cpuMs() - start) / runs
}

/** How many runs of `work` last a sample; finding it out runs the work enough to have it compiled. */
function runsPerSample(work: () => unknown): number {
  let runs = 1
  while (perRun(work, runs) * runs < SAMPLE_MS) runs *= 2
  return runs
}

/** One comparison: the cheapest of `SAMPLES` samples at each size, taken in turn, as a ratio. */
function ratioOnce(small: () => unknown, large: () => unknown, runs: number): number {
  const largeRuns = Math.max(1, Math.round(runs / FACTOR))
  let cheapestSmall = Infinity
  let cheapestLarge = Infinity
  for (let i = 0; i < SAMPLES; i++) {
    cheapestSmall = Math.min(cheapestSmall, perRun(small, runs))
    cheapestLarge = Math.min(cheapestLarge, perRun(large, largeRuns))
  }
  return cheapestLarge / cheapestSmall
}

/**
 * How many times more the work costs at `FACTOR * n` than at `n`: the lowest ratio of up to `ATTEMPTS` comparisons,
 * stopping at the first within `LINEAR_BOUND`. A busy machine can spoil one comparison; quadratic work is over the
 * bound in every one.
 */
export function growth(at: Sized, n: number): number {
  const small = at(n)
  const large = at(FACTOR * n)
  const runs = runsPerSample(small)
  large()
  let lowest = Infinity
  for (let attempt = 0; attempt < ATTEMPTS && !(lowest < LINEAR_BOUND); attempt++)
    lowest = Math.min(lowest, ratioOnce(small, large, runs))
  return lowest
}

/** `growth` for work that waits on child processes; each sample runs the work once (it costs far more than the grain). */
export async function growthAsync(at: SizedAsync, n: number): Promise<number> {
  const small = await at(n)
  const large = await at(FACTOR * n)
  const cost = async (work: () => Promise<unknown>): Promise<number> => {
    const start = cpuWithChildrenMs()
    await work()
    return cpuWithChildrenMs() - start
  }
  let cheapestSmall = Infinity
  let cheapestLarge = Infinity
  for (let i = 0; i < SAMPLES && !(cheapestLarge < LINEAR_BOUND * cheapestSmall); i++) {
    cheapestSmall = Math.min(cheapestSmall, await cost(small))
    cheapestLarge = Math.min(cheapestLarge, await cost(large))
  }
  return cheapestLarge / cheapestSmall
}

/**
 * The ratios over `LINEAR_BOUND`, by name, of several pieces of work at once: `at(size)` gives each piece, by name,
 * prepared for that size. An empty object means every piece is linear.
 */
export function superlinear(
  at: (size: number) => Record<string, () => unknown>,
  n: number
): Record<string, number> {
  const small = at(n)
  const large = at(FACTOR * n)
  const over: Record<string, number> = {}
  for (const name of Object.keys(small)) {
    const ratio = growth(size => (size === n ? small : large)[name]!, n)
    if (!(ratio < LINEAR_BOUND)) over[name] = Math.round(ratio)
  }
  return over
}
