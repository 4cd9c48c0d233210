/** A loopback stand-in for GitHub's REST API, held to GitHub's OpenAPI description. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { GitRemote } from './git-remote.js'
import {
  ACTIONS_BOT,
  commentObject,
  errorBody,
  issueObject,
  labelObject,
  pullRequestObject,
  repositoryObject,
  stableId,
  timestamp,
  type Actor,
  type CommentRecord,
  type PullLive,
  type PullRecord,
  type RepoContext,
  type ReviewRecord
} from './github-objects.js'
import { OpenApiSpec, type MatchedOperation, type Violation } from './openapi.js'
import { HttpError, ROUTES, type RouteResult } from './github-routes.js'
import {
  addReply,
  REVIEW_ROUTES,
  reviewCommentObject,
  type ReviewCommentRecord,
  type ThreadRecord
} from './github-reviews.js'
import { answerGraphql } from './github-graphql.js'
import { COMPARE_ROUTES } from './github-compare.js'
import { RUNS_ROUTES } from './github-runs.js'

export type { Violation } from './openapi.js'
export type { PullRecord } from './github-objects.js'
export type { ReviewCommentRecord, ThreadRecord } from './github-reviews.js'

/** A repository role, as GitHub's permission endpoint names them. */
export type Permission = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none'

/** How a comment's author relates to the repository. */
export type AuthorAssociation =
  | 'OWNER'
  | 'MEMBER'
  | 'COLLABORATOR'
  | 'CONTRIBUTOR'
  | 'FIRST_TIMER'
  | 'FIRST_TIME_CONTRIBUTOR'
  | 'MANNEQUIN'
  | 'NONE'

/** One request the fake answered. */
export interface RequestLogEntry {
  method: string
  path: string
  status: number
  operationId?: string
  login?: string
  body?: unknown
}

/** A recorded `workflow_dispatch` request, for a test to replay as a run. */
export interface Dispatch {
  workflow: string
  ref: string
  inputs: Record<string, string>
  by: string
}

/** An issue comment as GitHub's REST API returns it (the fields tests read). */
export interface IssueComment {
  id: number
  body: string
  html_url: string
  user: { login: string; id: number; type: string }
  author_association: string
  created_at: string
  updated_at: string
  reactions: Record<string, unknown>
}

/** A commit status as set through the API. */
export interface CommitStatusRecord {
  id: number
  state: string
  context: string
  description: string | null
  targetUrl: string | null
  creator: string
  createdAt: string
}

/** Options for a pull request the test opens. */
export interface OpenPullRequestOptions {
  number?: number
  title?: string
  body?: string | null
  headRef: string
  baseRef?: string
  author?: string
  draft?: boolean
  state?: 'open' | 'closed'
  fork?: boolean
}

/** Options for the fake. */
export interface GitHubFakeOptions {
  remote: GitRemote
  /** Base of html_url fields; GitHub's by default. */
  htmlUrl?: string
  /** The installation token that stands for `${{ github.token }}`. */
  actionToken?: string
  /** Visibility; a public repository lets every user read. */
  private?: boolean
  /** Time source for created_at/updated_at. */
  clock?: () => Date
}

interface Person {
  actor: Actor
  permission?: Permission
  association?: AuthorAssociation
}

interface TokenRecord {
  login: string
  installation: boolean
  readOnly: boolean
}

interface LabelRecord {
  id: number
  name: string
  color: string
  description: string | null
}

interface Workflow {
  id: number
  inputs?: string[]
}

const DOCS = 'https://docs.github.com/rest'
const PERMISSION_RANK: Record<Permission, number> = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5
}

/** The fake GitHub: start it, point GITHUB_API_URL at `url`, read its state afterwards. */
export class GitHubFake {
  /** Base URL for GITHUB_API_URL. */
  url = ''
  /** Every request answered, in order. */
  readonly requests: RequestLogEntry[] = []
  /** Every OpenAPI mismatch and unknown or unimplemented route seen. */
  readonly violations: Violation[] = []
  /** Every workflow_dispatch request accepted. */
  readonly dispatches: Dispatch[] = []
  readonly actionToken: string
  readonly remote: GitRemote
  readonly ctx: RepoContext

  /** Internal state, shared with the route handlers. */
  readonly people = new Map<string, Person>()
  readonly pulls = new Map<number, PullRecord>()
  readonly issues = new Map<
    number,
    { title: string; body: string | null; author: Actor; labels: string[]; createdAt?: string }
  >()
  readonly commentList: CommentRecord[] = []
  /** Pull-request reviews with their line comments, oldest first. */
  readonly reviews: ReviewRecord[] = []
  /** Every review comment (threads' first comments and replies), oldest first. */
  readonly reviewComments: ReviewCommentRecord[] = []
  /** Review threads, one per review comment that is no reply; resolved through `POST /graphql`. */
  readonly reviewThreads: ThreadRecord[] = []
  readonly repoLabels = new Map<string, LabelRecord>()
  readonly workflows = new Map<string, Workflow>()
  /** Check runs by head SHA (name, status, conclusion), served by `checks/list-for-ref`. */
  readonly checkRuns = new Map<
    string,
    { name: string; status: string; conclusion: string | null }[]
  >()
  /** Commit statuses by SHA, oldest first, as `repos/create-commit-status` set them. */
  readonly commitStatuses = new Map<string, CommitStatusRecord[]>()
  /** The Actions cache's entries as `actions/get-actions-cache-list` lists them (a world wires its cache fake here). */
  cacheEntries: () => {
    id: number
    key: string
    version: string
    scope: string
    sizeBytes: number
    createdAt: Date
    lastAccessedAt: Date
    finalized: boolean
  }[] = () => []
  /** Deletes cache entries by key (in one scope when given), as `actions/delete-actions-cache-by-key` does. */
  deleteCacheEntry: (key: string, ref?: string) => number = () => 0
  /**
   * Called for every request the fake is about to answer, after its effect and before its response is sent, and
   * awaited: a test kills the action here to stop it between two outward effects, or holds runs to line up a race.
   */
  onAnswer?: (entry: RequestLogEntry) => void | Promise<void>
  /**
   * Called for every request before its effect: true answers 503 and does nothing (a test kills the action here, to
   * stop it just before an outward effect).
   */
  onReceive?: (entry: RequestLogEntry & { body?: unknown }) => boolean
  /**
   * A head SHA the pull request's REST object shows instead of its branch's, when a test says so (GitHub's pulls API
   * can lag a push by a moment); git always sees the branch as it is.
   */
  staleHead?: (pr: number) => string | undefined
  /** Operations the test made GitHub refuse, by operationId (see `refuse`). */
  private readonly refusals = new Map<string, { status: number; message: string }>()
  private readonly tokens = new Map<string, TokenRecord>()
  private readonly liveCache = new Map<string, PullLive>()
  private readonly shownDiffs = new Map<string, { diff: string; files: Map<string, string> }>()
  private readonly clock: () => Date
  private server?: Server
  private nextNumber = 1
  private nextId = 1
  private nextReviewCommentId = 1

  private constructor(opts: GitHubFakeOptions) {
    this.remote = opts.remote
    this.clock = opts.clock ?? (() => new Date())
    this.actionToken = opts.actionToken ?? 'ghs_fake_action_token'
    const owner: Actor = { login: opts.remote.owner, id: stableId(opts.remote.owner), type: 'User' }
    this.people.set(owner.login.toLowerCase(), {
      actor: owner,
      permission: 'admin',
      association: 'OWNER'
    })
    this.ctx = {
      apiUrl: '',
      htmlUrl: opts.htmlUrl ?? 'https://github.com',
      owner,
      repo: opts.remote.repo,
      repoId: stableId(`repo:${opts.remote.fullName}`),
      defaultBranch: opts.remote.defaultBranch,
      createdAt: timestamp(this.clock()),
      private: opts.private ?? false
    }
    this.tokens.set(this.actionToken, {
      login: ACTIONS_BOT.login,
      installation: true,
      readOnly: false
    })
    this.workflows.set('review-loop.yml', {
      id: stableId('workflow:review-loop.yml'),
      inputs: ['pr']
    })
  }

  /** Starts the server on 127.0.0.1 and a free port. */
  static async start(opts: GitHubFakeOptions): Promise<GitHubFake> {
    const fake = new GitHubFake(opts)
    const server = createServer((req, res) => void fake.handle(req, res))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    fake.server = server
    fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    fake.ctx.apiUrl = fake.url
    return fake
  }

  /** Stops the server, dropping kept-alive connections. */
  async close(): Promise<void> {
    const server = this.server
    if (!server) return
    this.server = undefined
    server.closeAllConnections()
    await new Promise<void>(resolve => server.close(() => resolve()))
  }

  /** A clock reading in GitHub's format. */
  now(): string {
    return timestamp(this.clock())
  }

  /** A fresh id for comments, labels, reactions. */
  newId(): number {
    return 1_000_000_000 + this.nextId++
  }

  /**
   * A fresh id for a review comment. GitHub numbers review comments apart from issue comments, so the two sequences
   * overlap here from the start: a review comment and a conversation comment may share an ID, as at GitHub.
   */
  newReviewCommentId(): number {
    return 1_000_000_000 + this.nextReviewCommentId++
  }

  /** Makes the next review comment's ID `id` (a test lines one up with a conversation comment's). */
  setNextReviewCommentId(id: number): void {
    this.nextReviewCommentId = id - 1_000_000_000
  }

  /** Registers (or updates) a person; unknown logins are created on first use anyway. */
  addPerson(
    login: string,
    opts: {
      permission?: Permission
      association?: AuthorAssociation
      name?: string
      email?: string
    } = {}
  ): Actor {
    const person = this.person(login)
    if (opts.permission !== undefined) person.permission = opts.permission
    if (opts.association !== undefined) person.association = opts.association
    if (opts.name !== undefined) person.actor.name = opts.name
    if (opts.email !== undefined) person.actor.email = opts.email
    return person.actor
  }

  /** Gives a person a role on the repository (they become a collaborator). */
  setPermission(login: string, permission: Permission): void {
    this.person(login).permission = permission
  }

  /** The person's role: explicit, else what a public (read) or private (none) repository gives everyone. */
  permissionOf(login: string): Permission {
    if (login === ACTIONS_BOT.login) return 'write'
    return this.people.get(login.toLowerCase())?.permission ?? (this.ctx.private ? 'none' : 'read')
  }

  /** The author_association GitHub would show for this login. */
  associationOf(login: string): AuthorAssociation {
    const person = this.people.get(login.toLowerCase())
    if (!person || person.actor.type === 'Bot') return 'NONE'
    if (person.association) return person.association
    if (person.permission !== undefined && PERMISSION_RANK[person.permission] > 0)
      return 'COLLABORATOR'
    return 'NONE'
  }

  /** The actor for a login, creating a plain user when unknown. */
  actor(login: string): Actor {
    if (login === ACTIONS_BOT.login) return ACTIONS_BOT
    return this.person(login).actor
  }

  /** Whether the login is known (GitHub answers 404 for users that do not exist). */
  knows(login: string): boolean {
    return login === ACTIONS_BOT.login || this.people.has(login.toLowerCase())
  }

  /** A personal token acting as `login`; `readOnly` makes writes answer 403 like a fork's token. */
  tokenFor(login: string, opts: { readOnly?: boolean } = {}): string {
    this.actor(login)
    const token = `ghp_fake_${login.replace(/[^A-Za-z0-9]/g, '_')}${opts.readOnly ? '_ro' : ''}`
    this.tokens.set(token, { login, installation: false, readOnly: opts.readOnly ?? false })
    return token
  }

  /** A GitHub App installation's token posting as `login` (`name[bot]`): GET /user answers it 403, as GitHub does. */
  appToken(login: string): string {
    const token = `ghs_fake_app_${login.replace(/[^A-Za-z0-9]/g, '_')}`
    this.tokens.set(token, { login, installation: true, readOnly: false })
    return token
  }

  /** Makes the action token read-only (as on a fork's pull_request run) or writable again. */
  setActionTokenReadOnly(readOnly: boolean): void {
    this.tokens.set(this.actionToken, { login: ACTIONS_BOT.login, installation: true, readOnly })
  }

  /**
   * Makes GitHub refuse one operation (by operationId) with this status and message until `allow` is called, as it
   * does for a token without the permission; every other operation goes on working.
   */
  refuse(
    operationId: string,
    status: number,
    message = 'Resource not accessible by integration'
  ): void {
    this.refusals.set(operationId, { status, message })
  }

  /** Lifts a refusal set with `refuse`. */
  allow(operationId: string): void {
    this.refusals.delete(operationId)
  }

  /** Declares a workflow file that accepts workflow_dispatch with these inputs. */
  defineWorkflow(file: string, inputs?: string[]): void {
    this.workflows.set(file, { id: stableId(`workflow:${file}`), inputs })
  }

  /** Opens a pull request whose head branch already exists in the remote. */
  openPullRequest(opts: OpenPullRequestOptions): PullRecord {
    const number = opts.number ?? this.nextNumber
    if (this.pulls.has(number) || this.issues.has(number))
      throw new Error(`#${number} already exists in the fake`)
    this.nextNumber = Math.max(this.nextNumber, number + 1)
    const baseRef = opts.baseRef ?? this.ctx.defaultBranch
    for (const ref of [opts.headRef, baseRef]) {
      if (this.remote.branchSha(ref) === undefined) {
        throw new Error(
          `openPullRequest: branch ${ref} does not exist in the remote; create it with remote.createBranch first`
        )
      }
    }
    const at = this.now()
    const pr: PullRecord = {
      number,
      id: stableId(`pull:${number}`, 2_000_000_000),
      title: opts.title ?? `Change ${opts.headRef}`,
      body: opts.body === undefined ? null : opts.body,
      headRef: opts.headRef,
      baseRef,
      author: this.actor(opts.author ?? 'octo-contributor'),
      draft: opts.draft ?? false,
      state: opts.state ?? 'open',
      merged: false,
      fork: opts.fork ?? false,
      labels: [],
      createdAt: at,
      updatedAt: at,
      closedAt: opts.state === 'closed' ? at : null
    }
    this.pulls.set(number, pr)
    this.remote.updatePullRefs(number, pr.headRef, pr.baseRef)
    return pr
  }

  /** Opens a plain issue (not a pull request), numbered next unless `number` is given. */
  openIssue(
    opts: { title?: string; body?: string | null; author?: string; number?: number } = {}
  ): number {
    const number = opts.number ?? this.nextNumber
    if (this.pulls.has(number) || this.issues.has(number))
      throw new Error(`#${number} already exists in the fake`)
    this.nextNumber = Math.max(this.nextNumber, number + 1)
    const author = this.actor(opts.author ?? 'octo-contributor')
    this.issues.set(number, {
      title: opts.title ?? `Issue ${number}`,
      body: opts.body ?? null,
      author,
      labels: [],
      createdAt: this.now()
    })
    return number
  }

  /** The REST object for a plain issue. */
  issueObject(number: number): Record<string, unknown> {
    const issue = this.issues.get(number)
    if (!issue) throw new Error(`no issue #${number} in the fake`)
    const count = this.commentList.filter(c => c.issue === number).length
    return issueObject(
      this.ctx,
      number,
      issue,
      this.labelObjects(issue.labels),
      this.associationOf(issue.author.login),
      count,
      issue.createdAt ?? this.now()
    )
  }

  /** A pull request's record; throws when there is none. */
  pull(number: number): PullRecord {
    const pr = this.pulls.get(number)
    if (!pr) throw new Error(`no pull request #${number} in the fake`)
    return pr
  }

  /** Changes a pull request as a person would on github.com (title, body, draft, state). */
  updatePullRequest(
    number: number,
    patch: Partial<Pick<PullRecord, 'title' | 'body' | 'draft' | 'state'>>
  ): PullRecord {
    const pr = this.pull(number)
    Object.assign(pr, patch)
    pr.updatedAt = this.now()
    if (patch.state === 'closed') pr.closedAt = pr.updatedAt
    return pr
  }

  /** A comment by a person (created as if typed on github.com). */
  comment(issue: number, opts: { login: string; body: string }): IssueComment {
    this.requireIssue(issue)
    return this.addComment(issue, this.actor(opts.login), opts.body)
  }

  /** The comments on an issue or pull request, oldest first. */
  comments(issue: number): IssueComment[] {
    return this.commentList
      .filter(c => c.issue === issue)
      .map(c => commentObject(this.ctx, c) as unknown as IssueComment)
  }

  /**
   * A person's reply in a review thread, as typed on github.com (`to` is any comment of the thread): returns the REST
   * object, the `comment` of the `pull_request_review_comment` event it sends.
   */
  replyInThread(
    pr: number,
    opts: { login: string; to: number; body: string }
  ): Record<string, unknown> {
    return reviewCommentObject(this, addReply(this, pr, opts.to, this.actor(opts.login), opts.body))
  }

  /** A pull request's review comments as the REST API returns them, oldest first. */
  reviewCommentObjects(pr: number): Record<string, unknown>[] {
    return this.reviewComments.filter(c => c.pull === pr).map(c => reviewCommentObject(this, c))
  }

  /** The review thread a comment (its first or a reply) belongs to. */
  threadOf(commentId: number): ThreadRecord | undefined {
    const comment = this.reviewComments.find(c => c.id === commentId)
    const root = comment?.inReplyTo ?? comment?.id
    return this.reviewThreads.find(t => t.root === root)
  }

  /** The label names on an issue or pull request. */
  labels(issue: number): string[] {
    return [...this.requireIssue(issue).labels]
  }

  /** The REST object for a pull request, with its head read live from the remote. */
  pullRequestObject(number: number): Record<string, unknown> {
    const pr = this.pull(number)
    const count = this.commentList.filter(c => c.issue === number).length
    const live = this.live(pr)
    const stale = this.staleHead?.(number)
    return pullRequestObject(
      this.ctx,
      pr,
      stale === undefined ? live : { ...live, headSha: stale },
      this.labelObjects(pr.labels),
      this.associationOf(pr.author.login),
      count
    )
  }

  /** The REST object for the repository (`full` for `GET /repos/{owner}/{repo}`). */
  repositoryObject(full = false): Record<string, unknown> {
    return repositoryObject(this.ctx, { full })
  }

  /** Labels or comments holder for a number; throws an HttpError 404 when absent. */
  requireIssue(number: number): { labels: string[]; isPull: boolean } {
    const pr = this.pulls.get(number)
    if (pr) return { labels: pr.labels, isPull: true }
    const issue = this.issues.get(number)
    if (issue) return { labels: issue.labels, isPull: false }
    throw new HttpError(404, 'Not Found')
  }

  /** Label objects for names, creating unknown labels as GitHub does on add. */
  labelObjects(names: string[]): ReturnType<typeof labelObject>[] {
    return names.map(name => {
      let label = this.repoLabels.get(name.toLowerCase())
      if (!label) {
        label = { id: this.newId(), name, color: 'ededed', description: null }
        this.repoLabels.set(name.toLowerCase(), label)
      }
      return labelObject(this.ctx, label)
    })
  }

  /** Stores a comment and returns its REST object. */
  addComment(issue: number, author: Actor, body: string): IssueComment {
    const at = this.now()
    const record: CommentRecord = {
      id: this.newId(),
      issue,
      onPull: this.pulls.has(issue),
      author,
      association: this.associationOf(author.login),
      body,
      createdAt: at,
      updatedAt: at,
      reactions: []
    }
    this.commentList.push(record)
    const pr = this.pulls.get(issue)
    if (pr) pr.updatedAt = at
    return commentObject(this.ctx, record) as unknown as IssueComment
  }

  private live(pr: PullRecord): PullLive {
    const headSha =
      this.remote.branchSha(pr.headRef) ?? this.remote.resolve(`refs/pull/${pr.number}/head`) ?? ''
    const baseSha = this.remote.branchSha(pr.baseRef) ?? ''
    const key = `${pr.number}:${headSha}:${baseSha}`
    const known = this.liveCache.get(key)
    if (known) return known
    const live: PullLive = {
      headSha,
      baseSha,
      mergeSha: null,
      commits: 0,
      additions: 0,
      deletions: 0,
      changedFiles: 0
    }
    if (headSha && baseSha) {
      live.mergeSha = this.remote.updatePullRefs(pr.number, pr.headRef, pr.baseRef).merge ?? null
      live.commits = Number(
        this.remote.git(['rev-list', '--count', `${baseSha}..${headSha}`]).trim()
      )
      const stats = this.remote.git(['diff', '--numstat', `${baseSha}...${headSha}`])
      for (const line of stats.split('\n').filter(Boolean)) {
        const [add = '0', del = '0'] = line.split('\t')
        live.additions += Number(add) || 0
        live.deletions += Number(del) || 0
        live.changedFiles++
      }
    }
    this.liveCache.set(key, live)
    return live
  }

  /** The base SHA a pull request's diff is taken from. */
  baseOf(number: number): string {
    return this.live(this.pull(number)).baseSha
  }

  /** The PR's diff or patch as `Accept: application/vnd.github.diff` (or `.patch`) returns it. */
  pullDiff(number: number, format: 'diff' | 'patch'): string {
    const { headSha, baseSha } = this.live(this.pull(number))
    if (format === 'diff')
      return this.remote.git(['diff', '--full-index', `${baseSha}...${headSha}`])
    return this.remote.git(['format-patch', '--stdout', `${baseSha}..${headSha}`])
  }

  /**
   * The diff GitHub shows a pull request's reviewers, from `base` to `commit` (three lines of context). GitHub works it
   * out once per pair of commits, not on each request; so does the stand-in, for two SHAs (their diff cannot change),
   * so a test or the bench does not time the stand-in's git under the action's review.
   */
  shownDiff(base: string, commit: string): string {
    return this.shownFiles(base, commit).diff
  }

  /** `shownDiff`'s part for one head-side path (its `diff --git` section), or '' when the diff does not show it. */
  shownFileDiff(base: string, commit: string, path: string): string {
    return this.shownFiles(base, commit).files.get(path) ?? ''
  }

  private shownFiles(base: string, commit: string): { diff: string; files: Map<string, string> } {
    const key = `${base}...${commit}`
    const known = this.shownDiffs.get(key)
    if (known) return known
    const diff = this.remote.git(['diff', '-U3', '--no-color', key])
    const files = new Map<string, string>()
    for (const section of diff.split(/^(?=diff --git )/m)) {
      const to = /^\+\+\+ (.*)$/m.exec(section)?.[1]
      if (to !== undefined && to !== '/dev/null') files.set(to.slice(2), section)
    }
    const shown = { diff, files }
    if (/^[0-9a-f]{40}$/.test(base) && /^[0-9a-f]{40}$/.test(commit))
      this.shownDiffs.set(key, shown)
    return shown
  }

  /**
   * The head-side line ranges of `path` that the PR's diff shows at `commit` (its hunks, with GitHub's three lines of
   * context): the only lines a review comment may sit on.
   */
  diffHunks(number: number, commit: string, path: string): [number, number][] {
    const { baseSha } = this.live(this.pull(number))
    const diff = this.shownFileDiff(baseSha, commit, path)
    const ranges: [number, number][] = []
    let current: string | undefined
    for (const line of diff.split('\n')) {
      if (line.startsWith('diff --git ')) current = undefined
      else if (line.startsWith('+++ '))
        current = line === '+++ /dev/null' ? undefined : line.slice(6)
      else if (current === path) {
        const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line)
        if (hunk) {
          const start = Number(hunk[1])
          const count = hunk[2] === undefined ? 1 : Number(hunk[2])
          if (count > 0) ranges.push([start, start + count - 1])
        }
      }
    }
    return ranges
  }

  private person(login: string): Person {
    const key = login.toLowerCase()
    let person = this.people.get(key)
    if (!person) {
      person = {
        actor: { login, id: stableId(login), type: login.endsWith('[bot]') ? 'Bot' : 'User' }
      }
      this.people.set(key, person)
    }
    return person
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase()
    const url = new URL(req.url ?? '/', this.url)
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const entry: RequestLogEntry = { method, path: url.pathname + url.search, status: 0 }
    let op: MatchedOperation | undefined
    let result: RouteResult
    try {
      if (method === 'POST' && url.pathname.replace(/\/+$/, '') === '/graphql') {
        result = await this.graphql(req, raw, entry)
        return await this.send(res, entry, result)
      }
      const spec = OpenApiSpec.get()
      op = spec.match(method, url.pathname.replace(/\/+$/, '') || '/')
      if (!op) {
        this.violation(method, url.pathname, undefined, 'unknown-route', 'GitHub has no such route')
        throw new HttpError(404, 'Not Found', DOCS)
      }
      entry.operationId = op.operationId
      const docs = String((op.operation.externalDocs as { url?: string } | undefined)?.url ?? DOCS)
      const token = this.authenticate(req.headers.authorization, docs)
      entry.login = token.login
      let body: unknown
      if (raw.trim() !== '') {
        try {
          body = JSON.parse(raw)
        } catch {
          throw new HttpError(400, 'Problems parsing JSON', docs)
        }
      }
      if (method !== 'GET') entry.body = body
      const problems = spec.validateRequest(op, body)
      if (problems.length > 0) {
        this.violation(method, url.pathname, op.operationId, 'request-body', problems.join('; '))
        throw new HttpError(422, `Invalid request.\n\n${problems.join('\n')}`, docs)
      }
      if (this.onReceive?.({ ...entry, body }))
        throw new HttpError(503, 'Service Unavailable', docs)
      const route =
        ROUTES[op.operationId] ??
        REVIEW_ROUTES[op.operationId] ??
        COMPARE_ROUTES[op.operationId] ??
        RUNS_ROUTES[op.operationId]
      if (!route) {
        this.violation(
          method,
          url.pathname,
          op.operationId,
          'unimplemented',
          'the fake does not serve this operation'
        )
        throw new HttpError(404, 'Not Found', docs)
      }
      const { owner, repo } = op.params
      if (
        owner !== undefined &&
        (owner.toLowerCase() !== this.ctx.owner.login.toLowerCase() ||
          repo?.toLowerCase() !== this.ctx.repo.toLowerCase())
      ) {
        throw new HttpError(404, 'Not Found', docs)
      }
      if (token.readOnly && method !== 'GET' && method !== 'HEAD') {
        throw new HttpError(403, 'Resource not accessible by integration', docs)
      }
      const refusal = this.refusals.get(op.operationId)
      if (refusal) throw new HttpError(refusal.status, refusal.message, docs)
      try {
        result = route({
          fake: this,
          op,
          params: op.params,
          query: url.searchParams,
          body,
          login: token.login,
          installation: token.installation,
          docs,
          url,
          accept: String(req.headers.accept ?? '')
        })
      } catch (err) {
        if (err instanceof HttpError && !err.documentationUrl) err.documentationUrl = docs
        throw err
      }
    } catch (err) {
      if (!(err instanceof HttpError)) {
        result = { status: 500, body: errorBody(`fake failed: ${String(err)}`, DOCS, 500) }
      } else {
        result = {
          status: err.status,
          body: {
            ...errorBody(err.message, err.documentationUrl ?? DOCS, err.status),
            ...err.extra
          }
        }
      }
    }
    if (op && result.text === undefined) {
      const problems = OpenApiSpec.get().validateResponse(op, result.status, result.body)
      if (problems.length > 0) {
        const kind = problems[0]?.startsWith('status ') ? 'response-status' : 'response-body'
        this.violation(method, url.pathname, op.operationId, kind, problems.join('; '))
      }
    }
    await this.send(res, entry, result)
  }

  /** `POST /graphql`: authenticated as REST is, held to GitHub's GraphQL schema (github-graphql.ts). */
  private async graphql(
    req: IncomingMessage,
    raw: string,
    entry: RequestLogEntry
  ): Promise<RouteResult> {
    const docs = 'https://docs.github.com/graphql'
    try {
      const token = this.authenticate(req.headers.authorization, docs)
      entry.login = token.login
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        throw new HttpError(400, 'Problems parsing JSON', docs)
      }
      entry.body = body
      entry.operationId = 'graphql'
      if (this.onReceive?.({ ...entry, body }))
        throw new HttpError(503, 'Service Unavailable', docs)
      const refusal = this.refusals.get('graphql')
      if (refusal) throw new HttpError(refusal.status, refusal.message, docs)
      const answer = await answerGraphql(this, token.login, token.readOnly, body)
      if (answer.fields.length > 0) entry.operationId = `graphql/${answer.fields.join(',')}`
      if (answer.invalid !== undefined) {
        this.violation('POST', '/graphql', entry.operationId, 'graphql-query', answer.invalid)
      }
      return { status: answer.status, body: answer.body }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err
      return {
        status: err.status,
        body: errorBody(err.message, err.documentationUrl ?? docs, err.status)
      }
    }
  }

  private async send(
    res: ServerResponse,
    entry: RequestLogEntry,
    result: RouteResult
  ): Promise<void> {
    entry.status = result.status
    this.requests.push(entry)
    await this.onAnswer?.(entry)
    const payload = result.text ?? (result.body === undefined ? '' : JSON.stringify(result.body))
    const type = result.text !== undefined ? 'text/plain' : 'application/json'
    res.writeHead(result.status, {
      ...(payload ? { 'content-type': `${type}; charset=utf-8` } : {}),
      'x-github-media-type': 'github.v3; format=json',
      'x-github-api-version-selected': '2022-11-28',
      'x-github-request-id': `FAKE:${this.requests.length}`,
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, 5000 - this.requests.length)),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': String(this.requests.length),
      'x-ratelimit-resource': 'core',
      ...result.headers
    })
    res.end(payload)
  }

  private authenticate(header: string | undefined, docs: string): TokenRecord {
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? '')
    if (!match) throw new HttpError(401, 'Requires authentication', docs)
    const token = this.tokens.get(match[1] ?? '')
    if (!token) throw new HttpError(401, 'Bad credentials', DOCS)
    return token
  }

  private violation(
    method: string,
    path: string,
    operationId: string | undefined,
    kind: Violation['kind'],
    message: string
  ): void {
    this.violations.push({ method, path, ...(operationId ? { operationId } : {}), kind, message })
  }
}
