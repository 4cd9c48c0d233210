/**
 * The files where a fix's further sites may be, for the change-point scan: every text file at the head that names
 * what the fix changes, in any spelling (`fetchUsr`, `fetch_usr`, `FETCH-USR`), bounded. Whether a place is a site is
 * the scan's reading by meaning; this only makes sure a differently spelled instance is in view.
 */
import type { Excerpt } from '../driver/protocol.js'
import type { Git } from '../git/git.js'
import { siteProblem } from '../loop/apply-checks.js'
import type { Finding } from '../loop/model.js'
import { relayedInline } from '../report/text.js'
import { pathProblem } from '../sources/paths.js'

const MAX_FILES = 20
const MAX_CHARS = 120_000
const WHOLE_FILE_LINES = 300
const WINDOW = 12
const KEYWORDS = new Set(
  'const let var function return if else for while new this true false null undefined class import export from async await typeof void def self None True False and not the with'.split(
    ' '
  )
)

/** The names a fix changes: identifiers in the lines it replaces that its replacement does not keep, and the reverse. */
export function changedNames(original: string, replacement: string): string[] {
  const names = (text: string) =>
    new Set(
      (text.match(/[A-Za-z_$][A-Za-z0-9_$-]*[A-Za-z0-9_$]/g) ?? []).filter(
        n => n.length >= 3 && !KEYWORDS.has(n)
      )
    )
  const before = names(original)
  const after = names(replacement)
  const changed = [...before]
    .filter(n => !after.has(n))
    .concat([...after].filter(n => !before.has(n)))
  return [...new Set(changed)].slice(0, 6)
}

/** A pattern matching a name in any spelling: case, `_` and `-` between its letters ignored. */
export function spellingsOf(name: string): RegExp {
  const letters = name.replace(/[_-]/g, '').split('')
  const body = letters.map(c => c.replace(/[$]/g, '\\$')).join('[_-]?')
  return new RegExp(body, 'i')
}

/** The names the fixes change, read from their lines as `linesOf` gives them (before the fix). */
export async function namesOfFixes(
  fixes: Pick<Finding, 'file' | 'line' | 'fix'>[],
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<string[]> {
  const names = new Set<string>()
  for (const f of fixes) {
    const lines = (await linesOf(f.file)) ?? []
    const original = f.fix
      ? lines.slice(f.fix.start_line - 1, f.fix.end_line).join('\n')
      : (lines[f.line - 1] ?? '')
    for (const n of changedNames(original, f.fix?.replacement ?? '')) names.add(n)
  }
  return [...names]
}

/** The candidate files (the fixes' own, and every text file at `head` naming a changed name in any spelling), as excerpts. */
export async function candidateFiles(
  git: Git,
  head: string,
  names: string[],
  own: string[],
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<{ candidates: Excerpt[]; omitted: string[] }> {
  const patterns = names.map(spellingsOf)
  const files = new Set<string>(own)
  if (patterns.length > 0) {
    const args = [
      'grep',
      '-z',
      '-I',
      '-l',
      '-i',
      '-E',
      ...patterns.flatMap(p => ['-e', p.source]),
      head,
      '--'
    ]
    const out = await git.tryExec(args)
    // `git grep -z` names each file `<sha>:<path>`, unquoted, ending with a NUL (a name may hold a quote or a newline).
    for (const row of out.stdout.split('\0'))
      if (row.startsWith(`${head}:`)) files.add(row.slice(head.length + 1))
  }
  const candidates: Excerpt[] = []
  const omitted: string[] = []
  let chars = 0
  for (const file of [...files].sort()) {
    const lines = await linesOf(file)
    if (!lines) continue
    if (candidates.length >= MAX_FILES || chars >= MAX_CHARS) {
      omitted.push(`${file} (over the budget of ${MAX_FILES} files or ${MAX_CHARS} characters)`)
      continue
    }
    for (const excerpt of excerptsOf(file, lines, patterns)) {
      chars += excerpt.text.length
      candidates.push(excerpt)
    }
  }
  return { candidates, omitted }
}

/** A file whole when short, else the windows around the lines that mention a name. */
function excerptsOf(file: string, lines: string[], patterns: RegExp[]): Excerpt[] {
  if (lines.length <= WHOLE_FILE_LINES) return [{ path: file, start: 1, text: lines.join('\n') }]
  const hits = lines.flatMap((l, i) => (patterns.some(p => p.test(l)) ? [i] : []))
  const windows: [number, number][] = []
  for (const i of hits) {
    const from = Math.max(0, i - WINDOW)
    const to = Math.min(lines.length - 1, i + WINDOW)
    const last = windows.at(-1)
    if (last && from <= last[1] + 1) last[1] = to
    else windows.push([from, to])
  }
  return windows.map(([a, b]) => ({
    path: file,
    start: a + 1,
    text: lines.slice(a, b + 1).join('\n')
  }))
}

/**
 * Why a site a driver's scan names is left out of the brief, or `undefined` when it stands. Its path is checked first,
 * as a source's paths are (issue 15, item 6): one that is no file of the repository (a climb, an absolute path, a
 * control character, a `.git` segment) is refused unread, never handed to git or the file system; any other site
 * must read at the head as the scan quoted it (a link, a binary or an absent file does not).
 */
export async function siteRefusal(
  site: { file: string; start_line: number; end_line: number; text: string },
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<string | undefined> {
  const problem = pathProblem(site.file)
  if (problem)
    return `the path ${relayedInline(JSON.stringify(site.file), 200)} ${problem}, so it is refused unread`
  return siteProblem(site, await linesOf(site.file))
}
