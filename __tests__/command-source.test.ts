import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
  existsSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, it, expect } from '@jest/globals'
import {
  CommandSource,
  commandEnvironment,
  type CommandSourceOptions
} from '../src/sources/command.js'
import { findShell } from '../src/sources/process.js'
import { readFinding } from '../src/sources/review-response.js'
import type { ReviewRequest } from '../src/sources/types.js'

let dir: string
let repo: string
let responder: string
const node = process.execPath
const q = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

// The responder logs each request (stdin, cwd, env) and answers with the file named for the request's role.
const RESPONDER = `
import { appendFileSync, readFileSync } from 'node:fs'
const [log, ...answers] = process.argv.slice(2)
let input = ''
for await (const chunk of process.stdin) input += chunk
appendFileSync(log, JSON.stringify({ input, cwd: process.cwd(), env: process.env }) + '\\n')
const role = JSON.parse(input).role
const file = answers.find(a => a.startsWith(role + '='))
if (file === undefined) { console.error('no answer for role ' + role); process.exit(4) }
process.stdout.write(readFileSync(file.slice(role.length + 1), 'utf8'))
`

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'command-source-')))
  // The repository is just a folder here: the source only needs somewhere to run.
  repo = join(dir, 'repo')
  mkdirSync(repo)
  responder = join(dir, 'responder.mjs')
  writeFileSync(responder, RESPONDER)
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

let counter = 0
/** A command that answers each role with the given JSON (or raw text); returns it and its request log. */
function answering(answers: Record<string, unknown>): { command: string; log: string } {
  const n = ++counter
  const log = join(dir, `log-${n}.jsonl`)
  const args = Object.entries(answers).map(([role, body]) => {
    const file = join(dir, `answer-${n}-${role}.json`)
    writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body))
    return q(`${role}=${file}`)
  })
  return { command: [q(node), q(responder), q(log), ...args].join(' '), log }
}

function calls(log: string): { input: string; cwd: string; env: Record<string, string> }[] {
  return readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map(line => JSON.parse(line) as { input: string; cwd: string; env: Record<string, string> })
}

const source = (options: Partial<CommandSourceOptions> & { command: string }): CommandSource =>
  new CommandSource({ cwd: repo, timeoutMs: 20000, env: process.env, ...options })

const request: ReviewRequest = {
  protocol: 'review-loop/1',
  role: 'review',
  round: 2,
  repository: '',
  base_sha: 'a'.repeat(40),
  head_sha: 'b'.repeat(40),
  changed_files: ['src/a.ts', 'src/new.ts'],
  intent: {
    rules: [{ path: 'AGENTS.md', why: 'project rules' }],
    design_comments: [{ path: 'src/a.ts', line: 40 }],
    goal: null,
    authority_order: null,
    decisions: [{ id: 'D1', decision: 'keep the API', basis: 'users depend on it' }],
    severity_steer: 'prefer fewer, sharper findings'
  }
}
const req = (): ReviewRequest => ({ ...request, repository: repo })

const finding = {
  severity: 'high',
  file: 'src/a.ts',
  line: 42,
  description: 'the loop never ends',
  evidence: 'while (true) retry()',
  expectation: 'a call gives up after the configured retries',
  fix: { start_line: 42, end_line: 43, replacement: '  return\n' }
}
const exercised = {
  reached: ['contract-closure', 'runtime-behavior'],
  unreached: [{ axis: 'concurrency', reason: 'no threads here' }]
}

/** Whether a process is gone (a zombie nobody reaped counts as gone: it runs nothing). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return true
  }
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

/** Whether the process is gone within 20 s: a kill lands at once, but a loaded machine may be slow to show it. */
async function eventuallyGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    if (gone(pid)) return true
    await new Promise(r => setTimeout(r, 50))
  }
  return false
}

describe('CommandSource review', () => {
  it('reads a review with findings, exercised and direction, sending exactly the protocol request in the repository', async () => {
    const { command, log } = answering({
      review: {
        verdict: 'needs-attention',
        findings: [finding, { ...finding, file: './src/b.ts', fix: null, confidence: 0.5 }],
        exercised,
        direction: {
          mechanism: 'unbounded retry',
          falsifier: 'a test where the server never answers'
        },
        model: 'anything'
      }
    })
    const s = source({ command })
    expect(s.name).toBe('command')
    expect(s.reportsReach).toBe(true)
    const outcome = await s.review(req())
    expect(outcome).toEqual({
      kind: 'review',
      verdict: 'needs-attention',
      findings: [
        finding,
        {
          severity: 'high',
          file: 'src/b.ts',
          line: 42,
          description: 'the loop never ends',
          evidence: 'while (true) retry()',
          expectation: 'a call gives up after the configured retries'
        }
      ],
      malformed: [],
      exercised,
      direction: {
        mechanism: 'unbounded retry',
        falsifier: 'a test where the server never answers'
      }
    })
    const [call] = calls(log)
    expect(call?.input).toBe(`${JSON.stringify(req())}\n`)
    expect(JSON.parse(call?.input ?? '')).toMatchObject({
      protocol: 'review-loop/1',
      role: 'review'
    })
    expect(call?.cwd).toBe(repo)
  })

  it('reads an approve without direction; a direction sent with approve is not read', async () => {
    const plain = await source({
      command: answering({ review: { verdict: 'approve', findings: [], exercised } }).command
    }).review(req())
    expect(plain).toEqual({
      kind: 'review',
      verdict: 'approve',
      findings: [],
      malformed: [],
      exercised
    })
    const withDirection = await source({
      command: answering({
        review: { verdict: 'approve', findings: [], direction: { mechanism: 'm', falsifier: 'f' } }
      }).command
    }).review(req())
    expect(withDirection).toEqual({
      kind: 'review',
      verdict: 'approve',
      findings: [],
      malformed: [],
      exercised: null
    })
  })

  it('ignores a direction without a falsifier and reads a missing or invalid exercised as null', async () => {
    for (const [direction, exercisedValue] of [
      [{ mechanism: 'm' }, undefined],
      [{ mechanism: 'm', falsifier: '  ' }, { reached: 'all' }],
      ['just words', { reached: [], unreached: [{ axis: 'x' }] }]
    ] as const) {
      const outcome = await source({
        command: answering({
          review: {
            verdict: 'needs-attention',
            findings: [finding],
            direction,
            exercised: exercisedValue
          }
        }).command
      }).review(req())
      expect(outcome).toEqual({
        kind: 'review',
        verdict: 'needs-attention',
        findings: [finding],
        malformed: [],
        exercised: null
      })
      expect('direction' in outcome).toBe(false)
    }
  })

  it('keeps malformed findings apart, and one correction fixes one and leaves one', async () => {
    const badSeverity = { ...finding, severity: 'major' }
    const badFix = { ...finding, line: 7, fix: { start_line: 5, end_line: 3, replacement: 'x' } }
    const { command, log } = answering({
      review: { verdict: 'needs-attention', findings: [badSeverity, finding, badFix], exercised },
      correct: {
        findings: [
          { ...badFix, line: 0, fix: undefined },
          { ...badSeverity, severity: 'medium' }
        ]
      }
    })
    const s = source({ command })
    const outcome = await s.review(req())
    if (outcome.kind !== 'review') throw new Error(`expected a review, got ${outcome.cause}`)
    expect(outcome.findings).toEqual([finding])
    expect(outcome.malformed).toEqual([
      {
        index: 0,
        raw: badSeverity,
        problems: ['severity "major" is not one of critical|high|medium|low|suggestion']
      },
      { index: 2, raw: badFix, problems: ['fix.end_line 3 is before fix.start_line 5'] }
    ])

    const corrected = await s.correct(req(), outcome.malformed)
    expect(corrected).toEqual({
      findings: [{ ...finding, severity: 'medium' }],
      malformed: [
        {
          index: 0,
          raw: { ...finding, line: 0, fix: undefined },
          problems: ['line must be a positive integer, got 0']
        }
      ]
    })
    const sent = JSON.parse(calls(log)[1]?.input ?? '') as Record<string, unknown>
    expect(sent).toEqual({
      ...req(),
      role: 'correct',
      malformed: [
        {
          index: 0,
          finding: badSeverity,
          problems: ['severity "major" is not one of critical|high|medium|low|suggestion']
        },
        { index: 2, finding: badFix, problems: ['fix.end_line 3 is before fix.start_line 5'] }
      ]
    })
  })

  it('leaves everything malformed, saying why, when the correction call fails', async () => {
    const malformed = [{ index: 1, raw: { severity: 'major' }, problems: ['severity …'] }]
    const result = await source({ command: 'echo broken >&2; exit 3' }).correct(req(), malformed)
    expect(result).toEqual({
      findings: [],
      malformed: [
        { ...malformed[0], problems: ['severity …', 'correction failed: exited with code 3'] }
      ]
    })
    const notArray = await source({
      command: answering({ correct: { findings: 'none' } }).command
    }).correct(req(), malformed)
    expect(notArray.malformed[0]?.problems[1]).toBe(
      'correction failed: the response findings must be an array, got "none"'
    )
  })

  it('does not call the command to correct nothing', async () => {
    const marker = join(dir, 'called')
    const result = await source({ command: `touch ${q(marker)}` }).correct(req(), [])
    expect(result).toEqual({ findings: [], malformed: [] })
    expect(existsSync(marker)).toBe(false)
  })

  it('reads a valid verdict whose findings are missing or not an array as no review (Rule 13)', async () => {
    const missing = await source({
      command: answering({ review: { verdict: 'approve' } }).command
    }).review(req())
    expect(missing).toMatchObject({
      kind: 'no-review',
      cause:
        'response has no readable findings: the response has no findings array (send "findings": [] when there are none)'
    })
    const wrong = await source({
      command: answering({ review: { verdict: 'needs-attention', findings: { a: 1 } } }).command
    }).review(req())
    expect(wrong).toMatchObject({
      kind: 'no-review',
      cause:
        'response has no readable findings: the response findings must be an array, got {"a":1}'
    })
  })
})

describe('CommandSource no review', () => {
  const noReview = async (command: string, options: Partial<CommandSourceOptions> = {}) => {
    const outcome = await source({ command, ...options }).review(req())
    if (outcome.kind !== 'no-review')
      throw new Error(`expected no review, got ${JSON.stringify(outcome)}`)
    return outcome
  }

  it('output that is not JSON', async () => {
    const outcome = await noReview(`echo 'Looks good to me!'`)
    expect(outcome.cause).toMatch(/^stdout is not JSON: Unexpected token/)
    expect(outcome.returned).toBe('Looks good to me!\n')
  })

  it('empty stdout', async () => {
    const outcome = await noReview(`cat >/dev/null; echo '   '`)
    expect(outcome.cause).toBe('exited with code 0 but wrote nothing to stdout')
  })

  it('a non-zero exit, with stderr in what came back', async () => {
    const outcome = await noReview(
      `echo '{"verdict":"approve","findings":[]}'; echo 'model overloaded' >&2; exit 2`
    )
    expect(outcome.cause).toBe('exited with code 2')
    expect(outcome.returned).toBe(
      '{"verdict":"approve","findings":[]}\n--- stderr ---\nmodel overloaded\n'
    )
  })

  it('a response without a verdict, or with one the protocol does not know', async () => {
    const missing = await noReview(answering({ review: { findings: [finding] } }).command)
    expect(missing.cause).toBe('response has no valid verdict: verdict is missing')
    expect(JSON.parse(missing.returned)).toEqual({ findings: [finding] })
    const lgtm = await noReview(answering({ review: { verdict: 'lgtm', findings: [] } }).command)
    expect(lgtm.cause).toBe(
      'response has no valid verdict: "lgtm" is not one of approve|needs-attention'
    )
    const array = await noReview(answering({ review: '[1, 2]' }).command)
    expect(array.cause).toBe('response is not a JSON object, got an array')
  })

  it('a signal', async () => {
    const outcome = await noReview('kill -KILL $$')
    expect(outcome.cause).toBe('was killed by signal SIGKILL')
  })

  it('a command that cannot start', async () => {
    const outcome = await noReview('true', { cwd: join(dir, 'does-not-exist') })
    expect(outcome.cause).toBe(
      `could not be started: the working directory ${join(dir, 'does-not-exist')} does not exist`
    )
  })

  it('output past the cap is cut, the command stopped, and the cut said', async () => {
    const outcome = await noReview(`head -c 5000 /dev/zero | tr '\\0' 'x'; sleep 30`, {
      maxOutputBytes: 1000
    })
    expect(outcome.cause).toBe(
      'wrote more than 1000 bytes to stdout; it was stopped and its output cut there'
    )
    expect(outcome.returned).toBe(`${'x'.repeat(1000)}\n[stdout cut at 1000 bytes]`)
  })

  it('a timeout kills the whole process group, grandchildren included', async () => {
    const pidFile = join(dir, 'timeout.pid')
    const woke = join(dir, 'timeout.woke')
    const outcome = await noReview(`sleep 30 & echo $! > ${q(pidFile)}; wait; touch ${q(woke)}`, {
      timeoutMs: 1000,
      killGraceMs: 500
    })
    expect(outcome.cause).toBe('timed out after 1 s')
    // The command was stopped, not waited for: it never got past its sleep.
    expect(existsSync(woke)).toBe(false)
    const pid = Number(readFileSync(pidFile, 'utf8'))
    expect(pid).toBeGreaterThan(0)
    expect(await eventuallyGone(pid)).toBe(true)
  })

  it('a command that ignores SIGTERM gets SIGKILL after the grace period', async () => {
    const pidFile = join(dir, 'stubborn.pid')
    const outcome = await noReview(`trap '' TERM; sleep 30 & echo $! > ${q(pidFile)}; wait; wait`, {
      timeoutMs: 800,
      killGraceMs: 400
    })
    expect(outcome.cause).toBe('timed out after 0.8 s')
    expect(await eventuallyGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true)
  })
})

describe('CommandSource leaves nothing behind', () => {
  it('ends a background process the command left running after it answered', async () => {
    const pidFile = join(dir, 'stray.pid')
    const { command } = answering({ review: { verdict: 'approve', findings: [], exercised } })
    const outcome = await source({
      command: `sleep 30 >/dev/null 2>&1 & echo $! > ${q(pidFile)}; ${command}`
    }).review(req())
    expect(outcome.kind).toBe('review')
    expect(await eventuallyGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true)
  })
})

describe('the command environment', () => {
  const step = {
    PATH: '/usr/bin',
    HOME: '/home/runner',
    REVIEW_LOOP_ORDINARY: 'kept',
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_TOKEN: 'ghs_secret',
    GH_TOKEN: 'ghs_secret',
    github_token: 'ghs_secret',
    'INPUT_GITHUB-TOKEN': 'ghs_secret',
    INPUT_COMMAND: 'x',
    ACTIONS_RUNTIME_TOKEN: 'rt',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
    ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc',
    ACTIONS_RESULTS_URL: 'https://results',
    ACTIONS_CACHE_URL: 'https://cache',
    OPENAI_API_KEY: 'sk-1',
    ANTHROPIC_API_KEY: 'sk-2',
    AZURE_OPENAI_API_KEY: 'sk-3',
    CODEX_API_KEY: 'sk-4',
    CLAUDE_CODE_OAUTH_TOKEN: 'sk-5',
    GITHUB_ENV: '/tmp/env',
    GITHUB_OUTPUT: '/tmp/out'
  }

  it("keeps the step environment minus credentials, other sources' keys and the runner's command files", () => {
    expect(commandEnvironment(step)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      REVIEW_LOOP_ORDINARY: 'kept',
      GITHUB_REPOSITORY: 'o/r'
    })
  })

  it('is what the command sees', async () => {
    const { command, log } = answering({ review: { verdict: 'approve', findings: [] } })
    await source({ command, env: { ...process.env, ...step, PATH: process.env.PATH } }).review(
      req()
    )
    const env = calls(log)[0]?.env ?? {}
    expect(env.REVIEW_LOOP_ORDINARY).toBe('kept')
    expect(env.GITHUB_REPOSITORY).toBe('o/r')
    const leaked = Object.keys(env).filter(
      k =>
        /TOKEN|API_KEY|^INPUT_|^ACTIONS_|^GITHUB_(ENV|OUTPUT)$/i.test(k) ||
        Object.values(env).includes('ghs_secret')
    )
    expect(leaked).toEqual([])
  })
})

describe('finding validation', () => {
  it('names every problem in words', () => {
    const problems = (raw: unknown): string[] => {
      const read = readFinding(raw)
      return read.ok ? [] : read.problems
    }
    expect(problems('a string')).toEqual(['finding must be a JSON object, got "a string"'])
    expect(problems({})).toEqual([
      'severity is missing',
      'file is missing',
      'line is missing',
      'description is missing'
    ])
    expect(problems({ ...finding, line: 1.5, description: ' ' })).toEqual([
      'line must be a positive integer, got 1.5',
      'description must not be empty'
    ])
    expect(problems({ ...finding, file: '' })).toEqual(['file must not be empty'])
    for (const file of ['/etc/passwd', '../outside.ts', 'src/../../outside.ts', 'C:/x.ts', '.']) {
      expect(problems({ ...finding, file })).toEqual([
        expect.stringMatching(
          /^file .+ (is absolute|has an empty, `\.` or `\.\.` segment): it must be a path relative to the repository root that stays inside it$/
        )
      ])
    }
    // A `..` segment is refused even where it stays inside (issue 15, item 6); one leading `./` is the root.
    expect(problems({ ...finding, file: 'src/../lib/x.ts' })).toHaveLength(1)
    expect(problems({ ...finding, file: './lib/x.ts' })).toEqual([])
    expect(problems({ ...finding, fix: 7 })).toEqual([
      'fix must be an object with start_line, end_line and replacement, got 7'
    ])
    expect(problems({ ...finding, fix: { start_line: 0, end_line: 2 } })).toEqual([
      'fix.start_line must be a positive integer, got 0',
      'fix.replacement is missing'
    ])
  })
})

describe('construction and shell', () => {
  it('refuses an empty command and a non-positive timeout', () => {
    expect(() => new CommandSource({ command: ' ', cwd: repo, timeoutMs: 1000 })).toThrow(
      /`command` input is empty/
    )
    expect(() => new CommandSource({ command: 'true', cwd: repo, timeoutMs: 0 })).toThrow(
      /timeout must be a positive number/
    )
  })

  it('prefers bash on PATH and falls back to sh', () => {
    expect(findShell({ PATH: '/usr/bin:/bin' })).toMatch(/\/bash$/)
    expect(findShell({ PATH: join(dir, 'nothing-here') })).toBe('sh')
  })
})
