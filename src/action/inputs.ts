/** Parses the action's inputs, merged with the repository file's defaults, into a readonly, typed settings object. */
import * as core from '@actions/core'
import { z } from 'zod'
import { DEFAULTABLE_INPUTS, type DefaultableInput, type RepoConfig } from '../config/types.js'
import { DRIVERS, Inputs, SOURCES } from './constants.js'

/** A configuration problem the workflow author must fix; its message names the input and the fix. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError'
}

/** An input's name as action.yml spells it. */
export type InputName = (typeof Inputs)[keyof typeof Inputs]

/** A GitHub login, optionally an app's `[bot]` login. */
export const LOGIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/

/** The rule a set (non-empty) value of each input must meet; the repository file's `defaults` are held to the same. */
export const INPUT_SCHEMAS = {
  'github-token': z.string().min(1),
  source: z.enum(SOURCES),
  command: z.string(),
  driver: z.enum(DRIVERS),
  'driver-model': z.string(),
  'writer-model': z.string(),
  landing: z.enum(['head', 'stacked']),
  'ledger-store': z.enum(['cache', 'directory']),
  'ledger-dir': z.string(),
  'next-round': z.enum(['dispatch', 'push', 'none']),
  'bot-login': z.string().regex(LOGIN_PATTERN),
  depth: z.enum(['quick', 'standard', 'deep']),
  model: z.string(),
  'base-url': z.url(),
  'openai-api-key': z.string(),
  'openai-api-version': z.string(),
  'anthropic-api-key': z.string(),
  'secrets-to-redact': z.string(),
  'review-budget': z.coerce.number().int().min(10_000),
  'source-timeout': z.coerce
    .number()
    .int()
    .min(1)
    .max(6 * 3600)
} as const satisfies Record<InputName, z.ZodType>

/** What to write instead of a bad value, by input. */
export const INPUT_HINTS: Partial<Record<InputName, string>> = {
  source: `use one of ${SOURCES.join(', ')}, or leave it empty to let the action designate the one usable source`,
  driver:
    "use 'auto' (a driver chosen from the source and the keys present), 'openai', 'anthropic', 'command' (your command answers the verify, goal and classify roles) or 'none' (deterministic steps only)",
  landing:
    "use 'head' (fix commits on the PR branch) or 'stacked' (a branch and PR above it), or leave it empty to be asked",
  'ledger-store': "use 'cache' or 'directory'",
  'next-round': "use 'dispatch', 'push' or 'none'",
  'source-timeout': 'give a whole number of seconds between 1 and 21600',
  depth: "use 'quick', 'standard' or 'deep'",
  'base-url': 'give a full URL such as `http://localhost:11434/v1`',
  'review-budget': 'give a whole number of characters, at least 10000',
  'bot-login': 'give the login the token posts comments as, e.g. `my-app[bot]`',
  'github-token': 'pass a token, e.g. `github-token: ${{ github.token }}`'
}

/** The built-in defaults, used when neither the workflow nor the repository file sets the input. */
export const BUILT_IN_DEFAULTS = {
  driver: 'auto',
  'ledger-store': 'cache',
  'next-round': 'dispatch',
  depth: 'standard',
  'review-budget': 120_000,
  'source-timeout': 600
} as const

const S = INPUT_SCHEMAS
const D = BUILT_IN_DEFAULTS
const SettingsSchema = z.object({
  githubToken: S['github-token'],
  source: S.source.optional(),
  command: S.command.optional(),
  driver: S.driver.default(D.driver),
  driverModel: S['driver-model'].optional(),
  writerModel: S['writer-model'].optional(),
  landing: S.landing.optional(),
  ledgerStore: S['ledger-store'].default(D['ledger-store']),
  ledgerDir: S['ledger-dir'].optional(),
  nextRound: S['next-round'].default(D['next-round']),
  botLogin: S['bot-login'].optional(),
  depth: S.depth.default(D.depth),
  model: S.model.optional(),
  baseUrl: S['base-url'].optional(),
  openaiApiKey: S['openai-api-key'].optional(),
  openaiApiVersion: S['openai-api-version'].optional(),
  anthropicApiKey: S['anthropic-api-key'].optional(),
  secretsToRedact: S['secrets-to-redact'].optional(),
  reviewBudget: S['review-budget'].default(D['review-budget']),
  sourceTimeoutSeconds: S['source-timeout'].default(D['source-timeout'])
})

/** The parsed settings. */
export type Settings = Readonly<z.infer<typeof SettingsSchema>>

const fieldToInput = {
  githubToken: Inputs.GithubToken,
  source: Inputs.Source,
  command: Inputs.Command,
  driver: Inputs.Driver,
  driverModel: Inputs.DriverModel,
  writerModel: Inputs.WriterModel,
  landing: Inputs.Landing,
  ledgerStore: Inputs.LedgerStore,
  ledgerDir: Inputs.LedgerDir,
  nextRound: Inputs.NextRound,
  sourceTimeoutSeconds: Inputs.SourceTimeout,
  botLogin: Inputs.BotLogin,
  depth: Inputs.Depth,
  model: Inputs.Model,
  baseUrl: Inputs.BaseUrl,
  openaiApiKey: Inputs.OpenaiApiKey,
  openaiApiVersion: Inputs.OpenaiApiVersion,
  anthropicApiKey: Inputs.AnthropicApiKey,
  secretsToRedact: Inputs.SecretsToRedact,
  reviewBudget: Inputs.ReviewBudget
} as const satisfies Record<keyof Settings, InputName>

/** The values the workflow set, by input name: validated one by one, empty ones absent. */
export type WorkflowInputs = Readonly<Partial<Record<InputName, string>>>

function inputError(input: InputName, value: string, fallback: string): ConfigurationError {
  return new ConfigurationError(
    `Input '${input}' has an invalid value ${JSON.stringify(value)}: ${INPUT_HINTS[input] ?? fallback}.`
  )
}

/** Reads every input the workflow set and checks each on its own; throws a ConfigurationError naming the input and the fix. */
export function readInputs(
  getInput: (name: string) => string = n => core.getInput(n)
): WorkflowInputs {
  const out: Partial<Record<InputName, string>> = {}
  for (const input of Object.values(Inputs)) {
    const value = getInput(input)
    if (value.trim() === '') continue
    const checked = INPUT_SCHEMAS[input].safeParse(value)
    if (!checked.success) throw inputError(input, value, checked.error.issues[0]!.message)
    out[input] = value
  }
  if (!out['github-token']) throw inputError(Inputs.GithubToken, '', 'a token is required')
  return Object.freeze(out)
}

const isDefaultable = (input: InputName): input is DefaultableInput =>
  (DEFAULTABLE_INPUTS as readonly string[]).includes(input)

/**
 * The settings: an input the workflow set wins, then the repository file's default, then the built-in default.
 * A problem with a value that came from the file names the file's key, not the input.
 */
export function resolveSettings(
  inputs: WorkflowInputs,
  config: Pick<RepoConfig, 'defaults' | 'origin'> = { defaults: {} }
): Settings {
  const fromFile = new Set<InputName>()
  const raw: Record<string, string | undefined> = {}
  for (const [field, input] of Object.entries(fieldToInput)) {
    let value = inputs[input]
    if (value === undefined && isDefaultable(input) && config.defaults[input] !== undefined) {
      value = config.defaults[input]
      fromFile.add(input)
    }
    raw[field] = value
  }
  const where = config.origin ?? 'the repository file'
  const name = (input: InputName): string =>
    fromFile.has(input) ? `\`defaults.${input}\` in ${where}` : `Input '${input}'`
  const parsed = SettingsSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const input = fieldToInput[String(issue.path[0]) as keyof Settings]
    throw new ConfigurationError(
      `${name(input)} has an invalid value ${JSON.stringify(raw[String(issue.path[0])] ?? '')}: ${INPUT_HINTS[input] ?? issue.message}.`
    )
  }
  const s = parsed.data
  if (s.ledgerStore === 'directory' && !s.ledgerDir) {
    throw new ConfigurationError(
      `${name(Inputs.LedgerStore)} is 'directory' but 'ledger-dir' is empty: set 'ledger-dir' to the folder that keeps the ledgers.`
    )
  }
  if (s.source === 'command' && !s.command) {
    throw new ConfigurationError(
      `${name(Inputs.Source)} is 'command' but the input 'command' is empty: set 'command' in the workflow to the command line that speaks the review-loop/1 protocol.`
    )
  }
  return Object.freeze(s)
}

/** Reads and validates every input, with built-in defaults only; throws a ConfigurationError naming the input and the fix. */
export function readSettings(getInput: (name: string) => string = n => core.getInput(n)): Settings {
  return resolveSettings(readInputs(getInput))
}
