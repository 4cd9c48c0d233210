/** Seed 000's one correction, bounded (issue 13, item 9): it completes the findings it was sent and adds nothing. */
import { describe, expect, it } from '@jest/globals'
import { boundCorrection } from '../src/loop/correction.js'
import type { MalformedFinding, SourceFinding } from '../src/sources/types.js'

const FIX = { start_line: 3, end_line: 3, replacement: 'return 0' }
const found = (over: Partial<SourceFinding> = {}): SourceFinding => ({
  severity: 'high',
  file: 'src/a.js',
  line: 3,
  description: 'divides by zero',
  evidence: 'return a / b',
  expectation: 'b = 0 is refused',
  ...over
})
const sent = (raw: Record<string, unknown>) => ({ raw })
const still = (raw: unknown): MalformedFinding => ({ index: 0, raw, problems: ['line is missing'] })

describe('what a correction may give', () => {
  it.each<
    [
      string,
      { raw: unknown }[],
      { findings: SourceFinding[]; malformed: MalformedFinding[] },
      { findings: SourceFinding[]; malformed: number; refused: number; notes: RegExp[] }
    ]
  >([
    [
      'the finding sent, completed: taken',
      [sent({ severity: 'high', file: 'src/a.js', line: 3, description: 'divides by zero' })],
      { findings: [found()], malformed: [] },
      { findings: [found()], malformed: 0, refused: 0, notes: [] }
    ],
    [
      'a finding in a file nothing sent names: refused',
      [sent({ severity: 'high', file: 'src/a.js', line: 3, description: 'x' })],
      { findings: [found(), found({ file: 'src/b.js' })], malformed: [] },
      { findings: [found()], malformed: 0, refused: 1, notes: [] }
    ],
    [
      'two answers to one finding sent: the second is refused',
      [sent({ severity: 'high', file: 'src/a.js', line: 3, description: 'x' })],
      { findings: [found(), found({ line: 9 })], malformed: [] },
      { findings: [found()], malformed: 0, refused: 1, notes: [] }
    ],
    [
      'a fix the finding sent did not have: set aside, the finding kept',
      [sent({ severity: 'high', file: 'src/a.js', line: 3, description: 'x' })],
      { findings: [found({ fix: FIX })], malformed: [] },
      { findings: [found()], malformed: 0, refused: 0, notes: [/added a fix .* set aside/] }
    ],
    [
      'a valid fix sent, changed by the correction: the one sent is kept',
      [sent({ severity: 'high', file: 'src/a.js', line: 3, description: 'x', fix: FIX })],
      { findings: [found({ fix: { ...FIX, replacement: 'throw new Error()' } })], malformed: [] },
      { findings: [found({ fix: FIX })], malformed: 0, refused: 0, notes: [/changed the fix/] }
    ],
    [
      'a fix sent malformed, corrected: taken',
      [
        sent({
          severity: 'high',
          file: 'src/a.js',
          line: 3,
          description: 'x',
          fix: { start_line: 4, end_line: 3, replacement: '' }
        })
      ],
      { findings: [found({ fix: FIX })], malformed: [] },
      { findings: [found({ fix: FIX })], malformed: 0, refused: 0, notes: [] }
    ],
    [
      'a valid fix sent, withdrawn: the finding goes on without it',
      [sent({ severity: 'high', file: 'src/a.js', line: 3, description: 'x', fix: FIX })],
      { findings: [found()], malformed: [] },
      { findings: [found()], malformed: 0, refused: 0, notes: [] }
    ],
    [
      'a finding sent without a file is answered by one in any file',
      [sent({ severity: 'high', line: 3, description: 'x' })],
      { findings: [found({ file: 'src/c.js' })], malformed: [] },
      { findings: [found({ file: 'src/c.js' })], malformed: 0, refused: 0, notes: [] }
    ],
    [
      'the same file spelled ./ answers it',
      [sent({ severity: 'high', file: './src/a.js', line: 3, description: 'x' })],
      { findings: [found()], malformed: [] },
      { findings: [found()], malformed: 0, refused: 0, notes: [] }
    ],
    [
      'still malformed, for a finding sent: kept malformed; one more malformed: refused',
      [sent({ severity: 'high', file: 'src/a.js', description: 'x' })],
      { findings: [], malformed: [still({ file: 'src/a.js' }), still({ file: 'src/z.js' })] },
      { findings: [], malformed: 1, refused: 1, notes: [] }
    ]
  ])('%s', (_case, given, returned, expected) => {
    const out = boundCorrection(given, returned)
    expect(out.findings).toEqual(expected.findings)
    expect(out.malformed).toHaveLength(expected.malformed)
    expect(out.refused).toHaveLength(expected.refused)
    for (const r of out.refused)
      expect(r).toContain('the correction returned a finding it was not sent')
    expect(out.notes).toHaveLength(expected.notes.length)
    expected.notes.forEach((n, i) => expect(out.notes[i]).toMatch(n))
  })
})
