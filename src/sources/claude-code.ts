/** The `claude-code` review source: Anthropic's `claude` CLI in print mode with read-only tools, reading the repository itself. */
import { mkdir, realpath, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { changeDiff } from './change-diff.js'
import { linkedStubPaths, noteScrubStubs } from './claude-code-stubs.js'
import {
  agentEnvironment,
  checkOptions,
  correctionPrompt,
  CORRECT_ANSWER_SCHEMA,
  describeReturned,
  extractJson,
  findExecutable,
  KILL_GRACE_MS,
  processFailure,
  readAgentCorrection,
  readAgentReview,
  REVIEW_ANSWER_SCHEMA,
  seconds,
  stderrLabel,
  STDERR_TAIL_BYTES,
  withTempDir,
  type CliAgentOptions,
  type ComposedPrompt,
  type Depth,
  type ExtractReview
} from './cli-agent.js'
import { runProcess, type ProcessResult } from './process.js'
import { TESTED_CLI_VERSIONS } from './tested-versions.js'
import type {
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  ReviewSource,
  SourceFinding
} from './types.js'
import { stepEnvironment } from '../action/step-env.js'

/** Where claude finds its credential, in order: an API key, else a long-lived OAuth token (`claude setup-token`). */
export const CLAUDE_KEY_VARIABLES = ['ANTHROPIC_API_KEY', 'CLAUDE_CODE_OAUTH_TOKEN'] as const

/**
 * The `depth` input as claude's `--effort`. The CLI documents no turn budget (2.1.328's `--help` has no `--max-turns`),
 * so the step's timeout bounds a session.
 */
export const CLAUDE_EFFORT: Record<Depth, 'low' | 'medium' | 'high'> = {
  quick: 'low',
  standard: 'medium',
  deep: 'high'
}

/**
 * The built-in tools the agent gets at all (`--tools`): reading and searching only. No shell: even `git log` can write
 * files (`--output=<file>`), and a commit message of the pull request could ask for exactly that. The change itself is
 * handed over as a file it reads (see `run`).
 */
export const CLAUDE_TOOLS = ['Read', 'Grep', 'Glob']
/** Denied outright (`--disallowedTools`), in case a setting or a later CLI version brings them back. */
export const CLAUDE_DISALLOWED_TOOLS = [
  'Bash',
  'Edit',
  'Write',
  'NotebookEdit',
  'WebFetch',
  'WebSearch'
]

/**
 * Permission rules for reading below `dir` (an absolute path): `//` starts an absolute path in Claude Code's rule
 * syntax (a single `/` is relative to the settings file), and Read rules govern Grep and Glob too.
 */
export const readRule = (dir: string): string => `Read(/${dir}/**)`

const MAX_STDOUT_BYTES = 16 * 1024 * 1024

/** How to run claude. */
export type ClaudeCodeSourceOptions = CliAgentOptions

type CallResult =
  | { ok: true; text: string; structured?: unknown; returned: string; call: string }
  | { ok: false; cause: string; returned: string }

/** The result object `--output-format json` prints, or undefined when stdout is not one. */
function readResult(stdout: string): Record<string, unknown> | undefined {
  const candidates = [stdout.trim(), stdout.trim().split('\n').pop() ?? '']
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate)
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        return value as Record<string, unknown>
      }
    } catch {
      // not this one
    }
  }
  return undefined
}

/** One run's own folders, and whether the subprocess scrub is on for it (with why not, for the Call: line). */
interface RunFolders {
  configDir: string
  home: string
  diffFile: string
  /** The checkout and the change's folder, symbolic links resolved. */
  checkout: string
  change: string
  scrubbed: boolean
  scrub: string
  stubs: Awaited<ReturnType<typeof noteScrubStubs>> | undefined
  /** The prompt's words on the placeholders Claude Code creates, when there are any. */
  placeholders: string
}

/** The `claude -p` arguments of one run. */
function claudeArgs(
  prompt: ComposedPrompt,
  schema: object,
  w: Pick<RunFolders, 'checkout' | 'change'>,
  effort: string,
  model: string | undefined
): string[] {
  const { checkout, change } = w
  return [
    '-p',
    '--output-format',
    'json',
    // File tools confined to the working directories (the checkout and --add-dir), no settings files.
    '--restricted',
    '--setting-sources',
    'user',
    '--strict-mcp-config',
    '--mcp-config',
    '{"mcpServers":{}}',
    '--disable-slash-commands',
    '--no-session-persistence',
    // Only what the rules allow runs; anything that would ask is denied, as nobody can answer.
    '--permission-mode',
    'manual',
    '--permission-prompts',
    'none',
    '--tools',
    CLAUDE_TOOLS.join(','),
    '--allowedTools',
    readRule(checkout),
    readRule(change),
    '--disallowedTools',
    ...CLAUDE_DISALLOWED_TOOLS,
    // The checkout's git folder: its config can hold the token an earlier checkout step left there.
    readRule(join(checkout, '.git')),
    '--add-dir',
    change,
    '--effort',
    effort,
    ...(model !== undefined ? ['--model', model] : []),
    '--append-system-prompt',
    prompt.system,
    '--json-schema',
    JSON.stringify(schema)
  ]
}

/** What one finished run gave: its final message and the Call: line, or why there is none. */
function readCall(
  result: ProcessResult,
  how: {
    timeoutMs: number
    model: string | undefined
    effort: string
    scrub: string
    elapsed: number
  }
): CallResult {
  const returned = describeReturned([
    ['stdout', result.stdout],
    [stderrLabel(result), result.stderr]
  ])
  const answer = readResult(result.stdout)
  const text = typeof answer?.result === 'string' ? answer.result : ''
  const turns = typeof answer?.num_turns === 'number' ? answer.num_turns : undefined
  const status =
    answer === undefined
      ? ''
      : ` (subtype ${String(answer.subtype)}${turns !== undefined ? `, ${turns} turns` : ''})`
  const said = text.trim() !== '' ? `: ${text.trim().slice(0, 500)}` : ''
  const failure = processFailure(result, how.timeoutMs)
  if (failure !== undefined) {
    return { ok: false, cause: `claude -p ${failure}${status}${said}`, returned }
  }
  if (answer === undefined) {
    return { ok: false, cause: 'claude -p printed no JSON result object', returned }
  }
  if (answer.is_error === true || answer.subtype !== 'success') {
    return { ok: false, cause: `claude -p reported an error${status}${said}`, returned }
  }
  const structured = answer.structured_output ?? undefined
  if (text.trim() === '' && structured === undefined) {
    return { ok: false, cause: 'claude -p ended without a final message', returned }
  }
  const models =
    answer.modelUsage !== null && typeof answer.modelUsage === 'object'
      ? Object.keys(answer.modelUsage)
      : []
  const modelSaid = models.length > 0 ? models.join(' + ') : (how.model ?? "the CLI's default")
  const cost =
    typeof answer.total_cost_usd === 'number' ? `, $${answer.total_cost_usd.toFixed(4)}` : ''
  const used = turns !== undefined ? `, ${turns} turns used` : ''
  const call = `claude -p, model ${modelSaid}, effort ${how.effort}, ${how.scrub}${used}${cost}, ${seconds(how.elapsed)}`
  return { ok: true, text, structured, returned, call }
}

/** Runs `claude -p` as a review source (docs/sources/claude-code.md). */
export class ClaudeCodeSource implements ReviewSource {
  readonly name = 'claude-code'
  /** It is asked for `exercised` in the prompt and the answer schema. */
  readonly reportsReach = true
  private readonly options: ClaudeCodeSourceOptions
  private readonly env: NodeJS.ProcessEnv
  private readonly executable: string
  private readonly credential: Record<string, string>
  private readonly extract: ExtractReview
  /** bubblewrap on an absolute PATH directory: the subprocess scrub is on only with it (Claude Code refuses to start without). */
  private readonly bwrap: string | undefined

  /** Whether claude can run here: the executable is found and a credential is set (Phase 0's designation). */
  static isUsable(
    env: NodeJS.ProcessEnv = stepEnvironment(),
    options: { executable?: string; apiKey?: string } = {}
  ): boolean {
    const key = options.apiKey || CLAUDE_KEY_VARIABLES.map(name => env[name]).find(v => v)
    return Boolean(key) && findExecutable('claude', env, options.executable) !== undefined
  }

  constructor(options: ClaudeCodeSourceOptions) {
    checkOptions('claude-code', options)
    this.options = options
    this.env = options.env ?? stepEnvironment()
    const executable = findExecutable('claude', this.env, options.executable)
    if (executable === undefined) {
      throw new Error(
        options.executable !== undefined
          ? `The claude executable ${options.executable} does not exist or is not executable.`
          : `The claude CLI is not on PATH: install Claude Code on the runner (npm install -g @anthropic-ai/claude-code@${TESTED_CLI_VERSIONS['claude-code']}, the version tested) before this step.`
      )
    }
    const name = options.apiKey
      ? 'ANTHROPIC_API_KEY'
      : CLAUDE_KEY_VARIABLES.find(variable => this.env[variable])
    const value = options.apiKey || (name !== undefined ? this.env[name] : undefined)
    if (name === undefined || !value) {
      throw new Error(
        'The claude-code source has no credential: set ANTHROPIC_API_KEY (or CLAUDE_CODE_OAUTH_TOKEN) for this step.'
      )
    }
    this.executable = executable
    this.credential = { [name]: value }
    this.extract = options.extract ?? extractJson
    this.bwrap = findExecutable('bwrap', this.env)
  }

  /** What the Call: line says of the subprocess scrub. */
  get scrub(): string {
    return this.bwrap !== undefined
      ? `subprocess scrub on (bubblewrap ${this.bwrap})`
      : 'subprocess scrub off (no bubblewrap on PATH)'
  }

  /** One `claude -p` run with one prompt, constrained to `schema`: the final message, or why there is none. */
  private async run(
    prompt: ComposedPrompt,
    schema: object,
    request: ReviewRequest
  ): Promise<CallResult> {
    const { cwd, timeoutMs, model } = this.options
    const effort = CLAUDE_EFFORT[this.options.depth]
    return withTempDir(
      this.options.tempRoot ?? this.env.RUNNER_TEMP,
      'review-loop-claude-',
      async dir => {
        const w = await this.prepare(dir, request)
        const user = `${prompt.user}\n\n## Reading the change here\n\nYou cannot run commands in this review, and you can read only the repository and the change. The change from ${request.base_sha} to ${request.head_sha} is in the file ${w.diffFile} (a unified diff of every changed file); read it with Read. Your working directory is the repository at the head commit; read and search it with Read, Grep and Glob.${w.placeholders}`
        const args = claudeArgs(prompt, schema, w, effort, model)
        const env = this.environment(w)
        const started = Date.now()
        let result: ProcessResult
        try {
          result = await runProcess({
            file: this.executable,
            args,
            cwd,
            env,
            input: user,
            timeoutMs,
            killGraceMs: this.options.killGraceMs ?? KILL_GRACE_MS,
            maxStdoutBytes: MAX_STDOUT_BYTES,
            maxStderrBytes: STDERR_TAIL_BYTES
          })
        } finally {
          await w.stubs?.restore()
        }
        const elapsed = Date.now() - started
        return readCall(result, { timeoutMs, model, effort, scrub: w.scrub, elapsed })
      }
    )
  }

  /**
   * The run's own folders in `dir` (a config folder, a home, the change as a file) and whether the subprocess scrub is
   * on for it; with the scrub on, the placeholders Claude Code creates in the checkout are noted to be removed after.
   */
  private async prepare(dir: string, request: ReviewRequest): Promise<RunFolders> {
    const { cwd } = this.options
    // A config folder and a home of our own: user settings, CLAUDE.md, plugins, agents and MCP servers come
    // from nowhere, and what claude writes to its home stays out of the runner's.
    const configDir = join(dir, 'claude-config')
    const home = join(dir, 'home')
    await mkdir(configDir)
    await mkdir(home)
    // The agent has no shell, so the change is given as a file in a folder of our own that it may read.
    const diffDir = join(dir, 'change')
    await mkdir(diffDir)
    const diffFile = join(diffDir, 'change.diff')
    await writeFile(diffFile, await changeDiff(cwd, request))
    // Claude Code resolves symlinks before it checks a path, so the rules name the real folders.
    const [checkout, change] = [await realpath(cwd), await realpath(diffDir)]
    // Claude Code follows a symbolic link where it puts a placeholder: the pull request's links would have it
    // create files outside the checkout, so with any the scrub stays off for this run, and the Call: line says so.
    const linked = this.bwrap !== undefined ? await linkedStubPaths(cwd) : []
    const scrubbed = this.bwrap !== undefined && linked.length === 0
    const scrub =
      linked.length > 0
        ? `subprocess scrub off (the checkout has ${linked.join(', ')} as a symbolic link, which Claude Code's placeholders would follow out of it)`
        : this.scrub
    const stubs = scrubbed ? await noteScrubStubs(cwd) : undefined
    const placeholders =
      stubs !== undefined && stubs.missing.length > 0
        ? ` These files in it are empty placeholders Claude Code creates for its sandbox, not part of the repository: ${stubs.missing.join(', ')}.`
        : ''
    return { configDir, home, diffFile, checkout, change, scrubbed, scrub, stubs, placeholders }
  }

  /** The run's environment: the step's, scrubbed, with the credential, its own folders and the scrub setting. */
  private environment(w: RunFolders): NodeJS.ProcessEnv {
    return agentEnvironment(this.env, {
      ...this.credential,
      ...(this.options.baseUrl !== undefined ? { ANTHROPIC_BASE_URL: this.options.baseUrl } : {}),
      CLAUDE_CONFIG_DIR: w.configDir,
      HOME: w.home,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      // On, the credential is kept from the commands claude runs, in bubblewrap; without bubblewrap claude
      // refuses to start with it on, so it is off and the Call: line says so.
      CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: w.scrubbed ? '1' : '0'
    })
  }

  /** One review: the final message mapped onto the interface, or no review with the cause. */
  async review(request: ReviewRequest): Promise<ReviewOutcome> {
    const answer = await this.run(this.options.compose(request), REVIEW_ANSWER_SCHEMA, request)
    if (!answer.ok) return { kind: 'no-review', cause: answer.cause, returned: answer.returned }
    return readAgentReview(
      answer.text,
      this.extract,
      answer.returned,
      answer.call,
      answer.structured
    )
  }

  /** A second run asking to correct the malformed findings; a failed one leaves them malformed, saying why. */
  async correct(
    request: ReviewRequest,
    malformed: MalformedFinding[]
  ): Promise<{ findings: SourceFinding[]; malformed: MalformedFinding[] }> {
    if (malformed.length === 0) return { findings: [], malformed: [] }
    const prompt = correctionPrompt(this.options.compose(request), malformed)
    const answer = await this.run(prompt, CORRECT_ANSWER_SCHEMA, request)
    return readAgentCorrection(answer, malformed)
  }
}
