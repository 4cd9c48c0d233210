/** The zod schema of `.github/review-loop.yml` as written (kebab-case keys), closed: an unknown key is an error. */
import { z } from 'zod'
import { INPUT_SCHEMAS, LOGIN_PATTERN } from '../action/inputs.js'
import { DEFAULTABLE_INPUTS, type DefaultableInput, type RepoConfig } from './types.js'

/** Relative to the repository root: no leading '/', no '..' segment, not blank. */
export const RELATIVE_PATH = /^(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))\S.*$/

/** The inputs that carry a secret: never in a repository file. */
export const SECRET_INPUTS = ['github-token', 'openai-api-key', 'anthropic-api-key'] as const

const pathOrGlob = z
  .string()
  .regex(RELATIVE_PATH)
  .describe('A path or glob relative to the repository root, e.g. docs/conventions/*.md')

/** A relative path naming one file: RELATIVE_PATH without glob characters (the goal is one file, never a pattern). */
export const FILE_PATH = /^(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))(?!.*[*?[\]{}])\S.*$/

const goalPath = z
  .string()
  .regex(FILE_PATH)
  .describe(
    'The path of one file relative to the repository root (not a glob), e.g. docs/VISION.md'
  )

// YAML reads `review-budget: 200000` as a number; the inputs are strings, so a scalar is read as its text.
const scalarText = (v: unknown): unknown =>
  typeof v === 'number' || typeof v === 'boolean' ? String(v) : v

const fileValue = <K extends DefaultableInput>(input: K) =>
  z.preprocess(scalarText, INPUT_SCHEMAS[input]).optional()
type DefaultShape = { [K in DefaultableInput]: ReturnType<typeof fileValue<K>> }
// Object.fromEntries cannot type the keys it builds; the list is the type's own.
const defaultShape = Object.fromEntries(
  DEFAULTABLE_INPUTS.map(input => [input, fileValue(input)])
) as unknown as DefaultShape

/** `.github/review-loop.yml`, as written. */
export const RepoConfigFileSchema = z
  .strictObject({
    rules: z
      .array(
        z.union([
          pathOrGlob,
          z.strictObject({
            path: pathOrGlob,
            'applies-to': z
              .array(pathOrGlob)
              .min(1)
              .optional()
              .describe('Globs of the changed files these rules govern.')
          })
        ])
      )
      .optional()
      .describe(
        'Extra rule and intent locations (a path or glob, or {path, applies-to}), harvested like the rule files found by looking.'
      ),
    goal: z
      .union([
        goalPath,
        z.strictObject({
          path: goalPath,
          section: z
            .string()
            .min(1)
            .optional()
            .describe('The heading of the section, e.g. Northstar.')
        })
      ])
      .optional()
      .describe('Where the project says what it is for: a file, or {path, section}.'),
    authority: z
      .array(pathOrGlob)
      .min(1)
      .optional()
      .describe('The order of authority among the project surfaces, highest first.'),
    protected: z
      .array(pathOrGlob)
      .optional()
      .describe('Globs of paths no fix may touch without a person.'),
    answerers: z
      .array(z.string().regex(LOGIN_PATTERN))
      .min(1)
      .optional()
      .describe(
        'Who may answer gates (GitHub logins, who need write access too). Absent: anyone with write access.'
      ),
    defaults: z
      .strictObject(defaultShape)
      .optional()
      .describe(
        "Defaults for the action's inputs; an input set in the workflow wins. Never tokens, keys or `command`."
      )
  })
  .meta({
    title: 'review-loop repository configuration (.github/review-loop.yml)',
    description:
      "Read from the pull request's base branch, never its head: a pull request cannot loosen its own guards."
  })

/** The file as parsed by the schema. */
export type RepoConfigFile = z.output<typeof RepoConfigFileSchema>

/** The parsed file as the loop uses it: shorthands expanded, absent lists empty, defaults as input text. */
export function toRepoConfig(file: RepoConfigFile, origin: string): RepoConfig {
  const defaults: RepoConfig['defaults'] = {}
  for (const input of DEFAULTABLE_INPUTS) {
    const value = file.defaults?.[input]
    if (value !== undefined) defaults[input] = String(value)
  }
  const goal = typeof file.goal === 'string' ? { path: file.goal } : file.goal
  return {
    origin,
    rules: (file.rules ?? []).map(rule =>
      typeof rule === 'string'
        ? { path: rule }
        : { path: rule.path, ...(rule['applies-to'] ? { appliesTo: rule['applies-to'] } : {}) }
    ),
    ...(goal
      ? { goal: { path: goal.path, ...(goal.section ? { section: goal.section } : {}) } }
      : {}),
    ...(file.authority ? { authority: file.authority } : {}),
    protected: file.protected ?? [],
    ...(file.answerers ? { answerers: file.answerers } : {}),
    defaults
  }
}
