/**
 * The one GitHub API client: pull requests, comments, labels, permissions, file contents, dispatch, reviews. Retries and
 * throttling built in. Its parts live in their own modules (base, issues, repository, reviews); this one joins them.
 */
import type { Reaction } from './issues.js'
import { GitHubRepository } from './repository.js'
import type { ReviewComment, ReviewEvent, ReviewThread, ThreadComment } from './reviews.js'

export { isLoopback } from './base.js'
export { GitHubError } from './errors.js'
export type { IssueComment, Permission, PullRequest, Reaction } from './issues.js'
export type { ReviewComment, ReviewEvent, ReviewThread, ThreadComment } from './reviews.js'

/** GitHub operations for one repository. */
export class GitHubClient extends GitHubRepository {
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
}
