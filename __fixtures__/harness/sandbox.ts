/** A whole fake world for one test: git remote + GitHub fake + runner, with events read from live state. */
import { rmSync } from 'node:fs'
import {
  issueCommentEvent,
  pullRequestEvent,
  pushEvent,
  reviewCommentEvent,
  workflowDispatchEvent,
  type EventSite,
  type GitHubEvent,
  type PullRequestAction
} from './events.js'
import { GitRemote, type FileChanges, type GitPerson, type GitRemoteOptions } from './git-remote.js'
import {
  GitHubFake,
  type Dispatch,
  type GitHubFakeOptions,
  type IssueComment,
  type OpenPullRequestOptions
} from './github-fake.js'
import type { PullRecord } from './github-objects.js'
import { runAction, type RunActionOptions, type RunResult } from './runner.js'

/** Options for a sandbox. */
export interface SandboxOptions extends GitRemoteOptions, Omit<GitHubFakeOptions, 'remote'> {
  /** Default for every run's `entry`. */
  entry?: string
  /** Default for every run's `env` (the cache fake's variables, say). */
  env?: Record<string, string | undefined>
  /** Default for every run's `inputs`. */
  inputs?: Record<string, string | undefined>
}

/** A pull request to open, creating its head branch from `files` when it does not exist yet. */
export interface SandboxPullOptions extends OpenPullRequestOptions {
  files?: FileChanges
  message?: string
  commitAuthor?: GitPerson
}

/** Remote, fake and run counter together; `dispose()` tears everything down. */
export class Sandbox {
  /** Every run so far, in order. */
  readonly runs: RunResult[] = []
  private runId = 5000

  private constructor(
    readonly remote: GitRemote,
    readonly fake: GitHubFake,
    private readonly opts: SandboxOptions
  ) {}

  /** Creates the bare repository and starts the fake. */
  static async create(opts: SandboxOptions = {}): Promise<Sandbox> {
    const remote = GitRemote.create(opts)
    try {
      const fake = await GitHubFake.start({ ...opts, remote })
      return new Sandbox(remote, fake, opts)
    } catch (err) {
      remote.dispose()
      throw err
    }
  }

  /** What the event builders need to know about this world. */
  get site(): EventSite {
    return { ctx: this.fake.ctx, serverUrl: this.remote.serverUrl }
  }

  /** Opens a pull request; its head branch is created from `files` when it does not exist. */
  openPullRequest(opts: SandboxPullOptions): PullRecord {
    if (this.remote.branchSha(opts.headRef) === undefined) {
      this.remote.createBranch(opts.headRef, {
        from: opts.baseRef,
        files: opts.files ?? { [`${opts.headRef}.txt`]: `${opts.headRef}\n` },
        message: opts.message,
        author: opts.commitAuthor
      })
    }
    return this.fake.openPullRequest(opts)
  }

  /** A pull_request event for the PR as it is now (head read live from the remote). */
  pullRequestEvent(
    action: PullRequestAction,
    number: number,
    opts: { sender?: string; before?: string } = {}
  ): GitHubEvent {
    const pr = this.fake.pull(number)
    const headSha = this.remote.branchSha(pr.headRef)
    const baseSha = this.remote.branchSha(pr.baseRef)
    if (!headSha || !baseSha)
      throw new Error(`pull request #${number}: its head or base branch is gone from the remote`)
    return pullRequestEvent(action, this.site, { ...pr, headSha, baseSha }, opts)
  }

  /** A person comments on an issue or PR; returns the comment and the issue_comment event it triggers. */
  postComment(
    number: number,
    opts: { login: string; body: string }
  ): { comment: IssueComment; event: GitHubEvent } {
    const comment = this.fake.comment(number, opts)
    return { comment, event: this.commentEvent(number, comment) }
  }

  /** The issue_comment (created) event for a comment already on the fake. */
  commentEvent(number: number, comment: IssueComment): GitHubEvent {
    const pr = this.fake.pulls.get(number)
    const issue = this.fake.issues.get(number)
    const about = pr
      ? { number, isPull: true, title: pr.title, body: pr.body, author: pr.author, state: pr.state }
      : {
          number,
          isPull: false,
          title: issue?.title,
          body: issue?.body ?? null,
          author: issue?.author ?? 'octo-contributor'
        }
    return issueCommentEvent(this.site, {
      issue: about,
      comment: { ...comment, user: this.fake.actor(comment.user.login) }
    })
  }

  /**
   * A person replies in a review thread on the diff (`to`: any comment of the thread); returns the reply as the REST API
   * shows it and the pull_request_review_comment event it triggers.
   */
  replyInThread(
    number: number,
    opts: { login: string; to: number; body: string }
  ): { comment: Record<string, unknown>; event: GitHubEvent } {
    const comment = this.fake.replyInThread(number, opts)
    return { comment, event: this.reviewCommentEvent(number, comment) }
  }

  /** The pull_request_review_comment (created) event for a review comment as the REST API shows it. */
  reviewCommentEvent(number: number, comment: Record<string, unknown>): GitHubEvent {
    const pr = this.fake.pull(number)
    const headSha = this.remote.branchSha(pr.headRef) ?? ''
    const baseSha = this.remote.branchSha(pr.baseRef) ?? ''
    return reviewCommentEvent(this.site, { ...pr, headSha, baseSha }, comment)
  }

  /** Replays a dispatch the action asked for as the workflow_dispatch event GitHub would start. */
  dispatchEvent(dispatch: Dispatch): GitHubEvent {
    return workflowDispatchEvent(this.site, {
      ref: dispatch.ref,
      inputs: dispatch.inputs,
      workflow: `.github/workflows/${dispatch.workflow}`,
      sender: dispatch.by
    })
  }

  /** A workflow_dispatch event as a person would start it with input `pr`. */
  workflowDispatchEvent(pr: number, opts: { ref?: string; sender?: string } = {}): GitHubEvent {
    return workflowDispatchEvent(this.site, { pr, ...opts })
  }

  /** A push event for a branch (an event the action ignores). */
  pushEvent(branch = this.remote.defaultBranch): GitHubEvent {
    const after = this.remote.branchSha(branch)
    if (!after) throw new Error(`pushEvent: no branch ${branch}`)
    return pushEvent(this.site, { ref: branch, after })
  }

  /** Runs the action for an event with this world's URLs, token, SHA and a new run id. */
  async run(event: GitHubEvent, opts: Partial<RunActionOptions> = {}): Promise<RunResult> {
    const result = await runAction({
      repository: this.remote.fullName,
      apiUrl: this.fake.url,
      serverUrl: this.remote.serverUrl,
      defaultBranch: this.remote.defaultBranch,
      token: this.fake.actionToken,
      runId: ++this.runId,
      sha: this.shaFor(event),
      entry: this.opts.entry,
      ...opts,
      inputs: { ...this.opts.inputs, ...opts.inputs },
      env: { ...this.opts.env, ...opts.env },
      event
    })
    this.runs.push(result)
    return result
  }

  /** Stops the fake and removes the remote and every run's folders. */
  async dispose(): Promise<void> {
    await this.fake.close()
    this.remote.dispose()
    for (const run of this.runs) rmSync(run.runDir, { recursive: true, force: true })
  }

  /** GITHUB_SHA as GitHub sets it: the test merge for pull_request, the ref's tip otherwise. */
  private shaFor(event: GitHubEvent): string | undefined {
    const p = event.payload as {
      pull_request?: { number: number; head: { ref: string }; base: { ref: string } }
      ref?: string
      after?: string
    }
    const onMerge = event.name === 'pull_request' || event.name === 'pull_request_review_comment'
    if (onMerge && p.pull_request) {
      const { number, head, base } = p.pull_request
      const refs = this.remote.updatePullRefs(number, head.ref, base.ref)
      return refs.merge ?? refs.head
    }
    if (event.name === 'push') return p.after
    if (event.name === 'workflow_dispatch' && p.ref) return this.remote.resolve(p.ref)
    return this.remote.branchSha(this.remote.defaultBranch)
  }
}
