/**
 * The judgment half end to end, with a driver: the stand-in driver (__fixtures__/driver-standin.mjs) answers from what
 * each request carries, so these runs fail when the loop does not send the code, the base, the earlier findings or
 * the order of authority. The review role is scripted.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  gateComments,
  ok,
  scriptedSourceAndDriver,
  statusRecord,
  reviewAnswer
} from '../__fixtures__/e2e.js'

const BASE = {
  'README.md': '# users\n\nGreets users.\n',
  'AGENTS.md':
    '# Working here\n\n## Order of authority\n\nWhen these documents disagree, the higher one governs:\n\n1. `docs/architecture.md`\n2. `docs/style.md`\n',
  'docs/architecture.md': '# Architecture\n\nRetries live in one place.\n',
  'docs/style.md': '# Style\n\nEach module retries on its own.\n',
  'CONTRIBUTING.md': '# Contributing\n\nNever retry.\n',
  'src/user.js': "export function greet(user) {\n  return 'hi ' + user.name\n}\n",
  'src/legacy.js': 'export const limit = 0\n'
}

const PR_USER =
  "export function greet(user) {\n  if (user == null) return 'hi'\n\n  return 'hi ' + user.name\n}\n\nexport function shout(name) {\n  return name.toUpperCase() + '!'\n}\n\nexport const retries = 3\n"

let world: LoopWorld
beforeEach(async () => {
  world = await LoopWorld.create({ files: BASE, inputs: { landing: 'head' } })
  world.fake.setPermission('octo-maintainer', 'write')
  world.fake.setPermission('octo-author', 'write')
  world.sandbox.openPullRequest({
    number: 7,
    title: 'Add shout',
    body: 'Adds a loud greeting.',
    headRef: 'feature/shout',
    baseRef: 'main',
    author: 'octo-author',
    files: { 'src/user.js': PR_USER },
    message: 'Add shout'
  })
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

const review = reviewAnswer

const FALSE_CLAIM = {
  severity: 'medium',
  file: 'src/user.js',
  line: 4,
  description: '`user` has no null check before `user.name` is read.'
}
const TRUE_CLAIM = {
  severity: 'medium',
  file: 'src/user.js',
  line: 8,
  description: '`shout` throws on a missing `name`.',
  fix: {
    start_line: 8,
    end_line: 8,
    replacement: "  return String(name ?? '').toUpperCase() + '!'"
  }
}
const PRE_EXISTING = {
  severity: 'low',
  file: 'src/legacy.js',
  line: 1,
  description: 'A `limit` of 0 turns paging off.',
  fix: { start_line: 1, end_line: 1, replacement: 'export const limit = 50' }
}

function run(inputs: Record<string, string>, env: Record<string, string>) {
  return world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, env)
}

describe('verification with a driver', () => {
  it('drops a false claim on the quoted code at the head, keeps a true one, and types what it keeps', async () => {
    const io = scriptedSourceAndDriver([
      review([FALSE_CLAIM, TRUE_CLAIM, PRE_EXISTING]),
      review([], 'approve')
    ])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const r1 = ok(await run(inputs, io.env))
    const verify = io.driverRequests().find(q => q.role === 'verify')!
    const items = verify.findings as { key: string; head: { text: string }; base: unknown }[]
    // The driver is sent the code at the head and at the base: a loop that does not send it gets wrong answers.
    expect(items[0]!.head.text).toContain("if (user == null) return 'hi'")
    expect(items[2]!.base).toMatchObject({ path: 'src/legacy.js', text: 'export const limit = 0' })
    const status = statusRecord(world).body
    expect(status).toMatch(
      /F1 src\/user\.js:4 — `user` has no null check before `user\.name` is read\. → dropped: .*src\/user\.js:2 "if \(user == null\) return 'hi'"/
    )
    expect(status).toMatch(/F2 \[introduced\] src\/user\.js:8 .* → to apply/)
    expect(status).toContain('F3 [pre-existing] src/legacy.js:1')
    // Every reading ran, so no Not run line.
    expect(status).not.toMatch(/Not run:/)
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision' })
    // The pre-existing finding needs a person, who may leave it for a follow-up; the question is in plain words.
    const gate = gateComments(world).find(g => g.body.includes('F3'))!
    expect(gate.body).toContain('`follow-up`')
    expect(gate.body).not.toMatch(
      /\b(provenance|predicate|relay|extension|constitution|mechanical)\b/i
    )
  })

  it('hands a pre-existing finding on when a person says so, and the exit handover carries it', async () => {
    const io = scriptedSourceAndDriver([review([PRE_EXISTING]), review([PRE_EXISTING])])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await run(inputs, io.env))
    const gate = gateComments(world)[0]!
    const id = /### (G\d+)/.exec(gate.body)![1]!
    const words = 'follow-up: paging is its own change, tracked separately'
    const r2 = ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${id} ${words}`, inputs, io.env)
    )
    expect(r2.outputs).toMatchObject({ status: 'converged' })
    const handover = world.fake
      .comments(7)
      .find(c => c.body.includes('What this review leaves behind'))!
    expect(handover.body).toContain('**Left for a follow-up**')
    expect(handover.body).toContain('src/legacy.js:1')
    expect(handover.body).toContain(words)
  })
})

describe('governing-surface conflicts', () => {
  it('relays one the declared order settles, citing it, and asks an unsettled one open, keeping the answer verbatim', async () => {
    const settled = {
      severity: 'medium',
      file: 'src/user.js',
      line: 11,
      description:
        '`retries` is set in this module, which conflicts with docs/architecture.md and docs/style.md.',
      fix: { start_line: 11, end_line: 11, replacement: "export { retries } from './retry.js'" }
    }
    const open = {
      severity: 'medium',
      file: 'src/user.js',
      line: 11,
      description: '`retries` at all conflicts with docs/style.md and CONTRIBUTING.md.'
    }
    const io = scriptedSourceAndDriver([review([settled, open]), review([], 'approve')])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await run(inputs, io.env))
    const classifyRequest = io.driverRequests().find(q => q.role === 'classify')!
    expect(classifyRequest.authority).toEqual({
      order: ['docs/architecture.md', 'docs/style.md'],
      declared_in: expect.stringMatching(/^AGENTS\.md:\d+$/)
    })
    const status = statusRecord(world).body
    expect(status).toMatch(
      /F1 \[introduced\] src\/user\.js:11 .* \[.*settled by the declared order of authority \(AGENTS\.md:\d+\): docs\/architecture\.md governs/
    )
    const asked = gateComments(world).find(g => g.body.includes('F2'))!
    expect(asked.body).toContain('Answer in your own words')
    const id = /### (G\d+)/.exec(asked.body)![1]!
    // A direction travels to later reviews as a decision: the driver reads whether it describes the project (an order
    // to the reviewer would be kept as said and never conveyed: e2e-mechanical-and-conveyance.test.ts).
    const words = 'Retries belong to the transport layer; neither document is right, fix both.'
    ok(await world.comment(7, 'octo-maintainer', `/review-loop ${id} ${words}`, inputs, io.env))
    const after = statusRecord(world).body
    expect(after).toContain(`direction given at ${id} (D1) by @octo-maintainer: "${words}"`)
  })
})

describe('returns', () => {
  it('absorbs a dismissed finding that comes back reworded and re-anchored, never asking again, and says why it is the same', async () => {
    const first = { severity: 'low', file: 'src/user.js', line: 8, description: '`shout` shouts.' }
    const again = {
      severity: 'medium',
      file: 'src/user.js',
      line: 9,
      description: 'Calling `shout` yells at the user.'
    }
    const io = scriptedSourceAndDriver([review([first]), review([again])])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await run(inputs, io.env))
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 dismiss it is the point',
        inputs,
        io.env
      )
    )
    world.remote.commit('feature/shout', { 'NOTES.md': 'x\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs, io.env))
    expect(r.outputs).toMatchObject({ status: 'converged', round: '2' })
    expect(gateComments(world)).toHaveLength(1)
    const verify = io.driverRequests().filter(q => q.role === 'verify')[1]!
    expect(verify.prior).toEqual([
      expect.objectContaining({ id: 'F1', outcome: expect.stringContaining('it is the point') })
    ])
    expect(statusRecord(world).body).toMatch(
      /F1 .*→ dropped: settled at G1 .*\[settled policy of G1: dismissed/
    )
  })
})

describe("the loop's own reading against the goal", () => {
  it('reads the artifact, not only the findings, against the goal, and its findings are verified like any other', async () => {
    await world.dispose()
    world = await LoopWorld.create({
      files: {
        ...BASE,
        'README.md':
          '# users\n\n## Mission\n\nGreeting is local: the library never calls `fetch(` or opens a socket.\n'
      },
      inputs: { landing: 'head' }
    })
    world.fake.setPermission('octo-maintainer', 'write')
    world.sandbox.openPullRequest({
      number: 7,
      title: 'Greet by name from the directory',
      body: 'Looks the name up.',
      headRef: 'feature/lookup',
      baseRef: 'main',
      author: 'octo-author',
      files: {
        'src/user.js':
          "export async function greet(user) {\n  const res = await fetch('https://directory.example/' + user.id)\n  return 'hi ' + (await res.json()).name\n}\n"
      },
      message: 'Look names up'
    })
    const io = scriptedSourceAndDriver([review([], 'approve')])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const r = ok(await run(inputs, io.env))
    const goal = io.driverRequests().find(q => q.role === 'goal')!
    expect(goal.goal).toMatchObject({ path: 'README.md', section: 'Mission' })
    expect((goal.goal as { text: string }).text).toContain('never calls `fetch(`')
    // The artifact travels, though the source raised nothing: the reading is not bounded by the surfaced findings.
    expect(goal.findings).toEqual([])
    const files = (goal.artifact as { files: { path: string; text: string }[] }).files
    expect(files.find(f => f.path === 'src/user.js')?.text).toContain('await fetch(')
    // Its finding is verified (a second verify call) and gated like any other.
    const verifies = io.driverRequests().filter(q => q.role === 'verify')
    expect(verifies).toHaveLength(1)
    expect(JSON.stringify(verifies[0]!.findings)).toContain('fetch(')
    const status = statusRecord(world).body
    expect(status).toMatch(/Goal: +.*\(F1\)/)
    expect(r.outputs).toMatchObject({ verdict: 'approve' })
  })
})

describe('the validity gate reads the evidence', () => {
  it('sends a high finding whose quoted evidence is not in the file back for correction, once, in the same round', async () => {
    const misquoted = {
      severity: 'high',
      file: 'src/user.js',
      line: 8,
      description: '`shout` throws on a missing `name`.',
      evidence: 'return name.toLowerCase()',
      expectation: 'a missing name is greeted, not thrown on'
    }
    const quoted = { ...misquoted, evidence: "return name.toUpperCase() + '!'" }
    const io = scriptedSourceAndDriver([review([misquoted]), { stdout: { findings: [quoted] } }])
    const inputs = { source: 'command', driver: 'none', command: io.command }
    ok(await run(inputs, io.env))
    const [first, correction] = io.requests()
    expect(first!.role).toBe('review')
    expect(correction).toMatchObject({ role: 'correct', round: 1 })
    expect(JSON.stringify(correction!.malformed)).toContain(
      "a high finding's `evidence` must quote src/user.js as it reads at the head; it does not appear there"
    )
    // The corrected finding quotes the head: it is judged like any other.
    expect(statusRecord(world).body).toContain('F1 [introduced] src/user.js:8')
  })
})
