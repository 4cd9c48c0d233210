import { describe, expect, it } from '@jest/globals'
import { parseCommands } from '../src/loop/commands.js'
import { applyEdits, replacementProblem } from '../src/loop/apply-text.js'
import { classify } from '../src/loop/classify.js'
import { provenanceOf, verifyLocation } from '../src/loop/verify.js'
import { judgmentGate, landingGate, noReviewGate, readAnswer } from '../src/loop/gates.js'
import { sameFinding } from '../src/loop/identity.js'
import type { Finding } from '../src/loop/model.js'

const HEAD = 'a'.repeat(40)

describe('parseCommands', () => {
  it.each([
    ['/review-loop stop', [{ kind: 'stop' }]],
    ['/review-loop continue', [{ kind: 'continue' }]],
    ['/review-loop status', [{ kind: 'status' }]],
    [
      '/review-loop g2 dismiss  we keep this on purpose',
      [{ kind: 'answer', gate: 'G2', words: 'dismiss  we keep this on purpose' }]
    ],
    [
      'thanks!\n/review-loop G1 apply\n/review-loop G2 defer later',
      [
        { kind: 'answer', gate: 'G1', words: 'apply' },
        { kind: 'answer', gate: 'G2', words: 'defer later' }
      ]
    ],
    ['/review-loop frobnicate', [{ kind: 'unknown', line: '/review-loop frobnicate' }]],
    ['/review-loop G1', [{ kind: 'unknown', line: '/review-loop G1' }]],
    ['/review-loop stop now', [{ kind: 'unknown', line: '/review-loop stop now' }]],
    ['please run /review-loop stop', []],
    ['```\n/review-loop G1 apply\n```', []],
    ['> /review-loop G1 apply', []],
    ['/review-loopx stop', []]
  ])('%j', (body, expected) => {
    expect(parseCommands(body)).toEqual(expected)
  })
})

describe('applyEdits writes nothing over the hard bound, whoever proposed it (item 9)', () => {
  it.each<[string, string, string | undefined]>([
    ['200 lines: written', 'x\n'.repeat(200), undefined],
    ['201 lines: not written', 'x\n'.repeat(201), 'its replacement is 201 lines long'],
    ['16384 bytes: written', 'y'.repeat(16_384), undefined],
    ['16385 bytes: not written', 'y'.repeat(16_385), 'its replacement is 16385 bytes long'],
    ['a NUL byte: not written', 'a\0b', 'its replacement holds a NUL byte']
  ])('%s', (_case, replacement, reason) => {
    expect(replacementProblem(replacement)).toEqual(
      reason === undefined ? undefined : expect.stringContaining(reason)
    )
    const out = applyEdits('a\nb\n', [{ id: 'F1', start: 1, end: 1, replacement }])
    expect(out.applied).toEqual(reason === undefined ? ['F1'] : [])
    if (reason !== undefined) {
      expect(out.text).toBe('a\nb\n')
      expect(out.skipped[0]!.reason).toContain(reason)
    }
  })
})

describe('applyEdits', () => {
  it('replaces spans bottom-up and keeps the trailing newline', () => {
    const out = applyEdits('a\nb\nc\nd\n', [
      { id: 'F1', start: 1, end: 1, replacement: 'A' },
      { id: 'F2', start: 3, end: 4, replacement: 'C\nD\nE\n' }
    ])
    expect(out.text).toBe('A\nb\nC\nD\nE\n')
    expect(out.applied).toEqual(['F1', 'F2'])
  })
  it('skips an overlapping edit with the reason, and deletes on an empty replacement', () => {
    const out = applyEdits('a\nb\nc', [
      { id: 'F1', start: 2, end: 2, replacement: '' },
      { id: 'F2', start: 1, end: 2, replacement: 'x' },
      { id: 'F3', start: 9, end: 9, replacement: 'x' }
    ])
    expect(out.text).toBe('a\nc')
    expect(out.skipped).toEqual([
      { id: 'F2', reason: 'its lines overlap the fix of F1' },
      { id: 'F3', reason: 'line 9 is past the end of the file' }
    ])
  })
})

describe('verify and classify without a driver', () => {
  const finding = {
    severity: 'high' as const,
    file: 'src/a.ts',
    line: 3,
    description: 'loose equality'
  }
  const change = { created: false, addedLines: new Set([3, 4]) }
  it('drops a finding on a missing file or line, citing the basis', () => {
    expect(verifyLocation(finding, undefined, HEAD)).toEqual({
      ok: false,
      basis: 'src/a.ts does not exist at aaaaaaa'
    })
    expect(verifyLocation({ ...finding, line: 9 }, 4, HEAD)).toEqual({
      ok: false,
      basis: 'line 9 does not exist in src/a.ts at aaaaaaa (the file has 4 lines)'
    })
    expect(verifyLocation(finding, 4, HEAD)).toEqual({ ok: true })
  })
  it('types a finding on a written line introduced, and leaves others untyped', () => {
    expect(provenanceOf(finding, change)).toBe('introduced')
    expect(provenanceOf({ ...finding, line: 1 }, change)).toBeUndefined()
    expect(provenanceOf({ ...finding, line: 1 }, { created: true, addedLines: new Set() })).toBe(
      'introduced'
    )
  })
  const lines = ['one', 'two', 'if (a == b) {', '  go()', '}']
  it('is Mechanical only when the fix replaces lines the change wrote, with a literal-span predicate', () => {
    const fix = { start_line: 3, end_line: 3, replacement: 'if (a === b) {' }
    expect(classify({ ...finding, fix }, change, lines)).toEqual({
      class: 'mechanical',
      predicate: 'literal span src/a.ts:3 ("if (a == b) {")',
      sites: [{ file: 'src/a.ts', start_line: 3, end_line: 3 }]
    })
  })
  it('sends everything else to a person', () => {
    expect(classify(finding, change, lines)).toMatchObject({
      class: 'judgment',
      why: expect.stringContaining('no fix')
    })
    const outside = { start_line: 2, end_line: 3, replacement: 'x' }
    expect(classify({ ...finding, fix: outside }, change, lines)).toMatchObject({
      class: 'judgment',
      why: expect.stringContaining('did not write')
    })
    const past = { start_line: 5, end_line: 7, replacement: 'x' }
    expect(
      classify({ ...finding, fix: past }, { created: true, addedLines: new Set() }, lines)
    ).toMatchObject({
      class: 'judgment',
      why: expect.stringContaining('past the end')
    })
  })
})

describe('gates', () => {
  const f: Finding = {
    id: 'F2',
    round: 1,
    severity: 'medium',
    file: 'src/a.ts',
    line: 4,
    description: 'retry loop has no bound',
    fix: { start_line: 4, end_line: 4, replacement: 'x' },
    outcome: { kind: 'pending' }
  }
  it('offers apply only when a fix was proposed', () => {
    expect(judgmentGate('G1', 1, f, 'why').options.map(o => o.key)).toEqual([
      'apply',
      'dismiss',
      'decide',
      'defer'
    ])
    const { fix: _fix, ...noFix } = f
    expect(judgmentGate('G1', 1, noFix, 'why').options.map(o => o.key)).toEqual([
      'dismiss',
      'decide',
      'defer'
    ])
    expect(readAnswer(judgmentGate('G1', 1, f, 'why'), 'decide ok')).toMatchObject({
      error: expect.stringContaining('say what the project decided and why')
    })
  })
  it('reads the first word as the option and refuses words that name none', () => {
    const gate = judgmentGate('G1', 1, f, 'why')
    expect(readAnswer(gate, 'Dismiss, we cap it upstream')).toEqual({ option: 'dismiss' })
    expect(readAnswer(gate, 'maybe later')).toEqual({
      error:
        'G1 takes one of: `apply`, `dismiss`, `decide`, `defer` (you may add your reasons after it)'
    })
    expect(readAnswer(landingGate('G2', 1, []), 'stacked')).toEqual({ option: 'stacked' })
    expect(readAnswer(noReviewGate('G3', 1, 'timed out'), 'retry')).toEqual({ option: 'retry' })
  })
})

describe('sameFinding', () => {
  it('ignores line numbers and whitespace/case, never the file', () => {
    expect(
      sameFinding(
        { file: 'a', description: 'Loose  equality' },
        { file: 'a', description: 'loose equality' }
      )
    ).toBe(true)
    expect(sameFinding({ file: 'a', description: 'x' }, { file: 'b', description: 'x' })).toBe(
      false
    )
  })
})

describe('what classification never leaves to the loop', () => {
  const lines = ['name: ci', 'on: push']
  it('puts a fix to a workflow file to a person, even on lines the change wrote', () => {
    const f = {
      severity: 'low' as const,
      file: '.github/workflows/ci.yml',
      line: 2,
      description: 'trigger',
      fix: { start_line: 2, end_line: 2, replacement: 'on: [push]' }
    }
    expect(classify(f, { created: true, addedLines: new Set() }, lines)).toMatchObject({
      class: 'judgment',
      why: expect.stringContaining('workflow file'),
      fixUsable: true
    })
  })
  it('does not offer to apply a fix whose lines do not exist', () => {
    const f: Finding = {
      id: 'F1',
      round: 1,
      severity: 'low',
      file: 'a.js',
      line: 1,
      description: 'x',
      fix: { start_line: 5, end_line: 6, replacement: 'y' },
      outcome: { kind: 'pending' }
    }
    const c = classify(f, { created: true, addedLines: new Set() }, ['one'])
    expect(c).toMatchObject({ class: 'judgment', fixUsable: false })
    const gate = judgmentGate('G1', 1, f, 'why', c.class === 'judgment' ? c.fixUsable : true)
    expect(gate.options.map(o => o.key)).toEqual(['dismiss', 'decide', 'defer'])
  })
})
