/**
 * Nothing applied without what the protocol requires, and nothing reaches the reviewer but design intent (issue 13,
 * items 8–11), end to end through `node dist/index.js`: a finding the driver did not confirm goes to a person; a fix
 * the loop applies on its own without a driver is small and reads as the head does; a fix commit says nothing about
 * findings; a decision reaches the reviewer only as a description of the project.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import type { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  gateComments,
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

// A file the change created: every line of it is the change's.
const TABLE = `${Array.from({ length: 14 }, (_, i) => `export const T${i + 1} = ${i + 1}`).join('\n')}\n`

let world: LoopWorld
const current = usePullRequestWorld({
  base: {
    'README.md': '# calc\n\nSmall arithmetic helpers.\n',
    'docs/numbers.md': '# Numbers\n\nDividing by zero is an error.\n',
    'src/calc.js': CALC_BASE
  },
  files: { 'src/calc.js': CALC_HEAD, 'src/table.js': TABLE },
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

/** A claim the stand-in driver reads as false on the comment at line 6, which shows nothing: its drop is refused. */
const UNGUARDED_DIVIDE = {
  severity: 'medium',
  file: 'src/calc.js',
  line: 7,
  description: '`b` has no check before the division, so divide(1, 0) returns Infinity.',
  fix: {
    start_line: 7,
    end_line: 7,
    replacement: "  if (b === 0) throw new RangeError('divide by zero')\n  return a / b"
  }
}
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

describe('item 8: with a driver, Mechanical only for what Phase 2 confirmed', () => {
  it('a claim the driver read as false, whose drop was refused for want of code, goes to a person', async () => {
    const io = scriptedSourceAndDriver([review([UNGUARDED_DIVIDE]), APPROVE])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const before = world.remote.branchSha(HEAD_REF)
    const r1 = ok(await opened(inputs, io.env))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(world.remote.branchSha(HEAD_REF)).toBe(before)
    // The classify call is told the finding was not confirmed.
    const classify = io.driverRequests().find(q => q.role === 'classify')!
    expect(classify.findings).toEqual([expect.objectContaining({ id: 'F1', verified: false })])
    const gate = gateComments(world)[0]!.body
    expect(gate).toContain('F1')
    expect(gate).toMatch(/did not hold.*could not show it in the code/s)
    expect(gate).toContain('`apply`')
  })

  it('a finding whose verify reading did not run goes to a person, though the driver would call it obvious', async () => {
    const io = scriptedSourceAndDriver([review([EMPTY_MEAN]), APPROVE])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const before = world.remote.branchSha(HEAD_REF)
    const env = { ...io.env, DRIVER_STANDIN_FAIL: 'verify' }
    const r1 = ok(await opened(inputs, env))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(world.remote.branchSha(HEAD_REF)).toBe(before)
    const status = statusRecord(world).body
    expect(status).toMatch(/Not run:.*checking each finding's claim against the code/)
    const classify = io.driverRequests().find(q => q.role === 'classify')!
    expect(classify.findings).toEqual([expect.objectContaining({ id: 'F1', verified: false })])
    expect(gateComments(world)[0]!.body).toMatch(/the driver's check of the claim did not run/)
  })
})

/** A fix of `src/table.js` replacing lines `start..end` with `written` lines. */
const tableFix = (start: number, end: number, written: number, description: string) => ({
  severity: 'low',
  file: 'src/table.js',
  line: start,
  description,
  fix: {
    start_line: start,
    end_line: end,
    replacement: Array.from({ length: written }, (_, i) => `export const U${start + i} = 0`).join(
      '\n'
    )
  }
})

describe('item 9: without a driver, the loop applies on its own only a small fix that reads as the head does', () => {
  it('10 lines replaced by 20 is applied; 11 replaced, or evidence the head does not have, goes to a person', async () => {
    const io = scriptedSourceAndDriver([
      review([
        tableFix(1, 11, 1, 'Eleven constants collapse into one.'),
        tableFix(1, 10, 20, 'Ten constants are spelled out again.'),
        { ...EMPTY_MEAN, evidence: 'return xs.reduce(add, 0) / xs.size' }
      ]),
      APPROVE
    ])
    const inputs = { source: 'command', driver: 'none', command: io.command }
    const r1 = ok(await opened(inputs))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1 G2' })
    const [big, misquoted] = gateComments(world).map(g => g.body)
    expect(big).toContain('F1')
    expect(big).toMatch(/replaces 11 lines with 1; .*at most 10 lines replaced and 20 written/)
    expect(big).toContain('`apply`')
    expect(misquoted).toContain('F3')
    expect(misquoted).toMatch(/the code its evidence quotes is not in src\/calc\.js/)
    expect(statusRecord(world).body).toMatch(/F2 \[introduced\] src\/table\.js:1 .*Mechanical/)
  })
})

describe('item 9: whatever the driver, no fix over the hard bound is written', () => {
  it('a 201-line replacement is put to a person, with no option to apply it', async () => {
    const huge = tableFix(3, 3, 201, 'The third constant should be a table.')
    const io = scriptedSourceAndDriver([review([huge]), APPROVE])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const before = world.remote.branchSha(HEAD_REF)
    const r1 = ok(await opened(inputs, io.env))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(world.remote.branchSha(HEAD_REF)).toBe(before)
    const gate = gateComments(world)[0]!.body
    expect(gate).toMatch(/201 lines long, over the 200 any fix may write/)
    expect(gate).not.toContain('`apply`')
  })
})

describe('item 9: a correction completes the findings it was sent, and adds nothing', () => {
  it('a finding the correction adds is refused, and a fix it adds is set aside', async () => {
    const blocker = {
      severity: 'high',
      file: 'src/calc.js',
      line: 11,
      description: 'The mean of an empty list is NaN.'
    }
    const completed = {
      ...blocker,
      evidence: 'return xs.reduce(add, 0) / xs.length',
      expectation: 'the mean of no numbers is reported, not NaN',
      fix: EMPTY_MEAN.fix
    }
    const added = tableFix(2, 2, 1, 'The second constant is misnamed.')
    const io = scriptedSourceAndDriver([
      review([blocker]),
      { stdout: { findings: [completed, added] } },
      APPROVE
    ])
    const inputs = { source: 'command', driver: 'none', command: io.command }
    const before = world.remote.branchSha(HEAD_REF)
    const r1 = ok(await opened(inputs))
    expect(io.requests().map(q => q.role)).toEqual(['review', 'correct'])
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(world.remote.branchSha(HEAD_REF)).toBe(before)
    const status = statusRecord(world).body
    expect(status).toMatch(
      /Malformed:.*The second constant is misnamed.*the correction returned a finding it was not sent/
    )
    expect(status).toContain('added a fix the finding did not have; it was set aside')
    expect(status).not.toMatch(/F2 /)
    const gate = gateComments(world)[0]!.body
    expect(gate).toContain('F1')
    expect(gate).not.toContain('`apply`')
  })
})

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

/** A claim with no fix: a person is asked, and may answer with a decision. */
const NO_FIX = { ...EMPTY_MEAN, fix: undefined }
/** A conflict between two of the project's documents that nothing settles: asked open, answered in words. */
const CONFLICT = {
  severity: 'medium',
  file: 'src/calc.js',
  line: 7,
  description: '`divide` returning Infinity conflicts with README.md and docs/numbers.md.'
}

describe('item 11: a decision reaches the reviewer only as a description of the project', () => {
  /** Round 1 asks about `finding`; the answer is taken; the author pushes; what does round 2's request carry? */
  async function answerAndReview(
    finding: unknown,
    answer: (gate: string) => string,
    driver: 'none' | 'command'
  ) {
    const io = scriptedSourceAndDriver([review([finding]), review([finding]), APPROVE])
    const inputs = { source: 'command', driver, command: io.command }
    ok(await opened(inputs, io.env))
    const gate = /### (G\d+)/.exec(gateComments(world)[0]!.body)![1]!
    const body = `/review-loop ${gate} ${answer(gate)}`
    ok(await world.comment(7, 'octo-maintainer', body, inputs, io.env))
    const asked = world.fake.comments(7).find(c => c.body === body)!
    const reply = world.fake
      .comments(7)
      .filter(c => c.id > asked.id && c.body.startsWith('@octo-maintainer'))
      .map(c => c.body)
      .join('\n')
    world.remote.commit(HEAD_REF, { 'NOTES.md': 'why\n' })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs, io.env))
    const told = (io.requests().at(-1)!.intent as { decisions: unknown[] }).decisions
    return { io, gate, reply, told, status: statusRecord(world).body }
  }

  it.each([
    [
      'tells a reviewer what to skip',
      'the reviewers can skip the retry logic',
      /"the reviewers can skip" tells a reviewer what to report or leave out/
    ],
    ['names a finding', 'F1 is fine as it is', /it names F1, which belongs to this review/],
    [
      'declares something out of scope',
      'the divide change is out of scope',
      /"out of scope" declares what this pull request takes on/
    ]
  ])(
    'without a driver, a decision that %s is kept as the person said it, never conveyed, and the reply says why',
    async (_case, words, why) => {
      const r = await answerAndReview(NO_FIX, () => `decide ${words}`, 'none')
      expect(r.reply).toMatch(why)
      expect(r.reply).toContain('will not be passed on to later reviews')
      expect(r.told).toEqual([])
      expect(r.status).toContain(
        `D1 (@octo-maintainer: "${words}") is kept as said and not passed on to reviewers`
      )
    }
  )

  it('with a driver, the driver judges a decision by meaning: words about this change, which no rule catches, are refused', async () => {
    const refused = await answerAndReview(
      NO_FIX,
      () => 'decide leave it as it is in this change',
      'command'
    )
    const admit = refused.io.driverRequests().find(q => q.role === 'admit')!
    expect(admit).toMatchObject({
      words: 'leave it as it is in this change',
      findings: [{ id: 'F1' }]
    })
    expect(refused.reply).toContain('the words are about this review')
    expect(refused.told).toEqual([])
  })

  it.each([
    ['refuses words about this change', 'this is fine as it is for the divide change', false],
    [
      'lets a description of the project travel',
      'Division by zero returns Infinity by design, as IEEE 754 says',
      true
    ]
  ])(
    'with a driver, an open question answered in words goes through the same check: it %s',
    async (_case, words, conveyed) => {
      const r = await answerAndReview(CONFLICT, () => words, 'command')
      expect(r.io.driverRequests().filter(q => q.role === 'admit')).toHaveLength(1)
      if (conveyed) {
        expect(r.reply).toBe('')
        expect(r.told).toEqual([expect.objectContaining({ id: 'D1', decision: words })])
      } else {
        expect(r.reply).toContain('the words are about this review')
        expect(r.told).toEqual([])
      }
    }
  )
})
