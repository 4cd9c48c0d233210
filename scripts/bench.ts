/**
 * `npm run bench`: one review round of the bundled action against git's own floor, side by side in the same run, on
 * repositories made here (no network): synthetic PRs of 1,000 and 5,000 files, a history of 50,000+ commits made
 * with `git fast-import` (cached under the temp folder), and any bare repository given as `--repo <dir> --base <ref>
 * --head <ref>`. Ratios of medians are the claims, not seconds (docs/performance.md).
 *
 * REVIEW_LOOP_ENTRY names the bundle (default dist/index.js); BENCH_RUNS how many runs per side (default 5).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { LoopWorld } from '../__fixtures__/loop-world.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const ENTRY = resolve(process.env.REVIEW_LOOP_ENTRY ?? 'dist/index.js')
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' }

function git(dir: string, args: string[], input?: string): string {
  return execFileSync('git', args, {
    cwd: dir,
    env: GIT_ENV,
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30
  })
}

/** A fast-import stream writer: commits on branches, each with whole-file contents. */
class Stream {
  private parts: string[] = []
  private mark = 0
  private time = 1_700_000_000
  commit(branch: string, files: Record<string, string>, from?: string): string {
    const mark = `:${++this.mark}`
    const msg = `commit ${this.mark}\n`
    this.parts.push(
      `commit refs/heads/${branch}\nmark ${mark}\ncommitter Bench <bench@example.invalid> ${this.time++} +0000\ndata ${Buffer.byteLength(msg)}\n${msg}`
    )
    if (from) this.parts.push(`from ${from}\n`)
    for (const [path, text] of Object.entries(files))
      this.parts.push(`M 100644 inline ${path}\ndata ${Buffer.byteLength(text)}\n${text}\n`)
    this.parts.push('\n')
    return mark
  }
  write(dir: string): void {
    execFileSync('git', ['fast-import', '--quiet'], {
      cwd: dir,
      env: GIT_ENV,
      input: this.parts.join(''),
      maxBuffer: 1 << 30
    })
    this.parts = []
  }
}

function bare(dir: string): void {
  mkdirSync(dir, { recursive: true })
  git(dir, ['init', '--quiet', '--bare', '--initial-branch=main'])
}

/** A PR of `files` files × 100 lines with every other line changed, on a short history. */
function synthetic(files: number): { dir: string; base: string; head: string } {
  const dir = join(tmpdir(), `review-loop-bench-synthetic-${files}.git`)
  if (!existsSync(join(dir, 'refs', 'heads', 'pr')) && !existsSync(join(dir, 'packed-refs'))) {
    rmSync(dir, { recursive: true, force: true })
    bare(dir)
    const s = new Stream()
    const base: Record<string, string> = {}
    const changed: Record<string, string> = {}
    for (let f = 0; f < files; f++) {
      const lines = Array.from({ length: 100 }, (_, i) => `file ${f} line ${i} of the base`)
      base[`src/d${f % 50}/f${f}.txt`] = lines.join('\n')
      changed[`src/d${f % 50}/f${f}.txt`] = lines
        .map((l, i) => (i % 2 ? `${l} changed by the PR` : l))
        .join('\n')
    }
    let tip = s.commit('main', base)
    for (let i = 0; i < 20; i++) tip = s.commit('main', { [`history/h${i}.txt`]: `${i}` }, tip)
    s.commit('pr', changed, tip)
    s.commit('main', { 'after.txt': 'main moved on' }, tip)
    s.write(dir)
    git(dir, ['repack', '-adq'])
  }
  return { dir, base: 'main', head: 'pr' }
}

/** 50,000+ commits on main (each one small file), and a PR of 20 files on top of an old point of it. */
function deep(): { dir: string; base: string; head: string } {
  const dir = join(tmpdir(), 'review-loop-bench-deep-v1.git')
  if (!existsSync(join(dir, 'review-loop-bench-done'))) {
    rmSync(dir, { recursive: true, force: true })
    bare(dir)
    const s = new Stream()
    const tree: Record<string, string> = {}
    for (let f = 0; f < 200; f++)
      tree[`lib/m${f}.c`] = `/* module ${f} */\nint m${f}(void) { return ${f}; }\n`
    let tip = s.commit('main', tree)
    let fork = tip
    for (let i = 1; i < 52_000; i++) {
      tip = s.commit(
        'main',
        {
          [`lib/m${i % 200}.c`]: `/* module ${i % 200}, rev ${i} */\nint m(void) { return ${i}; }\n`
        },
        tip
      )
      if (i === 50_000) fork = tip
    }
    const pr: Record<string, string> = {}
    for (let f = 0; f < 20; f++) pr[`feature/p${f}.c`] = `int p${f}(void) { return ${f}; }\n`
    const first = s.commit('pr', pr, fork)
    s.commit('pr', { 'feature/p0.c': 'int p0(void) { return -1; }\n' }, first)
    s.write(dir)
    git(dir, ['repack', '-adq'])
    writeFileSync(join(dir, 'review-loop-bench-done'), '')
  }
  return { dir, base: 'main', head: 'pr' }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

/** What any reviewer must do: fetch the merge-base and the head at depth 1, numstat and diff them, check out. */
function floor(url: string, base: string, head: string): number {
  const ws = mkdtempSync(join(tmpdir(), 'review-loop-floor-'))
  const t = performance.now()
  git(ws, ['init', '--quiet'])
  git(ws, ['fetch', '--quiet', '--no-tags', '--depth=1', url, base, head])
  git(ws, ['diff', '--numstat', base, head])
  git(ws, ['diff', base, head])
  git(ws, ['checkout', '--quiet', '--detach', head])
  const ms = performance.now() - t
  rmSync(ws, { recursive: true, force: true })
  return ms
}

/** A preload (NODE_OPTIONS=--import) that records the bundle's peak RSS on exit; the children it starts write nothing. */
function memoryHook(out: string): string {
  const file = join(tmpdir(), `review-loop-bench-rss-hook-${process.pid}.mjs`)
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs'\nif (process.argv[1] === ${JSON.stringify(ENTRY)}) process.on('exit', () => writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)))\n`
  )
  return file
}

const APPROVE = `node -e "process.stdout.write(JSON.stringify({verdict:'approve',findings:[],exercised:[]}))"`

interface Row {
  kind: string
  action: number
  floor: number
  rss: number
  rest: number
}

async function measure(
  name: string,
  repo: { dir: string; base: string; head: string }
): Promise<Row[]> {
  const baseSha = git(repo.dir, ['rev-parse', repo.base]).trim()
  const headSha = git(repo.dir, ['rev-parse', repo.head]).trim()
  const mergeBase = git(repo.dir, ['merge-base', baseSha, headSha]).trim()
  const url = `file://${repo.dir}`
  const rssFile = join(tmpdir(), `review-loop-bench-rss-${process.pid}`)
  process.env.REVIEW_LOOP_ENTRY = ENTRY
  const runEnv = { NODE_OPTIONS: `--import=${memoryHook(rssFile)}` }
  const rows = new Map<
    string,
    { action: number[]; floor: number[]; rss: number[]; rest: number[] }
  >()
  const add = (kind: string, action: number, fl: number, rest: number) => {
    const row = rows.get(kind) ?? { action: [], floor: [], rss: [], rest: [] }
    rows.set(kind, row)
    row.action.push(action)
    row.floor.push(fl)
    row.rss.push(Number(readFileSync(rssFile, 'utf8')) / 1024)
    row.rest.push(rest)
  }
  for (let i = 0; i < RUNS; i++) {
    const world = await LoopWorld.create({
      inputs: { source: 'command', command: APPROVE, landing: 'head' }
    })
    try {
      // The world's remote borrows the repository's objects and points its branches at the case's commits.
      writeFileSync(
        join(world.remote.gitDir, 'objects', 'info', 'alternates'),
        `${join(repo.dir, 'objects')}\n`
      )
      world.remote.git(['update-ref', 'refs/heads/main', baseSha])
      world.remote.git(['update-ref', 'refs/heads/pr', headSha])
      world.fake.setPermission('octo-maintainer', 'write')
      world.sandbox.openPullRequest({
        number: 7,
        title: 'bench',
        headRef: 'pr',
        baseRef: 'main',
        author: 'octo-maintainer'
      })
      const kinds: [string, () => Promise<unknown>][] = [
        [
          'first round (pull_request)',
          () => world.run(world.sandbox.pullRequestEvent('opened', 7), {}, runEnv)
        ],
        [
          'status run (issue_comment)',
          () => world.comment(7, 'octo-maintainer', '/review-loop status', {}, runEnv)
        ],
        [
          'continue with nothing owed (issue_comment)',
          () => world.comment(7, 'octo-maintainer', '/review-loop continue', {}, runEnv)
        ]
      ]
      for (const [kind, go] of kinds) {
        const before = world.fake.requests.length
        const t = performance.now()
        const result = (await go()) as { exitCode: number | null; stderr: string }
        const ms = performance.now() - t
        if (result.exitCode !== 0)
          throw new Error(`${name}: ${kind} failed: ${result.stderr.slice(-2000)}`)
        add(kind, ms, floor(url, mergeBase, headSha), world.fake.requests.length - before)
      }
    } finally {
      await world.dispose()
    }
  }
  // One floor per case: every floor measured in this case's runs, pooled (the runs of each kind take turns with it).
  const floors = [...rows.values()].flatMap(r => r.floor)
  return [...rows].map(([kind, r]) => ({
    kind,
    action: median(r.action),
    floor: median(floors),
    rss: Math.max(...r.rss),
    rest: median(r.rest)
  }))
}

function table(name: string, rows: Row[]): string {
  const lines = [
    `### ${name} (${RUNS} runs of each kind, medians; the floor pooled over all ${RUNS * 3})`,
    '',
    '| run | action | floor | ratio | peak RSS (action process) | REST calls |',
    '| --- | --- | --- | --- | --- | --- |'
  ]
  for (const r of rows)
    lines.push(
      `| ${r.kind} | ${(r.action / 1000).toFixed(2)} s | ${(r.floor / 1000).toFixed(2)} s | ${(r.action / r.floor).toFixed(2)}× | ${r.rss.toFixed(0)} MB | ${r.rest} |`
    )
  return lines.join('\n')
}

/** Start-up: the bundle to its first decision (an event it ignores) against node starting and stopping. */
function startup(): string {
  const time = (args: string[], env: NodeJS.ProcessEnv) => {
    const t = performance.now()
    try {
      execFileSync(process.execPath, args, { env, stdio: 'ignore' })
    } catch {
      // The ignored run exits 0; a failure still measured the start-up.
    }
    return performance.now() - t
  }
  const event = join(tmpdir(), `review-loop-bench-push-${process.pid}.json`)
  writeFileSync(event, '{}')
  const env = {
    PATH: process.env.PATH,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_OUTPUT: join(tmpdir(), `review-loop-bench-out-${process.pid}`),
    GITHUB_STEP_SUMMARY: join(tmpdir(), `review-loop-bench-summary-${process.pid}`)
  }
  const bundle: number[] = []
  const node: number[] = []
  for (let i = 0; i < Math.max(RUNS, 5); i++) {
    bundle.push(time([ENTRY], env))
    node.push(time(['-e', '0'], env))
  }
  const b = median(bundle)
  const n = median(node)
  return [
    '### start-up (the bundle to its first decision: a push event it ignores)',
    '',
    '| action | node itself (floor) | ratio |',
    '| --- | --- | --- |',
    `| ${(b / 1000).toFixed(2)} s | ${(n / 1000).toFixed(2)} s | ${(b / n).toFixed(2)}× |`
  ].join('\n')
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined
  const cases: [string, () => { dir: string; base: string; head: string }][] = [
    ['synthetic PR, 1,000 files × 100 lines', () => synthetic(1000)],
    ['synthetic PR, 5,000 files × 100 lines', () => synthetic(5000)],
    ['deep history (52,000 commits, git fast-import), a 20-file PR', deep]
  ]
  if (args.includes('--repo')) {
    const dir = resolve(args[args.indexOf('--repo') + 1]!)
    const base = args.includes('--base') ? args[args.indexOf('--base') + 1]! : 'HEAD~1'
    const head = args.includes('--head') ? args[args.indexOf('--head') + 1]! : 'HEAD'
    cases.push([`${dir} ${base}..${head}`, () => ({ dir, base, head })])
  }
  console.log(`bundle: ${ENTRY}; node ${process.version}; ${git('.', ['--version']).trim()}`)
  if (!only || only === 'start-up') console.log(`\n${startup()}`)
  for (const [name, make] of cases) {
    if (only && !name.includes(only)) continue
    const t = performance.now()
    const repo = make()
    console.log(
      `\n(${name}: repository ready in ${((performance.now() - t) / 1000).toFixed(1)} s)\n`
    )
    console.log(table(name, await measure(name, repo)))
  }
}

await main()
