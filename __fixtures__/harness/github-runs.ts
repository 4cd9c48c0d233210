/**
 * The GitHub stand-in's routes for racing runs: a workflow run attempt (`GET
 * /repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt_number}`), answered from what the test world says of
 * its runs (`setRunAttempt`: a child running is `in_progress`, one that exited or was killed `completed`; a run nobody
 * named is unknown, 404, as GitHub answers), and deleting a conversation comment
 * (`DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}`).
 */
import type { GitHubFake } from './github-fake.js'
import { nodeId } from './github-objects.js'
import { HttpError, type RouteRequest, type RouteResult } from './github-routes.js'

/** A run attempt as the world started it. */
export interface RunAttemptRecord {
  status: 'queued' | 'in_progress' | 'waiting' | 'completed'
  conclusion: 'success' | 'failure' | 'cancelled' | null
  event: string
  headSha: string
  startedAt: string
  updatedAt: string
}

const attempts = new WeakMap<GitHubFake, Map<string, RunAttemptRecord>>()

/** The run attempts a stand-in knows, by `<run id>/<attempt>`. */
export function runAttempts(fake: GitHubFake): Map<string, RunAttemptRecord> {
  let known = attempts.get(fake)
  if (!known) attempts.set(fake, (known = new Map()))
  return known
}

/** Tells the stand-in how a run attempt stands (a world calls it when it starts a run and when the run ends). */
export function setRunAttempt(
  fake: GitHubFake,
  runId: number,
  attempt: number,
  state: Pick<RunAttemptRecord, 'status' | 'conclusion'> & Partial<RunAttemptRecord>
): void {
  const key = `${runId}/${attempt}`
  const now = fake.now()
  const before = runAttempts(fake).get(key)
  runAttempts(fake).set(key, {
    event: 'pull_request',
    headSha: '0'.repeat(40),
    startedAt: now,
    ...before,
    ...state,
    updatedAt: now
  })
}

function runAttempt(req: RouteRequest): RouteResult {
  const { fake } = req
  const id = Number(req.params.run_id)
  const attempt = Number(req.params.attempt_number)
  const run = runAttempts(fake).get(`${id}/${attempt}`)
  if (!run) throw new HttpError(404, 'Not Found')
  const full = fake.remote.fullName
  const api = `${fake.ctx.apiUrl}/repos/${full}`
  const repository = fake.repositoryObject()
  return {
    status: 200,
    body: {
      id,
      name: 'review-loop',
      node_id: nodeId('WorkflowRun', id),
      head_branch: fake.ctx.defaultBranch,
      head_sha: run.headSha,
      path: '.github/workflows/review-loop.yml',
      display_title: 'review-loop',
      run_number: id,
      run_attempt: attempt,
      event: run.event,
      status: run.status,
      conclusion: run.conclusion,
      workflow_id: 1,
      url: `${api}/actions/runs/${id}`,
      html_url: `${fake.ctx.htmlUrl}/${full}/actions/runs/${id}`,
      pull_requests: [],
      created_at: run.startedAt,
      updated_at: run.updatedAt,
      run_started_at: run.startedAt,
      jobs_url: `${api}/actions/runs/${id}/attempts/${attempt}/jobs`,
      logs_url: `${api}/actions/runs/${id}/attempts/${attempt}/logs`,
      check_suite_url: `${api}/check-suites/${id}`,
      cancel_url: `${api}/actions/runs/${id}/cancel`,
      rerun_url: `${api}/actions/runs/${id}/rerun`,
      artifacts_url: `${api}/actions/runs/${id}/artifacts`,
      workflow_url: `${api}/actions/workflows/1`,
      head_commit: null,
      repository,
      head_repository: repository
    }
  }
}

function deleteComment(req: RouteRequest): RouteResult {
  const list = req.fake.commentList
  const at = list.findIndex(c => c.id === Number(req.params.comment_id))
  if (at < 0) throw new HttpError(404, 'Not Found')
  list.splice(at, 1)
  return { status: 204 }
}

/** The routes this file serves, keyed by operationId. */
export const RUNS_ROUTES: Record<string, (req: RouteRequest) => RouteResult> = {
  'actions/get-workflow-run-attempt': runAttempt,
  'issues/delete-comment': deleteComment
}
