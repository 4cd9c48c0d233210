/** Table tests of the pure `git diff` parsers, on output captured from real git 2.39. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { harnessGitEnv } from '../__fixtures__/harness/git-remote.js'
import { Git } from '../src/git/git.js'
import {
  parseNameStatusZ,
  parseUnifiedZeroHunks,
  unquoteGitPath,
  type ChangedFile,
  type FileLines
} from '../src/git/diff.js'

const z = (...tokens: string[]): string => tokens.map(t => `${t}\0`).join('')

describe('parseNameStatusZ', () => {
  const cases: [string, string, ChangedFile[]][] = [
    ['empty output', '', []],
    ['a modified file', z('M', 'a.txt'), [{ path: 'a.txt', status: 'modified', deleted: false }]],
    ['an added file', z('A', 'new.txt'), [{ path: 'new.txt', status: 'added', deleted: false }]],
    [
      'a deleted file',
      z('D', 'gone.txt'),
      [{ path: 'gone.txt', status: 'deleted', deleted: true }]
    ],
    [
      'a pure rename',
      z('R100', 'ren.txt', 'renamed.txt'),
      [
        {
          path: 'renamed.txt',
          status: 'renamed',
          oldPath: 'ren.txt',
          similarity: 100,
          deleted: false
        }
      ]
    ],
    [
      'a rename with edits into a folder with a space',
      z('R092', 'ren2.txt', 'sub dir/ren 2.txt'),
      [
        {
          path: 'sub dir/ren 2.txt',
          status: 'renamed',
          oldPath: 'ren2.txt',
          similarity: 92,
          deleted: false
        }
      ]
    ],
    [
      'a copy',
      z('C075', 'a.ts', 'b.ts'),
      [{ path: 'b.ts', status: 'copied', oldPath: 'a.ts', similarity: 75, deleted: false }]
    ],
    ['a type change', z('T', 'link'), [{ path: 'link', status: 'type-changed', deleted: false }]],
    [
      'unicode, spaces and a tab in paths, unquoted thanks to -z',
      z('M', 'dïr/ü x.txt', 'A', 'nëw file.txt', 'M', 'tab\tname.txt'),
      [
        { path: 'dïr/ü x.txt', status: 'modified', deleted: false },
        { path: 'nëw file.txt', status: 'added', deleted: false },
        { path: 'tab\tname.txt', status: 'modified', deleted: false }
      ]
    ],
    [
      'several files in order, a rename among them',
      z('M', 'a.txt', 'D', 'del me.txt', 'R100', 'x', 'y', 'A', 'z'),
      [
        { path: 'a.txt', status: 'modified', deleted: false },
        { path: 'del me.txt', status: 'deleted', deleted: true },
        { path: 'y', status: 'renamed', oldPath: 'x', similarity: 100, deleted: false },
        { path: 'z', status: 'added', deleted: false }
      ]
    ]
  ]
  it.each(cases)('%s', (_name, out, expected) => {
    expect(parseNameStatusZ(out)).toEqual(expected)
  })

  it.each([
    ['a truncated rename', z('R100', 'old'), /destination path of R100/],
    ['a status with no path', z('M'), /path of M/],
    ['an unknown status', z('Q', 'x'), /unexpected status "Q"/],
    ['output without -z', 'M\ta.txt\n', /unexpected status/]
  ])('rejects %s with a clear error', (_name, out, message) => {
    expect(() => parseNameStatusZ(out)).toThrow(message)
  })
})

const lines = (...rows: string[]): string => rows.map(r => `${r}\n`).join('')

/** A FileLines with defaults, so each case states only what matters. */
const fl = (path: string, added: number[], extra: Partial<FileLines> = {}): FileLines => ({
  path,
  added: new Set(added),
  removedAfter: [],
  created: false,
  deleted: false,
  binary: false,
  ...extra
})

describe('parseUnifiedZeroHunks', () => {
  const cases: [string, string, FileLines[]][] = [
    ['empty output', '', []],
    [
      'counts omitted (@@ -3 +3 @@), a pure deletion (+4,0) and an append',
      lines(
        'diff --git a/a.txt b/a.txt',
        'index f00c965..b900143 100644',
        '--- a/a.txt',
        '+++ b/a.txt',
        '@@ -3 +3 @@',
        '-3',
        '+three',
        '@@ -5 +4,0 @@',
        '-5',
        '@@ -10,0 +10 @@',
        '+11'
      ),
      [fl('a.txt', [3, 10], { removedAfter: [4] })]
    ],
    [
      'an added file with a space and unicode (GNU tab after the name)',
      lines(
        'diff --git a/nëw file.txt b/nëw file.txt',
        'new file mode 100644',
        'index 0000000..3e75765',
        '--- /dev/null',
        '+++ b/nëw file.txt\t',
        '@@ -0,0 +1,2 @@',
        '+new',
        '+lines'
      ),
      [fl('nëw file.txt', [1, 2], { created: true })]
    ],
    [
      'a deleted file',
      lines(
        'diff --git a/del me.txt b/del me.txt',
        'deleted file mode 100644',
        'index 04ec35a..0000000',
        '--- a/del me.txt\t',
        '+++ /dev/null',
        '@@ -1,3 +0,0 @@',
        '-x',
        '-y',
        '-z'
      ),
      [fl('del me.txt', [], { deleted: true, removedAfter: [0] })]
    ],
    [
      'a pure rename (no hunks)',
      lines(
        'diff --git a/ren.txt b/renamed.txt',
        'similarity index 100%',
        'rename from ren.txt',
        'rename to renamed.txt'
      ),
      [fl('renamed.txt', [], { renamedFrom: 'ren.txt' })]
    ],
    [
      'a rename with edits into a folder with a space',
      lines(
        'diff --git a/ren2.txt b/sub dir/ren 2.txt',
        'similarity index 92%',
        'rename from ren2.txt',
        'rename to sub dir/ren 2.txt',
        'index 0ff3bbb..6c69c71 100644',
        '--- a/ren2.txt',
        '+++ b/sub dir/ren 2.txt\t',
        '@@ -10 +10 @@',
        '-10',
        '+ten'
      ),
      [fl('sub dir/ren 2.txt', [10], { renamedFrom: 'ren2.txt' })]
    ],
    [
      '"\\ No newline at end of file" inside and at the end of a hunk',
      lines(
        'diff --git a/eol.txt b/eol.txt',
        'index da58862..16e1ccf 100644',
        '--- a/eol.txt',
        '+++ b/eol.txt',
        '@@ -1 +1,2 @@',
        '-no eol',
        '\\ No newline at end of file',
        '+no eol',
        '+more',
        '\\ No newline at end of file'
      ),
      [fl('eol.txt', [1, 2])]
    ],
    [
      'content that looks like headers stays content',
      lines(
        'diff --git a/h.md b/h.md',
        '--- a/h.md',
        '+++ b/h.md',
        '@@ -1,2 +1,2 @@ section',
        '--- a/old',
        '-diff --git x y',
        '+++ b/new',
        '+@@ -1 +1 @@'
      ),
      [fl('h.md', [1, 2])]
    ],
    [
      'a binary file added',
      lines(
        'diff --git a/bin.dat b/bin.dat',
        'new file mode 100644',
        'index 0000000..bdc955b',
        'Binary files /dev/null and b/bin.dat differ'
      ),
      [fl('bin.dat', [], { created: true, binary: true })]
    ],
    [
      'quoted paths: a tab in the name, and octal escapes when core.quotePath is on',
      lines(
        'diff --git "a/tab\\tname.txt" "b/tab\\tname.txt"',
        '--- "a/tab\\tname.txt"',
        '+++ "b/tab\\tname.txt"',
        '@@ -10,0 +11 @@',
        '+more',
        'diff --git "a/d\\303\\257r/\\303\\274 x.txt" "b/d\\303\\257r/\\303\\274 x.txt"',
        'old mode 100644',
        'new mode 100755'
      ),
      [fl('tab\tname.txt', [11]), fl('dïr/ü x.txt', [])]
    ],
    [
      'a context diff (-U1) counts context on the head side',
      lines(
        'diff --git a/a.txt b/a.txt',
        '--- a/a.txt',
        '+++ b/a.txt',
        '@@ -2,3 +2,3 @@',
        ' 2',
        '-3',
        '+three',
        ' 4',
        '@@ -9,2 +9,3 @@',
        ' 9',
        ' 10',
        '+11'
      ),
      [fl('a.txt', [3, 11])]
    ],
    [
      'a mode-only change of a path with spaces',
      lines('diff --git a/my script.sh b/my script.sh', 'old mode 100644', 'new mode 100755'),
      [fl('my script.sh', [])]
    ]
  ]
  it.each(cases)('%s', (_name, out, expected) => {
    expect(parseUnifiedZeroHunks(out)).toEqual(expected)
  })

  it('keeps several files apart', () => {
    const out = lines(
      'diff --git a/one b/one',
      '--- a/one',
      '+++ b/one',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git a/two b/two',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/two',
      '@@ -0,0 +1,3 @@',
      '+x',
      '+y',
      '+z'
    )
    const files = parseUnifiedZeroHunks(out)
    expect(files.map(f => [f.path, [...f.added], f.created])).toEqual([
      ['one', [1], false],
      ['two', [1, 2, 3], true]
    ])
  })

  it.each([
    [
      'a hunk cut short',
      lines('diff --git a/x b/x', '@@ -1,2 +1,2 @@', '-a', '+b'),
      /ends inside a hunk/
    ],
    [
      'a hunk interrupted by a header',
      lines('diff --git a/x b/x', '@@ -1,2 +1,2 @@', '-a', 'diff --git a/y b/y'),
      /ends a hunk early/
    ],
    ['content before any header', lines('+stray'), /before any "diff --git" header/],
    [
      'a malformed hunk header',
      lines('diff --git a/x b/x', '@@ -a +b @@'),
      /malformed hunk header/
    ],
    ['content outside a hunk', lines('diff --git a/x b/x', '+stray'), /outside any hunk/]
  ])('rejects %s', (_name, out, message) => {
    expect(() => parseUnifiedZeroHunks(out)).toThrow(message)
  })
})

describe('unquoteGitPath', () => {
  it.each([
    ['plain', 'plain'],
    ['"a\\tb"', 'a\tb'],
    ['"q\\"uote\\\\"', 'q"uote\\'],
    ['"d\\303\\257r"', 'dïr'],
    ['"nl\\n"', 'nl\n']
  ])('%s -> %j', (quoted, plain) => {
    expect(unquoteGitPath(quoted)).toBe(plain)
  })

  it('rejects an unterminated quote', () => {
    expect(() => unquoteGitPath('"abc')).toThrow(/unterminated/)
  })
})

describe('hostile file names and contents, through real git (issue 15, item 10)', () => {
  const HUGE = `${'x'.repeat(256 * 1024)}\n`
  /** A file whose lines look like diff syntax: git prefixes each, so none is read as a header. */
  const LOOKALIKE =
    'diff --git a/evil b/evil\n+++ b/evil\n@@ -1 +1 @@\n\\ No newline at end of file\n'
  const names = {
    spaces: 'a b/c d.txt',
    quote: 'quote".txt',
    tab: 'tab\there.txt',
    newline: 'new\nline.txt',
    backslash: 'back\\slash.txt',
    unicode: 'naïve-日本.txt',
    dash: '-dash.txt',
    noEol: 'no-eol.txt',
    binary: 'bin.dat',
    renamedFrom: 'old name.txt',
    renamedTo: 'new\nname b/with spaces.txt',
    huge: 'huge.txt',
    lookalike: 'lookalike.txt'
  }
  let dir: string
  let base: string
  let head: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'review-loop-diff-'))
    const env = harnessGitEnv()
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim()
    const write = (file: string, text: string | Buffer) => {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), text)
    }
    git('init', '-q', '-b', 'main')
    write(names.spaces, 'one\n')
    write(names.noEol, 'one\ntwo\n')
    write(names.binary, Buffer.from([0, 1, 2, 3]))
    write(names.renamedFrom, 'kept the same\nacross the rename\n')
    git('add', '-A')
    git('commit', '-q', '-m', 'base')
    base = git('rev-parse', 'HEAD')
    write(names.spaces, 'one\ntwo\n')
    for (const file of [names.quote, names.tab, names.newline, names.backslash, names.unicode])
      write(file, 'new\n')
    write(names.dash, 'dash\n')
    write(names.noEol, 'one\ntwo, no end')
    write(names.binary, Buffer.from([0, 9, 9, 9]))
    mkdirSync(dirname(join(dir, names.renamedTo)), { recursive: true })
    git('mv', '--', names.renamedFrom, names.renamedTo)
    write(names.huge, HUGE)
    write(names.lookalike, LOOKALIKE)
    git('add', '-A')
    git('commit', '-q', '-m', 'head')
    head = git('rev-parse', 'HEAD')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('names every changed file as it is, renames and all', async () => {
    const files = await new Git(dir, {
      env: harnessGitEnv() as Record<string, string>
    }).changedFiles(base, head)
    const byPath = new Map(files.map(f => [f.path, f]))
    expect([...byPath.keys()].sort()).toEqual(
      [
        names.spaces,
        names.quote,
        names.tab,
        names.newline,
        names.backslash,
        names.unicode,
        names.dash,
        names.noEol,
        names.binary,
        names.renamedTo,
        names.huge,
        names.lookalike
      ].sort()
    )
    expect(byPath.get(names.renamedTo)).toMatchObject({
      status: 'renamed',
      oldPath: names.renamedFrom
    })
  })

  it('reads the lines each change wrote, whatever the names and contents', async () => {
    const lines = await new Git(dir, { env: harnessGitEnv() as Record<string, string> }).diffLines(
      base,
      head
    )
    const added = (file: string) => [...(lines.get(file)?.added ?? [])]
    expect(added(names.spaces)).toEqual([2])
    for (const file of [names.quote, names.tab, names.newline, names.backslash, names.unicode]) {
      expect([file, added(file), lines.get(file)?.created]).toEqual([file, [1], true])
    }
    expect(added(names.dash)).toEqual([1])
    // `\ No newline at end of file` closes neither the hunk nor the file.
    expect(added(names.noEol)).toEqual([2])
    expect(lines.get(names.binary)).toMatchObject({ binary: true, added: new Set() })
    expect(lines.get(names.renamedTo)).toMatchObject({ renamedFrom: names.renamedFrom })
    expect(added(names.huge)).toEqual([1])
    expect(added(names.lookalike)).toEqual([1, 2, 3, 4])
    expect([...lines.keys()].filter(k => k.includes('evil'))).toEqual([])
  })
})

describe('a refusal names what git printed, never copies a wall of it (issue 15, item 10)', () => {
  const HUGE = `+${'x'.repeat(256 * 1024)}`
  it.each([
    ['hunk content outside any hunk', () => parseUnifiedZeroHunks(`diff --git a/x b/x\n${HUGE}\n`)],
    ['a line before any header', () => parseUnifiedZeroHunks(`${HUGE}\n`)],
    [
      'a hunk ended early',
      () => parseUnifiedZeroHunks(`diff --git a/x b/x\n@@ -1,2 +1,2 @@\n?${HUGE}\n`)
    ],
    ['an unexpected status', () => parseNameStatusZ(`${HUGE}\0x\0`)],
    ['an unterminated quote', () => unquoteGitPath(`"${HUGE}`)],
    ['an unknown escape', () => unquoteGitPath(`"\\q${HUGE}"`)]
  ])('%s', (_name, parse) => {
    let message = ''
    try {
      parse()
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toMatch(/xxx/)
    expect(message.length).toBeLessThan(400)
  })
  it('a newline in what it names shows as an escape', () => {
    expect(() => parseNameStatusZ('Q\nstop\0x\0')).toThrow('unexpected status "Q\\nstop"')
  })
})
