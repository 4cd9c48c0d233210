/** GitHub API failures turned into guidance: what the token lacks, or what is missing. */
import { errorMessage } from '../shared/errors.js'

/** Turns an API failure into guidance: what the token lacks, or what is missing. */
export class GitHubError extends Error {
  override name = 'GitHubError'
  constructor(
    readonly what: string,
    readonly status: number | undefined,
    detail: string
  ) {
    super(`${what} failed${status ? ` (HTTP ${status})` : ''}: ${detail}`)
  }
}

export const permissionHint: Record<string, string> = {
  comment:
    'the token lacks `pull-requests: write` or `issues: write` (add them under `permissions:` in the workflow)',
  label:
    'the token lacks `issues: write` or `pull-requests: write` (add them under `permissions:` in the workflow)',
  dispatch:
    'the workflow file must be on the default branch with an `on.workflow_dispatch.inputs.pr` trigger (a PR that adds the workflow cannot dispatch it yet), and the token needs `actions: write`; or set `next-round: none` and comment `/review-loop continue`',
  read: 'the token lacks `contents: read` / `pull-requests: read`',
  pull: 'the token lacks `pull-requests: write` (add it under `permissions:` in the workflow)',
  status: 'the token lacks `statuses: write` (add it under `permissions:` in the workflow)',
  issue: 'the token lacks `issues: write` (add it under `permissions:` in the workflow)',
  caches:
    'the token lacks `actions: read` (add `actions: read` or `actions: write` under `permissions:` in the workflow)',
  cachesWrite: 'the token lacks `actions: write` (add it under `permissions:` in the workflow)',
  thread:
    'the token lacks `pull-requests: write` (add it under `permissions:` in the workflow), or the thread is gone'
}

/** GitHub's words for a rate limit (primary or secondary), which it answers 403 or 429 like a refusal. */
const RATE_LIMITED = /rate limit/i

/**
 * An API failure as a GitHubError naming what was being done and, for 403/404, what the token lacks; a rate limit is
 * said to be one (the token lacks nothing).
 */
export function wrap(what: string, kind: keyof typeof permissionHint, error: unknown): GitHubError {
  // A thrown null or string has no status: reading one off it must not be a second failure.
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: number }
  let detail = errorMessage(error)
  if (RATE_LIMITED.test(detail))
    detail = `${detail} — GitHub's rate limit, not a permission; a later run tries again`
  else if (e.status === 403 || e.status === 404) detail = `${detail} — ${permissionHint[kind]}`
  return new GitHubError(what, e.status, detail)
}
