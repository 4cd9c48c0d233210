/**
 * The `pull_request` event, from GitHub's real webhook examples: what it shows of its pull request is enough to start
 * the checkout before the run reads the pull request only when it is open, ready for review and from a branch of the
 * repository itself (a fork's head is never fetched on what an event says).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Sandbox } from '../__fixtures__/harness/index.js'
import { fromPayload } from '../src/action/event.js'

let sandbox: Sandbox

beforeAll(async () => {
  sandbox = await Sandbox.create({ files: { 'a.txt': 'one\n' } })
  sandbox.openPullRequest({ number: 5, headRef: 'topic', files: { 'a.txt': 'two\n' } })
  sandbox.openPullRequest({
    number: 6,
    headRef: 'their-topic',
    files: { 'a.txt': 'three\n' },
    fork: true,
    author: 'someone'
  })
})

afterAll(async () => {
  await sandbox.dispose()
})

type Pull = Record<string, unknown> & { head: Record<string, unknown> }

/** The trigger of PR 5's `opened` event, its pull request changed by `edit` first. */
function seenWith(edit: (pull: Pull) => void = () => undefined, number = 5) {
  const { payload } = sandbox.pullRequestEvent('opened', number)
  edit(payload.pull_request as Pull)
  const trigger = fromPayload('pull_request', payload)
  if (trigger.kind !== 'pull_request')
    throw new Error(`not a pull_request trigger: ${trigger.kind}`)
  return trigger.seen
}

describe('what a pull_request event shows of its pull request', () => {
  it('an open pull request, ready for review, from a branch of the repository: its head, SHA and base', () => {
    expect(seenWith()).toEqual({
      headRef: 'topic',
      headSha: sandbox.remote.branchSha('topic'),
      baseRef: 'main'
    })
  })

  it.each<[string, (pull: Pull) => void]>([
    ['a draft', pull => (pull.draft = true)],
    ['a payload without `draft`', pull => delete pull.draft],
    ['a closed pull request', pull => (pull.state = 'closed')],
    ['a head repository that was deleted', pull => (pull.head.repo = null)],
    ['no head SHA', pull => delete pull.head.sha]
  ])('nothing for %s', (_, edit) => {
    expect(seenWith(edit)).toBeUndefined()
  })

  it("nothing for a fork's pull request", () => {
    expect(seenWith(undefined, 6)).toBeUndefined()
  })
})
