/**
 * What the token cannot push, end to end: a fork's fixes handed to its author as suggestions (a review on the diff, a
 * patch in a comment where the diff does not reach), a workflow file's fix handed over as a patch, and the note that a
 * GITHUB_TOKEN push starts no workflow run.
 */
import { afterAll, beforeEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { harnessGitEnv } from '../__fixtures__/harness/git-remote.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES } from '../__fixtures__/sample-repo.js'
import {
  BOT,
  gateComments,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld,
  reviewAnswer
} from '../__fixtures__/e2e.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const clones: string[] = []
afterAll(() => {
  for (const dir of clones) rmSync(dir, { recursive: true, force: true })
})

/** A working clone of `branch`, to apply a delivered patch to exactly as a person would. */
function cloneOf(branch: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-clone-'))
  clones.push(dir)
  execFileSync('git', ['clone', '-q', '--branch', branch, world.remote.gitDir, dir], {
    env: harnessGitEnv()
  })
  return dir
}

/** Applies a patch with `git apply` at the clone's root; throws when git refuses it. */
function gitApply(dir: string, patch: string): void {
  execFileSync('git', ['apply', '-'], { cwd: dir, env: harnessGitEnv(), input: patch })
}

/** The body of the first ```diff block in a text (as a person would copy it). */
function diffBlock(text: string): string {
  const m = /^(`{3,})diff\n([\s\S]*?)\n\1$/m.exec(text)
  if (!m) throw new Error(`no diff block in:\n${text}`)
  return `${m[2]}\n`
}

const review = reviewAnswer

const FORK_CLIENT = `${BASE_FILES['src/client.js']}export const same = (a, b) => a == b\n`

/** The fork's change: one loose comparison on a line it adds (line 6 of src/client.js). */
function openForkPullRequest(): string {
  world.sandbox.openPullRequest({
    number: 8,
    title: 'Fork change',
    headRef: 'fork-feature',
    baseRef: 'main',
    author: 'octo-forker',
    fork: true,
    files: { 'src/client.js': FORK_CLIENT }
  })
  return world.remote.branchSha('fork-feature')!
}

const LOOSE = {
  severity: 'medium',
  file: 'src/client.js',
  line: 6,
  description: 'Loose equality `==` coerces its operands; use `===`.',
  fix: { start_line: 6, end_line: 6, replacement: 'export const same = (a, b) => a === b' }
}

/** On a file the fork did not change: a review comment cannot reach it. */
const TIMEOUT = {
  severity: 'high',
  file: 'src/config.js',
  line: 2,
  description: 'A timeout of 0 disables the request timeout.',
  evidence: 'export const TIMEOUT_MS = 0',
  expectation: 'a request to a server that never answers ends after a bounded time',
  fix: { start_line: 2, end_line: 2, replacement: 'export const TIMEOUT_MS = 10_000' }
}

describe('fork pull requests', () => {
  it("a maintainer starts the loop; the Mechanical fix becomes a suggestion on its line, the fork's branch is untouched, and the loop converges", async () => {
    const head = openForkPullRequest()
    const source = scriptedSource([review([LOOSE])])
    const inputs = { command: source.command }
    const opened = ok(await world.run(world.sandbox.pullRequestEvent('opened', 8), inputs))
    expect(opened.outputs.status).toBe('ignored')
    expect(opened.summary).toContain('fork')

    const start = ok(await world.comment(8, 'octo-maintainer', '/review-loop continue', inputs))
    expect(start.outputs).toMatchObject({ status: 'converged', round: '1' })
    expect(world.remote.branchSha('fork-feature')).toBe(head)

    expect(world.fake.reviews).toHaveLength(1)
    const posted = world.fake.reviews[0]!
    expect(posted).toMatchObject({ pull: 8, state: 'COMMENTED', commitId: head })
    expect(posted.author.login).toBe(BOT)
    expect(posted.body).toMatch(/comes from a fork/)
    expect(posted.comments).toHaveLength(1)
    expect(posted.comments[0]).toMatchObject({ path: 'src/client.js', line: 6, side: 'RIGHT' })
    expect(posted.comments[0]!.startLine).toBeUndefined()
    expect(posted.comments[0]!.body).toContain(
      '```suggestion\nexport const same = (a, b) => a === b\n```'
    )

    const status = statusRecord(world, 8).body
    expect(status).toMatch(
      new RegExp(
        `F1 \\[introduced\\] src/client\\.js:6 .* → suggested to the author: https://github\\.com/\\S+/pull/8#pullrequestreview-${posted.id}`
      )
    )
    // The handover names the suggestion where it waits; no fallback comment was needed.
    const said = world.fake.comments(8).filter(c => c.user.login === BOT)
    expect(said.some(c => c.body.startsWith('### Suggested fixes'))).toBe(false)
    const handover = said.find(c => c.body.startsWith('### What this review leaves behind'))!
    // Among what is still open at the end: the fix waits on the author, where it was suggested.
    expect(handover.body).toMatch(
      new RegExp(
        `suggested to the fork's author, not landed here: \\S+#pullrequestreview-${posted.id}`
      )
    )
  })

  it('a fix on a line outside the diff goes to a comment as a patch that applies; the one inside stays a suggestion', async () => {
    const head = openForkPullRequest()
    const source = scriptedSource([review([LOOSE, TIMEOUT])])
    const inputs = { command: source.command }
    const start = ok(await world.comment(8, 'octo-maintainer', '/review-loop continue', inputs))
    // The timeout fix is on lines the fork did not write: a person decides. The round's review shows its findings
    // where they stand (issue 17): F1 on its line, to apply; F2 off the diff. No suggestion before the answer.
    expect(start.outputs).toMatchObject({
      status: 'awaiting-decision',
      round: '1',
      'open-gates': 'G1'
    })
    // Each reply in a thread is a review of its own at GitHub, with an empty body: the loop's reviews have one.
    const reviews = () => world.fake.reviews.filter(r => r.body !== '')
    expect(reviews()).toHaveLength(1)
    expect(reviews()[0]!.comments.map(c => c.body)).toEqual([expect.stringMatching(/to apply/)])
    expect(reviews()[0]!.comments[0]!.body).not.toContain('```suggestion')

    const answered = ok(await world.comment(8, 'octo-maintainer', '/review-loop G1 apply', inputs))
    expect(answered.outputs).toMatchObject({ status: 'converged', round: '1' })
    expect(world.remote.branchSha('fork-feature')).toBe(head)

    // The approved fix, applied in a later run, goes in a review of its own: the round's was posted already.
    expect(reviews()).toHaveLength(2)
    expect(reviews()[1]!.comments.map(c => `${c.path}:${c.line}`)).toEqual(['src/client.js:6'])
    expect(reviews()[1]!.comments[0]!.body).toContain('```suggestion')
    const fallback = world.fake
      .comments(8)
      .filter(c => c.user.login === BOT && c.body.startsWith('### Suggested fixes, round 1'))
    expect(fallback).toHaveLength(1)
    expect(fallback[0]!.body).toMatch(/only on lines the pull request's diff shows/)
    expect(fallback[0]!.body).toContain('**F2**')
    const patch = diffBlock(fallback[0]!.body)
    expect(patch).toContain('+export const TIMEOUT_MS = 10_000')
    const dir = cloneOf('fork-feature')
    gitApply(dir, patch)
    expect(readFileSync(join(dir, 'src/config.js'), 'utf8')).toContain(
      'export const TIMEOUT_MS = 10_000\n'
    )

    const status = statusRecord(world, 8).body
    expect(status).toMatch(/F1 .* → suggested to the author: \S+#pullrequestreview-\d+/)
    expect(status).toMatch(
      new RegExp(`F2 .* → suggested to the author: \\S+#issuecomment-${fallback[0]!.id}`)
    )
  })

  it('when GitHub refuses the review, every fix still reaches the author in a comment', async () => {
    openForkPullRequest()
    world.fake.refuse('pulls/create-review', 422, 'Unprocessable Entity')
    const source = scriptedSource([review([LOOSE])])
    const inputs = { command: source.command }
    const start = ok(await world.comment(8, 'octo-maintainer', '/review-loop continue', inputs))
    expect(start.outputs).toMatchObject({ status: 'converged', round: '1' })
    expect(start.stdout).toMatch(/::warning::The suggestions could not be posted as a review/)
    expect(world.fake.reviews).toHaveLength(0)
    const fallback = world.fake
      .comments(8)
      .find(c => c.user.login === BOT && c.body.startsWith('### Suggested fixes'))!
    expect(fallback.body).toMatch(/GitHub would not take them as suggestions/)
    const dir = cloneOf('fork-feature')
    gitApply(dir, diffBlock(fallback.body))
    expect(readFileSync(join(dir, 'src/client.js'), 'utf8')).toContain('(a, b) => a === b\n')
  })
})

const WORKFLOW = '.github/workflows/x.yml'
const WORKFLOW_TEXT =
  'name: x\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n'

describe('workflow files', () => {
  it('an approved fix to a workflow file is never written: its patch is on the trace and the finding is carried', async () => {
    world.sandbox.openPullRequest({
      number: 9,
      title: 'Add a workflow',
      headRef: 'ci/x',
      baseRef: 'main',
      author: 'octo-author',
      files: { [WORKFLOW]: WORKFLOW_TEXT }
    })
    const head = world.remote.branchSha('ci/x')!
    const source = scriptedSource([
      review([
        {
          severity: 'medium',
          file: WORKFLOW,
          line: 5,
          description: 'The runner image is not pinned, so the build changes under you.',
          fix: { start_line: 5, end_line: 5, replacement: '    runs-on: ubuntu-24.04' }
        }
      ])
    ])
    const inputs = { command: source.command }
    const opened = ok(await world.run(world.sandbox.pullRequestEvent('opened', 9), inputs))
    // The change wrote the line, but a workflow file is a person's call.
    expect(opened.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(gateComments(world, 9)[0]!.body).toMatch(/workflow file/)
    expect(world.remote.branchSha('ci/x')).toBe(head)

    const answered = ok(await world.comment(9, 'octo-maintainer', '/review-loop G1 apply', inputs))
    expect(answered.outputs).toMatchObject({ status: 'converged', round: '1', 'open-gates': '' })
    expect(world.remote.branchSha('ci/x')).toBe(head)
    expect(world.remote.readFile('ci/x', WORKFLOW)).toBe(WORKFLOW_TEXT)

    const status = statusRecord(world, 9).body
    expect(status).toMatch(
      /F1 .*x\.yml:5 .* → carried: not pushed: \.github\/workflows\/x\.yml is a workflow file, which the workflow's token may not push/
    )
    expect(status).toMatch(/Patch: +F1 \.github\/workflows\/x\.yml, not pushed: apply it yourself/)
    expect(answered.summary).toContain('+    runs-on: ubuntu-24.04')
    const dir = cloneOf('ci/x')
    gitApply(dir, diffBlock(status))
    expect(readFileSync(join(dir, WORKFLOW), 'utf8')).toBe(
      WORKFLOW_TEXT.replace('ubuntu-latest', 'ubuntu-24.04')
    )
  })
})

describe('the GITHUB_TOKEN note', () => {
  it('a landing pushed as github-actions[bot] says on its Landing line that the push starts no workflow run', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const landed = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
    expect(landed.outputs).toMatchObject({ status: 'continue', round: '1' })
    expect(world.remote.log('feature/not-found', 1)[0]!.message).toMatch(
      /^review-loop: fix commit for round \d+\n/
    )
    expect(statusRecord(world).body).toMatch(
      /Landing: +the reviewed head \(branch feature\/not-found, commit [0-9a-f]{7}\) — pushed with the workflow's GITHUB_TOKEN, so GitHub starts no workflow run for this commit.*GitHub App token as `github-token`/
    )
  })

  it("a landing pushed with a person's token carries no such note", async () => {
    const inputs = { 'github-token': world.fake.tokenFor('octo-maintainer') }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const landed = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply', inputs))
    expect(landed.outputs).toMatchObject({ status: 'continue', round: '1' })
    const status = world.fake
      .comments(7)
      .find(c => c.user.login === 'octo-maintainer' && c.body.includes('review-loop:state'))!
    expect(status.body).toMatch(/Landing: +the reviewed head/)
    expect(status.body).not.toMatch(/GITHUB_TOKEN/)
  })
})
