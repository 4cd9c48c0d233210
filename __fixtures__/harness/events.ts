/** Event payloads built from GitHub's real webhook examples, patched with the test's repository and pull request. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  ACTIONS_BOT,
  nodeId,
  stableId,
  userObject,
  type Actor,
  type RepoContext
} from './github-objects.js'

type Payload = Record<string, unknown>

/** Where the event happens: the fake's repository context plus the git server URL. */
export interface EventSite {
  ctx: RepoContext
  /** GITHUB_SERVER_URL, used for clone_url. */
  serverUrl: string
}

/** The pull request an event is about. */
export interface EventPull {
  number: number
  title?: string
  body?: string | null
  headRef: string
  headSha: string
  baseRef: string
  baseSha: string
  draft?: boolean
  state?: 'open' | 'closed'
  merged?: boolean
  fork?: boolean
  author: Actor | string
  labels?: string[]
}

/** A pull_request event's action. */
export type PullRequestAction =
  | 'opened'
  | 'synchronize'
  | 'reopened'
  | 'ready_for_review'
  | 'closed'
  | 'converted_to_draft'
  | 'edited'
  | 'labeled'
  | 'unlabeled'
  | 'assigned'

/** An event as the runner hands it over: its name and its payload. */
export interface GitHubEvent {
  name: string
  payload: Payload
}

interface WebhookDefinition {
  name: string
  examples: Payload[]
}

let examples: Map<string, Payload[]> | undefined

/** GitHub's example payloads by event name, read once from @octokit/webhooks-examples. */
export function webhookExamples(name: string): Payload[] {
  if (!examples) {
    const require = createRequire(import.meta.url)
    const file = require.resolve('@octokit/webhooks-examples/api.github.com/index.json')
    const defs = JSON.parse(readFileSync(file, 'utf8')) as WebhookDefinition[]
    examples = new Map(defs.map(d => [d.name, d.examples]))
  }
  const list = examples.get(name)
  if (!list || list.length === 0)
    throw new Error(`@octokit/webhooks-examples has no example for event ${name}`)
  return list
}

/** A deep copy of the plainest example: with the action wanted, without organization or installation when possible. */
function example(name: string, action?: string): Payload {
  const list = webhookExamples(name)
  const matching = action ? list.filter(e => e.action === action) : list
  const pool = matching.length > 0 ? matching : list
  const pick =
    pool.find(e => !('organization' in e) && !('installation' in e)) ??
    pool.find(e => !('organization' in e)) ??
    pool[0]
  const copy = structuredClone(pick) as Payload
  delete copy.organization
  delete copy.installation
  if (action) copy.action = action
  return copy
}

function mapStrings<T>(value: T, fn: (s: string) => string): T {
  if (typeof value === 'string') return fn(value) as T
  if (Array.isArray(value)) return value.map(v => mapStrings(v, fn)) as T
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)])) as T
  }
  return value
}

function toActor(who: Actor | string): Actor {
  if (typeof who !== 'string') return who
  if (who === ACTIONS_BOT.login) return ACTIONS_BOT
  return { login: who, id: stableId(who), type: 'User' }
}

/** Replaces the example's repository and URLs with the test's, keeping every other field of the real payload. */
function retarget(payload: Payload, site: EventSite): Payload {
  const { ctx } = site
  const repo = payload.repository as Payload
  const oldFull = String(repo.full_name)
  const full = `${ctx.owner.login}/${ctx.repo}`
  const host = new URL(ctx.htmlUrl).host || 'github.com'
  const patched = mapStrings(payload, s =>
    s
      .replaceAll(`https://api.github.com/repos/${oldFull}`, `${ctx.apiUrl}/repos/${full}`)
      .replaceAll(`https://github.com/${oldFull}`, `${ctx.htmlUrl}/${full}`)
      .replaceAll('https://api.github.com', ctx.apiUrl)
  )
  const r = patched.repository as Payload
  Object.assign(r, {
    id: ctx.repoId,
    node_id: nodeId('Repository', ctx.repoId),
    name: ctx.repo,
    full_name: full,
    private: ctx.private,
    visibility: ctx.private ? 'private' : 'public',
    owner: user(site, r.owner, ctx.owner),
    html_url: `${ctx.htmlUrl}/${full}`,
    url: `${ctx.apiUrl}/repos/${full}`,
    clone_url: `${site.serverUrl}/${full}.git`,
    git_url: `git://${host}/${full}.git`,
    ssh_url: `git@${host}:${full}.git`,
    svn_url: `${ctx.htmlUrl}/${full}`,
    default_branch: ctx.defaultBranch,
    fork: false
  })
  if ('master_branch' in r) r.master_branch = ctx.defaultBranch
  return patched
}

function user(site: EventSite, base: unknown, who: Actor | string): Payload {
  const actor = toActor(who)
  const out: Payload = { ...(base as Payload), ...userObject(site.ctx, actor) }
  // Only some example users carry name/email; they must not keep the example person's.
  if ('name' in out) out.name = actor.name ?? actor.login
  if ('email' in out)
    out.email = actor.email ?? `${actor.id}+${actor.login}@users.noreply.github.com`
  return out
}

/** Drops the example's people and milestones that the test did not ask for. */
const UNASSIGNED = { assignee: null, assignees: [], milestone: null }

/** Rewrites the example PR's number and head SHA inside URLs, then sets the test's fields. */
function patchPull(
  site: EventSite,
  examplePull: Payload,
  pr: EventPull,
  repository: Payload
): Payload {
  const oldNumber = String(examplePull.number)
  const oldSha = String((examplePull.head as Payload).sha)
  const renumber = new RegExp(`/(pulls?|issues)/${oldNumber}(?=$|[/.#?])`, 'g')
  const out = mapStrings(examplePull, s =>
    s.replace(renumber, `/$1/${pr.number}`).replaceAll(oldSha, pr.headSha)
  )
  const author = toActor(pr.author)
  const headOwner = pr.fork ? author : site.ctx.owner
  const headRepo = pr.fork
    ? {
        ...repository,
        id: stableId(`fork:${headOwner.login}/${site.ctx.repo}`),
        full_name: `${headOwner.login}/${site.ctx.repo}`,
        fork: true,
        owner: user(site, repository.owner, headOwner)
      }
    : repository
  Object.assign(out, {
    ...UNASSIGNED,
    requested_reviewers: [],
    requested_teams: [],
    number: pr.number,
    title: pr.title ?? out.title,
    body: pr.body === undefined ? out.body : pr.body,
    state: pr.state ?? 'open',
    draft: pr.draft ?? false,
    merged: pr.merged ?? false,
    user: user(site, out.user, author),
    labels: (pr.labels ?? []).map(name => ({
      ...((out.labels as Payload[] | undefined)?.[0] ?? {}),
      name
    })),
    head: {
      ...(out.head as Payload),
      label: `${headOwner.login}:${pr.headRef}`,
      ref: pr.headRef,
      sha: pr.headSha,
      user: user(site, (out.head as Payload).user, headOwner),
      repo: headRepo
    },
    base: {
      ...(out.base as Payload),
      label: `${site.ctx.owner.login}:${pr.baseRef}`,
      ref: pr.baseRef,
      sha: pr.baseSha,
      user: user(site, (out.base as Payload).user, site.ctx.owner),
      repo: repository
    }
  })
  return out
}

/** A `pull_request` event from GitHub's example for `action`, about the test's pull request. */
export function pullRequestEvent(
  action: PullRequestAction,
  site: EventSite,
  pr: EventPull,
  opts: { sender?: Actor | string; before?: string } = {}
): GitHubEvent {
  const payload = retarget(example('pull_request', action), site)
  const repository = payload.repository as Payload
  payload.number = pr.number
  payload.pull_request = patchPull(site, payload.pull_request as Payload, pr, repository)
  payload.sender = user(site, payload.sender, opts.sender ?? pr.author)
  if (action === 'synchronize') {
    payload.before = opts.before ?? pr.baseSha
    payload.after = pr.headSha
  }
  return { name: 'pull_request', payload }
}

/** What an issue_comment event is about: a pull request (`isPull`) or a plain issue, and the comment. */
export interface EventComment {
  issue: {
    number: number
    isPull: boolean
    title?: string
    body?: string | null
    author: Actor | string
    state?: 'open' | 'closed'
  }
  comment: {
    id: number
    body: string
    user: Actor | string
    author_association: string
    created_at?: string
    updated_at?: string
  }
  action?: 'created' | 'edited' | 'deleted'
  sender?: Actor | string
}

/** An `issue_comment` event from GitHub's example, on a pull request (with `issue.pull_request`) or a plain issue. */
export function issueCommentEvent(site: EventSite, e: EventComment): GitHubEvent {
  const payload = retarget(example('issue_comment', e.action ?? 'created'), site)
  const issue = payload.issue as Payload
  const oldNumber = String(issue.number)
  const renumber = new RegExp(`/(pulls?|issues)/${oldNumber}(?=$|[/.#?])`, 'g')
  const patchedIssue = mapStrings(issue, s => s.replace(renumber, `/$1/${e.issue.number}`))
  const full = `${site.ctx.owner.login}/${site.ctx.repo}`
  Object.assign(patchedIssue, {
    ...UNASSIGNED,
    labels: [],
    number: e.issue.number,
    title: e.issue.title ?? patchedIssue.title,
    body: e.issue.body === undefined ? patchedIssue.body : e.issue.body,
    state: e.issue.state ?? 'open',
    user: user(site, patchedIssue.user, e.issue.author),
    html_url: `${site.ctx.htmlUrl}/${full}/${e.issue.isPull ? 'pull' : 'issues'}/${e.issue.number}`
  })
  if (e.issue.isPull) {
    patchedIssue.pull_request = {
      url: `${site.ctx.apiUrl}/repos/${full}/pulls/${e.issue.number}`,
      html_url: `${site.ctx.htmlUrl}/${full}/pull/${e.issue.number}`,
      diff_url: `${site.ctx.htmlUrl}/${full}/pull/${e.issue.number}.diff`,
      patch_url: `${site.ctx.htmlUrl}/${full}/pull/${e.issue.number}.patch`,
      merged_at: null
    }
  } else delete patchedIssue.pull_request
  payload.issue = patchedIssue
  const comment = mapStrings(payload.comment as Payload, s =>
    s.replace(renumber, `/$1/${e.issue.number}`)
  )
  const api = `${site.ctx.apiUrl}/repos/${full}`
  Object.assign(comment, {
    id: e.comment.id,
    node_id: nodeId('IssueComment', e.comment.id),
    url: `${api}/issues/comments/${e.comment.id}`,
    html_url: `${patchedIssue.html_url as string}#issuecomment-${e.comment.id}`,
    issue_url: `${api}/issues/${e.issue.number}`,
    body: e.comment.body,
    user: user(site, comment.user, e.comment.user),
    author_association: e.comment.author_association,
    ...(e.comment.created_at ? { created_at: e.comment.created_at } : {}),
    ...(e.comment.updated_at ? { updated_at: e.comment.updated_at } : {})
  })
  payload.comment = comment
  payload.sender = user(site, payload.sender, e.sender ?? e.comment.user)
  return { name: 'issue_comment', payload }
}

/**
 * A `pull_request_review_comment` event from GitHub's example for `action`: `comment` is the review comment as the
 * stand-in's REST API returns it (a reply carries `in_reply_to_id`), about the test's pull request.
 */
export function reviewCommentEvent(
  site: EventSite,
  pr: EventPull,
  comment: Record<string, unknown>,
  opts: { action?: 'created' | 'edited' | 'deleted'; sender?: Actor | string } = {}
): GitHubEvent {
  const payload = retarget(example('pull_request_review_comment', opts.action ?? 'created'), site)
  const repository = payload.repository as Payload
  payload.pull_request = patchPull(site, payload.pull_request as Payload, pr, repository)
  const login = String((comment.user as { login?: string } | undefined)?.login ?? '')
  const base = payload.comment as Payload
  // Every field the stand-in answers replaces the example's; the example's others (none today) stay.
  const merged: Payload = { ...base, ...comment }
  if (!('in_reply_to_id' in comment)) delete merged.in_reply_to_id
  merged.user = user(site, base.user, toActor(comment.user ? (comment.user as Actor) : login))
  payload.comment = merged
  payload.sender = user(site, payload.sender, opts.sender ?? (merged.user as Actor))
  return { name: 'pull_request_review_comment', payload }
}

/** A `workflow_dispatch` event from GitHub's example; `pr` becomes the input `pr`. */
export function workflowDispatchEvent(
  site: EventSite,
  opts: {
    pr?: number | string
    inputs?: Record<string, string>
    ref?: string
    workflow?: string
    sender?: Actor | string
  } = {}
): GitHubEvent {
  const payload = retarget(example('workflow_dispatch'), site)
  const ref = opts.ref ?? site.ctx.defaultBranch
  payload.ref = ref.startsWith('refs/') ? ref : `refs/heads/${ref}`
  payload.workflow = opts.workflow ?? '.github/workflows/review-loop.yml'
  payload.inputs = {
    ...(opts.inputs ?? {}),
    ...(opts.pr !== undefined ? { pr: String(opts.pr) } : {})
  }
  payload.sender = user(site, payload.sender, opts.sender ?? site.ctx.owner)
  return { name: 'workflow_dispatch', payload }
}

/** A `push` event from GitHub's example, for a branch the action does not handle. */
export function pushEvent(
  site: EventSite,
  opts: { ref?: string; before?: string; after: string; sender?: Actor | string }
): GitHubEvent {
  const list = webhookExamples('push').filter(e => String(e.ref).startsWith('refs/heads/'))
  const payload = retarget(structuredClone(list[0] ?? example('push')) as Payload, site)
  delete payload.installation
  const ref = opts.ref ?? site.ctx.defaultBranch
  const sender = toActor(opts.sender ?? site.ctx.owner)
  const before = opts.before ?? '0000000000000000000000000000000000000000'
  Object.assign(payload, {
    ref: ref.startsWith('refs/') ? ref : `refs/heads/${ref}`,
    before,
    after: opts.after,
    created: /^0+$/.test(before),
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `${site.ctx.htmlUrl}/${site.ctx.owner.login}/${site.ctx.repo}/compare/${before.slice(0, 12)}...${opts.after.slice(0, 12)}`,
    commits: [],
    head_commit: null,
    pusher: {
      name: sender.login,
      email: sender.email ?? `${sender.id}+${sender.login}@users.noreply.github.com`
    },
    sender: user(site, payload.sender, sender)
  })
  return { name: 'push', payload }
}
