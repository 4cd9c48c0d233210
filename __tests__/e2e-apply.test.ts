/**
 * Phase 4 end to end, with the stand-in driver (__fixtures__/driver-standin.mjs) behind scan, write and fit: it
 * answers from what each request carries (the candidate files, the brief's sites), so these runs fail when the loop
 * does not send the repository's other files, writes outside the brief, or skips the check of what was written.
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
  'README.md': '# users\n\nLooks users up.\n',
  'src/db.js': 'export const db = { users: new Map() }\n'
}

const API = 'export function fetchUsr(id) {\n  return db.users.get(id)\n}\n'
const PROFILE =
  "import { fetchUsr } from './api.js'\n\nexport function profile(id) {\n  return fetchUsr(id).name\n}\n"
const ADMIN = [
  "import * as api from './api.js'",
  '',
  'export function admin(id) {',
  "  const label = 'fetchUsr failed'",
  '  return api.fetchUsr(id) ?? label',
  '}',
  '',
  'export function audit(fetchUsr) {',
  "  return fetchUsr('audit')",
  '}',
  ''
].join('\n')
const REPORT = 'import api\n\nprint(api.fetch_usr(1))\n'

let world: LoopWorld
beforeEach(async () => {
  world = await LoopWorld.create({ files: BASE, inputs: { landing: 'head' } })
  world.fake.setPermission('octo-maintainer', 'write')
  world.sandbox.openPullRequest({
    number: 7,
    title: 'Look users up',
    body: 'Adds the user lookup.',
    headRef: 'feature/users',
    baseRef: 'main',
    author: 'octo-author',
    files: {
      'src/api.js': API,
      'src/profile.js': PROFILE,
      'src/admin.js': ADMIN,
      'tools/report.py': REPORT
    },
    message: 'Add user lookup'
  })
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

const review = reviewAnswer

const rename = (note = '') => ({
  severity: 'low',
  file: 'src/api.js',
  line: 1,
  description: `\`fetchUsr\` is misspelt: the module calls users users everywhere else.${note}`,
  fix: { start_line: 1, end_line: 1, replacement: 'export function fetchUser(id) {' }
})

const start = (inputs: Record<string, string>, env: Record<string, string>) =>
  world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, env)

const branch = (path: string) => world.remote.readFile('feature/users', path)

describe('the brief and the completeness sweep', () => {
  it('renames at every site of the predicate in one commit, leaving a string and a shadowing parameter alone and sweeping a differently spelled reference', async () => {
    const io = scriptedSourceAndDriver([review([rename()]), review([], 'approve')])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const r1 = ok(await start(inputs, io.env))
    expect(r1.outputs.status).toBe('continue')

    // One commit, by the loop, holding every site.
    const [commit] = world.remote.log('feature/users', 1)
    expect(commit!.message).toMatch(/^review-loop: fix commit for round 1\n/)
    // The predicate rides on the trace, never in the commit a reviewer reads (issue 13, item 10).
    expect(commit!.message).not.toContain('fetchUsr')
    expect(branch('src/api.js')).toContain('export function fetchUser(id) {')
    expect(branch('src/profile.js')).toBe(
      "import { fetchUser } from './api.js'\n\nexport function profile(id) {\n  return fetchUser(id).name\n}\n"
    )
    const admin = branch('src/admin.js')!
    expect(admin).toContain('  return api.fetchUser(id) ?? label')
    // Spelled the same, meaning something else: the string and the parameter that shadows the name stay.
    expect(admin).toContain("  const label = 'fetchUsr failed'")
    expect(admin).toContain("export function audit(fetchUsr) {\n  return fetchUsr('audit')\n}")
    // Spelled differently, the same reference: swept.
    expect(branch('tools/report.py')).toBe('import api\n\nprint(api.fetchUser(1))\n')

    // The scan was sent the repository's other files, the differently spelled one included.
    const scan = io.driverRequests().find(q => q.role === 'scan')!
    const candidates = (scan.candidates as { path: string }[]).map(c => c.path)
    expect(candidates).toEqual(
      expect.arrayContaining(['src/admin.js', 'src/profile.js', 'tools/report.py'])
    )
    // Five sites, more than the proposal's one: the writer wrote them, on the lower tier.
    const write = io.driverRequests().find(q => q.role === 'write')!
    expect(write.tier).toBe('writer')
    const sites = (write.briefs as { sites: unknown[] }[])[0]!.sites
    expect(sites).toHaveLength(5)

    // The applied entry carries the predicate, the commit the scan read and the sites; the fit pass has its own line.
    const status = statusRecord(world).body
    expect(status).toMatch(
      /F1 \[introduced\] src\/api\.js:1 .* → applied in [0-9a-f]{7} \(predicate: every reference to `fetchUsr`, in any spelling, renamed `fetchUser`; scanned at [0-9a-f]{7}; swept 5 sites: src\/admin\.js:5, src\/api\.js:1, src\/profile\.js:1, src\/profile\.js:4, tools\/report\.py:3\)/
    )
    expect(status).toMatch(/Written: +F1: the writer \(command\)/)
    expect(status).toMatch(/Fit pass: +no adaptation/)
    expect(io.driverRequests().filter(q => q.role === 'fit')).toHaveLength(1)
  })

  it('holds back an edit outside the brief and records a site the writer missed; the next round finds it again', async () => {
    const missed = {
      severity: 'low',
      file: 'tools/report.py',
      line: 3,
      description: '`fetch_usr` is still called by its old, misspelt name here.',
      fix: { start_line: 3, end_line: 3, replacement: 'print(api.fetchUser(1))' }
    }
    const io = scriptedSourceAndDriver([
      review([rename(' [writer skips] [writer strays]')]),
      review([missed]),
      review([], 'approve')
    ])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await start(inputs, io.env))
    // The stray edit was not written; the last site (tools/report.py, in path order) was not either.
    expect(branch('src/api.js')).toContain('fetchUser(id)')
    expect(branch('src/api.js')).not.toContain('stray writer')
    expect(branch('tools/report.py')).toContain('fetch_usr')
    const status = statusRecord(world).body
    expect(status).toMatch(
      /Checked: +F1: site tools\/report\.py:3 of its pattern was not written \(carried to the next round\)/
    )
    expect(status).toMatch(
      /held back, not written unbriefed: the edit at src\/admin\.js:6-6 names no site/
    )

    // The next round's review finds what was missed, and the loop writes it.
    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs.round).toBe('2')
    expect(branch('tools/report.py')).toBe('import api\n\nprint(api.fetchUser(1))\n')
  })
})

describe('the risk screen', () => {
  it('asks a person before a fix that would empty a file, and writes it once they accept', async () => {
    const emptying = {
      severity: 'low',
      file: 'tools/report.py',
      line: 1,
      description: 'This script is dead code; nothing runs it.',
      fix: { start_line: 1, end_line: 3, replacement: '' }
    }
    const io = scriptedSourceAndDriver([review([emptying]), review([], 'approve')])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    const r1 = ok(await start(inputs, io.env))
    expect(r1.outputs.status).toBe('awaiting-decision')
    expect(branch('tools/report.py')).toBe(REPORT)
    const gate = gateComments(world).find(g => g.body.includes('carries a risk'))!
    expect(gate.body).toContain('it would empty tools/report.py')
    const id = /### (G\d+)/.exec(gate.body)![1]!
    // The entry sits under Gated: a person was asked, though the fix itself needed nobody.
    expect(statusRecord(world).body).toMatch(/Gated: +F1 /)

    const r2 = ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${id} apply`, inputs, io.env)
    )
    expect(r2.outputs.status).toBe('continue')
    expect(branch('tools/report.py')).toBe('')
  })
})

describe('the write tier', () => {
  const onLine2 = (name: string, replacement: string) => ({
    severity: 'low',
    file: 'src/api.js',
    line: 2,
    description: `\`${name}\` makes the lookup return the wrong user.`,
    fix: { start_line: 2, end_line: 2, replacement }
  })

  it('hands the writing to the driver when fixes cause findings in consecutive rounds, and back after a clean round', async () => {
    const io = scriptedSourceAndDriver([
      review([onLine2('alpha', '  return db.users.get(String(id))')]),
      review([onLine2('beta', "  return db.users.get(id == null ? '' : String(id))")]),
      review([onLine2('gamma', '  return id == null ? undefined : db.users.get(String(id))')]),
      review([], 'approve')
    ])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await start(inputs, io.env))
    const runs = []
    // The dispatches GitHub would start, each with the stand-in's request log in its environment.
    for (let i = 0; i < world.fake.dispatches.length; i++)
      runs.push(
        ok(await world.run(world.sandbox.dispatchEvent(world.fake.dispatches[i]!), inputs, io.env))
      )
    expect(runs.map(r => r.outputs.status)).toEqual(['continue', 'continue', 'converged'])
    // Round 1's fix and round 2's were written as proposed; round 3's, after two rounds of fix-caused findings, by
    // the driver itself.
    const writes = io.driverRequests().filter(q => q.role === 'write')
    expect(writes.map(w => [w.round, w.tier])).toEqual([[3, 'driver']])
    expect(branch('src/api.js')).toContain(
      'return id == null ? undefined : db.users.get(String(id))'
    )
    const summary = runs.at(-1)!.summary
    expect(summary).toMatch(
      /write tier: escalated to the driver \(fixes caused new findings in rounds 2 \(F2\) and 3 \(F3\)/
    )
    expect(summary).toMatch(
      /write tier: back to the writer \(round 4's review found nothing the previous fixes caused/
    )
  })
})

describe('a fix that comes back', () => {
  it('is re-applied with the driver writing it itself when the diagnosis still holds', async () => {
    const first = {
      severity: 'low',
      file: 'src/api.js',
      line: 2,
      description: '`get` is called with an unchecked `id`.',
      fix: { start_line: 2, end_line: 2, replacement: '  return db.users.get(id ?? 0)' }
    }
    const again = {
      ...first,
      description: 'The lookup still passes an unchecked `id` to `get`.',
      fix: {
        start_line: 2,
        end_line: 2,
        replacement: "  return typeof id === 'string' ? db.users.get(id) : undefined"
      }
    }
    const io = scriptedSourceAndDriver([review([first]), review([again]), review([], 'approve')])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await start(inputs, io.env))
    const r2 = ok(
      await world.run(world.sandbox.dispatchEvent(world.fake.dispatches[0]!), inputs, io.env)
    )
    expect(r2.outputs.round).toBe('2')
    // The first fix was written as proposed; its return, with the diagnosis holding, by the driver.
    const writes = io.driverRequests().filter(q => q.role === 'write')
    expect(writes.map(w => [w.round, w.tier])).toEqual([[2, 'driver']])
    // Its brief is compiled again at the new head: the re-apply sweeps like any fix.
    expect(
      io
        .driverRequests()
        .filter(q => q.role === 'scan')
        .map(q => q.round)
    ).toEqual([1, 2])
    expect(branch('src/api.js')).toContain("typeof id === 'string'")
    expect(statusRecord(world).body).toMatch(/Written: +F1: the driver \(command\)/)
  })
})

describe('the fit pass', () => {
  it('adapts the bundle to a convention of the touched files, and the adaptation loops back once through the sweep', async () => {
    world.remote.commit('main', {
      'AGENTS.md': '# Working here\n\nUse `warnUser` instead of `alertUser`.\n'
    })
    world.sandbox.openPullRequest({
      number: 8,
      title: 'Guard lookups',
      headRef: 'feature/guard',
      baseRef: 'main',
      author: 'octo-author',
      files: {
        'src/api.js': API,
        'src/profile.js':
          "export function profile(id) {\n  const user = fetchUsr(id)\n  if (!user) alertUser('no such user')\n  return user.name\n}\n"
      },
      message: 'Guard lookups'
    })
    const guard = {
      severity: 'medium',
      file: 'src/api.js',
      line: 2,
      description: 'An unknown `id` makes callers crash on `undefined`.',
      fix: {
        start_line: 2,
        end_line: 2,
        replacement:
          "  const user = db.users.get(id)\n  if (!user) alertUser('unknown user')\n  return user"
      }
    }
    const io = scriptedSourceAndDriver([review([guard]), review([], 'approve')])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 8), inputs, io.env))
    const read = (path: string) => world.remote.readFile('feature/guard', path)
    // The fix as proposed, adapted to the convention; the same pattern elsewhere swept in the loop-back.
    expect(read('src/api.js')).toContain("  if (!user) warnUser('unknown user')")
    expect(read('src/profile.js')).toContain("  if (!user) warnUser('no such user')")
    expect(world.remote.log('feature/guard', 1)[0]!.message).toMatch(
      /^review-loop: fix commit for round \d+\n/
    )
    const requests = io.driverRequests()
    // Once: the fit pass is not re-invoked after its loop-back.
    expect(requests.filter(q => q.role === 'fit')).toHaveLength(1)
    const fit = requests.find(q => q.role === 'fit')!
    expect(fit.conventions).toEqual([expect.objectContaining({ path: 'AGENTS.md' })])
    const status = statusRecord(world, 8).body
    expect(status).toMatch(
      /Fit pass: +adapted: 1 line\(s\) adapted to the conventions; loop-back: the adaptation's pattern reached 1 further site\(s\), 1 written/
    )
  })
})

/** A rename the stand-in's scan calls irreversible: an epistemic risk a person accepts or not. */
const risky = {
  ...rename(),
  description: '`fetchUsr` must be renamed; the rename is irreversible for API clients.'
}

describe('the risk screen, epistemic', () => {
  it('asks before writing a fix the scan calls irreversible; a deferral writes nothing', async () => {
    const io = scriptedSourceAndDriver([review([risky]), review([risky])])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await start(inputs, io.env))
    const gate = gateComments(world).find(g => g.body.includes('carries a risk'))!
    expect(gate.body).toContain('the fix is irreversible')
    const id = /### (G\d+)/.exec(gate.body)![1]!
    const r2 = ok(
      await world.comment(
        7,
        'octo-maintainer',
        `/review-loop ${id} defer not before the release`,
        inputs,
        io.env
      )
    )
    expect(branch('src/api.js')).toBe(API)
    expect(statusRecord(world).body).toMatch(
      /Gated: +F1 .*→ carried: deferred at G\d+ by @octo-maintainer: "defer not before the release"/
    )
    // A first pass with a finding is no convergence: the full re-review is owed, and there the deferral, returning
    // uninformed, is settled policy; the loop converges with it as a residual.
    expect(r2.outputs.status).toBe('continue')
    const r3 = ok(
      await world.run(world.sandbox.dispatchEvent(world.fake.dispatches.at(-1)!), inputs, io.env)
    )
    expect(r3.outputs.status).toBe('converged')
    expect(branch('src/api.js')).toBe(API)
  })
})

describe('the risk screen across an author push', () => {
  it('asks again at the new head: an answer to a question that is gone licenses nothing', async () => {
    const io = scriptedSourceAndDriver([review([risky]), review([risky])])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await start(inputs, io.env))
    const before = gateComments(world).filter(g => g.body.includes('carries a risk'))
    expect(before).toHaveLength(1)
    world.remote.commit('feature/users', { 'CHANGELOG.md': 'users\n' })
    const r2 = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs, io.env))
    expect(r2.outputs.status).toBe('awaiting-decision')
    // Nothing written; the fix is scanned and screened again at the new head, and asked about again.
    expect(branch('src/api.js')).toBe(API)
    expect(io.driverRequests().filter(q => q.role === 'scan')).toHaveLength(2)
    expect(gateComments(world).filter(g => g.body.includes('carries a risk'))).toHaveLength(2)
  })
})

describe('a duplicated dispatch', () => {
  it('does nothing the second time: no second review, no second commit', async () => {
    const io = scriptedSourceAndDriver([
      review([rename()]),
      review([], 'approve'),
      review([], 'approve')
    ])
    const inputs = { source: 'command', driver: 'command', command: io.command }
    ok(await start(inputs, io.env))
    const [dispatch] = world.fake.dispatches
    const first = ok(await world.run(world.sandbox.dispatchEvent(dispatch!), inputs, io.env))
    expect(first.outputs).toMatchObject({ status: 'converged', round: '2' })
    const commits = world.remote.log('feature/users').length
    const reviews = io.requests().length
    const again = ok(await world.run(world.sandbox.dispatchEvent(dispatch!), inputs, io.env))
    expect(again.outputs.status).toBe('converged')
    expect(io.requests()).toHaveLength(reviews)
    expect(world.remote.log('feature/users')).toHaveLength(commits)
  })
})
