/** The git boundary: one `exec()` with safety config on every call, throwing methods and non-throwing `try*` variants. */
import * as core from '@actions/core'
import { getExecOutput } from '@actions/exec'
import { assertCleanRemoteUrl, authFor, redact } from './auth.js'
import { filterDriversOff } from './filters.js'
import {
  parseNameStatusZ,
  parseUnifiedZeroHunks,
  type ChangedFile,
  type FileLines
} from './diff.js'
import {
  DROPPED_ENV,
  findGit,
  GitError,
  readsObjectsOnly,
  SAFETY_CONFIG,
  SAFETY_ENV,
  SPEED_CONFIG,
  TRANSIENT,
  type BlobRead,
  type ExecOptions,
  type GitOptions,
  type GitResult,
  type TreeEntry
} from './invocation.js'

export { assertSha, GitError, SAFETY_CONFIG } from './invocation.js'
export type { BlobRead, ExecOptions, GitOptions, GitResult, TreeEntry } from './invocation.js'

/** A GitCommandManager for one repository directory. */
export class Git {
  private readonly secrets: string[] = []
  private filters: Promise<string[]> | undefined
  private worktree: Promise<unknown> | undefined

  constructor(
    readonly dir: string,
    private readonly opts: GitOptions = {}
  ) {}

  /**
   * The work tree and index are being written (`writing`, a checkout started in the background): from now on every
   * command but a read of the object store (OBJECT_COMMANDS, or a call marked `objectsOnly`) waits for it to settle.
   */
  holdWorktree(writing: Promise<unknown>): void {
    this.worktree = writing
  }

  /** Runs git; never throws on a non-zero exit. */
  async tryExec(args: readonly string[], opts: ExecOptions = {}): Promise<GitResult> {
    const held = this.worktree
    if (held && !opts.writesWorktree && !readsObjectsOnly(args, opts)) {
      // Its failure is the checkout's to report (src/run/repo.ts): a command waiting here runs as it would have after.
      await held.catch(() => undefined)
    }
    const env: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && !DROPPED_ENV.includes(key)) env[key] = value
    }
    Object.assign(env, SAFETY_ENV, this.opts.env, opts.env)
    const authRemote = opts.authRemote ?? this.opts.remote
    if (authRemote !== undefined) {
      assertCleanRemoteUrl(authRemote)
      const auth = authFor(authRemote, this.opts.token, env)
      if (auth) {
        Object.assign(env, auth.env)
        for (const secret of auth.secrets) {
          if (!this.secrets.includes(secret)) this.secrets.push(secret)
        }
      }
    }
    const full = [...SAFETY_CONFIG, ...SPEED_CONFIG, ...(await this.filtersOff(env)), ...args]
    if (core.isDebug()) core.debug(`git ${args.join(' ')}`)
    const git = await findGit()
    const delays = opts.retry ? (this.opts.retryDelaysMs ?? [2000, 6000]) : []
    for (let attempt = 0; ; attempt++) {
      const out = await getExecOutput(git, full, {
        cwd: this.dir,
        env,
        silent: true,
        ignoreReturnCode: true,
        input: opts.input === undefined ? undefined : Buffer.from(opts.input, 'utf8')
      })
      const result = {
        exitCode: out.exitCode,
        stdout: out.stdout,
        stderr: redact(out.stderr, this.secrets)
      }
      const delay = delays[attempt]
      if (result.exitCode === 0 || delay === undefined || !TRANSIENT.test(result.stderr))
        return result
      core.info(
        `git ${args[0] ?? ''} failed transiently; retrying in ${Math.round(delay / 1000)} s`
      )
      await new Promise(resolve => setTimeout(resolve, delay))
    }
  }

  /**
   * `-c` settings that empty every filter driver the runner's config defines (`filter.<name>.clean`, `smudge`,
   * `process`) and every merge driver (`merge.<name>.driver`): the pull request's .gitattributes can name any of them,
   * and none may run on its files. Looked up once.
   */
  private filtersOff(env: Record<string, string>): Promise<string[]> {
    this.filters ??= filterDriversOff(env, this.dir)
    return this.filters
  }

  /** Runs git; throws a GitError on a non-zero exit. */
  async exec(args: readonly string[], opts: ExecOptions = {}): Promise<GitResult> {
    const result = await this.tryExec(args, opts)
    if (result.exitCode !== 0) throw new GitError(args, result.exitCode, result.stderr)
    return result
  }

  /** The commit `ref` names (tags peeled). */
  async revParse(ref: string): Promise<string> {
    const sha = await this.tryRevParse(ref)
    if (sha === undefined)
      throw new Error(`${JSON.stringify(ref)} names no commit in ${this.dir}; fetch it first`)
    return sha
  }

  /** The commit `ref` names, or undefined when it names none. */
  async tryRevParse(ref: string): Promise<string | undefined> {
    const out = await this.tryExec([
      'rev-parse',
      '--verify',
      '--quiet',
      '--end-of-options',
      `${ref}^{commit}`
    ])
    return out.exitCode === 0 ? out.stdout.trim() : undefined
  }

  /** Whether the repository is a shallow clone (actions/checkout's default fetch-depth 1 makes one). */
  async isShallow(): Promise<boolean> {
    const out = await this.exec(['rev-parse', '--is-shallow-repository'])
    return out.stdout.trim() === 'true'
  }

  /** The best common ancestor of two commits; throws when their histories are unrelated. */
  async mergeBase(a: string, b: string): Promise<string> {
    const out = await this.tryExec(['merge-base', '--end-of-options', a, b])
    if (out.exitCode === 1) {
      throw new Error(
        `${a} and ${b} share no history; a shallow or partial fetch would explain it (fetch full history)`
      )
    }
    if (out.exitCode !== 0) throw new GitError(['merge-base', a, b], out.exitCode, out.stderr)
    return out.stdout.trim()
  }

  /** Whether `a` is `b` or one of its ancestors. */
  async isAncestor(a: string, b: string): Promise<boolean> {
    const args = ['merge-base', '--is-ancestor', '--end-of-options', a, b]
    const out = await this.tryExec(args)
    if (out.exitCode === 0 || out.exitCode === 1) return out.exitCode === 0
    throw new GitError(args, out.exitCode, out.stderr)
  }

  /** Files changed from `base` to `head`, renames detected, paths as of head. */
  async changedFiles(base: string, head: string): Promise<ChangedFile[]> {
    const out = await this.exec(
      [
        'diff',
        '--name-status',
        '-z',
        '-M',
        '--no-relative',
        '--no-ext-diff',
        '--end-of-options',
        base,
        head,
        '--'
      ],
      { objectsOnly: true }
    )
    return parseNameStatusZ(out.stdout)
  }

  /** Per head-side path, the lines the change from `base` to `head` wrote and how the file changed. */
  async diffLines(base: string, head: string): Promise<Map<string, FileLines>> {
    return new Map(
      parseUnifiedZeroHunks(await this.diffUnified(base, head, 0)).map(file => [file.path, file])
    )
  }

  /**
   * The unified diff from `base` to `head` with `context` lines around each change, as git itself writes it: renames
   * found, no colour, no external diff or textconv, whole-repository paths with a/ and b/ prefixes.
   */
  async diffUnified(base: string, head: string, context: number): Promise<string> {
    const out = await this.exec(
      [
        'diff',
        `-U${context}`,
        '-M',
        '--no-color',
        '--no-ext-diff',
        '--no-textconv',
        '--no-relative',
        '--src-prefix=a/',
        '--dst-prefix=b/',
        '--end-of-options',
        base,
        head,
        '--'
      ],
      { objectsOnly: true }
    )
    return out.stdout
  }

  /** Reads `path` as of commit `sha`, telling apart absent, non-file, binary and text. */
  async readBlob(sha: string, path: string): Promise<BlobRead> {
    if (path === '' || path.startsWith('/') || path.endsWith('/')) {
      throw new Error(`readBlob needs a repository-relative file path, got ${JSON.stringify(path)}`)
    }
    const listing = await this.exec([
      'ls-tree',
      '-z',
      '-l',
      '--full-tree',
      '--end-of-options',
      sha,
      '--',
      path
    ])
    const entry = listing.stdout
      .split('\0')
      .map(row => /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.*)$/s.exec(row))
      .find(m => m?.[5] === path)
    if (!entry) return { kind: 'absent' }
    const [, mode, type, oid, size] = entry as unknown as string[]
    if (type !== 'blob') return { kind: 'not-a-file', type: type ?? 'unknown' }
    const blob = await this.exec(['cat-file', 'blob', oid as string])
    // Git's own heuristic: a NUL in the first 8000 bytes means binary.
    if (blob.stdout.slice(0, 8000).includes('\0')) return { kind: 'binary', size: Number(size) }
    return { kind: 'text', text: blob.stdout, symlink: mode === '120000' }
  }

  /** The text of `path` at `sha`; undefined when absent, not a file, or binary. */
  async readFile(sha: string, path: string): Promise<string | undefined> {
    const blob = await this.readBlob(sha, path)
    return blob.kind === 'text' ? blob.text : undefined
  }

  /** How many lines `path` has at `sha` (a last line without newline counts); undefined when unreadable. */
  async lineCount(sha: string, path: string): Promise<number | undefined> {
    const text = await this.readFile(sha, path)
    if (text === undefined) return undefined
    if (text === '') return 0
    const newlines = text.split('\n').length - 1
    return text.endsWith('\n') ? newlines : newlines + 1
  }

  /** Every entry of the tree at `sha`, recursively (one `ls-tree`, no object contents read), in git's path order. */
  async listFiles(sha: string): Promise<TreeEntry[]> {
    // A newline before each NUL keeps @actions/exec's line splitting linear on a big tree (it rescans
    // its buffer until it meets a newline); `-z` keeps paths unquoted. `--format` needs git 2.36.
    const args = ['ls-tree', '-r', '-z', '--full-tree']
    const format = '--format=%(objectmode) %(objecttype) %(objectname)%x09%(path)%x0a'
    let out = await this.tryExec([...args, format, '--end-of-options', sha])
    const formatted = !(out.exitCode !== 0 && /format/.test(out.stderr))
    if (!formatted) out = await this.tryExec([...args, '--end-of-options', sha])
    if (out.exitCode !== 0) throw new GitError([...args, sha], out.exitCode, out.stderr)
    const entries: TreeEntry[] = []
    for (const record of out.stdout.split('\0')) {
      const row = formatted && record.endsWith('\n') ? record.slice(0, -1) : record
      if (row === '') continue
      const m = /^(\d+) (\w+) ([0-9a-f]+)\t(.*)$/s.exec(row)
      if (!m) throw new Error(`git ls-tree printed an entry it should not: ${JSON.stringify(row)}`)
      entries.push({
        mode: m[1] as string,
        type: m[2] as string,
        oid: m[3] as string,
        path: m[4] as string
      })
    }
    return entries
  }

  /** The SHA of `refs/heads/<branch>` on the remote at `remoteUrl`, or undefined when there is no such branch. */
  async lsRemoteBranch(remoteUrl: string, branch: string): Promise<string | undefined> {
    const ref = `refs/heads/${branch}`
    const out = await this.exec(['ls-remote', '--end-of-options', remoteUrl, ref], {
      authRemote: remoteUrl,
      retry: true
    })
    for (const row of out.stdout.split('\n')) {
      const [sha, name] = row.split('\t')
      if (name === ref && sha !== undefined) return sha
    }
    return undefined
  }
}
