/** Sources end to end: Phase 0 designation among several usable sources, and the switch after a round with no review. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from '../__fixtures__/harness/index.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  gateComments,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld
} from '../__fixtures__/e2e.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

describe('designation', () => {
  it('with several usable sources and none named, asks which (no default), then reviews with the choice', async () => {
    const inputs = { 'anthropic-api-key': 'sk-ant-test-key-not-real' }
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', round: '', 'open-gates': 'G1' })
    const gate = gateComments(world)[0]!
    expect(gate.body).toContain('Which source should review this pull request?')
    expect(gate.body).toMatch(/`anthropic`/)
    expect(gate.body).toMatch(/`command`/)
    // The key is masked (the runner learns it from ::add-mask::) and appears nowhere else.
    expect(r1.masks).toContain('sk-ant-test-key-not-real')
    const elsewhere = r1.stdout.split('\n').filter(l => !l.startsWith('::add-mask::'))
    expect(elsewhere.join('\n') + r1.summary).not.toContain('sk-ant-test-key-not-real')
    expect(JSON.stringify(world.fake.commentList)).not.toContain('sk-ant-test-key-not-real')
    const r2 = ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 command, the in-house reviewer',
        inputs
      )
    )
    expect(r2.outputs).toMatchObject({
      status: 'awaiting-decision',
      round: '1',
      'open-gates': 'G2'
    })
    expect(statusRecord(world).body).toContain(
      'chosen at G1 by @octo-maintainer: "command, the in-house reviewer"'
    )
  })

  it('a named source that is not usable fails with what would make it usable', async () => {
    const r = await world.run(world.sandbox.pullRequestEvent('opened', 7), { source: 'anthropic' })
    expect(r.exitCode).toBe(1)
    expect(r.stdout).toMatch(
      /::error::Input 'source' is 'anthropic', which is not usable here: set `anthropic-api-key` or ANTHROPIC_API_KEY/
    )
  })
})

describe('what a request carries', () => {
  it("the head's check results travel as evidence, with the depth; nothing records how findings were disposed of", async () => {
    const head = world.remote.branchSha('feature/not-found')!
    world.fake.checkRuns.set(head, [
      { name: 'unit tests', status: 'completed', conclusion: 'failure' },
      { name: 'lint', status: 'in_progress', conclusion: null }
    ])
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            { severity: 'low', file: 'src/config.js', line: 2, description: 'zero timeout' }
          ],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      },
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            { severity: 'low', file: 'src/config.js', line: 2, description: 'zero timeout' }
          ],
          exercised: { reached: ['contract-closure'], unreached: [] }
        }
      }
    ])
    const inputs = { command: source.command, depth: 'deep', 'next-round': 'none' }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(source.requests()[0]).toMatchObject({
      depth: 'deep',
      evidence: {
        checks: [
          { name: 'unit tests', status: 'completed', conclusion: 'failure' },
          { name: 'lint', status: 'in_progress', conclusion: null }
        ]
      }
    })
    // Dismissed, then reviewed again after an author's push: the dismissal never reaches the source.
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 dismiss we set it per call',
        inputs
      )
    )
    world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    const second = source.requests()[1]!
    expect(second.round).toBe(2)
    expect(JSON.stringify(second)).not.toMatch(/dismiss|we set it per call|G1|F1/)
  })
})

describe('decisions', () => {
  it('a constituted decision reaches every later request in the words given; a dismissal never does', async () => {
    const answer = {
      verdict: 'needs-attention',
      findings: [
        {
          severity: 'high',
          file: 'src/config.js',
          line: 2,
          description: 'A zero timeout never times out.',
          evidence: 'export const TIMEOUT_MS = 0',
          expectation: 'a request to a hung server ends after a bounded time'
        },
        { severity: 'low', file: 'src/client.js', line: 1, description: 'Import is unused.' }
      ],
      exercised: { reached: ['contract-closure'], unreached: [] }
    }
    const source = scriptedSource([{ stdout: answer }, { stdout: answer }, { stdout: answer }])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const words = 'timeouts are set per call by each caller, so the module default stays 0'
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        `/review-loop G1 decide ${words}\n/review-loop G2 dismiss unused on purpose`,
        inputs
      )
    )
    world.remote.commit('feature/not-found', { 'NOTES.md': 'x\n' })
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    const later = source.requests()[1]!
    expect((later.intent as { decisions: unknown[] }).decisions).toEqual([
      { id: 'D1', decision: words, basis: expect.stringContaining('decided by @octo-maintainer') }
    ])
    expect(JSON.stringify(later)).not.toMatch(/unused on purpose|dismiss/)
    // Both findings come back. The dismissal was never conveyed, so its return is absorbed; the decision was, so the
    // return contests it and a design gate opens with the history (seed 004, Rule 9).
    expect(r.outputs).toMatchObject({ status: 'awaiting-decision', round: '2', 'open-gates': 'G3' })
    const status = statusRecord(world).body
    expect(status).toContain(
      'settled policy of G2: dismissed, @octo-maintainer: "dismiss unused on purpose"'
    )
    const design = gateComments(world).at(-1)!.body
    expect(design).toContain(
      'F1 keeps coming back: it came back although this review was told of decision D1'
    )
    expect(design).toContain(`round 1: @octo-maintainer answered G1: "decide ${words}"`)
    const revised = 'revises D1: the module default becomes 30 s, and callers may lower it'
    ok(await world.comment(7, 'octo-maintainer', `/review-loop G3 decide ${revised}`, inputs))
    const ledger = JSON.stringify(world.fake.commentList)
    expect(ledger).toContain('D1 retired: D2')
    world.remote.commit('feature/not-found', { 'NOTES.md': 'y\n' })
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect((source.requests()[2]!.intent as { decisions: { id: string }[] }).decisions).toEqual([
      { id: 'D2', decision: revised, basis: expect.stringContaining('decided by @octo-maintainer') }
    ])
  })
})

describe('a CLI agent source through the action', () => {
  it('claude-code runs read-only from PATH with only its own key, and its answer drives the round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-standin-'))
    const script = join(dir, 'script.json')
    const log = join(dir, 'log.jsonl')
    const answer = {
      verdict: 'needs-attention',
      findings: [
        {
          severity: 'medium',
          file: 'src/client.js',
          line: 8,
          description: 'Loose equality lets "404" match.',
          fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
        }
      ],
      exercised: { reached: ['contract-closure'], unreached: [] },
      direction: null
    }
    writeFileSync(script, JSON.stringify([{ structured: answer, result: JSON.stringify(answer) }]))
    const env = {
      PATH: `${join(REPO_ROOT, '__fixtures__', 'bin')}:${process.env.PATH}`,
      ANTHROPIC_API_KEY: 'sk-ant-standin-key-123456',
      STANDIN_SCRIPT: script,
      STANDIN_LOG: log
    }
    const r = ok(
      await world.run(
        world.sandbox.pullRequestEvent('opened', 7),
        { source: 'claude-code', command: '', driver: 'none' },
        env
      )
    )
    expect(r.outputs).toMatchObject({ status: 'continue', round: '1', verdict: 'needs-attention' })
    const [call] = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map(l => JSON.parse(l) as Record<string, unknown>)
    const argv = call!.argv as string[]
    expect(argv).toEqual(
      expect.arrayContaining([
        '-p',
        '--setting-sources',
        'user',
        '--strict-mcp-config',
        '--tools',
        'Read,Grep,Glob'
      ])
    )
    expect(call!.env).toMatchObject({
      ANTHROPIC_API_KEY: 'sk-ant-standin-key-123456',
      GITHUB_TOKEN: false,
      INPUT: []
    })
    expect(String(call!.stdin)).toMatch(
      /The change from [0-9a-f]{40} to [0-9a-f]{40} is in the file .*change\.diff/
    )
    expect(statusRecord(world).body).toMatch(/Call: +claude -p, model .*effort medium/)
    expect(
      world.remote.readFile(world.remote.branchSha('feature/not-found')!, 'src/client.js')
    ).toContain('status === 404')
  })
})
