/** A whole world for playing review-loop end to end: git remote, GitHub fake, cache fake, and a runner with stable folders. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CacheFake } from './harness/cache-fake.js'
import { setRunAttempt } from './harness/github-runs.js'
import { Sandbox, type GitHubEvent, type RunResult, type SandboxOptions } from './harness/index.js'

/** The server URL the action sees: not GHES to @actions/cache (so it speaks the v2 service, as on github.com). */
export const SERVER_URL = 'http://github.localhost'

/** Options for a world. */
export interface LoopWorldOptions extends SandboxOptions {
  /** The action's inputs for every run. */
  inputs?: Record<string, string | undefined>
}

/**
 * One repository's world. Every run gets the same workspace, temp and home paths emptied first, as a hosted runner's
 * fresh job has (the cache's entries are tied to the ledger file's path, which a hosted runner keeps stable).
 */
export class LoopWorld {
  private readonly dirs: string

  private constructor(
    readonly sandbox: Sandbox,
    readonly cache: CacheFake,
    private readonly inputs: Record<string, string | undefined>
  ) {
    this.dirs = mkdtempSync(join(tmpdir(), 'review-loop-runner-'))
  }

  /** Starts the fakes. */
  static async create(opts: LoopWorldOptions = {}): Promise<LoopWorld> {
    const sandbox = await Sandbox.create(opts)
    const cache = await CacheFake.start()
    sandbox.fake.cacheEntries = () => cache.entries()
    sandbox.fake.deleteCacheEntry = (key, ref) => cache.deleteEntry(key, ref)
    return new LoopWorld(sandbox, cache, opts.inputs ?? {})
  }

  get fake() {
    return this.sandbox.fake
  }

  get remote() {
    return this.sandbox.remote
  }

  /** Runs the action for an event as a fresh job would, with the cache scopes GitHub gives that event. */
  async run(
    event: GitHubEvent,
    inputs: Record<string, string | undefined> = {},
    env: Record<string, string | undefined> = {}
  ): Promise<RunResult> {
    return this.runOn('', event, inputs, env)
  }

  /**
   * Runs the action on a runner of its own (`lane`), so two runs can go at once: each has its own folders. Unlike
   * hosted runners, a lane's RUNNER_TEMP differs from the default runner's, and the cache version hashes the ledger
   * file's absolute path: what a lane saves to the cache is listed but cannot be restored by other runners (the
   * status comment's copy carries it, while it fits).
   */
  async runOn(
    lane: string,
    event: GitHubEvent,
    inputs: Record<string, string | undefined> = {},
    env: Record<string, string | undefined> = {}
  ): Promise<RunResult> {
    const root = lane ? join(this.dirs, 'lanes', lane) : this.dirs
    const workspace = join(root, 'work', this.remote.fullName.split('/')[1]!)
    const temp = join(root, 'temp')
    const home = join(root, 'home')
    for (const dir of [workspace, temp, home]) {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
    }
    // The action fetches from ${GITHUB_SERVER_URL}/owner/repo.git; git maps that onto the bare repository.
    writeFileSync(
      join(home, '.gitconfig'),
      `[url "${this.remote.serverUrl}/"]\n\tinsteadOf = ${SERVER_URL}/\n[user]\n\tname = runner\n\temail = runner@example.com\n`
    )
    const payload = event.payload as { pull_request?: { number: number; base: { ref: string } } }
    // A review comment's run, like a pull_request run, is on the pull request's merge ref (and its cache scope).
    const onMerge = event.name === 'pull_request' || event.name === 'pull_request_review_comment'
    const pr = onMerge ? payload.pull_request : undefined
    const ref = pr ? `refs/pull/${pr.number}/merge` : `refs/heads/${this.remote.defaultBranch}`
    const cacheEnv = this.cache.cacheEnvFor({
      ref,
      defaultBranch: this.remote.defaultBranch,
      baseRef: pr?.base.ref
    })
    // The stand-in answers whether this run attempt is still going: in progress while the child runs, then completed.
    const runId = ++this.runIds
    const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? 1)
    setRunAttempt(this.fake, runId, attempt, {
      status: 'in_progress',
      conclusion: null,
      event: event.name
    })
    const result = await this.sandbox.run(event, {
      runId,
      onSpawn: pid => (this.live = pid),
      serverUrl: SERVER_URL,
      workspace,
      inputs: { ...this.inputs, ...inputs },
      env: { ...cacheEnv, RUNNER_TEMP: temp, HOME: home, ...env }
    })
    const conclusion = result.exitCode === 0 ? 'success' : result.signal ? 'cancelled' : 'failure'
    setRunAttempt(this.fake, runId, attempt, { status: 'completed', conclusion })
    return result
  }
  private runIds = 7000

  /** Replays every dispatch the action asked for since the last call, as the workflow_dispatch runs GitHub would start. */
  async runDispatches(inputs: Record<string, string | undefined> = {}): Promise<RunResult[]> {
    const results: RunResult[] = []
    while (this.replayed < this.fake.dispatches.length) {
      const dispatch = this.fake.dispatches[this.replayed++]!
      results.push(await this.run(this.sandbox.dispatchEvent(dispatch), inputs))
    }
    return results
  }
  private replayed = 0

  /** A person's comment and the run it starts. */
  async comment(
    pr: number,
    login: string,
    body: string,
    inputs: Record<string, string | undefined> = {},
    env: Record<string, string | undefined> = {}
  ): Promise<RunResult> {
    const { event } = this.sandbox.postComment(pr, { login, body })
    return this.run(event, inputs, env)
  }

  /** A person's reply in a review thread on the diff (`to`: a comment of the thread) and the run it starts. */
  async threadReply(
    pr: number,
    login: string,
    to: number,
    body: string,
    inputs: Record<string, string | undefined> = {}
  ): Promise<RunResult> {
    const { event } = this.sandbox.replyInThread(pr, { login, to, body })
    return this.run(event, inputs)
  }

  /**
   * Saves a ledger revision into the cache as a run on `ref` would (through the action's own CacheStore and the real
   * @actions/cache, in this process), for a test that needs a ledger the loop would take long to grow.
   */
  async saveLedgerAs(ref: string, text: string, revision: number): Promise<string> {
    // The default runner's folders: the cache version hashes the ledger file's absolute path, so a revision is
    // restorable only by runs whose RUNNER_TEMP is the same (on hosted runners it always is).
    const root = this.dirs
    const workspace = join(root, 'work', this.remote.fullName.split('/')[1]!)
    const temp = join(root, 'temp')
    for (const dir of [workspace, temp]) mkdirSync(dir, { recursive: true })
    const runId = String(900_000 + ++this.seeded)
    const env: Record<string, string> = {
      ...this.cache.cacheEnvFor({ ref, defaultBranch: this.remote.defaultBranch, runId }),
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: temp,
      GITHUB_SERVER_URL: SERVER_URL
    }
    const saved: Record<string, string | undefined> = {}
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name]
      process.env[name] = value
    }
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = (() => true) as typeof process.stdout.write
    try {
      const { CacheStore } = await import('../src/ledger/cache-store.js')
      const store = new CacheStore({
        repository: this.remote.fullName,
        pr: (JSON.parse(text) as { pr: number }).pr,
        runId,
        runAttempt: '1',
        tempDir: temp
      })
      return await store.save(text, revision)
    } finally {
      process.stdout.write = write
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  }
  private seeded = 0

  /** The running action's process ID. */
  private live?: number

  /**
   * Kills the running action (SIGKILL, its whole process group) at a named point, once: `after` a GitHub request it
   * made was carried out and before it hears the answer, `before` one is carried out (GitHub then does nothing), or
   * after a cache call. As a cancelled job, a timeout or a lost runner stop it.
   */
  killAt(point: {
    after?: (entry: { method: string; operationId?: string; body?: unknown }) => boolean
    before?: (entry: { method: string; operationId?: string; body?: unknown }) => boolean
    cache?: (call: { op: string; status: number; key?: string }) => boolean
  }): void {
    const kill = (): void => {
      this.fake.onAnswer = undefined
      this.fake.onReceive = undefined
      this.cache.onCall = undefined
      if (this.live === undefined) return
      try {
        process.kill(-this.live, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
    if (point.after) {
      const when = point.after
      this.fake.onAnswer = entry => {
        if (when(entry)) kill()
      }
    }
    if (point.before) {
      const when = point.before
      this.fake.onReceive = entry => {
        if (!when(entry)) return false
        kill()
        return true
      }
    }
    if (point.cache) {
      const when = point.cache
      this.cache.onCall = call => {
        if (when(call)) kill()
      }
    }
  }

  /** Tears everything down. */
  async dispose(): Promise<void> {
    await this.sandbox.dispose()
    await this.cache.close()
    rmSync(this.dirs, { recursive: true, force: true })
  }
}
