/** The edges of the world one run talks to: GitHub, the ledger's store, and the makers of sources and drivers. */
import type { Settings } from '../action/inputs.js'
import { stepEnvironment } from '../action/step-env.js'
import { redactingDriver } from '../driver/redacting.js'
import { createDriver } from '../driver/factory.js'
import type { GitHubClient, PullRequest } from '../github/client.js'
import { createSource } from '../sources/factory.js'
import type { RunEnv, World } from './context.js'
import { makeStore } from './store.js'

/**
 * The run's world on GitHub Actions; what a driver answers is redacted with `secrets`, as a source's answer is. The
 * REST client is given as the world's `GitHubPort` here, so a method `src/run/` asks for that the client lacks, or has
 * with another shape, is a type error where `github` is put in the world below (the client cannot name the port itself: src/run/ports.ts reads
 * the client's comment types, and an import back would be a circle).
 */
export function makeWorld(
  settings: Settings,
  env: RunEnv,
  github: GitHubClient,
  pr: PullRequest,
  secrets: string[]
): World {
  return {
    github,
    store: makeStore(settings, env, pr.number, github, pr),
    makeSource: (name, cwd, { configured }) =>
      createSource(name, { settings, cwd, env: stepEnvironment(), configured }),
    makeDriver: (source, { configured }) => {
      const made = createDriver({
        settings,
        env: stepEnvironment(),
        cwd: env.workspace,
        source,
        configured
      })
      if (!made.driver) return { label: made.label, why: made.why }
      const driver = redactingDriver(made.driver, secrets)
      const writer = made.writer && {
        label: made.writer.label,
        driver:
          made.writer.driver === made.driver ? driver : redactingDriver(made.writer.driver, secrets)
      }
      return { label: made.label, why: made.why, driver, ...(writer ? { writer } : {}) }
    },
    now: () => new Date().toISOString()
  }
}
