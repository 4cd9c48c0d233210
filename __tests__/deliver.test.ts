/** What the token cannot push: patches git applies, the diff's reach, and a pass with a workflow file taken out. */
import { afterAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { harnessGitEnv } from '../__fixtures__/harness/git-remote.js'
import { emptyLedger, type Finding, type Round } from '../src/loop/model.js'
import type { Run } from '../src/run/context.js'
import { deliverUnpushable, landingNote, parseHunks, unifiedPatch } from '../src/run/deliver.js'
import type { WritePass } from '../src/run/write-pass.js'
import { fakeRun as wholeRun, pullRequest, settings } from './fakes/world.js'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-deliver-'))
  roots.push(dir)
  return dir
}

function sh(cwd: string, args: string[], input?: string): string {
  return execFileSync('git', args, { cwd, env: harnessGitEnv(), encoding: 'utf8', input })
}

/** A repository holding `files`, committed. */
function repo(files: Record<string, string>): string {
  const dir = scratch()
  sh(dir, ['init', '-q'])
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  sh(dir, ['add', '-A'])
  sh(dir, ['commit', '-q', '-m', 'base'])
  return dir
}

const WORKFLOW = '.github/workflows/ci.yml'
const CI =
  'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n'

describe('unifiedPatch', () => {
  it('makes a patch git applies from the repository root, nested path and all', async () => {
    const dir = repo({ [WORKFLOW]: CI })
    const after = CI.replace('ubuntu-latest', 'ubuntu-24.04')
    const patch = await unifiedPatch(scratch(), WORKFLOW, CI, after)
    expect(patch).toContain(`--- a/${WORKFLOW}`)
    expect(patch).toContain(`+++ b/${WORKFLOW}`)
    expect(patch).toContain('-    runs-on: ubuntu-latest\n+    runs-on: ubuntu-24.04')
    sh(dir, ['apply', '-'], patch)
    expect(readFileSync(join(dir, WORKFLOW), 'utf8')).toBe(after)
  })

  it('keeps a missing final newline exact', async () => {
    const before = 'a\nb\nc'
    const dir = repo({ 'x.txt': before })
    const patch = await unifiedPatch(scratch(), 'x.txt', before, 'a\nB\nc')
    expect(patch).toContain('\\ No newline at end of file')
    sh(dir, ['apply', '-'], patch)
    expect(readFileSync(join(dir, 'x.txt'), 'utf8')).toBe('a\nB\nc')
  })

  it('refuses a path that leaves the repository', async () => {
    await expect(unifiedPatch(scratch(), '../escape.txt', 'a\n', 'b\n')).rejects.toThrow(
      /not a path inside the repository/
    )
  })
})

describe('parseHunks', () => {
  it("reads each file's head-side ranges from a real diff, three lines of context included", () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`)
    const dir = repo({ 'a.txt': `${lines.join('\n')}\n`, 'b.txt': 'one\n' })
    const changed = [...lines]
    changed[9] = 'line ten'
    writeFileSync(join(dir, 'a.txt'), `${changed.join('\n')}\n`)
    writeFileSync(join(dir, 'new.txt'), 'fresh\nfile\n')
    sh(dir, ['add', '-A'])
    const diff = sh(dir, ['diff', '--cached', '-U3', '--src-prefix=a/', '--dst-prefix=b/'])
    const hunks = parseHunks(diff)
    expect(hunks.get('a.txt')).toEqual([[7, 13]])
    expect(hunks.get('new.txt')).toEqual([[1, 2]])
    expect(hunks.has('b.txt')).toBe(false)
  })
})

function finding(id: string, file: string, line: number): Finding {
  return {
    id,
    round: 1,
    severity: 'medium',
    file,
    line,
    description: `${id} description`,
    fix: { start_line: line, end_line: line, replacement: 'x' },
    class: id === 'F1' ? 'judgment' : 'mechanical',
    outcome: { kind: 'pending' }
  }
}

/** The parts of a run the delivery of a non-fork pass reads; `round` is the ledger's round being delivered. */
function fakeRun(
  findings: Finding[],
  opts: { fork?: boolean; identity?: string; round?: Round } = {}
): Run {
  const ledger = emptyLedger('o/r', 3, '2026-11-30T00:00:00Z')
  ledger.findings.push(...findings)
  if (opts.round) ledger.rounds.push(opts.round)
  return wholeRun({
    pr: pullRequest({ fork: opts.fork ?? false, number: 3 }),
    env: { runnerTemp: scratch() },
    identity: opts.identity ?? 'github-actions[bot]',
    settings: settings({ nextRound: 'dispatch' }),
    ledger
  })
}

describe('deliverUnpushable', () => {
  it('takes a workflow file out of the pass: patch on the trace, finding carried, the rest still to push', async () => {
    const f1 = finding('F1', WORKFLOW, 4)
    const f2 = finding('F2', 'src/a.js', 1)
    const round = {
      n: 2,
      entries: [
        { finding: 'F1', slot: 'gated', outcome: { kind: 'pending' } },
        { finding: 'F2', slot: 'relay', outcome: { kind: 'pending' } }
      ]
    } as unknown as Round
    const after = CI.replace('ubuntu-latest', 'ubuntu-24.04')
    const pass: WritePass = {
      originals: new Map([
        [WORKFLOW, CI],
        ['src/a.js', 'let a = 1\n']
      ]),
      contents: new Map([
        [WORKFLOW, after],
        ['src/a.js', 'const a = 1\n']
      ]),
      edits: [
        {
          finding: 'F1',
          file: WORKFLOW,
          start: 4,
          end: 4,
          replacement: '    runs-on: ubuntu-24.04'
        },
        { finding: 'F2', file: 'src/a.js', start: 1, end: 1, replacement: 'const a = 1' }
      ]
    }
    const toPush = await deliverUnpushable(fakeRun([f1, f2], { round }), round, pass)
    expect(toPush).toEqual(['F2'])
    expect([...pass.contents.keys()]).toEqual(['src/a.js'])
    expect(pass.edits.map(e => e.finding)).toEqual(['F2'])
    expect(f1.outcome).toMatchObject({ kind: 'carried' })
    expect(f1.outcome.kind === 'carried' && f1.outcome.reason).toMatch(
      /workflow file.*`workflows` permission.*round 2's trace/
    )
    expect(f2.outcome).toEqual({ kind: 'pending' })
    const patch = round.entries[0]!.patch!
    const dir = repo({ [WORKFLOW]: CI })
    sh(dir, ['apply', '-'], patch)
    expect(readFileSync(join(dir, WORKFLOW), 'utf8')).toBe(after)
  })

  it("leaves a file another finding still writes, rewritten without the held finding's edit", async () => {
    const f1 = finding('F1', WORKFLOW, 1)
    const f2 = finding('F2', WORKFLOW, 6)
    // F2's completeness sweep also wrote a site in a normal file; holding F2 holds that site too.
    const f3 = finding('F3', 'src/a.js', 1)
    const round = { n: 1, entries: [] } as unknown as Round
    const pass: WritePass = {
      originals: new Map([
        [WORKFLOW, CI],
        ['src/a.js', 'let a = 1\nlet b = 2\n']
      ]),
      contents: new Map([
        [WORKFLOW, 'changed\n'],
        ['src/a.js', 'const a = 1\nconst b = 2\n']
      ]),
      edits: [
        { finding: 'F2', file: WORKFLOW, start: 6, end: 6, replacement: '      - run: npm ci' },
        { finding: 'F2', file: 'src/a.js', start: 2, end: 2, replacement: 'const b = 2' },
        { finding: 'F3', file: 'src/a.js', start: 1, end: 1, replacement: 'const a = 1' }
      ]
    }
    const toPush = await deliverUnpushable(fakeRun([f1, f2, f3], { round }), round, pass)
    expect(toPush).toEqual(['F3'])
    expect(pass.contents.get('src/a.js')).toBe('const a = 1\nlet b = 2\n')
    expect(pass.contents.has(WORKFLOW)).toBe(false)
    // The held finding's patch covers both of its files, and the entry was added for it.
    const patch = round.entries.find(e => e.finding === 'F2')!.patch!
    expect(patch).toContain(`+++ b/${WORKFLOW}`)
    expect(patch).toContain('+++ b/src/a.js')
    expect(f1.outcome).toEqual({ kind: 'pending' })
  })

  it('passes everything through when nothing is held', async () => {
    const f2 = finding('F2', 'src/a.js', 1)
    const pass: WritePass = {
      originals: new Map([['src/a.js', 'let a = 1\n']]),
      contents: new Map([['src/a.js', 'const a = 1\n']]),
      edits: [{ finding: 'F2', file: 'src/a.js', start: 1, end: 1, replacement: 'const a = 1' }]
    }
    const round = { n: 1, entries: [] } as unknown as Round
    expect(await deliverUnpushable(fakeRun([f2]), round, pass)).toEqual(['F2'])
    expect(pass.contents.get('src/a.js')).toBe('const a = 1\n')
  })
})

describe('landingNote', () => {
  it('says a GITHUB_TOKEN push starts no workflow run, and how to change that', () => {
    expect(landingNote(fakeRun([]))).toMatch(
      /GITHUB_TOKEN.*starts no workflow run.*GitHub App token as `github-token`/
    )
  })

  it('says nothing for another token, or a fork', () => {
    expect(landingNote(fakeRun([], { identity: 'my-app[bot]' }))).toBeUndefined()
    expect(landingNote(fakeRun([], { fork: true }))).toBeUndefined()
  })
})
