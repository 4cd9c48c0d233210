/** Which review sources are usable here, and Phase 0's designation among them. */
import { ClaudeCodeSource } from './claude-code.js'
import { CodexSource } from './codex.js'
import { ConfigurationError, type Settings } from '../action/inputs.js'
import type { SOURCES } from '../action/constants.js'
import { stepEnvironment } from '../action/step-env.js'

/** A source name the contract knows. */
export type SourceName = (typeof SOURCES)[number]

/** One source as the designation weighs it: whether it is usable here, and its coverage and cost. */
export interface SourceOption {
  name: SourceName
  usable: boolean
  /** What is missing when it is not usable; what made it usable otherwise. */
  why: string
  coverage: string
  cost: string
  /** Whether it can report which axes it reached (a standing property, said once). */
  reportsReach: boolean
}

/** The API key for a provider: the input, else the conventional environment variable. */
export function apiKeyFor(
  provider: 'openai' | 'anthropic',
  settings: Settings,
  env: NodeJS.ProcessEnv
): string | undefined {
  if (provider === 'openai') {
    const azure = settings.openaiApiVersion ? env.AZURE_OPENAI_API_KEY : undefined
    return settings.openaiApiKey ?? (env.OPENAI_API_KEY || azure || undefined)
  }
  return settings.anthropicApiKey ?? (env.ANTHROPIC_API_KEY || undefined)
}

/** Every source with whether it is usable on this runner. */
export async function surveySources(
  settings: Settings,
  env: NodeJS.ProcessEnv = stepEnvironment()
): Promise<SourceOption[]> {
  const openaiKey = apiKeyFor('openai', settings, env)
  const anthropicKey = apiKeyFor('anthropic', settings, env)
  const codexKey = env.CODEX_API_KEY || env.OPENAI_API_KEY || settings.openaiApiKey
  const claudeKey = env.ANTHROPIC_API_KEY || env.CLAUDE_CODE_OAUTH_TOKEN || settings.anthropicApiKey
  // The same lookup the CLI sources use (absolute PATH entries only, so the checkout cannot supply the tool).
  const codex = CodexSource.isUsable(env, { apiKey: 'present' })
  const claude = ClaudeCodeSource.isUsable(env, { apiKey: 'present' })
  const perRound = 'one call per round (more when a large pull request is reviewed in parts)'
  return [
    {
      name: 'openai',
      usable: Boolean(openaiKey),
      why: openaiKey ? 'an OpenAI API key is set' : 'set `openai-api-key` or OPENAI_API_KEY',
      coverage:
        'a model reading the diffs it is sent (it cannot open other files of the repository)',
      cost: `API tokens, ${perRound}`,
      reportsReach: true
    },
    {
      name: 'anthropic',
      usable: Boolean(anthropicKey),
      why: anthropicKey
        ? 'an Anthropic API key is set'
        : 'set `anthropic-api-key` or ANTHROPIC_API_KEY',
      coverage:
        'a model reading the diffs it is sent (it cannot open other files of the repository)',
      cost: `API tokens, ${perRound}`,
      reportsReach: true
    },
    {
      name: 'codex',
      usable: codex && Boolean(codexKey),
      why: !codex
        ? 'install the `codex` CLI on the runner'
        : codexKey
          ? 'the codex CLI and a key are present'
          : 'set CODEX_API_KEY or OPENAI_API_KEY',
      coverage: 'an agent that reads the whole repository itself, in a read-only sandbox',
      cost: 'API tokens for an agent session per round (usually more than one API call)',
      reportsReach: true
    },
    {
      name: 'claude-code',
      usable: claude && Boolean(claudeKey),
      why: !claude
        ? 'install the `claude` CLI on the runner'
        : claudeKey
          ? 'the claude CLI and a key are present'
          : 'set ANTHROPIC_API_KEY or CLAUDE_CODE_OAUTH_TOKEN',
      coverage: 'an agent that reads the whole repository itself, with read-only tools',
      cost: 'API tokens for an agent session per round (usually more than one API call)',
      reportsReach: true
    },
    {
      name: 'command',
      usable: Boolean(settings.command),
      why: settings.command ? 'the `command` input is set' : 'set the `command` input',
      coverage: 'whatever your command does',
      cost: 'whatever your command costs',
      reportsReach: true
    }
  ]
}

/** Phase 0's designation: the named source, the one usable source, or a question among several. */
export type Designation =
  | { kind: 'designated'; option: SourceOption; how: string }
  | { kind: 'ask'; options: SourceOption[] }

/** Designates the review source; none usable (or a named one that is not) is a configuration error that says what to do. */
export function designate(settings: Settings, survey: SourceOption[]): Designation {
  if (settings.source) {
    const option = survey.find(o => o.name === settings.source)!
    if (!option.usable) {
      throw new ConfigurationError(
        `Input 'source' is '${option.name}', which is not usable here: ${option.why}.`
      )
    }
    return { kind: 'designated', option, how: "named by the workflow's `source` input" }
  }
  const usable = survey.filter(o => o.usable)
  if (usable.length === 1) {
    const option = usable[0]!
    return {
      kind: 'designated',
      option,
      how: `the only usable source (\`source\` is not set; ${option.why})`
    }
  }
  if (usable.length > 1) return { kind: 'ask', options: usable }
  throw new ConfigurationError(
    `No review source is usable. Any one of these makes one usable: ${survey.map(o => `${o.name}: ${o.why}`).join('; ')}.`
  )
}
