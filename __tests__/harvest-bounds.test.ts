/** The harvest's readers on hostile repository text: every pattern stays linear up to a 256 KB file, globs stay cheap. */
import { describe, it, expect } from '@jest/globals'
import { orderIn, surfaceResolver } from '../src/intent/authority.js'
import { Budget } from '../src/intent/budget.js'
import { commentBlocks, designComments, intentMarker } from '../src/intent/comments.js'
import { parseFrontMatter } from '../src/intent/front-matter.js'
import { isGoalHeading } from '../src/intent/goal.js'
import { braceAlternatives, GlobSet, MAX_GLOBS } from '../src/intent/globs.js'
import { headingsOf } from '../src/intent/headings.js'
import { ContentIndex, namesOf } from '../src/intent/match.js'
import { linesOf, MAX_LINE } from '../src/intent/text.js'
import { FACTOR, growth, LINEAR_BOUND } from '../__fixtures__/linear.js'

const SIZE = 256 * 1024
/** The smaller size each case is also read at: linear work costs about 8 times as much at SIZE, quadratic work 64. */
const SMALL = SIZE / FACTOR

/** `line` repeated to `size` characters: many long lines, each at most MAX_LINE after the cut. */
const filled = (line: string, size = SIZE): string =>
  Array.from({ length: Math.ceil(size / (line.length + 1)) }, () => line).join('\n')
/** Whether `read` of `make(n)` grows linearly from n to 8n (the ratio is held, never a number of milliseconds). */
function linear<T>(make: (size: number) => T, read: (input: T) => unknown, n = SMALL): void {
  expect(
    growth(size => {
      const input = make(size)
      return () => read(input)
    }, n)
  ).toBeLessThan(LINEAR_BOUND)
}

/** Each pattern the review found quadratic, as text of a file: one 256 KB line, and 256 KB of 1 990-character lines. */
const CASES: [string, (run: number) => string, (text: string) => unknown][] = [
  ['an ATX heading with a run of spaces', n => `# x${' '.repeat(n)}y`, t => headingsOf('a.md', t)],
  ['an ATX heading of brackets', n => `# ${'['.repeat(n)}`, t => headingsOf('a.md', t)],
  [
    'a heading with spaces before a colon',
    n => `# a${' '.repeat(n)}: b`,
    t => headingsOf('a.md', t)
  ],
  ['a setext heading of spaces', n => `a${' '.repeat(n)}b\n===`, t => headingsOf('a.md', t)],
  ['an AsciiDoc title of spaces', n => `= ${' '.repeat(n)}x`, t => headingsOf('a.adoc', t)],
  ['a token of dots', n => `${'.'.repeat(n)}x`, t => new ContentIndex(t)],
  ['a token of slashes', n => `${'a/'.repeat(n / 2)}x`, t => new ContentIndex(t)],
  ['a code span run', n => '`a` '.repeat(n / 4), t => new ContentIndex(t)],
  [
    'a front-matter value with a run of spaces',
    n => `---\npaths: a${' '.repeat(n)}b\n---`,
    t => parseFrontMatter(t)
  ],
  [
    'a trailing comment run before a lone CR',
    n => `x${' #'.repeat(n / 2)}\rx`,
    t => commentBlocks('a.ts', t)
  ],
  ['a "we never" run', n => 'we never '.repeat(n / 9), t => intentMarker(t)],
  [
    'an order item of one long word',
    n => `## Order of authority\n\n- ${'a'.repeat(n)}\n- ${'b'.repeat(n)}`,
    t => orderIn('a.md', t, () => true)
  ],
  [
    'an order item of brackets',
    n => `## Order of authority\n\n- ${'[x]('.repeat(n / 4)}\n- ${'['.repeat(n)}`,
    t => orderIn('a.md', t, () => true)
  ],
  [
    'an inline order with a run of spaces',
    n => `Order of authority: a${' '.repeat(n)}b > c`,
    t => orderIn('a.md', t, () => true)
  ],
  [
    'a list item with spaces before a lone CR',
    n => `## Order of authority\n\n- ${' '.repeat(n)}x\ry`,
    t => orderIn('a.md', t, () => true)
  ],
  ['a goal heading with a run of spaces', n => `Goals${' '.repeat(n)}x, y`, t => isGoalHeading(t)],
  ['a "why" heading of one long word', n => `Why ${'a'.repeat(n)} b c`, t => isGoalHeading(t)]
]

describe('every pattern on repository text is linear', () => {
  it.each(CASES)('%s: one 256 KB line', (_, make, read) => {
    linear(make, read)
  })

  it.each(CASES)('%s: 256 KB of long lines', (_, make, read) => {
    linear(size => filled(make(MAX_LINE - 10), size), read)
  })

  it('cuts lines to MAX_LINE and reads a lone CR inside a line as a space, keeping line numbers', () => {
    const lines = linesOf(`a\r\n${'x'.repeat(MAX_LINE + 50)}\nb\rc\n`)
    expect(lines.map(line => line.length)).toEqual([1, MAX_LINE, 3])
    expect(lines[2]).toBe('b c')
  })

  it('still reads what the patterns were for after the rewrite', () => {
    expect(headingsOf('a.md', '## Goals ##\n# [Mission](x.md) :\n#no\n####### seven\n#\n')).toEqual(
      [
        { text: 'Goals', line: 1, level: 2 },
        { text: 'Mission', line: 2, level: 1 }
      ]
    )
    expect(headingsOf('a.md', '# a [b] [c](d) e#\n')[0]?.text).toBe('a [b] c e#')
    expect(parseFrontMatter('---\nglobs: src/** # the sources\n---\n')?.globs).toEqual(['src/**'])
    expect(commentBlocks('a.sh', 'run  # deliberately\n')[0]?.text).toBe('# deliberately')
    expect(commentBlocks('a.ts', 'f(a//b)\n')).toEqual([])
    expect(intentMarker("// we don't cache here, so a retry sees fresh data")).toBe("we don't … so")
  })

  it('indexes an 80 KB `a/a/a/…` line and a 256 KB one in bounded time and memory', () => {
    const before = process.memoryUsage().rss
    for (const size of [80 * 1024, SIZE]) {
      const index = new ContentIndex(`see src/ledger/store.ts and ${'a/'.repeat(size / 2)}x`)
      expect(index.names(namesOf('src/ledger/store.ts')[0]!)).toBe(true)
    }
    linear(
      size => filled('a/'.repeat(MAX_LINE / 2), size),
      text => new ContentIndex(text)
    )
    // Before: 1.7 GB for the 80 KB line. Now a few megabytes; 500 MB is far from either.
    expect(process.memoryUsage().rss - before).toBeLessThan(500 * 1024 * 1024)
  })

  it('searches a 1 MB changed file of trailing-comment runs for design comments quickly', () => {
    linear(
      size => filled(`x${' #'.repeat(990)}\rx`, size),
      text => designComments('a.ts', text, { created: true, addedLines: new Set() }, 3, 5),
      (4 * SIZE) / FACTOR
    )
  })
})

describe('globs', () => {
  it.each([
    ['a', 1],
    ['{a,b}', 2],
    ['{a,b}{c,d}', 4],
    ['{a,{b,c}}', 3],
    ['src/**/*.{ts,tsx,mts}', 3],
    ['{1..10}', 10],
    ['{a..e}', 5],
    ['{1..10..3}', 4],
    ['\\{a,b}', 1],
    ['{abc}', 1],
    ['{a,b', 1],
    ['{1..100000}', 257],
    ['{1..99999999999999999999999}', 257],
    ['{a,b}'.repeat(22), 257]
  ])('%s expands to %d alternatives (capped at 257)', (pattern, count) => {
    expect(braceAlternatives(pattern, 256)).toBe(count)
  })

  it('refuses brace bombs, long globs and star runs, counts them, and never echoes them', () => {
    const bombs = [
      '{a,b}'.repeat(22),
      '{1..100000}',
      `src/${'x'.repeat(300)}`,
      'a*b*c*d',
      'IGNORE*ALL*PRIOR*INSTRUCTIONS'
    ]
    const globs = GlobSet.of([...bombs, 'src/payments.ts'])
    expect(globs.refused).toBe(bombs.length)
    expect(globs.matches('src/payments.ts')).toBe(true)
    const problem = globs.problem() ?? ''
    expect(problem).toMatch(/^5 globs were not used/)
    expect(problem).not.toMatch(/IGNORE|\{a,b\}|xxx/)
  })

  it('matches a brace bomb list at a cost that does not follow its alternatives (it took ~2 s per call before)', () => {
    // 2 ** 2 alternatives and 2 ** 16, and a range 8 times as long: expanding them all would cost thousands of times
    // as much at the larger size; capped at MAX_ALTERNATIVES, the cost grows with the glob's length at most.
    linear(
      groups => ['{a,b}'.repeat(groups), `{1..${groups * 187_500}}`],
      bombs => GlobSet.of(bombs).matches('src/x.ts'),
      2
    )
  })

  it('reads extglob syntax literally: `+(a|aa)` backtracks exponentially in minimatch (45 s on 30 characters)', () => {
    expect(GlobSet.of(['+(a|aa)+(a|aa)+(a|aa)b']).matches('a'.repeat(30))).toBe(false)
    // Each `a` more doubles the cost of the extglob: 4 of them and 32 would differ by 2 ** 28.
    linear(
      length => 'a'.repeat(length),
      path => GlobSet.of(['+(a|aa)+(a|aa)+(a|aa)b']).matches(path),
      4
    )
  })

  it(`uses the first ${MAX_GLOBS} globs and says how many more were dropped`, () => {
    const globs = GlobSet.of([
      ...Array.from({ length: MAX_GLOBS }, (_, i) => `dir${i}/**`),
      'src/**'
    ])
    expect(globs.matches('src/a.ts')).toBe(false)
    expect(globs.matches('dir3/a.ts')).toBe(true)
    expect(globs.problem()).toBe(`1 glob was past the first ${MAX_GLOBS} and not used`)
  })

  it('resolves authority globs with the same bounds', () => {
    const resolves = surfaceResolver(['docs/a.md'])
    expect(resolves('docs/*.md')).toBe(true)
    expect(resolves('{docs,x}'.repeat(10))).toBe(false)
  })
})

describe('the time budget', () => {
  it('is spent past its deadline, remembers what was being done, and says so once', () => {
    let now = 0
    const budget = new Budget(1500, () => now)
    expect(budget.spent('matching rule files')).toBe(false)
    expect(budget.note()).toBeUndefined()
    now = 1500
    expect(budget.spent('looking for design comments')).toBe(true)
    expect(budget.spent('looking for the goal')).toBe(true)
    expect(budget.note()).toBe(
      'The harvest stopped at its time budget (1.5 s) while looking for design comments; what it found before then is conveyed, the rest was not looked at.'
    )
  })
})
