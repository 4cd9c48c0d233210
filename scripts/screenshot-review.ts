/**
 * A picture of the Files changed tab as a maintainer sees one round, the companion of docs/summary.png: plays round 1
 * of the summary's loop end to end (the bundled action against the loopback fakes, as the end-to-end tests run it),
 * has a maintainer answer one finding's gate by a reply in its thread, then renders the pull request's diff with the
 * loop's review and its threads on their lines (from what the GitHub stand-in holds) with GitHub-like styling, and
 * screenshots it in headless Chromium into docs/review.png.
 *
 * Regenerate (the same tools as scripts/screenshot.ts, never into package.json):
 *   apt-get install -y chromium fonts-noto-color-emoji
 *   npm install --prefix /tmp/shot-tools --no-save playwright-core marked && npx tsx scripts/screenshot-review.ts
 * SHOT_TOOLS names another tools folder; REVIEW_LOOP_ENTRY an existing bundle (otherwise src/ is bundled afresh).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT, type RunResult } from '../__fixtures__/harness/index.js'
import type { ReviewCommentRecord } from '../__fixtures__/harness/github-reviews.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest } from '../__fixtures__/sample-repo.js'

const TOOLS = process.env.SHOT_TOOLS ?? '/tmp/shot-tools'
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const WIDTH = 1200

interface Page {
  setContent(html: string, opts: { waitUntil: 'load' }): Promise<void>
  screenshot(opts: { path: string; fullPage: boolean }): Promise<unknown>
}
interface Browser {
  newPage(opts: {
    viewport: { width: number; height: number }
    deviceScaleFactor: number
  }): Promise<Page>
  close(): Promise<void>
}
interface Playwright {
  chromium: { launch(opts: { executablePath: string; args: string[] }): Promise<Browser> }
}
interface Marked {
  marked: { parse(md: string, opts: { gfm: boolean; async: false }): string }
}

/** A module from the tools folder, or a message saying how to install it. */
async function tool<T>(name: string, entry: string): Promise<T> {
  const file = join(TOOLS, 'node_modules', name, entry)
  if (!existsSync(file)) {
    throw new Error(
      `${name} is not in ${TOOLS}: run \`npm install --prefix ${TOOLS} --no-save playwright-core marked\``
    )
  }
  return (await import(pathToFileURL(file).href)) as T
}

/** The action bundled from src/ into a folder of its own (removed at the end), so the shared dist/ is left alone. */
function bundle(out: string): string {
  if (process.env.REVIEW_LOOP_ENTRY) return process.env.REVIEW_LOOP_ENTRY
  const ncc = join(REPO_ROOT, 'node_modules', '.bin', 'ncc')
  const r = spawnSync(ncc, ['build', 'src/index.ts', '-o', out, '--quiet'], {
    cwd: REPO_ROOT,
    stdio: 'inherit'
  })
  if (r.status !== 0) throw new Error(`bundling src/index.ts failed (exit ${r.status})`)
  return join(out, 'index.js')
}

const REACH = {
  reached: ['contract-closure', 'runtime-behavior'],
  unreached: [
    { axis: 'concurrency', reason: 'this reviewer reads one file at a time and runs nothing' }
  ]
}

/** Round 1 of the summary's story (scripts/screenshot.ts): what the scripted reviewer answers. */
const SCRIPT = [
  {
    stdout: {
      verdict: 'needs-attention',
      exercised: REACH,
      findings: [
        {
          severity: 'medium',
          file: 'src/client.js',
          line: 8,
          description:
            'Loose equality `==` coerces its operands, so a string status such as "404" compares equal too; use `===`.',
          fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
        },
        {
          severity: 'high',
          file: 'src/config.js',
          line: 2,
          description:
            'A `TIMEOUT_MS` of 0 disables the request timeout, so one hung server blocks the caller forever.',
          evidence: 'export const TIMEOUT_MS = 0',
          expectation: 'a request to a server that never answers ends after a bounded time',
          fix: { start_line: 2, end_line: 2, replacement: 'export const TIMEOUT_MS = 10_000' }
        },
        {
          severity: 'low',
          file: 'src/config.js',
          line: 3,
          description:
            '`RETRIES` retries every failure, a 4xx answer included, so a bad request is sent four times.',
          evidence: 'export const RETRIES = 3'
        }
      ]
    }
  }
]

/** What the picture shows, read from the stand-in once the round and the reply are played. */
interface Scene {
  review: { body: string; login: string; commit: string }
  diff: string
  comments: ReviewCommentRecord[]
  resolved: Set<number>
  /** Reactions on review comments, by comment ID: `content` list. */
  reactions: Map<number, string[]>
}

/** Plays round 1 and a maintainer's answer in a thread; returns what the Files changed tab then shows. */
async function playRound(): Promise<Scene> {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-shot-'))
  const script = join(dir, 'script.json')
  writeFileSync(script, JSON.stringify(SCRIPT))
  const log = `${script}.driver.jsonl`
  writeFileSync(log, '')
  const drive = join(REPO_ROOT, '__fixtures__', 'review-and-drive.mjs')
  const inputs = {
    source: 'command',
    driver: 'command',
    command: `node ${JSON.stringify(drive)} ${JSON.stringify(script)}`,
    landing: 'head',
    'next-round': 'none'
  }
  const env = { DRIVER_STANDIN_LOG: log }
  const world = await LoopWorld.create({ files: BASE_FILES, inputs })
  try {
    openSamplePullRequest(world)
    const step = (r: RunResult) => {
      if (r.exitCode !== 0) throw new Error(`a step failed:\n${r.stdout}\n${r.stderr}`)
      console.log(
        `round ${r.outputs.round}: ${r.outputs.status} (open: ${r.outputs['open-gates']})`
      )
      return r
    }
    step(await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, env))
    const review = world.fake.reviews.find(r => r.body.includes('review-loop, round 1'))
    if (!review) throw new Error('round 1 posted no review on the diff')
    // The maintainer puts the retry policy off from its thread, in the short form.
    const retries = world.fake.reviewComments.find(
      c => c.reviewId === review.id && c.body.includes('RETRIES')
    )
    if (!retries) throw new Error('the review has no comment on the RETRIES finding')
    world.fake.setPermission('octo-maintainer', 'write')
    const { event } = world.sandbox.replyInThread(7, {
      login: 'octo-maintainer',
      to: retries.id,
      body: '/review-loop defer retries need their own issue with the API team'
    })
    step(await world.run(event, {}, env))
    if (world.fake.violations.length > 0)
      throw new Error(
        `the stand-in saw requests GitHub would refuse: ${JSON.stringify(world.fake.violations)}`
      )
    const base = world.fake.baseOf(7)
    return {
      review: { body: review.body, login: review.author.login, commit: review.commitId },
      diff: world.remote.git(['diff', '-U3', '--no-color', `${base}...${review.commitId}`]),
      comments: world.fake.reviewComments.filter(c => c.pull === 7),
      resolved: new Set(world.fake.reviewThreads.filter(t => t.resolved).map(t => t.root)),
      reactions: new Map(
        world.fake.reviewComments.map(c => [c.id, (c.reactions ?? []).map(r => r.content)])
      )
    }
  } finally {
    await world.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** GitHub's Files changed look, near enough: file boxes, a unified diff, review threads between the lines. */
const CSS = `
body { margin: 0; background: #fff; font: 14px/1.5 -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial,
  'Liberation Sans', sans-serif, 'Noto Color Emoji'; color: #1f2328; }
.tabs { border-bottom: 1px solid #d1d9e0; padding: 16px 24px 0; display: flex; gap: 8px; }
.tabs span { padding: 8px 16px; color: #59636e; } .tabs .on { color: #1f2328; font-weight: 600;
  border: 1px solid #d1d9e0; border-bottom-color: #fff; border-radius: 6px 6px 0 0; margin-bottom: -1px; }
main { padding: 16px 24px 32px; }
.box { border: 1px solid #d1d9e0; border-radius: 6px; margin-bottom: 16px; overflow: hidden; }
.box > header { background: #f6f8fa; padding: 8px 16px; border-bottom: 1px solid #d1d9e0;
  font: 600 12px ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace; }
.review { padding: 12px 16px; } .who { font-weight: 600; } .when { color: #59636e; }
.bot { font-size: 12px; border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 6px; color: #59636e; margin: 0 4px; }
table.diff { border-collapse: collapse; width: 100%; font: 12px/20px ui-monospace, SFMono-Regular, Menlo,
  Consolas, 'Liberation Mono', monospace; }
table.diff td { padding: 0 8px; white-space: pre-wrap; vertical-align: top; }
td.num { width: 1%; min-width: 40px; text-align: right; color: #59636e; user-select: none; }
tr.add td { background: #dafbe1; } tr.add td.num { background: #aceebb; }
tr.del td { background: #ffebe9; } tr.del td.num { background: #ffcecb; }
tr.hunk td { background: #ddf4ff; color: #59636e; }
tr.thread > td { background: #fff; padding: 8px 16px; border-top: 1px solid #d1d9e0; border-bottom: 1px solid #d1d9e0;
  font: 14px/1.5 -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif, 'Noto Color Emoji'; white-space: normal; }
.thread { border: 1px solid #d1d9e0; border-radius: 6px; max-width: 900px; }
.thread.resolved > .flag { background: #f6f8fa; color: #59636e; padding: 6px 12px; border-bottom: 1px solid #d1d9e0; }
.comment { padding: 8px 12px; } .comment + .comment { border-top: 1px solid #d1d9e0; }
.comment .body > :first-child { margin-top: 4px; } .comment .body > :last-child { margin-bottom: 0; }
.reaction { display: inline-block; border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 8px; font-size: 12px; margin-top: 4px; }
p, ul, pre { margin: 0 0 8px; } a { color: #0969da; text-decoration: none; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace; font-size: 85%; }
code { padding: .2em .4em; background: #818b981f; border-radius: 6px; }
pre { padding: 12px; background: #f6f8fa; border-radius: 6px; white-space: pre-wrap; } pre code { padding: 0; background: none; }
sub { font-size: 75%; color: #59636e; }
.suggestion { border: 1px solid #d1d9e0; border-radius: 6px; margin: 0 0 8px; overflow: hidden; }
.suggestion > header { background: #f6f8fa; padding: 4px 12px; font-size: 12px; color: #59636e; border-bottom: 1px solid #d1d9e0; }
.suggestion table.diff td { padding: 0 12px; }
.suggestion footer { padding: 6px 12px; border-top: 1px solid #d1d9e0; text-align: right; }
.button { display: inline-block; border: 1px solid #d1d9e0; border-radius: 6px; padding: 2px 12px; font-size: 12px;
  background: #f6f8fa; font-weight: 500; }
`

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** One file's part of a unified diff: its hunks' lines with their old and new numbers. */
interface DiffLine {
  kind: 'hunk' | 'add' | 'del' | 'ctx'
  text: string
  old?: number
  now?: number
}

function fileDiffs(diff: string): Map<string, DiffLine[]> {
  const files = new Map<string, DiffLine[]>()
  let lines: DiffLine[] | undefined
  let old = 0
  let now = 0
  for (const text of diff.split('\n')) {
    if (text.startsWith('diff --git ')) lines = undefined
    else if (text.startsWith('+++ ')) {
      lines = []
      files.set(text.slice(6), lines)
    } else if (!lines || text.startsWith('--- ') || text.startsWith('\\')) continue
    else if (text.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(text)!
      old = Number(m[1])
      now = Number(m[2])
      lines.push({ kind: 'hunk', text })
    } else if (text.startsWith('+')) lines.push({ kind: 'add', text: text.slice(1), now: now++ })
    else if (text.startsWith('-')) lines.push({ kind: 'del', text: text.slice(1), old: old++ })
    else if (text.startsWith(' '))
      lines.push({ kind: 'ctx', text: text.slice(1), old: old++, now: now++ })
  }
  return files
}

/** A comment's Markdown as GitHub shows it: a ```suggestion block becomes the "Suggested change" box. */
function commentHtml(body: string, parse: Marked['marked']['parse'], replaced: string[]): string {
  return parse(body, { gfm: true, async: false }).replace(
    /<pre><code class="language-suggestion">([\s\S]*?)<\/code><\/pre>/g,
    (_, code: string) => {
      const added = code.replace(/\n$/, '').split('\n')
      const rows = [
        ...replaced.map(l => `<tr class="del"><td>${escape(l)}</td></tr>`),
        ...added.map(l => `<tr class="add"><td>${l}</td></tr>`)
      ]
      return `<div class="suggestion"><header>Suggested change</header><table class="diff">${rows.join('')}</table><footer><span class="button">Commit suggestion</span> <span class="button">Add suggestion to batch</span></footer></div>`
    }
  )
}

function threadHtml(
  scene: Scene,
  root: ReviewCommentRecord,
  file: DiffLine[],
  parse: Marked['marked']['parse']
): string {
  const replies = scene.comments.filter(c => c.inReplyTo === root.id)
  const first = root.startLine ?? root.line
  const replaced = file
    .filter(l => l.now !== undefined && l.now >= first && l.now <= root.line && l.kind !== 'del')
    .map(l => l.text)
  const one = (c: ReviewCommentRecord) => {
    const bot = c.author.type === 'Bot'
    const who = bot ? c.author.login.replace(/\[bot\]$/, '') : c.author.login
    const reactions = (scene.reactions.get(c.id) ?? [])
      .map(r => `<span class="reaction">${r === '+1' ? '👍' : '😕'} 1</span>`)
      .join(' ')
    return `<div class="comment"><span class="who">${escape(who)}</span>${bot ? '<span class="bot">bot</span>' : ' '}<span class="when">commented</span><div class="body">${commentHtml(c.body, parse, replaced)}</div>${reactions}</div>`
  }
  const resolved = scene.resolved.has(root.id)
  const flag = resolved
    ? '<div class="flag">✓ This conversation was marked as resolved by <b>github-actions</b></div>'
    : ''
  return `<tr class="thread"><td colspan="3"><div class="thread${resolved ? ' resolved' : ''}">${flag}${[root, ...replies].map(one).join('')}</div></td></tr>`
}

/** The Files changed tab: the round's review, then each file's diff with its threads under their last line. */
function page(scene: Scene, parse: Marked['marked']['parse']): string {
  const files = fileDiffs(scene.diff)
  const roots = scene.comments.filter(c => c.inReplyTo === undefined)
  const boxes = [...files.entries()].map(([path, lines]) => {
    const rows = lines.map(l => {
      if (l.kind === 'hunk')
        return `<tr class="hunk"><td class="num"></td><td class="num"></td><td>${escape(l.text)}</td></tr>`
      const sign = l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : ' '
      const row = `<tr class="${l.kind}"><td class="num">${l.old ?? ''}</td><td class="num">${l.now ?? ''}</td><td>${sign} ${escape(l.text)}</td></tr>`
      const here = l.kind === 'del' ? [] : roots.filter(c => c.path === path && c.line === l.now)
      return row + here.map(c => threadHtml(scene, c, lines, parse)).join('')
    })
    return `<section class="box"><header>${escape(path)}</header><table class="diff">${rows.join('')}</table></section>`
  })
  const who = scene.review.login.replace(/\[bot\]$/, '')
  const review = `<section class="box"><div class="review"><span class="who">${escape(who)}</span><span class="bot">bot</span><span class="when">reviewed</span>${parse(scene.review.body, { gfm: true, async: false })}</div></section>`
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<nav class="tabs"><span>Conversation</span><span>Commits</span><span>Checks</span><span class="on">Files changed</span></nav>
<main>${review}${boxes.join('')}</main></body></html>`
}

async function main(): Promise<void> {
  const { chromium } = await tool<Playwright>('playwright-core', 'index.mjs')
  const { marked } = await tool<Marked>('marked', 'lib/marked.esm.js')
  const out = mkdtempSync(join(tmpdir(), 'review-loop-shot-dist-'))
  process.env.REVIEW_LOOP_ENTRY = bundle(out)
  const scene = await playRound().finally(() => rmSync(out, { recursive: true, force: true }))
  const html = page(scene, marked.parse.bind(marked))
  const source = join(tmpdir(), 'review-loop-review.html')
  writeFileSync(source, html)
  console.log(`the page: ${source}`)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The machine's network is closed: Chromium's own background traffic is turned off, not left to fail.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync'
    ]
  })
  const file = join(REPO_ROOT, 'docs', 'review.png')
  try {
    const p = await browser.newPage({
      viewport: { width: WIDTH, height: 800 },
      deviceScaleFactor: 1
    })
    await p.setContent(html, { waitUntil: 'load' })
    await p.screenshot({ path: file, fullPage: true })
  } finally {
    await browser.close()
  }
  console.log(`docs/review.png: ${Math.round(readFileSync(file).length / 1024)} KB`)
}

await main()
