/** A ledger store in a directory on disk: one file per PR, written atomically, with the previous copy kept. */
import { randomBytes } from 'node:crypto'
import * as fs from 'node:fs/promises'
import * as path from 'node:path'
import type { LedgerStore, StoredLedger } from './store.js'
import { errorMessage } from '../shared/errors.js'

/** Where a directory store keeps its files. */
export interface DirectoryStoreOptions {
  /** The ledger directory (created when missing). */
  dir: string
  /** `owner/repo`. */
  repository: string
  /** The pull request number. */
  pr: number
}

/** Keeps `<dir>/<owner>/<repo>/pr-<N>.json`, and the copy it replaced as `pr-<N>.prev.json`. */
export class DirectoryStore implements LedgerStore {
  readonly describe: string
  /** The current ledger file. */
  readonly file: string
  /** The previous revision, kept in case the current one turns out bad. */
  readonly previousFile: string
  private readonly folder: string
  private readonly root: string

  constructor(options: DirectoryStoreOptions) {
    const { owner, repo } = splitRepository(options.repository)
    if (!Number.isSafeInteger(options.pr) || options.pr <= 0) {
      throw new Error(`DirectoryStore: pr must be a positive integer, got ${String(options.pr)}.`)
    }
    if (!options.dir) {
      throw new Error('DirectoryStore: dir is empty; give the ledger directory (input ledger-dir).')
    }
    this.root = path.resolve(options.dir)
    this.folder = path.join(this.root, owner, repo)
    this.file = path.join(this.folder, `pr-${options.pr}.json`)
    this.previousFile = path.join(this.folder, `pr-${options.pr}.prev.json`)
    this.describe = `directory ${this.file}`
  }

  /** Returns the current file as it is; `wantRevision` is not consulted (a directory holds one current copy). */
  async load(_wantRevision?: number): Promise<StoredLedger | undefined> {
    return this.read(this.file)
  }

  /** Returns the copy the last save replaced, if any. */
  async loadPrevious(): Promise<StoredLedger | undefined> {
    return this.read(this.previousFile)
  }

  async save(text: string, revision: number): Promise<void> {
    if (!Number.isSafeInteger(revision) || revision < 0) {
      throw new Error(
        `DirectoryStore.save: revision must be a non-negative integer, got ${revision}.`
      )
    }
    await this.ensureFolder()
    const suffix = `${process.pid}-${randomBytes(6).toString('hex')}.tmp`
    const tmp = `${this.file}.${suffix}`
    const prevTmp = `${this.previousFile}.${suffix}`
    try {
      await writeDurably(tmp, text)
      // Keep the copy being replaced; the current file stays in place until the final rename.
      if (await exists(this.file)) {
        await fs.copyFile(this.file, prevTmp)
        await syncFile(prevTmp)
        await fs.rename(prevTmp, this.previousFile)
      }
      await fs.rename(tmp, this.file)
      await syncDirectory(this.folder)
    } catch (error) {
      await fs.rm(tmp, { force: true }).catch(() => undefined)
      await fs.rm(prevTmp, { force: true }).catch(() => undefined)
      throw new Error(
        `Could not save ledger revision ${revision} to ${this.file}: ${explain(error)} The previous ledger, if any, is unchanged.`,
        { cause: error }
      )
    }
  }

  private async read(file: string): Promise<StoredLedger | undefined> {
    try {
      return { text: await fs.readFile(file, 'utf8'), origin: `file ${file}` }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return undefined
      if (code === 'ENOTDIR') {
        throw new Error(
          `Cannot read the ledger at ${file}: part of that path is a file, not a directory. Point ledger-dir at a directory.`,
          { cause: error }
        )
      }
      throw new Error(`Cannot read the ledger at ${file}: ${explain(error)}`, { cause: error })
    }
  }

  private async ensureFolder(): Promise<void> {
    try {
      const stat = await fs.stat(this.root).catch(() => undefined)
      if (stat && !stat.isDirectory()) {
        throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
      }
      await fs.mkdir(this.folder, { recursive: true })
    } catch (error) {
      throw new Error(`Cannot create the ledger folder ${this.folder}: ${explain(error)}`, {
        cause: error
      })
    }
  }
}

/** Splits `owner/repo`, refusing anything that would escape the store's directory. */
function splitRepository(repository: string): { owner: string; repo: string } {
  const parts = repository.split('/')
  const [owner, repo] = parts
  const safe = (s: string | undefined): s is string =>
    !!s && s !== '.' && s !== '..' && /^[A-Za-z0-9._-]+$/.test(s)
  if (parts.length !== 2 || !safe(owner) || !safe(repo)) {
    throw new Error(
      `DirectoryStore: repository must be "owner/repo" (letters, digits, ".", "_", "-"), got "${repository}".`
    )
  }
  return { owner, repo }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false
  )
}

async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await fs.open(file, 'wx', 0o644)
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Makes the renames durable where the platform allows it (Windows cannot open a directory). */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined
  try {
    handle = await fs.open(dir, 'r')
    await handle.sync()
  } catch {
    // Best effort: the rename itself is already atomic.
  } finally {
    await handle?.close()
  }
}

/** Turns a file-system error into words and a fix. */
function explain(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied. Make the ledger directory writable by the user running the action, or choose another one (input ledger-dir).'
    case 'EROFS':
      return 'the file system is read-only. Choose a writable ledger directory (input ledger-dir).'
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a file is in the way where a directory is needed. Point ledger-dir at a directory, or move that file.'
    case 'ENOSPC':
      return 'the disk is full. Free some space and run again.'
    default:
      return `${errorMessage(error)}.`
  }
}
