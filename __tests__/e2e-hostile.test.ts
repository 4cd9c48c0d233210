/**
 * The hostile corpus end to end through the bundled action (issue 15): a failing command echoing its keys, a round of
 * hostile findings (bad paths, relayed words, secrets, unwritable fixes), hidden commands in a writer's comment, and
 * fixes on files with CRLF endings or re-encoding attributes. No crash, no convergence on garbage, nothing pushed no
 * finding described, no secret in any comment, summary, log line or ledger, no relayed text parsed as a command.
 */
import { describe, expect, it } from '@jest/globals'
import { Lexer, marked, type Token } from 'marked'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitProbe } from '../__fixtures__/git-probe.js'
import type { RunResult } from '../__fixtures__/harness/index.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import {
  BOT,
  ledgerOf as ledgerOfStatus,
  ok,
  scriptedSource,
  scriptedSourceAndDriver,
  useSampleWorld,
  usePullRequestWorld
} from '../__fixtures__/e2e.js'
import {
  BAD_PATHS,
  BAD_REPLACEMENTS,
  base64Inner,
  CRLF_FILE,
  DESCRIPTIONS,
  DRIVER_SITE_PATHS,
  encodingsOf,
  KNOWN_KEY,
  leakedForms,
  leakyStderr,
  LISTED_KEY,
  MARKUP_PATHS,
  REENCODED_FILE,
  SECRET_PATHS,
  SHAPED_SECRETS,
  UNKNOWN_KEY,
  unwrapped,
  VICTIMS
} from '../__fixtures__/hostile/index.js'
import { carriedText, readStateBlock } from '../src/ledger/codec.js'
import { parseCommands } from '../src/loop/commands.js'
import { Ledger } from '../src/loop/model.js'

/**
 * The ledger the status comment carries, found by its heading: a relayed description may quote the state marker, which
 * the shared helper looks for (the action itself finds its comment by author and shape).
 */
function ledgerOf(world: LoopWorld): Ledger {
  const status = world.fake.commentList.filter(
    c =>
      c.issue === 7 &&
      c.author.login === BOT &&
      c.body.startsWith('### Review loop:') &&
      readStateBlock(c.body)
  )
  expect(status.length).toBeGreaterThan(0)
  return Ledger.parse(JSON.parse(carriedText(readStateBlock(status.at(-1)!.body)!)!))
}

const EXERCISED = { reached: ['contract-closure'], unreached: [] }
const FAILS = { stdout: 'the corrector crashed', exitCode: 1 }
const BRANCH = 'feature/not-found'

/** Every form of every secret the runs saw, as a reader could decode it back. */
const SECRET_FORMS = [
  ...leakedForms(KNOWN_KEY),
  ...leakedForms(LISTED_KEY),
  UNKNOWN_KEY,
  ...SHAPED_SECRETS.map(s => s.secret),
  ...SECRET_PATHS.map(p => p.secret)
]

/** The log a reader of the job sees: the runner consumes `::add-mask::` lines (they register the masks). */
const logOf = (r: RunResult) =>
  `${r.stdout}\n${r.stderr}`
    .split('\n')
    .filter(l => !l.startsWith('::add-mask::'))
    .join('\n')

/** The secrets' base64 as only they decide it: looked for with the lines joined, so no wrapping hides it. */
const WRAPPED_FORMS = [...base64Inner(KNOWN_KEY), ...base64Inner(LISTED_KEY)]

function expectNoSecret(where: string, text: string): void {
  for (const form of SECRET_FORMS)
    expect([where, text.includes(form) ? form : '']).toEqual([where, ''])
  const joined = unwrapped(text)
  for (const form of WRAPPED_FORMS)
    expect([where, joined.includes(form) ? form : '']).toEqual([where, ''])
}

/** The inputs of every run here: the known key as a provider key, a command's own key listed, no driver. */
const inputsFor = (command: string) => ({
  command,
  source: 'command',
  driver: 'none',
  'openai-api-key': KNOWN_KEY,
  'secrets-to-redact': `\n${LISTED_KEY}\n`
})

/** The `@name`s a reader of `body` sees outside code (GitHub pings them). */
function mentionsShown(body: string): string[] {
  const shown: string[] = []
  const walk = (tokens: Token[]): void => {
    for (const t of tokens) {
      if (t.type === 'codespan' || t.type === 'code') continue
      const children = 'tokens' in t ? (t.tokens as Token[] | undefined) : undefined
      if (children?.length) walk(children)
      else if (t.type === 'text' || t.type === 'html')
        shown.push(...(t.raw.match(/@[A-Za-z0-9][\w/-]*/g) ?? []))
    }
  }
  walk(marked.lexer(body))
  return shown
}

/** Every comment of the action: none reads as a command, pings a victim or holds a secret. */
function expectInertComments(world: LoopWorld): void {
  const botComments = world.fake.commentList.filter(c => c.author.login === BOT)
  expect(botComments.length).toBeGreaterThan(0)
  for (const c of botComments) {
    // Whatever happens to the ledger, no comment of the action reads as a command.
    expect([c.id, parseCommands(c.body)]).toEqual([c.id, []])
    expect([c.id, mentionsShown(c.body).filter(m => /victim/.test(m))]).toEqual([c.id, []])
    expectNoSecret(`comment ${c.id}`, c.body)
  }
  // On the diff too: each review's body, each finding's comment and each reply in its thread.
  const onDiff = [
    ...world.fake.reviews.map(r => ({ where: `review ${r.id}`, body: r.body })),
    ...world.fake.reviewComments.map(c => ({ where: `review comment ${c.id}`, body: c.body }))
  ]
  for (const { where, body } of onDiff) {
    expect([where, parseCommands(body)]).toEqual([where, []])
    expect([where, mentionsShown(body).filter(m => /victim/.test(m))]).toEqual([where, []])
    expectNoSecret(where, body)
  }
}

function expectNoSecretIn(world: LoopWorld, runs: RunResult[]): void {
  for (const [i, r] of runs.entries()) {
    expectNoSecret(`summary ${i}`, r.summary)
    expectNoSecret(`log ${i}`, logOf(r))
  }
  expectNoSecret('ledger', JSON.stringify(ledgerOf(world)))
}

describe('hostile input from a source and a commenter', () => {
  const sample = useSampleWorld()

  it('a failing command that echoes its keys (set -x, curl -v, encoded) publishes none of them', async () => {
    const world: LoopWorld = sample()
    const source = scriptedSource([
      { stdout: `Authorization: Bearer ${UNKNOWN_KEY}`, exitCode: 1, stderr: leakyStderr() }
    ])
    const r = ok(
      await world.run(world.sandbox.pullRequestEvent('opened', 7), inputsFor(source.command))
    )
    expect(r.outputs.status).toBe('no-review')
    // The tail is kept, its secrets gone.
    expect(r.summary).toContain('refused the request (401)')
    expectInertComments(world)
    expectNoSecretIn(world, [r])
  })

  it('relays every word inert and obeys no hidden command', async () => {
    const world: LoopWorld = sample()
    const findings = [
      ...DESCRIPTIONS.map(d => ({
        severity: 'low',
        file: 'src/client.js',
        line: 8,
        description: d.text
      })),
      ...[
        ...SHAPED_SECRETS.map(s => s.text),
        ...encodingsOf(KNOWN_KEY).map(e => e.text),
        ...encodingsOf(LISTED_KEY).map(e => e.text)
      ].map(text => ({
        severity: 'low',
        file: 'src/client.js',
        line: 4,
        description: `It logs ${text}`
      })),
      // Paths that mean something to Markdown: named in the status comment, the review's body and the handover.
      ...MARKUP_PATHS.map(p => ({
        severity: 'low',
        file: p.file,
        line: 1,
        description: `path: ${p.name}`
      })),
      // A key in the path a finding names: shown in the status comment, the review's body and the ledger.
      ...SECRET_PATHS.map(p => ({
        severity: 'low',
        file: p.file,
        line: 1,
        description: `path: ${p.name}`
      })),
      ...BAD_REPLACEMENTS.map(r => ({
        severity: 'low',
        file: 'src/client.js',
        line: 8,
        description: `fix: ${r.name}`,
        fix: { start_line: 8, end_line: 8, replacement: r.replacement }
      }))
    ]
    const source = scriptedSource([
      { stdout: { verdict: 'needs-attention', findings, exercised: EXERCISED } },
      FAILS
    ])
    const inputs = inputsFor(source.command)
    const head = world.remote.branchSha(BRANCH)
    const runs = [ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))]
    expect(runs[0]!.outputs).toMatchObject({ round: '1', status: 'awaiting-decision' })
    // Each is a finding (the same words at the same line, once their secrets are gone, are one finding).
    expect(ledgerOf(world).findings.length).toBeGreaterThan(DESCRIPTIONS.length)
    // Nothing pushed: no fix the loop may write (the unwritable ones wait for a person).
    expect(world.remote.branchSha(BRANCH)).toBe(head)

    // A writer's comment whose only visible command is `status`: the hidden ones are not obeyed.
    const hidden = [
      '<!--\n/review-loop stop\n-->',
      '    /review-loop stop',
      '> quoted\n/review-loop stop',
      '````\n```\n/review-loop stop\n````',
      '/review-loop status'
    ].join('\n\n')
    runs.push(ok(await world.comment(7, 'octo-maintainer', hidden, inputs)))
    expect(runs[1]!.outputs.status).toBe('awaiting-decision')
    expect(ledgerOf(world).invocations.every(i => !i.ended)).toBe(true)
    // A line that is no command, quoted back in the reply: a backtick in it closes no code span early, so the mention
    // after it stays code and pings no one.
    runs.push(
      ok(await world.comment(7, 'octo-maintainer', '/review-loop frobnicate ` @bystander', inputs))
    )
    const reply = world.fake.commentList.filter(c => c.author.login === BOT).at(-1)!.body
    expect(reply).toMatch(/frobnicate/)
    expect(mentionsShown(reply)).not.toContain('@bystander')

    // The round's findings were posted on the diff too, and are held to the same bar below.
    expect(world.fake.reviewComments.length).toBeGreaterThan(0)
    expectInertComments(world)
    // A gate's question and options stand outside whatever was relayed above them.
    const gates = world.fake.commentList.filter(
      c => c.author.login === BOT && /^### G\d+: your judgment/.test(c.body)
    )
    expect(gates.length).toBeGreaterThan(0)
    for (const c of gates) {
      const top = new Lexer().blockTokens(c.body, [])
      expect(top.some(t => t.type === 'paragraph' && t.raw.trim() === '**The question**')).toBe(
        true
      )
    }
    expectNoSecretIn(world, runs)
  })

  it('a path a source names that is no file of the repository is malformed, never a crash, and blocks no other finding', async () => {
    const world: LoopWorld = sample()
    const findings = [
      ...BAD_PATHS.map(p => ({
        severity: 'low',
        file: p.file,
        line: 8,
        description: `path: ${p.name}`
      })),
      { severity: 'low', file: 'src/client.js', line: 8, description: 'a good one' }
    ]
    const source = scriptedSource([
      { stdout: { verdict: 'needs-attention', findings, exercised: EXERCISED } },
      FAILS
    ])
    const r = await world.run(
      world.sandbox.pullRequestEvent('opened', 7),
      inputsFor(source.command)
    )
    expect([r.exitCode, r.stderr]).toEqual([
      0,
      expect.not.stringContaining('ERR_INVALID_ARG_VALUE')
    ])
    expect(r.outputs).toMatchObject({ round: '1', status: 'awaiting-decision' })
    const ledger = ledgerOf(world)
    expect(ledger.rounds[0]!.malformed).toHaveLength(BAD_PATHS.length)
    expect(ledger.findings.map(f => f.file)).toEqual(['src/client.js'])
    expectInertComments(world)
  })
})

describe('/review-loop record', () => {
  const sample = useSampleWorld()

  it('posts only on an issue of this repository the pull request closes, never on a pull request it names (item 11)', async () => {
    const world: LoopWorld = sample()
    world.fake.openIssue({ number: 12, title: 'Requests hang forever' })
    world.sandbox.openPullRequest({
      number: 8,
      title: 'Another change',
      body: '',
      headRef: 'feature/other',
      baseRef: 'main',
      author: 'octo-author',
      files: { 'OTHER.md': 'other\n' },
      message: 'Other'
    })
    world.fake.updatePullRequest(7, { body: 'Closes #12, closes #8 and fixes #99.' })
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            { severity: 'low', file: 'src/client.js', line: 1, description: 'Import is unused.' }
          ],
          exercised: EXERCISED
        }
      }
    ])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    ok(
      await world.comment(
        7,
        'octo-maintainer',
        '/review-loop G1 decide We keep the import: the next release uses it in every client.',
        inputs
      )
    )
    ok(await world.comment(7, 'octo-maintainer', '/review-loop stop', inputs))
    ok(await world.comment(7, 'octo-maintainer', '/review-loop record D1', inputs))
    const onIssue = (n: number) => world.fake.comments(n).filter(c => c.user.login === BOT)
    expect(onIssue(12)).toHaveLength(1)
    expect(onIssue(8)).toEqual([])
    expect(onIssue(7).at(-1)!.body).toMatch(/#8: it is a pull request, not an issue/)
    expect(onIssue(7).at(-1)!.body).toMatch(/#99: no such issue/)
  })
})

describe('fixes on files git re-encodes or writes with CRLF', () => {
  const world = usePullRequestWorld({
    base: {
      'README.md': 'A project.\n',
      [REENCODED_FILE.attributes.path]: REENCODED_FILE.attributes.text
    },
    files: { [CRLF_FILE.path]: CRLF_FILE.text, [REENCODED_FILE.path]: REENCODED_FILE.text },
    title: 'Add the Windows helper and the legacy file',
    inputs: { landing: 'head', driver: 'none' }
  })

  it('a fix keeps a CRLF file CRLF, and a fix on a file git re-encodes is set aside, never blocking the round', async () => {
    const fix = (file: string, line: number, replacement: string) => ({
      severity: 'medium',
      file,
      line,
      description: `${file} compares loosely`,
      fix: { start_line: line, end_line: line, replacement }
    })
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            fix(CRLF_FILE.path, CRLF_FILE.line, CRLF_FILE.replacement),
            fix(REENCODED_FILE.path, REENCODED_FILE.line, REENCODED_FILE.replacement)
          ],
          exercised: EXERCISED
        }
      },
      FAILS
    ])
    const r = await world().run(world().sandbox.pullRequestEvent('opened', 7), {
      command: source.command
    })
    expect([r.exitCode, r.stderr]).toEqual([
      0,
      expect.not.stringContaining('ERR_INVALID_ARG_VALUE')
    ])
    expect(r.outputs.status).toBe('continue')
    const written = world().remote.readFile('feature/change', CRLF_FILE.path)!
    expect(written).toBe('export function isGone(status) {\r\n  return status === 410\r\n}\r\n')
    expect(world().remote.readFile('feature/change', REENCODED_FILE.path)).toBe(REENCODED_FILE.text)
    const ledger = ledgerOfStatus(world())
    expect(JSON.stringify(ledger.rounds[0])).toMatch(/working-tree-encoding/)
  })
})

describe("paths a driver's answer names", () => {
  const world = usePullRequestWorld({
    base: { 'README.md': '# users\n', 'src/db.js': 'export const db = { users: new Map() }\n' },
    files: {
      'src/api.js': 'export function fetchUsr(id) {\n  return db.users.get(id)\n}\n',
      'src/profile.js':
        "import { fetchUsr } from './api.js'\n\nexport const name = id => fetchUsr(id).name\n"
    },
    title: 'Look users up'
  })

  /** Adds a commit to `branch` holding symbolic links (`path` → `target`), as a pull request's author can. */
  function commitLinks(branch: string, links: Record<string, string>): void {
    const remote = world().remote
    const index = join(mkdtempSync(join(tmpdir(), 'review-loop-links-')), 'index')
    const env = { GIT_INDEX_FILE: index }
    const parent = remote.git(['rev-parse', `refs/heads/${branch}`]).trim()
    remote.git(['read-tree', parent], undefined, env)
    const rows = Object.entries(links).map(
      ([path, target]) =>
        `120000 ${remote.git(['hash-object', '-w', '--stdin'], target).trim()}\t${path}`
    )
    remote.git(['update-index', '--index-info'], `${rows.join('\n')}\n`, env)
    const tree = remote.git(['write-tree'], undefined, env).trim()
    const sha = remote.git(['commit-tree', tree, '-p', parent, '-m', 'Add links'], undefined, {
      GIT_AUTHOR_NAME: 'a',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'a',
      GIT_COMMITTER_EMAIL: 'a@example.com'
    })
    remote.git(['update-ref', `refs/heads/${branch}`, sha.trim(), parent])
  }

  it('a scan site or an edit outside the repository is refused unread with a note on the trace, and the fix lands at its real sites', async () => {
    // Links out of the checkout, to a file that reads as the driver quotes it ("x"): followed, it would be written.
    const outside = mkdtempSync(join(tmpdir(), 'review-loop-outside-'))
    writeFileSync(join(outside, 'target.js'), 'x\n')
    commitLinks('feature/change', { 'escape-link.js': join(outside, 'target.js'), linked: outside })
    const io = scriptedSourceAndDriver([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            {
              severity: 'low',
              file: 'src/api.js',
              line: 1,
              description: '`fetchUsr` is misspelt',
              fix: { start_line: 1, end_line: 1, replacement: 'export function fetchUser(id) {' }
            }
          ],
          exercised: EXERCISED
        }
      },
      FAILS
    ])
    const probe = gitProbe()
    const r = ok(
      await world().run(
        world().sandbox.pullRequestEvent('opened', 7),
        { source: 'command', driver: 'command', command: io.command },
        {
          ...io.env,
          ...probe.env,
          DRIVER_STANDIN_HOSTILE_SITES: JSON.stringify([
            ...DRIVER_SITE_PATHS.map(p => p.file),
            'escape-link.js',
            'linked/target.js'
          ])
        }
      )
    )
    expect(r.outputs.status).toBe('continue')
    // Never read: no git command line the action ran named one of the paths.
    expect(probe.calls().length).toBeGreaterThan(10)
    expect(probe.calls().filter(argv => argv.some(a => a.includes('hostile')))).toEqual([])
    // Never briefed, never written: the writer was sent the real sites only, and the branch holds the fix alone.
    const write = io.driverRequests().find(q => q.role === 'write')!
    const briefed = (write.briefs as { sites: { file: string }[] }[]).flatMap(b =>
      b.sites.map(s => s.file)
    )
    expect([...new Set(briefed)].sort()).toEqual(['src/api.js', 'src/profile.js'])
    const files = world().remote.listFiles('feature/change')
    expect(files.filter(f => f.includes('hostile'))).toEqual([])
    for (const f of files)
      expect(world().remote.readFile('feature/change', f)).not.toContain('pwned')
    expect(world().remote.readFile('feature/change', 'src/profile.js')).toContain('fetchUser(id)')
    // On the trace: each refused site with why, and each stray edit held back.
    const notes = ledgerOfStatus(world()).rounds[0]!.apply!.discrepancies.join('\n')
    expect(notes.match(/so it is refused unread/g)).toHaveLength(DRIVER_SITE_PATHS.length)
    for (const why of ['segment', 'absolute', 'control character', "git's own folder", 'slash'])
      expect(notes).toContain(why)
    // A link, or a path through one, is no text file of the head: refused, and what it points to stays as it was.
    expect(notes).toContain('escape-link.js is not a text file at the head')
    expect(notes).toContain('linked/target.js is not a text file at the head')
    expect(readFileSync(join(outside, 'target.js'), 'utf8')).toBe('x\n')
    expect(notes.match(/held back, not written unbriefed/g)).toHaveLength(
      DRIVER_SITE_PATHS.length + 2
    )
    expectInertComments(world())
  })
})

describe("a driver's answers", () => {
  const world = usePullRequestWorld({
    base: { 'README.md': '# users\n', 'src/db.js': 'export const db = { users: new Map() }\n' },
    files: {
      'src/api.js': 'export function fetchUsr(id) {\n  return db.users.get(id)\n}\n',
      'src/profile.js':
        "import { fetchUsr } from './api.js'\n\nexport const name = id => fetchUsr(id).name\n"
    },
    title: 'Look users up'
  })

  it('a driver echoing keys in its readings publishes none of them, in any comment, summary, log or ledger', async () => {
    const io = scriptedSourceAndDriver([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [
            {
              severity: 'low',
              file: 'src/api.js',
              line: 1,
              description: '`fetchUsr` is misspelt',
              fix: { start_line: 1, end_line: 1, replacement: 'export function fetchUser(id) {' }
            },
            {
              severity: 'medium',
              file: 'src/profile.js',
              line: 3,
              description:
                '`name` throws for an unknown id; whether to return undefined is a judgment'
            }
          ],
          exercised: EXERCISED
        }
      },
      FAILS
    ])
    const leak = [
      `Authorization: Bearer ${UNKNOWN_KEY}`,
      ...SHAPED_SECRETS.map(s => s.text),
      ...encodingsOf(KNOWN_KEY).map(e => e.text),
      ...encodingsOf(LISTED_KEY).map(e => e.text)
    ].join(' ')
    const r = ok(
      await world().run(
        world().sandbox.pullRequestEvent('opened', 7),
        { ...inputsFor(io.command), driver: 'command' },
        { ...io.env, DRIVER_STANDIN_LEAK: leak }
      )
    )
    // The driver ran and answered (its readings are what would carry the keys).
    expect(io.driverRequests().length).toBeGreaterThan(0)
    expectInertComments(world())
    expectNoSecretIn(world(), [r])
  })
})

describe('a failure nobody handles', () => {
  const sample = useSampleWorld()
  const CRASH_PRELOAD = join(process.cwd(), '__fixtures__', 'crash-preload.mjs')

  it('ends the step failed with a clear message and status blocked, redacted, and the ledger stands as saved', async () => {
    const world: LoopWorld = sample()
    const source = scriptedSource([
      {
        stdout: {
          verdict: 'needs-attention',
          findings: [{ severity: 'low', file: 'src/client.js', line: 8, description: 'a finding' }],
          exercised: EXERCISED
        }
      },
      { stdout: { verdict: 'approve', findings: [], exercised: EXERCISED } }
    ])
    const event = () => world.sandbox.pullRequestEvent('synchronize', 7)
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputsFor(source.command)))
    const status = () =>
      world.fake.commentList.find(
        c => c.author.login === BOT && c.body.startsWith('### Review loop:')
      )!.body
    const saved = status()
    const before = JSON.stringify(ledgerOf(world))
    // The author pushes: the next run fetches the new head, and the failure comes in the middle of that.
    world.remote.commit('feature/not-found', { 'NOTES.md': 'More notes.\n' })

    const runs: RunResult[] = []
    for (const kind of ['rejection', 'exception']) {
      const r = await world.run(event(), inputsFor(source.command), {
        NODE_OPTIONS: `--import=${CRASH_PRELOAD}`,
        REVIEW_LOOP_CRASH: `${kind}:fetch`,
        REVIEW_LOOP_CRASH_WORDS: `the request failed: Authorization: Bearer ${KNOWN_KEY}`
      })
      runs.push(r)
      expect([kind, r.exitCode, r.outputs.status]).toEqual([kind, 1, 'blocked'])
      expect(r.annotations).toEqual([
        expect.stringMatching(
          /^::error::review-loop stopped on an error it did not expect: Error: the request failed: .*the ledger stands as the last save left it/
        )
      ])
      expect(r.summary).toMatch(/^\*\*review-loop stopped:\*\* review-loop stopped on an error/)
      // Nothing more written: the status comment and its ledger are as the last save left them.
      expect(status()).toBe(saved)
    }
    expectNoSecretIn(world, runs)
    expect(JSON.stringify(ledgerOf(world))).toBe(before)
    // The next run starts from the saved ledger, not a reset one; a failure after it ended leaves its outcome standing.
    const next = ok(
      await world.run(event(), inputsFor(source.command), {
        NODE_OPTIONS: `--import=${CRASH_PRELOAD}`,
        REVIEW_LOOP_CRASH: 'late',
        REVIEW_LOOP_CRASH_WORDS: `a stray promise: Bearer ${KNOWN_KEY}`
      })
    )
    expect(next.outputs.round).not.toBe('')
    expect(next.outputs.status).not.toBe('blocked')
    expect(next.annotations).toContainEqual(
      expect.stringMatching(/^::warning::After the run ended: a stray promise: Bearer \[redacted\]/)
    )
    expectNoSecretIn(world, [next])
    expect(ledgerOf(world).findings.map(f => f.description)).toContain('a finding')
  })
})

describe('a failure the run handles', () => {
  const sample = useSampleWorld()

  it('is reported blocked with its message redacted in the log and the summary', async () => {
    const world: LoopWorld = sample()
    const source = scriptedSource([])
    // A server whose error message echoes what it was sent: the run's own failure carries the words on.
    world.fake.refuse(
      'pulls/get',
      404,
      `Not Found (token ${KNOWN_KEY}, listed ${LISTED_KEY}) @${VICTIMS[0]} /review-loop stop`
    )
    const r = await world.run(
      world.sandbox.pullRequestEvent('opened', 7),
      inputsFor(source.command)
    )
    expect([r.exitCode, r.outputs.status]).toEqual([1, 'blocked'])
    expect(r.annotations).toEqual([
      expect.stringMatching(/^::error::.*Not Found \(token \[redacted\]/)
    ])
    expect(r.summary).toMatch(/^\*\*review-loop is blocked:\*\* .*Not Found/)
    expect(r.summary).not.toContain(`@${VICTIMS[0]}`)
    expectNoSecret('summary', r.summary)
    expectNoSecret('log', logOf(r))
  })
})
