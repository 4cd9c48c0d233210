import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import * as fs from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { CacheFake, type CacheRun } from '../__fixtures__/harness/cache-fake.js'
import { CacheStore, ledgerCacheKey } from '../src/ledger/cache-store.js'

// The real @actions/cache reads its configuration from process.env on every call (nothing is kept from
// module load), so each simulated run sets the environment the runner would and restores it afterwards.

const REPO = 'octo/widgets'
const PR = 7
const PR_RUN: CacheRun = { ref: `refs/pull/${PR}/merge`, defaultBranch: 'main', baseRef: 'main' }
const DEFAULT_BRANCH_RUN: CacheRun = { ref: 'refs/heads/main', defaultBranch: 'main' }

let fake: CacheFake
let root: string
let runCounter = 1000
const savedEnv = { ...process.env }

beforeAll(async () => {
  fake = await CacheFake.start()
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cache-store-'))
  await fs.mkdir(path.join(root, 'workspace'))
  await fs.mkdir(path.join(root, 'temp'))
})

afterAll(async () => {
  await fake.close()
  await fs.rm(root, { recursive: true, force: true })
})

afterEach(() => {
  jest.restoreAllMocks()
})

interface RunResult<T> {
  value: T
  warnings: string[]
  stdout: string
}

/** Runs `fn` as one workflow run would: its env, its own run id, a fresh CacheStore; captures annotations. */
async function asRun<T>(
  run: CacheRun,
  fn: (store: CacheStore) => Promise<T>,
  extraEnv: Record<string, string> = {}
): Promise<RunResult<T>> {
  const runId = String(++runCounter)
  const env: Record<string, string> = {
    ...fake.cacheEnvFor({ ...run, runId }),
    GITHUB_WORKSPACE: path.join(root, 'workspace'),
    RUNNER_TEMP: path.join(root, 'temp'),
    GITHUB_REF: run.ref,
    ...extraEnv
  }
  let stdout = ''
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    stdout += String(chunk)
    return true
  })
  Object.assign(process.env, env)
  if (!('GITHUB_SERVER_URL' in extraEnv)) delete process.env['GITHUB_SERVER_URL']
  try {
    const store = new CacheStore({
      repository: REPO,
      pr: PR,
      runId,
      runAttempt: '1',
      tempDir: env['RUNNER_TEMP']!
    })
    const value = await fn(store)
    const warnings = stdout.split(/\r?\n/).filter(l => l.startsWith('::warning'))
    return { value, warnings, stdout }
  } finally {
    for (const name of Object.keys(env)) {
      if (name in savedEnv) process.env[name] = savedEnv[name]
      else delete process.env[name]
    }
    if (savedEnv['GITHUB_SERVER_URL'] !== undefined) {
      process.env['GITHUB_SERVER_URL'] = savedEnv['GITHUB_SERVER_URL']
    }
    jest.restoreAllMocks()
  }
}

const ledger = (revision: number): string => JSON.stringify({ pr: PR, revision })

describe('CacheStore against the cache fake, through the real @actions/cache (v2 service)', () => {
  it('(a) an issue_comment run cannot see what a pull_request run saved', async () => {
    await asRun(PR_RUN, store => store.save(ledger(1), 1))
    expect(fake.entries()).toEqual([
      expect.objectContaining({
        key: expect.stringMatching(
          /^review-loop-ledger-octo-widgets-pr7-rev00000001-[0-9a-f]{16}-run\d+-1$/
        ),
        scope: 'refs/pull/7/merge',
        finalized: true
      })
    ])

    const seen = await asRun(DEFAULT_BRANCH_RUN, async store => [
      await store.load(1),
      await store.load()
    ])
    expect(seen.value).toEqual([undefined, undefined])
    expect(seen.warnings).toEqual([])
    expect(seen.stdout).toMatch(/No ledger in the Actions cache under/)
    // The save went the way real GitHub takes it: Twirp reservation, Azure SDK Put Blob, finalize.
    expect(fake.calls().map(c => `${c.op} ${c.status}`)).toEqual([
      'v2 CreateCacheEntry 200',
      'blob PUT 201',
      'v2 FinalizeCacheEntryUpload 200',
      // load(1): that revision, then the newest; load(): the newest.
      'v2 GetCacheEntryDownloadURL 200',
      'v2 GetCacheEntryDownloadURL 200',
      'v2 GetCacheEntryDownloadURL 200'
    ])
  })

  it('(b) a pull_request run restores its own older revision unless it asks for the newer one', async () => {
    await asRun(DEFAULT_BRANCH_RUN, store => store.save(ledger(2), 2))

    const newest = await asRun(PR_RUN, store => store.load())
    expect(newest.value?.text).toBe(ledger(1))
    expect(newest.value?.origin).toMatch(
      /^cache key review-loop-ledger-octo-widgets-pr7-rev00000001-/
    )

    const wanted = await asRun(PR_RUN, store => store.load(2))
    expect(wanted.value?.text).toBe(ledger(2))
    expect(wanted.value?.origin).toMatch(/-rev00000002-[0-9a-f]{16}-run\d+-1$/)
    expect(fake.calls().filter(c => c.op === 'blob GET' && c.status === 200)).toHaveLength(2)

    // A revision nobody saved falls back to the newest this run can see.
    const missing = await asRun(PR_RUN, store => store.load(9))
    expect(missing.value?.text).toBe(ledger(1))
  })

  it('(c) saving the same key twice is refused, and save says what failed and what to do', async () => {
    const result = await asRun(PR_RUN, async store => {
      await store.save(ledger(3), 3)
      return store.save(ledger(3), 3).then(
        () => 'saved twice',
        (error: Error) => error.message
      )
    })
    expect(result.value).toMatch(
      /^Saving ledger revision 3 to the Actions cache under key review-loop-ledger-octo-widgets-pr7-rev00000003-[0-9a-f]{16}-run\d+-1 did not happen .*re-run the job/
    )
    expect(fake.calls()).toContainEqual(
      expect.objectContaining({ op: 'v2 CreateCacheEntry', status: 409 })
    )
    expect(fake.entries().filter(e => e.key.includes('-rev00000003-'))).toHaveLength(1)
  })

  it('(d) after 8 idle days the entries are evicted and load finds nothing', async () => {
    fake.advanceDays(8)
    const evicted = fake.evictStale()
    expect(evicted.map(e => e.key.replace(/-[0-9a-f]{16}-run.*/, ''))).toEqual([
      'review-loop-ledger-octo-widgets-pr7-rev00000001',
      'review-loop-ledger-octo-widgets-pr7-rev00000002',
      'review-loop-ledger-octo-widgets-pr7-rev00000003'
    ])
    const after = await asRun(PR_RUN, async store => [await store.load(3), await store.load()])
    expect(after.value).toEqual([undefined, undefined])
  })

  it('keeps an entry that was restored within the last 7 days', async () => {
    await asRun(PR_RUN, store => store.save(ledger(4), 4))
    fake.advanceDays(5)
    expect((await asRun(PR_RUN, store => store.load(4))).value?.text).toBe(ledger(4))
    fake.advanceDays(5)
    expect(fake.evictStale()).toEqual([])
    fake.advanceDays(8)
    expect(fake.evictStale()).toHaveLength(1)
  })

  it('warns, and returns undefined, when the cache service fails', async () => {
    await asRun(PR_RUN, store => store.save(ledger(5), 5))
    fake.breakService(403)
    try {
      const broken = await asRun(PR_RUN, store => store.load(5))
      expect(broken.value).toBeUndefined()
      expect(broken.warnings.join('\n')).toMatch(/Failed to restore: .*403/)
      expect(broken.stdout).toMatch(
        /If a "Failed to restore" warning appears above, the cache service failed/
      )
      const failedSave = await asRun(PR_RUN, store =>
        store.save(ledger(6), 6).catch((e: Error) => e.message)
      )
      expect(failedSave.value).toMatch(/did not happen/)
    } finally {
      fake.breakService(undefined)
    }
  })

  it('under a GITHUB_SERVER_URL that is not github.com, the library speaks v1 and the fake still serves it', async () => {
    const v1 = { GITHUB_SERVER_URL: `file://${root}/server` }
    const before = fake.calls().length
    await asRun(PR_RUN, store => store.save(ledger(7), 7), v1)
    const loaded = await asRun(PR_RUN, store => store.load(7), v1)
    expect(loaded.value?.text).toBe(ledger(7))
    const ops = fake
      .calls()
      .slice(before)
      .map(c => c.op)
    expect(ops).toContain('v1 POST caches')
    expect(ops).toContain('v1 GET cache')
    expect(ops.some(op => op.startsWith('v2'))).toBe(false)
  })

  it('refuses bad options with a message naming the fix', () => {
    const base = { repository: REPO, pr: PR, runId: '1', runAttempt: '1', tempDir: root }
    expect(() => new CacheStore({ ...base, repository: 'widgets' })).toThrow(/"owner\/repo"/)
    expect(() => new CacheStore({ ...base, tempDir: 'relative' })).toThrow(
      /absolute path \(RUNNER_TEMP\)/
    )
    expect(ledgerCacheKey({ ...base, repository: 'a,b/c d' }, 12)).toBe(
      'review-loop-ledger-a_b-c_d-pr7-rev00000012-run1-1'
    )
  })
})
