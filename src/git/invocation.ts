/** What every git invocation carries: the safety config and environment, the options, the results and the errors. */
import { which } from '@actions/io'

/**
 * Config passed on every invocation. The action reviews untrusted code: nothing the repository, its
 * config or the user's config names may run (hooks, fsmonitor, submodules), and nothing may sign or
 * collect garbage behind our back.
 */
export const SAFETY_CONFIG: readonly string[] = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'submodule.recurse=false',
  'commit.gpgsign=false',
  'tag.gpgsign=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'core.quotePath=false',
  'color.ui=false',
  'advice.detachedHead=false'
].flatMap(setting => ['-c', setting])

/**
 * Config for speed, on every invocation: a work tree of many files is written by as many processes as the machine has
 * cores (parallel checkout, git 2.32 and later; an older git ignores the key). Writing the checkout is most of a
 * round's git time on a large pull request, and one process leaves the other cores idle (docs/performance.md).
 */
export const SPEED_CONFIG: readonly string[] = ['checkout.workers=0'].flatMap(setting => [
  '-c',
  setting
])

/** Environment for every invocation: no prompts, no LFS downloads, English messages, literal pathspecs. */
export const SAFETY_ENV: Record<string, string> = {
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'Never',
  GIT_LFS_SKIP_SMUDGE: '1',
  GIT_LITERAL_PATHSPECS: '1',
  LC_ALL: 'C'
}

/** Inherited variables that would point git at another repository than the one we were given. */
export const DROPPED_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_NAMESPACE'
]

let gitPath: Promise<string> | undefined

/** The git executable, looked up once: a lookup per call costs more than many git commands. */
export function findGit(): Promise<string> {
  gitPath ??= which('git', true).catch((error: unknown) => {
    gitPath = undefined
    throw new Error(`git is not installed or not on PATH: ${String(error)}`)
  })
  return gitPath
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

/** What a git invocation returned. */
export interface GitResult {
  exitCode: number
  stdout: string
  stderr: string
}

/** A git invocation that failed; the message names the command and git's own words (secrets redacted). */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number,
    readonly stderr: string
  ) {
    super(
      `git ${args.join(' ')} failed with exit code ${exitCode}: ${stderr.trim() || '(no output)'}`
    )
    this.name = 'GitError'
  }
}

/** Per-call options of `exec`/`tryExec`. */
export interface ExecOptions {
  /** Written to git's standard input. */
  input?: string
  /** Extra environment for this call only. */
  env?: Record<string, string>
  /** Authenticate this call against this remote with the token the `Git` was given. */
  authRemote?: string
  /** Retry transient network failures with backoff (fetch, ls-remote: idempotent operations only). */
  retry?: boolean
  /** The call reads only the object store (a diff of two commits, say): it need not wait for the work tree (`holdWorktree`). */
  objectsOnly?: boolean
  /** The call is the held write of the work tree itself (`holdWorktree`), which must not wait for itself. */
  writesWorktree?: boolean
}

/** Commands that read or write the object store and refs only, never the work tree or the index. */
const OBJECT_COMMANDS: ReadonlySet<string> = new Set([
  'cat-file',
  'check-ref-format',
  'config',
  'fetch',
  'log',
  'ls-remote',
  'ls-tree',
  'merge-base',
  'rev-list',
  'rev-parse'
])

/** How a `Git` runs. */
export interface GitOptions {
  /** Token for http(s) remotes; sent per command, never stored. */
  token?: string
  /** Extra environment for every call (tests point GIT_CONFIG_GLOBAL somewhere hermetic). */
  env?: Record<string, string>
  /** Waits before each retry of a network operation; the default waits 2 s, then 6 s. */
  retryDelaysMs?: readonly number[]
  /**
   * The remote every call authenticates against when it names none: a partial clone's lazy fetch (after the graph
   * deepened, graph.ts) runs inside any command and needs the token too.
   */
  remote?: string
}

/** A blob read at a commit: absent, not a regular file, binary (by git's NUL heuristic), or text. */
export type BlobRead =
  | { kind: 'absent' }
  | { kind: 'not-a-file'; type: string }
  | { kind: 'binary'; size: number }
  | { kind: 'text'; text: string; symlink: boolean }

/** One entry of a commit's tree: `mode` tells regular files (100644, 100755) from symlinks (120000) and submodules (160000). */
export interface TreeEntry {
  path: string
  mode: string
  /** `blob` for files and symlinks, `commit` for submodules. */
  type: string
  oid: string
}

export const TRANSIENT =
  /Could not resolve host|Connection (?:timed out|reset|refused)|Operation timed out|RPC failed|early EOF|unexpected disconnect|remote end hung up|returned error: (?:5\d\d|429)|SSL|TLS|gnutls/i

/** Throws unless `value` is a full hexadecimal object name. */
export function assertSha(what: string, value: string): void {
  if (!SHA.test(value)) {
    throw new Error(
      `${what} must be a full 40- or 64-character lowercase hex SHA, got ${JSON.stringify(value)}`
    )
  }
}

/** Whether a command reads the object store and refs only (HEAD excepted: a checkout moves it last). */
export function readsObjectsOnly(args: readonly string[], opts: ExecOptions): boolean {
  if (opts.objectsOnly) return true
  return OBJECT_COMMANDS.has(args[0] ?? '') && !args.some(a => /^HEAD\b/.test(a))
}
