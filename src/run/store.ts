/** Chooses the ledger store the `ledger-store` input names. */
import type { Settings } from '../action/inputs.js'
import { CacheStore } from '../ledger/cache-store.js'
import { DirectoryStore } from '../ledger/directory-store.js'
import type { LedgerStore } from '../ledger/store.js'
import type { RunEnv } from './context.js'

/** The store for this PR's ledger. */
export function makeStore(settings: Settings, env: RunEnv, pr: number): LedgerStore {
  const repository = `${env.owner}/${env.repo}`
  if (settings.ledgerStore === 'directory')
    return new DirectoryStore({ dir: settings.ledgerDir!, repository, pr })
  return new CacheStore({
    repository,
    pr,
    runId: env.runId,
    runAttempt: env.runAttempt,
    tempDir: env.runnerTemp
  })
}
