/**
 * The pull request and its conversation (src/github/client.ts): reading the pull request, its comments and their
 * reactions, posting, editing and deleting comments, labels, issues, and who may command the loop (permission, identity).
 */
import { wrap } from './errors.js'
import { GitHubBase } from './base.js'

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

/** GitHub's answer to GET /user for a token that is no user (an installation's): 403, not a rate limit. */
function isNoUser(error: unknown): boolean {
  const e = error as { status?: number; message?: string }
  return e.status === 403 && !/rate limit/i.test(e.message ?? '')
}

/** The pull request and conversation operations of one repository. */
export class GitHubIssues extends GitHubBase {
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
