/**
 * `converged`, and the green `review-loop` status branch protection reads from it, mean that the current head was fully
 * reviewed and every finding reached a disposition a person or the protocol stands behind (issue 13, items 1–7), end
 * to end through the bundled action.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  gateComments,
  ledgerOf,
  mergeGateOn,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'
import { OpenAIFake } from '../__fixtures__/providers/openai-fake.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const BRANCH = 'feature/not-found'
const prHead = () => world.remote.branchSha(BRANCH)!
const EXERCISED = { reached: ['contract-closure'], unreached: [] }
const reviewOf = (
  findings: unknown,
  verdict = 'needs-attention',
  exercised: unknown = EXERCISED
) => ({
  stdout: { verdict, findings, exercised }
})
const CORRECTION_FAILS = { stdout: 'the corrector crashed', exitCode: 1 }
/** The loose comparison the sample pull request writes on src/client.js:8, with its one-line fix. */
const LOOSE = {
  severity: 'medium',
  file: 'src/client.js',
  line: 8,
  description: 'isNotFound compares loosely, so the string "404" matches too.',
  fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
}
/** A finding whose fix writes line 8 as it already reads: the write changes nothing, and the loop carries it. */
const noOp = (description: string) => ({
  ...LOOSE,
  description,
  fix: { start_line: 8, end_line: 8, replacement: '  return status == 404' }
})

/** Opens the sample pull request with a scripted source: the first round's run. */
async function opened(
  steps: Parameters<typeof scriptedSource>[0],
  more: Record<string, string> = {}
) {
  const source = scriptedSource(steps)
  const inputs = { command: source.command, ...more }
  const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
  return { source, inputs, r }
}

describe('1. malformed findings never vanish', () => {
  it('a response whose findings are not an array is no review', async () => {
    const { source, r } = await opened([reviewOf({ 'src/client.js': 'loose' }), CORRECTION_FAILS])
    expect(r.outputs).toMatchObject({ round: '1', status: 'no-review', verdict: '' })
    expect(source.requests().map(q => q.role)).toEqual(['review'])
    expect(ledgerOf(world).rounds[0]!.call).toMatch(/findings must be an array/)
    expect(mergeGateOn(world, prHead())?.state).toBe('failure')
  })

  it('a high finding still without evidence after its one correction is downgraded to medium and judged', async () => {
    const { source, r } = await opened([
      reviewOf([{ ...LOOSE, severity: 'high', fix: undefined }]),
      CORRECTION_FAILS
    ])
    expect(source.requests().map(q => q.role)).toEqual(['review', 'correct'])
    expect(r.outputs).toMatchObject({ round: '1', status: 'awaiting-decision' })
    const ledger = ledgerOf(world)
    expect(ledger.findings[0]).toMatchObject({
      id: 'F1',
      severity: 'medium',
      sourceSeverity: 'high'
    })
    expect(ledger.rounds[0]!.malformed).toEqual([])
    expect(ledger.rounds[0]!.entries[0]!.regraded).toMatchObject({
      from: 'high',
      to: 'medium',
      basis: expect.stringMatching(/downgraded.*never merely preserved/)
    })
    expect(statusRecord(world).body).toContain('[re-graded high → medium:')
    expect(gateComments(world)).toHaveLength(1)
    expect(mergeGateOn(world, prHead())?.state).toBe('pending')
  })

  it('a finding whose only fault is its fix is judged without the fix, and keeps no round from converging', async () => {
    const badFix = { ...LOOSE, fix: { start_line: 8, end_line: 3, replacement: 'x' } }
    const { r } = await opened([reviewOf([badFix]), reviewOf([badFix])])
    expect(r.outputs).toMatchObject({ round: '1', status: 'awaiting-decision' })
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.malformed).toEqual([])
    expect(ledger.findings[0]).toMatchObject({ id: 'F1', file: 'src/client.js', line: 8 })
    expect(ledger.findings[0]!.fix).toBeUndefined()
    expect(statusRecord(world).body).toMatch(/src\/client\.js:8: its fix was set aside/)
  })

  it('what is not a finding at all stays on the Malformed line, and that round does not converge', async () => {
    const { r } = await opened([
      reviewOf([{ severity: 'medium', line: 4 }, { file: 'src/config.js' }]),
      CORRECTION_FAILS
    ])
    expect(r.outputs).toMatchObject({ round: '1', status: 'continue' })
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.malformed).toHaveLength(2)
    expect(ledger.owed?.forConvergence).toMatch(/2 malformed entries.*not a clean full review/)
    expect(statusRecord(world).body).toMatch(/Malformed/)
    expect(mergeGateOn(world, prHead())?.state).toBe('pending')
  })
})

describe('2. a fix the head no longer contains', () => {
  it('a returning finding whose landed fix the author pushed away is owed a fresh fix, never read as fixed', async () => {
    const reviewed = prHead()
    const { source, inputs, r } = await opened([reviewOf([LOOSE]), reviewOf([LOOSE])])
    expect(r.outputs.status).toBe('continue')
    const fix = prHead()
    expect(fix).not.toBe(reviewed)

    // The author force-pushes a head without the loop's fix commit.
    const rewritten = world.remote.createBranch('rewrite', {
      from: reviewed,
      files: { 'NOTES.md': 'why 404\n' },
      message: 'Notes'
    })
    world.remote.git(['update-ref', `refs/heads/${BRANCH}`, rewritten])
    const r2 = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(source.requests().map(q => q.head_sha)).toEqual([reviewed, rewritten])
    expect(r2.outputs).toMatchObject({ round: '2', status: 'continue' })
    // Written again on the new head, and said so on the trace.
    expect(world.remote.readFile(BRANCH, 'src/client.js')).toContain('status === 404')
    expect(prHead()).not.toBe(rewritten)
    const ledger = ledgerOf(world)
    const entry = ledger.rounds.find(x => x.n === 2)!.entries.find(e => e.finding === 'F1')!
    expect(entry.note).toContain(
      `its fix ${fix.slice(0, 7)} is not in ${rewritten.slice(0, 7)}, the head this round reviewed: it is not landed any more`
    )
    expect(ledger.findings[0]!.returns).toEqual([
      expect.objectContaining({ round: 2, handling: 'reapplied' })
    ])
    expect(mergeGateOn(world, prHead())?.state).toBe('pending')
  })
})

describe('3. the merge gate is green only on a converged full review of the current head', () => {
  it('a stop before any review fails', async () => {
    const inputs = { 'anthropic-api-key': 'sk-ant-test-key-not-real' }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const stop = ok(await world.comment(7, 'octo-maintainer', '/review-loop stop', inputs))
    expect(stop.outputs.status).toBe('exited')
    expect(mergeGateOn(world, prHead())).toMatchObject({
      state: 'failure',
      description: expect.stringMatching(/^Stopped before any review of [0-9a-f]{7}/)
    })
  })

  it('a stop after a round with no review fails', async () => {
    const { inputs } = await opened([{ stdout: 'no JSON here' }])
    const stop = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 stop', inputs))
    expect(stop.outputs.status).toBe('exited')
    expect(mergeGateOn(world, prHead())).toMatchObject({
      state: 'failure',
      description: expect.stringMatching(/round 1 produced no review/)
    })
  })

  it('a stop after fixes landed, before the head with them was reviewed, fails', async () => {
    const { inputs } = await opened([reviewOf([LOOSE])])
    const pushed = prHead()
    const stop = ok(await world.comment(7, 'octo-maintainer', '/review-loop stop', inputs))
    expect(stop.outputs.status).toBe('exited')
    expect(mergeGateOn(world, pushed)).toMatchObject({
      state: 'failure',
      description: `Stopped with ${pushed.slice(0, 7)} never reviewed: the loop's fixes for F1 landed after the last review`
    })
  })
})

describe('4. contract-closure', () => {
  it('a reach report that names neither side of it counts it unreached, shown at the end', async () => {
    const { r } = await opened([
      reviewOf([], 'approve', { reached: ['runtime-behavior'], unreached: [] })
    ])
    expect(r.outputs.status).toBe('converged')
    const said = 'unreached: contract-closure: not reported by the source (round 1)'
    expect(ledgerOf(world).invocations[0]!.ended!.residuals).toEqual([said])
    expect(statusRecord(world).body).toContain(
      `**Converged with residuals** (open, not cleared):\n\n- ${said}`
    )
    expect(r.summary.slice(r.summary.indexOf('### Completion report'))).toContain(`  - ${said}`)
  })
})

describe('5. changed files no part could carry', () => {
  let openai: OpenAIFake
  const KEY = 'sk-test-openai-key-1234567890'
  beforeAll(async () => {
    openai = await OpenAIFake.start({ apiKey: KEY, reasoning: true })
  })
  afterAll(async () => {
    await openai.close()
  })

  it('converges only with them named in the headline, and the merge gate is not green', async () => {
    world.remote.commit(BRANCH, { 'src/huge.js': `export const blob = '${'y'.repeat(30_000)}'\n` })
    openai.always({
      kind: 'json',
      value: { verdict: 'approve', findings: [], exercised: EXERCISED }
    })
    const inputs = {
      source: 'openai',
      driver: 'none',
      'base-url': openai.baseUrl,
      'openai-api-key': KEY,
      model: 'gpt-5',
      'source-timeout': '20',
      'review-budget': '20000'
    }
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r.outputs).toMatchObject({ status: 'converged', verdict: 'approve' })
    const headline = '### Review loop: converged; 1 changed file was not reviewed: src/huge.js'
    expect(statusRecord(world).body).toContain(headline)
    const gate = mergeGateOn(world, prHead())!
    expect(gate.state).toBe('failure')
    expect(gate.description!).toMatch(/src\/huge\.js.*review-budget.*reads the repository/)
    expect(gate.description!.length).toBeLessThanOrEqual(140)
  })
})

describe('6. carried work is no disposition', () => {
  it('an approve whose fix the loop could not write does not converge; the stall guard asks instead', async () => {
    const { source, inputs, r } = await opened([
      reviewOf([noOp('isNotFound compares loosely.')], 'approve')
    ])
    expect(r.outputs).toMatchObject({ round: '1', status: 'continue', verdict: 'approve' })
    expect(ledgerOf(world).owed?.forConvergence).toMatch(/F1 .*carried work, not a disposition/)
    const runs = await world.runDispatches(inputs)
    expect(runs.map(x => ok(x).outputs.status)).toEqual(['continue', 'awaiting-decision'])
    expect(source.requests()).toHaveLength(3)
    expect(gateComments(world).at(-1)!.body).toMatch(/^### G1: two rounds in a row changed nothing/)
    expect(mergeGateOn(world, prHead())?.state).toBe('pending')
  })

  it('nor does an approve whose fix a person chose at a gate and the loop could not write', async () => {
    // On a line the change did not write: a person is asked, and the fix they choose writes the line as it reads.
    const asIs = {
      ...LOOSE,
      line: 4,
      description: 'isOk accepts only 200.',
      fix: { start_line: 4, end_line: 4, replacement: '  return status === 200' }
    }
    const { inputs, r } = await opened([reviewOf([asIs], 'approve')])
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    const applied = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply', inputs))
    expect(applied.outputs).toMatchObject({ round: '1', status: 'continue' })
    const ledger = ledgerOf(world)
    expect(ledger.findings[0]!.outcome).toMatchObject({ kind: 'carried', loop: true })
    expect(ledger.owed?.forConvergence).toMatch(/F1 is carried work, not a disposition/)
  })
})

describe('7. answers at a stall gate settle', () => {
  it('a finding dismissed at a stall gate is absorbed when it returns: never asked again, never new', async () => {
    const third = 'isNotFound compares loosely (third wording).'
    const { source, inputs } = await opened([
      reviewOf([noOp('isNotFound compares loosely (first wording).')]),
      reviewOf([noOp('isNotFound compares loosely (second wording).')]),
      reviewOf([noOp(third)]),
      reviewOf([{ ...LOOSE, description: third, fix: undefined }])
    ])
    const stalled = await world.runDispatches(inputs)
    expect(stalled.at(-1)!.outputs).toMatchObject({ round: '3', status: 'awaiting-decision' })
    expect(gateComments(world)[0]!.body).toContain('Still open: F2, F3.')

    const r4 = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 dismiss the linter owns this',
        inputs
      )
    )
    expect(source.requests()).toHaveLength(4)
    expect(r4.outputs).toMatchObject({ round: '4', status: 'converged', 'open-gates': '' })
    expect(gateComments(world)).toHaveLength(1)
    const f3 = ledgerOf(world).findings.find(f => f.id === 'F3')!
    expect(f3.outcome).toEqual({
      kind: 'dropped',
      basis: 'settled at G1 by @octo-maintainer: "dismiss the linter owns this"'
    })
    expect(f3.returns).toEqual([expect.objectContaining({ round: 4, handling: 'absorbed' })])
    expect(mergeGateOn(world, prHead())?.state).toBe('success')
  })
})
