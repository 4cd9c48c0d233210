/**
 * Nothing applied without what the protocol requires, and nothing reaches the reviewer but design intent (issue 13,
 * items 8–11), end to end through `node dist/index.js`: a finding the driver did not confirm goes to a person; a fix
 * the loop applies on its own without a driver is small and reads as the head does; a fix commit says nothing about
 * findings; a decision reaches the reviewer only as a description of the project.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import type { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  ok,
  scriptedSourceAndDriver,
  statusRecord,
  usePullRequestWorld
} from '../__fixtures__/e2e.js'

const CALC_BASE = 'export function add(a, b) {\n  return a + b\n}\n'
// Line 6 is a comment that reads like a guard; lines 5-12 are the change's.
const CALC_HEAD = [
  'export function add(a, b) {',
  '  return a + b',
  '}',
  '',
  'export function divide(a, b) {',
  '  // if (!b) return 0 was here; callers check b themselves',
  '  return a / b',
  '}',
  '',
  'export function mean(xs) {',
  '  return xs.reduce(add, 0) / xs.length',
  '}',
  ''
].join('\n')

let world: LoopWorld
const current = usePullRequestWorld({
  base: { 'README.md': '# calc\n\nSmall arithmetic helpers.\n', 'src/calc.js': CALC_BASE },
  files: { 'src/calc.js': CALC_HEAD },
  // The title names the file: a pull request whose stated purpose licenses fixing anything in it.
  title: 'Add divide and mean to src/calc.js'
})
beforeEach(() => {
  world = current()
})

const HEAD_REF = 'feature/change'
const EXERCISED = { reached: ['contract-closure'], unreached: [] }
const review = (findings: unknown[], verdict = 'needs-attention') => ({
  stdout: { verdict, findings, exercised: EXERCISED }
})
const APPROVE = review([], 'approve')

/** A claim about a line the change wrote, with a one-line fix. */
const EMPTY_MEAN = {
  severity: 'medium',
  file: 'src/calc.js',
  line: 11,
  description: 'The mean of an empty list is NaN: `xs.length` is 0 there.',
  fix: {
    start_line: 11,
    end_line: 11,
    replacement: '  return xs.length === 0 ? 0 : xs.reduce(add, 0) / xs.length'
  }
}

const opened = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
  world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, env)

describe('item 10: fix commits say nothing about findings', () => {
  it("a CLI source reading the branch's history sees only that a fix commit of round 1 exists, and where the trace is", async () => {
    const io = scriptedSourceAndDriver([review([EMPTY_MEAN]), APPROVE], { history: true })
    const inputs = { source: 'command', driver: 'none', command: io.command }
    ok(await opened(inputs))
    const pushed = world.remote.branchSha(HEAD_REF)!
    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs).toMatchObject({ round: '2', status: 'converged' })
    const seen = io.history().find(h => h.round === 2)!
    expect(seen.error).toBeUndefined()
    const status = statusRecord(world)
    const url = world.fake.comments(7).find(c => c.id === status.id)!.html_url
    const fixCommit = seen.log.slice(seen.log.indexOf(pushed)).split('\n').slice(0, 4)
    expect(fixCommit).toEqual([
      pushed,
      'review-loop: fix commit for round 1',
      '',
      `What this round found and did is in the review-loop status comment: ${url}`
    ])
    expect(url).toMatch(/\/octo-org\/octo-repo\/pull\/7#issuecomment-\d+$/)
    // Nothing of the finding travels: not its words, its ID, its fix or what became of it.
    for (const told of [
      'empty list',
      'NaN',
      'xs.length',
      'F1',
      'predicate',
      'literal span',
      'apply'
    ])
      expect(seen.log).not.toContain(told)
  })
})
