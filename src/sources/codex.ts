/** The `codex` review source: OpenAI's codex CLI (`codex exec`) in a read-only sandbox, reading the repository itself. */
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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

/** How to run codex. */
export type CodexSourceOptions = CliAgentOptions

type CallResult =
  | { ok: true; text: string; returned: string; call: string }
  | { ok: false; cause: string; returned: string }

/** What the JSONL events said: the last agent message, failures, and token usage. */
function readEvents(stdout: string): {
  lastAgentMessage?: string
  errors: string[]
  usage?: { input: number; output: number }
} {
  const errors: string[] = []
  let lastAgentMessage: string | undefined
  let usage: { input: number; output: number } | undefined
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
      if (typeof item.text === 'string') lastAgentMessage = item.text
    } else if (e.type === 'turn.failed') {
      const error = e.error as Record<string, unknown> | undefined
      errors.push(`turn.failed: ${String(error?.message ?? JSON.stringify(e.error))}`)
    } else if (e.type === 'error') {
      errors.push(`error: ${String(e.message)}`)
    } else if (e.type === 'turn.completed') {
      const u = e.usage as Record<string, unknown> | undefined
      if (typeof u?.input_tokens === 'number' && typeof u.output_tokens === 'number') {
        usage = {
          input: (usage?.input ?? 0) + u.input_tokens,
          output: (usage?.output ?? 0) + u.output_tokens
        }
      }
    }
  }
  return { lastAgentMessage, errors, usage }
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
    this.executable = executable
    this.key = key
    this.extract = options.extract ?? extractJson
  }

  /** The reasoning effort this source's depth asks for. */
  get effort(): 'low' | 'medium' | 'high' {
    return CODEX_REASONING_EFFORT[this.options.depth]
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
        await writeFile(
          join(home, 'config.toml'),
          `# Written by review-loop for one review call.\n[projects.${JSON.stringify(cwd)}]\ntrust_level = "untrusted"\n`
        )
        const schemaFile = join(dir, 'answer-schema.json')
        await writeFile(schemaFile, JSON.stringify(schema))
        const lastMessageFile = join(dir, 'last-message.txt')
        const args = [
          'exec',
          '--sandbox',
          'read-only',
          '--cd',
          cwd,
          '--ephemeral',
          '--ignore-rules',
          '--json',
          '--output-last-message',
          lastMessageFile,
          '--output-schema',
          schemaFile,
          '-c',
          `model_reasoning_effort=${this.effort}`,
          '-c',
          'project_doc_max_bytes=0',
          // Commands the agent runs see only the core variables, and never one named like a secret.
          '-c',
          'shell_environment_policy.inherit=core',
          '-c',
          'shell_environment_policy.ignore_default_excludes=false',
          ...(model !== undefined ? ['--model', model] : []),
          '-'
        ]
        const started = Date.now()
        const result = await runProcess({
          file: this.executable,
          args,
          cwd,
          env: agentEnvironment(this.env, { CODEX_API_KEY: this.key, CODEX_HOME: home }),
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
        const events = readEvents(result.stdout)
        const returned = describeReturned([
          ['last message', lastMessage],
          ['stdout (JSONL events)', result.stdout],
          [stderrLabel(result), result.stderr]
        ])
        const failure = processFailure(result, timeoutMs)
        const said = events.errors.length > 0 ? `; codex said: ${events.errors.join('; ')}` : ''
        if (failure !== undefined)
          return { ok: false, cause: `codex exec ${failure}${said}`, returned }
        if (events.errors.length > 0) {
          return { ok: false, cause: `codex exec reported a failure${said}`, returned }
        }
        const text = lastMessage.trim() !== '' ? lastMessage : (events.lastAgentMessage ?? '')
        if (text.trim() === '') {
          return { ok: false, cause: 'codex exec exited 0 without a final message', returned }
        }
        const tokens =
          events.usage !== undefined
            ? `, ${events.usage.input} tokens in / ${events.usage.output} out`
            : ''
        const call = `codex exec, model ${model ?? "the CLI's default"}, reasoning effort ${this.effort}, ${seconds(elapsed)}${tokens}`
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
