/**
 * The step's environment as the action read it, kept in the action's own memory once the secrets have left the process
 * environment (README, "Trust"): the sources and drivers find the provider keys here, and no child process started
 * afterwards (git, a `command`, an agent CLI given its own environment) inherits them from `process.env`.
 */

import { PROVIDER_KEY_VARIABLES } from './secrets.js'

/** The provider keys the sources and drivers read from the step's environment (the list is src/action/secrets.ts). */
export { PROVIDER_KEY_VARIABLES } from './secrets.js'

let kept: NodeJS.ProcessEnv | undefined

/**
 * Keeps a copy of `env` for the run, then deletes the provider keys from `env` itself (names compared
 * case-insensitively, as Windows does). Returns the names it deleted.
 */
export function keepStepEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  kept = { ...env }
  const dropped: string[] = []
  for (const name of Object.keys(env)) {
    if ((PROVIDER_KEY_VARIABLES as readonly string[]).includes(name.toUpperCase())) {
      delete env[name]
      dropped.push(name)
    }
  }
  return dropped
}

/** The step's environment: the copy kept by `keepStepEnvironment`, else (before it, in a unit test) `process.env`. */
export function stepEnvironment(): NodeJS.ProcessEnv {
  return kept ?? process.env
}
