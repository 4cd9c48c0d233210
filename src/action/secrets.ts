/**
 * The one list of what holds a secret: the action's secret inputs, the provider keys the sources and drivers read from
 * the step's environment, and the GitHub token variables a workflow may set for other tools. The crash guard's message,
 * a source's and a driver's answers, the log's masks, and what leaves the process environment are all derived from
 * it, so a name added here is redacted and dropped everywhere at once.
 */
import { secretLines } from '../sources/redact.js'

/** The action inputs whose value is a secret (names as in action.yml). */
export const SECRET_INPUTS = ['github-token', 'openai-api-key', 'anthropic-api-key'] as const

/** The input whose lines are further secret values, one a line. */
export const REDACT_INPUT = 'secrets-to-redact'

/** The provider keys the sources and drivers read from the step's environment (src/action/step-env.ts). */
export const PROVIDER_KEY_VARIABLES = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'CODEX_API_KEY',
  'CLAUDE_CODE_OAUTH_TOKEN',
  'AZURE_OPENAI_API_KEY'
] as const

/**
 * Keys a workflow may set for an agent CLI that the action neither reads nor takes out of the environment: a `command`
 * source is not given them (src/sources/command.ts), and no answer carries them.
 */
export const OTHER_KEY_VARIABLES = ['ANTHROPIC_AUTH_TOKEN'] as const

/** GitHub token variables a workflow may set for other tools: the action reads its token from its input only. */
export const UNREAD_TOKEN_VARIABLES = [
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GH_ENTERPRISE_TOKEN',
  'GITHUB_ENTERPRISE_TOKEN'
] as const

/** The variable the runner passes an input in: `INPUT_` and the name in capitals, hyphens kept. */
export const inputVariable = (input: string): string => `INPUT_${input.toUpperCase()}`

/** The variables of the secret inputs, `secrets-to-redact` among them. */
export const SECRET_INPUT_VARIABLES: readonly string[] = [...SECRET_INPUTS, REDACT_INPUT].map(
  inputVariable
)

/** Variables whose whole value is a secret (names compared in capitals, as Windows compares them). */
export const SECRET_VARIABLES: readonly string[] = [
  ...SECRET_INPUTS.map(inputVariable),
  ...UNREAD_TOKEN_VARIABLES,
  ...PROVIDER_KEY_VARIABLES,
  ...OTHER_KEY_VARIABLES
]

/** The secret inputs as a run holds them, read or not. */
export type SecretInputs = Readonly<
  Partial<Record<(typeof SECRET_INPUTS)[number] | typeof REDACT_INPUT, string | undefined>>
>

/** Secret values the action took out of its process environment, kept in its memory so redaction still knows them. */
const held = new Set<string>()

/** Keeps the secret values of `env` before they are deleted from it (src/sources/command.ts, `dropSecretInputs`). */
export function holdSecrets(env: NodeJS.ProcessEnv): void {
  for (const value of fromEnvironment(env)) held.add(value)
}

function fromEnvironment(env: NodeJS.ProcessEnv): string[] {
  const out: string[] = []
  for (const [name, value] of Object.entries(env)) {
    const upper = name.toUpperCase()
    if (!value) continue
    if (upper === inputVariable(REDACT_INPUT)) out.push(...secretLines(value))
    else if (SECRET_VARIABLES.includes(upper)) out.push(value.trim())
  }
  return out
}

/**
 * Every secret value a run holds: its secret inputs, the lines of `secrets-to-redact`, the secret variables of `env`,
 * and those the action already took out of its process environment. Each once, none empty.
 */
export function secretValues(inputs: SecretInputs, env: NodeJS.ProcessEnv = {}): string[] {
  const values = [
    ...SECRET_INPUTS.map(name => inputs[name]?.trim()),
    ...secretLines(inputs[REDACT_INPUT]),
    ...fromEnvironment(env),
    ...held
  ]
  return [...new Set(values.filter((s): s is string => typeof s === 'string' && s !== ''))]
}

/**
 * The values a source's or a driver's answer is redacted with. Values under 8 characters are left out: they would
 * match ordinary words (the shapes of secrets are scrubbed besides, src/sources/sanitise.ts).
 */
export function answerSecrets(inputs: SecretInputs, env: NodeJS.ProcessEnv = {}): string[] {
  return secretValues(inputs, env).filter(s => s.length >= 8)
}

/** The secret inputs of a run's settings. */
export function secretInputsOf(settings: {
  githubToken?: string
  openaiApiKey?: string
  anthropicApiKey?: string
  secretsToRedact?: string
}): SecretInputs {
  return {
    'github-token': settings.githubToken,
    'openai-api-key': settings.openaiApiKey,
    'anthropic-api-key': settings.anthropicApiKey,
    'secrets-to-redact': settings.secretsToRedact
  }
}
