/**
 * Pull-request reviews on the Files changed tab: post one, read its comments (their IDs), list a pull request's
 * review comments (thread replies among them), reply in a thread, and resolve or reopen threads (GraphQL: the REST API
 * has no route for it). GitHubClient exposes these as its own methods.
 */
import type { getOctokit } from '@actions/github'
import { z } from 'zod'
import { GitHubError, permissionHint, wrap } from './errors.js'

type Octokit = ReturnType<typeof getOctokit>

/** A review comment on the head side: lines `startLine..line` of `path` (one line without `startLine`). */
export interface ReviewComment {
  path: string
  line: number
  startLine?: number
  body: string
}

/** What a review says of the pull request: a comment (the default), or an approval or a request for changes. */
export type ReviewEvent = 'COMMENT' | 'APPROVE' | 'REQUEST_CHANGES'

/** A review comment as posted: a thread's first comment, or a reply in one (`inReplyTo`, the first comment's ID). */
export interface ThreadComment {
  id: number
  inReplyTo?: number
  /** The review it was posted in (each reply made outside a review is a review of its own at GitHub). */
  reviewId?: number
  path: string
  /** The head-side line it sits on; absent when the line is gone from the diff (an outdated comment). */
  line?: number
  startLine?: number
  body: string
  login: string
  createdAt: string
  url: string
  /** The author's relationship to the repository (OWNER, MEMBER, COLLABORATOR, …). */
  association?: string
}

/** A review thread: its GraphQL node ID (`PRRT_…`), whether it is resolved, and its first comment's ID. */
export interface ReviewThread {
  id: string
  isResolved: boolean
  rootComment: number
}

/** A review comment as GitHub's REST API answers it, as far as the loop reads it. */
const RestReviewComment = z.object({
  id: z.number().int(),
  in_reply_to_id: z.number().int().optional(),
  pull_request_review_id: z.number().int().nullable(),
  path: z.string(),
  line: z.number().int().nullish(),
  start_line: z.number().int().nullish(),
  body: z.string(),
  user: z.object({ login: z.string() }).nullable(),
  created_at: z.string(),
  html_url: z.string(),
  author_association: z.string().optional()
})
type RestReviewComment = z.infer<typeof RestReviewComment>

/** What GitHub answers for a review or a reply it created: its ID and address (and a reply's author). */
const Created = z.object({
  id: z.number().int(),
  html_url: z.string(),
  user: z.object({ login: z.string() }).nullish()
})

/** GitHub's answer to `what`, as `schema` reads it, or an error naming each part missing or of another type. */
function answer<T>(what: string, schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map(issue => {
    const where = issue.path.map(p => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    return `${where.join('').replace(/^\./, '') || '(the answer)'}: ${issue.message}`
  })
  return failed(what, problems)
}

function failed(what: string, problems: string[]): never {
  throw new GitHubError(
    what,
    undefined,
    `GitHub's answer is not what its REST API documents (${problems.join('; ')}); if an API proxy or GitHub Enterprise Server stands between, check that it passes the answer on whole`
  )
}

function threadComment(c: RestReviewComment): ThreadComment {
  return {
    id: c.id,
    ...(c.in_reply_to_id !== undefined ? { inReplyTo: c.in_reply_to_id } : {}),
    ...(c.pull_request_review_id !== null ? { reviewId: c.pull_request_review_id } : {}),
    path: c.path,
    ...(c.line !== undefined && c.line !== null ? { line: c.line } : {}),
    ...(c.start_line !== undefined && c.start_line !== null ? { startLine: c.start_line } : {}),
    body: c.body,
    login: c.user?.login ?? '',
    createdAt: c.created_at,
    url: c.html_url,
    ...(c.author_association ? { association: c.author_association } : {})
  }
}

/** A GraphQL failure (an `errors` list in a 200 answer, or an HTTP error) as guidance. */
function wrapGraphql(what: string, error: unknown): GitHubError {
  const errors = (error as { errors?: { type?: string; message?: string }[] }).errors
  if (!Array.isArray(errors)) return wrap(what, 'thread', error)
  const denied = errors.some(e => e.type === 'FORBIDDEN' || e.type === 'NOT_FOUND')
  const detail = errors.map(e => e.message ?? e.type ?? 'error').join('; ')
  return new GitHubError(what, undefined, denied ? `${detail} — ${permissionHint.thread}` : detail)
}

const THREADS_QUERY = `query reviewThreads($owner: String!, $repo: String!, $pr: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $pr) {
      reviewThreads(first: 100, after: $after) {
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`

type ThreadsAnswer = {
  repository: {
    pullRequest: {
      reviewThreads: {
        nodes: ({
          id: string
          isResolved: boolean
          comments: { nodes: ({ databaseId: number | null } | null)[] | null }
        } | null)[]
        pageInfo: { hasNextPage: boolean; endCursor: string | null }
      }
    } | null
  } | null
}

const RESOLVE = `mutation resolveThread($id: ID!) {
  resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } }
}`
const UNRESOLVE = `mutation unresolveThread($id: ID!) {
  unresolveReviewThread(input: { threadId: $id }) { thread { id isResolved } }
}`

/** The review operations of one repository. */
export class GitHubReviews {
  constructor(
    private readonly octokit: Octokit,
    readonly owner: string,
    readonly repo: string
  ) {}

  /**
   * Posts a review whose comments sit on head-side lines of `commitId`; GitHub answers 422 when a comment's lines are
   * not in the pull request's diff (the error's `status` tells it). `event` is COMMENT unless the settings ask.
   */
  async createReview(
    pr: number,
    review: { commitId: string; body: string; comments: ReviewComment[]; event?: ReviewEvent }
  ): Promise<{ id: number; url: string }> {
    let data: unknown
    try {
      ;({ data } = await this.octokit.rest.pulls.createReview({
        owner: this.owner,
        repo: this.repo,
        pull_number: pr,
        commit_id: review.commitId,
        body: review.body,
        event: review.event ?? 'COMMENT',
        comments: review.comments.map(c => ({
          path: c.path,
          body: c.body,
          line: c.line,
          side: 'RIGHT',
          ...(c.startLine !== undefined && c.startLine < c.line
            ? { start_line: c.startLine, start_side: 'RIGHT' }
            : {})
        }))
      }))
    } catch (error) {
      throw wrap(`Reviewing #${pr}`, 'comment', error)
    }
    const made = answer(`Reviewing #${pr}`, Created, data)
    return { id: made.id, url: made.html_url }
  }

  /** Every review comment of the pull request, oldest first: threads' first comments and the replies in them. */
  async reviewComments(pr: number): Promise<ThreadComment[]> {
    let all: unknown
    try {
      all = await this.octokit.paginate(this.octokit.rest.pulls.listReviewComments, {
        owner: this.owner,
        repo: this.repo,
        pull_number: pr,
        per_page: 100
      })
    } catch (error) {
      throw wrap(`Listing the review comments of #${pr}`, 'read', error)
    }
    const listed = answer(`Listing the review comments of #${pr}`, z.array(RestReviewComment), all)
    return listed.map(threadComment).sort((a, b) => a.id - b.id)
  }

  /** The comments of one review, in the order they were posted (to learn their IDs after `createReview`). */
  async reviewCommentsOf(pr: number, reviewId: number): Promise<ThreadComment[]> {
    const what = `Listing the comments of review ${reviewId} on #${pr}`
    let all: unknown
    try {
      all = await this.octokit.paginate(this.octokit.rest.pulls.listCommentsForReview, {
        owner: this.owner,
        repo: this.repo,
        pull_number: pr,
        review_id: reviewId,
        per_page: 100
      })
    } catch (error) {
      throw wrap(what, 'read', error)
    }
    return answer(what, z.array(RestReviewComment), all).map(threadComment)
  }

  /** Replies in the thread of review comment `commentId` (a thread's first comment). */
  async replyToReviewComment(
    pr: number,
    commentId: number,
    body: string
  ): Promise<{ id: number; url: string; login: string }> {
    const what = `Replying to review comment ${commentId} on #${pr}`
    let data: unknown
    try {
      ;({ data } = await this.octokit.rest.pulls.createReplyForReviewComment({
        owner: this.owner,
        repo: this.repo,
        pull_number: pr,
        comment_id: commentId,
        body
      }))
    } catch (error) {
      throw wrap(what, 'comment', error)
    }
    const made = answer(what, Created, data)
    return { id: made.id, url: made.html_url, login: made.user?.login ?? '' }
  }

  /** Edits the body of review comment `commentId` (one the token's identity wrote). */
  async editReviewComment(commentId: number, body: string): Promise<void> {
    try {
      await this.octokit.rest.pulls.updateReviewComment({
        owner: this.owner,
        repo: this.repo,
        comment_id: commentId,
        body
      })
    } catch (error) {
      throw wrap(`Editing review comment ${commentId}`, 'comment', error)
    }
  }

  /** Reacts to a review comment (GitHub answers 200 for a reaction already there, so repeating is harmless). */
  async react(commentId: number, content: '+1' | 'confused'): Promise<void> {
    try {
      await this.octokit.rest.reactions.createForPullRequestReviewComment({
        owner: this.owner,
        repo: this.repo,
        comment_id: commentId,
        content
      })
    } catch (error) {
      throw wrap(`Reacting to review comment ${commentId}`, 'comment', error)
    }
  }

  /** The pull request's review threads: node ID, resolved or not, and the ID of the comment that opened each. */
  async reviewThreads(pr: number): Promise<ReviewThread[]> {
    const threads: ReviewThread[] = []
    let after: string | null = null
    try {
      for (;;) {
        const answer: ThreadsAnswer = await this.octokit.graphql<ThreadsAnswer>(THREADS_QUERY, {
          owner: this.owner,
          repo: this.repo,
          pr,
          after
        })
        const page = answer.repository?.pullRequest?.reviewThreads
        if (!page) break
        for (const node of page.nodes) {
          const root = node?.comments.nodes?.[0]?.databaseId
          if (node && root !== undefined && root !== null)
            threads.push({ id: node.id, isResolved: node.isResolved, rootComment: root })
        }
        if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break
        after = page.pageInfo.endCursor
      }
    } catch (error) {
      throw wrapGraphql(`Listing the review threads of #${pr}`, error)
    }
    return threads
  }

  /** Marks a review thread resolved (GitHub folds it away on the Files changed tab). */
  async resolveThread(threadId: string): Promise<void> {
    try {
      await this.octokit.graphql(RESOLVE, { id: threadId })
    } catch (error) {
      throw wrapGraphql(`Resolving review thread ${threadId}`, error)
    }
  }

  /** Reopens a resolved review thread. */
  async unresolveThread(threadId: string): Promise<void> {
    try {
      await this.octokit.graphql(UNRESOLVE, { id: threadId })
    } catch (error) {
      throw wrapGraphql(`Reopening review thread ${threadId}`, error)
    }
  }
}
