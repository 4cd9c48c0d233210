/**
 * The workflow the README asks users to add: it listens to every event the action handles, and its concurrency group
 * sits on the job, so a run its `if` skips (any comment, any review comment on the diff) never joins the group. GitHub
 * keeps one pending run per group and cancels the one waiting when another joins: at the workflow's level, a reviewer's
 * review comments would each cancel the next round waiting there.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from '@jest/globals'
import { parse } from 'yaml'
import { fromPayload } from '../src/action/event.js'

type Workflow = {
  on: Record<string, { types?: string[] } | null>
  concurrency?: unknown
  jobs: Record<
    string,
    { if?: string; concurrency?: { group: string; 'cancel-in-progress': boolean } }
  >
}

function readmeWorkflow(): Workflow {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('## The workflow to add'))
  const block = /```yaml\n([\s\S]*?)```/.exec(section)
  if (!block) throw new Error('README: no yaml block under "The workflow to add"')
  return parse(block[1]!) as Workflow
}

describe("the README's workflow", () => {
  it('starts a run for every event the action handles, review comments only when created', () => {
    const on = readmeWorkflow().on
    expect(Object.keys(on).sort()).toEqual([
      'issue_comment',
      'pull_request',
      'pull_request_review_comment',
      'workflow_dispatch'
    ])
    expect(on.pull_request_review_comment?.types).toEqual(['created'])
    // An edit is never a command: the action ignores it, so the workflow does not start for one.
    expect(
      fromPayload('pull_request_review_comment', {
        action: 'edited',
        comment: { id: 2, in_reply_to_id: 1, body: '/review-loop G1 dismiss' }
      })
    ).toMatchObject({ kind: 'ignored' })
  })

  it('puts its concurrency group on the job, so a skipped run never cancels the one waiting', () => {
    const workflow = readmeWorkflow()
    expect(workflow.concurrency).toBeUndefined()
    const job = workflow.jobs['review-loop']!
    expect(job.if).toContain("github.event_name == 'pull_request_review_comment'")
    expect(job.concurrency).toEqual({
      group:
        'review-loop-${{ github.event.pull_request.number || github.event.issue.number || inputs.pr }}',
      'cancel-in-progress': false
    })
  })
})
