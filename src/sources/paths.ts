/** Paths a source names, checked once where they arrive (issue 15, item 6). */

/** The most bytes a path a source names may take (Linux's PATH_MAX). */
export const PATH_MAX_BYTES = 4096

/**
 * Why a path a source names is not a file of the repository, or `undefined` when it is one. Checked once, at the edge,
 * before the path reaches git, the file system or a comment: no control or bidirectional characters, no empty, `.` or
 * `..` segment (one leading `./` is read as the root), no `.git` segment, no trailing slash, nothing absolute or
 * drive-rooted, at most 4,096 bytes.
 */
export function pathProblem(file: string): string | undefined {
  if (Buffer.byteLength(file, 'utf8') > PATH_MAX_BYTES)
    return `is longer than ${PATH_MAX_BYTES.toLocaleString('en-US')} bytes`
  if (/[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u.test(file))
    return 'holds a control character'
  if (file.trim() === '') return 'is empty'
  if (file.startsWith('/') || file.startsWith('\\') || /^[A-Za-z]:/.test(file)) return 'is absolute'
  if (file.endsWith('/')) return 'ends with a slash'
  const segments = file.replace(/^\.\//, '').split('/')
  if (segments.some(s => s === '' || s === '.' || s === '..'))
    return 'has an empty, `.` or `..` segment'
  // git never tracks a `.git` segment (any case, at any depth): a path naming one is the checkout's own git folder,
  // whose config a written fix would turn into a command git runs (`core.fsmonitor`, `core.sshCommand`).
  if (segments.some(s => s.toLowerCase() === '.git')) return "is inside git's own folder (.git)"
  return undefined
}

/** Whether a path names a file inside the repository (`pathProblem` finds nothing wrong with it). */
export function isInsideRepository(file: string): boolean {
  return pathProblem(file) === undefined
}
