import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { AnthropicFake } from '../__fixtures__/providers/anthropic-fake.js'
import { OpenAIFake } from '../__fixtures__/providers/openai-fake.js'
import { AnthropicClient } from '../src/models/anthropic.js'
import { isRetryableStatus, retryAfterMs } from '../src/models/http.js'
import { createModelClient } from '../src/models/index.js'
import { OpenAIClient } from '../src/models/openai.js'
import { ModelCallError, type ModelRequest } from '../src/models/types.js'
import { isStrictSchema, wireName } from '../src/models/wire-rules.js'

const OPENAI_KEY = 'sk-test-openai-4f1c9a7e2b6d8053'
const ANTHROPIC_KEY = 'sk-ant-test-9e8d7c6b5a4f3e2d'

/** A schema that meets OpenAI's strict rules. */
const STRICT = {
  name: 'review_answer',
  schema: {
    type: 'object',
    properties: {
      verdict: { type: 'string', enum: ['approve', 'needs-attention'] },
      findings: {
        type: 'array',
        items: {
          type: 'object',
          properties: { file: { type: 'string' }, line: { type: 'integer' } },
          required: ['file', 'line'],
          additionalProperties: false
        }
      }
    },
    required: ['verdict', 'findings'],
    additionalProperties: false
  }
}

/** One that does not: an optional property, extra properties allowed. */
const LOOSE = {
  name: 'loose answer',
  schema: {
    type: 'object',
    properties: { verdict: { type: 'string' }, note: { type: 'string' } },
    required: ['verdict']
  }
}

const ANSWER = { verdict: 'needs-attention', findings: [{ file: 'src/a.ts', line: 3 }] }

const request = (over: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'You review pull requests.',
  user: 'Review the diff between abc and def.',
  schema: STRICT,
  maxOutputTokens: 2000,
  timeoutMs: 10_000,
  ...over
})

/** Short backoffs where the wait itself is not under test. */
const FAST = { baseDelayMs: 20, maxDelayMs: 50 }

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ModelCallError)
    return error as ModelCallError
  }
  throw new Error('expected the call to fail')
}

let openai: OpenAIFake
let anthropic: AnthropicFake

beforeAll(async () => {
  openai = await OpenAIFake.start({ apiKey: OPENAI_KEY })
  anthropic = await AnthropicFake.start({ apiKey: ANTHROPIC_KEY })
})

afterAll(async () => {
  await openai.close()
  await anthropic.close()
})

afterEach(() => {
  openai.reset()
  anthropic.reset()
})

describe('OpenAI-compatible client', () => {
  const client = (over: Partial<ConstructorParameters<typeof OpenAIClient>[0]> = {}) =>
    new OpenAIClient({
      model: 'gpt-test',
      apiKey: OPENAI_KEY,
      baseUrl: openai.baseUrl,
      retry: FAST,
      ...over
    })

  it('sends a chat completion with a strict json_schema response format and maps the answer', async () => {
    openai.answerJson(ANSWER, { usage: { inputTokens: 111, outputTokens: 22 } })
    const answer = await client().complete(request())

    expect(openai.requests).toHaveLength(1)
    const sent = openai.requests[0]!
    expect(sent.method).toBe('POST')
    expect(sent.path).toBe('/v1/chat/completions')
    expect(sent.headers['authorization']).toBe(`Bearer ${OPENAI_KEY}`)
    expect(sent.headers['content-type']).toBe('application/json')
    expect(sent.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'You review pull requests.' },
        { role: 'user', content: 'Review the diff between abc and def.' }
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'review_answer', schema: STRICT.schema, strict: true }
      },
      // A custom base URL and no reasoning flag: the field older local servers read.
      max_tokens: 2000
    })
    expect(answer).toEqual({
      text: JSON.stringify(ANSWER),
      stopReason: 'stop',
      usage: { inputTokens: 111, outputTokens: 22 },
      model: 'gpt-test',
      attempts: 1
    })
  })

  it('sends strict false for a schema strict mode would refuse, and a safe schema name', async () => {
    openai.answerJson({ verdict: 'approve' })
    await client().complete(request({ schema: LOOSE }))
    const format = (openai.requests[0]!.body as { response_format: unknown }).response_format
    expect(format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'loose_answer', schema: LOOSE.schema, strict: false }
    })
  })

  it('does not retry a 400: forcing strict on a loose schema fails with the API message', async () => {
    const error = await failure(client({ strict: true }).complete(request({ schema: LOOSE })))
    expect(openai.requests).toHaveLength(1)
    expect(error.kind).toBe('http')
    expect(error.status).toBe(400)
    expect(error.attempts).toBe(1)
    expect(error.message).toContain(
      "'additionalProperties' is required to be supplied and to be false"
    )
    expect(error.message).toContain('invalid_json_schema')
  })

  it('sends reasoning_effort and max_completion_tokens only for a reasoning model, and reports it', async () => {
    const reasoning = await OpenAIFake.start({ apiKey: OPENAI_KEY, reasoning: true })
    try {
      reasoning.answerJson(ANSWER)
      const answer = await client({ baseUrl: reasoning.baseUrl, reasoning: true }).complete(
        request({ effort: 'high' })
      )
      const body = reasoning.requests[0]!.body as Record<string, unknown>
      expect(body['reasoning_effort']).toBe('high')
      expect(body['max_completion_tokens']).toBe(2000)
      expect(body).not.toHaveProperty('max_tokens')
      expect(answer.effort).toBe('high')
    } finally {
      await reasoning.close()
    }

    // The plain fake refuses reasoning_effort, as OpenAI does for a model without it.
    openai.answerJson(ANSWER)
    const plain = await client().complete(request({ effort: 'high' }))
    expect(openai.requests[0]!.body).not.toHaveProperty('reasoning_effort')
    expect(plain.effort).toBeUndefined()
  })

  it('picks max_completion_tokens on OpenAI itself, and honours an explicit field', () => {
    const official = new OpenAIClient({ model: 'gpt-test', apiKey: OPENAI_KEY })
    expect(official.url).toBe('https://api.openai.com/v1/chat/completions')
    expect(official.tokenLimitField).toBe('max_completion_tokens')
    expect(client({ tokenLimitField: 'max_completion_tokens' }).tokenLimitField).toBe(
      'max_completion_tokens'
    )
  })

  it('calls an Azure deployment with api-version and the api-key header', async () => {
    openai.answerJson(ANSWER)
    const azure = new OpenAIClient({
      model: 'gpt-test',
      apiKey: OPENAI_KEY,
      azure: { endpoint: `${openai.origin}/`, deployment: 'review-deploy' },
      retry: FAST
    })
    const answer = await azure.complete(request())
    const sent = openai.requests[0]!
    expect(sent.path).toBe(
      '/openai/deployments/review-deploy/chat/completions?api-version=2024-10-21'
    )
    expect(sent.headers['api-key']).toBe(OPENAI_KEY)
    expect(sent.headers).not.toHaveProperty('authorization')
    expect(answer.text).toBe(JSON.stringify(ANSWER))
  })

  it('turns a refusal into a protocol error carrying the refusal', async () => {
    openai.refuse("I'm sorry, I can't help with that.")
    const error = await failure(client().complete(request()))
    expect(error.kind).toBe('protocol')
    expect(error.message).toContain("I'm sorry, I can't help with that.")
  })

  it('fails an envelope without what it reads, naming the part: never read as an empty answer', async () => {
    const cases: [unknown, RegExp][] = [
      [{ choices: [] }, /\(choices: /],
      [{ choices: [{ message: { content: 5 } }] }, /\(choices\[0\]\.message\.content: /],
      [{ choices: [{ finish_reason: 'stop' }] }, /\(choices\[0\]\.message: /],
      [
        { choices: [{ message: { content: '{}' } }], usage: { prompt_tokens: 'many' } },
        /\(usage\.prompt_tokens: /
      ]
    ]
    for (const [body, part] of cases) {
      openai.respond(200, body)
      const error = await failure(client().complete(request()))
      expect(error.kind).toBe('protocol')
      expect(error.message).toMatch(/^OpenAI answered with an envelope the loop cannot read /)
      expect(error.message).toMatch(part)
    }
  })

  it('returns malformed or schema-violating text as written, for the caller to judge', async () => {
    openai.answerText('{"verdict": "approve", ', { stopReason: 'length' })
    openai.answerJson({ verdict: 42 })
    const cut = await client().complete(request())
    expect(cut).toMatchObject({ text: '{"verdict": "approve", ', stopReason: 'length' })
    const wrong = await client().complete(request())
    expect(wrong.text).toBe('{"verdict":42}')
  })

  it('includes the error body message and code', async () => {
    openai.respond(404, {
      error: {
        message: 'The model `gpt-nope` does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found'
      }
    })
    const error = await failure(client().complete(request()))
    expect(error).toMatchObject({ kind: 'http', status: 404, attempts: 1 })
    expect(error.message).toContain('The model `gpt-nope` does not exist')
    expect(error.message).toContain('model_not_found')
  })

  it('waits as retry-after says on a 429, then succeeds', async () => {
    openai.respond(
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      { 'retry-after': '1' }
    )
    openai.answerJson(ANSWER)
    const log: string[] = []
    const answer = await client({ log: line => log.push(line) }).complete(request())
    expect(answer.attempts).toBe(2)
    expect(openai.requests).toHaveLength(2)
    expect(log).toEqual([expect.stringMatching(/attempt 1 failed .*; retrying in 1\.0 s$/)])
    // It did wait: the second request came no sooner than asked (a busy machine only makes the gap longer).
    expect(openai.requests[1]!.at - openai.requests[0]!.at).toBeGreaterThanOrEqual(950)
  })

  it('retries a 500 and a dropped connection', async () => {
    openai.respond(500, { error: { message: 'The server had an error', type: 'server_error' } })
    openai.drop()
    openai.answerJson(ANSWER)
    const answer = await client().complete(request())
    expect(answer.attempts).toBe(3)
    expect(openai.requests).toHaveLength(3)
  })

  it('gives up after the retries, saying how often it tried', async () => {
    openai.always({
      kind: 'status',
      status: 503,
      body: { error: { message: 'Service Unavailable' } }
    })
    const error = await failure(client({ retry: { ...FAST, maxRetries: 2 } }).complete(request()))
    expect(error).toMatchObject({ kind: 'http', status: 503, attempts: 3 })
    expect(error.message).toContain('gave up after 3 attempts')
    expect(openai.requests).toHaveLength(3)
  })

  it('ends at once when the asked wait would pass the budget', async () => {
    openai.respond(429, { error: { message: 'Rate limit reached' } }, { 'retry-after-ms': '30000' })
    const log: string[] = []
    const error = await failure(
      client({ log: line => log.push(line) }).complete(request({ timeoutMs: 5000 }))
    )
    expect(error).toMatchObject({ kind: 'http', status: 429, attempts: 1 })
    expect(error.message).toContain(
      "the server asked to wait 30.0 s before retrying, past the call's budget of 5.0 s"
    )
    // Ended at once: no wait was begun and no second request sent.
    expect(log).toEqual([])
    expect(openai.requests).toHaveLength(1)
  })

  it('ends a hung call as a timeout within its budget', async () => {
    openai.hang()
    const started = Date.now()
    const error = await failure(client().complete(request({ timeoutMs: 700 })))
    // The call never answers: that it ended at all, as a timeout, shows the budget is enforced. It did not end early
    // (a busy machine only makes it later).
    expect(error.kind).toBe('timeout')
    expect(error.message).toBe("OpenAI gave no answer within the call's budget of 0.7 s")
    expect(Date.now() - started).toBeGreaterThanOrEqual(600)
  })
})

describe('Anthropic client', () => {
  const client = (over: Partial<ConstructorParameters<typeof AnthropicClient>[0]> = {}) =>
    new AnthropicClient({
      model: 'claude-test',
      apiKey: ANTHROPIC_KEY,
      baseUrl: anthropic.baseUrl,
      retry: FAST,
      ...over
    })

  it('sends one forced tool carrying the schema and maps the tool input as the answer', async () => {
    anthropic.answerJson(ANSWER)
    const answer = await client().complete(request())

    const sent = anthropic.requests[0]!
    expect(sent.method).toBe('POST')
    expect(sent.path).toBe('/v1/messages')
    expect(sent.headers['x-api-key']).toBe(ANTHROPIC_KEY)
    expect(sent.headers['anthropic-version']).toBe('2023-06-01')
    expect(sent.headers['content-type']).toBe('application/json')
    expect(sent.headers).not.toHaveProperty('authorization')
    expect(sent.body).toEqual({
      model: 'claude-test',
      max_tokens: 2000,
      system: 'You review pull requests.',
      messages: [{ role: 'user', content: 'Review the diff between abc and def.' }],
      tools: [
        {
          name: 'review_answer',
          description: expect.any(String),
          input_schema: STRICT.schema
        }
      ],
      tool_choice: { type: 'tool', name: 'review_answer' }
    })
    expect(answer).toEqual({
      text: JSON.stringify(ANSWER),
      stopReason: 'tool_use',
      usage: { inputTokens: 321, outputTokens: 54 },
      model: 'claude-test',
      attempts: 1
    })
  })

  it('with a thinking budget: no forced tool, room for the answer, and the thinking block skipped', async () => {
    anthropic.answerJson(ANSWER)
    const answer = await client({ thinking: 'budget' }).complete(request({ effort: 'medium' }))
    const body = anthropic.requests[0]!.body as Record<string, unknown>
    expect(body['thinking']).toEqual({ type: 'enabled', budget_tokens: 8192 })
    expect(body['max_tokens']).toBe(2000 + 8192)
    expect(body['tool_choice']).toEqual({ type: 'auto' })
    expect(body['system']).toContain('calling the tool `review_answer`')
    expect(answer.text).toBe(JSON.stringify(ANSWER))
    expect(answer.effort).toBe('medium (thinking budget 8192 tokens)')
  })

  it('with adaptive thinking: sends output_config.effort', async () => {
    anthropic.answerJson(ANSWER)
    const answer = await client({ thinking: 'adaptive' }).complete(request({ effort: 'high' }))
    const body = anthropic.requests[0]!.body as Record<string, unknown>
    expect(body['thinking']).toEqual({ type: 'adaptive' })
    expect(body['output_config']).toEqual({ effort: 'high' })
    expect(body['tool_choice']).toEqual({ type: 'auto' })
    expect(answer.effort).toBe('high (adaptive thinking)')
  })

  it('sends no thinking when the model has none, and says no effort was sent', async () => {
    anthropic.answerJson(ANSWER)
    const answer = await client().complete(request({ effort: 'high' }))
    const body = anthropic.requests[0]!.body as Record<string, unknown>
    expect(body).not.toHaveProperty('thinking')
    expect(body['tool_choice']).toEqual({ type: 'tool', name: 'review_answer' })
    expect(answer.effort).toBeUndefined()
  })

  it('returns prose when the model wrote instead of calling the tool', async () => {
    anthropic.answerText('Looks fine to me.')
    const answer = await client({ thinking: 'adaptive' }).complete(request({ effort: 'low' }))
    expect(answer).toMatchObject({ text: 'Looks fine to me.', stopReason: 'end_turn' })
  })

  it('fails an envelope without what it reads, naming the part: never read as an empty answer', async () => {
    const cases: [unknown, RegExp][] = [
      [{ stop_reason: 'end_turn' }, /\(content: /],
      [{ content: [{ text: '{}' }], stop_reason: 'end_turn' }, /\(content\[0\]\.type: /],
      [{ content: [{ type: 'text', text: 7 }] }, /\(content\[0\]\.text: /],
      [{ content: [], usage: { output_tokens: [] } }, /\(usage\.output_tokens: /]
    ]
    for (const [body, part] of cases) {
      anthropic.respond(200, body)
      const error = await failure(client().complete(request()))
      expect(error.kind).toBe('protocol')
      expect(error.message).toMatch(/^Anthropic answered with an envelope the loop cannot read /)
      expect(error.message).toMatch(part)
    }
  })

  it('turns stop_reason refusal into a protocol error', async () => {
    anthropic.refuse('I cannot help with that request.')
    const error = await failure(client().complete(request()))
    expect(error.kind).toBe('protocol')
    expect(error.message).toContain('refusal')
    expect(error.message).toContain('I cannot help with that request.')
  })

  it('retries 529 overloaded, and names the error type when it persists', async () => {
    const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }
    anthropic.respond(529, overloaded)
    anthropic.answerJson(ANSWER)
    expect((await client().complete(request())).attempts).toBe(2)

    anthropic.reset()
    anthropic.always({ kind: 'status', status: 529, body: overloaded })
    const error = await failure(client({ retry: { ...FAST, maxRetries: 1 } }).complete(request()))
    expect(error).toMatchObject({ kind: 'http', status: 529, attempts: 2 })
    expect(error.message).toContain('overloaded_error: Overloaded')
  })

  it('does not retry a 400 and carries its message', async () => {
    const error = await failure(
      client().complete(request({ schema: { name: 'x', schema: { type: 'string' } } }))
    )
    expect(anthropic.requests).toHaveLength(1)
    expect(error).toMatchObject({ kind: 'http', status: 400, attempts: 1 })
    expect(error.message).toContain("input_schema.type: Input should be 'object'")
  })

  it('ends a hung call as a timeout within its budget', async () => {
    anthropic.hang()
    const error = await failure(client().complete(request({ timeoutMs: 600 })))
    // The call never answers: that it ended at all, as a timeout, shows the budget is enforced.
    expect(error.kind).toBe('timeout')
    expect(error.message).toBe("Anthropic gave no answer within the call's budget of 0.6 s")
  })
})

describe('the fakes hold clients to the real APIs', () => {
  const post = (url: string, headers: Record<string, string>, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body)
    })

  it('Anthropic refuses a missing max_tokens, and thinking with a forced tool', async () => {
    const headers = { 'x-api-key': ANTHROPIC_KEY, 'anthropic-version': '2023-06-01' }
    const missing = await post(`${anthropic.baseUrl}/v1/messages`, headers, {
      model: 'claude-test',
      messages: [{ role: 'user', content: 'hi' }]
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' }
    })
    const forced = await post(`${anthropic.baseUrl}/v1/messages`, headers, {
      model: 'claude-test',
      max_tokens: 4000,
      messages: [{ role: 'user', content: 'hi' }],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      tools: [{ name: 't', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 't' }
    })
    expect(forced.status).toBe(400)
    expect(JSON.stringify(await forced.json())).toContain(
      'Thinking may not be enabled when tool_choice forces tool use'
    )
    const unversioned = await post(
      `${anthropic.baseUrl}/v1/messages`,
      { 'x-api-key': ANTHROPIC_KEY },
      {}
    )
    expect(unversioned.status).toBe(400)
  })

  it('OpenAI refuses a missing key and missing messages', async () => {
    const anonymous = await post(
      `${openai.baseUrl}/chat/completions`,
      {},
      { model: 'm', messages: [] }
    )
    expect(anonymous.status).toBe(401)
    const empty = await post(
      `${openai.baseUrl}/chat/completions`,
      { authorization: `Bearer ${OPENAI_KEY}` },
      { model: 'm' }
    )
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({
      error: { param: 'messages', code: 'missing_required_parameter' }
    })
  })
})

describe('keys stay out of errors', () => {
  it('redacts a key a server echoes, and never names it on network failures or timeouts', async () => {
    const seen: ModelCallError[] = []
    const oa = new OpenAIClient({
      model: 'gpt-test',
      apiKey: OPENAI_KEY,
      baseUrl: openai.baseUrl,
      retry: FAST
    })
    openai.respond(401, { error: { message: `Incorrect API key provided: ${OPENAI_KEY}` } })
    seen.push(await failure(oa.complete(request())))
    const an = new AnthropicClient({
      model: 'c',
      apiKey: ANTHROPIC_KEY,
      baseUrl: anthropic.baseUrl,
      retry: FAST
    })
    anthropic.respond(400, {
      type: 'error',
      error: { type: 'invalid_request_error', message: `key ${ANTHROPIC_KEY}` }
    })
    seen.push(await failure(an.complete(request())))
    anthropic.hang()
    seen.push(await failure(an.complete(request({ timeoutMs: 300 }))))

    // A closed port: connection refused, retried, then a network error.
    const gone = await OpenAIFake.start()
    const closedUrl = gone.baseUrl
    await gone.close()
    const offline = new OpenAIClient({
      model: 'gpt-test',
      apiKey: OPENAI_KEY,
      baseUrl: closedUrl,
      retry: { ...FAST, maxRetries: 1 }
    })
    const network = await failure(offline.complete(request()))
    expect(network).toMatchObject({ kind: 'network', attempts: 2 })
    seen.push(network)

    expect(seen[0]!.message).toContain('***')
    for (const error of seen) {
      for (const text of [error.message, String(error), error.stack ?? '', JSON.stringify(error)]) {
        expect(text).not.toContain(OPENAI_KEY)
        expect(text).not.toContain(ANTHROPIC_KEY)
      }
    }
  })
})

describe('retry rules', () => {
  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(
      250
    )
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000)
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now)).toBe(
      30_000
    )
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined()
    expect(retryAfterMs(new Headers(), now)).toBeUndefined()
  })

  it('retries 408, 409, 429 and 5xx, not other 4xx, and obeys x-should-retry', () => {
    expect([408, 409, 429, 500, 503, 529].map(s => isRetryableStatus(s))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true
    ])
    expect([400, 401, 403, 404, 422].map(s => isRetryableStatus(s))).toEqual([
      false,
      false,
      false,
      false,
      false
    ])
    expect(isRetryableStatus(500, new Headers({ 'x-should-retry': 'false' }))).toBe(false)
    expect(isRetryableStatus(400, new Headers({ 'x-should-retry': 'true' }))).toBe(true)
  })

  it('judges strict-mode schemas and wire names', () => {
    expect(isStrictSchema(STRICT.schema)).toBe(true)
    expect(isStrictSchema(LOOSE.schema)).toBe(false)
    expect(isStrictSchema({ ...STRICT.schema, oneOf: [] })).toBe(false)
    expect(wireName('review answer/v1')).toBe('review_answer_v1')
    expect(wireName('x'.repeat(80))).toHaveLength(64)
  })
})

describe('createModelClient', () => {
  it('refuses bad settings with a message that says what to fix', () => {
    expect(() => createModelClient({ provider: 'gemini' } as never)).toThrow(
      /not one of openai\|anthropic/
    )
    expect(() => createModelClient({ provider: 'openai', model: 'm', apiKey: ' ' })).toThrow(
      /no API key/
    )
    expect(() =>
      createModelClient({
        provider: 'openai',
        model: 'm',
        apiKey: OPENAI_KEY,
        baseUrl: 'localhost:11434'
      })
    ).toThrow(/must start with https:\/\//)
    expect(() =>
      createModelClient({
        provider: 'openai',
        model: 'm',
        apiKey: OPENAI_KEY,
        baseUrl: 'https://u:p@example.test/v1'
      })
    ).toThrow(/must not carry credentials/)
    expect(() =>
      createModelClient({
        provider: 'openai',
        model: 'm',
        apiKey: OPENAI_KEY,
        baseUrl: 'https://example.test/v1',
        azure: { endpoint: 'https://r.openai.azure.com' }
      })
    ).toThrow(/not both/)
  })

  it('masks the key and serves a child process through the fake base URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-child-'))
    try {
      const script = join(dir, 'call.mts')
      const index = resolve('src/models/index.ts')
      writeFileSync(
        script,
        `import { createModelClient } from ${JSON.stringify(index)}
const client = createModelClient({ provider: 'anthropic', model: 'claude-test', apiKey: process.env.KEY!, baseUrl: process.env.BASE_URL })
const answer = await client.complete({ system: 's', user: 'u', schema: { name: 'a', schema: { type: 'object' } }, maxOutputTokens: 100, timeoutMs: 5000 })
process.stdout.write('ANSWER ' + answer.text + '\\n')
`
      )
      anthropic.answerJson({ ok: true })
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, KEY: ANTHROPIC_KEY, BASE_URL: anthropic.baseUrl, NODE_OPTIONS: '' },
        timeout: 120_000
      })
      expect(stdout).toContain(`::add-mask::${ANTHROPIC_KEY}`)
      expect(stdout).toContain('ANSWER {"ok":true}')
      expect(anthropic.requests[0]!.headers['x-api-key']).toBe(ANTHROPIC_KEY)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
