/** `npm run bench`'s start-up table: the action's bundle, actions/checkout's and node itself, started in turns. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

/**
 * Start-up: a bundle started on an event it does not act on, to its first decision, side by side with node starting
 * and stopping and, given a copy, actions/checkout's bundle (which stops at its first check of the environment: no
 * GITHUB_WORKSPACE). Each takes turns with the others.
 */
export function startup(entry: string, checkout: string | undefined, runs: number): string {
  const time = (args: string[], env: NodeJS.ProcessEnv) => {
    const t = performance.now()
    try {
      execFileSync(process.execPath, args, { env, stdio: 'ignore' })
    } catch {
      // actions/checkout's bundle fails its first check on purpose; the time to it is what is measured.
    }
    return performance.now() - t
  }
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-bench-start-'))
  const event = join(dir, 'push.json')
  writeFileSync(event, '{}')
  for (const file of ['output', 'summary', 'state']) writeFileSync(join(dir, file), '')
  const env = {
    PATH: process.env.PATH,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary'),
    GITHUB_STATE: join(dir, 'state'),
    'INPUT_GITHUB-TOKEN': 'bench-token'
  }
  const times: Record<string, number[]> = { action: [], node: [], checkout: [] }
  for (let i = 0; i < Math.max(runs, 5) * 2; i++) {
    times.action!.push(time([entry], env))
    times.node!.push(time(['-e', '0'], env))
    if (checkout) times.checkout!.push(time([checkout], env))
  }
  const summary = readFileSync(join(dir, 'summary'), 'utf8')
  rmSync(dir, { recursive: true, force: true })
  if (!summary.includes('nothing to do'))
    throw new Error(`start-up: the bundle did not decide: ${summary}`)
  const a = median(times.action!)
  const n = median(times.node!)
  const c = checkout ? median(times.checkout!) : undefined
  const sec = (ms: number) => `${(ms / 1000).toFixed(3)} s`
  return [
    `### start-up (a push event it ignores, to its first decision; ${times.action!.length} runs each, medians)`,
    '',
    "| the action | actions/checkout's bundle | node itself | action ÷ checkout | action ÷ node |",
    '| --- | --- | --- | --- | --- |',
    `| ${sec(a)} | ${c === undefined ? 'not given (--checkout-bundle)' : sec(c)} | ${sec(n)} | ${c === undefined ? '' : `${(a / c).toFixed(2)}×`} | ${(a / n).toFixed(2)}× |`
  ].join('\n')
}
