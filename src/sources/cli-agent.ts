/** What the `codex` and `claude-code` sources share: finding the executable, the scrubbed environment, the answer schema (agent-answer-schema.ts), and mapping a final message onto a review outcome. */
import { accessSync, constants, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, isAbsolute, join } from 'node:path'
import { commandEnvironment } from './command.js'
import type { ProcessResult } from './process.js'
import { extractCorrection } from './extract.js'
import { readCorrectResponse, readReviewResponse } from './review-response.js'
import type {
  Depth,
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  SourceFinding
} from './types.js'

export type { Depth }

export { CORRECT_ANSWER_SCHEMA, REVIEW_ANSWER_SCHEMA } from './agent-answer-schema.js'

/** A prompt as the sources send it: instructions for the agent, and the request itself. */
export interface ComposedPrompt {
  system: string
  user: string
}

/** Composes the prompt for one request (the real one points at the repository: `canReadRepository: true`). */
export type ComposePrompt = (request: ReviewRequest) => ComposedPrompt

/** Finds the JSON answer in a final message: the parsed value (undefined when there is none) and the prose around it. */
export type ExtractReview = (text: string) => { value: unknown; leftover: string }

/** What both CLI sources are built with. */
export interface CliAgentOptions {
  /** The checked-out pull request; the agent runs there and reads it. */
  cwd: string
  timeoutMs: number
  depth: Depth
  /** A model name for the CLI; absent: the CLI's own default. */
  model?: string
  /** The provider's API base URL for the CLI (the `base-url` input, else the provider's conventional variable); absent: the CLI's own default. */
  baseUrl?: string
  /** The step's environment (default `process.env`); scrubbed by `commandEnvironment` before use. */
  env?: NodeJS.ProcessEnv
  compose: ComposePrompt
  /** Default: `extractJson`. */
  extract?: ExtractReview
  /** The executable's path; default: the tool's name looked up on the environment's PATH. */
  executable?: string
  /** A key given as an action input; default: the tool's conventional environment variables. */
  apiKey?: string
  /** Between SIGTERM and SIGKILL on timeout (default 5 s). */
  killGraceMs?: number
  /** Where the per-call temporary folder goes (default `RUNNER_TEMP`, else the system's). */
  tempRoot?: string
}

/** Between SIGTERM and SIGKILL when a call times out. */
export const KILL_GRACE_MS = 5000
/** The tail of stderr kept for the trace. */
export const STDERR_TAIL_BYTES = 64 * 1024
/** What of stdout is quoted whole in a no-review's `returned` before it says it cut. */
const RETURNED_STDOUT_BYTES = 1024 * 1024

/** Seconds for humans: `12.3 s`. */
export const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(1))} s`

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * The executable to run: the explicit path when given (and executable), else `name` on the environment's
 * PATH. Undefined when there is none, so the caller can say what to install.
 */
export function findExecutable(
  name: string,
  env: NodeJS.ProcessEnv,
  explicit?: string
): string | undefined {
  if (explicit !== undefined) return isExecutableFile(explicit) ? explicit : undefined
  const dirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter(d => d !== '' && isAbsolute(d))
  const names = process.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`, name] : [name]
  for (const dir of dirs) {
    for (const candidate of names) {
      if (isExecutableFile(join(dir, candidate))) return join(dir, candidate)
    }
  }
  return undefined
}

/**
 * The agent's environment: the step's environment as the `command` source gets it (no GitHub token, no
 * `INPUT_*`, no runner files, no other source's key), plus exactly the variables given here (its own key
 * and its own configuration home), without GITHUB_WORKSPACE. Its PATH keeps only absolute folders: both CLIs run programs from PATH in the
 * checkout (codex runs git there outside its sandbox, and its agent's commands inside it; claude runs git and
 * bwrap), and a relative entry would find them in the pull request.
 */
export function agentEnvironment(
  env: NodeJS.ProcessEnv,
  own: Record<string, string>
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...commandEnvironment(env), ...own }
  // The job's workspace is not the checkout the agent reads (that is the action's own, under RUNNER_TEMP), and Claude
  // Code 2.1.328, with its subprocess scrub on, creates placeholder files in GITHUB_WORKSPACE too (`.gitmodules`, and
  // in its `.git`): the agent is not told of it at all.
  for (const name of Object.keys(out).filter(n => n.toUpperCase() === 'GITHUB_WORKSPACE'))
    delete out[name]
  for (const name of Object.keys(out).filter(n => n.toUpperCase() === 'PATH')) {
    out[name] = (out[name] ?? '')
      .split(delimiter)
      .filter(entry => isAbsolute(entry))
      .join(delimiter)
  }
  return out
}

/** A per-call temporary folder, removed afterwards whatever happened. */
export async function withTempDir<T>(
  root: string | undefined,
  prefix: string,
  fn: (dir: string) => Promise<T>
): Promise<T> {
  const dir = await mkdtemp(join(root ?? tmpdir(), prefix))
  try {
    return await fn(dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Parses `text` as JSON, or undefined. */
function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The default extraction step: the whole message as JSON, else the first `{…}` span that parses (a fenced
 * block or JSON inside prose), with the prose around it as leftover. No JSON: value undefined, all leftover.
 */
export function extractJson(text: string): { value: unknown; leftover: string } {
  const whole = tryParse(text.trim())
  if (whole.ok) return { value: whole.value, leftover: '' }
  const opens: number[] = []
  for (let i = text.indexOf('{'); i !== -1 && opens.length < 64; i = text.indexOf('{', i + 1)) {
    opens.push(i)
  }
  const closes: number[] = []
  for (
    let j = text.lastIndexOf('}');
    j !== -1 && closes.length < 64;
    j = j === 0 ? -1 : text.lastIndexOf('}', j - 1)
  ) {
    closes.push(j)
  }
  for (const i of opens) {
    for (const j of closes) {
      if (j <= i) break
      const parsed = tryParse(text.slice(i, j + 1))
      if (parsed.ok) {
        const before = text.slice(0, i).replace(/```(?:json)?\s*$/, '')
        const after = text.slice(j + 1).replace(/^\s*```/, '')
        return { value: parsed.value, leftover: `${before.trim()}\n${after.trim()}`.trim() }
      }
    }
  }
  return { value: undefined, leftover: text.trim() }
}

/** Maps an agent's final message onto a review outcome, keeping the prose around the answer and what the call used. */
export function readAgentReview(
  text: string,
  extract: ExtractReview,
  returned: string,
  call: string,
  structured?: unknown
): ReviewOutcome {
  const { value, leftover } =
    structured !== undefined
      ? { value: structured, leftover: extract(text).leftover }
      : extract(text)
  if (value === undefined) {
    return { kind: 'no-review', cause: 'the final message holds no JSON answer', returned }
  }
  const outcome = readReviewResponse(value, returned)
  if (outcome.kind === 'no-review') return outcome
  outcome.call = call
  if (leftover.trim() !== '') outcome.unmapped = leftover.trim()
  return outcome
}

/** The review prompt with a correction request after it: the malformed findings, what is wrong, and the answer shape. */
export function correctionPrompt(
  prompt: ComposedPrompt,
  malformed: MalformedFinding[]
): ComposedPrompt {
  const listed = malformed.map(m => ({
    index: m.index,
    finding: m.raw ?? null,
    problems: m.problems
  }))
  const user = [
    prompt.user,
    '',
    '## Correction',
    '',
    'Your review of this request returned findings that do not validate. Each is listed with its',
    'position in your findings list, the finding as you sent it, and what is wrong with it:',
    '',
    '```json',
    JSON.stringify(listed, null, 2),
    '```',
    '',
    'Do not review again. Answer with only a JSON object {"findings": [...]} holding these findings',
    'corrected, each with severity (critical|high|medium|low|suggestion), file (relative to the',
    'repository root), line (a positive integer), description, evidence and expectation (the code',
    'at the head that shows the defect, quoted, and the expectation it breaks: both required for',
    'critical and high, null allowed for the others), and fix (or null). Leave out a finding you',
    'withdraw.'
  ].join('\n')
  return { system: prompt.system, user }
}

/**
 * Reads a correction answer: the structured output, else the `{"findings": [...]}` object in the final message (never
 * the review extractor, which looks for a verdict a correction does not have). A failed one leaves every finding
 * malformed, saying why.
 */
export function readAgentCorrection(
  answer: { ok: true; text: string; structured?: unknown } | { ok: false; cause: string },
  malformed: MalformedFinding[]
): { findings: SourceFinding[]; malformed: MalformedFinding[] } {
  const value = !answer.ok
    ? undefined
    : answer.structured !== undefined
      ? answer.structured
      : extractCorrection(answer.text).value
  const read: ReturnType<typeof readCorrectResponse> = !answer.ok
    ? answer
    : value === undefined
      ? { ok: false, cause: 'the final message holds no JSON answer' }
      : readCorrectResponse(value)
  if (read.ok) return { findings: read.findings, malformed: read.malformed }
  const cause = read.cause
  return {
    findings: [],
    malformed: malformed.map(m => ({
      ...m,
      problems: [...m.problems, `correction failed: ${cause}`]
    }))
  }
}

/** Why a finished run cannot be read, or undefined when it exited 0 in time. */
export function processFailure(result: ProcessResult, timeoutMs: number): string | undefined {
  if (result.spawnError !== undefined) return `could not be started: ${result.spawnError}`
  if (result.timedOut) return `timed out after ${seconds(timeoutMs)}`
  if (result.stdoutOverflow) return 'wrote more to stdout than the cap; it was stopped there'
  if (result.signal !== null) return `was killed by signal ${result.signal}`
  if (result.exitCode !== 0) return `exited with code ${String(result.exitCode)}`
  return undefined
}

/** What came back, in labelled sections, whole up to a cap that says where it cut. */
export function describeReturned(sections: [label: string, text: string][]): string {
  return sections
    .filter(([, text]) => text.trim() !== '')
    .map(([label, text]) => {
      const bytes = Buffer.byteLength(text)
      const body =
        bytes > RETURNED_STDOUT_BYTES
          ? `${Buffer.from(text).subarray(0, RETURNED_STDOUT_BYTES).toString()}\n[cut at ${RETURNED_STDOUT_BYTES} of ${bytes} bytes]`
          : text
      return `--- ${label} ---\n${body}${body.endsWith('\n') ? '' : '\n'}`
    })
    .join('')
}

/** The stderr section's label, saying how much was dropped from its start. */
export function stderrLabel(result: ProcessResult): string {
  return result.stderrDropped > 0
    ? `stderr (last ${Buffer.byteLength(result.stderr)} bytes; ${result.stderrDropped} earlier bytes dropped)`
    : 'stderr'
}

/** Checks the options both sources share, with messages that say how to fix them. */
export function checkOptions(source: string, options: CliAgentOptions): void {
  if (!(options.timeoutMs > 0)) {
    throw new Error(
      `The ${source} source's timeout must be a positive number of milliseconds, got ${options.timeoutMs}.`
    )
  }
  if (!['quick', 'standard', 'deep'].includes(options.depth)) {
    throw new Error(
      `The ${source} source's depth must be quick, standard or deep, got ${String(options.depth)}.`
    )
  }
  if (options.model !== undefined && !/^[\w.:/@-]+$/.test(options.model)) {
    throw new Error(
      `The ${source} source's model name ${JSON.stringify(options.model)} has characters no model name has; give a name such as gpt-5-codex or sonnet.`
    )
  }
}
