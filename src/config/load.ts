/** Reads `.github/review-loop.yml` from the PR's base branch: a pull request must not loosen its own guards. */
import * as core from '@actions/core'
import { ConfigurationError } from '../action/inputs.js'
import { CONFIG_PATH, EMPTY_CONFIG, type RepoConfig } from './types.js'

/** Reads one file's text at a ref; undefined when it does not exist (GitHubClient.fileAt). */
export interface FileReader {
  fileAt(path: string, ref: string): Promise<string | undefined>
}

/** The repository's settings from `baseRef` (the PR's base branch, never its head); EMPTY_CONFIG without the file. */
export async function loadRepoConfig(reader: FileReader, baseRef: string): Promise<RepoConfig> {
  const origin = `${CONFIG_PATH} on ${baseRef}`
  const text = await reader.fileAt(CONFIG_PATH, baseRef)
  if (text === undefined) {
    core.info(`No ${origin}: built-in defaults apply (a pull request's own copy is never read)`)
    return EMPTY_CONFIG
  }
  // The YAML parser is loaded only when there is a file to parse: most runs start without it.
  const { parseRepoConfig } = await import('./parse.js')
  try {
    const config = parseRepoConfig(text, origin)
    core.info(
      `Settings read from ${origin}, the base branch (a pull request's own copy is never read)`
    )
    return config
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error
    // The head's copy is not read, so a fix in this pull request only counts once it is merged.
    throw new ConfigurationError(
      `${error.message}\nThe file is read from the base branch ${baseRef}, never from the pull request: the fix takes effect once it is on ${baseRef}.`
    )
  }
}
