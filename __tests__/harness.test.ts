import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { getOctokit } from '@actions/github'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ACTIONS_BOT,
  GitRemote,
  OpenApiSpec,
  Sandbox,
  inputVariable,
  issueCommentEvent,
  parseFileCommand,
  pullRequestEvent,
  runAction,
  webhookExamples,
  workflowDispatchEvent
} from '../__fixtures__/harness/index.js'

const scripts = mkdtempSync(join(tmpdir(), 'harness-scripts-'))
afterAll(() => rmSync(scripts, { recursive: true, force: true }))

function script(name: string, body: string): string {
  const file = join(scripts, name)
  writeFileSync(file, body)
  return file
}

describe('GitRemote', () => {
  let remote: GitRemote
  beforeAll(() => {
    remote = GitRemote.create({
      owner: 'acme',
      repo: 'widgets',
      files: { 'README.md': 'hello\n', 'src/a.ts': 'a\n' }
    })
  })
  afterAll(() => remote.dispose())

  it('serves a bare repo at serverUrl/owner/repo.git with branches, files and authored commits', () => {
    expect(remote.cloneUrl).toBe(`file://${remote.root}/acme/widgets.git`)
    const sha = remote.createBranch('feature', {
      files: { 'src/a.ts': 'a2\n', 'src/b.ts': 'b\n', 'README.md': null },
      message: 'Change a, add b',
      author: { name: 'Alice Doe', email: 'alice@example.com' }
    })
    expect(remote.branchSha('feature')).toBe(sha)
    expect(remote.readFile('feature', 'src/a.ts')).toBe('a2\n')
    expect(remote.readFile('feature', 'README.md')).toBeUndefined()
    expect(remote.readFile('main', 'README.md')).toBe('hello\n')
    expect(remote.listFiles('feature')).toEqual(['src/a.ts', 'src/b.ts'])
    const log = remote.log('feature')
    expect(log.map(c => c.message)).toEqual(['Change a, add b', 'Initial commit'])
    expect(log[0]).toMatchObject({ sha, author: { name: 'Alice Doe', email: 'alice@example.com' } })
    const refs = remote.updatePullRefs(7, 'feature', 'main')
    expect(refs.head).toBe(sha)
    expect(remote.log('main')).toHaveLength(1)
    // A real client sees the same refs GitHub would advertise.
    const advertised = execFileSync('git', ['ls-remote', remote.cloneUrl], { encoding: 'utf8' })
    expect(advertised).toContain(`${sha}\trefs/pull/7/head`)
    expect(advertised).toContain(`${refs.merge}\trefs/pull/7/merge`)
  })

  it('refuses to branch from nothing, naming the branch', () => {
    expect(() => remote.createBranch('x', { from: 'nope' })).toThrow(/nope/)
    expect(() => remote.commit('nope', { a: 'b' })).toThrow(/no such branch/)
  })
})

describe('GitHubFake through octokit', () => {
  let world: Sandbox
  let bot: ReturnType<typeof getOctokit>
  const repo = { owner: 'acme', repo: 'widgets' }
  beforeAll(async () => {
    world = await Sandbox.create({ owner: 'acme', repo: 'widgets' })
    bot = getOctokit(world.fake.actionToken, { baseUrl: world.fake.url })
  })
  afterAll(() => world.dispose())

  it('answers a normal session and every answer fits GitHub OpenAPI', async () => {
    const { fake, remote } = world
    fake.setPermission('maintainer', 'write')
    const pr = world.openPullRequest({
      headRef: 'feature',
      title: 'Add feature',
      author: 'alice',
      body: 'Please review'
    })

    const repoData = (await bot.rest.repos.get(repo)).data
    expect(repoData).toMatchObject({
      full_name: 'acme/widgets',
      default_branch: 'main',
      private: false
    })

    const pull = (await bot.rest.pulls.get({ ...repo, pull_number: pr.number })).data
    expect(pull).toMatchObject({
      number: pr.number,
      title: 'Add feature',
      state: 'open',
      draft: false,
      user: { login: 'alice' }
    })
    expect(pull.head).toMatchObject({ ref: 'feature', sha: remote.branchSha('feature') })
    expect(pull.base.ref).toBe('main')
    // A push is seen on the next read: the head SHA is live from the bare repo.
    const pushed = remote.commit('feature', { 'more.txt': 'more\n' })
    const afterPush = (await bot.rest.pulls.get({ ...repo, pull_number: pr.number })).data
    expect(afterPush.head.sha).toBe(pushed)
    expect(afterPush).toMatchObject({ commits: 2, changed_files: 2, mergeable: true })
    expect(afterPush.merge_commit_sha).toBe(remote.resolve(`refs/pull/${pr.number}/merge`))
    const diff = await bot.rest.pulls.get({
      ...repo,
      pull_number: pr.number,
      mediaType: { format: 'diff' }
    })
    expect(String(diff.data)).toContain('+++ b/more.txt')

    for (let i = 0; i < 4; i++)
      fake.comment(pr.number, { login: i % 2 ? 'maintainer' : 'alice', body: `person ${i}` })
    const created = (
      await bot.rest.issues.createComment({ ...repo, issue_number: pr.number, body: 'status v1' })
    ).data
    expect(created.user).toMatchObject({ login: ACTIONS_BOT.login, id: 41898282, type: 'Bot' })
    expect(created.author_association).toBe('NONE')
    await bot.rest.issues.updateComment({ ...repo, comment_id: created.id, body: 'status v2' })
    expect((await bot.rest.issues.getComment({ ...repo, comment_id: created.id })).data.body).toBe(
      'status v2'
    )

    const all = await bot.paginate(bot.rest.issues.listComments, {
      ...repo,
      issue_number: pr.number,
      per_page: 2
    })
    expect(all.map(c => c.body)).toEqual([
      'person 0',
      'person 1',
      'person 2',
      'person 3',
      'status v2'
    ])
    expect(all.map(c => c.author_association)).toEqual([
      'NONE',
      'COLLABORATOR',
      'NONE',
      'COLLABORATOR',
      'NONE'
    ])
    const pages = fake.requests.filter(r => r.operationId === 'issues/list-comments')
    expect(pages).toHaveLength(3)

    const added = await bot.rest.issues.addLabels({
      ...repo,
      issue_number: pr.number,
      labels: ['review-loop: awaiting decision']
    })
    expect(added.data.map(l => l.name)).toEqual(['review-loop: awaiting decision'])
    await bot.rest.issues.removeLabel({
      ...repo,
      issue_number: pr.number,
      name: 'review-loop: awaiting decision'
    })
    expect(fake.labels(pr.number)).toEqual([])
    const missing = await bot.rest.issues
      .removeLabel({ ...repo, issue_number: pr.number, name: 'nope' })
      .catch((e: unknown) => e)
    expect(missing).toMatchObject({
      status: 404,
      response: { data: { message: 'Label does not exist' } }
    })

    const perm = async (username: string) =>
      (await bot.rest.repos.getCollaboratorPermissionLevel({ ...repo, username })).data
    expect(await perm('maintainer')).toMatchObject({
      permission: 'write',
      role_name: 'write',
      user: { login: 'maintainer' }
    })
    expect((await perm('alice')).permission).toBe('read')
    expect((await perm('acme')).permission).toBe('admin')

    const dispatched = await bot.rest.actions.createWorkflowDispatch({
      ...repo,
      workflow_id: 'review-loop.yml',
      ref: 'main',
      inputs: { pr: String(pr.number) }
    })
    expect(dispatched.status).toBe(204)
    expect(fake.dispatches).toEqual([
      {
        workflow: 'review-loop.yml',
        ref: 'main',
        inputs: { pr: String(pr.number) },
        by: ACTIONS_BOT.login
      }
    ])

    expect(
      (
        await bot.rest.reactions.createForIssueComment({
          ...repo,
          comment_id: created.id,
          content: 'eyes'
        })
      ).status
    ).toBe(201)

    const me = await bot.rest.users.getAuthenticated().catch((e: unknown) => e)
    expect(me).toMatchObject({
      status: 403,
      response: { data: { message: 'Resource not accessible by integration' } }
    })
    const alice = getOctokit(fake.tokenFor('alice'), { baseUrl: fake.url })
    expect((await alice.rest.users.getAuthenticated()).data.login).toBe('alice')
    const byAlice = (
      await alice.rest.issues.createComment({
        ...repo,
        issue_number: pr.number,
        body: 'from a PAT'
      })
    ).data
    expect(byAlice.user?.login).toBe('alice')

    expect(fake.violations).toEqual([])
    expect(fake.requests.every(r => r.status > 0 && r.operationId)).toBe(true)
  })

  it('records a wrong body, an unknown route and a bad token like GitHub answers them', async () => {
    const { fake } = world
    const before = fake.violations.length
    const wrong = await bot
      .request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments' as string, {
        ...repo,
        issue_number: 1,
        text: 'no body field'
      })
      .catch((e: unknown) => e)
    expect(wrong).toMatchObject({ status: 422 })
    const unknown = await bot
      .request('GET /repos/{owner}/{repo}/no-such-thing', repo)
      .catch((e: unknown) => e)
    expect(unknown).toMatchObject({ status: 404, response: { data: { message: 'Not Found' } } })
    const kinds = fake.violations.slice(before).map(v => v.kind)
    expect(kinds).toEqual(['request-body', 'unknown-route'])
    expect(fake.violations[before]?.message).toMatch(/body/)

    const stranger = getOctokit('ghp_not_a_token', { baseUrl: fake.url })
    expect(await stranger.rest.repos.get(repo).catch((e: unknown) => e)).toMatchObject({
      status: 401,
      response: { data: { message: 'Bad credentials' } }
    })
    fake.setActionTokenReadOnly(true)
    const readOnly = await bot.rest.issues
      .createComment({ ...repo, issue_number: 1, body: 'x' })
      .catch((e: unknown) => e)
    fake.setActionTokenReadOnly(false)
    expect(readOnly).toMatchObject({ status: 403 })
  })
})

describe('OpenApiSpec', () => {
  it('matches routes by template and catches responses that do not fit, nullable included', () => {
    const spec = OpenApiSpec.get()
    const labels = spec.match('DELETE', '/repos/a/b/issues/3/labels/review-loop%3A%20converged')
    expect(labels).toMatchObject({
      operationId: 'issues/remove-label',
      params: { issue_number: '3', name: 'review-loop: converged' }
    })
    expect(spec.match('GET', '/repos/a/b/issues/comments/5')?.operationId).toBe(
      'issues/get-comment'
    )
    expect(spec.match('GET', '/repos/a/b/nothing-here')).toBeUndefined()
    const label = {
      id: 1,
      node_id: 'x',
      url: 'https://x.test/l',
      name: 'l',
      description: null,
      color: 'ededed',
      default: false
    }
    expect(spec.validateResponse(labels!, 200, [label])).toEqual([])
    expect(spec.validateResponse(labels!, 200, [{ ...label, description: 5 }])).not.toEqual([])
    expect(
      spec.validateResponse(spec.match('GET', '/repos/a/b/pulls/1')!, 200, { number: 1 })
    ).not.toEqual([])
    expect(spec.validateResponse(labels!, 201, [label])).toEqual([
      'status 201 is not documented for issues/remove-label'
    ])
  })
})

describe('events from real webhook examples', () => {
  let world: Sandbox
  beforeAll(async () => {
    world = await Sandbox.create({ owner: 'acme', repo: 'widgets' })
  })
  afterAll(() => world.dispose())

  it('patches repository, PR, refs and SHAs and keeps the example’s other fields', () => {
    const original = webhookExamples('pull_request').find(e => e.action === 'synchronize') as {
      repository: { created_at: unknown }
    }
    const pr = world.openPullRequest({
      headRef: 'topic',
      title: 'Topic',
      author: 'alice',
      draft: true
    })
    const { name, payload } = world.pullRequestEvent('synchronize', pr.number, {
      before: 'b'.repeat(40)
    })
    expect(name).toBe('pull_request')
    expect(payload).toMatchObject({ action: 'synchronize', number: pr.number })
    expect(payload.repository).toMatchObject({
      full_name: 'acme/widgets',
      name: 'widgets',
      default_branch: 'main',
      owner: { login: 'acme' }
    })
    expect(field(payload, 'repository.clone_url')).toBe(world.remote.cloneUrl)
    // Untouched by the patch: it comes from GitHub's example.
    expect(field(payload, 'repository.created_at')).toEqual(original.repository.created_at)
    expect(payload.pull_request).toMatchObject({
      number: pr.number,
      draft: true,
      user: { login: 'alice' }
    })
    expect(field(payload, 'pull_request.head')).toMatchObject({
      ref: 'topic',
      sha: world.remote.branchSha('topic')
    })
    expect(field(payload, 'pull_request.base')).toMatchObject({
      ref: 'main',
      sha: world.remote.branchSha('main')
    })
    expect(field(payload, 'pull_request.diff_url')).toBe(
      `https://github.com/acme/widgets/pull/${pr.number}.diff`
    )
    expect(payload.after).toBe(world.remote.branchSha('topic'))
    expect(JSON.stringify(payload)).not.toMatch(/Hello-World|api\.github\.com/)

    const { comment, event } = world.postComment(pr.number, {
      login: 'alice',
      body: '/review-loop continue'
    })
    expect(field(event.payload, 'issue.pull_request.url')).toBe(
      `${world.fake.url}/repos/acme/widgets/pulls/${pr.number}`
    )
    expect(event.payload.comment).toMatchObject({
      id: comment.id,
      body: '/review-loop continue',
      user: { login: 'alice' },
      author_association: 'NONE'
    })
    const plain = issueCommentEvent(world.site, {
      issue: { number: world.fake.openIssue(), isPull: false, author: 'bob' },
      comment: { id: 5, body: 'hi', user: 'bob', author_association: 'CONTRIBUTOR' }
    })
    expect(field(plain.payload, 'issue')).toHaveProperty('number')
    expect(field(plain.payload, 'issue.pull_request')).toBeUndefined()

    const d = workflowDispatchEvent(world.site, { pr: pr.number })
    expect(d.payload).toMatchObject({
      ref: 'refs/heads/main',
      inputs: { pr: String(pr.number) },
      workflow: '.github/workflows/review-loop.yml'
    })
    expect(world.pushEvent().payload).toMatchObject({
      ref: 'refs/heads/main',
      after: world.remote.branchSha('main')
    })
    const opened = pullRequestEvent('opened', world.site, {
      number: 9,
      headRef: 'h',
      headSha: 'a'.repeat(40),
      baseRef: 'main',
      baseSha: 'c'.repeat(40),
      author: 'zed',
      fork: true
    })
    expect(field(opened.payload, 'pull_request.head.repo')).toMatchObject({
      full_name: 'zed/widgets',
      fork: true
    })
  })
})

describe('runAction', () => {
  const echoScript = `
import { appendFileSync, readFileSync, readdirSync } from 'node:fs'
const env = process.env
const out = (name, value) => appendFileSync(env.GITHUB_OUTPUT, name + '<<EOF_1\\n' + value + '\\nEOF_1\\n')
out('token', env['INPUT_GITHUB-TOKEN'] ?? '')
out('spaced', env['INPUT_MY_INPUT'] ?? '')
out('driver', env.INPUT_DRIVER ?? '')
out('unset', String(env.INPUT_UNSET))
out('multi', 'line 1\\nline 2')
appendFileSync(env.GITHUB_OUTPUT, 'plain=a=b\\n')
const keys = ['GITHUB_ACTIONS','CI','GITHUB_EVENT_NAME','GITHUB_REPOSITORY','GITHUB_REPOSITORY_OWNER','GITHUB_REF','GITHUB_SHA','GITHUB_HEAD_REF','GITHUB_BASE_REF','GITHUB_WORKFLOW_REF','GITHUB_RUN_ID','GITHUB_RUN_ATTEMPT','GITHUB_ACTOR','GITHUB_API_URL','GITHUB_SERVER_URL','GITHUB_GRAPHQL_URL','RUNNER_OS','LEAK','EXTRA']
out('env', JSON.stringify(Object.fromEntries(keys.map((k) => [k, env[k] ?? null]))))
out('event', JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')).action ?? '')
out('workspace', readdirSync(env.GITHUB_WORKSPACE).length + ':' + (process.cwd() === env.GITHUB_WORKSPACE))
out('files', [env.GITHUB_STEP_SUMMARY, env.GITHUB_STATE, env.GITHUB_ENV, env.GITHUB_PATH, env.RUNNER_TEMP].every(Boolean) + '')
appendFileSync(env.GITHUB_STEP_SUMMARY, '## Summary\\n')
console.log('::warning::careful')
console.log('::error file=a.ts::broken')
console.log('::add-mask::secret')
`

  it('gives the step the runner’s environment, inputs and command files, and parses them back', async () => {
    const world = await Sandbox.create({ owner: 'acme', repo: 'widgets' })
    process.env.LEAK = 'from the test process'
    process.env['INPUT_GITHUB-TOKEN'] = 'leaked'
    try {
      const pr = world.openPullRequest({ headRef: 'feature', author: 'alice' })
      const entry = script('echo.mjs', echoScript)
      const actionYml = script(
        'action.yml',
        [
          'name: t',
          'inputs:',
          '  github-token:',
          '    description: >-',
          '      default: not this',
          '    default: ${{ github.token }}',
          '  driver:',
          '    required: false',
          "    default: 'none'",
          '  unset:',
          '    required: false',
          'outputs:',
          '  driver:',
          '    default: wrong',
          ''
        ].join('\n')
      )
      const result = await world.run(world.pullRequestEvent('opened', pr.number), {
        entry,
        actionYml,
        inputs: { 'my input': 'spaced value' },
        env: { EXTRA: 'cache-url' }
      })
      expect(result.stderr).toBe('')
      expect(result.exitCode).toBe(0)
      expect(result.outputs).toMatchObject({
        token: world.fake.actionToken,
        spaced: 'spaced value',
        driver: 'none',
        unset: 'undefined',
        multi: 'line 1\nline 2',
        plain: 'a=b',
        event: 'opened',
        workspace: '0:true',
        files: 'true'
      })
      const env = JSON.parse(result.outputs.env ?? '{}') as Record<string, string | null>
      const merge = world.remote.resolve(`refs/pull/${pr.number}/merge`)
      expect(env).toEqual({
        GITHUB_ACTIONS: 'true',
        CI: 'true',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_REPOSITORY: 'acme/widgets',
        GITHUB_REPOSITORY_OWNER: 'acme',
        GITHUB_REF: `refs/pull/${pr.number}/merge`,
        GITHUB_SHA: merge,
        GITHUB_HEAD_REF: 'feature',
        GITHUB_BASE_REF: 'main',
        GITHUB_WORKFLOW_REF: `acme/widgets/.github/workflows/review-loop.yml@refs/pull/${pr.number}/merge`,
        GITHUB_RUN_ID: expect.stringMatching(/^\d+$/),
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_ACTOR: 'alice',
        GITHUB_API_URL: world.fake.url,
        GITHUB_SERVER_URL: world.remote.serverUrl,
        GITHUB_GRAPHQL_URL: `${world.fake.url}/graphql`,
        RUNNER_OS: 'Linux',
        LEAK: null,
        EXTRA: 'cache-url'
      })
      expect(result.summary).toBe('## Summary\n')
      expect(result.annotations).toEqual(['::warning::careful', '::error file=a.ts::broken'])
      expect(result.masks).toEqual(['secret'])

      const second = await world.run(world.workflowDispatchEvent(pr.number), { entry })
      const env2 = JSON.parse(second.outputs.env ?? '{}') as Record<string, string>
      expect(Number(env2.GITHUB_RUN_ID)).toBeGreaterThan(Number(env.GITHUB_RUN_ID))
      expect(env2).toMatchObject({
        GITHUB_REF: 'refs/heads/main',
        GITHUB_SHA: world.remote.branchSha('main'),
        GITHUB_HEAD_REF: ''
      })
      expect(second.workspace).not.toBe(result.workspace)
    } finally {
      delete process.env.LEAK
      delete process.env['INPUT_GITHUB-TOKEN']
      await world.dispose()
    }
  })

  it('lets the step call the fake and push to the remote while the test waits', async () => {
    const world = await Sandbox.create({ owner: 'acme', repo: 'widgets' })
    try {
      const pr = world.openPullRequest({ headRef: 'feature', author: 'alice' })
      const entry = script(
        'act.mjs',
        `
import { execFileSync } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
const env = process.env
const pr = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')).issue.number
const headers = { authorization: 'token ' + env['INPUT_GITHUB-TOKEN'], 'content-type': 'application/json' }
const api = env.GITHUB_API_URL + '/repos/' + env.GITHUB_REPOSITORY
const pull = await (await fetch(api + '/pulls/' + pr, { headers })).json()
const git = (...args) => execFileSync('git', args, { cwd: env.GITHUB_WORKSPACE, encoding: 'utf8' })
git('clone', '--quiet', '--branch', pull.head.ref, env.GITHUB_SERVER_URL + '/' + env.GITHUB_REPOSITORY + '.git', '.')
writeFileSync(env.GITHUB_WORKSPACE + '/fix.txt', 'fixed\\n')
git('add', 'fix.txt')
git('-c', 'user.name=review-loop', '-c', 'user.email=bot@example.com', 'commit', '--quiet', '-m', 'Fix it')
git('push', '--quiet', 'origin', 'HEAD:' + pull.head.ref)
const res = await fetch(api + '/issues/' + pr + '/comments', { method: 'POST', headers, body: JSON.stringify({ body: 'pushed' }) })
appendFileSync(env.GITHUB_OUTPUT, 'status=' + res.status + '\\n')
`
      )
      const { event } = world.postComment(pr.number, {
        login: 'acme',
        body: '/review-loop continue'
      })
      const result = await world.run(event, { entry, timeoutMs: 30_000 })
      expect(result.stderr).toBe('')
      expect(result.outputs.status).toBe('201')
      expect(world.remote.readFile('feature', 'fix.txt')).toBe('fixed\n')
      expect(world.remote.log('feature')[0]?.message).toBe('Fix it')
      expect(world.fake.comments(pr.number).map(c => [c.user.login, c.body])).toEqual([
        ['acme', '/review-loop continue'],
        [ACTIONS_BOT.login, 'pushed']
      ])
      expect(world.fake.violations).toEqual([])
    } finally {
      await world.dispose()
    }
  })

  it('kills a step that outlives its timeout, and says when the entry is missing', async () => {
    const entry = script('hang.mjs', 'setInterval(() => {}, 1000)\n')
    const base = {
      repository: 'a/b',
      apiUrl: 'http://127.0.0.1:9',
      serverUrl: 'file:///nowhere',
      actionYml: false as const
    }
    const event = workflowDispatchEventStub()
    // The entry never ends by itself: that the run came back at all, timed out and killed (no exit code), is the proof.
    const result = await runAction({ ...base, event, entry, timeoutMs: 300 })
    expect(result.timedOut).toBe(true)
    expect(result.exitCode).toBeNull()
    expect(result.signal).toBe('SIGKILL')
    rmSync(result.runDir, { recursive: true, force: true })
    await expect(runAction({ ...base, event, entry: join(scripts, 'missing.js') })).rejects.toThrow(
      /missing\.js does not exist/
    )
  })

  it('spells inputs and parses file commands the way the runner does', () => {
    expect(inputVariable('github-token')).toBe('INPUT_GITHUB-TOKEN')
    expect(inputVariable('my input')).toBe('INPUT_MY_INPUT')
    expect(parseFileCommand('a=1\nb<<X\nline\n\nmore\nX\nc=\n')).toEqual({
      a: '1',
      b: 'line\n\nmore',
      c: ''
    })
    expect(() => parseFileCommand('b<<X\nnever closed\n')).toThrow(/never closed/)
  })
})

/** Reads a dotted path out of a payload. */
function field(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) =>
        at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined,
      value
    )
}

function workflowDispatchEventStub() {
  return { name: 'workflow_dispatch', payload: { ref: 'refs/heads/main', inputs: {} } }
}
