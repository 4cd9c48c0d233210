/** A real bare git repository in a temp folder standing in for github.com's git side. */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A commit's author. */
export interface GitPerson {
  name: string
  email: string
}

/** File changes for one commit: a string writes the file, null deletes it. */
export type FileChanges = Record<string, string | null>

/** One commit as listed on a branch. */
export interface CommitInfo {
  sha: string
  message: string
  author: GitPerson
  parents: string[]
}

/** Options for a new commit. */
export interface CommitOptions {
  message?: string
  author?: GitPerson
}

/** Options for a new remote. */
export interface GitRemoteOptions {
  owner?: string
  repo?: string
  defaultBranch?: string
  files?: FileChanges
  message?: string
  author?: GitPerson
}

/** The identity the harness's own git calls use. */
export const HARNESS_PERSON: GitPerson = { name: 'Harness', email: 'harness@example.invalid' }

const NO_COMMIT = '0000000000000000000000000000000000000000'

/** Environment for the harness's own git calls: no system or global config, no hooks, no signing. */
export function harnessGitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: HARNESS_PERSON.name,
    GIT_AUTHOR_EMAIL: HARNESS_PERSON.email,
    GIT_COMMITTER_NAME: HARNESS_PERSON.name,
    GIT_COMMITTER_EMAIL: HARNESS_PERSON.email,
    ...extra
  }
}

const GIT_FLAGS = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'commit.gpgsign=false',
  '-c',
  'tag.gpgsign=false'
]

/** The bare repository `D/<owner>/<repo>.git`, reachable as `${serverUrl}/${owner}/${repo}.git`. */
export class GitRemote {
  /** The temp folder D that stands for the server. */
  readonly root: string
  /** `file://D`, the value for GITHUB_SERVER_URL. */
  readonly serverUrl: string
  readonly owner: string
  readonly repo: string
  readonly defaultBranch: string
  /** Path of the bare repository. */
  readonly gitDir: string

  private constructor(opts: Required<Pick<GitRemoteOptions, 'owner' | 'repo' | 'defaultBranch'>>) {
    this.owner = opts.owner
    this.repo = opts.repo
    this.defaultBranch = opts.defaultBranch
    this.root = mkdtempSync(join(tmpdir(), 'review-loop-remote-'))
    this.serverUrl = `file://${this.root}`
    this.gitDir = join(this.root, this.owner, `${this.repo}.git`)
  }

  /** Creates the bare repository with one initial commit of `files` on the default branch. */
  static create(opts: GitRemoteOptions = {}): GitRemote {
    const remote = new GitRemote({
      owner: opts.owner ?? 'octo-org',
      repo: opts.repo ?? 'octo-repo',
      defaultBranch: opts.defaultBranch ?? 'main'
    })
    mkdirSync(remote.gitDir, { recursive: true })
    remote.git([
      'init',
      '--quiet',
      '--bare',
      `--initial-branch=${remote.defaultBranch}`,
      remote.gitDir
    ])
    // GitHub serves any reachable commit by SHA; let clients fetch that way here too.
    remote.git(['config', 'uploadpack.allowReachableSHA1InWant', 'true'])
    remote.git(['config', 'uploadpack.allowAnySHA1InWant', 'true'])
    remote.git(['config', 'receive.denyNonFastForwards', 'false'])
    remote.commitFiles(
      remote.defaultBranch,
      undefined,
      opts.files ?? { 'README.md': '# octo-repo\n' },
      {
        message: opts.message ?? 'Initial commit',
        author: opts.author
      }
    )
    return remote
  }

  /** `owner/repo`, the value for GITHUB_REPOSITORY. */
  get fullName(): string {
    return `${this.owner}/${this.repo}`
  }

  /** The URL the action fetches from: `${serverUrl}/${owner}/${repo}.git`. */
  get cloneUrl(): string {
    return `${this.serverUrl}/${this.fullName}.git`
  }

  /** Creates `name` from `from` (default branch by default), with `files` as one commit when given. */
  createBranch(
    name: string,
    opts: CommitOptions & { from?: string; files?: FileChanges } = {}
  ): string {
    if (this.branchSha(name) !== undefined)
      throw new Error(`branch ${name} already exists in ${this.fullName}`)
    const from = opts.from ?? this.defaultBranch
    const base = this.resolve(from)
    if (base === undefined)
      throw new Error(`cannot branch ${name} from ${from}: no such branch or commit`)
    if (!opts.files || Object.keys(opts.files).length === 0) {
      this.git(['update-ref', `refs/heads/${name}`, base, NO_COMMIT])
      return base
    }
    return this.commitFiles(name, base, opts.files, opts, NO_COMMIT)
  }

  /** Adds one commit with `files` on top of an existing branch, as a push would. */
  commit(branch: string, files: FileChanges, opts: CommitOptions = {}): string {
    const parent = this.branchSha(branch)
    if (parent === undefined)
      throw new Error(`cannot commit to ${branch}: no such branch in ${this.fullName}`)
    return this.commitFiles(branch, parent, files, opts)
  }

  /** The SHA a branch points at, or undefined when it does not exist. */
  branchSha(branch: string): string | undefined {
    return this.resolve(`refs/heads/${branch}`)
  }

  /** Resolves any ref or revision to a commit SHA, or undefined. */
  resolve(rev: string): string | undefined {
    try {
      return this.git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]).trim()
    } catch {
      return undefined
    }
  }

  /** A file's content at a ref, or undefined when the ref or the file does not exist. */
  readFile(ref: string, path: string): string | undefined {
    try {
      return this.git(['show', `${ref}:${path}`])
    } catch {
      return undefined
    }
  }

  /** Paths of the files at a ref. */
  listFiles(ref: string): string[] {
    return this.git(['ls-tree', '-r', '--name-only', ref]).split('\n').filter(Boolean)
  }

  /** Commits reachable from a branch, newest first. */
  log(branch: string, max = 100): CommitInfo[] {
    const out = this.git([
      'log',
      `--max-count=${max}`,
      '-z',
      '--format=%H%x1f%P%x1f%an%x1f%ae%x1f%B',
      `refs/heads/${branch}`
    ])
    return out
      .split('\0')
      .filter(entry => entry.trim() !== '')
      .map(entry => {
        const [sha = '', parents = '', name = '', email = '', message = ''] = entry
          .replace(/^\n/, '')
          .split('\x1f')
        return {
          sha,
          parents: parents.split(' ').filter(Boolean),
          author: { name, email },
          message: message.trimEnd()
        }
      })
  }

  /** Points `refs/pull/N/head` at the head branch and `refs/pull/N/merge` at a fresh test merge, as GitHub keeps them. */
  updatePullRefs(
    number: number,
    headRef: string,
    baseRef: string
  ): { head: string; merge?: string } {
    const head = this.branchSha(headRef)
    const base = this.branchSha(baseRef)
    if (head === undefined)
      throw new Error(`pull request #${number}: head branch ${headRef} does not exist`)
    if (base === undefined)
      throw new Error(`pull request #${number}: base branch ${baseRef} does not exist`)
    this.git(['update-ref', `refs/pull/${number}/head`, head])
    let tree: string
    try {
      tree = this.git(['merge-tree', '--write-tree', base, head]).split('\n')[0] ?? ''
    } catch {
      // A conflicting PR has no merge ref on GitHub either.
      this.git(['update-ref', '-d', `refs/pull/${number}/merge`])
      return { head }
    }
    // Dated like the head commit, so the same head and base always give the same merge SHA.
    const date = `@${this.git(['show', '-s', '--format=%ct', head]).trim()} +0000`
    const merge = this.git(
      ['commit-tree', tree, '-p', base, '-p', head, '-m', `Merge ${head} into ${base}`],
      undefined,
      { ...this.personEnv(HARNESS_PERSON), GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }
    ).trim()
    this.git(['update-ref', `refs/pull/${number}/merge`, merge])
    return { head, merge }
  }

  /** Runs git against the bare repository with the harness's isolated config; returns stdout. */
  git(args: string[], input?: string, env: NodeJS.ProcessEnv = {}): string {
    return execFileSync('git', [...GIT_FLAGS, '--git-dir', this.gitDir, ...args], {
      env: harnessGitEnv(env),
      input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe']
    })
  }

  /** Removes the temp folder. */
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true })
  }

  private personEnv(person: GitPerson): NodeJS.ProcessEnv {
    return {
      GIT_AUTHOR_NAME: person.name,
      GIT_AUTHOR_EMAIL: person.email,
      GIT_COMMITTER_NAME: person.name,
      GIT_COMMITTER_EMAIL: person.email
    }
  }

  /** Writes one commit with plumbing and a private index, so no work tree or clone is needed. */
  private commitFiles(
    branch: string,
    parent: string | undefined,
    files: FileChanges,
    opts: CommitOptions,
    expectedOld = parent ?? NO_COMMIT
  ): string {
    const index = join(
      this.root,
      `index-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`
    )
    const env = { GIT_INDEX_FILE: index }
    try {
      if (parent) this.git(['read-tree', parent], undefined, env)
      else this.git(['read-tree', '--empty'], undefined, env)
      // --index-info works without a work tree; mode 0 removes the path.
      const lines = Object.entries(files).map(([path, content]) => {
        if (content === null) return `0 ${NO_COMMIT}\t${path}`
        const blob = this.git(['hash-object', '-w', '--stdin'], content).trim()
        return `100644 ${blob}\t${path}`
      })
      this.git(['update-index', '--index-info'], lines.join('\n') + '\n', env)
      const tree = this.git(['write-tree'], undefined, env).trim()
      const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-']
      const sha = this.git(args, opts.message ?? `Update ${Object.keys(files).join(', ')}`, {
        ...this.personEnv(opts.author ?? HARNESS_PERSON),
        ...(opts.author
          ? { GIT_COMMITTER_NAME: HARNESS_PERSON.name, GIT_COMMITTER_EMAIL: HARNESS_PERSON.email }
          : {})
      }).trim()
      this.git(['update-ref', `refs/heads/${branch}`, sha, expectedOld])
      return sha
    } finally {
      rmSync(index, { force: true })
    }
  }
}
