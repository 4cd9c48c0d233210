/** Builders for the REST objects the GitHub fake serves, shaped like GitHub's (and checked against its OpenAPI). */

/** Someone who acts on the fake: a person or a bot. */
export interface Actor {
  login: string
  id: number
  type: 'User' | 'Bot' | 'Organization'
  name?: string
  email?: string
}

/** Where the fake lives and which repository it serves. */
export interface RepoContext {
  apiUrl: string
  htmlUrl: string
  owner: Actor
  repo: string
  repoId: number
  defaultBranch: string
  createdAt: string
  private: boolean
}

/** The bot behind the default Actions token, as GitHub shows it. */
export const ACTIONS_BOT: Actor = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' }

/** A stable positive id for a name, so the same login keeps its id across runs. */
export function stableId(name: string, base = 1_000_000): number {
  let hash = 0x811c9dc5
  for (const ch of name) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return base + (hash % 90_000_000)
}

/** A node id in GitHub's legacy format (`base64("04:User1")`). */
export function nodeId(kind: string, id: number): string {
  return Buffer.from(`0${kind.length}:${kind}${id}`).toString('base64')
}

/** GitHub's timestamp format: ISO 8601 in UTC without milliseconds. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** A simple-user object. */
export function userObject(ctx: RepoContext, actor: Actor): Record<string, unknown> {
  const u = `${ctx.apiUrl}/users/${encodeURIComponent(actor.login)}`
  const isBot = actor.type === 'Bot'
  return {
    login: actor.login,
    id: actor.id,
    node_id: nodeId(isBot ? 'Bot' : actor.type, actor.id),
    avatar_url: isBot
      ? 'https://avatars.githubusercontent.com/in/15368?v=4'
      : `https://avatars.githubusercontent.com/u/${actor.id}?v=4`,
    gravatar_id: '',
    url: u,
    html_url: isBot
      ? `${ctx.htmlUrl}/apps/${actor.login.replace(/\[bot\]$/, '')}`
      : `${ctx.htmlUrl}/${actor.login}`,
    followers_url: `${u}/followers`,
    following_url: `${u}/following{/other_user}`,
    gists_url: `${u}/gists{/gist_id}`,
    starred_url: `${u}/starred{/owner}{/repo}`,
    subscriptions_url: `${u}/subscriptions`,
    organizations_url: `${u}/orgs`,
    repos_url: `${u}/repos`,
    events_url: `${u}/events{/privacy}`,
    received_events_url: `${u}/received_events`,
    type: actor.type,
    user_view_type: 'public',
    site_admin: false
  }
}

/** The authenticated user's own view (private-user), for `GET /user` with a personal token. */
export function privateUserObject(ctx: RepoContext, actor: Actor): Record<string, unknown> {
  return {
    ...userObject(ctx, actor),
    user_view_type: 'private',
    name: actor.name ?? actor.login,
    company: null,
    blog: '',
    location: null,
    email: actor.email ?? null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 1,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: ctx.createdAt,
    updated_at: ctx.createdAt,
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: 'free', space: 976562499, private_repos: 10000, collaborators: 0 }
  }
}

const REPO_URL_SUFFIXES: Record<string, string> = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}'
}

/** A repository object; `full` adds the fields of `GET /repos/{owner}/{repo}` (full-repository). */
export function repositoryObject(
  ctx: RepoContext,
  opts: { owner?: Actor; fork?: boolean; full?: boolean; pushedAt?: string } = {}
): Record<string, unknown> {
  const owner = opts.owner ?? ctx.owner
  const fork = opts.fork ?? false
  const fullName = `${owner.login}/${ctx.repo}`
  const id = fork ? stableId(`fork:${fullName}`) : ctx.repoId
  const api = `${ctx.apiUrl}/repos/${fullName}`
  const html = `${ctx.htmlUrl}/${fullName}`
  const host = new URL(ctx.htmlUrl).host || 'github.com'
  const urls = Object.fromEntries(
    Object.entries(REPO_URL_SUFFIXES).map(([key, suffix]) => [key, api + suffix])
  )
  const repo: Record<string, unknown> = {
    id,
    node_id: nodeId('Repository', id),
    name: ctx.repo,
    full_name: fullName,
    private: ctx.private,
    owner: userObject(ctx, owner),
    html_url: html,
    description: null,
    fork,
    url: api,
    ...urls,
    git_url: `git://${host}/${fullName}.git`,
    ssh_url: `git@${host}:${fullName}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: null,
    language: 'TypeScript',
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 1,
    default_branch: ctx.defaultBranch,
    open_issues_count: 0,
    open_issues: 0,
    is_template: false,
    topics: [],
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    visibility: ctx.private ? 'private' : 'public',
    pushed_at: opts.pushedAt ?? ctx.createdAt,
    created_at: ctx.createdAt,
    updated_at: ctx.createdAt,
    allow_forking: true,
    web_commit_signoff_required: false,
    license: null
  }
  if (opts.full) {
    Object.assign(repo, {
      network_count: 0,
      subscribers_count: 1,
      allow_rebase_merge: true,
      allow_squash_merge: true,
      allow_merge_commit: true,
      allow_auto_merge: false,
      delete_branch_on_merge: false,
      allow_update_branch: false,
      use_squash_pr_title_as_default: false,
      temp_clone_token: null,
      permissions: { admin: false, maintain: false, push: true, triage: true, pull: true }
    })
  }
  return repo
}

/** A label object. */
export function labelObject(
  ctx: RepoContext,
  label: { id: number; name: string; color: string; description: string | null }
) {
  return {
    id: label.id,
    node_id: nodeId('Label', label.id),
    url: `${ctx.apiUrl}/repos/${ctx.owner.login}/${ctx.repo}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    description: label.description,
    color: label.color,
    default: false
  }
}

/** A basic-error body, the shape of every GitHub error. */
export function errorBody(
  message: string,
  documentationUrl: string,
  status: number
): Record<string, string> {
  return { message, documentation_url: documentationUrl, status: String(status) }
}

/** What the fake keeps about a pull request. */
export interface PullRecord {
  number: number
  id: number
  title: string
  body: string | null
  headRef: string
  baseRef: string
  author: Actor
  draft: boolean
  state: 'open' | 'closed'
  merged: boolean
  fork: boolean
  labels: string[]
  createdAt: string
  updatedAt: string
  closedAt: string | null
}

/** What is read live from the git remote when a pull request is served. */
export interface PullLive {
  headSha: string
  baseSha: string
  mergeSha: string | null
  commits: number
  additions: number
  deletions: number
  changedFiles: number
}

/** A pull-request object as `GET /repos/{owner}/{repo}/pulls/{n}` returns it. */
export function pullRequestObject(
  ctx: RepoContext,
  pr: PullRecord,
  live: PullLive,
  labels: ReturnType<typeof labelObject>[],
  association: string,
  comments: number
): Record<string, unknown> {
  const full = `${ctx.owner.login}/${ctx.repo}`
  const api = `${ctx.apiUrl}/repos/${full}`
  const html = `${ctx.htmlUrl}/${full}/pull/${pr.number}`
  const headOwner = pr.fork ? pr.author : ctx.owner
  const link = (href: string) => ({ href })
  return {
    url: `${api}/pulls/${pr.number}`,
    id: pr.id,
    node_id: nodeId('PullRequest', pr.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pr.number}`,
    commits_url: `${api}/pulls/${pr.number}/commits`,
    review_comments_url: `${api}/pulls/${pr.number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pr.number}/comments`,
    statuses_url: `${api}/statuses/${live.headSha}`,
    number: pr.number,
    state: pr.state,
    locked: false,
    title: pr.title,
    user: userObject(ctx, pr.author),
    body: pr.body,
    labels,
    milestone: null,
    active_lock_reason: null,
    created_at: pr.createdAt,
    updated_at: pr.updatedAt,
    closed_at: pr.closedAt,
    merged_at: null,
    merge_commit_sha: live.mergeSha,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: {
      label: `${headOwner.login}:${pr.headRef}`,
      ref: pr.headRef,
      sha: live.headSha,
      user: userObject(ctx, headOwner),
      repo: repositoryObject(ctx, { owner: headOwner, fork: pr.fork })
    },
    base: {
      label: `${ctx.owner.login}:${pr.baseRef}`,
      ref: pr.baseRef,
      sha: live.baseSha,
      user: userObject(ctx, ctx.owner),
      repo: repositoryObject(ctx)
    },
    _links: {
      self: link(`${api}/pulls/${pr.number}`),
      html: link(html),
      issue: link(`${api}/issues/${pr.number}`),
      comments: link(`${api}/issues/${pr.number}/comments`),
      review_comments: link(`${api}/pulls/${pr.number}/comments`),
      review_comment: link(`${api}/pulls/comments{/number}`),
      commits: link(`${api}/pulls/${pr.number}/commits`),
      statuses: link(`${api}/statuses/${live.headSha}`)
    },
    author_association: association,
    auto_merge: null,
    draft: pr.draft,
    merged: pr.merged,
    mergeable: pr.state === 'open' ? live.mergeSha !== null : null,
    rebaseable: pr.state === 'open' ? live.mergeSha !== null : null,
    mergeable_state:
      pr.state !== 'open'
        ? 'unknown'
        : live.mergeSha === null
          ? 'dirty'
          : pr.draft
            ? 'draft'
            : 'clean',
    merged_by: null,
    comments,
    review_comments: 0,
    maintainer_can_modify: pr.fork,
    commits: live.commits,
    additions: live.additions,
    deletions: live.deletions,
    changed_files: live.changedFiles
  }
}

/** What the fake keeps about an issue comment. */
export interface CommentRecord {
  id: number
  issue: number
  onPull: boolean
  author: Actor
  association: string
  body: string
  createdAt: string
  updatedAt: string
  reactions: { content: string; login: string; id: number; createdAt: string }[]
}

const REACTIONS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'eyes', 'rocket'] as const

/** An issue-comment object. */
export function commentObject(ctx: RepoContext, c: CommentRecord): Record<string, unknown> {
  const api = `${ctx.apiUrl}/repos/${ctx.owner.login}/${ctx.repo}`
  const rollup: Record<string, unknown> = {
    url: `${api}/issues/comments/${c.id}/reactions`,
    total_count: c.reactions.length
  }
  for (const r of REACTIONS) rollup[r] = c.reactions.filter(x => x.content === r).length
  return {
    id: c.id,
    node_id: nodeId('IssueComment', c.id),
    url: `${api}/issues/comments/${c.id}`,
    html_url: `${ctx.htmlUrl}/${ctx.owner.login}/${ctx.repo}/${c.onPull ? 'pull' : 'issues'}/${c.issue}#issuecomment-${c.id}`,
    body: c.body,
    user: userObject(ctx, c.author),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    issue_url: `${api}/issues/${c.issue}`,
    author_association: c.association,
    performed_via_github_app: null,
    reactions: rollup
  }
}

/** An issue object for a plain issue (not a pull request). */
export function issueObject(
  ctx: RepoContext,
  number: number,
  issue: { title: string; body: string | null; author: Actor },
  labels: ReturnType<typeof labelObject>[],
  association: string,
  comments: number,
  createdAt: string
): Record<string, unknown> {
  const full = `${ctx.owner.login}/${ctx.repo}`
  const api = `${ctx.apiUrl}/repos/${full}`
  const id = stableId(`issue:${number}`, 3_000_000_000)
  return {
    id,
    node_id: nodeId('Issue', id),
    url: `${api}/issues/${number}`,
    repository_url: api,
    labels_url: `${api}/issues/${number}/labels{/name}`,
    comments_url: `${api}/issues/${number}/comments`,
    events_url: `${api}/issues/${number}/events`,
    html_url: `${ctx.htmlUrl}/${full}/issues/${number}`,
    number,
    state: 'open',
    state_reason: null,
    title: issue.title,
    body: issue.body,
    user: userObject(ctx, issue.author),
    labels,
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments,
    closed_at: null,
    created_at: createdAt,
    updated_at: createdAt,
    author_association: association
  }
}

/** What the fake keeps about a pull-request review and its line comments. */
export interface ReviewRecord {
  id: number
  pull: number
  author: Actor
  association: string
  body: string
  state: 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED'
  commitId: string
  submittedAt: string
  /** Its line comments (github-reviews.ts's records: id, thread, author and all). */
  comments: {
    id: number
    path: string
    line: number
    startLine?: number
    side: string
    body: string
  }[]
}

/** A pull-request-review object. */
export function reviewObject(ctx: RepoContext, r: ReviewRecord): Record<string, unknown> {
  const api = `${ctx.apiUrl}/repos/${ctx.owner.login}/${ctx.repo}`
  const html = `${ctx.htmlUrl}/${ctx.owner.login}/${ctx.repo}/pull/${r.pull}#pullrequestreview-${r.id}`
  return {
    id: r.id,
    node_id: nodeId('PullRequestReview', r.id),
    user: userObject(ctx, r.author),
    body: r.body,
    state: r.state,
    html_url: html,
    pull_request_url: `${api}/pulls/${r.pull}`,
    _links: { html: { href: html }, pull_request: { href: `${api}/pulls/${r.pull}` } },
    ...(r.state === 'PENDING' ? {} : { submitted_at: r.submittedAt }),
    commit_id: r.commitId,
    author_association: r.association
  }
}
