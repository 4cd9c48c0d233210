/**
 * The GitHub stand-in's pull-request review routes: create a review with line comments, list a pull request's review
 * comments or one review's, read one, reply in a thread. Each line comment that is no reply opens a review thread
 * (resolved and unresolved through the GraphQL stand-in, github-graphql.ts).
 */
import type { GitHubFake } from './github-fake.js'
import { reviewObject, userObject, type Actor, type ReviewRecord } from './github-objects.js'
import { HttpError, paginate, type RouteRequest, type RouteResult } from './github-routes.js'

/** What the stand-in keeps about one review comment (a thread's first comment or a reply in it). */
export interface ReviewCommentRecord {
  id: number
  pull: number
  reviewId: number
  path: string
  line: number
  startLine?: number
  side: 'RIGHT'
  body: string
  author: Actor
  association: string
  commitId: string
  /** The thread's first comment, for a reply (GitHub's `in_reply_to_id`). */
  inReplyTo?: number
  diffHunk: string
  position: number
  createdAt: string
  updatedAt: string
  /** Reactions on it, as `reactions/create-for-pull-request-review-comment` left them. */
  reactions?: { content: string; login: string; id: number; createdAt: string }[]
}

/** A review thread: the comment that opened it and whether it is resolved. */
export interface ThreadRecord {
  /** The database id (GraphQL `databaseId`'s counterpart for threads is not exposed; kept for the node id). */
  id: number
  nodeId: string
  pull: number
  root: number
  resolved: boolean
  resolvedBy?: string
}

const MAX_COMMENT = 65536
const REACTIONS = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes']

/**
 * A node id in GitHub's current format: a type prefix and the base64url of the MessagePack array
 * `[0, repository id, object id]` (`PRRT_kwDO…` for a review thread, `PRRC_kwDO…` for a review comment).
 */
export function globalId(prefix: string, repoId: number, id: number): string {
  const uint = (n: number): number[] =>
    n <= 0xffffffff
      ? [0xce, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]
      : [
          0xcf,
          ...Array.from({ length: 8 }, (_, i) => Number((BigInt(n) >> BigInt(56 - 8 * i)) & 255n))
        ]
  const bytes = Buffer.from([0x93, 0x00, ...uint(repoId), ...uint(id)])
  return `${prefix}_${bytes.toString('base64url')}`
}

/**
 * Refuses a body over GitHub's limit. Creating a review answers `validation_failed_simple` (its errors are strings);
 * the other routes answer errors as objects.
 */
function checkBody(body: string, simple = false): void {
  if (body.length > MAX_COMMENT) {
    const message = `body is too long (maximum is ${MAX_COMMENT} characters)`
    throw new HttpError(422, 'Validation Failed', undefined, {
      errors: simple
        ? [message]
        : [{ resource: 'PullRequestReviewComment', code: 'custom', field: 'body', message }]
    })
  }
}

/**
 * Where head-side `line` of `path` sits in the diff of `base...commit`: the hunk's text up to that line (GitHub's
 * `diff_hunk`) and the line's `position` (lines below the file's first `@@`), or undefined when the diff does not show it.
 */
export function diffPlace(
  diff: string,
  path: string,
  line: number
): { hunk: string; position: number } | undefined {
  let current: string | undefined
  let position = -1
  let hunk: string[] = []
  let head = 0
  for (const text of diff.split('\n')) {
    if (text.startsWith('diff --git ')) {
      current = undefined
      continue
    }
    if (text.startsWith('+++ ')) {
      current = text === '+++ /dev/null' ? undefined : text.slice(6)
      position = -1
      continue
    }
    if (current !== path) continue
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text)
    if (header) {
      head = Number(header[1])
      hunk = [text]
      position++
      continue
    }
    if (position < 0 || text.startsWith('\\')) continue
    position++
    hunk.push(text)
    if (text.startsWith('-')) continue
    if (head === line) return { hunk: hunk.join('\n'), position }
    head++
  }
  return undefined
}

/** A review comment as the REST API returns it (`pull-request-review-comment`, and `review-comment` for one review's). */
export function reviewCommentObject(
  fake: GitHubFake,
  c: ReviewCommentRecord
): Record<string, unknown> {
  const { ctx } = fake
  const api = `${ctx.apiUrl}/repos/${ctx.owner.login}/${ctx.repo}`
  const html = `${ctx.htmlUrl}/${ctx.owner.login}/${ctx.repo}/pull/${c.pull}#discussion_r${c.id}`
  const url = `${api}/pulls/comments/${c.id}`
  return {
    url,
    pull_request_review_id: c.reviewId,
    id: c.id,
    node_id: globalId('PRRC', ctx.repoId, c.id),
    diff_hunk: c.diffHunk,
    path: c.path,
    position: c.position,
    original_position: c.position,
    commit_id: c.commitId,
    original_commit_id: c.commitId,
    ...(c.inReplyTo !== undefined ? { in_reply_to_id: c.inReplyTo } : {}),
    user: userObject(ctx, c.author),
    body: c.body,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    html_url: html,
    pull_request_url: `${api}/pulls/${c.pull}`,
    author_association: c.association,
    _links: {
      self: { href: url },
      html: { href: html },
      pull_request: { href: `${api}/pulls/${c.pull}` }
    },
    start_line: c.startLine ?? null,
    original_start_line: c.startLine ?? null,
    start_side: c.startLine !== undefined ? 'RIGHT' : null,
    line: c.line,
    original_line: c.line,
    side: c.side,
    subject_type: 'line',
    reactions: {
      url: `${url}/reactions`,
      total_count: (c.reactions ?? []).length,
      ...Object.fromEntries(
        REACTIONS.map(r => [r, (c.reactions ?? []).filter(x => x.content === r).length])
      )
    }
  }
}

function pullNumber(req: RouteRequest): number {
  const n = Number(req.params.pull_number)
  if (!req.fake.pulls.has(n)) throw new HttpError(404, 'Not Found')
  return n
}

/** The review holding a person's reply made outside a pending review: GitHub makes one per reply, COMMENTED, no body. */
function replyReview(
  fake: GitHubFake,
  pull: number,
  author: Actor,
  commitId: string
): ReviewRecord {
  const review: ReviewRecord = {
    id: fake.newId(),
    pull,
    author,
    association: fake.associationOf(author.login),
    body: '',
    state: 'COMMENTED',
    commitId,
    submittedAt: fake.now(),
    comments: []
  }
  fake.reviews.push(review)
  return review
}

/**
 * Adds a reply to the thread of `to` (a reply to a reply joins the same thread, its `in_reply_to_id` the first
 * comment), as a person's reply on github.com or the replies route does. Throws HttpError 404 when there is no such
 * comment on the pull request.
 */
export function addReply(
  fake: GitHubFake,
  pull: number,
  to: number,
  author: Actor,
  body: string
): ReviewCommentRecord {
  const parent = fake.reviewComments.find(c => c.id === to && c.pull === pull)
  if (!parent) throw new HttpError(404, 'Not Found')
  checkBody(body)
  const root = parent.inReplyTo ?? parent.id
  const review = replyReview(fake, pull, author, parent.commitId)
  const at = fake.now()
  const reply: ReviewCommentRecord = {
    id: fake.newReviewCommentId(),
    pull,
    reviewId: review.id,
    path: parent.path,
    line: parent.line,
    ...(parent.startLine !== undefined ? { startLine: parent.startLine } : {}),
    side: 'RIGHT',
    body,
    author,
    association: fake.associationOf(author.login),
    commitId: parent.commitId,
    inReplyTo: root,
    diffHunk: parent.diffHunk,
    position: parent.position,
    createdAt: at,
    updatedAt: at
  }
  review.comments.push(reply)
  fake.reviewComments.push(reply)
  return reply
}

const REVIEW_STATE: Record<string, ReviewRecord['state']> = {
  COMMENT: 'COMMENTED',
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED'
}

type NewComment = {
  path: string
  body: string
  line?: number
  side?: string
  start_line?: number
  position?: number
}

/** `POST .../pulls/{n}/reviews`: refused (422, GitHub's words) when a comment's lines are not in one hunk of the diff. */
function createReview(req: RouteRequest): RouteResult {
  const { fake } = req
  const n = pullNumber(req)
  const body = req.body as {
    commit_id?: string
    body?: string
    event?: string
    comments?: NewComment[]
  }
  const head = (fake.pullRequestObject(n).head as { sha: string }).sha
  const sha = body.commit_id === undefined ? head : fake.remote.resolve(body.commit_id)
  if (sha === undefined) {
    throw new HttpError(422, 'Unprocessable Entity', undefined, {
      errors: [`No commit found for SHA: ${body.commit_id}`]
    })
  }
  if ((body.event === 'COMMENT' || body.event === 'REQUEST_CHANGES') && !body.body?.trim()) {
    throw new HttpError(422, 'Unprocessable Entity', undefined, {
      errors: [`Review body is required when using the ${body.event} event`]
    })
  }
  const placed: { c: NewComment; line: number; place: { hunk: string; position: number } }[] = []
  for (const c of body.comments ?? []) {
    if (c.line === undefined) {
      // Positions are closing down at GitHub; the stand-in serves the line-based form only.
      throw new HttpError(422, 'Unprocessable Entity', undefined, {
        errors: ['the GitHub fake takes review comments by line, not by position']
      })
    }
    const line = c.line
    const hunk = fake.diffHunks(n, sha, c.path).find(([a, b]) => line >= a && line <= b)
    const startOk =
      c.start_line === undefined ||
      (hunk !== undefined && c.start_line >= hunk[0] && c.start_line < line)
    const place = diffPlace(fake.shownFileDiff(fake.baseOf(n), sha, c.path), c.path, line)
    if (!hunk || !place || (c.side ?? 'RIGHT') !== 'RIGHT') {
      throw new HttpError(422, 'Unprocessable Entity', undefined, {
        errors: [
          c.start_line === undefined
            ? "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank"
            : "Pull request review thread line must be part of the diff, Pull request review thread start line must be part of the same hunk as the line., and Pull request review thread diff hunk can't be blank"
        ]
      })
    }
    if (!startOk) {
      throw new HttpError(422, 'Unprocessable Entity', undefined, {
        errors: ['Pull request review thread start line must be part of the same hunk as the line.']
      })
    }
    checkBody(c.body, true)
    placed.push({ c, line, place })
  }
  checkBody(body.body ?? '', true)
  const author = fake.actor(req.login)
  const association = fake.associationOf(author.login)
  const at = fake.now()
  const review: ReviewRecord = {
    id: fake.newId(),
    pull: n,
    author,
    association,
    body: body.body ?? '',
    state: REVIEW_STATE[body.event ?? ''] ?? 'PENDING',
    commitId: sha,
    submittedAt: at,
    comments: []
  }
  for (const { c, line, place } of placed) {
    const comment: ReviewCommentRecord = {
      id: fake.newReviewCommentId(),
      pull: n,
      reviewId: review.id,
      path: c.path,
      line,
      ...(c.start_line !== undefined ? { startLine: c.start_line } : {}),
      side: 'RIGHT',
      body: c.body,
      author,
      association,
      commitId: sha,
      diffHunk: place.hunk,
      position: place.position,
      createdAt: at,
      updatedAt: at
    }
    review.comments.push(comment)
    fake.reviewComments.push(comment)
    const threadId = fake.newId()
    fake.reviewThreads.push({
      id: threadId,
      nodeId: globalId('PRRT', fake.ctx.repoId, threadId),
      pull: n,
      root: comment.id,
      resolved: false
    })
  }
  fake.reviews.push(review)
  return { status: 200, body: reviewObject(fake.ctx, review) }
}

/** `GET .../pulls/{n}/comments`: oldest first, or by `sort`/`direction`, from `since`. */
function listReviewComments(req: RouteRequest): RouteResult {
  const { fake } = req
  const n = pullNumber(req)
  const since = req.query.get('since')
  const sort = req.query.get('sort') ?? 'created'
  const desc = req.query.get('sort') !== null && req.query.get('direction') === 'desc'
  const items = fake.reviewComments
    .filter(c => c.pull === n && (!since || c.updatedAt >= since))
    .sort((a, b) => {
      const order =
        (sort === 'updated'
          ? a.updatedAt.localeCompare(b.updatedAt)
          : a.createdAt.localeCompare(b.createdAt)) || a.id - b.id
      return desc ? -order : order
    })
  const { page, headers } = paginate(req, items)
  return { status: 200, body: page.map(c => reviewCommentObject(fake, c)), headers }
}

/** `GET .../pulls/{n}/reviews/{review_id}/comments`. */
function listCommentsForReview(req: RouteRequest): RouteResult {
  const { fake } = req
  const n = pullNumber(req)
  const review = fake.reviews.find(r => r.id === Number(req.params.review_id) && r.pull === n)
  if (!review) throw new HttpError(404, 'Not Found')
  const { page, headers } = paginate(req, review.comments)
  return {
    status: 200,
    body: page.map(c => reviewCommentObject(fake, c as ReviewCommentRecord)),
    headers
  }
}

/** Review routes by operationId, served next to github-routes.ts's. */
export const REVIEW_ROUTES: Record<string, (req: RouteRequest) => RouteResult> = {
  'pulls/create-review': createReview,
  'pulls/list-review-comments': listReviewComments,
  'pulls/list-comments-for-review': listCommentsForReview,
  'pulls/get-review-comment': req => {
    const comment = req.fake.reviewComments.find(c => c.id === Number(req.params.comment_id))
    if (!comment) throw new HttpError(404, 'Not Found')
    return { status: 200, body: reviewCommentObject(req.fake, comment) }
  },
  'pulls/update-review-comment': req => {
    const comment = req.fake.reviewComments.find(c => c.id === Number(req.params.comment_id))
    if (!comment) throw new HttpError(404, 'Not Found')
    // As at GitHub for an integration's token: only the comment's author edits it here.
    if (comment.author.login !== req.login)
      throw new HttpError(403, 'Resource not accessible by integration')
    comment.body = (req.body as { body: string }).body
    comment.updatedAt = req.fake.now()
    return { status: 200, body: reviewCommentObject(req.fake, comment) }
  },
  'reactions/create-for-pull-request-review-comment': req => {
    const comment = req.fake.reviewComments.find(c => c.id === Number(req.params.comment_id))
    if (!comment) throw new HttpError(404, 'Not Found')
    const content = (req.body as { content: string }).content
    const list = (comment.reactions ??= [])
    const found = list.find(r => r.content === content && r.login === req.login)
    const reaction = found ?? {
      content,
      login: req.login,
      id: req.fake.newId(),
      createdAt: req.fake.now()
    }
    if (!found) list.push(reaction)
    const body = {
      id: reaction.id,
      node_id: globalId('REA', req.fake.ctx.repoId, reaction.id),
      user: userObject(req.fake.ctx, req.fake.actor(req.login)),
      content,
      created_at: reaction.createdAt
    }
    return { status: found ? 200 : 201, body }
  },
  'pulls/create-reply-for-review-comment': req => {
    const n = pullNumber(req)
    const text = (req.body as { body: string }).body
    const reply = addReply(
      req.fake,
      n,
      Number(req.params.comment_id),
      req.fake.actor(req.login),
      text
    )
    const body = reviewCommentObject(req.fake, reply)
    return { status: 201, body, headers: { location: String(body.url) } }
  }
}
