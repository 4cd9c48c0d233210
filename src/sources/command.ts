/** The `command` review source: any executable that speaks review-loop/1 on stdin and stdout. */
import type {
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  ReviewSource,
  SourceFinding
} from './types.js'
import { PROTOCOL } from './types.js'
import { findShell, runProcess, type ProcessResult } from './process.js'
import { readCorrectResponse, readReviewResponse, type CorrectRequest } from './review-response.js'
import { errorMessage } from '../shared/errors.js'
import {
  holdSecrets,
  OTHER_KEY_VARIABLES,
  PROVIDER_KEY_VARIABLES,
  SECRET_INPUT_VARIABLES,
  UNREAD_TOKEN_VARIABLES
} from '../action/secrets.js'

/**
 * Variables that carry a credential the action itself holds: the GitHub token under its usual names and
 * the runner's service tokens and endpoints (Actions runtime, OIDC, results and cache services). The
 * command is trusted configuration, but the reviewer behind it reads the PR's code, so nothing it runs
 * may push, comment, mint an OIDC token or write the cache as this workflow.
 */
export const ACTION_CREDENTIAL_VARIABLES = [
  ...UNREAD_TOKEN_VARIABLES,
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL'
] as const

/**
 * Keys meant for the other review sources (openai, anthropic, codex, claude-code) and the loop's own
 * driver: a key the workflow gave the action for one purpose is not handed to a different program. A
 * command that needs a provider key gets it under a name of its own (`MY_REVIEW_KEY: ${{ secrets.X }}`).
 */
export const OTHER_SOURCE_KEY_VARIABLES = [
  ...PROVIDER_KEY_VARIABLES,
  ...OTHER_KEY_VARIABLES
] as const

/**
 * The runner's command files: writing to them sets the step's outputs, the environment and PATH of later
 * steps, or the job summary. They are the action's channels, not the reviewer's.
 */
export const RUNNER_FILE_VARIABLES = [
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY'
] as const

/** Prefixes of variables withheld whole: `INPUT_*` holds every action input, the token among them. */
export const WITHHELD_PREFIXES = ['INPUT_'] as const

/**
 * Deletes from the action's own process environment the secrets it has read once (its secret inputs) or never reads
 * (a GitHub token under its usual names), so no child process started afterwards (git, a source, the driver) inherits
 * them and no later code can read them there. The provider keys leave it next (`keepStepEnvironment`,
 * src/action/step-env.ts, which keeps them in the action's memory); what stays is the runner's `ACTIONS_*` service
 * tokens the cache needs. The environment block the process was started with is the kernel's copy: on Linux
 * `/proc/<pid>/environ` still shows it, to any process of the same user.
 */
export function dropSecretInputs(env: NodeJS.ProcessEnv = process.env): string[] {
  // Their values stay known to redaction (a source may echo a token it was never given).
  holdSecrets(env)
  const dropped: string[] = []
  for (const name of Object.keys(env)) {
    const upper = name.toUpperCase()
    if (
      SECRET_INPUT_VARIABLES.includes(upper) ||
      (UNREAD_TOKEN_VARIABLES as readonly string[]).includes(upper)
    ) {
      delete env[name]
      dropped.push(name)
    }
  }
  return dropped
}

const WITHHELD = new Set<string>([
  ...ACTION_CREDENTIAL_VARIABLES,
  ...OTHER_SOURCE_KEY_VARIABLES,
  ...RUNNER_FILE_VARIABLES
])

/** The step's environment minus what the command must not see (names compared case-insensitively, as Windows does). */
export function commandEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(env)) {
    const upper = name.toUpperCase()
    if (WITHHELD.has(upper) || WITHHELD_PREFIXES.some(p => upper.startsWith(p))) continue
    kept[name] = value
  }
  return kept
}

/** Default cap on what is read from stdout; past it the command is stopped and the cut said. */
export const DEFAULT_MAX_OUTPUT_BYTES = 4 * 1024 * 1024
const STDERR_TAIL_BYTES = 64 * 1024
const KILL_GRACE_MS = 5000

/** How to run the command. */
export interface CommandSourceOptions {
  /** The `command` input: a shell command line. */
  command: string
  /** The checked-out repository; the command runs there. */
  cwd: string
  timeoutMs: number
  /** The step's environment (default `process.env`); filtered by `commandEnvironment` before use. */
  env?: NodeJS.ProcessEnv
  maxOutputBytes?: number
  /** Between SIGTERM and SIGKILL on timeout (default 5 s). */
  killGraceMs?: number
}

const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(3))} s`

/** Why a finished run produced no usable stdout, or undefined when stdout is there to be read. */
function failureCause(result: ProcessResult, timeoutMs: number, cap: number): string | undefined {
  if (result.spawnError !== undefined) return `could not be started: ${result.spawnError}`
  if (result.timedOut) return `timed out after ${seconds(timeoutMs)}`
  if (result.stdoutOverflow) {
    return `wrote more than ${cap} bytes to stdout; it was stopped and its output cut there`
  }
  if (result.signal !== null) return `was killed by signal ${result.signal}`
  if (result.exitCode !== 0) return `exited with code ${String(result.exitCode)}`
  if (result.stdout.trim() === '') return 'exited with code 0 but wrote nothing to stdout'
  return undefined
}

/** What came back, whole up to the caps, with the cuts said. */
function describeReturned(result: ProcessResult, cap: number): string {
  const parts = [result.stdout]
  if (result.stdoutOverflow) parts.push(`\n[stdout cut at ${cap} bytes]`)
  if (result.stderr !== '') {
    const head =
      result.stderrDropped > 0
        ? `--- stderr (last ${Buffer.byteLength(result.stderr)} bytes; ${result.stderrDropped} earlier bytes dropped) ---`
        : '--- stderr ---'
    parts.push(
      `${result.stdout === '' || result.stdout.endsWith('\n') ? '' : '\n'}${head}\n${result.stderr}`
    )
  }
  return parts.join('')
}

/** Runs the `command` input as a review source (contract.md, "The `command` protocol"). */
export class CommandSource implements ReviewSource {
  readonly name = 'command'
  /** It speaks the protocol, so it is declared able to say what it reached. */
  readonly reportsReach = true
  private readonly options: Required<Omit<CommandSourceOptions, 'env'>> & { env: NodeJS.ProcessEnv }

  constructor(options: CommandSourceOptions) {
    if (options.command.trim() === '') {
      throw new Error(
        'The `command` input is empty: set it to the command line that answers review-loop/1 requests.'
      )
    }
    if (!(options.timeoutMs > 0)) {
      throw new Error(
        `The command timeout must be a positive number of milliseconds, got ${options.timeoutMs}.`
      )
    }
    this.options = {
      command: options.command,
      cwd: options.cwd,
      timeoutMs: options.timeoutMs,
      env: commandEnvironment(options.env ?? process.env),
      maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
      killGraceMs: options.killGraceMs ?? KILL_GRACE_MS
    }
  }

  /** Runs the command once with one request: the parsed stdout, or why there is none (the command driver calls it too). */
  async call(
    request: object
  ): Promise<
    { ok: true; value: unknown; returned: string } | { ok: false; cause: string; returned: string }
  > {
    const { command, cwd, env, timeoutMs, maxOutputBytes, killGraceMs } = this.options
    const result = await runProcess({
      file: findShell(env),
      args: ['-c', command],
      cwd,
      env,
      input: `${JSON.stringify(request)}\n`,
      timeoutMs,
      killGraceMs,
      maxStdoutBytes: maxOutputBytes,
      maxStderrBytes: STDERR_TAIL_BYTES
    })
    const returned = describeReturned(result, maxOutputBytes)
    const cause = failureCause(result, timeoutMs, maxOutputBytes)
    if (cause !== undefined) return { ok: false, cause, returned }
    try {
      return { ok: true, value: JSON.parse(result.stdout), returned }
    } catch (err) {
      return {
        ok: false,
        cause: `stdout is not JSON: ${errorMessage(err)}`,
        returned
      }
    }
  }

  /** One `review` call: a review when the answer has a valid verdict, otherwise no review with the cause. */
  async review(request: ReviewRequest): Promise<ReviewOutcome> {
    const answer = await this.call({ ...request, protocol: PROTOCOL, role: 'review' })
    if (!answer.ok) return { kind: 'no-review', cause: answer.cause, returned: answer.returned }
    return readReviewResponse(answer.value, answer.returned)
  }

  /** One `correct` call for this round's malformed findings; a failed call leaves them all malformed, saying why. */
  async correct(
    request: ReviewRequest,
    malformed: MalformedFinding[]
  ): Promise<{ findings: SourceFinding[]; malformed: MalformedFinding[] }> {
    if (malformed.length === 0) return { findings: [], malformed: [] }
    const correctRequest: CorrectRequest = {
      ...request,
      protocol: PROTOCOL,
      role: 'correct',
      malformed: malformed.map(m => ({
        index: m.index,
        finding: m.raw ?? null,
        problems: m.problems
      }))
    }
    const answer = await this.call(correctRequest)
    const read = answer.ok ? readCorrectResponse(answer.value) : answer
    if (read.ok) return { findings: read.findings, malformed: read.malformed }
    return {
      findings: [],
      malformed: malformed.map(m => ({
        ...m,
        problems: [...m.problems, `correction failed: ${read.cause}`]
      }))
    }
  }
}
