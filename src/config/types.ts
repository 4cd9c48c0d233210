/** The repository's own review-loop settings, read from `.github/review-loop.yml` on the PR's base branch. */

/** Where the file lives in the repository. */
export { CONFIG_PATH } from '../loop/config-path.js'

/** The action inputs the file may give defaults for (never tokens, keys or `command`). */
export const DEFAULTABLE_INPUTS = [
  'source',
  'driver',
  'landing',
  'ledger-store',
  'ledger-dir',
  'next-round',
  'depth',
  'model',
  'driver-model',
  'writer-model',
  'base-url',
  'openai-api-version',
  'review-budget',
  'source-timeout',
  'bot-login'
] as const

/** An input the file may give a default for. */
export type DefaultableInput = (typeof DEFAULTABLE_INPUTS)[number]

/** An extra rule or intent location: files (a path or glob) and, optionally, which changed paths they govern. */
export interface RuleLocation {
  /** A path or glob, relative to the repository root. */
  path: string
  /** Globs of the changed files these rules govern; absent: matched like any rule file (by path or by content). */
  appliesTo?: string[]
}

/** The parsed, validated file. Everything is optional in the file; absent lists are empty here. */
export interface RepoConfig {
  /** Where it was read from, e.g. ".github/review-loop.yml on main"; absent when the base branch has no file. */
  origin?: string
  /** Extra rule locations, harvested like the rule files found by looking. */
  rules: RuleLocation[]
  /** Where the project says what it is for: a file and, optionally, the heading of its section. */
  goal?: { path: string; section?: string }
  /** The order of authority among the project's surfaces, highest first (paths or globs). */
  authority?: string[]
  /** Globs of paths no fix may touch without a person. */
  protected: string[]
  /** Who may answer gates (logins); absent: anyone with write access. They need write access too. */
  answerers?: string[]
  /** Defaults for the action's inputs; an input set in the workflow overrides its default here. */
  defaults: Partial<Record<DefaultableInput, string>>
}

/** The settings of a repository without the file. */
export const EMPTY_CONFIG: RepoConfig = Object.freeze({
  rules: [],
  protected: [],
  defaults: {}
}) as RepoConfig
