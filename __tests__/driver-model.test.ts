/** The `openai` and `anthropic` drivers against the loopback provider fakes: structured output in, a checked answer out. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { AnthropicFake } from '../__fixtures__/providers/anthropic-fake.js'
import { OpenAIFake, strictViolation } from '../__fixtures__/providers/openai-fake.js'
import {
  FALSE_CLAIM,
  MOVED,
  NEW_FILE,
  classifyItem,
  classifyRequest,
  goalRequest,
  verifyRequest
} from '../__fixtures__/driver-requests.js'
import { driverJsonSchema, ModelDriver } from '../src/driver/model-driver.js'
import { CLASSIFY_PROMPT, GOAL_PROMPT, VERIFY_PROMPT } from '../src/driver/prompts.js'
import { AnthropicClient } from '../src/models/anthropic.js'
import { OpenAIClient } from '../src/models/openai.js'
import { isStrictSchema } from '../src/models/wire-rules.js'

const OPENAI_KEY = 'sk-test-openai-driver-1234'
const ANTHROPIC_KEY = 'sk-ant-test-driver-5678'
const FAST = { baseDelayMs: 20, maxDelayMs: 50 }

let openai: OpenAIFake
let anthropic: AnthropicFake

beforeAll(async () => {
  openai = await OpenAIFake.start({ apiKey: OPENAI_KEY, reasoning: true })
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

const openaiDriver = (timeoutMs = 10_000): ModelDriver =>
  new ModelDriver({
    client: new OpenAIClient({
      model: 'gpt-5',
      apiKey: OPENAI_KEY,
      baseUrl: openai.baseUrl,
      reasoning: true,
      retry: FAST,
      log: () => undefined
    }),
    depth: 'standard',
    timeoutMs
  })

const anthropicDriver = (): ModelDriver =>
  new ModelDriver({
    client: new AnthropicClient({
      model: 'claude-sonnet-4-5',
      apiKey: ANTHROPIC_KEY,
      baseUrl: anthropic.baseUrl,
      retry: FAST,
      log: () => undefined
    }),
    depth: 'quick',
    timeoutMs: 10_000
  })

/** A verify answer as a strict-mode model writes it: every optional field present, as null. */
const strictVerifyAnswer = {
  findings: [
    {
      key: 's1',
      holds: false,
      basis: 'line 2 checks user for null before line 4 reads user.name',
      cited: [{ file: 'src/user.js', line: 2, text: "if (user == null) return 'hello, stranger'" }],
      provenance: null,
      severity: 'high',
      severity_basis: 'as reported',
      same_as: null,
      identity_basis: 'no earlier finding is about user',
      diagnosis_holds: null,
      question: null
    }
  ]
}

interface ChatBody {
  messages: { role: string; content: string }[]
  response_format: {
    json_schema: { name: string; schema: Record<string, unknown>; strict: boolean }
  }
  reasoning_effort?: string
}

describe('the openai driver', () => {
  it('sends the verify prompt, the numbered code and a strict schema, and reads the answer with nulls made absent', async () => {
    openai.answerJson(strictVerifyAnswer)
    const result = await openaiDriver().verify(verifyRequest([FALSE_CLAIM]))

    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.answer.findings[0]).toEqual({
      key: 's1',
      holds: false,
      basis: 'line 2 checks user for null before line 4 reads user.name',
      cited: [{ file: 'src/user.js', line: 2, text: "if (user == null) return 'hello, stranger'" }],
      severity: 'high',
      severity_basis: 'as reported',
      same_as: null,
      identity_basis: 'no earlier finding is about user'
    })
    expect(result.call).toMatch(
      /^openai gpt-5, reasoning effort medium, 1 attempt, .* prompt verify\/3$/
    )

    const body = openai.requests[0]!.body as ChatBody
    expect(body.messages[0]).toEqual({ role: 'system', content: VERIFY_PROMPT })
    const user = body.messages[1]!.content
    expect(user).toContain('Prompt verify/3 · round 2')
    expect(user).toContain(" 2 |   if (user == null) return 'hello, stranger'")
    expect(user).toContain('Code at the base (src/user.js, lines 1-3):')
    expect(user).toContain(
      '- F1 (round 1, src/user.js line 7, high): "Null dereference of `account` in `load`."'
    )
    const format = body.response_format.json_schema
    expect(format.name).toBe('driver_verify')
    expect(format.strict).toBe(true)
    expect(strictViolation(format.schema)).toBeUndefined()
    expect(format.schema).toEqual(driverJsonSchema('verify'))
    expect(body.reasoning_effort).toBe('medium')
  })

  it('refuses an answer that breaks the schema, naming the fields, and keeps what came back', async () => {
    const broken = {
      findings: [
        {
          ...strictVerifyAnswer.findings[0],
          holds: 'no',
          cited: [{ file: 'x', line: 0, text: 'y' }]
        }
      ]
    }
    openai.answerJson(broken)
    const result = await openaiDriver().verify(verifyRequest([FALSE_CLAIM]))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.cause).toContain('findings[0].holds:')
    expect(result.cause).toContain('findings[0].cited[0].line:')
    expect(result.cause).toContain('[openai gpt-5')
    expect(JSON.parse(result.returned)).toEqual(broken)
  })

  it('retries a 500 and reads the answer that follows', async () => {
    openai
      .respond(500, { error: { message: 'overloaded', type: 'server_error' } })
      .answerJson(strictVerifyAnswer)
    const result = await openaiDriver().verify(verifyRequest([FALSE_CLAIM]))
    expect(result).toMatchObject({ ok: true, call: expect.stringContaining('2 attempts') })
    expect(openai.requests).toHaveLength(2)
  })

  it('gives no answer when the call runs out of time, never a throw', async () => {
    openai.hang()
    const result = await openaiDriver(400).verify(verifyRequest([FALSE_CLAIM]))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.cause).toBe(
      "openai call failed: OpenAI gave no answer within the call's budget of 0.4 s"
    )
    expect(result.returned).toBe('')
  })

  it('reads the JSON out of a fenced block in prose', async () => {
    openai.answerText(
      `Here it is:\n\`\`\`json\n${JSON.stringify({ findings: [], summary: 'nothing works against it' })}\n\`\`\`\n`
    )
    const result = await openaiDriver().goal(goalRequest())
    expect(result).toMatchObject({
      ok: true,
      answer: { findings: [], summary: 'nothing works against it' }
    })
  })

  it('gives no answer for prose without JSON, keeping the prose', async () => {
    openai.answerText('I could not decide.')
    const result = await openaiDriver().goal(goalRequest())
    expect(result).toMatchObject({ ok: false, returned: 'I could not decide.' })
    if (result.ok) return
    expect(result.cause).toMatch(/^the answer holds no JSON object/)
  })

  it('a high goal finding without evidence breaks the validity rule and is no answer', async () => {
    openai.answerJson({
      findings: [
        {
          severity: 'high',
          file: 'src/version.js',
          line: 2,
          description: 'calls the network',
          evidence: null,
          expectation: null,
          fix: null
        }
      ],
      summary: 'one finding'
    })
    const result = await openaiDriver().goal(goalRequest())
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.cause).toContain('findings[0]: a high finding needs `evidence`')
  })
})

describe('the anthropic driver', () => {
  it('asks for the goal reading through a forced tool with the strict schema, the goal and the artifact in the message', async () => {
    const goal = {
      findings: [
        {
          severity: 'medium',
          file: 'src/version.js',
          line: 2,
          description: 'fetch() at line 2 works against "It makes no network calls."',
          evidence: "const res = await fetch('https://example.com/v')",
          expectation: 'It makes no network calls.',
          fix: null
        }
      ],
      summary: 'The version check now calls the network.'
    }
    anthropic.answerJson(goal)
    const result = await anthropicDriver().goal(goalRequest())
    expect(result).toMatchObject({ ok: true, answer: { summary: goal.summary } })
    if (!result.ok) return
    expect(result.answer.findings[0]).not.toHaveProperty('fix')
    expect(result.call).toMatch(
      /^anthropic claude-sonnet-4-5, depth quick \(no reasoning effort sent\), 1 attempt/
    )

    const body = anthropic.requests[0]!.body as {
      system: string
      messages: { content: string }[]
      tools: { name: string; input_schema: unknown }[]
    }
    expect(body.system).toBe(GOAL_PROMPT)
    expect(body.tools[0]).toMatchObject({
      name: 'driver_goal',
      input_schema: driverJsonSchema('goal')
    })
    const user = JSON.stringify(body.messages)
    expect(user).toContain('It makes no network calls.')
    expect(user).toContain("fetch('https://example.com/v')")
  })

  it('reads a classify answer, keeping the nulls the schema allows', async () => {
    const classify = {
      reading: null,
      no_reading: 'no shared cause: the two findings are unrelated',
      retired: [],
      cross_round: null,
      findings: [
        {
          key: 's4',
          class: 'mechanical',
          basis: 'one obvious fix',
          scope_basis: null,
          conflict: null
        },
        {
          key: 's3',
          class: 'judgment',
          basis: 'was already there',
          scope_basis: null,
          conflict: null
        }
      ],
      clusters: [
        {
          findings: ['s3'],
          analysis:
            'src/sum.js line 9 throws on an empty list; it was already there before this change.',
          question: 'Should this pull request fix it?',
          options: [
            { key: 'apply', label: 'Fix it here', leads_to: 'the fix lands in this pull request' },
            {
              key: 'follow-up',
              label: 'Leave it for a follow-up',
              leads_to: 'it is handed over with where it holds'
            }
          ]
        }
      ]
    }
    anthropic.answerJson(classify)
    const request = classifyRequest([
      classifyItem(NEW_FILE, 'F3', 'introduced'),
      classifyItem(MOVED, 'F4', 'pre-existing')
    ])
    const result = await anthropicDriver().classify(request)
    expect(result).toEqual({
      ok: true,
      answer: classify,
      call: expect.stringContaining('prompt classify/3')
    })
    const body = anthropic.requests[0]!.body as { system: string; messages: { content: unknown }[] }
    expect(body.system).toBe(CLASSIFY_PROMPT)
    const user = JSON.stringify(body.messages)
    expect(user).toContain('docs/architecture.md > AGENTS.md')
    expect(user).toContain('Add a retry helper')
  })

  it('gives no answer on a 400, with the provider reason and nothing thrown', async () => {
    anthropic.respond(400, {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long' }
    })
    const result = await anthropicDriver().verify(verifyRequest([FALSE_CLAIM]))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.cause).toMatch(/^anthropic call failed: .*prompt is too long/)
  })
})

describe('the response schemas sent to providers', () => {
  it.each(['verify', 'goal', 'classify'] as const)('%s is strict-mode compatible', role => {
    const schema = driverJsonSchema(role)
    expect(isStrictSchema(schema)).toBe(true)
    expect(strictViolation(schema)).toBeUndefined()
  })
})
