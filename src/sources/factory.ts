/** Builds the designated review source for one run. */
import type { Settings } from '../action/inputs.js'
import { CommandSource } from './command.js'
import type { ReviewSource } from './types.js'

/** What every source is built with. */
export interface SourceContext {
  settings: Settings
  /** The checkout of the PR head. */
  cwd: string
  env: NodeJS.ProcessEnv
}

/** The source called `name`. */
export function createSource(name: string, ctx: SourceContext): ReviewSource {
  const timeoutMs = ctx.settings.sourceTimeoutSeconds * 1000
  switch (name) {
    case 'command':
      return new CommandSource({ command: ctx.settings.command ?? '', cwd: ctx.cwd, timeoutMs })
    default:
      throw new Error(`The review source '${name}' is not available in this build.`)
  }
}
