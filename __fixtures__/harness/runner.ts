/** Plays the Actions runner for one step: env, event file, command files, inputs; runs the action as a child process. */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { GitHubEvent } from './events.js'

/** The repository this harness belongs to. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Options for one step. */
export interface RunActionOptions {
  event: GitHubEvent
  /** `owner/repo`. */
  repository: string
  apiUrl: string
  serverUrl: string
  graphqlUrl?: string
  defaultBranch?: string
  /** The action's `with:` values, by input name as written in action.yml. */
  inputs?: Record<string, string | undefined>
  /** Extra environment (the cache service's variables, a source's settings); undefined removes a variable. */
  env?: Record<string, string | undefined>
  /** What `${{ github.token }}` evaluates to in action.yml defaults. */
  token?: string
  /** action.yml whose input defaults apply (as the runner applies them); false for none. Default: the repo's. */
  actionYml?: string | false
  /** GITHUB_SHA; derived from the event when absent (the PR head for pull_request). */
  sha?: string
  /** GITHUB_REF; derived from the event when absent. */
  ref?: string
  runId?: number
  runAttempt?: number
  actor?: string
  /** A fresh empty folder per run unless given. */
  workspace?: string
  /** The script to run; default the repo's dist/index.js. */
  entry?: string
  /** Workflow file name for GITHUB_WORKFLOW_REF. */
  workflowFile?: string
  timeoutMs?: number
  /** Told the child's process ID once it starts (a test that kills the action at a named point uses it). */
  onSpawn?: (pid: number) => void
  /** Copy the child's output to this process's stderr as it comes (also with HARNESS_ECHO=1). */
  echo?: boolean
}

/** What one step left behind. */
export interface RunResult {
  /** The exit code; null when killed. */
  exitCode: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  stdout: string
  stderr: string
  /** GITHUB_OUTPUT, parsed. */
  outputs: Record<string, string>
  /** GITHUB_STEP_SUMMARY's content. */
  summary: string
  /** `::error` and `::warning` workflow-command lines from stdout. */
  annotations: string[]
  /** Values the step masked with `::add-mask::`. */
  masks: string[]
  /** GITHUB_ENV and GITHUB_STATE, parsed. */
  exportedEnv: Record<string, string>
  state: Record<string, string>
  /** GITHUB_PATH lines. */
  addedPaths: string[]
  /** The folders and files the step was given; `runDir` holds them all (remove it when done). */
  runDir: string
  workspace: string
  runnerTemp: string
  env: Record<string, string>
}

/** Variables kept from this process: only what node and git need to start. */
const KEPT = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'USER', 'SHELL']

let lastRunId = 1000

/** Parses a runner file-command file (`name=value` lines and `name<<DELIMITER` heredocs). */
export function parseFileCommand(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '') continue
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name = '', delimiter = ''] = heredoc
      const body: string[] = []
      let closed = false
      for (i++; i < lines.length; i++) {
        if (lines[i] === delimiter) {
          closed = true
          break
        }
        body.push(lines[i] ?? '')
      }
      if (!closed)
        throw new Error(`file command: ${name} opened <<${delimiter} and never closed it`)
      out[name] = body.join('\n')
      continue
    }
    const eq = line.indexOf('=')
    if (eq <= 0)
      throw new Error(`file command: line "${line}" is neither name=value nor name<<DELIMITER`)
    out[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return out
}

/** Input defaults from action.yml's `inputs:` block, with `${{ github.token }}` evaluated. */
export function actionDefaults(file: string, token: string | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  let inInputs = false
  let current: string | undefined
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (/^\S/.test(line)) {
      inInputs = /^inputs:\s*$/.test(line)
      current = undefined
      continue
    }
    if (!inInputs) continue
    const name = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line)
    if (name) {
      current = name[1]
      continue
    }
    const def = /^ {4}default:\s*(.*)$/.exec(line)
    if (!def || current === undefined) continue
    let value = (def[1] ?? '').trim()
    if (/^'.*'$/.test(value)) value = value.slice(1, -1).replace(/''/g, "'")
    else if (/^".*"$/.test(value)) value = JSON.parse(value) as string
    out[current] = value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
      if (expr === 'github.token') return token ?? ''
      throw new Error(
        `${file}: input ${current} has default \${{ ${expr} }}, which the harness cannot evaluate`
      )
    })
  }
  return out
}

/** `INPUT_<NAME>` exactly as the runner spells it: spaces to underscores, uppercased, hyphens kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

function eventRef(event: GitHubEvent, defaultBranch: string): { ref: string; sha?: string } {
  const p = event.payload as {
    pull_request?: { number: number; head: { sha: string } }
    ref?: string
    after?: string
  }
  // A review comment's run is on the pull request's merge ref too, as GitHub documents for the event.
  if (
    event.name === 'pull_request' ||
    event.name === 'pull_request_target' ||
    event.name === 'pull_request_review_comment'
  ) {
    return { ref: `refs/pull/${p.pull_request?.number ?? 0}/merge`, sha: p.pull_request?.head.sha }
  }
  if (event.name === 'push') return { ref: String(p.ref), sha: p.after }
  if (event.name === 'workflow_dispatch' && p.ref) return { ref: p.ref }
  return { ref: `refs/heads/${defaultBranch}` }
}

/** Runs one step: `node <entry>` with the runner's environment; resolves when the child exits. */
export async function runAction(opts: RunActionOptions): Promise<RunResult> {
  const [owner = ''] = opts.repository.split('/')
  const defaultBranch = opts.defaultBranch ?? 'main'
  const runId = opts.runId ?? ++lastRunId
  const runDir = mkdtempSync(join(tmpdir(), 'review-loop-run-'))
  const runnerTemp = join(runDir, 'runner-temp')
  const workspace = opts.workspace ?? join(runDir, 'workspace')
  const home = join(runDir, 'home')
  const commands = join(runDir, 'commands')
  for (const dir of [runnerTemp, workspace, home, commands]) mkdirSync(dir, { recursive: true })
  const files = {
    GITHUB_OUTPUT: join(commands, 'output'),
    GITHUB_STEP_SUMMARY: join(commands, 'step_summary'),
    GITHUB_STATE: join(commands, 'state'),
    GITHUB_ENV: join(commands, 'env'),
    GITHUB_PATH: join(commands, 'path')
  }
  for (const file of Object.values(files)) writeFileSync(file, '')
  const eventPath = join(runDir, 'event.json')
  writeFileSync(eventPath, JSON.stringify(opts.event.payload, null, 2))

  const derived = eventRef(opts.event, defaultBranch)
  const ref = opts.ref ?? derived.ref
  const isPull = opts.event.name === 'pull_request' || opts.event.name === 'pull_request_target'
  const pull = (
    opts.event.payload as { pull_request?: { head: { ref: string }; base: { ref: string } } }
  ).pull_request
  const sender = (opts.event.payload as { sender?: { login?: string } }).sender?.login
  const actor = opts.actor ?? sender ?? owner
  const workflowFile = opts.workflowFile ?? 'review-loop.yml'
  const env: Record<string, string> = {}
  for (const key of KEPT) if (process.env[key] !== undefined) env[key] = process.env[key] as string
  Object.assign(env, {
    HOME: home,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: opts.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: opts.repository,
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_REF: ref,
    GITHUB_REF_NAME: ref.replace(/^refs\/(heads|tags|pull)\//, ''),
    GITHUB_REF_TYPE: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    GITHUB_SHA: opts.sha ?? derived.sha ?? '',
    GITHUB_HEAD_REF: isPull ? (pull?.head.ref ?? '') : '',
    GITHUB_BASE_REF: isPull ? (pull?.base.ref ?? '') : '',
    GITHUB_WORKFLOW: 'review-loop',
    GITHUB_WORKFLOW_REF: `${opts.repository}/.github/workflows/${workflowFile}@${ref}`,
    GITHUB_JOB: 'review',
    GITHUB_ACTION: '__run',
    GITHUB_RUN_ID: String(runId),
    GITHUB_RUN_NUMBER: String(runId - 1000),
    GITHUB_RUN_ATTEMPT: String(opts.runAttempt ?? 1),
    GITHUB_ACTOR: actor,
    GITHUB_TRIGGERING_ACTOR: actor,
    GITHUB_API_URL: opts.apiUrl,
    GITHUB_SERVER_URL: opts.serverUrl,
    GITHUB_GRAPHQL_URL: opts.graphqlUrl ?? `${opts.apiUrl}/graphql`,
    GITHUB_WORKSPACE: workspace,
    GITHUB_RETENTION_DAYS: '90',
    RUNNER_TEMP: runnerTemp,
    RUNNER_TOOL_CACHE: join(runDir, 'tool-cache'),
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'harness',
    RUNNER_ENVIRONMENT: 'github-hosted',
    // No test may reach the internet: a model API not pointed at a loopback fake gets a refused connection.
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9',
    ...files
  })
  const ymlPath = opts.actionYml === undefined ? join(REPO_ROOT, 'action.yml') : opts.actionYml
  const defaults = ymlPath && existsSync(ymlPath) ? actionDefaults(ymlPath, opts.token) : {}
  for (const [name, value] of Object.entries({ ...defaults, ...opts.inputs })) {
    if (value !== undefined) env[inputVariable(name)] = value
  }
  for (const [key, value] of Object.entries(opts.env ?? {})) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }

  // REVIEW_LOOP_ENTRY lets a parallel worker test its own bundle without rebuilding the shared dist/.
  const entry = opts.entry ?? process.env.REVIEW_LOOP_ENTRY ?? join(REPO_ROOT, 'dist', 'index.js')
  if (!existsSync(entry))
    throw new Error(
      `runAction: ${entry} does not exist; run \`npm run bundle\` first or pass entry`
    )
  const echo = opts.echo ?? process.env.HARNESS_ECHO === '1'
  const child = spawn(process.execPath, [entry], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
  if (child.pid !== undefined) opts.onSpawn?.(child.pid)
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d
    if (echo) process.stderr.write(d)
  })
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d
    if (echo) process.stderr.write(d)
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    killGroup(child.pid)
  }, opts.timeoutMs ?? 120_000)
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
    (done, fail) => {
      child.once('error', fail)
      child.once('close', (code, sig) => done([code, sig]))
    }
  ).finally(() => clearTimeout(timer))
  // Whatever the step left running (a git daemon, a reviewer) ends with the step, as on a runner.
  killGroup(child.pid)

  const read = (file: string) => readFileSync(file, 'utf8')
  const commandLines = stdout.split(/\r?\n/)
  return {
    exitCode,
    signal,
    timedOut,
    stdout,
    stderr,
    outputs: parseFileCommand(read(files.GITHUB_OUTPUT)),
    summary: read(files.GITHUB_STEP_SUMMARY),
    annotations: commandLines.filter(l => /^::(error|warning)\b/.test(l)),
    masks: commandLines
      .filter(l => l.startsWith('::add-mask::'))
      .map(l => l.slice('::add-mask::'.length)),
    exportedEnv: parseFileCommand(read(files.GITHUB_ENV)),
    state: parseFileCommand(read(files.GITHUB_STATE)),
    addedPaths: read(files.GITHUB_PATH).split(/\r?\n/).filter(Boolean),
    runDir,
    workspace,
    runnerTemp,
    env
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}
