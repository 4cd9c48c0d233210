/**
 * A loopback stand-in for GitHub's Actions cache service, applying its scope, matching, immutability and
 * eviction rules. It speaks what `@actions/cache` 6 speaks: the v2 Twirp service (`ACTIONS_RESULTS_URL`),
 * the v1 REST service (`ACTIONS_CACHE_URL`, used when `GITHUB_SERVER_URL` is not github.com), and the blob
 * URLs both hand out (Azure Put Blob / Put Block / Put Block List, and GET). See docs/persistence.md.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'

/** Which run a token is for: its ref decides what it may write and read. */
export interface CacheRun {
  /** The run's `GITHUB_REF`: `refs/pull/7/merge` for `pull_request`, the default branch for `issue_comment`. */
  ref: string
  /** The repository's default branch (`main` or `refs/heads/main`). */
  defaultBranch: string
  /** A pull request's base branch (`GITHUB_BASE_REF`), also readable. */
  baseRef?: string
  /** A token the issuer downgraded to read-only (no writable scope). */
  readOnly?: boolean
  /** Goes into the token's `scp` claim, as GitHub's does. */
  runId?: string
}

/** One cache entry, as the fake holds it (without its bytes). */
export interface FakeCacheEntry {
  id: number
  key: string
  version: string
  /** The ref it was saved under. */
  scope: string
  sizeBytes: number
  createdAt: Date
  lastAccessedAt: Date
  /** False between CreateCacheEntry and FinalizeCacheEntryUpload. */
  finalized: boolean
}

/** One protocol call the fake answered, for tests that assert which path the client took. */
export interface FakeCacheCall {
  op: string
  status: number
  key?: string
}

interface StoredEntry extends FakeCacheEntry {
  blob?: Buffer
  blocks: Map<string, Buffer>
  chunks: Map<number, Buffer>
  uploadSig: string
  downloadSig: string
  seq: number
}

interface Scope {
  Scope: string
  Permission: number
}

const DAY_MS = 86_400_000
const READ = 1
const WRITE = 2
const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.CacheService/'
const V1_PREFIX = '/_apis/artifactcache/'
const BLOB_PREFIX = '/fakecacheaccount/actions-cache/'

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string
  ) {
    super(message)
  }
}

/** The fake service; start it with `CacheFake.start()`, give each simulated run `cacheEnvFor(...)`. */
export class CacheFake {
  /** Entries unused this long are evicted by `evictStale()`. */
  static readonly EVICT_AFTER_DAYS = 7

  private readonly secret = randomBytes(32)
  private readonly store = new Map<number, StoredEntry>()
  private readonly log: FakeCacheCall[] = []
  /** Called after each protocol call is answered (a test kills the action here, between its save and what follows). */
  onCall?: (call: FakeCacheCall) => void
  private nextId = 1
  private seq = 0
  private offsetMs = 0
  private brokenStatus: number | undefined

  private constructor(
    private readonly server: http.Server,
    /** Base URL, `http://127.0.0.1:<port>`. */
    readonly url: string,
    private readonly repoLimitBytes: number
  ) {}

  /** Starts the fake on 127.0.0.1 at a free port. */
  static async start(options: { repoLimitBytes?: number } = {}): Promise<CacheFake> {
    const server = http.createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', resolve)
    })
    const { port } = server.address() as AddressInfo
    const fake = new CacheFake(
      server,
      `http://127.0.0.1:${port}`,
      options.repoLimitBytes ?? 10 * 1024 ** 3
    )
    server.on('request', (req, res) => void fake.handle(req, res))
    return fake
  }

  /** Stops the server. */
  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>(resolve => this.server.close(() => resolve()))
  }

  /** The environment a run's process needs to use this fake, as the runner would set it. */
  cacheEnvFor(run: CacheRun): Record<string, string> {
    const noProxy = [process.env['NO_PROXY'] ?? process.env['no_proxy'], '127.0.0.1', 'localhost']
      .filter(Boolean)
      .join(',')
    return {
      ACTIONS_RUNTIME_TOKEN: this.tokenFor(run),
      ACTIONS_RESULTS_URL: `${this.url}/`,
      ACTIONS_CACHE_URL: `${this.url}/`,
      ACTIONS_CACHE_SERVICE_V2: 'True',
      // The Azure SDK sends even loopback requests through HTTP(S)_PROXY unless NO_PROXY names them.
      NO_PROXY: noProxy,
      no_proxy: noProxy
    }
  }

  /** A signed JWT whose `ac` claim lists the run's cache scopes, in the order they are searched. */
  tokenFor(run: CacheRun): string {
    const own = toRef(run.ref)
    const scopes: Scope[] = [{ Scope: own, Permission: run.readOnly ? READ : READ | WRITE }]
    for (const ref of [run.baseRef, run.defaultBranch]) {
      if (ref && !scopes.some(s => s.Scope === toRef(ref))) {
        scopes.push({ Scope: toRef(ref), Permission: READ })
      }
    }
    const now = Math.floor(Date.now() / 1000)
    const payload = {
      iss: 'cache-fake',
      aud: 'vso:cache-fake',
      nbf: now - 60,
      iat: now,
      exp: now + 6 * 3600,
      scp: `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${run.runId ?? '1'}:1`,
      ac: JSON.stringify(scopes)
    }
    const body = `${b64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${b64url(JSON.stringify(payload))}`
    return `${body}.${b64url(createHmac('sha256', this.secret).update(body).digest())}`
  }

  /** The fake's clock: real time plus whatever `advanceDays` added. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }

  /** Moves the clock forward; nothing is evicted until `evictStale()`. */
  advanceDays(days: number): void {
    this.offsetMs += days * DAY_MS
  }

  /** Evicts entries not restored or created for 7 days; returns what went. */
  evictStale(): FakeCacheEntry[] {
    const cutoff = this.now().getTime() - CacheFake.EVICT_AFTER_DAYS * DAY_MS
    const gone = [...this.store.values()].filter(e => e.lastAccessedAt.getTime() < cutoff)
    for (const entry of gone) this.store.delete(entry.id)
    return gone.map(snapshot)
  }

  /** Every entry, oldest first. */
  entries(): FakeCacheEntry[] {
    return [...this.store.values()].sort((a, b) => a.seq - b.seq).map(snapshot)
  }

  /** Deletes entries with this key (in one scope, when given), as the REST API's delete does; returns how many. */
  deleteEntry(key: string, scope?: string): number {
    let count = 0
    for (const entry of [...this.store.values()]) {
      if (entry.key === key && (scope === undefined || entry.scope === toRef(scope))) {
        this.store.delete(entry.id)
        count++
      }
    }
    return count
  }

  /** The protocol calls answered so far. */
  calls(): FakeCacheCall[] {
    return [...this.log]
  }

  /**
   * Makes every service call (not blob transfers) fail with this status until called with undefined.
   * Use a 4xx: the client retries 5xx with multi-second backoff.
   */
  breakService(status: number | undefined): void {
    this.brokenStatus = status
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url)
    let op = `${req.method} ${url.pathname}`
    let key: string | undefined
    try {
      const body = await readBody(req)
      if (url.pathname.startsWith(BLOB_PREFIX)) {
        op = `blob ${req.method}`
        this.blob(req, res, url, body)
      } else if (url.pathname.startsWith(TWIRP_PREFIX)) {
        const method = url.pathname.slice(TWIRP_PREFIX.length)
        op = `v2 ${method}`
        const request = parseJson(body)
        key = typeof request['key'] === 'string' ? request['key'] : undefined
        if (req.method !== 'POST') throw new HttpError(404, 'bad_route', 'twirp routes take POST')
        this.checkBroken()
        const scopes = this.authorize(req)
        send(res, 200, this.twirp(method, request, scopes))
      } else if (url.pathname.startsWith(V1_PREFIX)) {
        op = `v1 ${req.method} ${url.pathname.slice(V1_PREFIX.length).replace(/\d+$/, ':id')}`
        this.checkBroken()
        const scopes = this.authorize(req)
        key = this.v1(req, res, url, body, scopes)
      } else {
        throw new HttpError(404, 'not_found', `cache fake has no route ${url.pathname}`)
      }
    } catch (error) {
      const e =
        error instanceof HttpError
          ? error
          : new HttpError(500, 'internal', (error as Error).message)
      if (url.pathname.startsWith(BLOB_PREFIX)) {
        res.writeHead(e.status, { 'content-type': 'application/xml', 'x-ms-error-code': e.code })
        res.end(
          `<?xml version="1.0" encoding="utf-8"?><Error><Code>${e.code}</Code><Message>${e.message}</Message></Error>`
        )
      } else if (url.pathname.startsWith(V1_PREFIX)) {
        send(res, e.status, { message: e.message, typeKey: e.code })
      } else {
        send(res, e.status, { code: e.code, msg: e.message })
      }
    }
    this.log.push({ op, status: res.statusCode, ...(key === undefined ? {} : { key }) })
    this.onCall?.(this.log.at(-1)!)
  }

  private checkBroken(): void {
    if (this.brokenStatus !== undefined) {
      throw new HttpError(this.brokenStatus, 'internal', 'cache fake: service broken on purpose')
    }
  }

  /** Verifies the bearer token's signature and returns its cache scopes. */
  private authorize(req: http.IncomingMessage): Scope[] {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    const [head, payload, sig] = token.split('.')
    if (!head || !payload || !sig)
      throw new HttpError(401, 'unauthenticated', 'missing bearer token')
    const expected = createHmac('sha256', this.secret).update(`${head}.${payload}`).digest()
    const given = Buffer.from(sig, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, 'unauthenticated', 'token signature does not verify')
    }
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { ac?: string }
    return JSON.parse(claims.ac ?? '[]') as Scope[]
  }

  private twirp(method: string, request: Record<string, unknown>, scopes: Scope[]): object {
    const key = String(request['key'] ?? '')
    const version = String(request['version'] ?? '')
    switch (method) {
      case 'CreateCacheEntry': {
        const scope = writeScope(scopes)
        if (!scope)
          return { ok: false, message: 'cache write denied: token has no writable scopes' }
        checkKeyVersion(key, version)
        const entry = this.create(key, version, scope)
        return { ok: true, signed_upload_url: this.blobUrl(entry, 'cw') }
      }
      case 'FinalizeCacheEntryUpload': {
        const scope = writeScope(scopes)
        if (!scope)
          return { ok: false, message: 'cache write denied: token has no writable scopes' }
        const entry = this.pending(key, version, scope)
        if (!entry) throw new HttpError(404, 'not_found', 'cache entry not found')
        const size = Number(request['size_bytes'] ?? -1)
        if (!entry.blob || entry.blob.length !== size) {
          return { ok: false, message: `uploaded ${entry.blob?.length ?? 0} bytes, not ${size}` }
        }
        this.finalize(entry)
        return { ok: true, entry_id: String(entry.id) }
      }
      case 'GetCacheEntryDownloadURL': {
        const restoreKeys = Array.isArray(request['restore_keys']) ? request['restore_keys'] : []
        const entry = this.lookup(readScopes(scopes), version, [key, ...restoreKeys.map(String)])
        if (!entry) return { ok: false, signed_download_url: '', matched_key: '' }
        return { ok: true, signed_download_url: this.blobUrl(entry, 'r'), matched_key: entry.key }
      }
      default:
        throw new HttpError(404, 'bad_route', `no such method ${method}`)
    }
  }

  /** The legacy REST protocol; returns the key involved, for the call log. */
  private v1(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
    body: Buffer,
    scopes: Scope[]
  ): string | undefined {
    const path = url.pathname.slice(V1_PREFIX.length)
    const idMatch = /^caches\/(\d+)$/.exec(path)
    if (req.method === 'GET' && path === 'cache') {
      const keys = (url.searchParams.get('keys') ?? '').split(',')
      const entry = this.lookup(readScopes(scopes), url.searchParams.get('version') ?? '', keys)
      if (!entry) {
        res.writeHead(204).end()
        return keys[0]
      }
      send(res, 200, {
        scope: entry.scope,
        cacheKey: entry.key,
        cacheVersion: entry.version,
        creationTime: entry.createdAt.toISOString(),
        archiveLocation: this.blobUrl(entry, 'r')
      })
      return keys[0]
    }
    if (req.method === 'GET' && path === 'caches') {
      const key = url.searchParams.get('key') ?? ''
      const found = [...this.store.values()].filter(
        e => e.finalized && e.key === key && readScopes(scopes).includes(e.scope)
      )
      send(res, 200, {
        totalCount: found.length,
        artifactCaches: found.map(e => ({
          cacheKey: e.key,
          cacheVersion: e.version,
          scope: e.scope
        }))
      })
      return key
    }
    if (req.method === 'POST' && path === 'caches') {
      const request = parseJson(body)
      const key = String(request['key'] ?? '')
      const version = String(request['version'] ?? '')
      const scope = writeScope(scopes)
      if (!scope)
        throw new HttpError(
          403,
          'CacheWriteDenied',
          'cache write denied: token has no writable scopes'
        )
      checkKeyVersion(key, version)
      try {
        send(res, 201, { cacheId: this.create(key, version, scope).id })
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 409) throw error
        throw new HttpError(
          409,
          'ArtifactCacheAlreadyExistsException',
          `Cache already exists. Scope: ${scope}, Key: ${key}, Version: ${version}`
        )
      }
      return key
    }
    const entry = idMatch ? this.store.get(Number(idMatch[1])) : undefined
    if (idMatch && (!entry || entry.finalized || entry.scope !== writeScope(scopes))) {
      throw new HttpError(404, 'CacheNotFound', `no pending cache ${idMatch[1]} in this scope`)
    }
    if (entry && req.method === 'PATCH') {
      const start = Number(
        /^bytes (\d+)-\d+\/\*$/.exec(req.headers['content-range'] ?? '')?.[1] ?? NaN
      )
      if (!Number.isInteger(start))
        throw new HttpError(400, 'InvalidRange', 'Content-Range required')
      entry.chunks.set(start, body)
      res.writeHead(204).end()
      return entry.key
    }
    if (entry && req.method === 'POST') {
      const size = Number(parseJson(body)['size'] ?? -1)
      const blob = Buffer.concat([...entry.chunks].sort((a, b) => a[0] - b[0]).map(c => c[1]))
      if (blob.length !== size)
        throw new HttpError(400, 'InvalidSize', `uploaded ${blob.length} bytes, not ${size}`)
      entry.blob = blob
      this.finalize(entry)
      res.writeHead(204).end()
      return entry.key
    }
    throw new HttpError(404, 'NotFound', `cache fake has no v1 route ${req.method} ${path}`)
  }

  /** The Azure Blob operations the storage SDK and the http-client use on a signed URL. */
  private blob(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: Buffer): void {
    const entry = this.store.get(Number(url.pathname.slice(BLOB_PREFIX.length)))
    const sig = url.searchParams.get('sig') ?? ''
    const headers = {
      'x-ms-request-id': randomBytes(8).toString('hex'),
      'x-ms-version': '2025-01-05',
      'last-modified': this.now().toUTCString(),
      etag: `"0x${(entry?.seq ?? 0).toString(16).toUpperCase()}"`
    }
    if (req.method === 'PUT') {
      if (!entry || entry.finalized || !safeEqual(sig, entry.uploadSig)) {
        throw new HttpError(403, 'AuthenticationFailed', 'signature not valid for upload')
      }
      const comp = url.searchParams.get('comp')
      if (comp === 'block') {
        entry.blocks.set(url.searchParams.get('blockid') ?? '', body)
      } else if (comp === 'blocklist') {
        const ids = [
          ...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g)
        ]
        const parts = ids.map(m => entry.blocks.get(m[1] ?? ''))
        if (parts.some(p => !p)) throw new HttpError(400, 'InvalidBlockList', 'unknown block id')
        entry.blob = Buffer.concat(parts as Buffer[])
      } else if (req.headers['x-ms-blob-type'] === 'BlockBlob') {
        entry.blob = body
      } else {
        throw new HttpError(400, 'MissingRequiredHeader', 'x-ms-blob-type: BlockBlob required')
      }
      res.writeHead(201, { ...headers, 'x-ms-request-server-encrypted': 'true' }).end()
      return
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (!entry?.blob || !entry.finalized || !safeEqual(sig, entry.downloadSig)) {
        throw new HttpError(403, 'AuthenticationFailed', 'signature not valid for download')
      }
      let data = entry.blob
      let status = 200
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
      if (range) {
        data = data.subarray(Number(range[1]), Number(range[2]) + 1)
        status = 206
      }
      res.writeHead(status, {
        ...headers,
        'content-type': 'application/octet-stream',
        'content-length': String(data.length),
        'x-ms-blob-type': 'BlockBlob',
        'accept-ranges': 'bytes'
      })
      res.end(req.method === 'HEAD' ? undefined : data)
      return
    }
    throw new HttpError(405, 'UnsupportedHttpVerb', `${req.method} not supported`)
  }

  private create(key: string, version: string, scope: string): StoredEntry {
    const clash = [...this.store.values()].some(
      e => e.key === key && e.version === version && e.scope === scope
    )
    if (clash) {
      throw new HttpError(
        409,
        'already_exists',
        'cache entry with the same key, version, and scope already exists'
      )
    }
    const now = this.now()
    const entry: StoredEntry = {
      id: this.nextId++,
      key,
      version,
      scope,
      sizeBytes: 0,
      createdAt: now,
      lastAccessedAt: now,
      finalized: false,
      blocks: new Map(),
      chunks: new Map(),
      uploadSig: randomBytes(16).toString('hex'),
      downloadSig: randomBytes(16).toString('hex'),
      seq: ++this.seq
    }
    this.store.set(entry.id, entry)
    return entry
  }

  private pending(key: string, version: string, scope: string): StoredEntry | undefined {
    return [...this.store.values()].find(
      e => !e.finalized && e.key === key && e.version === version && e.scope === scope
    )
  }

  private finalize(entry: StoredEntry): void {
    entry.finalized = true
    entry.sizeBytes = entry.blob?.length ?? 0
    entry.blocks.clear()
    entry.chunks.clear()
    // Over the repository's limit, the least recently used entries go first.
    const byUse = [...this.store.values()]
      .filter(e => e.finalized)
      .sort((a, b) => a.lastAccessedAt.getTime() - b.lastAccessedAt.getTime() || a.seq - b.seq)
    let total = byUse.reduce((sum, e) => sum + e.sizeBytes, 0)
    for (const old of byUse) {
      if (total <= this.repoLimitBytes || old === entry) break
      this.store.delete(old.id)
      total -= old.sizeBytes
    }
  }

  /** GitHub's matching: per scope in order, the exact key, then the newest prefix match of each key in turn. */
  private lookup(scopes: string[], version: string, keys: string[]): StoredEntry | undefined {
    if (scopes.length === 0) {
      throw new HttpError(
        403,
        'permission_denied',
        'cache read denied: token has no readable scopes'
      )
    }
    for (const scope of scopes) {
      const candidates = [...this.store.values()].filter(
        e => e.finalized && e.scope === scope && e.version === version
      )
      const newestFirst = candidates.sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq
      )
      const hit =
        newestFirst.find(e => e.key === keys[0]) ??
        keys.map(k => newestFirst.find(e => k !== '' && e.key.startsWith(k))).find(Boolean)
      if (hit) {
        hit.lastAccessedAt = this.now()
        return hit
      }
    }
    return undefined
  }

  private blobUrl(entry: StoredEntry, permission: 'r' | 'cw'): string {
    const sig = permission === 'r' ? entry.downloadSig : entry.uploadSig
    const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z')
    return `${this.url}${BLOB_PREFIX}${entry.id}?sv=2025-01-05&sr=b&sp=${permission}&se=${encodeURIComponent(expires)}&sig=${sig}`
  }
}

/** `main` → `refs/heads/main`; a full ref stays as it is. */
function toRef(ref: string): string {
  return ref.startsWith('refs/') ? ref : `refs/heads/${ref}`
}

function writeScope(scopes: Scope[]): string | undefined {
  return scopes.find(s => (s.Permission & WRITE) !== 0)?.Scope
}

function readScopes(scopes: Scope[]): string[] {
  return scopes.filter(s => (s.Permission & READ) !== 0).map(s => s.Scope)
}

function checkKeyVersion(key: string, version: string): void {
  if (!key || key.length > 512 || key.includes(',')) {
    throw new HttpError(400, 'invalid_argument', `invalid key "${key}"`)
  }
  if (!version) throw new HttpError(400, 'invalid_argument', 'version is required')
}

function snapshot(e: StoredEntry): FakeCacheEntry {
  return {
    id: e.id,
    key: e.key,
    version: e.version,
    scope: e.scope,
    sizeBytes: e.sizeBytes,
    createdAt: new Date(e.createdAt),
    lastAccessedAt: new Date(e.lastAccessedAt),
    finalized: e.finalized
  }
}

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url')
}

function safeEqual(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

function parseJson(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {}
  try {
    return JSON.parse(body.toString('utf8')) as Record<string, unknown>
  } catch {
    throw new HttpError(400, 'malformed', 'body is not JSON')
  }
}

function send(res: http.ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text)
  })
  res.end(text)
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
