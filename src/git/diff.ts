/** Pure parsing of `git diff` output: changed files (`--name-status -z`) and the lines a change wrote (`-U0` hunks). */

/** How a path changed between two commits (`git diff --name-status` letters, spelled out). */
export type ChangeStatus =
  'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'type-changed' | 'unmerged' | 'unknown'

/** One entry of `git diff --name-status -z`: the path as of head (the old path for a deletion). */
export interface ChangedFile {
  path: string
  status: ChangeStatus
  /** Where a renamed or copied file came from. */
  oldPath?: string
  /** Git's similarity score (0-100) for a rename or copy. */
  similarity?: number
  /** The path no longer exists at head. */
  deleted: boolean
}

/** What one file's patch says: the head-side lines the change wrote and how the file itself changed. */
export interface FileLines {
  /** The path as of head; for a deleted file, the path it had at base. */
  path: string
  /** Head-side (1-based) line numbers the change added or rewrote. */
  added: Set<number>
  /** Head-side line numbers after which lines were removed without replacement (0: at the start). */
  removedAfter: number[]
  created: boolean
  deleted: boolean
  renamedFrom?: string
  copiedFrom?: string
  /** Git printed no hunks because it judged the content binary. */
  binary: boolean
}

/**
 * A line of git's output as an error names it: as JSON (a control character or a newline in a file name shows as an
 * escape), cut to 200 characters (a file's 256 KB line is named, never copied into the message).
 */
function shown(text: string): string {
  const json = JSON.stringify(text)
  return json.length <= 200 ? json : `${json.slice(0, 199)}…`
}

const STATUS_LETTERS: Record<string, ChangeStatus> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'type-changed',
  U: 'unmerged',
  X: 'unknown'
}

/** Parses `git diff --name-status -z [-M]` output into changed files. */
export function parseNameStatusZ(out: string): ChangedFile[] {
  const tokens = out.split('\0')
  if (tokens[tokens.length - 1] === '') tokens.pop()
  const files: ChangedFile[] = []
  let i = 0
  const take = (what: string): string => {
    const token = tokens[i++]
    if (token === undefined || token === '') {
      throw new Error(
        `git diff --name-status -z output ended where ${what} was expected; run it with -z and pass its stdout unmodified`
      )
    }
    return token
  }
  while (i < tokens.length) {
    const code = take('a status letter')
    const status = STATUS_LETTERS[code.charAt(0)]
    if (status === undefined || !/^[A-Z]\d*$/.test(code)) {
      throw new Error(`unexpected status ${shown(code)} in git diff --name-status -z output`)
    }
    const score = code.length > 1 ? Number(code.slice(1)) : undefined
    if (status === 'renamed' || status === 'copied') {
      const oldPath = take(`the source path of ${code}`)
      const path = take(`the destination path of ${code}`)
      files.push({ path, status, oldPath, similarity: score, deleted: false })
    } else {
      const path = take(`the path of ${code}`)
      files.push({ path, status, deleted: status === 'deleted' })
    }
  }
  return files
}

const C_ESCAPES: Record<string, number> = {
  a: 7,
  b: 8,
  t: 9,
  n: 10,
  v: 11,
  f: 12,
  r: 13,
  '"': 34,
  '\\': 92
}

/** Undoes git's C-style quoting of a path (`"a\tb"`, octal bytes for non-ASCII when core.quotePath is on). */
export function unquoteGitPath(text: string): string {
  if (!text.startsWith('"')) return text
  if (text.length < 2 || !text.endsWith('"')) {
    throw new Error(`unterminated quoted path in git output: ${shown(text)}`)
  }
  const body = Buffer.from(text.slice(1, -1), 'utf8')
  // Every escape is longer than the byte it stands for: the result fits in the quoted body's length. Written into one
  // buffer (a number[] grown byte by byte cost more than linear time on long paths, which a hostile name can be).
  const out = Buffer.allocUnsafe(body.length)
  let n = 0
  for (let i = 0; i < body.length; i++) {
    const byte = body[i] as number
    if (byte !== 92) {
      out[n++] = byte
      continue
    }
    const next = String.fromCharCode(body[i + 1] ?? 0)
    const octal = body.subarray(i + 1, i + 4).toString('latin1')
    if (/^[0-7]{3}$/.test(octal)) {
      out[n++] = parseInt(octal, 8)
      i += 3
    } else if (next in C_ESCAPES) {
      out[n++] = C_ESCAPES[next] as number
      i += 1
    } else {
      throw new Error(`unknown escape \\${next} in quoted path from git output: ${shown(text)}`)
    }
  }
  return out.subarray(0, n).toString('utf8')
}

/** Reads one path from a `---`/`+++` line: `/dev/null` is null; the prefix and GNU patch's tab are dropped. */
function sidePath(raw: string, prefix: string): string | null {
  const text = raw.endsWith('\t') ? raw.slice(0, -1) : raw
  if (text === '/dev/null') return null
  const path = unquoteGitPath(text)
  return path.startsWith(prefix) ? path.slice(prefix.length) : path
}

/** The head-side path of a `diff --git a/X b/Y` line; unambiguous when quoted or when X equals Y. */
function headerPath(rest: string): string {
  if (rest.startsWith('"') || rest.endsWith('"')) {
    const m = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|.+)$/.exec(rest)
    if (m) return sidePath(m[2] as string, 'b/') ?? ''
  }
  // Unquoted: "a/P b/P" for any file that was neither renamed nor copied.
  const half = (rest.length - 1) / 2
  const left = rest.slice(0, half)
  const right = rest.slice(half + 1)
  if (left.startsWith('a/') && right.startsWith('b/') && left.slice(2) === right.slice(2)) {
    return right.slice(2)
  }
  const at = rest.indexOf(' b/')
  return at >= 0 ? rest.slice(at + 3) : rest
}

/**
 * Parses a unified diff (`git diff -U0 -M --src-prefix=a/ --dst-prefix=b/`, any context size works)
 * into per-file sets of head-side lines the change wrote.
 */
// eslint-disable-next-line max-lines-per-function -- a parser: one pass over the diff's lines, its state in locals
export function parseUnifiedZeroHunks(out: string): FileLines[] {
  const files: FileLines[] = []
  let file: FileLines | undefined
  let oldLeft = 0
  let newLeft = 0
  let newLine = 0
  // One line at a time, never `split`: a diff of 5,000 files is a million lines, and an array of them all would
  // hold the diff a second time (with a string header per line) while it is parsed.
  let index = -1
  for (let start = 0, end = 0; start < out.length; start = end + 1) {
    end = out.indexOf('\n', start)
    if (end < 0) end = out.length
    const line = out.slice(start, end)
    index++
    if (oldLeft > 0 || newLeft > 0) {
      const mark = line.charAt(0)
      if (mark === '+') {
        file?.added.add(newLine++)
        newLeft--
      } else if (mark === '-') {
        oldLeft--
      } else if (mark === ' ' || line === '') {
        newLine++
        oldLeft--
        newLeft--
      } else if (mark !== '\\') {
        throw new Error(
          `diff line ${index + 1} ends a hunk early (${oldLeft} old and ${newLeft} new lines still expected): ${shown(line)}`
        )
      }
      if (oldLeft < 0 || newLeft < 0) {
        throw new Error(`diff line ${index + 1} overruns its hunk's line counts: ${shown(line)}`)
      }
      continue
    }
    if (line.startsWith('diff --git ')) {
      file = {
        path: headerPath(line.slice('diff --git '.length)),
        added: new Set(),
        removedAfter: [],
        created: false,
        deleted: false,
        binary: false
      }
      files.push(file)
      continue
    }
    if (line.startsWith('\\')) continue
    if (file === undefined) {
      if (line.trim() === '') continue
      throw new Error(`diff line ${index + 1} comes before any "diff --git" header: ${shown(line)}`)
    }
    if (line.startsWith('@@ ')) {
      const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line)
      if (!m) throw new Error(`malformed hunk header on diff line ${index + 1}: ${shown(line)}`)
      oldLeft = m[2] === undefined ? 1 : Number(m[2])
      newLine = Number(m[3])
      newLeft = m[4] === undefined ? 1 : Number(m[4])
      if (newLeft === 0) file.removedAfter.push(newLine)
    } else if (line.startsWith('new file mode ')) {
      file.created = true
    } else if (line.startsWith('deleted file mode ')) {
      file.deleted = true
    } else if (line.startsWith('rename from ')) {
      file.renamedFrom = unquoteGitPath(line.slice('rename from '.length))
    } else if (line.startsWith('rename to ')) {
      file.path = unquoteGitPath(line.slice('rename to '.length))
    } else if (line.startsWith('copy from ')) {
      file.copiedFrom = unquoteGitPath(line.slice('copy from '.length))
    } else if (line.startsWith('copy to ')) {
      file.path = unquoteGitPath(line.slice('copy to '.length))
    } else if (line.startsWith('--- ')) {
      const path = sidePath(line.slice(4), 'a/')
      if (path === null) file.created = true
      else if (file.deleted) file.path = path
    } else if (line.startsWith('+++ ')) {
      const path = sidePath(line.slice(4), 'b/')
      if (path === null) file.deleted = true
      else file.path = path
    } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') {
      file.binary = true
    } else if (/^[+\- ]/.test(line)) {
      throw new Error(`diff line ${index + 1} is hunk content outside any hunk: ${shown(line)}`)
    }
    // Other extended headers (index, mode, similarity) say nothing about lines.
  }
  if (oldLeft > 0 || newLeft > 0) {
    throw new Error(`the diff ends inside a hunk (${oldLeft} old and ${newLeft} new lines missing)`)
  }
  return files
}
