/** Stacked landing end to end: the layer's branch and pull request, re-reviews through its head, and where it stops. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { PR_FILES } from '../__fixtures__/sample-repo.js'
import {
  BOT,
  gateComments,
  ok,
  scriptedSource,
  statusRecord,
  useSampleWorld,
  LOOSE_EQUALITY as LOOSE,
  APPROVAL as APPROVE
} from '../__fixtures__/e2e.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const PR_BRANCH = 'feature/not-found'
const LAYER = 'review-loop/pr-7'
const REACH = { reached: ['contract-closure'], unreached: [] }

/** A review with one Mechanical finding on the user agent the PR added (src/config.js line 4). */
const AGENT = {
  stdout: {
    verdict: 'needs-attention',
    findings: [
      {
        severity: 'low',
        file: 'src/config.js',
        line: 4,
        description:
          'The user agent names no contact; servers cannot tell whose client misbehaves.',
        fix: {
          start_line: 4,
          end_line: 4,
          replacement: "export const USER_AGENT = 'http-client/1.0 (+https://example.com)'"
        }
      }
    ],
    exercised: REACH
  }
}

/** The pull requests the action opened, as the fake holds them. */
function layerPulls() {
  return [...world.fake.pulls.values()].filter(p => p.author.login === BOT)
}

/** The parents of a commit on the remote. */
function parents(sha: string): string[] {
  return world.remote.git(['rev-list', '--parents', '-n', '1', sha]).trim().split(' ').slice(1)
}

describe('stacked landing', () => {
  it('lands on a layer with its own pull request, and the next rounds review through the layer while the base stays', async () => {
    const source = scriptedSource([LOOSE, AGENT, APPROVE])
    const inputs = { command: source.command, landing: 'stacked' }
    const prHead = world.remote.branchSha(PR_BRANCH)!

    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ status: 'continue', round: '1' })
    // The PR branch is untouched; the fix is one bot commit on the layer, cut from the head just reviewed.
    expect(world.remote.branchSha(PR_BRANCH)).toBe(prHead)
    const first = world.remote.branchSha(LAYER)!
    expect(parents(first)).toEqual([prHead])
    const [commit] = world.remote.log(LAYER, 1)
    expect(commit!.message).toMatch(/^review-loop: fix commit for round 1\n/)
    expect(commit!.author.name).toBe(BOT)
    expect(world.remote.readFile(first, 'src/client.js')).toContain('return status === 404')
    // Its pull request goes from the layer into the PR's branch, and says the two are approved together.
    const pulls = layerPulls()
    expect(pulls).toHaveLength(1)
    expect(pulls[0]).toMatchObject({ headRef: LAYER, baseRef: PR_BRANCH, state: 'open' })
    expect(pulls[0]!.body).toContain(`merge this pull request into \`${PR_BRANCH}\` before #7`)
    const layerPr = pulls[0]!.number
    expect(r1.summary).toMatch(
      new RegExp(
        `Landing: +the layer stacked above the reviewed head \\(branch ${LAYER}, commit ${first.slice(0, 7)}\\) — pull request #${layerPr} into ${PR_BRANCH}`
      )
    )
    expect(world.fake.dispatches).toHaveLength(1)

    // Round 2 (dispatched) reviews the layer's head against the same base, lands on the same layer and PR, and asks
    // for round 3 (replayed in the same call), which approves the base through the layer's head.
    const [r2, r3] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs).toMatchObject({ status: 'continue', round: '2' })
    const requests = source.requests().filter(q => q.role === 'review')
    expect(requests[0]!.head_sha).toBe(prHead)
    expect(requests[1]!.head_sha).toBe(first)
    expect(requests[1]!.base_sha).toBe(requests[0]!.base_sha)
    const second = world.remote.branchSha(LAYER)!
    expect(parents(second)).toEqual([first])
    expect(world.remote.readFile(second, 'src/config.js')).toContain('(+https://example.com)')
    expect(layerPulls()).toHaveLength(1)
    expect(world.remote.branchSha(PR_BRANCH)).toBe(prHead)

    // Round 3's approval is never shown as #7 converged alone.
    expect(ok(r3!).outputs).toMatchObject({ status: 'converged', round: '3', verdict: 'approve' })
    expect(source.requests().filter(q => q.role === 'review')[2]!.head_sha).toBe(second)
    const covers = `converged with the stacked layer #${layerPr} (branch ${LAYER}, head ${second.slice(0, 7)}): the approval covers #7 and the layer together, never #7 alone — merge #${layerPr} into ${PR_BRANCH} first`
    expect(r3!.summary).toContain(covers)
    expect(statusRecord(world).body).toContain(covers)
    expect(r3!.summary).toMatch(
      /Landing: +the layer stacked above the reviewed head \(branch review-loop\/pr-7\) — nothing landed this round/
    )
  })

  it('asked at the landing gate, stacked is taken once for the invocation and the next round is not asked again', async () => {
    const source = scriptedSource([LOOSE, AGENT, APPROVE])
    const inputs = { command: source.command, landing: undefined }
    const first = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(first.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G1' })
    expect(world.remote.branchSha(LAYER)).toBeUndefined()
    const answered = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 stacked', inputs)
    )
    expect(answered.outputs).toMatchObject({ status: 'continue', round: '1' })
    expect(layerPulls()).toEqual([expect.objectContaining({ headRef: LAYER, baseRef: PR_BRANCH })])
    // Round 2 has a fix of its own: it lands on the same layer without a second landing question.
    const [second] = await world.runDispatches(inputs)
    expect(ok(second!).outputs).toMatchObject({ round: '2', 'open-gates': '' })
    expect(world.remote.log(LAYER, 1)[0]!.message).toMatch(/^review-loop: fix commit for round 2\n/)
    expect(gateComments(world)).toHaveLength(1)
    expect(layerPulls()).toHaveLength(1)
  })

  it('a refusal to open the pull request blocks naming the Actions setting; once allowed, the next run opens it', async () => {
    const source = scriptedSource([LOOSE, APPROVE])
    const inputs = { command: source.command, landing: 'stacked' }
    world.fake.refuse(
      'pulls/create',
      403,
      'GitHub Actions is not permitted to create or approve pull requests.'
    )
    const blocked = await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs)
    expect(blocked.exitCode).toBe(1)
    expect(blocked.outputs).toMatchObject({ status: 'blocked', round: '1' })
    const setting =
      'Settings → Actions → General → Workflow permissions → "Allow GitHub Actions to create and approve pull requests"'
    expect(blocked.stdout).toContain(setting)
    expect(statusRecord(world).body).toContain(setting)
    // Nothing is lost: the fix is on the layer's branch, no pull request was opened, and nothing was dispatched.
    const pushed = world.remote.branchSha(LAYER)!
    expect(world.remote.readFile(pushed, 'src/client.js')).toContain('return status === 404')
    expect(layerPulls()).toEqual([])
    expect(world.fake.dispatches).toEqual([])

    // An admin allows it; the next run finds the commit already on the branch and only opens the pull request.
    world.fake.allow('pulls/create')
    const again = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue', inputs))
    expect(again.outputs).toMatchObject({ status: 'continue', round: '1' })
    expect(world.remote.branchSha(LAYER)).toBe(pushed)
    expect(layerPulls()).toEqual([expect.objectContaining({ headRef: LAYER, baseRef: PR_BRANCH })])
    const [next] = await world.runDispatches(inputs)
    expect(ok(next!).outputs).toMatchObject({ status: 'converged', round: '2' })
    expect(source.requests().filter(q => q.role === 'review')[1]!.head_sha).toBe(pushed)
  })

  it('brings an ordinary push by the author into the layer and reviews the two together', async () => {
    const source = scriptedSource([LOOSE, APPROVE])
    const inputs = { command: source.command, landing: 'stacked' }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const layerHead = world.remote.branchSha(LAYER)!
    const authors = world.remote.commit(PR_BRANCH, { 'CHANGELOG.md': 'isNotFound\n' })

    const r = ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))
    expect(r.outputs).toMatchObject({ status: 'converged', round: '2' })
    // The layer took the author's head by a merge (never a rewrite); the PR branch is the author's alone.
    const merged = world.remote.branchSha(LAYER)!
    expect(parents(merged)).toEqual([layerHead, authors])
    expect(world.remote.branchSha(PR_BRANCH)).toBe(authors)
    const [first, second] = source.requests().filter(q => q.role === 'review')
    expect(second!.head_sha).toBe(merged)
    expect(second!.base_sha).toBe(first!.base_sha)
    expect(second!.changed_files).toEqual(expect.arrayContaining(['CHANGELOG.md', 'src/client.js']))
    expect(r.summary).toContain(
      `the author's push ${authors.slice(0, 7)} was brought into the stacked layer`
    )

    // The round-1 dispatch, replayed late, finds nothing new: neither the author's head nor the layer is a fresh push.
    const [late] = await world.runDispatches(inputs)
    expect(ok(late!).outputs.status).toBe('converged')
    expect(source.requests().filter(q => q.role === 'review')).toHaveLength(2)
  })

  it('stops when the branch beneath the layer is rewritten, showing the cut point, the lower head and what lies between', async () => {
    const source = scriptedSource([LOOSE, APPROVE])
    const inputs = { command: source.command, landing: 'stacked' }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const cut = world.remote.branchSha(PR_BRANCH)!
    const layerHead = world.remote.branchSha(LAYER)!

    // The author force-pushes a rewritten change: the cut point is no longer in the branch's history.
    const rewritten = world.remote.createBranch('rewrite', {
      from: 'main',
      files: { ...PR_FILES, 'src/client.js': PR_FILES['src/client.js'].replace('==', '===') },
      message: 'Add isNotFound and USER_AGENT, strictly'
    })
    world.remote.git(['update-ref', `refs/heads/${PR_BRANCH}`, rewritten])

    const r = await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs)
    expect(r.exitCode).toBe(1)
    expect(r.outputs.status).toBe('blocked')
    const body = statusRecord(world).body
    expect(body).toContain(`Cut point: ${cut}.`)
    expect(body).toContain(`Lower head (\`${PR_BRANCH}\` now): ${rewritten}.`)
    expect(body).toContain(`${rewritten.slice(0, 7)} Add isNotFound and USER_AGENT, strictly`)
    expect(body).toMatch(
      new RegExp(
        `Under the cut point, gone from the lower head: \`${cut.slice(0, 7)} Add isNotFound and USER_AGENT\``
      )
    )
    // Nothing was reviewed or moved: the layer stays where it was.
    expect(source.requests().filter(q => q.role === 'review')).toHaveLength(1)
    expect(world.remote.branchSha(LAYER)).toBe(layerHead)

    // It keeps stopping until a person decides; ending the loop and continuing starts afresh on the new head.
    const again = await world.comment(7, 'octo-maintainer', '/review-loop continue', inputs)
    expect(again.outputs.status).toBe('blocked')
    ok(await world.comment(7, 'octo-maintainer', '/review-loop stop', inputs))
    const fresh = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue', inputs))
    expect(fresh.outputs).toMatchObject({ status: 'converged', round: '2' })
    expect(source.requests().filter(q => q.role === 'review')[1]!.head_sha).toBe(rewritten)
  })
})
