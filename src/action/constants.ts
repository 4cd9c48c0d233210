/** Names that mirror action.yml: inputs, outputs, labels. */
export const Inputs = {
  GithubToken: 'github-token',
  Source: 'source',
  Command: 'command',
  Driver: 'driver',
  DriverModel: 'driver-model',
  WriterModel: 'writer-model',
  Landing: 'landing',
  LedgerStore: 'ledger-store',
  LedgerDir: 'ledger-dir',
  NextRound: 'next-round',
  SourceTimeout: 'source-timeout',
  BotLogin: 'bot-login',
  Depth: 'depth',
  Model: 'model',
  BaseUrl: 'base-url',
  OpenaiApiKey: 'openai-api-key',
  OpenaiApiVersion: 'openai-api-version',
  AnthropicApiKey: 'anthropic-api-key',
  SecretsToRedact: 'secrets-to-redact',
  ReviewBudget: 'review-budget'
} as const

export const Outputs = {
  Status: 'status',
  Round: 'round',
  Verdict: 'verdict',
  OpenGates: 'open-gates'
} as const

export const Labels = {
  AwaitingDecision: 'review-loop: awaiting decision',
  Converged: 'review-loop: converged'
} as const

/** The login GITHUB_TOKEN acts as; used when the token cannot tell us who it is (GET /user answers 403 for it). */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]'
export const ACTIONS_BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com'

/** All review sources the contract names. */
export const SOURCES = ['openai', 'anthropic', 'codex', 'claude-code', 'command'] as const

/** The values of the `driver` input: no driver, one chosen from the source, or a named one. */
export const DRIVERS = ['none', 'auto', 'openai', 'anthropic', 'command'] as const
