/** Which gate a reply in a finding's thread answers, and when the short form `/review-loop <answer>` is unambiguous. */
import { describe, expect, it } from '@jest/globals'
import { parseThreadCommands, threadTarget, type ThreadTarget } from '../src/loop/commands.js'

const gate = (id: string, findings: string[], status = 'open') => ({ id, findings, status })

describe('threadTarget', () => {
  it.each([
    ['one open gate', [gate('G3', ['F5'])], { finding: 'F5', gate: 'G3', gates: ['G3'] }],
    [
      'one answered gate (the reply will say it is no longer open)',
      [gate('G3', ['F5'], 'answered')],
      { finding: 'F5', gate: 'G3', gates: ['G3'] }
    ],
    [
      'a gate shared with other findings',
      [gate('G1', ['F1']), gate('G2', ['F4', 'F5', 'F6'])],
      { finding: 'F5', gate: 'G2', gates: ['G2'] }
    ],
    [
      'a superseded gate and the newer one standing',
      [gate('G2', ['F5'], 'superseded'), gate('G4', ['F5'])],
      { finding: 'F5', gate: 'G4', gates: ['G4'] }
    ],
    [
      'only superseded gates: the newest',
      [gate('G2', ['F5'], 'superseded'), gate('G4', ['F5'], 'superseded')],
      { finding: 'F5', gate: 'G4', gates: ['G4'] }
    ],
    [
      'two standing gates: ambiguous',
      [gate('G2', ['F5']), gate('G4', ['F5'], 'answered')],
      { finding: 'F5', gates: ['G2', 'G4'] }
    ],
    ['no gate at all', [gate('G1', ['F1'])], { finding: 'F5', gates: [] }]
  ])('%s', (_name, gates, expected) => {
    expect(threadTarget(gates, 'F5')).toEqual(expected)
  })
})

describe('parseThreadCommands', () => {
  const one: ThreadTarget = { finding: 'F5', gate: 'G3', gates: ['G3'] }
  const two: ThreadTarget = { finding: 'F5', gates: ['G2', 'G4'] }
  const none: ThreadTarget = { finding: 'F5', gates: [] }
  it.each([
    [
      'the full form',
      '/review-loop G3 dismiss',
      one,
      [{ kind: 'answer', gate: 'G3', words: 'dismiss' }]
    ],
    [
      'the full form naming another gate, as in the conversation',
      '/review-loop G1 apply',
      one,
      [{ kind: 'answer', gate: 'G1', words: 'apply' }]
    ],
    [
      'the short form, words kept as written',
      '/review-loop dismiss  we set the Timeout per call',
      one,
      [{ kind: 'answer', gate: 'G3', words: 'dismiss  we set the Timeout per call' }]
    ],
    [
      'free words for an open question',
      '/review-loop keep the old name, callers rely on it',
      one,
      [{ kind: 'answer', gate: 'G3', words: 'keep the old name, callers rely on it' }]
    ],
    ['stop', '/review-loop stop', one, [{ kind: 'stop' }]],
    ['continue', '/review-loop continue', one, [{ kind: 'continue' }]],
    ['status', '/review-loop status', one, [{ kind: 'status' }]],
    [
      'a reserved word with more after it',
      '/review-loop stop now',
      one,
      [{ kind: 'unknown', line: '/review-loop stop now' }]
    ],
    [
      'a gate ID with no answer',
      '/review-loop G3',
      one,
      [{ kind: 'unknown', line: '/review-loop G3' }]
    ],
    ['nothing after the prefix', '/review-loop', one, [{ kind: 'unknown', line: '/review-loop' }]],
    [
      'the short form where the finding has two gates',
      '/review-loop dismiss',
      two,
      [{ kind: 'no-single-gate', line: '/review-loop dismiss', finding: 'F5', gates: ['G2', 'G4'] }]
    ],
    [
      'the short form where the finding has no gate',
      '/review-loop dismiss',
      none,
      [{ kind: 'no-single-gate', line: '/review-loop dismiss', finding: 'F5', gates: [] }]
    ],
    ['a command in a code block', '```\n/review-loop dismiss\n```', one, []],
    ['no command', 'Thanks, I will look at it.', one, []]
  ])('%s', (_name, body, target, expected) => {
    expect(parseThreadCommands(body, target)).toEqual(expected)
  })
})
