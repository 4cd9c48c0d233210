/**
 * The action's entry point. The runner starts it as `node dist/index.js`, and then it runs one step of the loop. A tool
 * that imports it instead (GitHub's `@github/local-action`, which calls the exported `run()` itself) gets `run` and
 * nothing runs on import, so the step is never run twice.
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { answeredQuickly } from './action/quick-answer.js'

/** Runs one step of the loop (src/main.ts, loaded on first use: an event the loop ignores is answered without it). */
export async function run(): Promise<void> {
  const main = await import('./main.js')
  return main.run()
}

/** Whether this file is the script node was started with (not a module something else imported). */
function startedDirectly(): boolean {
  const script = process.argv[1]
  if (script === undefined) return false
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
}

// An event review-loop does not act on, when that shows without the command grammar, is answered by this file alone;
// anything else loads the step's code. Any failure outside the run's own handling still ends the step failed, saying
// so (src/action/crash-guard.ts).
if (startedDirectly() && !answeredQuickly()) {
  const { guardProcess } = await import('./action/crash-guard.js')
  const guard = guardProcess()
  const { answeredIgnoredEvent } = await import('./action/step-output.js')
  if (!(await answeredIgnoredEvent())) await run()
  guard.ended()
}
