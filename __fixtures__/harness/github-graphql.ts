/**
 * The GitHub stand-in's `POST /graphql`: every query is parsed and validated against GitHub's public schema
 * (`@octokit/graphql-schema`), so one GitHub would reject is rejected, then executed over the stand-in's state. It
 * serves a pull request's `reviewThreads` and the `resolveReviewThread` / `unresolveReviewThread` mutations; any other
 * field the schema knows answers null (and, where the schema says non-null, an error), as an unimplemented route does.
 */
import {
  buildClientSchema,
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery
} from 'graphql'
import type { GitHubFake } from './github-fake.js'
import type { ReviewCommentRecord, ThreadRecord } from './github-reviews.js'
import { globalId } from './github-reviews.js'

let cached: GraphQLSchema | undefined

/** GitHub's public GraphQL schema, built once per process (the package's JSON is 10 MB). */
export async function githubSchema(): Promise<GraphQLSchema> {
  if (!cached) {
    const { schema } = (await import('@octokit/graphql-schema')) as {
      schema: { json: unknown }
    }
    cached = buildClientSchema(schema.json as IntrospectionQuery)
  }
  return cached
}

/** What the GraphQL endpoint answers: always HTTP 200 with `data` and/or `errors`, as GitHub does, save a bad body. */
export interface GraphqlAnswer {
  status: number
  body: Record<string, unknown>
  /** The query was not valid against the schema (a test's violation). */
  invalid?: string
  /** The top-level fields the operation asked for (`graphql/<field>` names the operation in the request log). */
  fields: string[]
}

/** A GitHub-style GraphQL error (`type` beside `message`, as GitHub's resolvers answer). */
class GitHubGraphqlError extends Error {
  constructor(
    readonly type: string,
    message: string
  ) {
    super(message)
  }
}

const MAX_PAGE = 100
const BOUNDS = new Set(['MISSING_PAGINATION_BOUNDARIES', 'EXCESSIVE_PAGINATION'])

/** Slices a connection as GitHub does: `first` or `last` (1..100) required, opaque cursors. */
function connection<T>(
  items: T[],
  args: {
    first?: number | null
    last?: number | null
    after?: string | null
    before?: string | null
  },
  name: string
): Record<string, unknown> {
  const { first, last } = args
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    throw new GitHubGraphqlError(
      'MISSING_PAGINATION_BOUNDARIES',
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`
    )
  }
  for (const [key, value] of [
    ['first', first],
    ['last', last]
  ] as const) {
    if (value !== undefined && value !== null && (value < 0 || value > MAX_PAGE)) {
      throw new GitHubGraphqlError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${value} records on the \`${name}\` connection exceeds the \`${key}\` limit of ${MAX_PAGE} records.`
      )
    }
  }
  const cursor = (i: number): string => Buffer.from(`cursor:v2:${i}`).toString('base64')
  const index = (c: string | null | undefined): number | undefined => {
    if (!c) return undefined
    const m = /^cursor:v2:(\d+)$/.exec(Buffer.from(c, 'base64').toString('utf8'))
    if (!m)
      throw new GitHubGraphqlError(
        'INVALID_CURSOR_ARGUMENTS',
        `\`${c}\` does not appear to be a valid cursor.`
      )
    return Number(m[1])
  }
  let start = (index(args.after) ?? -1) + 1
  let end = Math.min(items.length, index(args.before) ?? items.length)
  if (first !== undefined && first !== null) end = Math.min(end, start + first)
  if (last !== undefined && last !== null) start = Math.max(start, end - last)
  const slice = items.slice(start, end)
  return {
    totalCount: items.length,
    nodes: slice,
    edges: slice.map((node, i) => ({ node, cursor: cursor(start + i) })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursor(start) : null,
      endCursor: slice.length ? cursor(end - 1) : null
    }
  }
}

function commentNode(fake: GitHubFake, c: ReviewCommentRecord): Record<string, unknown> {
  const { ctx } = fake
  return {
    __typename: 'PullRequestReviewComment',
    id: globalId('PRRC', ctx.repoId, c.id),
    databaseId: c.id,
    fullDatabaseId: String(c.id),
    body: c.body,
    path: c.path,
    line: c.line,
    startLine: c.startLine ?? null,
    createdAt: c.createdAt,
    url: `${ctx.htmlUrl}/${ctx.owner.login}/${ctx.repo}/pull/${c.pull}#discussion_r${c.id}`,
    replyTo:
      c.inReplyTo === undefined
        ? null
        : { __typename: 'PullRequestReviewComment', databaseId: c.inReplyTo },
    author: {
      __typename: c.author.type === 'Bot' ? 'Bot' : 'User',
      login: c.author.type === 'Bot' ? c.author.login.replace(/\[bot\]$/, '') : c.author.login
    }
  }
}

function threadNode(fake: GitHubFake, t: ThreadRecord, login: string): Record<string, unknown> {
  const comments = fake.reviewComments.filter(c => c.id === t.root || c.inReplyTo === t.root)
  const root = comments.find(c => c.id === t.root)
  const writer = ['admin', 'maintain', 'write'].includes(fake.permissionOf(login))
  return {
    __typename: 'PullRequestReviewThread',
    id: t.nodeId,
    isResolved: t.resolved,
    isCollapsed: t.resolved,
    isOutdated: false,
    path: root?.path ?? '',
    line: root?.line ?? null,
    startLine: root?.startLine ?? null,
    diffSide: 'RIGHT',
    subjectType: 'LINE',
    viewerCanResolve: writer && !t.resolved,
    viewerCanUnresolve: writer && t.resolved,
    viewerCanReply: true,
    resolvedBy: t.resolved && t.resolvedBy ? { __typename: 'User', login: t.resolvedBy } : null,
    comments: (args: Parameters<typeof connection>[1]) =>
      connection(
        comments.map(c => commentNode(fake, c)),
        args,
        'comments'
      )
  }
}

/** Resolves or unresolves a thread by its node id, as the mutations do. */
function setResolved(
  fake: GitHubFake,
  login: string,
  readOnly: boolean,
  input: { threadId: string; clientMutationId?: string | null },
  resolved: boolean
): Record<string, unknown> {
  const thread = fake.reviewThreads.find(t => t.nodeId === input.threadId)
  if (!thread) {
    throw new GitHubGraphqlError(
      'NOT_FOUND',
      `Could not resolve to a node with the global id of '${input.threadId}'`
    )
  }
  const writer = ['admin', 'maintain', 'write'].includes(fake.permissionOf(login))
  if (readOnly || !writer) {
    throw new GitHubGraphqlError('FORBIDDEN', 'Resource not accessible by integration')
  }
  thread.resolved = resolved
  if (resolved) thread.resolvedBy = login
  else delete thread.resolvedBy
  return {
    clientMutationId: input.clientMutationId ?? null,
    thread: threadNode(fake, thread, login)
  }
}

function root(fake: GitHubFake, login: string, readOnly: boolean): Record<string, unknown> {
  const { ctx } = fake
  const repository = {
    __typename: 'Repository',
    id: globalId('R', ctx.repoId, ctx.repoId),
    databaseId: ctx.repoId,
    name: ctx.repo,
    nameWithOwner: `${ctx.owner.login}/${ctx.repo}`,
    pullRequest: ({ number }: { number: number }) => {
      const pr = fake.pulls.get(number)
      if (!pr) {
        throw new GitHubGraphqlError(
          'NOT_FOUND',
          `Could not resolve to a PullRequest with the number of ${number}.`
        )
      }
      return {
        __typename: 'PullRequest',
        id: globalId('PR', ctx.repoId, pr.id),
        databaseId: pr.id,
        number,
        title: pr.title,
        reviewThreads: (args: Parameters<typeof connection>[1]) =>
          connection(
            fake.reviewThreads.filter(t => t.pull === number).map(t => threadNode(fake, t, login)),
            args,
            'reviewThreads'
          )
      }
    }
  }
  return {
    repository: ({ owner, name }: { owner: string; name: string }) => {
      if (
        owner.toLowerCase() !== ctx.owner.login.toLowerCase() ||
        name.toLowerCase() !== ctx.repo.toLowerCase()
      ) {
        throw new GitHubGraphqlError(
          'NOT_FOUND',
          `Could not resolve to a Repository with the name '${owner}/${name}'.`
        )
      }
      return repository
    },
    resolveReviewThread: ({ input }: { input: { threadId: string } }) =>
      setResolved(fake, login, readOnly, input, true),
    unresolveReviewThread: ({ input }: { input: { threadId: string } }) =>
      setResolved(fake, login, readOnly, input, false)
  }
}

function errorOf(e: GraphQLError): Record<string, unknown> {
  const original = e.originalError
  return {
    ...(original instanceof GitHubGraphqlError ? { type: original.type } : {}),
    ...(e.path ? { path: e.path } : {}),
    ...(e.locations ? { locations: e.locations } : {}),
    message: e.message
  }
}

/** Answers one `POST /graphql` body for the token's login. */
export async function answerGraphql(
  fake: GitHubFake,
  login: string,
  readOnly: boolean,
  body: unknown
): Promise<GraphqlAnswer> {
  const request = (body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown }
  if (typeof request.query !== 'string') {
    return {
      status: 400,
      body: { message: 'A query attribute must be specified and must be a string.' },
      invalid: 'no query',
      fields: []
    }
  }
  const schema = await githubSchema()
  let document: DocumentNode
  try {
    document = parse(request.query)
  } catch (error) {
    const message = (error as Error).message
    return { status: 200, body: { errors: [{ message }] }, invalid: message, fields: [] }
  }
  const problems = validate(schema, document)
  const fields = document.definitions.flatMap(d =>
    d.kind === 'OperationDefinition'
      ? d.selectionSet.selections.flatMap(s => (s.kind === 'Field' ? [s.name.value] : []))
      : []
  )
  if (problems.length > 0) {
    return {
      status: 200,
      body: { errors: problems.map(errorOf) },
      invalid: problems.map(p => p.message).join('; '),
      fields
    }
  }
  const result = await execute({
    schema,
    document,
    rootValue: root(fake, login, readOnly),
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    operationName: typeof request.operationName === 'string' ? request.operationName : undefined
  })
  // GitHub checks pagination bounds before it runs anything: such a query gets errors and no data.
  const unbounded = (result.errors ?? []).filter(
    e => e.originalError instanceof GitHubGraphqlError && BOUNDS.has(e.originalError.type)
  )
  if (unbounded.length > 0) {
    const message = unbounded.map(e => e.message).join('; ')
    return { status: 200, body: { errors: unbounded.map(errorOf) }, invalid: message, fields }
  }
  const answer: Record<string, unknown> = {}
  if (result.data !== undefined) answer.data = result.data
  if (result.errors?.length) answer.errors = result.errors.map(errorOf)
  // A variable GitHub could not coerce fails the whole operation before anything runs: a query it would reject.
  const invalid =
    result.data === undefined && result.errors?.length
      ? result.errors.map(e => e.message).join('; ')
      : undefined
  return { status: 200, body: answer, ...(invalid ? { invalid } : {}), fields }
}
