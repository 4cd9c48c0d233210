/** Phase 4's pure checks, one clause a row: the scan's sites, the write against the brief, the tier, the names a fix changes. */
import { describe, expect, it } from '@jest/globals'
import {
  checkWrite,
  deletesFile,
  nextTier,
  siteProblem,
  substrateRisk,
  type SiteText
} from '../src/loop/apply-checks.js'
import { changedNames, spellingsOf } from '../src/run/scan-candidates.js'

const LINES = ['export function fetchUsr(id) {', '  return db.get(id)', '}']

describe('a site the scan claims is read against the code', () => {
  it.each([
    [
      'reads as quoted (blanks aside)',
      { start_line: 2, end_line: 2, text: 'return db.get(id)  ' },
      undefined
    ],
    [
      'does not read as quoted',
      { start_line: 2, end_line: 2, text: 'return cache.get(id)' },
      /does not read as the scan quoted it/
    ],
    [
      'past the end of the file',
      { start_line: 3, end_line: 4, text: '}' },
      /past the end of the file \(3 lines\)/
    ],
    ['ends before it starts', { start_line: 2, end_line: 1, text: '' }, /ends before it starts/]
  ])('%s', (_name, site, problem) => {
    const found = siteProblem({ file: 'src/api.js', ...site }, LINES)
    if (problem === undefined) expect(found).toBeUndefined()
    else expect(found).toMatch(problem)
  })

  it('a file that is not text at the head has no sites', () => {
    expect(
      siteProblem({ file: 'logo.png', start_line: 1, end_line: 1, text: '' }, undefined)
    ).toMatch(/not a text file/)
  })
})

describe('the risk screen', () => {
  it.each([
    ['.github/workflows/ci.yml', [], /workflow file/],
    ['.github/review-loop.yml', [], /the loop's own settings/],
    ['secrets/key.pem', ['*.pem'], /protects `\*\.pem`/],
    ['src/app.js', ['*.pem'], undefined]
  ])('%s is %s', (file, globs, why) => {
    const risk = substrateRisk(file, globs)
    if (why === undefined) expect(risk).toBeUndefined()
    else expect(risk).toMatch(why)
  })

  it('emptying a file is a deletion; writing an empty file anew is not', () => {
    expect(deletesFile('a\nb\n', '')).toBe(true)
    expect(deletesFile('a\n', '\n')).toBe(true)
    expect(deletesFile('', '')).toBe(false)
    expect(deletesFile('a\n', 'b\n')).toBe(false)
  })
})

const site = (handle: string, start: number, end: number, text: string): SiteText => ({
  handle,
  file: 'src/a.js',
  start_line: start,
  end_line: end,
  text
})

describe("the writer's edits are read against the brief", () => {
  const brief = [
    { finding: 'F1', sites: [site('F1.1', 3, 4, 'old()\nold()'), site('F1.2', 9, 9, 'old()')] }
  ]
  const edit = (s: string, start: number, end: number, replacement: string, file = 'src/a.js') => ({
    site: s,
    file,
    start_line: start,
    end_line: end,
    replacement
  })

  it('takes an edit inside the site it names', () => {
    const out = checkWrite(brief, [edit('F1.1', 3, 4, 'neu()\nneu()'), edit('F1.2', 9, 9, 'neu()')])
    expect(out.accepted.map(e => e.site)).toEqual(['F1.1', 'F1.2'])
    expect(out.heldBack).toEqual([])
    expect(out.missed).toEqual([])
  })

  it.each([
    ['names no site of the brief', edit('unbriefed', 12, 12, 'x'), /names no site of the brief/],
    [
      'reaches outside its site',
      edit('F1.2', 9, 10, 'x'),
      /reaches outside its site src\/a\.js:9-9/
    ],
    ['is in another file', edit('F1.2', 9, 9, 'x', 'src/b.js'), /reaches outside its site/],
    [
      'is over the hard bound of lines (item 9)',
      edit('F1.2', 9, 9, 'x\n'.repeat(201)),
      /is not written: its replacement is 201 lines long, over the 200/
    ],
    [
      'is over the hard bound of bytes (item 9)',
      edit('F1.2', 9, 9, 'x'.repeat(16_385)),
      /is not written: its replacement is 16385 bytes long, over the 16384/
    ],
    ['holds a NUL byte (item 9)', edit('F1.2', 9, 9, 'x\0'), /is not written: .*NUL byte/]
  ])('holds back an edit that %s, never writing it unbriefed', (_name, stray, why) => {
    const out = checkWrite(brief, [
      edit('F1.1', 3, 4, 'neu()\nneu()'),
      edit('F1.2', 9, 9, 'neu()'),
      stray
    ])
    expect(out.heldBack).toHaveLength(1)
    expect(out.heldBack[0]!.why).toMatch(why)
    expect(out.accepted).toHaveLength(2)
  })

  it('records a site no edit changed, whether skipped or rewritten as it was', () => {
    const skipped = checkWrite(brief, [edit('F1.1', 3, 4, 'neu()\nneu()')])
    expect(skipped.missed.map(m => m.site.handle)).toEqual(['F1.2'])
    const unchanged = checkWrite(brief, [
      edit('F1.1', 3, 4, 'neu()\nneu()'),
      edit('F1.2', 9, 9, 'old()')
    ])
    expect(unchanged.missed.map(m => m.site.handle)).toEqual(['F1.2'])
  })

  it('holds back the second of two overlapping edits', () => {
    const out = checkWrite(brief, [edit('F1.1', 3, 4, 'a\nb'), edit('F1.1', 4, 4, 'c')])
    expect(out.accepted).toHaveLength(1)
    expect(out.heldBack[0]!.why).toMatch(/overlaps another edit of site F1\.1/)
  })
})

describe('the write tier (Rule 8)', () => {
  it.each([
    ['escalates on fix-induced findings in consecutive rounds', 'writer', ['F4'], ['F2'], 'driver'],
    ['stays on one round of fix-induced findings', 'writer', ['F4'], [], undefined],
    ['stays when the previous round had none', 'writer', ['F4'], undefined, undefined],
    ['de-escalates on a round with none', 'driver', [], ['F4'], 'writer'],
    ['stays escalated while they keep coming', 'driver', ['F6'], ['F4'], undefined]
  ] as const)('%s', (_name, current, now, before, expected) => {
    const moved = nextTier(
      current,
      { n: 3, fixInduced: [...now] },
      before === undefined ? undefined : { n: 2, fixInduced: [...before] }
    )
    expect(moved?.tier).toBe(expected)
  })
})

describe('the names a fix changes, in any spelling', () => {
  it('are the identifiers the replacement swaps', () => {
    expect(
      changedNames('export function fetchUsr(id) {', 'export function fetchUser(id) {')
    ).toEqual(['fetchUsr', 'fetchUser'])
    expect(changedNames('if (x) return', 'if (x) return')).toEqual([])
  })

  it.each(['fetchUsr', 'fetch_usr', 'FETCH_USR', 'fetch-usr', 'FetchUsr'])(
    '%s matches',
    spelled => {
      expect(spellingsOf('fetchUsr').test(spelled)).toBe(true)
    }
  )

  it('a different name does not', () => {
    expect(spellingsOf('fetchUsr').test('fetchUser')).toBe(false)
  })
})
