/** Chooses the ledger store the `ledger-store` input names. */
import type { Settings } from '../action/inputs.js'
import { CacheStore } from '../ledger/cache-store.js'
import { DirectoryStore } from '../ledger/directory-store.js'
import type { LedgerStore } from '../ledger/store.js'
import type { RunEnv } from './context.js'
import type { GitHubClient } from '../github/client.js'
import { trustedRevisions, type PullOrigin } from '../ledger/revisions.js'
import * as core from '@actions/core'

/**
 * The store for this PR's ledger. With `pull` (whether it comes from a fork), the cache's list of revisions holds only
 * those the action could have saved for it (`trustedRevisions`, src/ledger/revisions.ts); the others are named in a
 * warning and never loaded or counted against a save.
 */
export function makeStore(
  settings: Settings,
  env: RunEnv,
  pr: number,
  github?: Pick<GitHubClient, 'listCaches' | 'deleteCache'>,
  pull?: PullOrigin
): LedgerStore {
  const repository = `${env.owner}/${env.repo}`
  if (settings.ledgerStore === 'directory')
    return new DirectoryStore({ dir: settings.ledgerDir!, repository, pr })
  const store = cacheStore(env, pr, repository, github)
  if (!pull) return store
  const index = store.index.bind(store)
  store.index = async () => {
    const listed = await index()
    if ('error' in listed) return listed
    const { trusted, ignored } = trustedRevisions(listed, pull)
    for (const e of ignored)
      core.warning(
        pull.fork
          ? `The cache entry ${e.key} (scope ${e.ref}) is not believed: this pull request comes from a fork, whose pull_request runs execute the fork's workflow and can write that scope, and the action saves a fork's ledger only on ${pull.defaultBranch}. Delete it under Actions → Caches.`
          : `The cache entry ${e.key} (scope ${e.ref}) is not believed: that scope is another pull request's, whose pull_request runs (a fork's own workflow among them) can write any key there, and the action saves this pull request's ledger only in refs/pull/${pull.number}/merge and on ${pull.defaultBranch}. Delete it under Actions → Caches.`
      )
    return trusted
  }
  return store
}

function cacheStore(
  env: RunEnv,
  pr: number,
  repository: string,
  github?: Pick<GitHubClient, 'listCaches' | 'deleteCache'>
): CacheStore {
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
