/**
 * The edges a run talks to, as interfaces: the forge (GitHub), the store the ledger is saved in, and the makers of the
 * review source and the judgment driver. `World` (src/run/context.ts) holds one of each; the GitHub Action gives the
 * REST client (src/github/client.ts), the Actions cache and the configured models (src/run/world.ts), and a test or an
 * executor for another surface gives its own.
 *
 * The repository itself is not a port here: `src/run/repo.ts` works on a real git checkout in `env.workspace`, which a
 * test makes in a temporary folder and another surface has on disk as well.
 */
import type { IssueComment, Permission, Reaction } from '../github/client.js'
import type { ReviewComment, ReviewEvent, ReviewThread, ThreadComment } from '../github/reviews.js'
import type { Driver } from '../driver/types.js'
import type { ReviewSource } from '../sources/types.js'

export type { LedgerStore } from '../ledger/store.js'

/** A comment just posted: where it is and whom it was posted as. */
export interface Posted {
  id: number
  url: string
  login: string
}

/** A commit status as branch protection reads it (`context` on a commit; the newest per context counts). */
export interface CommitStatus {
  state: 'pending' | 'success' | 'failure' | 'error'
  context: string
  description: string
  targetUrl?: string
}

/** A review of the round's head, with its comments on the diff's lines. */
export interface ReviewToPost {
  commitId: string
  body: string
  comments: ReviewComment[]
  event?: ReviewEvent
}

/**
 * What `src/run/` asks of the forge, and nothing more: every method here is called through `run.world.github`. A
 * method throws (a GitHubError for the REST client) when the forge refused or could not be reached.
 */
export interface GitHubPort {
  // The pull request's conversation.
  /** Every conversation comment, oldest first. */
  comments(pr: number): Promise<IssueComment[]>
  comment(pr: number, body: string): Promise<Posted>
  editComment(id: number, body: string): Promise<void>
  deleteComment(id: number): Promise<void>
  react(commentId: number, content: Reaction): Promise<void>
  /** Who reacted to a comment, and with what. */
  plusOnesOn(commentId: number): Promise<{ login: string; content: string }[]>
  addLabels(pr: number, labels: string[]): Promise<void>
  removeLabel(pr: number, name: string): Promise<void>
  /** A person's access to the repository: write access is what makes a command count. */
  permission(login: string): Promise<Permission>

  // Reviews on the diff, and their threads.
  createReview(pr: number, review: ReviewToPost): Promise<{ id: number; url: string }>
  reviewComments(pr: number): Promise<ThreadComment[]>
  reviewCommentsOf(pr: number, reviewId: number): Promise<ThreadComment[]>
  replyToReviewComment(pr: number, commentId: number, body: string): Promise<Posted>
  editReviewComment(commentId: number, body: string): Promise<void>
  reactToReviewComment(commentId: number, content: Reaction): Promise<void>
  reviewThreads(pr: number): Promise<ReviewThread[]>
  resolveThread(threadId: string): Promise<void>
  unresolveThread(threadId: string): Promise<void>

  // The repository as the forge shows it.
  /** The merge-base of two commits and how far `head` is behind; undefined when the forge cannot say. */
  compare(base: string, head: string): Promise<{ mergeBase: string; behindBy: number } | undefined>
  /** The names in a folder at a ref; undefined when there is no such folder. */
  listDirectory(path: string, ref: string): Promise<string[] | undefined>
  /** The check runs on a commit. */
  checks(ref: string): Promise<{ name: string; status: string; conclusion: string | null }[]>
  createCommitStatus(sha: string, status: CommitStatus): Promise<void>

  // Pull requests and issues the loop opens or points to.
  findPull(head: string, base: string): Promise<{ number: number; url: string } | undefined>
  openPull(
    head: string,
    base: string,
    title: string,
    body: string
  ): Promise<{ number: number; url: string }>
  /** Whether a number is an issue or a pull request; undefined when it is neither. */
  issueKind(n: number): Promise<'issue' | 'pull' | undefined>
  createIssue(title: string, body: string): Promise<{ number: number; url: string }>

  // Workflow runs: the next round is dispatched, a run that may still be alive is asked after.
  dispatch(workflow: string, ref: string, inputs: Record<string, string>): Promise<void>
  runAttempt(
    runId: string,
    attempt: number
  ): Promise<{ status: string } | { gone: true } | { error: string }>
}

/**
 * Makes the review source named `name`, working in `cwd`. `configured`: the source the workflow's model/base-url inputs
 * were written for (not one switched to later).
 */
export type SourceMaker = (
  name: string,
  cwd: string,
  options: { configured: boolean }
) => ReviewSource

/**
 * Makes the model behind the loop's own judgment steps for the designated source (absent with `driver: none`, or
 * `auto` with nothing usable: the trace then says which readings did not run), and why, in one sentence.
 */
export type DriverMaker = (
  source: string,
  options: { configured: boolean }
) => { driver?: Driver; label: string; why: string; writer?: { driver: Driver; label: string } }
