/** A ledger store in the GitHub Actions cache: one immutable entry per saved revision. */
import * as core from '@actions/core'
import * as fs from 'node:fs/promises'
import * as path from 'node:path'
import type { LedgerStore, StoredLedger } from './store.js'
import { keyDigest, parseRevisionKey, type ListedRevision } from './revisions.js'
import { digest as sha256 } from './codec.js'
import { errorMessage } from '../shared/errors.js'

/** Deletes one cache entry by key in one scope (the REST API). */
export type CacheDeleter = (key: string, ref: string) => Promise<void>

/** Lists the repository's cache entries whose key starts with a prefix, in every scope (the REST API). */
export type CacheLister = (
  prefix: string
) => Promise<{ entries: { id: number; key: string; ref: string }[] } | { error: string }>

/** What a cache store needs to know about the run; the caller reads these from the environment. */
export interface CacheStoreOptions {
  /** `owner/repo` (GITHUB_REPOSITORY). */
  repository: string
  /** The pull request number. */
  pr: number
  /** GITHUB_RUN_ID. */
  runId: string
  /** GITHUB_RUN_ATTEMPT. */
  runAttempt: string
  /** RUNNER_TEMP: the ledger file lives under it, at the same path in every run. */
  tempDir: string
  /** Lists the saved revisions in every scope; without it the store finds only what this run's scopes restore. */
  list?: CacheLister
  /** Deletes an entry this run saved; `ref` is this run's own (GITHUB_REF). */
  remove?: { run: CacheDeleter; ref: string }
}

/** Revisions are zero-padded so that keys sort, and read, in revision order. */
const REVISION_DIGITS = 8

type CacheModule = typeof import('@actions/cache')

/** The key prefix shared by every saved revision of one PR's ledger. */
export function ledgerKeyPrefix(repository: string, pr: number): string {
  const [owner = '', repo = ''] = repository.split('/')
  return `review-loop-ledger-${sanitize(owner)}-${sanitize(repo)}-pr${pr}-rev`
}

/**
 * The key one save writes: revision, the text's digest (so a copy elsewhere can be checked against what the action
 * saved), then the run that wrote it (keys are immutable, so a retry is a new key).
 */
export function ledgerCacheKey(
  options: Pick<CacheStoreOptions, 'repository' | 'pr' | 'runId' | 'runAttempt'>,
  revision: number,
  textDigest?: string
): string {
  const digestPart = textDigest ? `-${keyDigest(textDigest)}` : ''
  return `${ledgerKeyPrefix(options.repository, options.pr)}${padRevision(revision)}${digestPart}-run${sanitize(options.runId)}-${sanitize(options.runAttempt)}`
}

/** Keeps the ledger's history in the Actions cache, one entry per revision. */
export class CacheStore implements LedgerStore {
  readonly describe: string
  /** Where the ledger file is written before a save and read after a restore. */
  readonly file: string
  private readonly options: CacheStoreOptions
  private readonly prefix: string

  constructor(options: CacheStoreOptions) {
    if (!/^[^/\s]+\/[^/\s]+$/.test(options.repository)) {
      throw new Error(`CacheStore: repository must be "owner/repo", got "${options.repository}".`)
    }
    if (!Number.isSafeInteger(options.pr) || options.pr <= 0) {
      throw new Error(`CacheStore: pr must be a positive integer, got ${String(options.pr)}.`)
    }
    if (!/^\d+$/.test(options.runId) || !/^\d+$/.test(options.runAttempt)) {
      throw new Error(
        `CacheStore: runId and runAttempt must be numbers (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT), got "${options.runId}" and "${options.runAttempt}".`
      )
    }
    if (!options.tempDir || !path.isAbsolute(options.tempDir)) {
      throw new Error(
        `CacheStore: tempDir must be an absolute path (RUNNER_TEMP), got "${options.tempDir}".`
      )
    }
    this.options = options
    this.prefix = ledgerKeyPrefix(options.repository, options.pr)
    // The cache version hashes the path list, so every run must name exactly this path.
    this.file = path.join(options.tempDir, 'review-loop', 'ledger', `pr-${options.pr}.json`)
    this.describe = `Actions cache (keys ${this.prefix}<revision>-run<id>-<attempt>)`
  }

  async index(): Promise<ListedRevision[] | { error: string }> {
    if (!this.options.list)
      return { error: 'the store was given no way to list the cache (no GitHub token)' }
    const listed = await this.options.list(this.prefix)
    if ('error' in listed) return listed
    return listed.entries
      .map(e => parseRevisionKey(this.prefix, e))
      .filter((e): e is ListedRevision => e !== undefined)
  }

  async discard(key: string): Promise<void> {
    if (!this.options.remove) return
    await this.options.remove.run(key, this.options.remove.ref)
  }

  async load(wantRevision?: number, wantDigest?: string): Promise<StoredLedger | undefined> {
    const cache = await loadCacheModule()
    if (!cache.isFeatureAvailable()) {
      core.warning(
        'The Actions cache service is not available to this step (ACTIONS_RESULTS_URL or ACTIONS_CACHE_URL is not set), so the ledger could not be looked up there.'
      )
      return undefined
    }
    const tries: string[] = []
    if (wantRevision !== undefined) {
      if (!Number.isSafeInteger(wantRevision) || wantRevision < 0) {
        throw new Error(
          `CacheStore.load: revision must be a non-negative integer, got ${wantRevision}.`
        )
      }
      tries.push(
        `${this.prefix}${padRevision(wantRevision)}-${wantDigest ? `${keyDigest(wantDigest)}-` : ''}`
      )
      // The newest is found through the list: a prefix restore would take this scope's older revision.
      if (wantDigest) return this.restoreFirst(cache, tries)
    }
    // Two restores, not one with two restore keys: the service finishes one scope before the next,
    // so a single call would take this scope's older revision over the wanted one on the default branch.
    tries.push(this.prefix)
    return this.restoreFirst(cache, tries)
  }

  private async restoreFirst(
    cache: CacheModule,
    tries: string[]
  ): Promise<StoredLedger | undefined> {
    for (const prefix of tries) {
      const restored = await this.restore(cache, prefix)
      if (restored) return restored
    }
    core.info(
      `No ledger in the Actions cache under ${tries.join(' or ')} in the scopes this run can read (its own ref, then the base and default branches). If a "Failed to restore" warning appears above, the cache service failed rather than missed.`
    )
    return undefined
  }

  async save(text: string, revision: number): Promise<string> {
    if (!Number.isSafeInteger(revision) || revision < 0) {
      throw new Error(`CacheStore.save: revision must be a non-negative integer, got ${revision}.`)
    }
    const key = ledgerCacheKey(this.options, revision, sha256(text))
    const cache = await loadCacheModule()
    if (!cache.isFeatureAvailable()) {
      throw new Error(
        `Cannot save ledger revision ${revision}: the Actions cache service is not available to this step (ACTIONS_RESULTS_URL or ACTIONS_CACHE_URL is not set). Run the action in a GitHub Actions job, or use ledger-store: directory.`
      )
    }
    await fs.mkdir(path.dirname(this.file), { recursive: true })
    await fs.writeFile(this.file, text, 'utf8')
    let id: number
    try {
      id = await cache.saveCache([this.file], key)
    } catch (error) {
      throw new Error(
        `Saving ledger revision ${revision} to the Actions cache under key ${key} failed: ${errorMessage(error)}. The ledger was not saved; re-run the job.`,
        { cause: error }
      )
    }
    if (id === -1) {
      throw new Error(
        `Saving ledger revision ${revision} to the Actions cache under key ${key} did not happen (see the @actions/cache message above: the key may already exist, the token may be read-only, or the service failed). The ledger was not saved; re-run the job (a new attempt writes a new key).`
      )
    }
    core.info(`Saved ledger revision ${revision} to the Actions cache under key ${key}.`)
    return key
  }

  private async restore(cache: CacheModule, prefix: string): Promise<StoredLedger | undefined> {
    // A file left from an earlier save in this job must not pass for what the restore brought.
    await fs.rm(this.file, { force: true })
    let matched: string | undefined
    try {
      matched = await cache.restoreCache([this.file], prefix)
    } catch (error) {
      core.warning(
        `Looking up the ledger in the Actions cache under ${prefix} failed: ${errorMessage(error)}`
      )
      return undefined
    }
    if (!matched) return undefined
    try {
      return { text: await fs.readFile(this.file, 'utf8'), origin: `cache key ${matched}` }
    } catch (error) {
      core.warning(
        `The Actions cache restored key ${matched}, but the ledger is not at ${this.file} (${errorMessage(error)}). The saving run had a different GITHUB_WORKSPACE-to-RUNNER_TEMP layout; the entry cannot be used.`
      )
      return undefined
    }
  }
}

/** Loaded on first use: @actions/cache pulls in the Azure storage SDK, which slows every start-up. */
async function loadCacheModule(): Promise<CacheModule> {
  return import('@actions/cache')
}

function padRevision(revision: number): string {
  return String(revision).padStart(REVISION_DIGITS, '0')
}

/** Keys may not contain commas; owner and repo names never should, but a key must not depend on it. */
function sanitize(part: string): string {
  return part.replace(/[^A-Za-z0-9._-]/g, '_')
}
