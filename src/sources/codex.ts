/** The `codex` review source: OpenAI's codex CLI (`codex exec`) in a read-only sandbox, reading the repository itself. */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
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
import { runProcess } from './process.js'
import type {
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  ReviewSource,
  SourceFinding
} from './types.js'

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
/** A sandbox check is one short shell; it never needs long. */
const SANDBOX_CHECK_MS = 30_000
/** Run in the sandbox by the first check: the real paths of codex's sandbox helper and of the ripgrep it ships. */
const HELPERS_SCRIPT =
  'for name in codex-linux-sandbox rg; do found=$(command -v "$name") && readlink -f "$found"; done; true'

/** The permission profile every call defines in its config.toml and runs under (docs/sources/codex.md, "Isolation"). */
export const CODEX_PERMISSION_PROFILE = 'review-loop'

/**
 * Settings every call passes with `-c` (each a config key of the tested codex; `--strict-config` refuses a key it does
 * not know). Together they keep codex to the model endpoint: no plugin marketplace sync (a `git ls-remote` of
 * github.com and calls to api.github.com and chatgpt.com), no analytics (ab.chatgpt.com), no hosted web search, no
 * update check, no shell start-up files run outside the sandbox (the shell snapshot), and no endless reconnecting.
 * docs/sources/codex.md, "The call".
 */
export const CODEX_CONFIG_OVERRIDES = [
  'project_doc_max_bytes=0',
  // Commands the agent runs see only the core variables, and never one named like a secret.
  'shell_environment_policy.inherit=core',
  'shell_environment_policy.ignore_default_excludes=false',
  'web_search="disabled"',
  'features.plugins=false',
  'analytics.enabled=false',
  'check_for_update_on_startup=false',
  'features.shell_snapshot=false',
  // A model server that cannot be reached fails the turn after codex's five retries (about 40 s) instead of
  // "Reconnecting... waiting for network" until the source timeout.
  'features.unbounded_connection_retries=false',
  // /etc is mostly unreadable in the sandbox (codexConfig): git must not stop at an unreadable /etc/gitconfig.
  'shell_environment_policy.set.GIT_CONFIG_NOSYSTEM="1"',
  'shell_environment_policy.set.GIT_ATTR_NOSYSTEM="1"',
  // Every command runs under the permission profile the written config.toml defines (codexConfig).
  `default_permissions=${JSON.stringify(CODEX_PERMISSION_PROFILE)}`
]

/**
 * Entries of /etc the sandbox keeps readable: the dynamic loader's cache and configuration, Debian's and Ubuntu's
 * command alternatives (`awk` is /etc/alternatives/awk), OpenSSL's configuration and the public CA certificates
 * (node does not start without /etc/ssl/openssl.cnf), and bash's system rc file, which the agent's shell reads
 * first. Every other entry of /etc is denied.
 */
export const CODEX_READABLE_ETC = [
  'alternatives',
  'bash.bashrc',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'ssl'
] as const

/**
 * The config.toml of one call (docs/sources/codex.md, "Isolation: what codex can read"): the checkout untrusted, and
 * the permission profile `review-loop`, which lets a command read only the checkout, codex's `:minimal` system set
 * (the dynamic loader, /usr, /bin, /lib, /etc, /dev's devices and a fresh /proc) less every entry of /etc outside
 * CODEX_READABLE_ETC, and codex's own files its commands need: the sandbox helper (`helpers`, the native codex
 * binary that bubblewrap runs inside the sandbox; its arg0 links live in `$CODEX_HOME/tmp/arg0-linux`) and codex's
 * bundled ripgrep. Nothing is writable.
 */
export function codexConfig(
  cwd: string,
  home: string,
  helpers: string[],
  etcEntries: string[]
): string {
  const key = (path: string): string => JSON.stringify(path)
  const readable = [join(home, 'tmp', 'arg0-linux'), ...helpers]
  const denied = etcEntries
    .filter(name => !(CODEX_READABLE_ETC as readonly string[]).includes(name))
    .map(name => `/etc/${name}`)
  return [
    '# Written by review-loop for one review call.',
    `[projects.${key(cwd)}]`,
    'trust_level = "untrusted"',
    '',
    `[permissions.${CODEX_PERMISSION_PROFILE}.filesystem]`,
    '":minimal" = "read"',
    ...readable.map(path => `${key(path)} = "read"`),
    ...denied.map(path => `${key(path)} = "none"`),
    '',
    `[permissions.${CODEX_PERMISSION_PROFILE}.filesystem.":workspace_roots"]`,
    '"." = "read"',
    ''
  ].join('\n')
}

/** The entries of /etc to deny, on Linux (real files and folders only: a symbolic link leads to where it points). */
async function etcEntries(): Promise<string[]> {
  if (process.platform !== 'linux') return []
  try {
    const entries = await readdir('/etc', { withFileTypes: true })
    return entries.filter(e => !e.isSymbolicLink()).map(e => e.name)
  } catch {
    return []
  }
}

/** How to run codex. */
export type CodexSourceOptions = CliAgentOptions

type CallResult =
  | { ok: true; text: string; returned: string; call: string }
  | { ok: false; cause: string; returned: string }

/** What the JSONL events said. */
export interface CodexEvents {
  lastAgentMessage?: string
  /** `turn.failed` messages: the run failed. */
  failures: string[]
  /** `error` events and error items (reconnecting, a transport fallback, missing model metadata): progress, not failure. */
  notes: string[]
  /** A `turn.completed` came. */
  completed: boolean
  usage?: { input: number; output: number }
}

/** Reads the JSONL events by what they mean: recoverable errors are notes; only `turn.failed` or no completed turn fail a run. */
export function readCodexEvents(stdout: string): CodexEvents {
  const events: CodexEvents = { failures: [], notes: [], completed: false }
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue
    let event: unknown
    try {
      event = JSON.parse(line)
    } catch {
      continue
    }
    if (event === null || typeof event !== 'object') continue
    const e = event as Record<string, unknown>
    const item = e.item as Record<string, unknown> | undefined
    if (e.type === 'item.completed' && item?.type === 'agent_message') {
      if (typeof item.text === 'string') events.lastAgentMessage = item.text
    } else if (e.type === 'item.completed' && item?.type === 'error') {
      events.notes.push(String(item.message))
    } else if (e.type === 'error') {
      events.notes.push(String(e.message))
    } else if (e.type === 'turn.failed') {
      const error = e.error as Record<string, unknown> | undefined
      events.failures.push(String(error?.message ?? JSON.stringify(e.error)))
    } else if (e.type === 'turn.completed') {
      events.completed = true
      const u = e.usage as Record<string, unknown> | undefined
      if (typeof u?.input_tokens === 'number' && typeof u.output_tokens === 'number') {
        events.usage = {
          input: (events.usage?.input ?? 0) + u.input_tokens,
          output: (events.usage?.output ?? 0) + u.output_tokens
        }
      }
    }
  }
  return events
}

/** A few messages for a cause or a `Call:` line: the last three, each cut to 300 characters. */
function quote(messages: string[]): string {
  const cut = (m: string): string => (m.length > 300 ? `${m.slice(0, 300)}…` : m)
  const shown = messages.slice(-3).map(cut)
  const earlier = messages.length - shown.length
  return `${earlier > 0 ? `(${earlier} earlier) ` : ''}${shown.join('; ')}`
}

/** Why the sandbox check failed, with what fixes it. */
function sandboxCause(detail: string): string {
  const said = detail.trim() === '' ? '' : ` (${detail.trim().split('\n').slice(0, 3).join(' / ')})`
  const namespaces = /bwrap|namespace|uid map|RTM_NEWADDR/i.test(detail)
    ? ' Codex runs every command in a bubblewrap sandbox, which needs unprivileged user namespaces. Ubuntu 24.04 restricts them through AppArmor: allow them in a step before this one with `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`, or load an AppArmor profile that grants bwrap `userns` (codex\'s sandboxing documentation, "Prerequisites"). In a container, user namespaces must be allowed as well (`/proc/sys/user/max_user_namespaces` above 0).'
    : ''
  return `codex's sandbox cannot start on this runner${said}, so codex could not run the commands it reads the repository with.${namespaces}`
}

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
    env: NodeJS.ProcessEnv = process.env,
    options: { executable?: string; apiKey?: string } = {}
  ): boolean {
    const key = options.apiKey || CODEX_KEY_VARIABLES.map(name => env[name]).find(v => v)
    return Boolean(key) && findExecutable('codex', env, options.executable) !== undefined
  }

  constructor(options: CodexSourceOptions) {
    checkOptions('codex', options)
    this.options = options
    this.env = options.env ?? process.env
    const executable = findExecutable('codex', this.env, options.executable)
    if (executable === undefined) {
      throw new Error(
        options.executable !== undefined
          ? `The codex executable ${options.executable} does not exist or is not executable.`
          : 'The codex CLI is not on PATH: install it on the runner (npm install -g @openai/codex) before this step.'
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
