/** The REST operations the GitHub fake serves, keyed by GitHub's operationId. */
import type { GitHubFake, Permission } from './github-fake.js'
import {
  ACTIONS_BOT,
  commentObject,
  issueObject,
  privateUserObject,
  userObject,
  type CommentRecord
} from './github-objects.js'
import type { MatchedOperation } from './openapi.js'

/** An error answered with GitHub's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    public documentationUrl?: string,
    readonly extra: Record<string, unknown> = {}
  ) {
    super(message)
  }
}

/** What a route handler gets. */
export interface RouteRequest {
  fake: GitHubFake
  op: MatchedOperation
  params: Record<string, string>
  query: URLSearchParams
  body: unknown
  login: string
  installation: boolean
  docs: string
  url: URL
  accept: string
}

/** What a route handler answers. */
export interface RouteResult {
  status: number
  body?: unknown
  /** A non-JSON body (a diff), sent as text and not validated. */
  text?: string
  headers?: Record<string, string>
}

type Route = (req: RouteRequest) => RouteResult

const MAX_COMMENT = 65536

function issueNumber(req: RouteRequest): number {
  return Number(req.params.issue_number ?? req.params.pull_number)
}

function findComment(req: RouteRequest): CommentRecord {
  const comment = req.fake.commentList.find(c => c.id === Number(req.params.comment_id))
  if (!comment) throw new HttpError(404, 'Not Found')
  return comment
}

function checkBody(body: string): void {
  if (body.length > MAX_COMMENT) {
    throw new HttpError(422, 'Validation Failed', undefined, {
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: `body is too long (maximum is ${MAX_COMMENT} characters)`
        }
      ]
    })
  }
}

/** Slices a list by `per_page`/`page` and adds the `Link` header GitHub sends, so octokit.paginate works. */
export function paginate<T>(
  req: RouteRequest,
  items: T[]
): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(100, Math.max(1, Number(req.query.get('per_page') ?? 30) || 30))
  const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1)
  const last = Math.max(1, Math.ceil(items.length / perPage))
  const link = (n: number, rel: string): string => {
    const url = new URL(req.url.pathname + req.url.search, req.fake.url)
    url.searchParams.set('per_page', String(perPage))
    url.searchParams.set('page', String(n))
    return `<${url.toString()}>; rel="${rel}"`
  }
  const links: string[] = []
  if (page > 1) links.push(link(page - 1, 'prev'))
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'))
  if (page > 1) links.push(link(1, 'first'))
  return {
    page: items.slice((page - 1) * perPage, page * perPage),
    headers: links.length ? { link: links.join(', ') } : {}
  }
}

function labelNames(body: unknown): string[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'string'
      ? [body]
      : ((body as { labels?: unknown[] }).labels ?? [])
  return list.map(l => (typeof l === 'string' ? l : String((l as { name?: unknown }).name)))
}

function pullsList(req: RouteRequest): RouteResult {
  const { fake } = req
  const state = req.query.get('state') ?? 'open'
  const head = req.query.get('head')
  const base = req.query.get('base')
  const numbers = [...fake.pulls.values()]
    .filter(pr => state === 'all' || pr.state === state)
    .filter(pr => !base || pr.baseRef === base)
    .filter(
      pr => !head || `${pr.fork ? pr.author.login : fake.ctx.owner.login}:${pr.headRef}` === head
    )
    .map(pr => pr.number)
    .sort((a, b) => b - a)
  const { page, headers } = paginate(req, numbers)
  return { status: 200, body: page.map(n => fake.pullRequestObject(n)), headers }
}

function pullsCreate(req: RouteRequest): RouteResult {
  const { fake } = req
  const body = req.body as {
    head: string
    base: string
    title?: string
    body?: string
    draft?: boolean
  }
  const headRef = body.head.includes(':') ? body.head.split(':').slice(1).join(':') : body.head
  const invalid = (field: string) =>
    new HttpError(422, 'Validation Failed', undefined, {
      errors: [{ resource: 'PullRequest', field, code: 'invalid' }]
    })
  if (fake.remote.branchSha(headRef) === undefined) throw invalid('head')
  if (fake.remote.branchSha(body.base) === undefined) throw invalid('base')
  const dup = [...fake.pulls.values()].find(
    p => p.state === 'open' && p.headRef === headRef && p.baseRef === body.base
  )
  if (dup) {
    throw new HttpError(422, 'Validation Failed', undefined, {
      errors: [
        {
          resource: 'PullRequest',
          code: 'custom',
          message: `A pull request already exists for ${fake.ctx.owner.login}:${headRef}.`
        }
      ]
    })
  }
  const pr = fake.openPullRequest({
    headRef,
    baseRef: body.base,
    title: body.title ?? headRef,
    body: body.body ?? null,
    draft: body.draft ?? false,
    author: req.login
  })
  return {
    status: 201,
    body: fake.pullRequestObject(pr.number),
    headers: { location: `${fake.url}/repos/${fake.remote.fullName}/pulls/${pr.number}` }
  }
}

function permission(req: RouteRequest): RouteResult {
  const { fake } = req
  const login = req.params.username ?? ''
  if (!fake.knows(login)) throw new HttpError(404, 'Not Found')
  const role: Permission = fake.permissionOf(login)
  // The legacy `permission` field folds maintain into write and triage into read.
  const legacy = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role
  const rank = ['none', 'read', 'triage', 'write', 'maintain', 'admin'].indexOf(role)
  const actor = fake.actor(login)
  return {
    status: 200,
    body: {
      permission: legacy,
      role_name: role,
      user: {
        ...userObject(fake.ctx, actor),
        permissions: {
          admin: rank >= 5,
          maintain: rank >= 4,
          push: rank >= 3,
          triage: rank >= 2,
          pull: rank >= 1
        },
        role_name: role
      }
    }
  }
}

function dispatch(req: RouteRequest): RouteResult {
  const { fake } = req
  const id = req.params.workflow_id ?? ''
  const entry = [...fake.workflows.entries()].find(
    ([file, w]) => file === id || String(w.id) === id
  )
  if (!entry) throw new HttpError(404, 'Not Found')
  const body = req.body as {
    ref: string
    inputs?: Record<string, unknown>
    return_run_details?: boolean
  }
  const ref = body.ref.replace(/^refs\/(heads|tags)\//, '')
  if (fake.remote.resolve(body.ref) === undefined && fake.remote.branchSha(ref) === undefined) {
    throw new HttpError(422, `No ref found for: ${body.ref}`)
  }
  const inputs = Object.fromEntries(
    Object.entries(body.inputs ?? {}).map(([k, v]) => [k, String(v)])
  )
  const [file, workflow] = entry
  const unexpected = Object.keys(inputs).filter(
    k => workflow.inputs && !workflow.inputs.includes(k)
  )
  if (unexpected.length > 0)
    throw new HttpError(422, `Unexpected inputs provided: ${JSON.stringify(unexpected)}`)
  fake.dispatches.push({ workflow: file, ref: body.ref, inputs, by: req.login })
  if (!body.return_run_details) return { status: 204 }
  const runId = 9_000_000_000 + fake.dispatches.length
  return {
    status: 200,
    body: {
      workflow_run_id: runId,
      run_url: `${fake.url}/repos/${fake.remote.fullName}/actions/runs/${runId}`,
      html_url: `${fake.ctx.htmlUrl}/${fake.remote.fullName}/actions/runs/${runId}`
    }
  }
}

/** One entry of `git ls-tree -l`: mode, type, object, size ('-' for trees and submodules), path. */
function treeEntries(req: RouteRequest, sha: string, spec: string): string[][] {
  const out = req.fake.remote.git(['ls-tree', '-l', '-z', sha, '--', spec])
  return out
    .split('\0')
    .filter(Boolean)
    .map(line => {
      const [meta = '', path = ''] = line.split('\t')
      return [...meta.split(/\s+/), path]
    })
}

/** The fields every content object carries, with GitHub's URL shapes. */
function contentLinks(req: RouteRequest, ref: string, path: string, type: string, sha: string) {
  const { ctx } = req.fake
  const full = req.fake.remote.fullName
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  const url = `${req.fake.url}/repos/${full}/contents/${encoded}?ref=${encodeURIComponent(ref)}`
  const git = `${req.fake.url}/repos/${full}/git/${type === 'dir' ? 'trees' : 'blobs'}/${sha}`
  const html = `${ctx.htmlUrl}/${full}/${type === 'dir' ? 'tree' : 'blob'}/${ref}/${encoded}`
  return {
    name: path.split('/').at(-1) ?? path,
    path,
    sha,
    url,
    git_url: git,
    html_url: html,
    download_url:
      type === 'file' ? `https://raw.githubusercontent.com/${full}/${ref}/${encoded}` : null,
    _links: { self: url, git, html }
  }
}

const CONTENT_TYPE: Record<string, string> = { blob: 'file', tree: 'dir', commit: 'submodule' }

/** `GET /repos/{owner}/{repo}/contents/{path}` served from the bare repository: a file, a listing, a link, a submodule. */
function getContent(req: RouteRequest): RouteResult {
  const { remote } = req.fake
  const ref = req.query.get('ref') || remote.defaultBranch
  const sha = remote.resolve(ref)
  if (sha === undefined) throw new HttpError(404, `No commit found for the ref ${ref}`)
  const path = (req.params.path ?? '').replace(/^\/+|\/+$/g, '')
  const [entry] = treeEntries(req, sha, path)
  if (!entry || entry[4] !== path) throw new HttpError(404, 'Not Found')
  const [mode = '', type = '', object = '', size = ''] = entry
  if (type === 'tree') {
    const body = treeEntries(req, sha, `${path}/`).map(
      ([m = '', t = '', o = '', sz = '', p = '']) => {
        const kind = m === '120000' ? 'symlink' : (CONTENT_TYPE[t] ?? 'file')
        return {
          type: kind,
          size: Number(sz) || 0,
          ...contentLinks(req, ref, p, kind, o)
        }
      }
    )
    return { status: 200, body }
  }
  // Text only: the harness's git helper reads objects as UTF-8, which is all a test puts in the fake.
  const text = remote.git(['cat-file', 'blob', object])
  if (mode === '120000') {
    return {
      status: 200,
      body: {
        type: 'symlink',
        target: text,
        size: Number(size),
        ...contentLinks(req, ref, path, 'symlink', object)
      }
    }
  }
  if (type === 'commit') {
    return {
      status: 200,
      body: {
        type: 'submodule',
        submodule_git_url: `${req.fake.ctx.htmlUrl}/${remote.fullName}-submodule.git`,
        size: 0,
        ...contentLinks(req, ref, path, 'submodule', object)
      }
    }
  }
  // GitHub wraps the base64 at 60 characters per line.
  const content = (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,60}/g) ?? []
  ).join('\n')
  return {
    status: 200,
    body: {
      type: 'file',
      encoding: 'base64',
      size: Number(size),
      content: content === '' ? '' : `${content}\n`,
      ...contentLinks(req, ref, path, 'file', object)
    }
  }
}

/** `POST /repos/{owner}/{repo}/statuses/{sha}`: GitHub's checks on the SHA and the description's length, then the record. */
function createCommitStatus(req: RouteRequest): RouteResult {
  const { fake } = req
  const sha = req.params.sha ?? ''
  if (!/^[0-9a-f]{40}$/i.test(sha) || fake.remote.resolve(sha) !== sha.toLowerCase()) {
    throw new HttpError(422, `No commit found for SHA: ${sha}`)
  }
  const body = req.body as {
    state: string
    target_url?: string | null
    description?: string | null
    context?: string
  }
  const description = body.description ?? null
  if (description !== null && description.length > 140) {
    throw new HttpError(422, 'Validation Failed', undefined, {
      errors: [
        {
          resource: 'Status',
          code: 'custom',
          field: 'description',
          message: 'description is too long (maximum is 140 characters)'
        }
      ]
    })
  }
  const record = {
    id: fake.newId(),
    state: body.state,
    context: body.context ?? 'default',
    description,
    targetUrl: body.target_url ?? null,
    creator: req.login,
    createdAt: fake.now()
  }
  const list = fake.commitStatuses.get(sha) ?? []
  list.push(record)
  fake.commitStatuses.set(sha, list)
  const { ctx } = fake
  const creator = userObject(ctx, fake.actor(req.login))
  return {
    status: 201,
    body: {
      url: `${fake.url}/repos/${fake.remote.fullName}/statuses/${sha}`,
      avatar_url: creator.avatar_url,
      id: record.id,
      node_id: Buffer.from(`010:StatusContext${record.id}`).toString('base64'),
      state: record.state,
      description: record.description,
      target_url: record.targetUrl,
      context: record.context,
      created_at: record.createdAt,
      updated_at: record.createdAt,
      creator
    },
    headers: { location: `${fake.url}/repos/${fake.remote.fullName}/statuses/${sha}` }
  }
}

/** Handlers by operationId; an operation missing here is answered 404 and recorded as unimplemented. */
export const ROUTES: Record<string, Route> = {
  'repos/get': ({ fake }) => ({ status: 200, body: fake.repositoryObject(true) }),
  'pulls/get': req => {
    if (!req.fake.pulls.has(issueNumber(req))) throw new HttpError(404, 'Not Found')
    const format = /vnd\.github(?:\.v3)?\.(diff|patch)/.exec(req.accept)?.[1] as
      'diff' | 'patch' | undefined
    if (format) return { status: 200, text: req.fake.pullDiff(issueNumber(req), format) }
    return { status: 200, body: req.fake.pullRequestObject(issueNumber(req)) }
  },
  'pulls/list': pullsList,
  'pulls/create': pullsCreate,
  'issues/list-comments': req => {
    const n = issueNumber(req)
    req.fake.requireIssue(n)
    const since = req.query.get('since')
    const items = req.fake.commentList.filter(
      c => c.issue === n && (!since || c.updatedAt >= since)
    )
    const { page, headers } = paginate(req, items)
    return { status: 200, body: page.map(c => commentObject(req.fake.ctx, c)), headers }
  },
  'issues/create-comment': req => {
    const n = issueNumber(req)
    req.fake.requireIssue(n)
    const text = (req.body as { body: string }).body
    checkBody(text)
    const created = req.fake.addComment(n, req.fake.actor(req.login), text)
    return { status: 201, body: created, headers: { location: created.html_url } }
  },
  'issues/get': req => {
    // A pull request is an issue too, marked by its `pull_request` field, as GitHub answers.
    const n = issueNumber(req)
    const { isPull } = req.fake.requireIssue(n)
    if (!isPull) return { status: 200, body: req.fake.issueObject(n) }
    const pr = req.fake.pull(n)
    const { owner, repo, apiUrl, htmlUrl } = req.fake.ctx
    const base = `${apiUrl}/repos/${owner.login}/${repo}`
    const body = {
      ...issueObject(
        req.fake.ctx,
        n,
        { title: pr.title, body: pr.body, author: pr.author },
        req.fake.labelObjects(pr.labels),
        req.fake.associationOf(pr.author.login),
        req.fake.commentList.filter(c => c.issue === n).length,
        pr.createdAt
      ),
      html_url: `${htmlUrl}/${owner.login}/${repo}/pull/${n}`,
      pull_request: {
        url: `${base}/pulls/${n}`,
        html_url: `${htmlUrl}/${owner.login}/${repo}/pull/${n}`,
        diff_url: `${htmlUrl}/${owner.login}/${repo}/pull/${n}.diff`,
        patch_url: `${htmlUrl}/${owner.login}/${repo}/pull/${n}.patch`,
        merged_at: null
      }
    }
    return { status: 200, body }
  },
  'issues/create': req => {
    const body = req.body as { title: string | number; body?: string | null }
    checkBody(body.body ?? '')
    const n = req.fake.openIssue({
      title: String(body.title),
      body: body.body ?? null,
      author: req.login
    })
    const created = req.fake.issueObject(n)
    return { status: 201, body: created, headers: { location: String(created.url) } }
  },
  'issues/get-comment': req => ({
    status: 200,
    body: commentObject(req.fake.ctx, findComment(req))
  }),
  'issues/update-comment': req => {
    const comment = findComment(req)
    const text = (req.body as { body: string }).body
    checkBody(text)
    comment.body = text
    comment.updatedAt = req.fake.now()
    return { status: 200, body: commentObject(req.fake.ctx, comment) }
  },
  'issues/list-labels-on-issue': req => {
    const holder = req.fake.requireIssue(issueNumber(req))
    const { page, headers } = paginate(req, req.fake.labelObjects(holder.labels))
    return { status: 200, body: page, headers }
  },
  'issues/add-labels': req => {
    const holder = req.fake.requireIssue(issueNumber(req))
    for (const name of labelNames(req.body)) {
      if (!holder.labels.some(l => l.toLowerCase() === name.toLowerCase())) holder.labels.push(name)
    }
    holder.labels.sort((a, b) => a.localeCompare(b))
    return { status: 200, body: req.fake.labelObjects(holder.labels) }
  },
  'issues/remove-label': req => {
    const holder = req.fake.requireIssue(issueNumber(req))
    const name = (req.params.name ?? '').toLowerCase()
    const at = holder.labels.findIndex(l => l.toLowerCase() === name)
    if (at < 0) throw new HttpError(404, 'Label does not exist')
    holder.labels.splice(at, 1)
    return { status: 200, body: req.fake.labelObjects(holder.labels) }
  },
  'repos/get-collaborator-permission-level': permission,
  'repos/get-content': getContent,
  'actions/create-workflow-dispatch': dispatch,
  'repos/create-commit-status': createCommitStatus,
  'reactions/create-for-issue-comment': req => {
    const comment = findComment(req)
    const content = (req.body as { content: string }).content
    const found = comment.reactions.find(r => r.content === content && r.login === req.login)
    const reaction = found ?? {
      content,
      login: req.login,
      id: req.fake.newId(),
      createdAt: req.fake.now()
    }
    if (!found) comment.reactions.push(reaction)
    const body = {
      id: reaction.id,
      node_id: Buffer.from(`08:Reaction${reaction.id}`).toString('base64'),
      user: userObject(req.fake.ctx, req.fake.actor(req.login)),
      content,
      created_at: reaction.createdAt
    }
    return { status: found ? 200 : 201, body }
  },
  'reactions/list-for-issue-comment': req => {
    const comment = findComment(req)
    const content = req.query.get('content')
    const items = comment.reactions.filter(r => !content || r.content === content)
    const { page, headers } = paginate(req, items)
    const body = page.map(r => ({
      id: r.id,
      node_id: Buffer.from(`08:Reaction${r.id}`).toString('base64'),
      user: userObject(req.fake.ctx, req.fake.actor(r.login)),
      content: r.content,
      created_at: r.createdAt
    }))
    return { status: 200, body, headers }
  },
  'checks/list-for-ref': req => {
    const { ctx } = req.fake
    const sha = req.fake.remote.resolve(req.params.ref ?? '') ?? req.params.ref ?? ''
    const runs = (req.fake.checkRuns.get(sha) ?? []).map((run, i) => {
      const id = 9000 + i
      const url = `${req.url.origin}/repos/${ctx.owner.login}/${ctx.repo}/check-runs/${id}`
      const done = run.status === 'completed' ? '2026-01-01T00:00:00Z' : null
      return {
        id,
        node_id: Buffer.from(`04:CheckRun${id}`).toString('base64'),
        head_sha: sha,
        name: run.name,
        url,
        html_url: `https://github.com/${ctx.owner.login}/${ctx.repo}/runs/${id}`,
        details_url: null,
        status: run.status,
        conclusion: run.conclusion,
        started_at: '2026-01-01T00:00:00Z',
        completed_at: done,
        external_id: null,
        check_suite: { id: 7000 },
        output: {
          title: null,
          summary: null,
          text: null,
          annotations_count: 0,
          annotations_url: `${url}/annotations`
        },
        app: null,
        pull_requests: []
      }
    })
    return { status: 200, body: { total_count: runs.length, check_runs: runs } }
  },
  'actions/get-actions-cache-list': req => {
    const prefix = req.query.get('key') ?? ''
    const ref = req.query.get('ref')
    const sort = req.query.get('sort') ?? 'last_accessed_at'
    const desc = (req.query.get('direction') ?? 'desc') === 'desc'
    const at = (e: { createdAt: Date; lastAccessedAt: Date; sizeBytes: number }): number =>
      sort === 'created_at'
        ? e.createdAt.getTime()
        : sort === 'size_in_bytes'
          ? e.sizeBytes
          : e.lastAccessedAt.getTime()
    const all = req.fake
      .cacheEntries()
      .filter(e => e.finalized && e.key.startsWith(prefix) && (!ref || e.scope === ref))
      .sort((a, b) => (desc ? at(b) - at(a) || b.id - a.id : at(a) - at(b) || a.id - b.id))
    const { page, headers } = paginate(req, all)
    const body = {
      total_count: all.length,
      actions_caches: page.map(e => ({
        id: e.id,
        ref: e.scope,
        key: e.key,
        version: e.version,
        last_accessed_at: e.lastAccessedAt.toISOString(),
        created_at: e.createdAt.toISOString(),
        size_in_bytes: e.sizeBytes
      }))
    }
    return { status: 200, body, headers }
  },
  'actions/delete-actions-cache-by-key': req => {
    const key = req.query.get('key') ?? ''
    const ref = req.query.get('ref') ?? undefined
    const gone = req.fake
      .cacheEntries()
      .filter(e => e.finalized && e.key === key && (!ref || e.scope === ref))
    if (gone.length === 0) throw new HttpError(404, 'Not Found')
    req.fake.deleteCacheEntry(key, ref)
    const body = {
      total_count: gone.length,
      actions_caches: gone.map(e => ({
        id: e.id,
        ref: e.scope,
        key: e.key,
        version: e.version,
        last_accessed_at: e.lastAccessedAt.toISOString(),
        created_at: e.createdAt.toISOString(),
        size_in_bytes: e.sizeBytes
      }))
    }
    return { status: 200, body }
  },
  'users/get-authenticated': req => {
    // An installation token is no user; GitHub refuses this route for it.
    if (req.installation || req.login === ACTIONS_BOT.login)
      throw new HttpError(403, 'Resource not accessible by integration')
    return { status: 200, body: privateUserObject(req.fake.ctx, req.fake.actor(req.login)) }
  }
}
