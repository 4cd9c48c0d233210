/**
 * A git failure is never read as an answer (issue 23, item 4): an ancestry question git fails to answer throws, on the
 * shallow checkout the loop makes as on a full one, and the returns reading fails with git's words before it reads any
 * finding; a commit the repository does not have is a real "no". A file at an earlier head that git fails to read
 * throws too, where the questions an author's push left waiting are decided (src/run/held-gates.ts) and where a
 * suggestion the author committed is read (src/run/committed.ts); an earlier head the repository does not have is
 * a real "nothing to compare". A git that fails on cue stands first on PATH for the
 * whole file (the action looks git up once a process).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EMPTY_CONFIG } from '../src/config/types.js'
import { checkoutPullHead } from '../src/git/checkout.js'
import { Git } from '../src/git/git.js'
import { PullGraph } from '../src/git/graph.js'
import {
  emptyLedger,
  type Finding,
  type Gate,
  type Invocation,
  type Round
} from '../src/loop/model.js'
import { settleCommittedSuggestions } from '../src/run/committed.js'
import type { Run } from '../src/run/context.js'
import { settleHeld } from '../src/run/held-gates.js'
import { holdsPush } from '../src/run/layer-take-up.js'
import { fileAt } from '../src/run/repo.js'
import { readReturns } from '../src/run/returns.js'
import { readWriteTier } from '../src/run/tier.js'
import {
  failingGit,
  FAILING_GIT_WORDS,
  type FailingGit
} from '../__fixtures__/harness/failing-git.js'
import { GitRemote, harnessGitEnv } from '../__fixtures__/harness/git-remote.js'

let fake: FailingGit
let pathBefore: string | undefined
const dirs: string[] = []
const remotes: GitRemote[] = []
beforeAll(() => {
  fake = failingGit()
  pathBefore = process.env.PATH
  process.env.PATH = fake.path
})
afterAll(() => {
  process.env.PATH = pathBefore
  fake.remove()
  for (const r of remotes) r.dispose()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const env = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' }
const NEVER_PUSHED = 'c0ffee'.padEnd(40, '0')

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: harnessGitEnv(), encoding: 'utf8' }).trim()

/** A full (not shallow) repository: base, the loop's fix commit, and a head on top of it. */
function fullRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-git-failure-'))
  dirs.push(dir)
  git(dir, 'init', '-q', '-b', 'main')
  const commit = (file: string, text: string) => {
    writeFileSync(join(dir, file), text)
    git(dir, 'add', '-A')
    git(dir, 'commit', '-q', '-m', file)
    return git(dir, 'rev-parse', 'HEAD')
  }
  const base = commit('a.txt', 'a\n')
  const fix = commit('a.txt', 'a fixed\n')
  const head = commit('b.txt', 'b\n')
  return { dir, base, fix, head }
}

describe('an ancestry question git fails to answer', () => {
  it('throws with git\'s words on the shallow checkout the loop makes, where it was read as "no"', async () => {
    const remote = GitRemote.create({ files: { 'a.txt': 'a\n' } })
    remotes.push(remote)
    remote.createBranch('feature')
    const fix = remote.commit('feature', { 'a.txt': 'a fixed\n' })
    const head = remote.commit('feature', { 'b.txt': 'b\n' })
    const root = mkdtempSync(join(tmpdir(), 'review-loop-git-failure-'))
    dirs.push(root)
    const ws = join(root, 'checkout')
    const url = `file://${remote.gitDir}`
    await checkoutPullHead({
      workspace: ws,
      remoteUrl: url,
      baseRef: 'main',
      headFetchRef: 'refs/heads/feature',
      headSha: head,
      git: { env }
    })
    expect(await new PullGraph(new Git(ws, { env }), url).isAncestor(fix, head)).toBe(true)
    fake.failAncestry(fix)
    try {
      const graph = new PullGraph(new Git(ws, { env }), url)
      await expect(graph.isAncestor(fix, head)).rejects.toThrow(FAILING_GIT_WORDS)
    } finally {
      fake.failAncestry(undefined)
    }
  })

  it('answers "no" for a commit the repository does not have (recorded, never pushed), where git itself fails', async () => {
    const { dir, fix, head } = fullRepo()
    const graph = new PullGraph(new Git(dir, { env }), 'file:///nowhere')
    expect(await graph.isAncestor(NEVER_PUSHED, head)).toBe(false)
    expect(await graph.isAncestor(fix, head)).toBe(true)
    expect(await graph.isAncestor(head, fix)).toBe(false)
  })
})

/** A run on `dir`, F1 landed by round 1 at `fix`, and round 2 reviewing `head`, which raises F1 again. */
function returning(dir: string, fix: string, head: string) {
  const ledger = emptyLedger('o/r', 1, '2026-11-30T00:00:00Z')
  const f1: Finding = {
    id: 'F1',
    round: 1,
    severity: 'medium',
    file: 'a.txt',
    line: 1,
    description: 'a is wrong',
    outcome: { kind: 'applied', commit: fix }
  }
  ledger.findings.push(f1)
  ledger.counters.finding = 1
  const round = {
    n: 2,
    invocation: 1,
    head,
    findings: ['F1'],
    entries: [],
    intent: { decisions: [] }
  } as unknown as Round
  ledger.rounds.push({ n: 1, invocation: 1, head: fix } as unknown as Round, round)
  const run = {
    settings: { githubToken: '' },
    config: EMPTY_CONFIG,
    env: { workspace: dir, serverUrl: 'file://', owner: 'o', repo: 'r' },
    ledger
  } as unknown as Run
  const items = [
    {
      finding: f1,
      entry: { finding: 'F1', slot: 'relay' as const, outcome: f1.outcome },
      candidate: { lines: ['a fixed'] }
    }
  ]
  return { run, round, f1, items, input: { run, round, nextGate: () => 'G1' } }
}

describe('the returns reading (src/run/returns.ts)', () => {
  it("fails with git's words when git cannot say whether the head holds a landed fix, reading no finding", async () => {
    const { dir, fix, head } = fullRepo()
    const r = returning(dir, fix, head)
    fake.failAncestry(fix)
    try {
      await expect(readReturns(r.input, r.items, new Set())).rejects.toThrow(
        new RegExp(`holds the fix commit ${fix.slice(0, 7)}: .*${FAILING_GIT_WORDS}`)
      )
    } finally {
      fake.failAncestry(undefined)
    }
    expect(r.f1.returns).toBeUndefined()
    expect(r.f1.outcome).toEqual({ kind: 'applied', commit: fix })
    expect(r.round.entries).toEqual([])
    expect(r.round.notes).toBeUndefined()
  })

  it('reads the return once git answers: the fix is in the head', async () => {
    const { dir, fix, head } = fullRepo()
    const r = returning(dir, fix, head)
    await readReturns(r.input, r.items, new Set())
    expect(r.f1.returns).toHaveLength(1)
    expect(r.round.notes ?? []).toEqual([])
  })
})

describe('taking up a push recorded ahead (src/run/layer-take-up.ts, src/run/take-up.ts)', () => {
  it("fails with git's words when git cannot say whether the branch holds the pushed commit", async () => {
    const { dir, fix, head } = fullRepo()
    const { run } = returning(dir, fix, head)
    const push = {
      sha: fix,
      branch: 'feature',
      round: 1,
      findings: ['F1']
    } as unknown as Parameters<typeof holdsPush>[1]
    expect(await holdsPush(run, push, head)).toBe(true)
    fake.failAncestry(fix)
    try {
      await expect(holdsPush(run, push, head)).rejects.toThrow(
        /Could not tell whether feature .* holds the fix commit .*simulated failure/
      )
    } finally {
      fake.failAncestry(undefined)
    }
  })
})

describe('the write-tier signal (src/run/tier.ts)', () => {
  it('says on the trace when the lines the fix wrote cannot be read, and the tier stays', async () => {
    const { dir, fix, head } = fullRepo()
    const { run } = returning(dir, fix, head)
    const GONE = 'dead'.padEnd(40, '0')
    const landed = { n: 1, invocation: 1, landing: { commit: GONE } } as unknown as Round
    const round = { n: 2, invocation: 1, head, findings: [] } as unknown as Round
    run.ledger.rounds = [landed, round]
    const inv = { n: 1 } as unknown as Invocation
    await readWriteTier(run, inv, round)
    expect(round.notes?.join('\n')).toMatch(
      /write tier: not read this round, the tier stays the writer \(the lines the fix commit dead000 wrote could not be read: /
    )
    expect(inv.writeTier).toBeUndefined()
  })
})

/**
 * Round 1 at `old` asked G1 about F1 (its fix shown as a suggestion on line 1 of a.txt); the author pushed `head`
 * over it, and round 2 reviews `head`, where the review finds F1 again with the same fix.
 */
function pushedOver(dir: string, old: string, head: string) {
  const { run } = returning(dir, old, head)
  const fix = { start_line: 1, end_line: 1, replacement: 'a fixed' }
  const f1: Finding = {
    id: 'F1',
    round: 1,
    severity: 'medium',
    file: 'a.txt',
    line: 1,
    description: 'a is wrong',
    fix,
    class: 'judgment',
    gate: 'G1',
    thread: { comment: 1, path: 'a.txt', line: 1, resolved: false },
    outcome: { kind: 'pending' }
  }
  const gate = {
    id: 'G1',
    round: 1,
    kind: 'judgment',
    findings: ['F1'],
    analysis: 'why',
    question: 'apply?',
    options: [],
    open: false,
    status: 'open'
  } as unknown as Gate
  const entry = { finding: 'F1', slot: 'gated' as const, outcome: { kind: 'pending' as const } }
  const round1 = {
    n: 1,
    invocation: 1,
    head: old,
    phase: 'superseded',
    findings: ['F1'],
    entries: [entry]
  }
  const round2 = { n: 2, invocation: 1, head, phase: 'no-review', findings: ['F1'], entries: [] }
  run.ledger.findings = [f1]
  run.ledger.gates = [gate]
  run.ledger.rounds = [round1, round2] as unknown as Round[]
  const surfaced = {
    finding: f1,
    entry: { finding: 'F1', slot: 'relay' as const, outcome: f1.outcome },
    lines: ['a'],
    prior: { severity: 'medium' as const, fix: JSON.stringify(fix) }
  }
  const at = (sha: string, file: string) => fileAt(run, sha, file)
  return { run, gate, f1, round2: run.ledger.rounds[1]!, surfaced, at }
}

describe('the questions an author push left waiting (src/run/held-gates.ts)', () => {
  it("fails with git's words when git cannot read the old head's file to compare the fix, deciding nothing", async () => {
    const { dir, base, head } = fullRepo()
    const p = pushedOver(dir, base, head)
    const before = structuredClone(p.run.ledger)
    fake.failRead(base)
    try {
      await expect(settleHeld(p.run, p.round2, [p.surfaced], p.at)).rejects.toThrow(
        new RegExp(
          `Could not read a.txt at ${base.slice(0, 7)} to tell whether the fix of F1 is the one its gate showed: .*${FAILING_GIT_WORDS}`
        )
      )
    } finally {
      fake.failRead(undefined)
    }
    expect(p.run.ledger).toEqual(before)
  })

  it('decides once git answers: the same fix of the same code, so the question stands', async () => {
    const { dir, base, head } = fullRepo()
    const p = pushedOver(dir, base, head)
    const held = await settleHeld(p.run, p.round2, [p.surfaced], p.at)
    expect([...held.standing]).toEqual(['F1'])
    expect(p.gate).toMatchObject({ status: 'open', round: 2 })
  })

  it('reads an old head the repository does not have as nothing to compare: the question is asked afresh', async () => {
    const { dir, head } = fullRepo()
    const p = pushedOver(dir, NEVER_PUSHED, head)
    const held = await settleHeld(p.run, p.round2, [p.surfaced], p.at)
    expect([...held.standing]).toEqual([])
    expect(p.gate.status).toBe('superseded')
    expect(p.gate.analysis).toMatch(
      /finds F1 again, but the change it proposes is not the one shown/
    )
  })
})

describe('a suggestion the author committed (src/run/committed.ts)', () => {
  it("fails with git's words when git cannot read the file where the suggestion was shown, recording nothing", async () => {
    const { dir, base, fix } = fullRepo()
    const p = pushedOver(dir, base, fix)
    const before = structuredClone(p.run.ledger)
    fake.failRead(base)
    try {
      await expect(settleCommittedSuggestions(p.run, p.round2)).rejects.toThrow(
        new RegExp(
          `Could not read a.txt at ${base.slice(0, 7)} to tell whether the author committed the suggested fix of F1: .*${FAILING_GIT_WORDS}`
        )
      )
    } finally {
      fake.failRead(undefined)
    }
    expect(p.run.ledger).toEqual(before)
  })

  it('records it once git answers: the head holds the fix as proposed', async () => {
    const { dir, base, fix } = fullRepo()
    const p = pushedOver(dir, base, fix)
    await settleCommittedSuggestions(p.run, p.round2)
    expect(p.f1.outcome).toEqual({ kind: 'applied', commit: fix })
    expect(p.gate.status).toBe('superseded')
  })

  it('reads a head the repository does not have as nothing to compare: the finding waits on', async () => {
    const { dir, fix } = fullRepo()
    const p = pushedOver(dir, NEVER_PUSHED, fix)
    await settleCommittedSuggestions(p.run, p.round2)
    expect(p.f1.outcome).toEqual({ kind: 'pending' })
    expect(p.gate.status).toBe('open')
  })
})
