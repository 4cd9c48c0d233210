/**
 * Convergence end to end, through the bundled action with a scripted source and the stand-in driver: a fix lands,
 * a new finding is deferred under a needs-attention verdict (no arm is met, so the re-review convergence owes is
 * asked for on the same head), and the re-review finds nothing new: converged, with the deferral and the axis the
 * source said it did not reach surfaced as residuals, never as a clearance.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { gateComments, ok, scriptedSourceAndDriver, statusRecord } from '../__fixtures__/e2e.js'
import { carriedText, readStateBlock } from '../src/ledger/codec.js'
import { Ledger } from '../src/loop/model.js'

const BASE = {
  'README.md': '# users\n\nLooks users up.\n',
  'src/db.js': 'export const db = { users: new Map() }\n'
}
const API = 'export function fetchUsr(id) {\n  return db.users.get(id)\n}\n'
const ADMIN = [
  "import * as api from './api.js'",
  '',
  'export function admin(id) {',
  "  return api.fetchUsr(id) ?? 'nobody'",
  '}',
  ''
].join('\n')

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
    files: { 'src/api.js': API, 'src/admin.js': ADMIN },
    message: 'Add user lookup'
  })
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

const reached = { reached: ['contract-closure'], unreached: [] }
const review = (findings: unknown[], exercised: unknown = reached) => ({
  stdout: { verdict: 'needs-attention', findings, exercised }
})
const rename = {
  severity: 'low',
  file: 'src/api.js',
  line: 1,
  description: '`fetchUsr` is misspelt: the module calls users users everywhere else.',
  fix: { start_line: 1, end_line: 1, replacement: 'export function fetchUser(id) {' }
}
// A judgment call: no fix proposed, so a person is asked.
const label = {
  severity: 'medium',
  file: 'src/admin.js',
  line: 4,
  description: "`admin` returns the string 'nobody' where its callers expect a user or undefined."
}

function ledgerNow(): Ledger {
  const state = readStateBlock(statusRecord(world).body)!
  return Ledger.parse(JSON.parse(carriedText(state)!))
}

describe('convergence', () => {
  it('converges in three rounds with the deferral and an unreached axis as residuals, shown in the completion report', async () => {
    const io = scriptedSourceAndDriver([
      review([rename]),
      review([label], {
        reached: ['contract-closure'],
        unreached: [{ axis: 'tests', reason: 'the test suite was not read' }]
      }),
      review([label])
    ])
    const inputs = { source: 'command', driver: 'command', command: io.command }

    // Round 1: the fix lands; a landed edit owes a fresh full review, so round 1 does not converge.
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs, io.env))
    expect(r1.outputs.status).toBe('continue')
    expect(world.remote.readFile('feature/users', 'src/api.js')).toContain('fetchUser(id)')

    // Round 2 (the dispatched re-review): a new judgment finding, asked of a person.
    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs).toMatchObject({ round: '2', status: 'awaiting-decision' })
    const gate = gateComments(world).find(g => g.body.includes('`admin`'))!
    const id = /### (G\d+)/.exec(gate.body)![1]!

    // Deferred under a needs-attention verdict: F2 is new and still open, so no arm is met; the re-review is owed.
    const answered = ok(
      await world.comment(7, 'octo-maintainer', `/review-loop ${id} defer next PR`, inputs, io.env)
    )
    expect(answered.outputs.status).toBe('continue')
    expect(statusRecord(world).body).toMatch(
      /round 2 did not converge: the verdict of round 2 is needs-attention and F2 is new and still open/
    )
    const owed = ledgerNow().owed!
    expect(owed.forConvergence).toMatch(/F2 is new and still open/)
    expect(owed.head).toBe(ledgerNow().rounds.find(r => r.n === 2)!.head)

    // Round 3: the same head re-reviewed; F2 comes back and settled policy absorbs it: zero new, converged.
    const [r3] = await world.runDispatches(inputs)
    expect(ok(r3!).outputs).toMatchObject({ round: '3', status: 'converged' })
    expect(io.requests()).toHaveLength(3)

    const ledger = ledgerNow()
    const inv = ledger.invocations.at(-1)!
    expect(inv.ended).toMatchObject({
      as: 'converged',
      round: 3,
      reason: 'the full re-review of round 3 raised nothing new that holds'
    })
    expect(inv.ended!.residuals).toEqual([
      'unreached: tests: the test suite was not read (round 2)',
      expect.stringMatching(/^F2 \(medium, src\/admin\.js:4: .*\) still open: deferred .*next PR/)
    ])

    // The status comment says it converged with residuals, not that anything was cleared.
    const status = statusRecord(world).body
    expect(status).toContain('**Converged with residuals** (open, not cleared):')
    expect(status).toContain('- unreached: tests: the test suite was not read (round 2)')

    // The job summary's completion report: verdict, rounds, findings by outcome, checks not run, residuals, next.
    const summary = r3!.summary
    const report = summary.slice(summary.indexOf('### Completion report'))
    expect(report).toContain(
      '- **Verdict**: converged on round 3: the full re-review of round 3 raised nothing new that holds'
    )
    expect(report).toContain('- **Rounds**: rounds 1–3 (3 in this review)')
    expect(report).toContain('- **Active findings**: carried (deferred) 1 (F2)')
    expect(report).toContain('- **Resolved findings**: applied 1 (F1)')
    expect(report).toContain('  - unreached: tests: the test suite was not read (round 2)')
    expect(report).toMatch(
      /- \*\*Residual risks\*\* — converged with residuals, none of them a clearance:\n {2}- F2 /
    )
    expect(report).toMatch(
      /- \*\*Next\*\*: merge #7 when .* green; or push to start a new review\./
    )
  })
})
