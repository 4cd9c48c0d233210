/**
 * Pictures of the job summary as a maintainer sees it: plays a three-round loop end to end (the bundled action against
 * the loopback fakes, as the end-to-end tests run it), renders the last run's summary Markdown to HTML with GitHub-like
 * styling and its Mermaid chart, and screenshots it in headless Chromium into docs/summary.png (rounds collapsed, as
 * the page opens) and docs/summary-rounds.png (every <details> open).
 *
 * Regenerate (Debian's Chromium and an emoji font once, the page tools into a scratch folder, never into package.json):
 *   apt-get install -y chromium fonts-noto-color-emoji
 *   npm install --prefix /tmp/shot-tools --no-save playwright-core marked mermaid && npx tsx scripts/screenshot.ts
 * SHOT_TOOLS names another tools folder; REVIEW_LOOP_ENTRY an existing bundle (otherwise src/ is bundled afresh).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { REPO_ROOT, type RunResult } from '../__fixtures__/harness/index.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest } from '../__fixtures__/sample-repo.js'

const TOOLS = process.env.SHOT_TOOLS ?? '/tmp/shot-tools'
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium'
const WIDTH = 1200

/** The few parts of playwright-core this script drives (it is not a project dependency, so not typed from it). */
interface Page {
  setContent(html: string, opts: { waitUntil: 'load' }): Promise<void>
  addScriptTag(opts: { path: string }): Promise<unknown>
  evaluate<T>(fn: () => T | Promise<T>): Promise<T>
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
      `${name} is not in ${TOOLS}: run \`npm install --prefix ${TOOLS} --no-save playwright-core marked mermaid\``
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

/** What the scripted reviewer answers, one entry per review it is asked for. */
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
  },
  {
    stdout: {
      verdict: 'needs-attention',
      exercised: REACH,
      findings: [
        {
          severity: 'medium',
          file: 'src/config.js',
          line: 2,
          description:
            'The numeric separator in `10_000` is a syntax error before Node 12.5, which `engines` still allows; write `10000`.',
          fix: { start_line: 2, end_line: 2, replacement: 'export const TIMEOUT_MS = 10000' }
        }
      ]
    }
  },
  { stdout: { verdict: 'approve', exercised: REACH, findings: [] } }
]

/** Plays the loop: review, a maintainer's answers, the dispatched rounds; returns the last run. */
async function playLoop(): Promise<RunResult> {
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
    landing: 'head'
  }
  const env = { DRIVER_STANDIN_LOG: log }
  const world = await LoopWorld.create({ files: BASE_FILES, inputs })
  try {
    openSamplePullRequest(world)
    const runs: RunResult[] = []
    const step = (r: RunResult) => {
      if (r.exitCode !== 0) throw new Error(`a step failed:\n${r.stdout}\n${r.stderr}`)
      console.log(`round ${r.outputs.round}: ${r.outputs.status}`)
      runs.push(r)
      return r
    }
    step(await world.run(world.sandbox.pullRequestEvent('opened', 7), {}, env))
    // The maintainer has the timeout fixed and puts the retry policy off, in their own words.
    for (const gate of world.fake.comments(7)) {
      const id = /^### (G\d+):/.exec(gate.body)?.[1]
      if (!id) continue
      const answer = gate.body.includes('TIMEOUT_MS')
        ? 'apply, a hung server must not block forever'
        : 'defer, retries need their own issue with the API team'
      step(await world.comment(7, 'octo-maintainer', `/review-loop ${id} ${answer}`, {}, env))
    }
    for (let guard = 0; guard < 5 && runs.at(-1)!.outputs.status === 'continue'; guard++) {
      for (const r of await world.runDispatches({})) step(r)
    }
    // The picture is of this story: every scripted review asked for once (none spent on a correction), then converged.
    const asked = readFileSync(`${script}.requests.jsonl`, 'utf8').trim().split('\n').length
    const last = runs.at(-1)!
    if (asked !== SCRIPT.length || last.outputs.status !== 'converged') {
      throw new Error(
        `expected ${SCRIPT.length} reviews and convergence, got ${asked} reviews and ${last.outputs.status}`
      )
    }
    return last
  } finally {
    await world.dispose()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** GitHub's Markdown look, near enough: its fonts, spacing, tables, code and <details>. */
const CSS = `
body { margin: 0; background: #f6f8fa; font: 14px/1.5 -apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial,
  'Liberation Sans', sans-serif, 'Noto Color Emoji'; color: #1f2328; }
.frame { max-width: 1100px; margin: 24px auto; background: #fff; border: 1px solid #d1d9e0; border-radius: 6px; }
.frame > header { padding: 12px 16px; border-bottom: 1px solid #d1d9e0; font-weight: 600; font-size: 16px; }
.markdown-body { padding: 16px 32px 32px; word-wrap: break-word; }
.markdown-body > :first-child { margin-top: 0 !important; }
h1, h2, h3, h4 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
h2 { font-size: 1.5em; padding-bottom: .3em; border-bottom: 1px solid #d1d9e0b3; }
h3 { font-size: 1.25em; } h4 { font-size: 1em; }
p, ul, ol, table, pre, details, blockquote { margin: 0 0 16px; }
ul, ol { padding-left: 2em; } li + li { margin-top: .25em; }
a { color: #0969da; text-decoration: none; }
code, pre { font-family: ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono',
  'DejaVu Sans Mono', monospace; font-size: 85%; }
code { padding: .2em .4em; background: #818b981f; border-radius: 6px; }
pre { padding: 16px; overflow: auto; line-height: 1.45; background: #f6f8fa; border-radius: 6px; }
pre code { padding: 0; background: none; font-size: 100%; white-space: pre; }
table { border-collapse: collapse; display: block; width: max-content; max-width: 100%; overflow: auto; }
th, td { padding: 6px 13px; border: 1px solid #d1d9e0; } th { font-weight: 600; }
tr:nth-child(2n) { background: #f6f8fa; }
blockquote { padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
details summary { cursor: pointer; display: list-item; }
details[open] > summary { margin-bottom: 8px; }
sub { font-size: 75%; }
hr { height: .25em; margin: 24px 0; background: #d1d9e0; border: 0; }
pre.mermaid { background: none; text-align: center; }
`

/** The summary Markdown as a page: Mermaid blocks become <pre class="mermaid"> for the renderer, the rest GFM. */
function page(markdown: string, parse: Marked['marked']['parse']): string {
  const html = parse(markdown, { gfm: true, async: false }).replace(
    /<pre><code class="language-mermaid">([\s\S]*?)<\/code><\/pre>/g,
    (_, source: string) => `<pre class="mermaid">${source}</pre>`
  )
  return `<!doctype html><html><head><meta charset="utf-8"><style>${CSS}</style></head><body>
<div class="frame"><header>review-loop summary</header><article class="markdown-body">${html}</article></div>
</body></html>`
}

/** Renders the page's Mermaid blocks with the package from the tools folder (no network), then checks they did. */
async function renderMermaid(p: Page): Promise<void> {
  await p.addScriptTag({ path: join(TOOLS, 'node_modules', 'mermaid', 'dist', 'mermaid.min.js') })
  const result = await p.evaluate(async () => {
    const m = (globalThis as unknown as { mermaid: MermaidGlobal }).mermaid
    m.initialize({ startOnLoad: false, theme: 'default' })
    await m.run({ querySelector: 'pre.mermaid' })
    const doc = (globalThis as unknown as { document: DocumentLike }).document
    return {
      blocks: doc.querySelectorAll('pre.mermaid').length,
      drawn: doc.querySelectorAll('pre.mermaid svg').length,
      errors: doc.querySelectorAll('pre.mermaid .error-icon').length
    }
  })
  if (result.drawn !== result.blocks || result.errors > 0) {
    throw new Error(
      `Mermaid drew ${result.drawn} of ${result.blocks} charts (${result.errors} errors)`
    )
  }
}
interface MermaidGlobal {
  initialize(config: Record<string, unknown>): void
  run(opts: { querySelector: string }): Promise<void>
}
interface DocumentLike {
  querySelectorAll(selector: string): {
    length: number
    forEach(fn: (el: ElementLike) => void): void
  }
}
interface ElementLike {
  setAttribute(name: string, value: string): void
}

async function main(): Promise<void> {
  const { chromium } = await tool<Playwright>('playwright-core', 'index.mjs')
  const { marked } = await tool<Marked>('marked', 'lib/marked.esm.js')
  const out = mkdtempSync(join(tmpdir(), 'review-loop-shot-dist-'))
  process.env.REVIEW_LOOP_ENTRY = bundle(out)
  const last = await playLoop().finally(() => rmSync(out, { recursive: true, force: true }))
  const markdown = last.summary
  const docs = join(REPO_ROOT, 'docs')
  const source = join(tmpdir(), 'review-loop-summary.md')
  writeFileSync(source, markdown)
  console.log(`the summary's Markdown: ${source}`)

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
  try {
    const p = await browser.newPage({
      viewport: { width: WIDTH, height: 800 },
      deviceScaleFactor: 1
    })
    await p.setContent(page(markdown, marked.parse.bind(marked)), { waitUntil: 'load' })
    await renderMermaid(p)
    await p.screenshot({ path: join(docs, 'summary.png'), fullPage: true })
    await p.evaluate(() => {
      const doc = (globalThis as unknown as { document: DocumentLike }).document
      doc.querySelectorAll('details').forEach(d => d.setAttribute('open', ''))
    })
    await p.screenshot({ path: join(docs, 'summary-rounds.png'), fullPage: true })
  } finally {
    await browser.close()
  }
  for (const name of ['summary.png', 'summary-rounds.png']) {
    const kb = Math.round(readFileSync(join(docs, name)).length / 1024)
    console.log(`docs/${name}: ${kb} KB`)
  }
}

await main()
