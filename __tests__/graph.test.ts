/**
 * Every question the loop asks of git, on the shallow checkout checkoutPullHead makes, answered as a full clone answers
 * it: the base and head trees, the PR's commits, ancestry (a landed fix, an old base, a force-pushed commit), the
 * merge-base when the PR merged its base in, and a stacked layer's cut point.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkoutPullHead } from '../src/git/checkout.js'
import { Git } from '../src/git/git.js'
import { PullGraph } from '../src/git/graph.js'
import { GitRemote, harnessGitEnv } from '../__fixtures__/harness/git-remote.js'

const remotes: GitRemote[] = []
const dirs: string[] = []
afterAll(() => {
  for (const r of remotes) r.dispose()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const env = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' }

/** main: m1..m6 with a fork at m3; feature: f1, f2 on m3. */
function world() {
  const remote = GitRemote.create({ files: { 'a.txt': 'a\n', 'b.txt': 'b\n' } })
  remotes.push(remote)
  const m = [remote.branchSha('main')!]
  for (let i = 2; i <= 3; i++) m.push(remote.commit('main', { [`m${i}.txt`]: `${i}\n` }))
  remote.createBranch('feature')
  const f1 = remote.commit('feature', { 'a.txt': 'a\nfix 1\n' })
  const f2 = remote.commit('feature', { 'c.txt': 'new\n', 'b.txt': null })
  for (let i = 4; i <= 6; i++) m.push(remote.commit('main', { [`m${i}.txt`]: `${i}\n` }))
  return { remote, m, f1, f2 }
}

async function shallowCheckout(remote: GitRemote, headRef: string, headSha: string) {
  const root = mkdtempSync(join(tmpdir(), 'review-loop-graph-'))
  dirs.push(root)
  const ws = join(root, 'checkout')
  const out = await checkoutPullHead({
    workspace: ws,
    remoteUrl: `file://${remote.gitDir}`,
    baseRef: 'main',
    headFetchRef: headRef,
    headSha,
    git: { env }
  })
  const git = new Git(ws, { env })
  return { ws, git, graph: new PullGraph(git, `file://${remote.gitDir}`), out }
}

/** The answer a full clone gives. */
function full(remote: GitRemote, ...args: string[]): { code: number; out: string } {
  try {
    const out = execFileSync('git', ['--git-dir', remote.gitDir, ...args], {
      env: harnessGitEnv(),
      encoding: 'utf8'
    })
    return { code: 0, out: out.trim() }
  } catch (error) {
    return { code: (error as { status: number }).status, out: '' }
  }
}
const fullIsAncestor = (remote: GitRemote, a: string, b: string) =>
  full(remote, 'merge-base', '--is-ancestor', a, b).code === 0

describe('a shallow checkout answers as a full clone', () => {
  it('reads the base and head trees and the PR commits, fetching none of the base history', async () => {
    const { remote, m, f1, f2 } = world()
    const { git, graph, out } = await shallowCheckout(remote, 'refs/heads/feature', f2)
    expect(out.mergeBase).toBe(full(remote, 'merge-base', 'main', f2).out)
    expect(out.mergeBase).toBe(m[2])
    const files = await git.changedFiles(out.mergeBase, f2)
    const fullFiles = full(remote, 'diff', '--name-status', out.mergeBase, f2).out
    expect(files.map(f => `${f.status[0]!.toUpperCase()}\t${f.path}`).join('\n')).toBe(fullFiles)
    expect(await git.readFile(out.mergeBase, 'b.txt')).toBe('b\n')
    expect(await git.readFile(f2, 'a.txt')).toBe('a\nfix 1\n')
    const log = await git.exec(['log', '--format=%H', `${out.mergeBase}..${f2}`])
    expect(log.stdout.trim()).toBe(
      full(remote, 'log', '--format=%H', `${out.mergeBase}..${f2}`).out
    )
    expect(log.stdout.trim().split('\n')).toEqual([f2, f1])
    // Nothing of main's history came: neither m1 nor the commits after the fork.
    for (const sha of [m[0]!, m[1]!, m[3]!, m[5]!])
      expect((await git.tryExec(['cat-file', '-e', `${sha}^{commit}`])).exitCode).not.toBe(0)
    expect(await graph.isDeepened()).toBe(false)
  })

  it('answers every ancestry question the loop asks exactly, deepening only when it must', async () => {
    const { remote, m, f1, f2 } = world()
    const { graph } = await shallowCheckout(remote, 'refs/heads/feature', f2)
    // A landed fix still in the head, the head itself, the cut point: known without more history.
    for (const a of [f1, f2, m[2]!]) expect(await graph.isAncestor(a, f2)).toBe(true)
    expect(await graph.isAncestor(f2, f1)).toBe(false)
    expect(await graph.isDeepened()).toBe(false)
    // A commit pushed and then force-pushed away (never in the head).
    const gone = remote.commit('feature', { 'd.txt': 'gone\n' })
    remote.git(['update-ref', 'refs/heads/feature', f2])
    expect(await graph.isAncestor(gone, f2)).toBe(fullIsAncestor(remote, gone, f2))
    // Base-side commits before and after the fork: more history is needed, and the answer is still git's.
    for (const a of [m[0]!, m[1]!, m[4]!, m[5]!]) {
      expect(await graph.isAncestor(a, f2)).toBe(fullIsAncestor(remote, a, f2))
    }
    expect(await graph.isAncestor(f2, m[5]!)).toBe(false)
  })

  it('finds the merge-base of a PR that merged its base in, and of a head the base already holds', async () => {
    const { remote, m, f2 } = world()
    // The author merges main (m6) into the branch: two cut points, the merge-base moves up to m6.
    const tree = remote.git(['rev-parse', `${f2}^{tree}`]).trim()
    const merge = remote
      .git(['commit-tree', tree, '-p', f2, '-p', m[5]!, '-m', 'merge main'])
      .trim()
    remote.git(['update-ref', 'refs/heads/feature', merge])
    const { out, graph } = await shallowCheckout(remote, 'refs/heads/feature', merge)
    expect(out.mergeBase).toBe(full(remote, 'merge-base', 'main', merge).out)
    expect(out.mergeBase).toBe(m[5])
    expect(await graph.isAncestor(m[2]!, merge)).toBe(true)

    // A branch main already reaches (its PR merged): the merge-base is the head itself.
    remote.createBranch('old', { from: m[3]! })
    const old = await shallowCheckout(remote, 'refs/heads/old', m[3]!)
    expect(old.out.mergeBase).toBe(m[3])
  })

  it("asks GitHub's compare where the history it fetched cannot answer, and deepens only when that cannot say", async () => {
    const { remote, m, f2 } = world()
    const tree = remote.git(['rev-parse', `${f2}^{tree}`]).trim()
    const merge = remote
      .git(['commit-tree', tree, '-p', f2, '-p', m[4]!, '-m', 'merge main'])
      .trim()
    remote.git(['update-ref', 'refs/heads/feature', merge])
    const truth = full(remote, 'merge-base', 'main', merge).out
    /** GitHub's compare as the stand-in answers it: from the whole repository. */
    const compare = async (base: string, head: string) => {
      const mb = full(remote, 'merge-base', base, head)
      if (mb.code !== 0) return undefined
      return {
        mergeBase: mb.out,
        behindBy: Number(full(remote, 'rev-list', '--count', `${head}..${base}`).out)
      }
    }
    const asked: string[] = []
    const checkout = (
      answer: (
        base: string,
        head: string
      ) => Promise<{ mergeBase: string; behindBy: number } | undefined>
    ) => {
      const root = mkdtempSync(join(tmpdir(), 'review-loop-graph-'))
      dirs.push(root)
      const ws = join(root, 'checkout')
      const api = {
        compare: (base: string, head: string) => {
          asked.push(`${base}...${head}`)
          return answer(base, head)
        }
      }
      const git = new Git(ws, { env })
      return checkoutPullHead({
        workspace: ws,
        remoteUrl: `file://${remote.gitDir}`,
        baseRef: 'main',
        headFetchRef: 'refs/heads/feature',
        headSha: merge,
        git: { env },
        api
      }).then(out => ({ out, git, graph: new PullGraph(git, `file://${remote.gitDir}`, api) }))
    }
    // Two cut points: the merge-base is asked once and taken, and nothing of main's history beyond it came.
    const right = await checkout(compare)
    expect(asked).toEqual([`main...${merge}`])
    expect(right.out.mergeBase).toBe(truth)
    expect(right.out.mergeBase).toBe(m[4])
    expect(await right.graph.isDeepened()).toBe(false)
    for (const sha of [m[0]!, m[1]!, m[3]!, m[5]!])
      expect((await right.git.tryExec(['cat-file', '-e', `${sha}^{commit}`])).exitCode).not.toBe(0)
    // Ancestry the fetched history cannot settle (the fork point behind the merge, base-side commits before and after
    // it, a base captured by an earlier round): GitHub's answer, which is a full clone's, and still no deepening.
    for (const a of [m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!])
      expect(await right.graph.isAncestor(a, merge)).toBe(fullIsAncestor(remote, a, merge))
    expect(await right.graph.isDeepened()).toBe(false)
    // Five questions asked of GitHub (m4 is a cut point): the next one deepens instead, answering all that follow.
    expect(await right.graph.mergeBase(m[5]!, merge)).toBe(
      full(remote, 'merge-base', m[5]!, merge).out
    )
    expect(await right.graph.isDeepened()).toBe(true)
    expect(asked).toHaveLength(1 + 5)
    // An answer that is no cut point (stale or wrong) is not taken, nor is none (the call failed): the graph deepens.
    const wrong = await checkout(async () => ({ mergeBase: m[0]!, behindBy: 0 }))
    expect(wrong.out.mergeBase).toBe(truth)
    expect(await wrong.graph.isDeepened()).toBe(true)
    const none = await checkout(async () => undefined)
    expect(none.out.mergeBase).toBe(truth)
    expect(await none.graph.isDeepened()).toBe(true)
    expect(await none.graph.isAncestor(m[5]!, merge)).toBe(false)
  })

  it("knows a stacked layer's cut point is in the lower head, and that a rewrite took it out", async () => {
    const { remote, f2 } = world()
    const layerTip = remote.createBranch('review-loop/pr-7', {
      from: f2,
      files: { 'a.txt': 'a\nfix 1\nloop fix\n' }
    })
    const { graph } = await shallowCheckout(remote, 'refs/heads/feature', f2)
    expect(
      await graph.fetchTip('refs/heads/review-loop/pr-7', 'refs/remotes/origin/review-loop/pr-7')
    ).toBe(layerTip)
    expect(await graph.isAncestor(f2, layerTip)).toBe(true)
    const pushed = remote.commit('feature', { 'e.txt': 'e\n' })
    expect(await graph.fetchTip('refs/heads/feature', 'refs/remotes/origin/feature')).toBe(pushed)
    expect(await graph.isAncestor(f2, pushed)).toBe(true)
    expect(await graph.isAncestor(layerTip, pushed)).toBe(false)
    expect(await graph.isDeepened()).toBe(false)
    // The author rewrites the branch from the fork point: the cut point is gone from the lower head.
    const rewritten = remote
      .git(['commit-tree', `${f2}^{tree}`, '-p', `${f2}~2`, '-m', 'rewritten'])
      .trim()
    remote.git(['update-ref', 'refs/heads/feature', rewritten])
    expect(await graph.fetchTip('refs/heads/feature', 'refs/remotes/origin/feature')).toBe(
      rewritten
    )
    expect(await graph.isAncestor(f2, rewritten)).toBe(fullIsAncestor(remote, f2, rewritten))
    expect(await graph.isAncestor(f2, rewritten)).toBe(false)
    expect(await graph.mergeBase(f2, rewritten)).toBe(full(remote, 'merge-base', f2, rewritten).out)
  })

  it("takes a cut point from a commit's header only, never from a `parent <sha>` line its message holds", async () => {
    const remote = GitRemote.create({ files: { 'a.txt': 'a\n' } })
    remotes.push(remote)
    remote.createBranch('feature')
    remote.createBranch('other')
    const m2 = remote.commit('main', { 'm2.txt': '2\n' })
    const f1 = remote.commit('feature', { 'a.txt': 'a\nfix\n' })
    const o1 = remote.commit(
      'other',
      { 'a.txt': 'a\nother\n' },
      { message: `other fix\n\nparent ${m2}\n` }
    )
    const { graph } = await shallowCheckout(remote, 'refs/heads/feature', f1)
    expect(await graph.fetchTip('refs/heads/other', 'refs/remotes/origin/other')).toBe(o1)
    expect(await graph.isAncestor(m2, o1)).toBe(fullIsAncestor(remote, m2, o1))
    expect(await graph.isAncestor(m2, o1)).toBe(false)
  })
})
