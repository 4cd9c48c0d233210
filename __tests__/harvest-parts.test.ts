/** The harvest's pure readers: front matter, headings, goal headings, comments, names and stated orders. */
import { describe, it, expect } from '@jest/globals'
import { parseFrontMatter } from '../src/intent/front-matter.js'
import { headingsOf } from '../src/intent/headings.js'
import { isGoalHeading } from '../src/intent/goal.js'
import { commentBlocks, designComments, intentMarker } from '../src/intent/comments.js'
import { ContentIndex, matchesGlobs, nameCorrespondence, namesOf } from '../src/intent/match.js'
import { orderIn } from '../src/intent/authority.js'
import { ruleCandidates } from '../src/intent/rule-files.js'

describe('front matter', () => {
  it.each([
    [
      '---\npaths:\n  - "src/api/**/*.ts"\n  - lib/**\n---\n',
      ['src/api/**/*.ts', 'lib/**'],
      'paths'
    ],
    ['---\nglobs: src/**/*.{ts,tsx}, *.mts\n---\n', ['src/**/*.{ts,tsx}', '*.mts'], 'globs'],
    ['---\nglobs: ["a/**", \'b/*.md\']\n---\n', ['a/**', 'b/*.md'], 'globs'],
    ['---\napplyTo: "**/*.py,**/*.pyi"\n---\n', ['**/*.py', '**/*.pyi'], 'applyTo'],
    ['---\ndescription: x\nglobs:\nalwaysApply: false\n---\n', [], undefined]
  ])('reads %j', (text, globs, key) => {
    const scope = parseFrontMatter(text)
    expect(scope?.globs).toEqual(globs)
    expect(scope?.key).toBe(key)
    expect(scope?.always).toBe(false)
  })

  it('reads alwaysApply and Windsurf triggers, and nothing without a block', () => {
    expect(parseFrontMatter('---\nalwaysApply: true\n---\nbody\n')).toEqual({
      globs: [],
      always: true,
      bodyLine: 4
    })
    expect(parseFrontMatter('---\ntrigger: always_on\n---\n')?.always).toBe(true)
    expect(parseFrontMatter('# No front matter\n---\n')).toBeUndefined()
    expect(parseFrontMatter('---\nunclosed: yes\n')).toBeUndefined()
  })

  it('matches slashless globs anywhere, as .gitignore does', () => {
    expect(matchesGlobs('src/deep/a.ts', ['*.ts'])).toBe(true)
    expect(matchesGlobs('src/deep/a.ts', ['src/*.ts'])).toBe(false)
    expect(matchesGlobs('.github/workflows/ci.yml', ['**/*.yml'])).toBe(true)
    expect(matchesGlobs('src/a.ts', ['./src/**'])).toBe(true)
  })
})

describe('headings', () => {
  it('reads ATX and setext headings, skipping fenced code and front matter', () => {
    const md =
      '---\ntitle: x\n---\nTitle\n=====\n\n```sh\n# not a heading\n```\n\n## *Goals* ##\n\nSub\n---\n'
    expect(headingsOf('a.md', md)).toEqual([
      { text: 'Title', line: 4, level: 1 },
      { text: 'Goals', line: 11, level: 2 },
      { text: 'Sub', line: 13, level: 2 }
    ])
  })

  it('reads reStructuredText titles with overlines and levels by first appearance', () => {
    const rst = '=====\nTitle\n=====\n\nMission\n-------\n\nDetails\n~~~~~~~\n'
    expect(headingsOf('README.rst', rst)).toEqual([
      { text: 'Title', line: 2, level: 1 },
      { text: 'Mission', line: 5, level: 2 },
      { text: 'Details', line: 8, level: 3 }
    ])
  })
})

describe('goal headings', () => {
  it.each([
    'Mission',
    'Our mission',
    'Northstar',
    'North Star',
    'North-star',
    'Goals',
    'Project goals',
    'Design Goals',
    'Purpose',
    'Vision',
    'Why foo?',
    'Why use Foo',
    'What is foo for?',
    'Motivation',
    'Philosophy',
    '1. Goals',
    'Goals and non-goals',
    'Mission & Vision',
    '🎯 Goals',
    'Goals (and non-goals)',
    'Why this project?'
  ])('%s reads as a goal', heading => expect(isGoalHeading(heading)).toBe(true))

  it.each([
    'Non-goals',
    'Non Goals',
    'Installation',
    'Goalkeeper API',
    'Why not Bar?',
    'Why is the build slow?',
    'Visionary features',
    'Usage',
    'Mission-critical setups'
  ])('%s does not', heading => expect(isGoalHeading(heading)).toBe(false))
})

describe('design comments', () => {
  it('groups consecutive line comments and block comments, and points at the first line', () => {
    const ts = 'a()\n// one\n// two\nb()\n/**\n * three\n */\nc() // four\n'
    expect(commentBlocks('x.ts', ts).map(b => [b.start, b.end])).toEqual([
      [2, 3],
      [5, 7],
      [8, 8]
    ])
  })

  it('does not read Markdown headings or URLs as comments', () => {
    expect(commentBlocks('x.md', '# Because\n\nText.\n')).toEqual([])
    expect(commentBlocks('x.ts', 'fetch("https://example.invalid/#because")\n')).toEqual([])
    expect(commentBlocks('x.c', '#include "must.h"\n')).toEqual([])
  })

  it.each([
    ['// Deliberately unsorted: callers rely on insertion order.', 'Deliberately'],
    ['# NOTE: the cache is cold here', 'NOTE:'],
    ["// We don't retry here, so the caller sees the first failure.", "We don't retry here, so"],
    ['/* Workaround for node#1234 */', 'Workaround'],
    ['// See ADR 7 for why.', 'See ADR'],
    ['// must not block the event loop', 'must not'],
    ['// do not change the order of these', 'do not change']
  ])('%s states intent', (comment, marker) => expect(intentMarker(comment)).toBe(marker))

  it.each([
    '// Returns the sum.',
    '// TODO: this must be fixed because it is slow',
    '/* Copyright 2020. Redistributions must retain this notice. */'
  ])('%s does not', comment => expect(intentMarker(comment)).toBeUndefined())

  it('measures the distance to the nearest written line, within the window', () => {
    const text = '// because A\nx\ny\nz\n// because B\n'
    const near = designComments('f.ts', text, { created: false, addedLines: new Set([3]) }, 3, 5)
    expect(near.pointers.map(p => p.why)).toEqual([
      'says "because", 2 lines above the change at line 3',
      'says "because", 2 lines below the change at line 3'
    ])
    const far = designComments('f.ts', text, { created: false, addedLines: new Set([3]) }, 1, 5)
    expect(far.pointers).toEqual([])
  })
})

describe('names', () => {
  it('names a changed file by path, file name, distinctive stem and directory path', () => {
    expect(namesOf('src/ledger/cache-store.ts').map(n => [n.kind, n.term])).toEqual([
      ['path', 'src/ledger/cache-store.ts'],
      ['file name', 'cache-store.ts'],
      ['stem', 'cache-store'],
      ['directory', 'src/ledger/']
    ])
    expect(namesOf('src/index.ts').map(n => n.kind)).toEqual(['path', 'file name'])
  })

  it('does not take another directory’s file of the same name, nor a one-word stem in prose', () => {
    const [, fileName, stem] = namesOf('src/ledger/store.ts')
    expect(new ContentIndex('See src/report/store.ts.').names(fileName!)).toBe(false)
    expect(new ContentIndex('See ledger/store.ts.').names(fileName!)).toBe(true)
    expect(new ContentIndex('We store things.').names(stem!)).toBe(false)
    expect(new ContentIndex('The `store` module.').names(stem!)).toBe(true)
  })

  it('matches a rule file by the name it is given', () => {
    expect(nameCorrespondence('.claude/rules/ledger.md', 'src/ledger/store.ts')).toEqual({
      term: 'ledger',
      kind: 'directory'
    })
    expect(nameCorrespondence('docs/adr/0007-use-cache-store.md', 'src/cache-store.ts')).toEqual({
      term: 'cache-store',
      kind: 'stem'
    })
    expect(nameCorrespondence('.claude/rules/testing.md', 'src/testing/a.ts')).toBeUndefined()
    expect(nameCorrespondence('.claude/rules/store.md', 'src/storage/a.ts')).toBeUndefined()
  })

  it('classifies rule files by path alone', () => {
    const { candidates } = ruleCandidates(
      [
        '.claude/CLAUDE.md',
        '.claude/rules/a/b.md',
        '.cursorrules',
        'CONTRIBUTING.md',
        'docs/adr/template.md',
        'docs/architecture-decisions/0001-x.md',
        'src/AGENTS.md',
        'src/CONTRIBUTING.md',
        'src/notes.md'
      ],
      []
    )
    expect(candidates.map(c => [c.path, c.kind, c.scopeDir])).toEqual([
      ['.claude/CLAUDE.md', 'guide', ''],
      ['.claude/rules/a/b.md', 'scoped', undefined],
      ['.cursorrules', 'guide', ''],
      ['CONTRIBUTING.md', 'contributing', undefined],
      ['docs/architecture-decisions/0001-x.md', 'decision', undefined],
      ['src/AGENTS.md', 'guide', 'src']
    ])
  })
})

describe('stated order of authority', () => {
  it('reads an inline chain', () => {
    expect(
      orderIn('AGENTS.md', '# A\n\nPrecedence: `SPEC.md` > `AGENTS.md` > code comments\n')
    ).toEqual({
      order: ['SPEC.md', 'AGENTS.md', 'code comments'],
      line: 3
    })
  })

  it('needs a list naming at least two surfaces', () => {
    expect(
      orderIn('README.md', '# Foo\n\n## Precedence\n\n1. `*` and `/`\n2. `+` and `-`\n')
    ).toBeUndefined()
    expect(orderIn('README.md', '# Foo\n\n## Source of truth\n\nThe code.\n')).toBeUndefined()
  })

  it('reads a reStructuredText section', () => {
    const rst =
      'Guide\n=====\n\nWhich document wins\n-------------------\n\n#. ``spec.rst``\n#. ``README.rst``\n'
    expect(orderIn('CONTRIBUTING.rst', rst)).toEqual({ order: ['spec.rst', 'README.rst'], line: 4 })
  })
})
