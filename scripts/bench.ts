/**
 * `npm run bench`: one review round of the bundled action against git's own floor, side by side in the same run, on
 * repositories made here (no network): synthetic PRs of 1,000 and 5,000 files, a history of 50,000+ commits made
 * with `git fast-import` (cached under the temp folder), and any bare repository given as `--repo <dir> --base <ref>
 * --head <ref>`. Ratios of medians are the claims, not seconds (docs/performance.md).
 *
 * REVIEW_LOOP_ENTRY names the bundle (default dist/index.js); BENCH_RUNS how many runs per side (default 5).
 * `--compare <bundle>` (or BENCH_COMPARE) runs a second bundle (the code before a change, say) taking turns with the
 * first, world by world, so both are measured against the same floors in the same minutes of a shared machine.
 * `--checkout-bundle <file>` (or BENCH_CHECKOUT_BUNDLE) names a copy of actions/checkout's dist/index.js to start side
 * by side with the action's; BENCH_PROFILE=<dir> writes each run's CPU profile there.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { githubSchema } from '../__fixtures__/harness/github-graphql.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { ledgerBench } from './bench-ledger.js'
import { startup } from './bench-startup.js'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const ENTRY = resolve(process.env.REVIEW_LOOP_ENTRY ?? 'dist/index.js')
const COMPARE_ARG = process.argv.includes('--compare')
  ? process.argv[process.argv.indexOf('--compare') + 1]
  : process.env.BENCH_COMPARE
/** The bundles measured: REVIEW_LOOP_ENTRY's, then the one to compare it with, if any. */
const ENTRIES = [ENTRY, ...(COMPARE_ARG ? [resolve(COMPARE_ARG)] : [])]
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

/**
 * What any reviewer must do: fetch the merge-base and the head at depth 1, numstat and diff them, check out. With
 * `parallel`, the checkout is git's parallel one (a worker per core), as the action's own is (src/git/git.ts).
 */
function floor(url: string, base: string, head: string, parallel = false): number {
  const ws = mkdtempSync(join(tmpdir(), 'review-loop-floor-'))
  const t = performance.now()
  git(ws, ['init', '--quiet'])
  git(ws, ['fetch', '--quiet', '--no-tags', '--depth=1', url, base, head])
  git(ws, ['diff', '--numstat', base, head])
  git(ws, ['diff', base, head])
  git(ws, [
    ...(parallel ? ['-c', 'checkout.workers=0'] : []),
    'checkout',
    '--quiet',
    '--detach',
    head
  ])
  const ms = performance.now() - t
  rmSync(ws, { recursive: true, force: true })
  return ms
}

/**
 * A preload (NODE_OPTIONS=--import) that records the bundle's peak RSS and its own time (from node's start to its exit,
 * the harness's set-up of the runner's folders left out) on exit. Of the children it starts, only the review source
 * (the demo reviewer, a node process that inherits NODE_OPTIONS) writes: its own time, one line per process, to
 * `sources`, so a round's time can be told without the source's. With BENCH_PROFILE=<dir> it also writes the bundle's
 * CPU profile there (node refuses --cpu-prof in NODE_OPTIONS).
 */
function memoryHook(out: string, sources: string): string {
  const file = join(tmpdir(), `review-loop-bench-rss-hook-${process.pid}.mjs`)
  const profile = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined
  if (profile) mkdirSync(profile, { recursive: true })
  const lines = [
    `import { appendFileSync, writeFileSync } from 'node:fs'`,
    `import { Session } from 'node:inspector'`,
    `if (${JSON.stringify(ENTRIES)}.includes(process.argv[1])) {`,
    `  const profile = ${JSON.stringify(profile ?? null)}`,
    `  const session = profile ? new Session() : undefined`,
    `  if (session) { session.connect(); session.post('Profiler.setSamplingInterval', { interval: 200 }); session.post('Profiler.enable'); session.post('Profiler.start') }`,
    `  process.on('exit', () => {`,
    `    writeFileSync(${JSON.stringify(out)}, JSON.stringify({ rss: process.resourceUsage().maxRSS, ms: performance.now() }))`,
    `    session?.post('Profiler.stop', (error, result) => { if (!error) writeFileSync(\`\${profile}/\${Date.now()}-\${process.pid}.cpuprofile\`, JSON.stringify(result.profile)) })`,
    `  })`,
    `} else if (process.argv[1] === ${JSON.stringify(REVIEWER_FILE)}) {`,
    `  process.on('exit', () => appendFileSync(${JSON.stringify(sources)}, \`\${performance.now()}\\n\`))`,
    `}`
  ]
  writeFileSync(file, lines.join('\n') + '\n')
  return file
}

/** A source that approves at once and costs next to nothing (a shell builtin): a round's time is all the action's. */
const APPROVE = `printf '%s' '{"verdict":"approve","findings":[],"exercised":[]}'`
/** The offline reviewer of the demo: it flags a timeout of 0 with a fix, which waits for a person's answer. */
const REVIEWER_FILE = resolve('demo', 'reviewer.mjs')
const REVIEWER = `node ${JSON.stringify(REVIEWER_FILE)}`
const FLAW_FILE = 'src/zz-config.js'
const FLAW = '// Settings for the HTTP client.\nexport const TIMEOUT_MS = 0\n'

/**
 * Branches `base8` (the case's base plus a settings file with a timeout of 0) and `flawed` (the case's change on top of
 * it, plus one more line in that file), written with plumbing so the case's thousands of files are not rewritten.
 */
function flawedPullRequest(world: LoopWorld, baseSha: string, headSha: string): string {
  const r = world.remote
  const blob = (text: string) => r.git(['hash-object', '-w', '--stdin'], text).trim()
  const index = join(r.gitDir, 'bench-index')
  const withFile = (tree: string, text: string) => {
    const env = { GIT_INDEX_FILE: index }
    r.git(['read-tree', tree], undefined, env)
    r.git(
      ['update-index', '--add', '--cacheinfo', `100644,${blob(text)},${FLAW_FILE}`],
      undefined,
      env
    )
    return r.git(['write-tree'], undefined, env).trim()
  }
  const commit = (tree: string, parent: string, message: string) =>
    r
      .git(['commit-tree', tree, '-p', parent, '-m', message], undefined, {
        GIT_AUTHOR_NAME: 'Bench',
        GIT_AUTHOR_EMAIL: 'bench@example.invalid',
        GIT_COMMITTER_NAME: 'Bench',
        GIT_COMMITTER_EMAIL: 'bench@example.invalid'
      })
      .trim()
  const base8 = commit(withFile(`${baseSha}^{tree}`, FLAW), baseSha, 'settings')
  r.git(['update-ref', 'refs/heads/base8', base8])
  const head = commit(
    withFile(`${headSha}^{tree}`, `${FLAW}export const RETRIES = 3\n`),
    base8,
    'the change'
  )
  r.git(['update-ref', 'refs/heads/flawed', head])
  rmSync(index, { force: true })
  return 'flawed'
}

interface Row {
  /** The bundle run. */
  entry: string
  kind: string
  /** The action's process, node's start to its exit (median). */
  action: number
  /** The review source's own processes in those runs, summed per run (median). */
  source: number
  /** The action's process without its source's: `action` less `source`, run by run (median). */
  own: number
  /** The same runs as the harness saw them: its set-up of the runner's folders and the spawn included (median). */
  wall: number
  floor: number
  /** The floor with git's parallel checkout, measured once per world (median). */
  parallelFloor: number
  rss: number
  rest: number
  runs: number
  /** Runs of this kind that ended as named (the ones timed). */
  n: number
}

type Kind = [
  string,
  () => Promise<{
    exitCode: number | null
    stderr: string
    outputs: Record<string, string>
    annotations: string[]
    summary: string
  }>
]

/** The status each kind of run ends in. */
const EXPECTED: Record<string, string> = {
  'first round (pull_request)': 'converged',
  'status run (issue_comment)': 'converged',
  'continue with nothing owed (issue_comment)': 'converged',
  'first round with a finding (pull_request)': 'awaiting-decision',
  'answer that lands a fix (issue_comment)': 'continue',
  'dispatched re-review (workflow_dispatch)': 'converged'
}

async function measure(
  name: string,
  repo: { dir: string; base: string; head: string }
): Promise<{ rows: Row[]; failures: string[] }> {
  const baseSha = git(repo.dir, ['rev-parse', repo.base]).trim()
  const headSha = git(repo.dir, ['rev-parse', repo.head]).trim()
  const mergeBase = git(repo.dir, ['merge-base', baseSha, headSha]).trim()
  const url = `file://${repo.dir}`
  const rssFile = join(tmpdir(), `review-loop-bench-rss-${process.pid}`)
  const sourcesFile = join(tmpdir(), `review-loop-bench-sources-${process.pid}`)
  const runEnv = { NODE_OPTIONS: `--import=${memoryHook(rssFile, sourcesFile)}` }
  type Samples = Record<'action' | 'source' | 'own' | 'wall' | 'floor' | 'rss' | 'rest', number[]>
  const rows = new Map<string, Samples>()
  const add = (entry: string, kind: string, wall: number, fl: number, rest: number) => {
    const key = JSON.stringify([entry, kind])
    const row = rows.get(key) ?? {
      action: [],
      source: [],
      own: [],
      wall: [],
      floor: [],
      rss: [],
      rest: []
    }
    rows.set(key, row)
    const own = JSON.parse(readFileSync(rssFile, 'utf8')) as { rss: number; ms: number }
    const source = existsSync(sourcesFile)
      ? readFileSync(sourcesFile, 'utf8')
          .split('\n')
          .filter(l => l !== '')
          .reduce((sum, l) => sum + Number(l), 0)
      : 0
    row.action.push(own.ms)
    row.source.push(source)
    row.own.push(own.ms - source)
    row.wall.push(wall)
    row.floor.push(fl)
    row.rss.push(own.rss / 1024)
    row.rest.push(rest)
  }
  const failures: string[] = []
  const parallelFloors: number[] = []
  // Each bundle in turn, world by world: a second bundle's runs fall in the same minutes as the first's.
  for (let i = 0; i < RUNS * ENTRIES.length; i++) {
    const entry = ENTRIES[i % ENTRIES.length]!
    process.env.REVIEW_LOOP_ENTRY = entry
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
      // A second pull request: the same change, on a base that holds a flaw the demo reviewer finds on a line the PR
      // does not touch, so its fix waits at a gate for a person's answer (the sample repository's pattern).
      const flawed = flawedPullRequest(world, baseSha, headSha)
      world.fake.setPermission('octo-maintainer', 'write')
      for (const [number, headRef, baseRef] of [
        [7, 'pr', 'main'],
        [8, flawed, 'base8']
      ] as const)
        world.sandbox.openPullRequest({
          number,
          title: 'bench',
          headRef,
          baseRef,
          author: 'octo-maintainer'
        })
      const reviewer = { command: REVIEWER }
      const kinds: Kind[] = [
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
        ],
        [
          'first round with a finding (pull_request)',
          () => world.run(world.sandbox.pullRequestEvent('opened', 8), reviewer, runEnv)
        ],
        [
          'answer that lands a fix (issue_comment)',
          () => world.comment(8, 'octo-maintainer', '/review-loop G1 apply', reviewer, runEnv)
        ],
        [
          'dispatched re-review (workflow_dispatch)',
          () => {
            const dispatched = world.fake.dispatches
            if (dispatched.length !== 1)
              throw new Error(`${dispatched.length} dispatched runs, expected 1`)
            return world.run(world.sandbox.dispatchEvent(dispatched[0]!), reviewer, runEnv)
          }
        ]
      ]
      for (const [kind, go] of kinds) {
        // GitHub works out a pull request's merge ref and diff stats when it is pushed to, not when asked; the stand-in
        // does it on the first read, in git: done here, untimed, so a run's time holds none of the stand-in's work.
        // So is the diff it shows reviewers, which a review's comments are checked against.
        for (const pr of [7, 8])
          world.fake.shownDiff(
            world.fake.baseOf(pr),
            (world.fake.pullRequestObject(pr).head as { sha: string }).sha
          )
        const before = world.fake.requests.length
        rmSync(rssFile, { force: true })
        rmSync(sourcesFile, { force: true })
        const t = performance.now()
        const result = await go()
        const ms = performance.now() - t
        // Each run did what its name says (the status the step reported); one that did not is reported, not timed,
        // and the world's later runs (which build on it) are left out.
        const status = result.outputs.status
        if (status !== EXPECTED[kind] || result.exitCode !== 0) {
          const why = `${result.annotations.join(' ')} ${result.stderr.slice(-500)}`.trim()
          failures.push(
            `${ENTRIES.length > 1 ? `${entry}: ` : ''}${kind} (run ${Math.floor(i / ENTRIES.length) + 1}) ended ${status}, expected ${EXPECTED[kind]}: ${why}`
          )
          break
        }
        add(entry, kind, ms, floor(url, mergeBase, headSha), world.fake.requests.length - before)
        if (kind.startsWith('answer')) {
          const landed = world.remote.log(flawed, 1)[0]!
          if (!/^review-loop: fix commit/.test(landed.message))
            throw new Error(`${name}: the answer run landed no fix (head: ${landed.message})`)
        }
      }
      parallelFloors.push(floor(url, mergeBase, headSha, true))
    } finally {
      await world.dispose()
    }
  }
  // One floor per case: every floor measured in this case's runs, pooled (the runs of each kind take turns with it).
  const floors = [...rows.values()].flatMap(r => r.floor)
  // BENCH_RAW=1: every run's figures (seconds: the action without its source, and the floor after it), not only medians.
  if (process.env.BENCH_RAW)
    for (const [key, r] of rows)
      console.log(
        `${key}: own ${r.own.map(ms => (ms / 1000).toFixed(2)).join(' ')}; floor ${r.floor.map(ms => (ms / 1000).toFixed(2)).join(' ')}`
      )
  const out = [...rows].map(([key, r]) => ({
    entry: (JSON.parse(key) as [string, string])[0],
    kind: (JSON.parse(key) as [string, string])[1],
    action: median(r.action),
    source: median(r.source),
    own: median(r.own),
    wall: median(r.wall),
    floor: median(floors),
    parallelFloor: median(parallelFloors),
    rss: Math.max(...r.rss),
    rest: median(r.rest),
    runs: floors.length,
    n: r.action.length
  }))
  return { rows: out, failures }
}

function table(name: string, { rows, failures }: { rows: Row[]; failures: string[] }): string {
  const compared = ENTRIES.length > 1
  const lines = [
    `### ${name} (${RUNS} runs of each kind${compared ? ' and bundle, taking turns' : ''}, medians; the floor pooled over all ${rows[0]?.runs ?? 0})`,
    '',
    ...(compared ? ENTRIES.map((e, i) => `- bundle ${String.fromCharCode(65 + i)}: ${e}`) : []),
    ...(compared ? [''] : []),
    `|${compared ? ' bundle |' : ''} run | runs timed | action (its process) | ratio to the floor | the source's own | action without it | its ratio | as the harness saw it | floor | floor, parallel checkout (its ratio, without the source) | peak RSS (action process) | REST calls |`,
    `|${compared ? ' --- |' : ''} --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |`
  ]
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const order = (r: Row) =>
    Object.keys(EXPECTED).indexOf(r.kind) * ENTRIES.length + ENTRIES.indexOf(r.entry)
  for (const r of [...rows].sort((a, b) => order(a) - order(b)))
    lines.push(
      `|${compared ? ` ${String.fromCharCode(65 + ENTRIES.indexOf(r.entry))} |` : ''} ${r.kind} | ${r.n} | ${sec(r.action)} | ${(r.action / r.floor).toFixed(2)}× | ${sec(r.source)} | ${sec(r.own)} | ${(r.own / r.floor).toFixed(2)}× | ${sec(r.wall)} (${(r.wall / r.floor).toFixed(2)}×) | ${sec(r.floor)} | ${sec(r.parallelFloor)} (${(r.own / r.parallelFloor).toFixed(2)}×) | ${r.rss.toFixed(0)} MB | ${r.rest} |`
    )
  if (failures.length > 0)
    lines.push(
      '',
      'Runs that did not end as named (not timed, nor the later runs of their world):',
      ''
    )
  for (const f of failures) lines.push(`- ${f.replace(/\s+/g, ' ').slice(0, 400)}`)
  return lines.join('\n')
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
  console.log(
    `bundle: ${ENTRIES.join(', compared with ')}; node ${process.version}; ${git('.', ['--version']).trim()}`
  )
  const checkoutArg = args.includes('--checkout-bundle')
    ? args[args.indexOf('--checkout-bundle') + 1]
    : process.env.BENCH_CHECKOUT_BUNDLE
  const checkout = checkoutArg ? resolve(checkoutArg) : undefined
  if (!only || only === 'start-up') console.log(`\n${startup(ENTRY, checkout, RUNS)}`)
  if (!only || only === 'ledger') console.log(`\n${await ledgerBench(RUNS)}`)
  // The GitHub stand-in builds GraphQL's schema (10 MB of JSON) on its first GraphQL request: done here, untimed.
  await githubSchema()
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
