/** `.github/review-loop.yml` end to end: read from the base branch by the bundled action, never from the PR's head. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gateComments, ok, scriptedSource, BOT } from '../__fixtures__/e2e.js'
import { REPO_ROOT } from '../__fixtures__/harness/index.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, PR_FILES, openSamplePullRequest } from '../__fixtures__/sample-repo.js'

const CONFIG = '.github/review-loop.yml'

const worlds: LoopWorld[] = []
afterEach(async () => {
  for (const world of worlds.splice(0)) {
    expect(world.fake.violations).toEqual([])
    await world.dispose()
  }
})

/** A world whose main branch holds `config` (when given), with the sample PR #7 open. */
async function worldWith(
  config: string | undefined,
  inputs: Record<string, string | undefined>,
  headFiles: Record<string, string> = PR_FILES
): Promise<LoopWorld> {
  const files = config === undefined ? BASE_FILES : { ...BASE_FILES, [CONFIG]: config }
  const world = await LoopWorld.create({ files, inputs })
  worlds.push(world)
  if (headFiles === PR_FILES) openSamplePullRequest(world)
  else {
    world.fake.setPermission('octo-maintainer', 'write')
    world.fake.setPermission('octo-author', 'write')
    world.sandbox.openPullRequest({
      number: 7,
      title: 'Add isNotFound, a user agent, and a looser review config',
      headRef: 'feature/not-found',
      baseRef: 'main',
      author: 'octo-author',
      files: headFiles
    })
  }
  return world
}

/** The offline reviewer behind a recorder: every request it gets is kept, one JSON line each. */
function recordingReviewer(): { command: string; requests: () => Record<string, unknown>[] } {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-recorder-'))
  const log = join(dir, 'requests.jsonl')
  const script = join(dir, 'recorder.mjs')
  writeFileSync(
    script,
    `import { appendFileSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
const input = readFileSync(0, 'utf8')
appendFileSync(${JSON.stringify(log)}, JSON.stringify(JSON.parse(input)) + '\\n')
process.stdout.write(execFileSync(process.execPath, [${JSON.stringify(join(REPO_ROOT, 'demo', 'reviewer.mjs'))}], { input }))
`
  )
  return {
    command: `node ${JSON.stringify(script)}`,
    requests: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .map(l => JSON.parse(l) as Record<string, unknown>)
        : []
  }
}

const approve = () =>
  scriptedSource([
    {
      stdout: {
        verdict: 'approve',
        findings: [],
        exercised: { reached: ['contract-closure'], unreached: [] }
      }
    }
  ])

describe('the repository config file', () => {
  it('gives the inputs the workflow leaves empty their defaults, and a set input wins', async () => {
    const config = '# the project reviews hard\ndefaults:\n  depth: deep\n'
    const source = approve()
    const world = await worldWith(config, { command: source.command, landing: 'head' })
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r1.outputs.status).toBe('converged')
    expect(r1.stdout).toContain('Settings read from .github/review-loop.yml on main')
    expect(source.requests().map(r => r.depth)).toEqual(['deep'])

    const set = approve()
    const other = await worldWith(config, { command: set.command, landing: 'head', depth: 'quick' })
    ok(await other.run(other.sandbox.pullRequestEvent('opened', 7)))
    expect(set.requests().map(r => r.depth)).toEqual(['quick'])

    const none = approve()
    const bare = await worldWith(undefined, { command: none.command, landing: 'head' })
    const r3 = ok(await bare.run(bare.sandbox.pullRequestEvent('opened', 7)))
    expect(r3.stdout).toContain('No .github/review-loop.yml on main: built-in defaults apply')
    expect(none.requests().map(r => r.depth)).toEqual(['standard'])
  })

  it("is read from the base branch: a PR loosening its own copy changes nothing; gates take the base's answerers only", async () => {
    const reviewer = recordingReviewer()
    const base = 'answerers:\n  - Octo-Maintainer\ndefaults:\n  depth: quick\n'
    // The head drops the answerers and asks for another depth.
    const world = await worldWith(
      base,
      { command: reviewer.command, landing: 'head' },
      { ...PR_FILES, [CONFIG]: 'defaults:\n  depth: deep\n' }
    )
    const headBefore = world.remote.branchSha('feature/not-found')!

    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r1.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(reviewer.requests().map(r => r.depth)).toEqual(['quick'])
    expect(gateComments(world)).toHaveLength(1)

    // A writer the base's file does not name: refused, the gate stays open, nothing lands.
    const refused = ok(await world.comment(7, 'octo-author', '/review-loop G1 apply'))
    expect(refused.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    const reply = world.fake.comments(7).at(-1)!
    expect(reply.user.login).toBe(BOT)
    expect(reply.body).toContain('@octo-author G1 stays open')
    expect(reply.body).toContain('answered by `Octo-Maintainer`')
    expect(world.remote.branchSha('feature/not-found')).toBe(headBefore)

    // `status` stays open to every writer.
    const before = world.fake.comments(7).length
    ok(await world.comment(7, 'octo-author', '/review-loop status'))
    const posted = world.fake.comments(7).slice(before + 1)
    expect(posted.map(c => c.user.login)).toEqual([BOT])
    expect(posted[0]!.body).toContain('### Review loop')
    expect(posted[0]!.body).not.toContain('stays open')

    // A listed answerer (the login in another case) is obeyed: both fixes land.
    const answered = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 apply, never hang forever')
    )
    expect(answered.outputs).toMatchObject({ status: 'continue', 'open-gates': '' })
    expect(world.remote.branchSha('feature/not-found')).not.toBe(headBefore)
    // The head's copy was never asked for.
    const asked = world.fake.requests.filter(r => r.operationId === 'repos/get-content')
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every(r => r.path.endsWith('?ref=main'))).toBe(true)
  })

  it('blocks the run on a broken file on main, naming the key and the fix, and touches nothing', async () => {
    const reviewer = recordingReviewer()
    const world = await worldWith('rules:\n  - docs/*.md\ndefaults:\n  depth: fast\n', {
      command: reviewer.command,
      landing: 'head'
    })
    const run = await world.run(world.sandbox.pullRequestEvent('opened', 7))
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs.status).toBe('blocked')
    const message = `.github/review-loop.yml on main, line 4: \`defaults.depth\` is "fast": use 'quick', 'standard' or 'deep'.`
    expect(run.annotations.join('\n')).toContain(message)
    expect(run.summary).toContain(message)
    expect(run.summary).toContain('the fix takes effect once it is on main')
    expect(world.fake.comments(7)).toEqual([])
    expect(world.fake.labels(7)).toEqual([])
    expect(world.cache.entries()).toEqual([])
    expect(reviewer.requests()).toEqual([])

    // An event the loop ignores does not even read the file.
    const asked = world.fake.requests.filter(r => r.operationId === 'repos/get-content').length
    const ignored = ok(await world.comment(7, 'octo-maintainer', 'Thanks, looking now.'))
    expect(ignored.outputs.status).toBe('ignored')
    expect(world.fake.requests.filter(r => r.operationId === 'repos/get-content')).toHaveLength(
      asked
    )
  })
})
