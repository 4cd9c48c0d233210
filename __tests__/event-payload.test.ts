/**
 * The event payload at the edge (src/action/event.ts): the parts the loop reads are checked with a schema, every real
 * payload GitHub's examples hold is taken, and one that lacks a part, or holds it as another type, gets an error naming
 * the part and the event.
 */
import { describe, expect, it } from '@jest/globals'
import { webhookExamples } from '../__fixtures__/harness/events.js'
import { fromPayload } from '../src/action/event.js'

type Payload = Record<string, unknown>

const COMMAND = '/review-loop G1 dismiss not worth it'

/** The object at a dotted path of `p` (made when absent). */
function objectAt(p: Payload, path: string[]): Payload {
  let at = p
  for (const key of path) at = (at[key] ??= {}) as Payload
  return at
}

/** Reads a dotted path of `p`. */
function get(p: Payload, path: string): unknown {
  const keys = path.split('.')
  return objectAt(p, keys.slice(0, -1))[keys.at(-1)!]
}

/** Sets (or, with `undefined`, deletes) a dotted path of `p`. */
function set(p: Payload, path: string, value: unknown): Payload {
  const keys = path.split('.')
  const parent = objectAt(p, keys.slice(0, -1))
  if (value === undefined) delete parent[keys.at(-1)!]
  else parent[keys.at(-1)!] = value
  return p
}

/** Every example of `name`, with `edits` made (each path to its value, `undefined` to delete it). */
function examples(name: string, edits: Record<string, unknown> = {}): Payload[] {
  return webhookExamples(name).map(e => {
    const p = structuredClone(e) as Payload
    for (const [path, value] of Object.entries(edits)) set(p, path, value)
    return p
  })
}

const trigger = (event: string, p: Payload) => fromPayload(event, p as never)

/** An issue comment on a pull request, or a reply in a review thread, holding a command. */
const asComment = { action: 'created', 'issue.pull_request': { url: 'x' }, 'comment.body': COMMAND }
const asReply = { action: 'created', 'comment.in_reply_to_id': 1, 'comment.body': COMMAND }

describe('every real payload in @octokit/webhooks-examples is taken', () => {
  it('pull_request: each action gives the pull request it is about', () => {
    const all = examples('pull_request')
    expect(all.length).toBeGreaterThan(10)
    for (const p of all) {
      const t = trigger('pull_request', p)
      if (t.kind !== 'ignored')
        expect(t).toMatchObject({ kind: 'pull_request', pr: get(p, 'pull_request.number') })
    }
  })

  it('issue_comment on a pull request, holding a command', () => {
    for (const p of examples('issue_comment', asComment))
      expect(trigger('issue_comment', p)).toMatchObject({
        kind: 'issue_comment',
        pr: get(p, 'issue.number'),
        commentId: get(p, 'comment.id'),
        author: get(p, 'comment.user.login')
      })
  })

  it('pull_request_review_comment: a reply holding a command', () => {
    for (const p of examples('pull_request_review_comment', asReply))
      expect(trigger('pull_request_review_comment', p)).toMatchObject({
        kind: 'review_comment',
        pr: get(p, 'pull_request.number'),
        commentId: get(p, 'comment.id'),
        author: get(p, 'comment.user.login')
      })
  })
})

describe('a payload that lacks a part the loop reads gets an error naming the part and the event', () => {
  it.each([
    ['pull_request', 'pull_request.head.sha', { action: 'opened', 'pull_request.head.sha': 123 }],
    ['pull_request', 'pull_request.number', { action: 'opened', 'pull_request.number': undefined }],
    ['issue_comment', 'comment.user', { ...asComment, 'comment.user': undefined }],
    ['issue_comment', 'comment.id', { ...asComment, 'comment.id': '12' }],
    ['pull_request_review_comment', 'pull_request', { ...asReply, pull_request: undefined }]
  ])('%s: the error names %s', (event, part, edits) => {
    const p = examples(event, edits)[0]!
    expect(() => trigger(event, p)).toThrow(
      `The ${event} event payload is not what GitHub sends (${part}: `
    )
  })
})
