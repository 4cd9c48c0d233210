/**
 * Where and how the action checks the pull request out (issue 15, items 8 and 9): git runs none of the runner's filter
 * drivers on the PR's files, whatever its .gitattributes select, and a run leaves GITHUB_WORKSPACE as it found it.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { ledgerOf, ok } from '../__fixtures__/e2e.js'
import { BASE_FILES, PR_FILES, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'

let world: LoopWorld
const marker = join(mkdtempSync(join(tmpdir(), 'review-loop-filter-')), 'ran')

/** A filter driver in the runner's config that records every time git runs it. */
const runnerFilter = {
  GIT_CONFIG_COUNT: '3',
  GIT_CONFIG_KEY_0: 'filter.mark.smudge',
  GIT_CONFIG_VALUE_0: `sh -c 'echo smudge >> ${marker}; cat'`,
  GIT_CONFIG_KEY_1: 'filter.mark.clean',
  GIT_CONFIG_VALUE_1: `sh -c 'echo clean >> ${marker}; cat'`,
  GIT_CONFIG_KEY_2: 'filter.mark.required',
  GIT_CONFIG_VALUE_2: 'true'
}

beforeEach(async () => {
  world = await LoopWorld.create({
    files: BASE_FILES,
    inputs: { command: REVIEWER_COMMAND, landing: 'head' }
  })
  world.fake.setPermission('octo-maintainer', 'write')
  world.sandbox.openPullRequest({
    number: 7,
    title: 'Add isNotFound and a user agent',
    body: 'Adds a 404 helper and a user-agent setting.',
    headRef: 'feature/not-found',
    baseRef: 'main',
    author: 'octo-author',
    // The pull request selects the runner's filter for every file.
    files: { ...PR_FILES, '.gitattributes': '* filter=mark\n' },
    message: 'Add isNotFound and USER_AGENT'
  })
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

describe('the checkout', () => {
  it("runs none of the runner's filter drivers the PR selects: not checking out, not committing its fix", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, runnerFilter))
    const head = world.remote.branchSha('feature/not-found')
    const r2 = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 apply', {}, runnerFilter)
    )
    expect(r2.outputs.status).toBe('continue')
    // The fixes landed: checked out, written and committed with the filter selected, yet it never ran.
    const fixed = world.remote.branchSha('feature/not-found')
    expect(fixed).not.toBe(head)
    expect(world.remote.readFile(fixed!, 'src/config.js')).toContain('TIMEOUT_MS')
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '').toBe('')
  })

  it('leaves GITHUB_WORKSPACE as it found it, on the pull_request run and on a comment run that lands a fix', async () => {
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    expect(r1.outputs.status).toBe('awaiting-decision')
    expect(readdirSync(r1.workspace)).toEqual([])
    const r2 = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 apply'))
    expect(r2.outputs.status).toBe('continue')
    // Nothing of the pull request is left there for a later step of the job (with a write token) to run.
    expect(readdirSync(r2.workspace)).toEqual([])
  })

  it("reviews a PR that merged its base in without fetching the base branch's history: GitHub's compare answers", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const captured = ledgerOf(world).invocations[0]!.base
    // main moves on, and the author brings it into the branch (GitHub's "Update branch"): two cut points.
    const moved = world.remote.commit('main', { 'docs/later.md': 'later\n' })
    const head = world.remote.branchSha('feature/not-found')!
    const tree = world.remote.git(['rev-parse', `${head}^{tree}`]).trim()
    const merge = world.remote
      .git(['commit-tree', tree, '-p', head, '-p', moved, '-m', 'Merge main'])
      .trim()
    world.remote.git(['update-ref', 'refs/heads/feature/not-found', merge])
    const before = world.fake.requests.length
    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7)))
    expect(r.outputs.round).toBe('2')
    const compared = world.fake.requests
      .slice(before)
      .filter(q => q.operationId === 'repos/compare-commits-with-basehead')
    expect(compared.length).toBeGreaterThan(0)
    // The round kept the base it captured, as a full clone says it may (still under the head), and never deepened.
    expect(world.remote.git(['merge-base', '--is-ancestor', captured, merge])).toBe('')
    expect(ledgerOf(world).rounds.at(-1)!.base).toBe(captured)
    expect(ledgerOf(world).rounds.at(-1)!.head).toBe(merge)
    const checkout = join(r.env.RUNNER_TEMP!, 'review-loop', 'checkout')
    const graph = JSON.parse(readFileSync(join(checkout, '.git', 'review-loop-graph.json'), 'utf8'))
    expect(graph.deepened).toBe(false)
  })

  it('makes no checkout for a /review-loop status run', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(r.outputs.status).toBe('awaiting-decision')
    // The runner's temp folder started empty: nothing was fetched into the action's checkout folder.
    expect(readdirSync(join(r.env.RUNNER_TEMP!, 'review-loop', 'checkout'))).toEqual([])
  })
})
