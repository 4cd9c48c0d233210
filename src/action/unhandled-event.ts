/**
 * The fastest answer (issue 16, start-up): an event whose name review-loop never handles (a push, a schedule, a
 * release) is answered before anything else of the bundle loads, with the log line, outputs and job summary that
 * `ignore` gives (src/action/step-output.ts). This file imports nothing but node's own modules, so the entry file that
 * holds it stays small. Anything it cannot do as the runner expects (no output or summary file to append to) is left
 * to the full path, which says so.
 */
import { randomUUID } from 'node:crypto'
import { appendFileSync } from 'node:fs'
import { EOL } from 'node:os'

/** The events review-loop acts on; every other is ignored (src/action/event.ts reads these). */
export const HANDLED_EVENTS = [
  'pull_request',
  'issue_comment',
  'pull_request_review_comment',
  'workflow_dispatch'
]

/** The outputs an ignored run sets (src/action/constants.ts `Outputs`, as `setOutputs` writes them). */
const IGNORED_OUTPUTS: [string, string][] = [
  ['status', 'ignored'],
  ['round', ''],
  ['verdict', ''],
  ['open-gates', '']
]

/** A `name<<delimiter` block of the runner's output file, as @actions/core writes one. */
function outputBlock(name: string, value: string): string {
  const delimiter = `ghadelimiter_${randomUUID()}`
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`
}

/** Answers an event review-loop never handles and returns true; false when the full path must answer it. */
export function answeredUnhandledEvent(env: NodeJS.ProcessEnv = process.env): boolean {
  const name = env.GITHUB_EVENT_NAME
  const { GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary } = env
  if (!name || HANDLED_EVENTS.includes(name) || !output || !summary) return false
  const reason = `the ${name} event is not one review-loop handles`
  try {
    appendFileSync(output, IGNORED_OUTPUTS.map(([key, value]) => outputBlock(key, value)).join(''))
    appendFileSync(summary, `review-loop: nothing to do (${reason}).\n`)
  } catch {
    return false
  }
  process.stdout.write(`Nothing for review-loop: ${reason}${EOL}`)
  return true
}
