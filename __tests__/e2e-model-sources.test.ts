/** The API sources end to end: dist/index.js against loopback stand-ins for the OpenAI and Anthropic APIs. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest } from '../__fixtures__/sample-repo.js'
import { gateComments, ok, statusRecord } from '../__fixtures__/e2e.js'
import { OpenAIFake } from '../__fixtures__/providers/openai-fake.js'
import { AnthropicFake } from '../__fixtures__/providers/anthropic-fake.js'

let world: LoopWorld
let openai: OpenAIFake
let anthropic: AnthropicFake

const KEY = 'sk-test-openai-key-1234567890'
const ANT_KEY = 'sk-ant-test-key-1234567890'

beforeAll(async () => {
  openai = await OpenAIFake.start({ apiKey: KEY, reasoning: true })
  anthropic = await AnthropicFake.start({ apiKey: ANT_KEY })
})
afterAll(async () => {
  await openai.close()
  await anthropic.close()
})
beforeEach(async () => {
  openai.reset()
  anthropic.reset()
  // The driver has tests of its own (driver-*.test.ts, e2e-judgment.test.ts): these runs are about the sources.
  world = await LoopWorld.create({ files: BASE_FILES, inputs: { landing: 'head', driver: 'none' } })
  openSamplePullRequest(world)
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

const looseEquality = {
  verdict: 'needs-attention',
  findings: [
    {
      severity: 'medium',
      file: 'src/client.js',
      line: 8,
      description: 'Loose equality lets "404" match.',
      fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' }
    }
  ],
  exercised: {
    reached: ['contract-closure'],
    unreached: [{ axis: 'concurrency', reason: 'not exercised' }]
  }
}
const approve = {
  verdict: 'approve',
  findings: [],
  exercised: { reached: ['contract-closure'], unreached: [] }
}

const openaiInputs = {
  source: 'openai',
  'base-url': '',
  'openai-api-key': KEY,
  model: 'gpt-5',
  'source-timeout': '20'
}

describe('openai', () => {
  it('reviews through the chat completions API with structured output, fixes, re-reviews and converges', async () => {
    const inputs = { ...openaiInputs, 'base-url': openai.baseUrl }
    openai.answerJson(looseEquality).answerJson(approve)
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ status: 'continue', round: '1', verdict: 'needs-attention' })
    const [first] = openai.requests
    expect(first!.headers.authorization).toBe(`Bearer ${KEY}`)
    const body = first!.body as {
      model: string
      response_format: { type: string }
      messages: { role: string; content: string }[]
      reasoning_effort?: string
    }
    expect(body.model).toBe('gpt-5')
    expect(body.response_format.type).toBe('json_schema')
    expect(body.reasoning_effort).toBe('medium')
    const user = body.messages.find(m => m.role === 'user')!.content
    // An API source cannot read the repository: it is sent the diff.
    expect(user).toContain('return status == 404')
    expect(user).toContain('contract-closure')
    const [r2] = await world.runDispatches(inputs)
    expect(ok(r2!).outputs).toMatchObject({ status: 'converged', round: '2', verdict: 'approve' })
    expect(statusRecord(world).body).toMatch(/Call: +openai gpt-5, reasoning effort medium/)
    // The key is masked and never lands anywhere a person reads.
    expect(JSON.stringify(world.fake.commentList) + r1.summary + r2!.summary).not.toContain(KEY)
  })

  it("a pull request's own .gitattributes cannot hide a file's diff from the source", async () => {
    world.remote.commit('feature/not-found', { '.gitattributes': 'src/client.js -diff\n' })
    const inputs = { ...openaiInputs, 'base-url': openai.baseUrl }
    openai.answerJson(approve)
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const user = (
      openai.requests[0]!.body as { messages: { role: string; content: string }[] }
    ).messages.find(m => m.role === 'user')!.content
    expect(user).toContain('return status == 404')
    expect(user).not.toContain('Binary files')
  })

  it('retries a 500; an answer that breaks the schema is no review, kept whole on the trace', async () => {
    const inputs = { ...openaiInputs, 'base-url': openai.baseUrl }
    openai.respond(500, { error: { message: 'The server had an error', type: 'server_error' } })
    openai.answerJson({ verdict: 'lgtm', findings: [], exercised: { reached: [], unreached: [] } })
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(openai.requests).toHaveLength(2)
    expect(r1.outputs).toMatchObject({ status: 'no-review', verdict: '', 'open-gates': 'G1' })
    expect(r1.summary).toMatch(/verdict/)
    expect(r1.summary).toContain('lgtm')
  })

  it('retries a 429 after retry-after, and a malformed answer is no review', async () => {
    const inputs = { ...openaiInputs, 'base-url': openai.baseUrl }
    openai.respond(
      429,
      { error: { message: 'Rate limit reached', type: 'requests' } },
      { 'retry-after': '1' }
    )
    openai.answerText('Looks fine to me, nothing to add.')
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(openai.requests).toHaveLength(2)
    expect(openai.requests[1]!.at - openai.requests[0]!.at).toBeGreaterThanOrEqual(900)
    expect(r1.outputs).toMatchObject({ status: 'no-review', verdict: '', 'open-gates': 'G1' })
    expect(r1.summary).toContain('Looks fine to me, nothing to add.')
  })

  it('a call that hangs past the timeout is no review, and the gate offers the other usable source', async () => {
    const inputs = {
      ...openaiInputs,
      'base-url': openai.baseUrl,
      'source-timeout': '2',
      'anthropic-api-key': ANT_KEY
    }
    openai.hang()
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r1.outputs).toMatchObject({ status: 'no-review', 'open-gates': 'G1' })
    // The budget is what is left of `source-timeout` when the call starts: under load a little less than 2 s.
    expect(r1.summary).toMatch(/gave no answer within the call's budget of [12]\.\d s/)
    expect(gateComments(world)[0]!.body).toContain('switch-anthropic')
    // Switching takes effect from the next round and is recorded.
    anthropic.answerJson(approve)
    // The workflow's base-url and model were written for openai; anthropic takes its own (ANTHROPIC_BASE_URL here).
    const r2 = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop G1 switch-anthropic', inputs, {
        ANTHROPIC_BASE_URL: anthropic.baseUrl.replace(/\/v1\/?$/, '')
      })
    )
    expect(r2.outputs).toMatchObject({ status: 'converged', round: '2', verdict: 'approve' })
    expect(anthropic.requests[0]!.headers['x-api-key']).toBe(ANT_KEY)
    expect((anthropic.requests[0]!.body as { model: string }).model).toBe('claude-sonnet-4-5')
    expect(statusRecord(world).body).toContain('switched from openai at G1 by @octo-maintainer')
  })

  it('a pull request too large for one request is reviewed in parts within budget; what no part could carry is unreached', async () => {
    const files: Record<string, string> = {}
    for (const name of ['a', 'b', 'c', 'd']) {
      const lines = Array.from(
        { length: 200 },
        (_, i) => `export const ${name}${i} = ${i} // ${'x'.repeat(10)}`
      )
      files[`src/${name}.js`] = lines.join('\n') + '\n'
    }
    files['src/huge.js'] = `export const blob = '${'y'.repeat(30_000)}'\n`
    world.remote.commit('feature/not-found', files)
    const inputs = { ...openaiInputs, 'base-url': openai.baseUrl, 'review-budget': '20000' }
    openai.always({ kind: 'json', value: approve })
    const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(openai.requests.length).toBeGreaterThan(1)
    for (const request of openai.requests) {
      const user = (
        request.body as { messages: { role: string; content: string }[] }
      ).messages.find(m => m.role === 'user')!.content
      expect(user.length).toBeLessThanOrEqual(20_000)
    }
    expect(r1.summary).toMatch(/not reached:.*src\/huge\.js/)
    expect(r1.outputs.verdict).toBe('approve')
  })
})
