/** A commit as the harvest sees it (the head, or the base for what the project declares): one listing of regular files, and bounded reads of their blobs. */
import type { Git } from '../git/git.js'

/** Regular files only: a symlink (120000) could point anywhere and a submodule (160000) is another repository. */
const REGULAR = new Set(['100644', '100755'])

/** A text read at head, or why it was not read. */
export type HeadRead =
  | { kind: 'text'; text: string }
  | { kind: 'absent' }
  | { kind: 'not-a-file' }
  | { kind: 'binary' }
  | { kind: 'too-big'; size: number }

/** The regular files of one commit, read through git objects and never through the working tree. */
export class HeadTree {
  private readonly files: ReadonlyMap<string, string>
  private readonly others: ReadonlySet<string>
  private readonly sizes = new Map<string, number>()
  private readonly texts = new Map<string, HeadRead>()
  private sorted: string[] | undefined
  private byDir: Map<string, string[]> | undefined

  private constructor(
    private readonly git: Git,
    entries: readonly { path: string; mode: string; oid: string }[]
  ) {
    const files = new Map<string, string>()
    const others = new Set<string>()
    for (const entry of entries) {
      if (REGULAR.has(entry.mode)) files.set(entry.path, entry.oid)
      else others.add(entry.path)
    }
    this.files = files
    this.others = others
  }

  /** Lists the tree at `commit` once. */
  static async list(git: Git, commit: string): Promise<HeadTree> {
    return new HeadTree(git, await git.listFiles(commit))
  }

  /** The blob id of a regular file, to tell whether two commits hold the same content at `path`. */
  blobOf(path: string): string | undefined {
    return this.files.get(path)
  }

  /** Every regular file's path, sorted (code-unit order, so the harvest's output does not depend on locale). */
  paths(): readonly string[] {
    this.sorted ??= [...this.files.keys()].sort(byPath)
    return this.sorted
  }

  /** The regular files directly in `dir` ('' for the root), sorted. */
  inDir(dir: string): readonly string[] {
    if (!this.byDir) {
      this.byDir = new Map()
      for (const path of this.paths()) {
        const d = dirOf(path)
        const list = this.byDir.get(d)
        if (list) list.push(path)
        else this.byDir.set(d, [path])
      }
    }
    return this.byDir.get(dir) ?? []
  }

  /** Whether `path` is a regular file at head. */
  has(path: string): boolean {
    return this.files.has(path)
  }

  /** Reads `paths` (at most `maxBytes` each): one size query, then one `cat-file --batch` per 16 MiB. */
  async readAll(paths: readonly string[], maxBytes: number): Promise<Map<string, HeadRead>> {
    const wanted = [...new Set(paths)]
    await this.loadSizes(wanted.filter(path => this.files.has(path)))
    const result = new Map<string, HeadRead>()
    const queue = wanted.filter(path => {
      const oid = this.files.get(path)
      if (oid === undefined) {
        result.set(path, { kind: this.others.has(path) ? 'not-a-file' : 'absent' })
        return false
      }
      const size = this.sizes.get(path) ?? 0
      if (size > maxBytes) {
        result.set(path, { kind: 'too-big', size })
        return false
      }
      const cached = this.texts.get(path)
      if (cached) result.set(path, cached)
      return cached === undefined
    })
    for (const batch of batches(queue, path => this.sizes.get(path) ?? 0)) {
      let rest = batch
      while (rest.length > 0) {
        const got = await this.readBatch(rest)
        for (const [path, read] of got) result.set(path, read)
        // The blob the batch could not account for (text that is not valid UTF-8) is read alone.
        const stuck = rest[got.size]
        if (stuck === undefined) break
        result.set(stuck, await this.readOne(stuck))
        rest = rest.slice(got.size + 1)
      }
    }
    return new Map(wanted.map(path => [path, result.get(path) as HeadRead]))
  }

  /** Reads one path (at most `maxBytes`). */
  async read(path: string, maxBytes: number): Promise<HeadRead> {
    return (await this.readAll([path], maxBytes)).get(path) as HeadRead
  }

  private async loadSizes(paths: readonly string[]): Promise<void> {
    const missing = paths.filter(path => !this.sizes.has(path))
    if (missing.length === 0) return
    const oids = missing.map(path => this.files.get(path) as string)
    const out = await this.git.exec(['cat-file', '--batch-check=%(objectname) %(objectsize)'], {
      input: `${oids.join('\n')}\n`
    })
    const byOid = new Map<string, number>()
    for (const row of out.stdout.split('\n')) {
      const [oid, size] = row.split(' ')
      if (oid && size && /^\d+$/.test(size)) byOid.set(oid, Number(size))
    }
    for (const [i, path] of missing.entries()) {
      this.sizes.set(path, byOid.get(oids[i] as string) ?? 0)
    }
  }

  /**
   * Reads many blobs through one `cat-file --batch`. Its sizes count bytes and the output arrives decoded,
   * so each blob's end is found by re-measuring in UTF-8 and checked against the next header; at the
   * first blob that does not add up, the batch stops and the rest are read one by one.
   */
  private async readBatch(paths: readonly string[]): Promise<Map<string, HeadRead>> {
    const read = new Map<string, HeadRead>()
    const oids = paths.map(path => this.files.get(path) as string)
    const out = await this.git.exec(['cat-file', '--batch'], { input: `${oids.join('\n')}\n` })
    const s = out.stdout
    let pos = 0
    for (const [i, path] of paths.entries()) {
      const eol = s.indexOf('\n', pos)
      const header = eol < 0 ? null : /^([0-9a-f]+) blob (\d+)$/.exec(s.slice(pos, eol))
      if (!header || header[1] !== oids[i]) break
      const start = eol + 1
      const end = utf8End(s, start, Number(header[2]))
      if (end === undefined || s[end] !== '\n') break
      const text = s.slice(start, end)
      const entry: HeadRead = text.slice(0, 8000).includes('\0')
        ? { kind: 'binary' }
        : { kind: 'text', text }
      read.set(path, entry)
      this.texts.set(path, entry)
      pos = end + 1
    }
    return read
  }

  private async readOne(path: string): Promise<HeadRead> {
    const cached = this.texts.get(path)
    if (cached) return cached
    const blob = await this.git.exec(['cat-file', 'blob', this.files.get(path) as string])
    // Git's own heuristic: a NUL in the first 8000 bytes means binary.
    const read: HeadRead = blob.stdout.slice(0, 8000).includes('\0')
      ? { kind: 'binary' }
      : { kind: 'text', text: blob.stdout }
    this.texts.set(path, read)
    return read
  }
}

/** Bytes of blob text one `cat-file --batch` call holds at most. */
const BATCH_BYTES = 16 * 1024 * 1024

/** Splits `paths` into runs of at most BATCH_BYTES. */
function batches(paths: readonly string[], size: (path: string) => number): string[][] {
  const out: string[][] = []
  let current: string[] = []
  let bytes = 0
  for (const path of paths) {
    if (current.length > 0 && bytes + size(path) > BATCH_BYTES) {
      out.push(current)
      current = []
      bytes = 0
    }
    current.push(path)
    bytes += size(path)
  }
  if (current.length > 0) out.push(current)
  return out
}

/** Where in `s`, from `start`, the next `bytes` UTF-8 bytes end; undefined when no prefix measures exactly that. */
function utf8End(s: string, start: number, bytes: number): number | undefined {
  const ascii = s.slice(start, start + bytes)
  if (ascii.length === bytes && Buffer.byteLength(ascii) === bytes) return start + bytes
  // Byte length grows with the number of code units taken: search for the prefix that measures `bytes`.
  let lo = 0
  let hi = Math.min(bytes, s.length - start)
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (Buffer.byteLength(s.slice(start, start + mid)) < bytes) lo = mid + 1
    else hi = mid
  }
  return Buffer.byteLength(s.slice(start, start + lo)) === bytes ? start + lo : undefined
}

/** Code-unit order: the same on every machine. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The directory part of a path ('' at the root). */
export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash)
}

/** The last component of a path. */
export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}
