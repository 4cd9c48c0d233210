/**
 * The repository around the pull request (src/github/client.ts): commits compared, files and folders read, check runs,
 * pull requests found and opened, commit statuses, the Actions cache, workflow dispatch and run attempts.
 */
import { GitHubError, wrap } from './errors.js'
import { GitHubIssues } from './issues.js'

/** The repository and Actions operations of one repository. */
export class GitHubRepository extends GitHubIssues {
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
}
