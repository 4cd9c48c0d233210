/** The `codex` review source: OpenAI's codex CLI (`codex exec`) in a read-only sandbox, reading the repository itself. */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
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
import { quote, readCodexEvents } from './codex-events.js'
import {
  CODEX_CONFIG_OVERRIDES,
  CODEX_PERMISSION_PROFILE,
  codexConfig,
  etcEntries,
  HELPERS_SCRIPT,
  SANDBOX_CHECK_MS,
  sandboxCause
} from './codex-sandbox.js'
import { runProcess } from './process.js'
import { TESTED_CLI_VERSIONS } from './tested-versions.js'
import type {
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  ReviewSource,
  SourceFinding
} from './types.js'
import { stepEnvironment } from '../action/step-env.js'

/** Where codex looks for its key, in order: `codex exec` reads `CODEX_API_KEY`; `OPENAI_API_KEY` is the conventional fallback. */
export const CODEX_KEY_VARIABLES = ['CODEX_API_KEY', 'OPENAI_API_KEY'] as const

/** The `depth` input as codex's `model_reasoning_effort`. */
export const CODEX_REASONING_EFFORT: Record<Depth, 'low' | 'medium' | 'high'> = {
  quick: 'low',
  standard: 'medium',
  deep: 'high'
}

/** The JSONL event stream (`--json`) can be long: every command the agent ran is in it. */
const MAX_STDOUT_BYTES = 64 * 1024 * 1024

/** How to run codex. */
export type CodexSourceOptions = CliAgentOptions

type CallResult =
  | { ok: true; text: string; returned: string; call: string }
  | { ok: false; cause: string; returned: string }

/** Runs `codex exec` as a review source (docs/sources/codex.md). */
export class CodexSource implements ReviewSource {
  readonly name = 'codex'
  /** It is asked for `exercised` in the prompt and the answer schema. */
  readonly reportsReach = true
  private readonly options: CodexSourceOptions
  private readonly env: NodeJS.ProcessEnv
  private readonly executable: string
  private readonly key: string
  private readonly extract: ExtractReview

  /** Whether codex can run here: the executable is found and a key is set (Phase 0's designation). */
  static isUsable(
    env: NodeJS.ProcessEnv = stepEnvironment(),
    options: { executable?: string; apiKey?: string } = {}
  ): boolean {
    const key = options.apiKey || CODEX_KEY_VARIABLES.map(name => env[name]).find(v => v)
    return Boolean(key) && findExecutable('codex', env, options.executable) !== undefined
  }

  constructor(options: CodexSourceOptions) {
    checkOptions('codex', options)
    this.options = options
    this.env = options.env ?? stepEnvironment()
    const executable = findExecutable('codex', this.env, options.executable)
    if (executable === undefined) {
      throw new Error(
        options.executable !== undefined
          ? `The codex executable ${options.executable} does not exist or is not executable.`
          : `The codex CLI is not on PATH: install it on the runner (npm install -g @openai/codex@${TESTED_CLI_VERSIONS.codex}, the version tested) before this step.`
      )
    }
    const key = options.apiKey || CODEX_KEY_VARIABLES.map(name => this.env[name]).find(v => v)
    if (!key) {
      throw new Error(
        'The codex source has no API key: set CODEX_API_KEY (or OPENAI_API_KEY) for this step.'
      )
    }
    if (options.baseUrl !== undefined) {
      let url: URL | undefined
      try {
        url = new URL(options.baseUrl)
      } catch {
        url = undefined
      }
      if (url === undefined || !['http:', 'https:'].includes(url.protocol)) {
        throw new Error(
          `The codex source's base URL ${JSON.stringify(options.baseUrl)} is not an http(s) URL; give the API's base, such as https://api.openai.com/v1 or http://localhost:8000/v1.`
        )
      }
    }
    this.executable = executable
    this.key = key
    this.extract = options.extract ?? extractJson
  }

  /** The reasoning effort this source's depth asks for. */
  get effort(): 'low' | 'medium' | 'high' {
    return CODEX_REASONING_EFFORT[this.options.depth]
  }

  /** The argv of one `codex exec` run (docs/sources/codex.md, "The call"). */
  private execArgs(lastMessageFile: string, schemaFile: string): string[] {
    const { cwd, model, baseUrl } = this.options
    const config = [
      `model_reasoning_effort=${this.effort}`,
      ...CODEX_CONFIG_OVERRIDES,
      // A TOML string: codex reads `-c` values as TOML, and a URL is not a TOML value unquoted.
      ...(baseUrl !== undefined ? [`openai_base_url=${JSON.stringify(baseUrl)}`] : [])
    ]
    return [
      'exec',
      '--strict-config',
      '--cd',
      cwd,
      '--ephemeral',
      '--ignore-rules',
      '--json',
      '--output-last-message',
      lastMessageFile,
      '--output-schema',
      schemaFile,
      ...config.flatMap(setting => ['-c', setting]),
      ...(model !== undefined ? ['--model', model] : []),
      '-'
    ]
  }

  /** One `codex sandbox` run in the checkout: the failure and what it printed, or its stdout. */
  private async sandbox(
    env: NodeJS.ProcessEnv,
    profile: string,
    command: string[]
  ): Promise<
    { ok: true; stdout: string } | { ok: false; failure: string; returned: string; detail: string }
  > {
    const { cwd, timeoutMs } = this.options
    const limit = Math.min(timeoutMs, SANDBOX_CHECK_MS)
    const result = await runProcess({
      file: this.executable,
      args: ['sandbox', '--permission-profile', profile, '--cd', cwd, '--', ...command],
      cwd,
      env,
      input: '',
      timeoutMs: limit,
      killGraceMs: this.options.killGraceMs ?? KILL_GRACE_MS,
      maxStdoutBytes: STDERR_TAIL_BYTES,
      maxStderrBytes: STDERR_TAIL_BYTES
    })
    const failure = processFailure(result, limit)
    if (failure === undefined) return { ok: true, stdout: result.stdout }
    return {
      ok: false,
      failure,
      detail: result.stderr || result.stdout,
      returned: describeReturned([
        ['codex sandbox stdout', result.stdout],
        [`codex sandbox ${stderrLabel(result)}`, result.stderr]
      ])
    }
  }

  /**
   * Whether codex's sandbox starts here (Linux only, where it is bubblewrap), and where codex's own executables are:
   * `codex sandbox -P :read-only` runs a shell printing the real paths of the sandbox helper (`codex-linux-sandbox`,
   * a link codex puts on the commands' PATH) and of codex's ripgrep. A sandbox that cannot start fails every command
   * the agent runs without failing the run, so this is asked first; the cause says how to fix it, with what the check
   * printed. The paths, for the permission profile (codexConfig), when it started.
   */
  private async findHelpers(
    env: NodeJS.ProcessEnv
  ): Promise<{ ok: true; helpers: string[] } | { ok: false; cause: string; returned: string }> {
    if (process.platform !== 'linux') return { ok: true, helpers: [] }
    const check = await this.sandbox(env, ':read-only', ['/bin/sh', '-c', HELPERS_SCRIPT])
    if (!check.ok) {
      return {
        ok: false,
        cause: `${sandboxCause(check.detail)} The check \`codex sandbox --permission-profile :read-only -- /bin/sh\` ${check.failure}.`,
        returned: check.returned
      }
    }
    const helpers = check.stdout
      .split('\n')
      .map(line => line.trim())
      .filter(line => isAbsolute(line))
    return { ok: true, helpers }
  }

  /**
   * Whether a command runs under the call's own permission profile (`codex sandbox -P review-loop -- /bin/true`): a
   * profile that left out something codex needs fails every command the same silent way. Undefined when it ran.
   */
  private async checkProfile(
    env: NodeJS.ProcessEnv
  ): Promise<{ cause: string; returned: string } | undefined> {
    if (process.platform !== 'linux') return undefined
    const check = await this.sandbox(env, CODEX_PERMISSION_PROFILE, ['/bin/true'])
    if (check.ok) return undefined
    const said =
      check.detail.trim() === ''
        ? ''
        : ` (${check.detail.trim().split('\n').slice(0, 3).join(' / ')})`
    return {
      cause: `codex's sandbox could not run a command under the permission profile the codex source gives it${said}, so codex could not have read the repository. The check \`codex sandbox --permission-profile ${CODEX_PERMISSION_PROFILE} -- /bin/true\` ${check.failure}.`,
      returned: check.returned
    }
  }

  /** One `codex exec` run with one prompt, constrained to `schema`: the final message, or why there is none. */
  private async run(prompt: ComposedPrompt, schema: object): Promise<CallResult> {
    const { cwd, timeoutMs, model } = this.options
    return withTempDir(
      this.options.tempRoot ?? this.env.RUNNER_TEMP,
      'review-loop-codex-',
      async dir => {
        // A CODEX_HOME of our own: no user config, hooks, skills, rules or MCP servers from anywhere
        // else, and the checkout explicitly untrusted, so codex loads no project layer from it.
        const home = join(dir, 'codex-home')
        await mkdir(home)
        const config = join(home, 'config.toml')
        const etc = await etcEntries()
        await writeFile(config, codexConfig(cwd, home, [], etc))
        // codex refuses to set up its sandbox helper under the temporary directory (TMPDIR, else /tmp), and
        // then every sandboxed command fails: its temporary directory is a sibling of CODEX_HOME instead.
        const tmp = join(dir, 'tmp')
        await mkdir(tmp)
        const own = { CODEX_HOME: home, TMPDIR: tmp }
        const found = await this.findHelpers(agentEnvironment(this.env, own))
        if (!found.ok) return { ok: false, cause: found.cause, returned: found.returned }
        await writeFile(config, codexConfig(cwd, home, found.helpers, etc))
        const profile = await this.checkProfile(agentEnvironment(this.env, own))
        if (profile !== undefined) return { ok: false, ...profile }
        const schemaFile = join(dir, 'answer-schema.json')
        await writeFile(schemaFile, JSON.stringify(schema))
        const lastMessageFile = join(dir, 'last-message.txt')
        const started = Date.now()
        const result = await runProcess({
          file: this.executable,
          args: this.execArgs(lastMessageFile, schemaFile),
          cwd,
          env: agentEnvironment(this.env, { CODEX_API_KEY: this.key, ...own }),
          input: `${prompt.system}\n\n---\n\n${prompt.user}\n`,
          timeoutMs,
          killGraceMs: this.options.killGraceMs ?? KILL_GRACE_MS,
          maxStdoutBytes: MAX_STDOUT_BYTES,
          maxStderrBytes: STDERR_TAIL_BYTES
        })
        const elapsed = Date.now() - started
        const lastMessage = existsSync(lastMessageFile)
          ? await readFile(lastMessageFile, 'utf8')
          : ''
        const events = readCodexEvents(result.stdout)
        const returned = describeReturned([
          ['last message', lastMessage],
          ['stdout (JSONL events)', result.stdout],
          [stderrLabel(result), result.stderr]
        ])
        const seen = [...events.notes, ...events.failures.map(f => `turn.failed: ${f}`)]
        const said = seen.length > 0 ? `; codex said: ${quote(seen)}` : ''
        const failure = processFailure(result, timeoutMs)
        if (failure !== undefined)
          return { ok: false, cause: `codex exec ${failure}${said}`, returned }
        if (events.failures.length > 0)
          return { ok: false, cause: `codex exec reported a failed turn${said}`, returned }
        if (!events.completed)
          return { ok: false, cause: `codex exec ended without a completed turn${said}`, returned }
        const text = lastMessage.trim() !== '' ? lastMessage : (events.lastAgentMessage ?? '')
        if (text.trim() === '') {
          return { ok: false, cause: 'codex exec exited 0 without a final message', returned }
        }
        const tokens =
          events.usage !== undefined
            ? `, ${events.usage.input} tokens in / ${events.usage.output} out`
            : ''
        const recovered =
          events.notes.length > 0 ? `; codex reported and went on: ${quote(events.notes)}` : ''
        const call = `codex exec, model ${model ?? "the CLI's default"}, reasoning effort ${this.effort}, ${seconds(elapsed)}${tokens}${recovered}`
        return { ok: true, text, returned, call }
      }
    )
  }

  /** One review: the final message mapped onto the interface, or no review with the cause. */
  async review(request: ReviewRequest): Promise<ReviewOutcome> {
    const answer = await this.run(this.options.compose(request), REVIEW_ANSWER_SCHEMA)
    if (!answer.ok) return { kind: 'no-review', cause: answer.cause, returned: answer.returned }
    return readAgentReview(answer.text, this.extract, answer.returned, answer.call)
  }

  /** A second run asking to correct the malformed findings; a failed one leaves them malformed, saying why. */
  async correct(
    request: ReviewRequest,
    malformed: MalformedFinding[]
  ): Promise<{ findings: SourceFinding[]; malformed: MalformedFinding[] }> {
    if (malformed.length === 0) return { findings: [], malformed: [] }
    const prompt = correctionPrompt(this.options.compose(request), malformed)
    const answer = await this.run(prompt, CORRECT_ANSWER_SCHEMA)
    return readAgentCorrection(answer, malformed)
  }
}
