/** The GitHub stand-in's run attempt and comment deletion routes, through the action's client, held to GitHub's OpenAPI description. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { Sandbox } from '../__fixtures__/harness/index.js'
import { setRunAttempt } from '../__fixtures__/harness/github-runs.js'
import { GitHubClient } from '../src/github/client.js'

let sandbox: Sandbox
let client: GitHubClient
beforeEach(async () => {
  sandbox = await Sandbox.create({ files: { 'README.md': 'hello\n' } })
  const [owner, repo] = sandbox.remote.fullName.split('/')
  client = new GitHubClient(sandbox.fake.actionToken, owner!, repo!, sandbox.fake.url)
})
afterEach(async () => {
  expect(sandbox.fake.violations).toEqual([])
  await sandbox.dispose()
})

describe('a run attempt', () => {
  it('is gone (404) until the world names it, then as it stands: in progress, then completed', async () => {
    expect(await client.runAttempt('7001', 1)).toEqual({ gone: true })
    setRunAttempt(sandbox.fake, 7001, 1, { status: 'in_progress', conclusion: null })
    expect(await client.runAttempt('7001', 1)).toEqual({ status: 'in_progress' })
    expect(await client.runAttempt('7001', 2)).toEqual({ gone: true })
    setRunAttempt(sandbox.fake, 7001, 1, { status: 'completed', conclusion: 'cancelled' })
    expect(await client.runAttempt('7001', 1)).toEqual({ status: 'completed' })
  })

  it('a token without actions: read is told so', async () => {
    sandbox.fake.refuse('actions/get-workflow-run-attempt', 403)
    expect(await client.runAttempt('7001', 1)).toEqual({
      error: expect.stringContaining('the token lacks `actions: read`')
    })
  })
})

describe('deleting a comment', () => {
  it('removes it from the conversation; deleting it again is 404', async () => {
    sandbox.openPullRequest({
      number: 7,
      title: 't',
      headRef: 'feature',
      baseRef: 'main',
      author: 'octo-author'
    })
    const posted = await client.comment(7, 'hello')
    expect((await client.comments(7)).map(c => c.id)).toContain(posted.id)
    await client.deleteComment(posted.id)
    expect((await client.comments(7)).map(c => c.id)).not.toContain(posted.id)
    await expect(client.deleteComment(posted.id)).rejects.toThrow(/HTTP 404/)
  })
})
