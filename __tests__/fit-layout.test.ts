/** The fit pass keeps every edit in the head's coordinates: where each edit now sits, and what a written line is. */
import { describe, expect, it } from '@jest/globals'
import { bundleDiff, layout, locate } from '../src/run/fit-layout.js'
import type { WritePass } from '../src/run/write-pass.js'

const HEAD = ['a', 'b', 'c', 'd', 'e', 'f'].join('\n') + '\n'

function pass(edits: WritePass['edits']): WritePass {
  return { originals: new Map([['x.js', HEAD]]), contents: new Map([['x.js', '']]), edits }
}

describe('where the written lines sit', () => {
  // b -> B1 B2 B3 (grows by two), e -> deleted
  const p = pass([
    { finding: 'F2', file: 'x.js', start: 5, end: 5, replacement: '' },
    { finding: 'F1', file: 'x.js', start: 2, end: 2, replacement: 'B1\nB2\nB3' }
  ])

  it('lays the edits out in order, shifted by what earlier edits grew or shrank', () => {
    expect(layout(p, 'x.js').map(s => [s.edit.finding, s.start, s.end])).toEqual([
      ['F1', 2, 4],
      ['F2', 7, 6]
    ])
  })

  it.each([
    [1, { head: 1 }],
    [3, { inside: 'F1' }],
    [5, { head: 3 }],
    [6, { head: 4 }],
    [7, { head: 6 }]
  ])('line %i of the written file is %j', (line, expected) => {
    const found = locate(layout(p, 'x.js'), line)
    expect('inside' in found ? { inside: found.inside.edit.finding } : found).toEqual(expected)
  })

  it('the diff names where each edit now sits', () => {
    expect(bundleDiff(p)).toBe(
      [
        '--- x.js',
        '+++ x.js',
        '@@ -2,1 +2,3 @@ (F1)',
        '-b',
        '+B1',
        '+B2',
        '+B3',
        '--- x.js',
        '+++ x.js',
        '@@ -5,1 +7,0 @@ (F2)',
        '-e'
      ].join('\n')
    )
  })
})
