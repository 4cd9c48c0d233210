/**
 * The process-wide guard (issue 15, item 6): whatever fails outside the run's own error handling (a promise nobody
 * awaits rejecting, an exception thrown from a callback) ends the step failed with a message saying what happened and
 * what stands, the `status` output `blocked`, and nothing more written: the ledger stays as the last save left it.
 * Without it node prints a stack and exits, with no output, no summary, and the run's question unanswered.
 */
import * as core from '@actions/core'
import { appendFileSync } from 'node:fs'
import { Outputs } from './constants.js'
import { secretValues } from './secrets.js'
import { redactText } from '../sources/redact.js'
import { errorMessage } from '../shared/errors.js'

/** The secret values of `env`, read before the run deletes them from the process environment. */
export function secretsOf(env: NodeJS.ProcessEnv): string[] {
  return secretValues({}, env)
}

/** The message the step fails with, redacted: what failed, that nothing more was saved, and what to do. */
export function crashMessage(error: unknown, secrets: readonly string[]): string {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : errorMessage(error)
  const first = redactText(what, secrets).split('\n')[0]!.slice(0, 1_000)
  return `review-loop stopped on an error it did not expect: ${first}. This run saved nothing more, so the ledger stands as the last save left it and the next run starts from there. Re-run the job; if it stops the same way, report it with this log.`
}

/**
 * Installs the guard for a step started as a script (never on import: a tool that calls `run()` itself keeps its own
 * handlers). The first unexpected failure fails the step and exits; the log keeps its stack, redacted. Call `ended`
 * once the run has returned: a failure after that is a warning, and the step ends as the run left it.
 */
export function guardProcess(env: NodeJS.ProcessEnv = process.env): { ended: () => void } {
  const secrets = secretsOf(env)
  let stopped = false
  let ended = false
  const stop = (error: unknown): void => {
    if (stopped) return
    stopped = true
    if (ended) {
      // The run had ended and saved, and its outputs stand: a late failure (a library's stray promise) is said, and
      // the step ends as the run left it.
      const what = errorMessage(error)
      core.warning(
        `After the run ended: ${redactText(what, secrets).split('\n')[0]!.slice(0, 1_000)}`
      )
      process.exit()
    }
    const message = crashMessage(error, secrets)
    try {
      core.setOutput(Outputs.Status, 'blocked')
      if (error instanceof Error && error.stack) {
        core.startGroup('The unexpected error, as node reported it')
        core.info(redactText(error.stack, secrets))
        core.endGroup()
      }
      core.setFailed(message)
      const summary = env.GITHUB_STEP_SUMMARY
      if (summary) appendFileSync(summary, `**review-loop stopped:** ${message}\n`)
    } finally {
      process.exit(1)
    }
  }
  process.on('unhandledRejection', stop)
  process.on('uncaughtException', stop)
  return { ended: () => (ended = true) }
}
