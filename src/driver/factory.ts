/** Builds the run's driver from the `driver` input, the designated source and the keys present, and says why in one sentence. */
import { ConfigurationError, type Settings } from '../action/inputs.js'
import { createModelClient, type ModelClient } from '../models/index.js'
import { DEFAULT_MODELS } from '../sources/factory.js'
import { apiKeyFor } from '../sources/registry.js'
import { CommandDriver } from './command-driver.js'
import { ModelDriver } from './model-driver.js'
import type { Driver } from './types.js'
import { errorMessage } from '../shared/errors.js'

/** Models that take a reasoning effort (OpenAI's reasoning families), as for the source. */
const REASONING = /^(o\d|gpt-5)/

type Provider = 'openai' | 'anthropic'

/** What the driver resolves to before anything is built: a provider with its connection, `command`, or none. */
export type DriverPlan =
  | { kind: 'none'; why: string }
  | { kind: 'command'; why: string }
  | {
      kind: 'model'
      provider: Provider
      model: string
      apiKey: string
      baseUrl?: string
      /** Azure OpenAI: the source's endpoint and api-version (only when the driver shares the source's provider). */
      azure?: { endpoint: string; apiVersion: string }
      why: string
    }

/** What `createDriver` is given. */
export interface DriverContext {
  settings: Settings
  env: NodeJS.ProcessEnv
  /** The checkout of the PR head; the command driver runs there. */
  cwd: string
  /** The designated source's name. */
  source: string
  /** False when the source was switched to after a round without a verdict: `model` and `base-url` were not written for it. */
  configured?: boolean
}

const PROVIDER_NAMES: Record<Provider, string> = { openai: 'OpenAI', anthropic: 'Anthropic' }

/** The key a driver on `provider` uses: the input, else the conventional variables (CODEX_API_KEY too, for OpenAI). */
export function driverKey(
  provider: Provider,
  settings: Settings,
  env: NodeJS.ProcessEnv
): { key: string; from: string } | undefined {
  const key = apiKeyFor(provider, settings, env)
  if (provider === 'openai') {
    if (settings.openaiApiKey) return { key: settings.openaiApiKey, from: '`openai-api-key`' }
    if (key) {
      return { key, from: env.OPENAI_API_KEY ? 'OPENAI_API_KEY' : 'AZURE_OPENAI_API_KEY' }
    }
    if (env.CODEX_API_KEY) return { key: env.CODEX_API_KEY, from: 'CODEX_API_KEY' }
    return undefined
  }
  if (settings.anthropicApiKey)
    return { key: settings.anthropicApiKey, from: '`anthropic-api-key`' }
  return key ? { key, from: 'ANTHROPIC_API_KEY' } : undefined
}

const missingKey = (provider: Provider): string =>
  provider === 'openai'
    ? 'set `openai-api-key` (or OPENAI_API_KEY)'
    : 'set `anthropic-api-key` (or ANTHROPIC_API_KEY)'

/** The model-driver plan for `provider`: the source's own connection when it is the source's provider, else its own. */
function modelPlan(
  provider: Provider,
  ctx: DriverContext,
  key: { key: string; from: string },
  reason: (model: string) => string
): DriverPlan {
  const { settings, env, source } = ctx
  const sameProvider = source === provider
  const sourceInputs = sameProvider && ctx.configured !== false
  const model =
    settings.driverModel ?? (sourceInputs ? settings.model : undefined) ?? DEFAULT_MODELS[provider]
  const envUrl = (provider === 'openai' ? env.OPENAI_BASE_URL : env.ANTHROPIC_BASE_URL) || undefined
  const plan: DriverPlan = {
    kind: 'model',
    provider,
    model,
    apiKey: key.key,
    why: reason(model)
  }
  if (provider === 'openai' && sourceInputs && settings.openaiApiVersion) {
    plan.azure = { endpoint: settings.baseUrl ?? '', apiVersion: settings.openaiApiVersion }
    return plan
  }
  const baseUrl = (sourceInputs ? settings.baseUrl : undefined) ?? envUrl
  if (baseUrl !== undefined) plan.baseUrl = baseUrl
  return plan
}

/** Resolves the `driver` input against the source and the keys present; throws a ConfigurationError for a named driver that cannot run. */
export function planDriver(ctx: DriverContext): DriverPlan {
  const { settings, env, source } = ctx
  const driver = settings.driver
  if (driver === 'none') {
    return {
      kind: 'none',
      why: 'no driver: `driver` is `none`, so the loop runs its deterministic steps only'
    }
  }
  if (driver === 'command') {
    if (!settings.command) {
      throw new ConfigurationError(
        "Input 'driver' is 'command' but the input 'command' is empty: set 'command' to the command line that answers the verify, goal and classify roles, or set `driver` to 'auto' or 'none'."
      )
    }
    return { kind: 'command', why: 'the driver is your `command`, named by the `driver` input' }
  }
  if (driver === 'openai' || driver === 'anthropic') {
    const key = driverKey(driver, settings, env)
    if (key === undefined) {
      throw new ConfigurationError(
        `Input 'driver' is '${driver}' but no ${PROVIDER_NAMES[driver]} API key is set: ${missingKey(driver)}, or set \`driver\` to 'auto' or 'none'.`
      )
    }
    return modelPlan(driver, ctx, key, model =>
      source === driver
        ? `the driver is ${driver} (${model}), named by the \`driver\` input, the source's own provider`
        : `the driver is ${driver} (${model}), named by the \`driver\` input (key from ${key.from})`
    )
  }
  // auto
  if (source === 'openai' || source === 'anthropic') {
    const key = driverKey(source, settings, env)
    if (key === undefined) {
      return {
        kind: 'none',
        why: `no driver: the source is \`${source}\` but no ${PROVIDER_NAMES[source]} API key is set (${missingKey(source)})`
      }
    }
    return modelPlan(
      source,
      ctx,
      key,
      model => `the driver is ${source} (${model}), the source's own provider`
    )
  }
  if (source === 'claude-code' || source === 'codex') {
    const provider: Provider = source === 'codex' ? 'openai' : 'anthropic'
    const key = driverKey(provider, settings, env)
    if (key === undefined) {
      const note = source === 'claude-code' ? ' (CLAUDE_CODE_OAUTH_TOKEN serves the CLI only)' : ''
      return {
        kind: 'none',
        why: `no driver: the source is \`${source}\` and no ${PROVIDER_NAMES[provider]} API key is set for the driver${note}; ${missingKey(provider)} to have one`
      }
    }
    return modelPlan(
      provider,
      ctx,
      key,
      model =>
        `the driver is ${provider} (${model}), the API behind the \`${source}\` source (key from ${key.from})`
    )
  }
  if (source === 'command') {
    return {
      kind: 'none',
      why: 'no driver: the source is `command`, and `driver` is `auto`; set `driver: command` if your command answers the verify, goal and classify roles'
    }
  }
  return {
    kind: 'none',
    why: `no driver: \`driver\` is \`auto\` and the source \`${source}\` has no provider a driver could use`
  }
}

function clientFor(plan: Extract<DriverPlan, { kind: 'model' }>, settings: Settings): ModelClient {
  if (plan.provider === 'anthropic') {
    return createModelClient({
      provider: 'anthropic',
      model: plan.model,
      apiKey: plan.apiKey,
      baseUrl: plan.baseUrl,
      // Extended thinking at depth deep, as for the source.
      thinking: settings.depth === 'deep' ? 'budget' : undefined
    })
  }
  return createModelClient({
    provider: 'openai',
    model: plan.model,
    apiKey: plan.apiKey,
    ...(plan.azure
      ? {
          azure: {
            endpoint: plan.azure.endpoint,
            deployment: plan.model,
            apiVersion: plan.azure.apiVersion
          }
        }
      : { baseUrl: plan.baseUrl }),
    reasoning: REASONING.test(plan.model)
  })
}

/** What `createDriver` builds: the driver, the writer behind Phase 4's lower tier, and how each is named. */
export interface MadeDriver {
  driver: Driver | undefined
  label: string
  why: string
  /** The writer tier: its own model where `writer-model` names one, else the driver itself (the degenerate tier). */
  writer?: { driver: Driver; label: string }
}

/** The run's driver (undefined for none), how the trace names it, and one sentence for the Phase 0 announcement. */
export function createDriver(ctx: DriverContext): MadeDriver {
  const plan = planDriver(ctx)
  const { settings } = ctx
  const timeoutMs = settings.sourceTimeoutSeconds * 1000
  if (plan.kind === 'none') return { driver: undefined, label: 'none', why: plan.why }
  if (plan.kind === 'command') {
    const driver = new CommandDriver({
      command: settings.command ?? '',
      cwd: ctx.cwd,
      timeoutMs,
      env: ctx.env
    })
    // The command answers the `write` role for both tiers; the request's `tier` tells them apart.
    return { driver, label: driver.label, why: plan.why, writer: { driver, label: 'command' } }
  }
  let client: ModelClient
  let writerClient: ModelClient | undefined
  try {
    client = clientFor(plan, settings)
    if (settings.writerModel && settings.writerModel !== plan.model)
      writerClient = clientFor({ ...plan, model: settings.writerModel }, settings)
  } catch (error) {
    throw new ConfigurationError(
      `The driver (${plan.provider}) cannot be set up: ${errorMessage(error)}. Fix that, or set \`driver\` to 'none'.`
    )
  }
  const driver = new ModelDriver({ client, depth: settings.depth, timeoutMs })
  const writer = writerClient
    ? new ModelDriver({ client: writerClient, depth: settings.depth, timeoutMs })
    : driver
  return {
    driver,
    label: driver.label,
    why: plan.why,
    writer: { driver: writer, label: writer.label }
  }
}
