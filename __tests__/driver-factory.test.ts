/** Which driver a run gets: the `driver` input against the designated source and the keys present, and why. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { fileURLToPath } from 'node:url'
import { OpenAIFake } from '../__fixtures__/providers/openai-fake.js'
import { MOVED, verifyRequest } from '../__fixtures__/driver-requests.js'
import { ConfigurationError, resolveSettings, type WorkflowInputs } from '../src/action/inputs.js'
import { createDriver, planDriver, type DriverPlan } from '../src/driver/factory.js'

const settings = (inputs: WorkflowInputs = {}) =>
  resolveSettings({ 'github-token': 'ghs_test', ...inputs })

/** The plan without the key (asserted separately), for a readable table. */
function plan(
  source: string,
  inputs: WorkflowInputs,
  env: NodeJS.ProcessEnv = {},
  configured?: boolean
): Omit<DriverPlan, 'apiKey'> & { apiKey?: string } {
  return planDriver({ settings: settings(inputs), env, cwd: '/tmp', source, configured })
}

describe('the driver input', () => {
  it('defaults to auto, and takes a driver-model', () => {
    expect(settings().driver).toBe('auto')
    expect(
      settings({ driver: 'command', command: 'x', 'driver-model': 'gpt-5-mini' })
    ).toMatchObject({
      driver: 'command',
      driverModel: 'gpt-5-mini'
    })
    expect(
      resolveSettings({ 'github-token': 't' }, { defaults: { 'driver-model': 'm1' } }).driverModel
    ).toBe('m1')
  })

  it('refuses a value it does not know, listing the ones it does', () => {
    expect(() => settings({ driver: 'gpt-5' })).toThrow(
      `Input 'driver' has an invalid value "gpt-5": use 'auto' (a driver chosen from the source and the keys present), 'openai', 'anthropic', 'command' (your command answers the verify, goal and classify roles) or 'none' (deterministic steps only).`
    )
  })
})

describe('auto', () => {
  const table: [string, string, WorkflowInputs, NodeJS.ProcessEnv, Partial<DriverPlan>][] = [
    [
      'openai source: the same provider, model, base URL and key',
      'openai',
      { 'openai-api-key': 'sk-in', model: 'gpt-4.1', 'base-url': 'http://127.0.0.1:9/v1' },
      { OPENAI_BASE_URL: 'http://ignored/v1' },
      {
        kind: 'model',
        provider: 'openai',
        model: 'gpt-4.1',
        apiKey: 'sk-in',
        baseUrl: 'http://127.0.0.1:9/v1',
        why: "the driver is openai (gpt-4.1), the source's own provider"
      }
    ],
    [
      'openai source on Azure: the same endpoint and api-version',
      'openai',
      {
        'openai-api-version': '2024-10-21',
        'base-url': 'https://r.openai.azure.com',
        model: 'dep'
      },
      { AZURE_OPENAI_API_KEY: 'az-key' },
      {
        kind: 'model',
        provider: 'openai',
        model: 'dep',
        apiKey: 'az-key',
        azure: { endpoint: 'https://r.openai.azure.com', apiVersion: '2024-10-21' }
      }
    ],
    [
      'anthropic source: the environment key and base URL, the default model',
      'anthropic',
      {},
      { ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_BASE_URL: 'http://127.0.0.1:8' },
      {
        kind: 'model',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        apiKey: 'sk-ant',
        baseUrl: 'http://127.0.0.1:8',
        why: "the driver is anthropic (claude-sonnet-4-5), the source's own provider"
      }
    ],
    [
      'driver-model wins over the source model',
      'anthropic',
      {
        'anthropic-api-key': 'sk-ant',
        model: 'claude-opus-4-1',
        'driver-model': 'claude-haiku-4-5'
      },
      {},
      { kind: 'model', provider: 'anthropic', model: 'claude-haiku-4-5' }
    ],
    [
      'claude-code with an Anthropic key: the Anthropic API, its own default model, not the CLI model',
      'claude-code',
      { model: 'opus' },
      { ANTHROPIC_API_KEY: 'sk-ant', ANTHROPIC_BASE_URL: 'http://127.0.0.1:7' },
      {
        kind: 'model',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        baseUrl: 'http://127.0.0.1:7',
        why: 'the driver is anthropic (claude-sonnet-4-5), the API behind the `claude-code` source (key from ANTHROPIC_API_KEY)'
      }
    ],
    [
      'claude-code with only the CLI token: none',
      'claude-code',
      {},
      { CLAUDE_CODE_OAUTH_TOKEN: 'oauth' },
      {
        kind: 'none',
        why: 'no driver: the source is `claude-code` and no Anthropic API key is set for the driver (CLAUDE_CODE_OAUTH_TOKEN serves the CLI only); set `anthropic-api-key` (or ANTHROPIC_API_KEY) to have one'
      }
    ],
    [
      'codex with CODEX_API_KEY: the OpenAI API',
      'codex',
      { model: 'o4-mini', 'base-url': 'http://source-only/v1' },
      { CODEX_API_KEY: 'sk-codex' },
      {
        kind: 'model',
        provider: 'openai',
        model: 'gpt-5',
        apiKey: 'sk-codex',
        why: 'the driver is openai (gpt-5), the API behind the `codex` source (key from CODEX_API_KEY)'
      }
    ],
    [
      'codex with OPENAI_API_KEY and OPENAI_BASE_URL',
      'codex',
      {},
      { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'http://127.0.0.1:6/v1' },
      { kind: 'model', provider: 'openai', apiKey: 'sk-env', baseUrl: 'http://127.0.0.1:6/v1' }
    ],
    [
      'codex without a key: none',
      'codex',
      {},
      {},
      {
        kind: 'none',
        why: 'no driver: the source is `codex` and no OpenAI API key is set for the driver; set `openai-api-key` (or OPENAI_API_KEY) to have one'
      }
    ],
    [
      'command: none, saying how to have one',
      'command',
      { command: './review.sh' },
      { OPENAI_API_KEY: 'sk-env' },
      {
        kind: 'none',
        why: 'no driver: the source is `command`, and `driver` is `auto`; set `driver: command` if your command answers the verify, goal and classify roles'
      }
    ]
  ]

  it.each(table)('%s', (_name, source, inputs, env, expected) => {
    const got = plan(source, inputs, env)
    expect(got).toMatchObject(expected)
    if (expected.kind === 'model' && !('baseUrl' in expected))
      expect(got).not.toHaveProperty('baseUrl')
  })

  it('a source switched to after a round without a verdict: its own defaults, not the inputs written for another', () => {
    const got = plan(
      'openai',
      { 'openai-api-key': 'sk', model: 'claude-opus-4-1', 'base-url': 'http://anthropic-proxy' },
      { OPENAI_BASE_URL: 'http://127.0.0.1:5/v1' },
      false
    )
    expect(got).toMatchObject({ model: 'gpt-5', baseUrl: 'http://127.0.0.1:5/v1' })
  })
})

describe('a named driver', () => {
  it('none is none', () => {
    expect(plan('openai', { driver: 'none', 'openai-api-key': 'sk' })).toEqual({
      kind: 'none',
      why: 'no driver: `driver` is `none`, so the loop runs its deterministic steps only'
    })
  })

  it('another provider than the source uses its own key, base URL and default model', () => {
    const got = plan(
      'anthropic',
      {
        driver: 'openai',
        'anthropic-api-key': 'sk-ant',
        model: 'claude-opus-4-1',
        'base-url': 'http://ant/'
      },
      { OPENAI_API_KEY: 'sk-oa', OPENAI_BASE_URL: 'http://127.0.0.1:4/v1' }
    )
    expect(got).toEqual({
      kind: 'model',
      provider: 'openai',
      model: 'gpt-5',
      apiKey: 'sk-oa',
      baseUrl: 'http://127.0.0.1:4/v1',
      why: 'the driver is openai (gpt-5), named by the `driver` input (key from OPENAI_API_KEY)'
    })
  })

  it('command needs the command input', () => {
    expect(plan('codex', { driver: 'command', command: './drive.sh' })).toEqual({
      kind: 'command',
      why: 'the driver is your `command`, named by the `driver` input'
    })
    expect(() => plan('codex', { driver: 'command' })).toThrow(
      "Input 'driver' is 'command' but the input 'command' is empty: set 'command' to the command line that answers the verify, goal and classify roles, or set `driver` to 'auto' or 'none'."
    )
  })

  it('a provider without its key is a configuration error naming the input, what is missing and the fix', () => {
    const run = () => plan('claude-code', { driver: 'anthropic' }, { CLAUDE_CODE_OAUTH_TOKEN: 'x' })
    expect(run).toThrow(ConfigurationError)
    expect(run).toThrow(
      "Input 'driver' is 'anthropic' but no Anthropic API key is set: set `anthropic-api-key` (or ANTHROPIC_API_KEY), or set `driver` to 'auto' or 'none'."
    )
  })
})

describe('createDriver', () => {
  let fake: OpenAIFake
  beforeAll(async () => {
    fake = await OpenAIFake.start({ apiKey: 'sk-factory', reasoning: true })
  })
  afterAll(async () => fake.close())

  it('builds a model driver that reaches the source provider, labelled with its model', async () => {
    const made = createDriver({
      settings: settings({
        source: 'openai',
        'openai-api-key': 'sk-factory',
        'base-url': fake.baseUrl
      }),
      env: {},
      cwd: '/tmp',
      source: 'openai'
    })
    expect(made).toMatchObject({
      label: 'openai (gpt-5)',
      why: "the driver is openai (gpt-5), the source's own provider"
    })
    fake.answerJson({ findings: [] })
    const result = await made.driver!.verify(verifyRequest([MOVED]))
    expect(result).toMatchObject({ ok: true, answer: { findings: [] } })
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-factory')
  })

  it('builds the command driver, and none as undefined', async () => {
    const standin = fileURLToPath(new URL('../__fixtures__/driver-standin.mjs', import.meta.url))
    const made = createDriver({
      settings: settings({ driver: 'command', command: `"${process.execPath}" "${standin}"` }),
      env: process.env,
      cwd: '/tmp',
      source: 'command'
    })
    expect(made.label).toBe('command')
    const result = await made.driver!.verify(verifyRequest([MOVED]))
    expect(result).toMatchObject({ ok: true, answer: { findings: [{ key: 's3', holds: true }] } })
    expect(
      createDriver({
        settings: settings({ driver: 'none' }),
        env: {},
        cwd: '/tmp',
        source: 'openai'
      })
    ).toMatchObject({
      driver: undefined,
      label: 'none'
    })
  })

  it('a base URL the client refuses is a configuration error that names the driver', () => {
    expect(() =>
      createDriver({
        settings: settings({ driver: 'openai' }),
        env: { OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'ftp://example' },
        cwd: '/tmp',
        source: 'codex'
      })
    ).toThrow(
      /^The driver \(openai\) cannot be set up: the openai base URL "ftp:\/\/example" must start with https:\/\//
    )
  })
})

describe('the writer tier', () => {
  const env = { OPENAI_API_KEY: 'sk-env' }
  it('is its own model on the driver’s connection when writer-model names one', () => {
    const made = createDriver({
      settings: settings({ driver: 'openai', 'writer-model': 'gpt-5-mini' }),
      env,
      cwd: '/tmp',
      source: 'openai'
    })
    expect(made.label).toBe('openai (gpt-5)')
    expect(made.writer?.label).toBe('openai (gpt-5-mini)')
    expect(made.writer?.driver).not.toBe(made.driver)
  })

  it('is the driver itself without one (the degenerate tier), and the command for a command driver', () => {
    const model = createDriver({
      settings: settings({ driver: 'openai' }),
      env,
      cwd: '/tmp',
      source: 'openai'
    })
    expect(model.writer?.driver).toBe(model.driver)
    const command = createDriver({
      settings: settings({ driver: 'command', command: 'x' }),
      env: {},
      cwd: '/tmp',
      source: 'command'
    })
    expect(command.writer?.driver).toBe(command.driver)
  })

  it('does not exist without a driver', () => {
    const none = createDriver({
      settings: settings({ driver: 'none' }),
      env,
      cwd: '/tmp',
      source: 'openai'
    })
    expect(none.writer).toBeUndefined()
  })
})
