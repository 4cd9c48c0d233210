/** The one GitHub API client: pull requests, comments, labels, permissions, file contents, dispatch. Retries and throttling built in. */
import * as core from '@actions/core'
import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { GitHubError, wrap } from './errors.js'
import {
  GitHubReviews,
  type ReviewComment,
  type ReviewEvent,
  type ReviewThread,
  type ThreadComment
} from './reviews.js'

export { GitHubError } from './errors.js'
export type { ReviewComment, ReviewEvent, ReviewThread, ThreadComment } from './reviews.js'

/** A pull request as the loop reads it. */
export interface PullRequest {
  number: number
  state: 'open' | 'closed'
  draft: boolean
  title: string
  body: string
  headRef: string
  headSha: string
  headRepo: string
  baseRef: string
  baseRepo: string
  fork: boolean
  defaultBranch: string
  labels: string[]
}

/** A PR conversation comment. */
export interface IssueComment {
  id: number
  body: string
  login: string
  createdAt: string
  url: string
  /** The author's relationship to the repository when the comment was listed (OWNER, MEMBER, COLLABORATOR, …). */
  association?: string
  /** How many `+1` reactions the comment has, by anyone (the listing's reactions rollup). */
  plusOnes?: number
  /** When it was last edited (its `createdAt` when never edited). */
  updatedAt?: string
}

/** The reactions the loop leaves on a command comment: taken, or not (with a reply saying why). */
export type Reaction = '+1' | 'confused'

/** Write access is what makes a person's command count. */
export type Permission = 'admin' | 'write' | 'read' | 'none'

/** Whether an API base URL points at this machine's loopback interface. */
export function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
  } catch {
    return false
  }
}

/** GitHub's answer to GET /user for a token that is no user (an installation's): 403, not a rate limit. */
function isNoUser(error: unknown): boolean {
  const e = error as { status?: number; message?: string }
  return e.status === 403 && !/rate limit/i.test(e.message ?? '')
}

/** GitHub operations for one repository. */
export class GitHubClient {
  private readonly octokit: ReturnType<typeof getOctokit>
  private readonly reviews: GitHubReviews
  /** An installation token (`ghs_`: the workflow's GITHUB_TOKEN, an App's) is no user: GitHub refuses it GET /user. */
  private readonly installation: boolean
  constructor(
    token: string,
    readonly owner: string,
    readonly repo: string,
    baseUrl = process.env.GITHUB_API_URL || 'https://api.github.com'
  ) {
    this.octokit = getOctokit(
      token,
      {
        baseUrl,
        retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 451] },
        throttle: {
          // The plugin spaces writes (1 s) and comment posts (3 s) apart, as GitHub asks of its API. An API on the
          // loopback interface (a stand-in, a local proxy) has no such limits, and the spacing would only make it slow.
          enabled: !isLoopback(baseUrl),
          onRateLimit: (after: number, _o: unknown, _k: unknown, count: number) => {
            core.warning(`GitHub rate limit hit; retrying after ${after} s`)
            return count < 2
          },
          onSecondaryRateLimit: (after: number, _o: unknown, _k: unknown, count: number) => {
            core.warning(`GitHub secondary rate limit hit; retrying after ${after} s`)
            return count < 2
          }
        }
      },
      retry,
      throttling
    )
    this.reviews = new GitHubReviews(this.octokit, owner, repo)
    this.installation = token.startsWith('ghs_')
  }

  /** Reads a pull request. */
  async pull(pr: number): Promise<PullRequest> {
    try {
      const { data } = await this.octokit.rest.pulls.get({
        owner: this.owner,
        repo: this.repo,
        pull_number: pr
      })
      const headRepo = data.head.repo?.full_name ?? ''
      const baseRepo = data.base.repo.full_name
      return {
        number: data.number,
        state: data.state === 'closed' ? 'closed' : 'open',
        draft: Boolean(data.draft),
        title: data.title,
        body: data.body ?? '',
        headRef: data.head.ref,
        headSha: data.head.sha,
        headRepo,
        baseRef: data.base.ref,
        baseRepo,
        fork: headRepo !== baseRepo,
        defaultBranch: data.base.repo.default_branch,
        labels: data.labels.map(l => l.name)
      }
    } catch (error) {
      throw wrap(`Reading pull request #${pr}`, 'read', error)
    }
  }

  /** Every comment on the PR's conversation, oldest first. */
  async comments(pr: number): Promise<IssueComment[]> {
    try {
      const all = await this.octokit.paginate(this.octokit.rest.issues.listComments, {
        owner: this.owner,
        repo: this.repo,
        issue_number: pr,
        per_page: 100
      })
      return all.map(c => ({
        id: c.id,
        body: c.body ?? '',
        login: c.user?.login ?? '',
        createdAt: c.created_at,
        url: c.html_url,
        association: c.author_association,
        plusOnes: c.reactions?.['+1'] ?? 0,
        updatedAt: c.updated_at
      }))
    } catch (error) {
      throw wrap(`Listing the comments of #${pr}`, 'read', error)
    }
  }

  /** Posts a comment; returns its ID and the login it was posted as. */
  async comment(pr: number, body: string): Promise<{ id: number; login: string; url: string }> {
    try {
      const { data } = await this.octokit.rest.issues.createComment({
        owner: this.owner,
        repo: this.repo,
        issue_number: pr,
        body
      })
      return { id: data.id, login: data.user?.login ?? '', url: data.html_url }
    } catch (error) {
      throw wrap(`Commenting on #${pr}`, 'comment', error)
    }
  }

  /** Edits a comment in place. */
  async editComment(id: number, body: string): Promise<void> {
    try {
      await this.octokit.rest.issues.updateComment({
        owner: this.owner,
        repo: this.repo,
        comment_id: id,
        body
      })
    } catch (error) {
      throw wrap(`Editing comment ${id}`, 'comment', error)
    }
  }

  /** Reacts to a PR conversation comment (GitHub answers 200 for a reaction already there, so repeating is harmless). */
  async react(commentId: number, content: Reaction): Promise<void> {
    try {
      await this.octokit.rest.reactions.createForIssueComment({
        owner: this.owner,
        repo: this.repo,
        comment_id: commentId,
        content
      })
    } catch (error) {
      throw wrap(`Reacting to comment ${commentId}`, 'comment', error)
    }
  }

  /** The `+1` reactions on a PR conversation comment, with who left each. */
  async plusOnesOn(commentId: number): Promise<{ login: string; content: string }[]> {
    try {
      const all = await this.octokit.paginate(this.octokit.rest.reactions.listForIssueComment, {
        owner: this.owner,
        repo: this.repo,
        comment_id: commentId,
        content: '+1',
        per_page: 100
      })
      return all.map(r => ({ login: r.user?.login ?? '', content: r.content }))
    } catch (error) {
      throw wrap(`Listing the reactions to comment ${commentId}`, 'read', error)
    }
  }

  /** Adds labels (GitHub creates unknown labels). */
  async addLabels(pr: number, labels: string[]): Promise<void> {
    try {
      await this.octokit.rest.issues.addLabels({
        owner: this.owner,
        repo: this.repo,
        issue_number: pr,
        labels
      })
    } catch (error) {
      throw wrap(`Labelling #${pr}`, 'label', error)
    }
  }

  /** Removes a label; a label that is not there is fine. */
  async removeLabel(pr: number, name: string): Promise<void> {
    try {
      await this.octokit.rest.issues.removeLabel({
        owner: this.owner,
        repo: this.repo,
        issue_number: pr,
        name
      })
    } catch (error) {
      if ((error as { status?: number }).status === 404) return
      throw wrap(`Removing the label '${name}' from #${pr}`, 'label', error)
    }
  }

  /** The person's live permission on the repository (stronger than the comment's author_association). */
  async permission(login: string): Promise<Permission> {
    try {
      const { data } = await this.octokit.rest.repos.getCollaboratorPermissionLevel({
        owner: this.owner,
        repo: this.repo,
        username: login
      })
      const p = data.permission
      return p === 'admin' || p === 'write' || p === 'read' ? p : 'none'
    } catch (error) {
      if ((error as { status?: number }).status === 404) return 'none'
      throw wrap(`Reading ${login}'s permission`, 'read', error)
    }
  }

  /**
   * Who the token acts as, or undefined when the token cannot say: an installation token (the workflow's GITHUB_TOKEN,
   * an App's) is no user, and GitHub answers its GET /user 403 "Resource not accessible by integration". Any other
   * failure (a bad token, a server error, a rate limit) is thrown: the identity is never guessed past it.
   */
  async whoAmI(): Promise<string | undefined> {
    // Not asked when the answer is known to be 403: one REST call fewer on every run with the workflow's token.
    if (this.installation) return undefined
    try {
      const { data } = await this.octokit.rest.users.getAuthenticated()
      return data.login
    } catch (error) {
      if (isNoUser(error)) return undefined
      throw wrap('Reading who the token acts as (GET /user)', 'read', error)
    }
  }

  /**
   * GitHub's compare of two commits (`base...head`): their merge-base and how many commits of `base` the head lacks (0:
   * `base` is an ancestor of `head`); undefined when it cannot say. The checkout asks it only where the history it
   * fetched cannot answer (src/git/graph.ts), so a failure costs a deeper fetch, never a wrong answer.
   */
  async compare(
    base: string,
    head: string
  ): Promise<{ mergeBase: string; behindBy: number } | undefined> {
    try {
      const { data } = await this.octokit.rest.repos.compareCommitsWithBasehead({
        owner: this.owner,
        repo: this.repo,
        basehead: `${base}...${head}`,
        per_page: 1
      })
      return { mergeBase: data.merge_base_commit.sha, behindBy: data.behind_by }
    } catch {
      return undefined
    }
  }

  /**
   * One file's text at a ref (a branch, tag or SHA); undefined when the ref or the path does not exist. A directory,
   * symlink or submodule at the path, or a file too large for the API, is an error.
   */
  async fileAt(path: string, ref: string): Promise<string | undefined> {
    const what = `Reading ${path} on ${ref}`
    let data: Awaited<ReturnType<typeof this.octokit.rest.repos.getContent>>['data']
    try {
      ;({ data } = await this.octokit.rest.repos.getContent({
        owner: this.owner,
        repo: this.repo,
        path,
        ref
      }))
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined
      throw wrap(what, 'read', error)
    }
    if (Array.isArray(data))
      throw new GitHubError(what, undefined, `${path} is a directory there, not a file`)
    if (data.type !== 'file')
      throw new GitHubError(what, undefined, `${path} is a ${data.type} there, not a file`)
    if (!('content' in data) || data.encoding !== 'base64')
      throw new GitHubError(
        what,
        undefined,
        `${path} is too large to read through the API (1 MB at most)`
      )
    return Buffer.from(data.content, 'base64').toString('utf8')
  }

  /** The check runs on a commit: evidence a source may weigh. */
  async checks(
    ref: string
  ): Promise<{ name: string; status: string; conclusion: string | null }[]> {
    try {
      const { data } = await this.octokit.rest.checks.listForRef({
        owner: this.owner,
        repo: this.repo,
        ref,
        per_page: 100
      })
      return data.check_runs.map(c => ({
        name: c.name,
        status: c.status,
        conclusion: c.conclusion
      }))
    } catch (error) {
      throw wrap(`Reading the checks of ${ref}`, 'read', error)
    }
  }

  /** The open pull request from `head` (a branch of this repository) into `base`, if there is one. */
  async findPull(head: string, base: string): Promise<{ number: number; url: string } | undefined> {
    try {
      const { data } = await this.octokit.rest.pulls.list({
        owner: this.owner,
        repo: this.repo,
        state: 'open',
        head: `${this.owner}:${head}`,
        base,
        per_page: 10
      })
      const found = data[0]
      return found ? { number: found.number, url: found.html_url } : undefined
    } catch (error) {
      throw wrap(`Looking for a pull request from ${head} into ${base}`, 'read', error)
    }
  }

  /** Opens a pull request from `head` (a branch of this repository) into `base`. */
  async openPull(
    head: string,
    base: string,
    title: string,
    body: string
  ): Promise<{ number: number; url: string }> {
    try {
      const { data } = await this.octokit.rest.pulls.create({
        owner: this.owner,
        repo: this.repo,
        head,
        base,
        title,
        body
      })
      return { number: data.number, url: data.html_url }
    } catch (error) {
      throw wrap(`Opening a pull request from ${head} into ${base}`, 'pull', error)
    }
  }

  /** Sets a commit status (`context` on `sha`): what branch protection can require; the newest per context counts. */
  async createCommitStatus(
    sha: string,
    status: {
      state: 'pending' | 'success' | 'failure' | 'error'
      context: string
      description: string
      targetUrl?: string
    }
  ): Promise<void> {
    try {
      await this.octokit.rest.repos.createCommitStatus({
        owner: this.owner,
        repo: this.repo,
        sha,
        state: status.state,
        context: status.context,
        description: status.description,
        ...(status.targetUrl ? { target_url: status.targetUrl } : {})
      })
    } catch (error) {
      throw wrap(
        `Setting the commit status ${status.context} on ${sha.slice(0, 7)}`,
        'status',
        error
      )
    }
  }

  /**
   * The repository's Actions cache entries whose key starts with `prefix`, in every scope (even those this run cannot
   * restore), newest first. Needs `actions: read`. Undefined, with the reason, when the token may not list them.
   */
  async listCaches(
    prefix: string
  ): Promise<
    { entries: { id: number; key: string; ref: string; createdAt: string }[] } | { error: string }
  > {
    try {
      const entries: { id: number; key: string; ref: string; createdAt: string }[] = []
      for await (const page of this.octokit.paginate.iterator(
        this.octokit.rest.actions.getActionsCacheList,
        {
          owner: this.owner,
          repo: this.repo,
          key: prefix,
          sort: 'created_at',
          direction: 'desc',
          per_page: 100
        }
      )) {
        for (const c of page.data) {
          if (c.key && c.ref && c.id !== undefined)
            entries.push({ id: c.id, key: c.key, ref: c.ref, createdAt: c.created_at ?? '' })
        }
      }
      return { entries }
    } catch (error) {
      return { error: wrap('Listing the Actions cache entries', 'caches', error).message }
    }
  }

  /** Deletes the Actions cache entry with this key in one scope (`ref`). Needs `actions: write`. */
  async deleteCache(key: string, ref: string): Promise<void> {
    try {
      await this.octokit.rest.actions.deleteActionsCacheByKey({
        owner: this.owner,
        repo: this.repo,
        key,
        ref
      })
    } catch (error) {
      throw wrap(`Deleting the Actions cache entry ${key}`, 'cachesWrite', error)
    }
  }

  /** Starts a workflow_dispatch run of `workflow` on `ref` with the given inputs. */
  async dispatch(workflow: string, ref: string, inputs: Record<string, string>): Promise<void> {
    try {
      await this.octokit.rest.actions.createWorkflowDispatch({
        owner: this.owner,
        repo: this.repo,
        workflow_id: workflow,
        ref,
        inputs
      })
    } catch (error) {
      throw wrap(`Dispatching ${workflow} on ${ref}`, 'dispatch', error)
    }
  }

  /**
   * Posts a review whose comments sit on head-side lines of `commitId` (event COMMENT unless `event` says otherwise);
   * GitHub answers 422 when a comment's lines are not in the pull request's diff (the error's `status` tells it).
   */
  createReview(
    pr: number,
    review: { commitId: string; body: string; comments: ReviewComment[]; event?: ReviewEvent }
  ): Promise<{ id: number; url: string }> {
    return this.reviews.createReview(pr, review)
  }

  /** Every review comment of the pull request, oldest first (threads' first comments and their replies). */
  reviewComments(pr: number): Promise<ThreadComment[]> {
    return this.reviews.reviewComments(pr)
  }

  /** The comments of one review, to learn their IDs after `createReview`. */
  reviewCommentsOf(pr: number, reviewId: number): Promise<ThreadComment[]> {
    return this.reviews.reviewCommentsOf(pr, reviewId)
  }

  /** Replies in the thread of review comment `commentId`. */
  replyToReviewComment(
    pr: number,
    commentId: number,
    body: string
  ): Promise<{ id: number; url: string; login: string }> {
    return this.reviews.replyToReviewComment(pr, commentId, body)
  }

  /** Edits the body of a review comment the action wrote (a finding asked again under a new gate). */
  editReviewComment(commentId: number, body: string): Promise<void> {
    return this.reviews.editReviewComment(commentId, body)
  }

  /** Reacts to a review comment (a reply in a thread). */
  reactToReviewComment(commentId: number, content: Reaction): Promise<void> {
    return this.reviews.react(commentId, content)
  }

  /** The pull request's review threads (GraphQL): node ID, resolved or not, first comment's ID. */
  reviewThreads(pr: number): Promise<ReviewThread[]> {
    return this.reviews.reviewThreads(pr)
  }

  /** Resolves a review thread by its node ID (`PRRT_…`). */
  resolveThread(threadId: string): Promise<void> {
    return this.reviews.resolveThread(threadId)
  }

  /** Reopens a resolved review thread. */
  unresolveThread(threadId: string): Promise<void> {
    return this.reviews.unresolveThread(threadId)
  }

  /** The names in a folder at a ref; undefined when the path does not exist there or is not a folder. */
  async listDirectory(path: string, ref: string): Promise<string[] | undefined> {
    try {
      const { data } = await this.octokit.rest.repos.getContent({
        owner: this.owner,
        repo: this.repo,
        path,
        ref
      })
      return Array.isArray(data) ? data.map(e => e.name) : undefined
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined
      throw wrap(`Listing ${path} on ${ref}`, 'read', error)
    }
  }

  /** Whether number `n` of this repository is an issue, a pull request (GitHub numbers both alike), or neither. */
  async issueKind(n: number): Promise<'issue' | 'pull' | undefined> {
    try {
      const { data } = await this.octokit.rest.issues.get({
        owner: this.owner,
        repo: this.repo,
        issue_number: n
      })
      return data.pull_request ? 'pull' : 'issue'
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined
      throw wrap(`Reading issue #${n}`, 'read', error)
    }
  }

  /** Opens an issue in this repository. */
  async createIssue(title: string, body: string): Promise<{ number: number; url: string }> {
    try {
      const { data } = await this.octokit.rest.issues.create({
        owner: this.owner,
        repo: this.repo,
        title,
        body
      })
      return { number: data.number, url: data.html_url }
    } catch (error) {
      throw wrap(`Opening an issue`, 'issue', error)
    }
  }

  /**
   * Whether a run attempt of this repository's workflows is still going: its `status` (`queued`, `in_progress`,
   * `waiting`, `requested`, `pending`, `completed`), `gone` when GitHub knows no such run (404), or the failure (the
   * token lacks `actions: read`).
   */
  async runAttempt(
    runId: string,
    attempt: number
  ): Promise<{ status: string } | { gone: true } | { error: string }> {
    try {
      const { data } = await this.octokit.rest.actions.getWorkflowRunAttempt({
        owner: this.owner,
        repo: this.repo,
        run_id: Number(runId),
        attempt_number: attempt
      })
      return { status: data.status ?? 'completed' }
    } catch (error) {
      if ((error as { status?: number }).status === 404) return { gone: true }
      return { error: wrap(`Reading run ${runId} (attempt ${attempt})`, 'caches', error).message }
    }
  }

  /** Deletes a PR conversation comment of the action's own. */
  async deleteComment(id: number): Promise<void> {
    try {
      await this.octokit.rest.issues.deleteComment({
        owner: this.owner,
        repo: this.repo,
        comment_id: id
      })
    } catch (error) {
      throw wrap(`Deleting comment ${id}`, 'comment', error)
    }
  }
}
