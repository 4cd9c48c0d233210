/** How a rule file is tied to a changed file when nothing declares its scope: by its name, or by what it names. */
import { baseOf, dirOf } from './head-tree.js'
import { GlobSet } from './globs.js'
import { linesOf, trimEndOf } from './text.js'

/** File stems that name no component: every project has them. */
const GENERIC_STEMS = new Set([
  'index',
  'main',
  'mod',
  'lib',
  'init',
  '__init__',
  '__main__',
  'utils',
  'util',
  'types',
  'type',
  'test',
  'tests',
  'spec',
  'setup',
  'config',
  'constants',
  'const',
  'helpers',
  'helper',
  'common',
  'core',
  'base',
  'app',
  'readme',
  'license',
  'changelog',
  'package',
  'package-lock',
  'tsconfig',
  'makefile',
  'dockerfile',
  'cargo',
  'go',
  'build',
  'default',
  'defaults',
  'misc',
  'errors',
  'error',
  'models',
  'model',
  'data',
  'style',
  'styles',
  'server',
  'client',
  'api',
  'cli',
  'run',
  'agents',
  'claude',
  'contributing',
  'docs',
  'doc',
  'notes',
  'todo',
  'global',
  'globals',
  'shared'
])

/** Directory names that name no component. */
const GENERIC_DIRS = new Set([
  'src',
  'source',
  'lib',
  'libs',
  'test',
  'tests',
  '__tests__',
  'spec',
  'specs',
  'testing',
  'docs',
  'doc',
  'app',
  'apps',
  'pkg',
  'packages',
  'cmd',
  'internal',
  'bin',
  'scripts',
  'main',
  'java',
  'kotlin',
  'resources',
  'include',
  'public',
  'static',
  'assets',
  'dist',
  'build',
  'vendor',
  'node_modules',
  'utils',
  'util',
  'helpers',
  'common',
  'core',
  'shared',
  '.github',
  'workflows',
  'fixtures',
  '__fixtures__',
  'examples',
  'example',
  'tools',
  'misc',
  'github',
  'com',
  'org'
])

/** One name of a changed file that a rule may use for it. */
export interface ChangedName {
  file: string
  /** As it would be written (lowercased for lookup). */
  term: string
  kind: 'path' | 'file name' | 'stem' | 'directory'
  /** A one-word stem counts only inside a code span (`store`), never as a prose word. */
  codeOnly?: boolean
  /** `cache-store` also matches `CacheStore` and `cache_store`. */
  squashed?: string
}

/** The names a rule could use for `file`: its path, file name, distinctive stem and directory path. */
export function namesOf(file: string): ChangedName[] {
  const names: ChangedName[] = [{ file, term: file.toLowerCase(), kind: 'path' }]
  const base = baseOf(file)
  if (base !== file) names.push({ file, term: base.toLowerCase(), kind: 'file name' })
  const stem = stemOf(base)
  if (stem && !GENERIC_STEMS.has(stem.toLowerCase()) && stem.length >= 4) {
    const compound = /[-_.]/.test(stem) || /[a-z][A-Z]/.test(stem)
    const squashed = stem.toLowerCase().replace(/[-_.]/g, '')
    names.push({
      file,
      term: stem.toLowerCase(),
      kind: 'stem',
      ...(compound ? { squashed } : { codeOnly: true })
    })
  }
  const dir = dirOf(file)
  if (dir.includes('/') || (dir !== '' && !GENERIC_DIRS.has(dir.toLowerCase()))) {
    names.push({ file, term: `${dir.toLowerCase()}/`, kind: 'directory' })
  }
  return names
}

/** A file name up to its first dot (`cache-store.test.ts` -> `cache-store`); '' for a dotfile. */
export function stemOf(base: string): string {
  const dot = base.indexOf('.')
  return dot < 0 ? base : base.slice(0, dot)
}

/** The words a rule's own name is made of (`docs/adr/0007-use-cache-store.md` -> use, cache, store). */
export function ruleNameWords(path: string): string[] {
  const stem = baseOf(path)
    .toLowerCase()
    .replace(/(\.instructions)?\.(md|mdc|markdown|rst|txt|adoc)$/, '')
    .replace(/^(adr|decision|rfc)?[-_ ]?\d+[-_. ]*/, '')
  return stem.split(/[-_. ]+/).filter(word => word !== '')
}

/** The changed-file name a rule's own name spells out (a stem or a directory), if any. */
export function nameCorrespondence(
  rulePath: string,
  file: string
): { term: string; kind: 'stem' | 'directory' } | undefined {
  const words = ruleNameWords(rulePath)
  if (words.length === 0) return undefined
  const spells = (name: string): boolean => {
    const parts = name
      .toLowerCase()
      .split(/[-_. ]+/)
      .filter(part => part !== '')
    if (parts.length === 0 || parts.join('').length < 3) return false
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.every((part, j) => words[i + j] === part)) return true
    }
    return false
  }
  const stem = stemOf(baseOf(file))
  if (stem && !GENERIC_STEMS.has(stem.toLowerCase()) && spells(stem))
    return { term: stem, kind: 'stem' }
  const dirs = dirOf(file)
    .split('/')
    .filter(dir => dir !== '')
  for (const dir of dirs.reverse()) {
    if (
      !GENERIC_DIRS.has(dir.toLowerCase()) &&
      !GENERIC_STEMS.has(dir.toLowerCase()) &&
      spells(dir)
    ) {
      return { term: dir, kind: 'directory' }
    }
  }
  return undefined
}

/** A token longer than this is cut: no path a rule names is longer, and every token's cost grows with its length. */
const MAX_TOKEN = 300
/** Directory prefixes recorded per token (`a/b/c.ts` has two): an 80 KB `a/a/a/…` must not record thousands. */
const MAX_DIR_PREFIXES = 16

/** What a rule file's text names: its path-like tokens, the directories they sit in, and its code spans, lowercased. */
export class ContentIndex {
  private readonly bare = new Set<string>()
  private readonly dirs = new Set<string>()
  private readonly code = new Set<string>()
  private readonly lower: string[]

  constructor(text: string) {
    const lines = linesOf(text)
    this.lower = lines.map(line => line.toLowerCase())
    for (const line of this.lower) {
      for (const raw of line.match(/[\p{L}\p{N}_.\-/@+]+/gu) ?? []) this.addToken(raw)
    }
    for (const line of lines) {
      for (const m of line.matchAll(/`([^`]{1,200})`/g)) {
        const span = (m[1] as string).trim().toLowerCase()
        this.code.add(span)
        for (const word of span.match(/[\p{L}\p{N}_-]+/gu) ?? []) this.code.add(word)
      }
    }
  }

  private addToken(raw: string): void {
    const clipped = raw.length > MAX_TOKEN ? raw.slice(0, MAX_TOKEN) : raw
    const token = trimEndOf(clipped.replace(/^(\.\/|\/)+/, ''), '.,:;')
    if (token === '') return
    const segments = token.split('/').filter(segment => segment !== '')
    if (token.endsWith('/')) {
      this.dirs.add(`${segments.join('/')}/`)
    } else {
      this.bare.add(token)
      const dot = token.lastIndexOf('.')
      if (!token.includes('/') && dot > 0) this.bare.add(token.slice(0, dot))
    }
    let prefix = ''
    const prefixes = Math.min(segments.length - 1, MAX_DIR_PREFIXES)
    for (let k = 0; k < prefixes; k++) {
      prefix = prefix === '' ? (segments[k] as string) : `${prefix}/${segments[k] as string}`
      this.dirs.add(`${prefix}/`)
    }
  }

  /** Whether the text names `name`: a path or file name as written, a directory by its path, a stem as a word or code span. */
  names(name: ChangedName): boolean {
    switch (name.kind) {
      case 'path':
        return this.bare.has(name.term)
      case 'file name': {
        // `store.ts` alone, or a tail of the changed path (`ledger/store.ts`), never another directory's `store.ts`.
        const parts = name.file.toLowerCase().split('/')
        for (let k = 1; k < parts.length; k++)
          if (this.bare.has(parts.slice(k).join('/'))) return true
        return false
      }
      case 'directory': {
        const dir = name.term.slice(0, -1)
        return this.dirs.has(name.term) || (dir.includes('/') && this.bare.has(dir))
      }
      case 'stem':
        if (name.codeOnly) return this.code.has(name.term)
        return (
          this.bare.has(name.term) ||
          this.code.has(name.term) ||
          (name.squashed !== undefined &&
            (this.bare.has(name.squashed) || this.code.has(name.squashed)))
        )
    }
  }

  /** The first line (1-based) that spells `name`, for pointing at the section that matched. */
  lineOf(name: ChangedName): number | undefined {
    const forms = [
      name.term,
      name.squashed,
      name.kind === 'directory' ? name.term.slice(0, -1) : undefined
    ]
    for (const [i, line] of this.lower.entries()) {
      if (forms.some(form => form !== undefined && form !== '' && line.includes(form))) return i + 1
    }
    return undefined
  }
}

/**
 * Whether `file` matches one of `globs` (a slashless glob matches the file name anywhere, as in .gitignore). Compiles
 * the globs on every call: where the same globs meet many files, compile a `GlobSet` once instead.
 */
export function matchesGlobs(file: string, globs: readonly string[], relativeTo = ''): boolean {
  return GlobSet.of(globs).matches(file, relativeTo)
}
