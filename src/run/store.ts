/** Chooses the ledger store the `ledger-store` input names. */
import type { Settings } from '../action/inputs.js'
import { CacheStore } from '../ledger/cache-store.js'
import { DirectoryStore } from '../ledger/directory-store.js'
import type { LedgerStore } from '../ledger/store.js'
import type { RunEnv } from './context.js'
import type { GitHubClient } from '../github/client.js'

/** The store for this PR's ledger. */
export function makeStore(
  settings: Settings,
  env: RunEnv,
  pr: number,
  github?: Pick<GitHubClient, 'listCaches' | 'deleteCache'>
): LedgerStore {
  const repository = `${env.owner}/${env.repo}`
  if (settings.ledgerStore === 'directory')
    return new DirectoryStore({ dir: settings.ledgerDir!, repository, pr })
  return new CacheStore({
    repository,
    pr,
    runId: env.runId,
    runAttempt: env.runAttempt,
    tempDir: env.runnerTemp,
    // Every scope's keys, even those this run cannot restore: how the newest revision is found (docs/persistence.md).
    ...(github
      ? {
          list: (prefix: string) => github.listCaches(prefix),
          remove: {
            run: (key: string, ref: string) => github.deleteCache(key, ref),
            ref: process.env.GITHUB_REF ?? ''
          }
        }
      : {})
  })
}
