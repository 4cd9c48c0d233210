/**
 * Paths no fix may touch without a person: the workflow files always, the loop's own settings, and whatever the
 * repository's settings name. A rule of the protocol (seed 004, Rule 6's substrate screen), so it lives in loop/.
 */
import { minimatch } from 'minimatch'
import { CONFIG_PATH } from './config-path.js'

/**
 * Whether a `protected` entry covers a file: a plain path protects itself and everything under it (`src/security`,
 * `src/security/`); a glob with no slash matches a file name anywhere (`*.pem`); any other glob matches the whole path.
 * A guard that under-matches leaves a file unprotected, so the readings are the generous ones.
 */
export function protects(pattern: string, file: string): boolean {
  if (!/[*?[\]{}!()+@]/.test(pattern)) {
    const dir = pattern.replace(/\/+$/, '')
    return file === dir || file.startsWith(`${dir}/`)
  }
  return minimatch(file, pattern, { dot: true, matchBase: !pattern.includes('/') })
}

/** Why a path is protected, in words a gate can show; undefined when a fix may land there on its own. */
export function protectionOf(file: string, patterns: readonly string[]): string | undefined {
  if (/^\.github\/workflows\//.test(file)) {
    return 'it would edit a workflow file, which the loop never does without a person (and a workflow token cannot push one)'
  }
  if (file === CONFIG_PATH) {
    return `it would edit ${CONFIG_PATH}, the loop's own settings, which only a person changes`
  }
  const hit = patterns.find(p => protects(p, file))
  return hit === undefined
    ? undefined
    : `${CONFIG_PATH} protects \`${hit}\`: no fix lands there without a person`
}
