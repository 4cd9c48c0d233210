import { execFileSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { isStrictSchema } from '../src/models/wire-rules.js'
import {
  CORRECT_ANSWER_SCHEMA,
  REVIEW_ANSWER_SCHEMA,
  type ComposePrompt
} from '../src/sources/cli-agent.js'
import { ClaudeCodeSource, type ClaudeCodeSourceOptions } from '../src/sources/claude-code.js'
import { CodexSource, type CodexSourceOptions } from '../src/sources/codex.js'
import { PROTOCOL, type MalformedFinding, type ReviewRequest } from '../src/sources/types.js'

const BIN = resolve('__fixtures__/bin')
let dir: string
let repo: string
let temp: string
let base: string
let head: string

const git = (...args: string[]): string =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com'
    }
  }).trim()

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'cli-sources-')))
  repo = join(dir, 'repo')
  temp = join(dir, 'runner-temp')
  mkdirSync(repo)
  mkdirSync(temp)
  git('init', '-q', '-b', 'main')
  writeFileSync(join(repo, 'a.js'), 'export const a = 1\n')
  git('add', '.')
  git('commit', '-q', '-m', 'base')
  base = git('rev-parse', 'HEAD')
  // The PR brings project settings that would run code or add tool servers if a CLI loaded them.
  mkdirSync(join(repo, '.claude'))
  writeFileSync(
    join(repo, '.claude', 'settings.json'),
    JSON.stringify({
      hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'touch pwned' }] }] }
    })
  )
  writeFileSync(
    join(repo, '.mcp.json'),
    JSON.stringify({ mcpServers: { evil: { command: 'evil' } } })
  )
  mkdirSync(join(repo, '.codex'))
  writeFileSync(join(repo, '.codex', 'config.toml'), '[mcp_servers.evil]\ncommand = "evil"\n')
  writeFileSync(join(repo, 'a.js'), 'export const a = 2 == "2"\n')
  git('add', '.')
  git('commit', '-q', '-m', 'head')
  head = git('rev-parse', 'HEAD')
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

let n = 0
let log: string
let script: string
beforeEach(() => {
  n += 1
  log = join(dir, `log-${n}.jsonl`)
  script = join(dir, `script-${n}.json`)
})

/** What the stand-in answers, one step per run. */
const answer = (...steps: object[]): void => writeFileSync(script, JSON.stringify(steps))
/** One run as a stand-in recorded it (fields of both stand-ins). */
interface Run {
  argv: string[]
  cwd: string
  env: Record<string, unknown>
  prompt: string
  schema: unknown
  codexHome: string
  codexHomeFiles: Record<string, string>
  tmpdir: string
  options: Record<string, unknown>
  positional: string[]
  stdin: string
  configDir: string
  configDirFiles: string[] | null
  home: string
  path: string
  placeholders: string[]
}
/** What the stand-in recorded, one entry per run. */
const runs = (): Run[] =>
  readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map(line => JSON.parse(line) as Run)

/** The sandbox checks the codex stand-in was asked for (`codex sandbox …`), one entry per check. */
const sandboxChecks = (): Record<string, unknown>[] =>
  existsSync(`${log}.sandbox`)
    ? readFileSync(`${log}.sandbox`, 'utf8')
        .trim()
        .split('\n')
        .map(line => JSON.parse(line) as Record<string, unknown>)
    : []

/** The step's environment: the stand-ins first on PATH, and secrets a reviewer must not see. */
function stepEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}`,
    HOME: process.env.HOME,
    GITHUB_TOKEN: 'ghs_action_token',
    GH_TOKEN: 'ghs_action_token',
    'INPUT_GITHUB-TOKEN': 'ghs_action_token',
    INPUT_SOURCE: 'codex',
    ACTIONS_RUNTIME_TOKEN: 'runtime',
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_WORKSPACE: join(dir, 'job-workspace'),
    CODEX_API_KEY: 'sk-codex-key',
    OPENAI_API_KEY: 'sk-openai-key',
    ANTHROPIC_API_KEY: 'sk-ant-key',
    STANDIN_LOG: log,
    STANDIN_SANDBOX_LOG: `${log}.sandbox`,
    STANDIN_SCRIPT: script,
    ...extra
  }
}

const request = (): ReviewRequest => ({
  protocol: PROTOCOL,
  role: 'review',
  round: 1,
  repository: repo,
  base_sha: base,
  head_sha: head,
  changed_files: ['a.js'],
  intent: {
    rules: [],
    design_comments: [],
    goal: null,
    authority_order: null,
    decisions: [],
    severity_steer: 'broken runtime behaviour high'
  }
})

const compose: ComposePrompt = r => ({
  system: 'SYSTEM: you review read-only.',
  user: `USER: review ${r.base_sha}..${r.head_sha}, changed: ${r.changed_files.join(', ')}`
})

const FINDING = {
  severity: 'medium',
  file: 'a.js',
  line: 1,
  description: 'Loose equality compares a number with a string.',
  fix: { start_line: 1, end_line: 1, replacement: 'export const a = 2 === 2' }
}
const ANSWER = {
  verdict: 'needs-attention',
  findings: [FINDING],
  exercised: {
    reached: ['contract-closure', 'runtime-behavior'],
    unreached: [{ axis: 'concurrency', reason: 'no concurrent code' }]
  },
  direction: { mechanism: 'coercion', falsifier: 'a === 2 after the fix' }
}

const codex = (options: Partial<CodexSourceOptions> = {}): CodexSource =>
  new CodexSource({
    cwd: repo,
    timeoutMs: 10_000,
    depth: 'standard',
    compose,
    env: stepEnv(),
    tempRoot: temp,
    ...options
  })

const claude = (options: Partial<ClaudeCodeSourceOptions> = {}): ClaudeCodeSource =>
  new ClaudeCodeSource({
    cwd: repo,
    timeoutMs: 10_000,
    depth: 'standard',
    compose,
    env: stepEnv(),
    tempRoot: temp,
    ...options
  })

const malformed: MalformedFinding[] = [
  {
    index: 0,
    raw: { ...FINDING, severity: 'major' },
    problems: ['severity "major" is not one of critical|high|medium|low|suggestion']
  }
]

describe('answer schemas', () => {
  it('are in the strict dialect structured output demands', () => {
    expect(isStrictSchema(REVIEW_ANSWER_SCHEMA as unknown as Record<string, unknown>)).toBe(true)
    expect(isStrictSchema(CORRECT_ANSWER_SCHEMA as unknown as Record<string, unknown>)).toBe(true)
  })
})

describe('codex source', () => {
  it('runs codex exec read-only in the repository with only its key, and maps the JSON answer', async () => {
    answer({ lastMessage: JSON.stringify(ANSWER) })
    const outcome = await codex().review(request())

    expect(outcome).toMatchObject({
      kind: 'review',
      verdict: 'needs-attention',
      findings: [FINDING],
      malformed: [],
      exercised: ANSWER.exercised,
      direction: ANSWER.direction
    })
    expect(outcome.kind === 'review' && outcome.unmapped).toBeFalsy()
    const [run] = runs()
    const argv = run!.argv as string[]
    const lastMessage = argv[argv.indexOf('--output-last-message') + 1]!
    const schema = argv[argv.indexOf('--output-schema') + 1]!
    expect(argv).toEqual([
      'exec',
      '--strict-config',
      '--cd',
      repo,
      '--ephemeral',
      '--ignore-rules',
      '--json',
      '--output-last-message',
      lastMessage,
      '--output-schema',
      schema,
      ...[
        'model_reasoning_effort=medium',
        'project_doc_max_bytes=0',
        'shell_environment_policy.inherit=core',
        'shell_environment_policy.ignore_default_excludes=false',
        'web_search="disabled"',
        'features.plugins=false',
        'analytics.enabled=false',
        'check_for_update_on_startup=false',
        'features.shell_snapshot=false',
        'features.unbounded_connection_retries=false',
        'shell_environment_policy.set.GIT_CONFIG_NOSYSTEM="1"',
        'shell_environment_policy.set.GIT_ATTR_NOSYSTEM="1"',
        'default_permissions="review-loop"'
      ].flatMap(setting => ['-c', setting]),
      '-'
    ])
    // Its temporary directory beside CODEX_HOME, never above it (codex sets up no sandbox under its temp dir).
    expect(run!.tmpdir).toBe(join(run!.codexHome, '..', 'tmp'))
    // The sandbox was checked first, in the checkout, with the same CODEX_HOME: read-only, finding codex's own
    // executables, then under the call's own permission profile.
    expect(sandboxChecks()).toEqual([
      expect.objectContaining({
        argv: [
          'sandbox',
          '--permission-profile',
          ':read-only',
          '--cd',
          repo,
          '--',
          '/bin/sh',
          '-c',
          expect.stringContaining('command -v "$name"')
        ],
        cwd: repo,
        codexHome: run!.codexHome
      }),
      expect.objectContaining({
        argv: ['sandbox', '--permission-profile', 'review-loop', '--cd', repo, '--', '/bin/true'],
        cwd: repo,
        codexHome: run!.codexHome
      })
    ])
    expect(run!.cwd).toBe(repo)
    expect(run!.prompt).toContain('SYSTEM: you review read-only.')
    expect(run!.prompt).toContain(`USER: review ${base}..${head}, changed: a.js`)
    expect(run!.schema).toEqual(REVIEW_ANSWER_SCHEMA)
    // Its own key under the name codex exec reads, and nothing else secret.
    expect(run!.env).toEqual({
      CODEX_API_KEY: 'sk-codex-key',
      OPENAI_API_KEY: false,
      ANTHROPIC_API_KEY: false,
      GITHUB_TOKEN: false,
      GH_TOKEN: false,
      ACTIONS_RUNTIME_TOKEN: false,
      INPUT: [],
      GITHUB_OUTPUT: false
    })
    // A fresh CODEX_HOME holding only what the source wrote: the checkout marked untrusted.
    expect(run!.codexHome.startsWith(temp)).toBe(true)
    expect(Object.keys(run!.codexHomeFiles)).toEqual(['config.toml'])
    expect(run!.codexHomeFiles['config.toml']).toContain(
      `[projects.${JSON.stringify(repo)}]\ntrust_level = "untrusted"`
    )
    // The permission profile: the checkout and codex's minimal system set readable, /etc's files denied but the
    // loader's, and nothing writable.
    const toml = run!.codexHomeFiles['config.toml']!
    expect(toml).toContain('[permissions.review-loop.filesystem]\n":minimal" = "read"\n')
    expect(toml).toContain(`${JSON.stringify(join(run!.codexHome, 'tmp', 'arg0-linux'))} = "read"`)
    expect(toml).toContain(
      '[permissions.review-loop.filesystem.":workspace_roots"]\n"." = "read"\n'
    )
    expect(toml).not.toContain('"write"')
    if (process.platform === 'linux' && existsSync('/etc/hostname')) {
      expect(toml).toContain('"/etc/hostname" = "none"')
      expect(toml).not.toContain('"/etc/ld.so.cache"')
    }
    expect(existsSync(run!.codexHome)).toBe(false)
    expect(outcome.kind === 'review' && outcome.call).toMatch(
      /^codex exec, model the CLI's default, reasoning effort medium, [\d.]+ s, 1200 tokens in \/ 300 out$/
    )
  })

  it('gives codex no relative PATH entry: it runs git in the checkout outside its sandbox, and its agent runs commands there', async () => {
    answer({ lastMessage: JSON.stringify(ANSWER) })
    const env = stepEnv({
      PATH: [BIN, '.', 'node_modules/.bin', dirname(process.execPath)].join(delimiter)
    })
    await codex({ env }).review(request())
    expect(runs()[0]!.path).toBe([BIN, dirname(process.execPath)].join(delimiter))
  })

  it('maps depth onto the reasoning effort and names the model it was given', async () => {
    answer({ lastMessage: JSON.stringify(ANSWER) })
    const deep = await codex({ depth: 'deep', model: 'gpt-5-codex' }).review(request())
    const quick = await codex({ depth: 'quick' }).review(request())
    const [deepRun, quickRun] = runs()
    expect(deepRun!.argv).toContain('model_reasoning_effort=high')
    expect(deepRun!.argv.slice(-3)).toEqual(['--model', 'gpt-5-codex', '-'])
    expect(quickRun!.argv).toContain('model_reasoning_effort=low')
    expect(deep.kind === 'review' && deep.call).toMatch(
      /^codex exec, model gpt-5-codex, reasoning effort high, /
    )
    expect(quick.kind === 'review' && quick.call).toMatch(/reasoning effort low/)
  })

  it('keeps the prose around a JSON answer as unmapped', async () => {
    answer({
      lastMessage: `I read the diff.\n\n\`\`\`json\n${JSON.stringify(ANSWER)}\n\`\`\`\n\nThe rest looks fine.`
    })
    const outcome = await codex().review(request())
    expect(outcome.kind).toBe('review')
    expect(outcome.kind === 'review' && outcome.unmapped).toBe(
      'I read the diff.\nThe rest looks fine.'
    )
  })

  it('uses the extraction step it is given', async () => {
    answer({ lastMessage: 'VERDICT approve' })
    const outcome = await codex({
      extract: text => ({
        value: { verdict: text.split(' ')[1], findings: [] },
        leftover: 'kept'
      })
    }).review(request())
    expect(outcome).toMatchObject({ kind: 'review', verdict: 'approve', unmapped: 'kept' })
  })

  it('is no review when codex ends without a final message', async () => {
    answer({})
    const outcome = await codex().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'codex exec exited 0 without a final message'
    })
    expect(outcome.kind === 'no-review' && outcome.returned).toContain('"type":"turn.completed"')
  })

  it('is no review with the cause when codex fails', async () => {
    answer({ failTurn: 'stream disconnected before completion', stderr: 'ERROR: 500\n' })
    const outcome = await codex().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause:
        'codex exec exited with code 1; codex said: stream disconnected before completion; turn.failed: stream disconnected before completion'
    })
    expect(outcome.kind === 'no-review' && outcome.returned).toContain('--- stderr ---\nERROR: 500')
  })

  it('reads recoverable errors as progress: a completed turn with an answer is a review', async () => {
    const reconnect =
      'Reconnecting... 2/5 (stream disconnected before completion: WebSocket protocol error: Connection reset without closing handshake)'
    answer({ notes: [reconnect], lastMessage: JSON.stringify(ANSWER) })
    const outcome = await codex().review(request())
    expect(outcome).toMatchObject({ kind: 'review', verdict: 'needs-attention' })
    expect(outcome.kind === 'review' && outcome.call).toContain(
      `1200 tokens in / 300 out; codex reported and went on: ${reconnect}`
    )
  })

  it('is no review when codex reports a failed turn, even exiting 0', async () => {
    answer({ failTurn: 'unexpected status 401 Unauthorized', exitCode: 0 })
    const outcome = await codex().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause:
        'codex exec reported a failed turn; codex said: unexpected status 401 Unauthorized; turn.failed: unexpected status 401 Unauthorized'
    })
  })

  it('is no review when the stream ends without a completed turn', async () => {
    answer({ notes: ['Reconnecting... 5/5 (boom)'], noTurnEnd: true, lastMessage: 'partial' })
    const outcome = await codex().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'codex exec ended without a completed turn; codex said: Reconnecting... 5/5 (boom)'
    })
  })

  it('is no review, naming the cause and the fix, when the sandbox cannot start', async () => {
    // What codex 0.169.0's `codex sandbox` printed where user namespaces could not be created (a real run).
    const bwrap =
      'bwrap: Creating new namespace failed: nesting depth or /proc/sys/user/max_*_namespaces exceeded (ENOSPC)'
    answer({ lastMessage: JSON.stringify(ANSWER) })
    const outcome = await codex({ env: stepEnv({ STANDIN_SANDBOX_ERROR: bwrap }) }).review(
      request()
    )
    expect(outcome.kind).toBe('no-review')
    const cause = outcome.kind === 'no-review' ? outcome.cause : ''
    expect(cause).toContain(`codex's sandbox cannot start on this runner (${bwrap})`)
    expect(cause).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0')
    expect(cause).toMatch(
      /`codex sandbox --permission-profile :read-only -- \/bin\/sh` exited with code 1\.$/
    )
    expect(outcome.kind === 'no-review' && outcome.returned).toBe(
      `--- codex sandbox stderr ---\n${bwrap}\n`
    )
    // codex exec never ran.
    expect(existsSync(log)).toBe(false)
  })

  it('points codex at the base URL it is given, as a TOML string, and refuses one that is not http(s)', async () => {
    answer({ lastMessage: JSON.stringify(ANSWER) })
    await codex({ baseUrl: 'http://127.0.0.1:8000/v1' }).review(request())
    const argv = runs()[0]!.argv
    expect(argv.slice(-3)).toEqual(['-c', 'openai_base_url="http://127.0.0.1:8000/v1"', '-'])
    expect(() => codex({ baseUrl: 'file:///etc/passwd' })).toThrow(/is not an http\(s\) URL/)
    expect(() => codex({ baseUrl: 'localhost:8000' })).toThrow(/is not an http\(s\) URL/)
  })

  it('is no review when the final message has no verdict', async () => {
    answer({ lastMessage: 'Looks good to me.' })
    const outcome = await codex().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'the final message holds no JSON answer'
    })
    expect(outcome.kind === 'no-review' && outcome.returned).toContain('Looks good to me.')
  })

  it('stops codex at the timeout', async () => {
    const wokeFile = join(dir, 'codex.woke')
    answer({ sleepMs: 20_000, wokeFile, lastMessage: JSON.stringify(ANSWER) })
    const outcome = await codex({ timeoutMs: 600, killGraceMs: 200 }).review(request())
    expect(outcome).toMatchObject({ kind: 'no-review', cause: 'codex exec timed out after 0.6 s' })
    // Stopped, not waited for: the stand-in never got past its sleep.
    expect(existsSync(wokeFile)).toBe(false)
  })

  it('says so when the installed codex rejects a flag', async () => {
    const old = join(dir, 'codex-old')
    writeFileSync(
      old,
      `#!/bin/sh\nexec ${JSON.stringify(join(BIN, 'codex'))} "$@" --no-such-flag\n`
    )
    chmodSync(old, 0o755)
    answer({ lastMessage: JSON.stringify(ANSWER) })
    const outcome = await codex({ executable: old }).review(request())
    expect(outcome).toMatchObject({ kind: 'no-review', cause: 'codex exec exited with code 2' })
    expect(outcome.kind === 'no-review' && outcome.returned).toContain(
      "error: unexpected argument '--no-such-flag' found"
    )
  })

  it('sends malformed findings back once for correction', async () => {
    answer({ lastMessage: JSON.stringify({ findings: [FINDING] }) })
    const corrected = await codex().correct(request(), malformed)
    expect(corrected).toEqual({ findings: [FINDING], malformed: [] })
    const [run] = runs()
    expect(run!.schema).toEqual(CORRECT_ANSWER_SCHEMA)
    expect(run!.prompt).toContain('## Correction')
    expect(run!.prompt).toContain('severity \\"major\\" is not one of')
  })

  it('keeps findings malformed, saying why, when the correction fails', async () => {
    answer({ failTurn: 'quota exceeded' })
    const corrected = await codex().correct(request(), malformed)
    expect(corrected.findings).toEqual([])
    expect(corrected.malformed[0]!.problems.at(-1)).toMatch(
      /^correction failed: codex exec exited with code 1; codex said: .*quota exceeded/
    )
  })

  it('is usable with the executable on PATH and a key', () => {
    const env = stepEnv()
    expect(CodexSource.isUsable(env)).toBe(true)
    expect(CodexSource.isUsable({ ...env, CODEX_API_KEY: '', OPENAI_API_KEY: '' })).toBe(false)
    expect(CodexSource.isUsable({ ...env, CODEX_API_KEY: undefined })).toBe(true)
    expect(CodexSource.isUsable({ ...env, PATH: dir })).toBe(false)
    expect(() => codex({ env: { ...env, PATH: dir } })).toThrow(
      /codex CLI is not on PATH: .*npm install -g @openai\/codex@0\.169\.0, the version tested/
    )
    expect(() => codex({ env: { ...env, CODEX_API_KEY: '', OPENAI_API_KEY: '' } })).toThrow(
      /set CODEX_API_KEY/
    )
  })

  it('hands codex OPENAI_API_KEY as CODEX_API_KEY when that is the key the step has', async () => {
    answer({ lastMessage: JSON.stringify(ANSWER) })
    await codex({ env: stepEnv({ CODEX_API_KEY: undefined }) }).review(request())
    expect(runs()[0]!.env).toMatchObject({ CODEX_API_KEY: 'sk-openai-key', OPENAI_API_KEY: false })
  })
})

describe('claude-code source', () => {
  // PATH without bubblewrap (only node, for the stand-in) and with a `bwrap` of its own: the scrub follows it.
  let nodeDir: string
  let bwrapDir: string
  beforeAll(() => {
    nodeDir = join(dir, 'node-only')
    bwrapDir = join(dir, 'with-bwrap')
    mkdirSync(nodeDir)
    mkdirSync(bwrapDir)
    symlinkSync(process.execPath, join(nodeDir, 'node'))
    writeFileSync(join(bwrapDir, 'bwrap'), '#!/bin/sh\nexit 0\n')
    chmodSync(join(bwrapDir, 'bwrap'), 0o755)
  })
  const pathWith = (...dirs: string[]): string => [BIN, ...dirs, nodeDir].join(delimiter)

  it('runs claude -p with read-only tools, no project settings and no tool servers, and maps the answer', async () => {
    answer({ structured: ANSWER, result: JSON.stringify(ANSWER), numTurns: 9, costUsd: 0.1234 })
    // A relative PATH entry would be the checkout: claude (which runs git and bwrap) never gets one.
    const env = stepEnv({ PATH: [BIN, '.', 'node_modules/.bin', nodeDir].join(delimiter) })
    const outcome = await claude({ env }).review(request())

    expect(outcome).toMatchObject({
      kind: 'review',
      verdict: 'needs-attention',
      findings: [FINDING],
      exercised: ANSWER.exercised,
      direction: ANSWER.direction
    })
    expect(outcome.kind === 'review' && outcome.unmapped).toBeFalsy()
    const [run] = runs()
    const change = run!.argv[run!.argv.indexOf('--add-dir') + 1]!
    expect(change).toMatch(/review-loop-claude-.*\/change$/)
    expect(run!.argv).toEqual([
      '-p',
      '--output-format',
      'json',
      '--restricted',
      '--setting-sources',
      'user',
      '--strict-mcp-config',
      '--mcp-config',
      '{"mcpServers":{}}',
      '--disable-slash-commands',
      '--no-session-persistence',
      '--permission-mode',
      'manual',
      '--permission-prompts',
      'none',
      '--tools',
      'Read,Grep,Glob',
      '--allowedTools',
      `Read(/${repo}/**)`,
      `Read(/${change}/**)`,
      '--disallowedTools',
      'Bash',
      'Edit',
      'Write',
      'NotebookEdit',
      'WebFetch',
      'WebSearch',
      `Read(/${repo}/.git/**)`,
      '--add-dir',
      change,
      '--effort',
      'medium',
      '--append-system-prompt',
      'SYSTEM: you review read-only.',
      '--json-schema',
      JSON.stringify(REVIEW_ANSWER_SCHEMA)
    ])
    // The strict parser read the lists the way the real one does: no positional prompt was swallowed.
    expect(run!.options.allowedTools).toEqual([`Read(/${repo}/**)`, `Read(/${change}/**)`])
    expect(run!.positional).toEqual([])
    // No shell (git itself can write files): the change is handed over as a file the agent reads.
    expect(run!.stdin).toMatch(
      new RegExp(
        `^USER: review ${base}\\.\\.${head}, changed: a\\.js\\n\\n## Reading the change here\\n`
      )
    )
    expect(run!.stdin).toMatch(/The change from .* is in the file .*change\.diff/)
    expect(run!.cwd).toBe(repo)
    expect(run!.env).toEqual({
      ANTHROPIC_API_KEY: 'sk-ant-key',
      CLAUDE_CODE_OAUTH_TOKEN: null,
      OPENAI_API_KEY: false,
      CODEX_API_KEY: false,
      GITHUB_TOKEN: false,
      GH_TOKEN: false,
      ACTIONS_RUNTIME_TOKEN: false,
      INPUT: [],
      GITHUB_OUTPUT: false,
      // The job's workspace is not the checkout: with the scrub on, claude would put placeholders there too.
      GITHUB_WORKSPACE: false,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      // No bubblewrap on PATH: with the scrub on, claude would refuse to start.
      CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '0',
      ANTHROPIC_BASE_URL: null
    })
    expect(run!.path).toBe([BIN, nodeDir].join(delimiter))
    expect(run!.placeholders).toEqual([])
    // A fresh, empty config folder and home: no user settings, CLAUDE.md, plugins or MCP servers from elsewhere.
    expect(run!.configDir.startsWith(temp)).toBe(true)
    expect(run!.configDirFiles).toEqual([])
    expect(run!.home).toBe(join(run!.configDir, '..', 'home'))
    expect(existsSync(run!.configDir)).toBe(false)
    expect(outcome.kind === 'review' && outcome.call).toMatch(
      /^claude -p, model claude-sonnet-4-5-20250929, effort medium, subprocess scrub off \(no bubblewrap on PATH\), 9 turns used, \$0\.1234, [\d.]+ s$/
    )
  })

  it('turns the subprocess scrub on with bubblewrap on PATH, and takes the placeholders it leaves out of the checkout', async () => {
    answer({ structured: ANSWER })
    const exclude = readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')
    const env = stepEnv({ PATH: pathWith(bwrapDir) })
    const outcome = await claude({ env, baseUrl: 'http://127.0.0.1:9/' }).review(request())
    const [run] = runs()
    expect(run!.env).toMatchObject({
      CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '1',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/'
    })
    expect(run!.placeholders).toEqual(['package.json', '.env', '.npmrc'])
    // The agent is told which files are placeholders; afterwards the checkout is as it was.
    expect(run!.stdin).toMatch(/empty placeholders .*: .*package\.json.*\.env\b/)
    for (const name of run!.placeholders) expect(existsSync(join(repo, name))).toBe(false)
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).toBe(exclude)
    expect(git('status', '--porcelain', '--ignored')).toBe('')
    expect(outcome.kind === 'review' && outcome.call).toMatch(
      new RegExp(`effort medium, subprocess scrub on \\(bubblewrap ${join(bwrapDir, 'bwrap')}\\),`)
    )
  })

  it('keeps the scrub off when the checkout holds a symbolic link where a placeholder goes: claude would follow it out', async () => {
    answer({ structured: ANSWER })
    // The pull request's package.json is a link to a file that does not exist, outside the checkout.
    const outside = join(dir, 'created-through-the-link')
    symlinkSync(outside, join(repo, 'package.json'))
    try {
      const outcome = await claude({ env: stepEnv({ PATH: pathWith(bwrapDir) }) }).review(request())
      const [run] = runs()
      expect(run!.env).toMatchObject({ CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: '0' })
      expect(run!.placeholders).toEqual([])
      expect(existsSync(outside)).toBe(false)
      expect(outcome.kind === 'review' && outcome.call).toMatch(
        /effort medium, subprocess scrub off \(the checkout has package\.json as a symbolic link, which Claude Code's placeholders would follow out of it\),/
      )
    } finally {
      rmSync(join(repo, 'package.json'), { force: true })
      rmSync(outside, { force: true })
    }
  })

  it('maps depth onto effort, and passes the model', async () => {
    answer({ structured: ANSWER })
    const deep = await claude({ depth: 'deep', model: 'opus' }).review(request())
    await claude({ depth: 'quick' }).review(request())
    const [deepRun, quickRun] = runs()
    expect(deepRun!.options).toMatchObject({ effort: 'high', model: 'opus' })
    expect(quickRun!.options).toMatchObject({ effort: 'low' })
    expect(quickRun!.options.model).toBeUndefined()
    expect(deep.kind === 'review' && deep.call).toMatch(/^claude -p, model opus, effort high, /)
  })

  it('maps prose around JSON in the result text, keeping the prose', async () => {
    answer({ result: `Review done.\n${JSON.stringify(ANSWER)}\nNothing else.` })
    const outcome = await claude().review(request())
    expect(outcome).toMatchObject({
      kind: 'review',
      verdict: 'needs-attention',
      findings: [FINDING]
    })
    expect(outcome.kind === 'review' && outcome.unmapped).toBe('Review done.\nNothing else.')
  })

  it('is no review when claude reports an error', async () => {
    answer({ isError: true, subtype: 'error_during_execution', numTurns: 40, result: '' })
    const outcome = await claude().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'claude -p reported an error (subtype error_during_execution, 40 turns)'
    })
    expect(outcome.kind === 'no-review' && outcome.returned).toContain('"is_error":true')
  })

  it('is no review when claude exits non-zero', async () => {
    answer({ isError: true, result: 'API Error: 529 overloaded', exitCode: 1 })
    const outcome = await claude().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'claude -p exited with code 1 (subtype success, 6 turns): API Error: 529 overloaded'
    })
  })

  it('is no review when claude answers with nothing', async () => {
    answer({ result: '' })
    const outcome = await claude().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'claude -p ended without a final message'
    })
  })

  it('is no review when stdout is not the result object', async () => {
    answer({ stdout: 'Segmentation fault?\n' })
    const outcome = await claude().review(request())
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: 'claude -p printed no JSON result object',
      returned: '--- stdout ---\nSegmentation fault?\n'
    })
  })

  it('stops claude at the timeout', async () => {
    const wokeFile = join(dir, 'claude.woke')
    answer({ sleepMs: 20_000, wokeFile, structured: ANSWER })
    const outcome = await claude({ timeoutMs: 600, killGraceMs: 200 }).review(request())
    expect(outcome).toMatchObject({ kind: 'no-review', cause: 'claude -p timed out after 0.6 s' })
    expect(existsSync(wokeFile)).toBe(false)
  })

  it('uses an OAuth token when that is the credential the step has', async () => {
    answer({ structured: ANSWER })
    const env = stepEnv({ ANTHROPIC_API_KEY: undefined, CLAUDE_CODE_OAUTH_TOKEN: 'oauth-token' })
    const outcome = await claude({ env }).review(request())
    expect(outcome.kind).toBe('review')
    expect(runs()[0]!.env).toMatchObject({
      ANTHROPIC_API_KEY: null,
      CLAUDE_CODE_OAUTH_TOKEN: 'oauth-token'
    })
  })

  it('sends malformed findings back once for correction', async () => {
    answer({ structured: { findings: [FINDING] } })
    const corrected = await claude().correct(request(), malformed)
    expect(corrected).toEqual({ findings: [FINDING], malformed: [] })
    const [run] = runs()
    expect(run!.options['json-schema']).toBe(JSON.stringify(CORRECT_ANSWER_SCHEMA))
    expect(run!.stdin).toContain('## Correction')
  })

  it('is usable with the executable on PATH and a credential', () => {
    const env = stepEnv()
    expect(ClaudeCodeSource.isUsable(env)).toBe(true)
    expect(ClaudeCodeSource.isUsable({ ...env, ANTHROPIC_API_KEY: undefined })).toBe(false)
    expect(
      ClaudeCodeSource.isUsable({
        ...env,
        ANTHROPIC_API_KEY: undefined,
        CLAUDE_CODE_OAUTH_TOKEN: 't'
      })
    ).toBe(true)
    expect(ClaudeCodeSource.isUsable({ ...env, PATH: dir })).toBe(false)
    expect(
      ClaudeCodeSource.isUsable({ ...env, PATH: dir }, { executable: join(BIN, 'claude') })
    ).toBe(true)
    expect(() => claude({ env: { ...env, PATH: dir } })).toThrow(/claude CLI is not on PATH/)
    expect(() => claude({ timeoutMs: 0 })).toThrow(/timeout must be a positive number/)
  })
})
