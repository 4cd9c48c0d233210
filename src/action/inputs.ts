/** Parses the action's inputs once into a readonly, typed settings object. */
import * as core from '@actions/core'
import { z } from 'zod'
import { Inputs, SOURCES } from './constants.js'

/** A configuration problem the workflow author must fix; its message names the input and the fix. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError'
}

const emptyToUndefined = (v: unknown): unknown =>
  typeof v === 'string' && v.trim() === '' ? undefined : v
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional())

const SettingsSchema = z.object({
  githubToken: z.string().min(1),
  source: optional(z.enum(SOURCES)),
  command: optional(z.string()),
  driver: z.preprocess(emptyToUndefined, z.enum(['none']).default('none')),
  landing: optional(z.enum(['head', 'stacked'])),
  ledgerStore: z.preprocess(emptyToUndefined, z.enum(['cache', 'directory']).default('cache')),
  ledgerDir: optional(z.string()),
  nextRound: z.preprocess(
    emptyToUndefined,
    z.enum(['dispatch', 'push', 'none']).default('dispatch')
  ),
  botLogin: optional(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/)),
  depth: z.preprocess(emptyToUndefined, z.enum(['quick', 'standard', 'deep']).default('standard')),
  model: optional(z.string()),
  baseUrl: optional(z.string().url()),
  openaiApiKey: optional(z.string()),
  openaiApiVersion: optional(z.string()),
  anthropicApiKey: optional(z.string()),
  reviewBudget: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(10_000).default(120_000)
  ),
  sourceTimeoutSeconds: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(6 * 3600)
      .default(600)
  )
})

/** The parsed settings. */
export type Settings = Readonly<z.infer<typeof SettingsSchema>>

const fieldToInput: Record<string, string> = {
  githubToken: Inputs.GithubToken,
  source: Inputs.Source,
  command: Inputs.Command,
  driver: Inputs.Driver,
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
  reviewBudget: Inputs.ReviewBudget
}

const hints: Record<string, string> = {
  source: `use one of ${SOURCES.join(', ')}, or leave it empty to let the action designate the one usable source`,
  driver: "only 'none' is available in this version (deterministic steps only)",
  landing:
    "use 'head' (fix commits on the PR branch) or 'stacked' (a branch and PR above it), or leave it empty to be asked",
  ledgerStore: "use 'cache' or 'directory'",
  nextRound: "use 'dispatch', 'push' or 'none'",
  sourceTimeoutSeconds: 'give a whole number of seconds between 1 and 21600',
  depth: "use 'quick', 'standard' or 'deep'",
  baseUrl: 'give a full URL such as `http://localhost:11434/v1`',
  reviewBudget: 'give a whole number of characters, at least 10000',
  botLogin: 'give the login the token posts comments as, e.g. `my-app[bot]`',
  githubToken: 'pass a token, e.g. `github-token: ${{ github.token }}`'
}

/** Reads and validates every input; throws a ConfigurationError naming the input, the bad value and the fix. */
export function readSettings(getInput: (name: string) => string = n => core.getInput(n)): Settings {
  const raw = Object.fromEntries(
    Object.entries(fieldToInput).map(([field, input]) => [field, getInput(input)])
  )
  const parsed = SettingsSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = String(issue.path[0] ?? '')
    const input = fieldToInput[field] ?? field
    const value = raw[field]
    throw new ConfigurationError(
      `Input '${input}' has an invalid value ${JSON.stringify(value ?? '')}: ${hints[field] ?? issue.message}.`
    )
  }
  const s = parsed.data
  if (s.ledgerStore === 'directory' && !s.ledgerDir) {
    throw new ConfigurationError(
      "Input 'ledger-store' is 'directory' but 'ledger-dir' is empty: set 'ledger-dir' to the folder that keeps the ledgers."
    )
  }
  if (s.source === 'command' && !s.command) {
    throw new ConfigurationError(
      "Input 'source' is 'command' but 'command' is empty: set 'command' to the command line that speaks the review-loop/1 protocol."
    )
  }
  return Object.freeze(s)
}
