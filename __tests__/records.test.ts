/** What a run with nothing to do may leave unsaved (issue 16): src/loop/records.ts. */
import { describe, expect, it } from '@jest/globals'
import { parseCommands } from '../src/loop/commands.js'
import { emptyLedger } from '../src/loop/model.js'
import {
  answeredBy,
  answersMark,
  FOLD_AT,
  mustSave,
  mustSetGate,
  recordedState,
  recordKind,
  takenByReaction
} from '../src/loop/records.js'
import { gateMark, readGateMark } from '../src/run/gate-mark.js'

const BOT = 'github-actions[bot]'

describe('recordKind', () => {
  it.each([
    ['/review-loop status', 'reply'],
    ['/review-loop status\n\n/review-loop status', 'reply'],
    ['/review-loop continue', 'reaction'],
    ['/review-loop status\n\n/review-loop continue', 'reaction'],
    ['/review-loop continue\n\n/review-loop G1 accept', undefined],
    ['/review-loop G1 accept', undefined],
    ['/review-loop stop', undefined],
    ['/review-loop record D1', undefined],
    ['/review-loop frobnicate', undefined],
    ['no command here', undefined]
  ])('%j is recorded by %s', (body, kind) => {
    expect(recordKind(parseCommands(body))).toBe(kind)
  })
})

describe('recordedState', () => {
  const status = parseCommands('/review-loop status')
  const go = parseCommands('/review-loop continue')
  const answer = parseCommands('/review-loop G1 accept')
  it.each([
    ['a status comment the action answered', status, [5], 0, BOT, 'taken'],
    ['a status comment no reply names', status, [4], 0, BOT, 'pending'],
    ['a status comment with a +1 (no reply names it)', status, [], 1, BOT, 'pending'],
    ['a continue with a +1 by someone', go, [], 1, BOT, 'ask-reactions'],
    ['a continue a reply names (write access can edit it): no record', go, [5], 0, BOT, 'pending'],
    ['a continue with no +1', go, [], 0, BOT, 'pending'],
    ['an answer with a +1 (its run may have left it unsaved)', answer, [5], 3, BOT, 'pending'],
    ['a token acting as a person: the ledger alone records', go, [5], 1, 'octo-person', 'pending'],
    ['a status comment, a token acting as a person', status, [5], 0, 'octo-person', 'pending']
  ] as const)('%s: %s', (_what, commands, answered, plusOnes, identity, want) => {
    expect(
      recordedState({ commands, id: 5, answered: new Set(answered), plusOnes, identity })
    ).toBe(want)
  })
})

describe('recordedState of a comment edited since it was posted (an edit is never a command)', () => {
  const stop = parseCommands('/review-loop stop')
  const go = parseCommands('/review-loop continue')
  it.each([
    ['named by a reply, now a stop: taken', stop, [5], 0, true, 'taken'],
    ['named by a reply, now a continue: taken', go, [5], 0, true, 'taken'],
    [
      'named by a reply, now a stop, never edited: the ledger alone',
      stop,
      [5],
      0,
      false,
      'pending'
    ],
    ['named by no reply, now a stop: taken as new', stop, [4], 1, true, 'pending']
  ] as const)('%s', (_what, commands, answered, plusOnes, edited, want) => {
    expect(
      recordedState({
        commands,
        id: 5,
        answered: new Set(answered),
        plusOnes,
        identity: BOT,
        edited
      })
    ).toBe(want)
  })
})

describe('takenByReaction', () => {
  it.each([
    ['the action’s own +1', [{ login: BOT, content: '+1' }], BOT, true],
    ['a +1 by someone else', [{ login: 'drive-by', content: '+1' }], BOT, false],
    ['a +1 by another bot', [{ login: 'other-app[bot]', content: '+1' }], BOT, false],
    ['the action’s confused', [{ login: BOT, content: 'confused' }], BOT, false],
    ['a person’s token: never a record', [{ login: 'octo', content: '+1' }], 'octo', false],
    [
      'the action’s among others',
      [
        { login: 'drive-by', content: '+1' },
        { login: BOT, content: '+1' }
      ],
      BOT,
      true
    ]
  ] as const)('%s: %s', (_what, reactions, identity, want) => {
    expect(takenByReaction(reactions, identity)).toBe(want)
  })
})

describe('the answers mark', () => {
  it('names the comments in order and reads back only at the end of a body', () => {
    expect(answersMark([9, 3])).toBe('<!-- review-loop:answers 3 9 -->')
    expect(answeredBy(`### Review loop\n\ntext\n\n${answersMark([3, 9])}`)).toEqual([3, 9])
    expect(answeredBy(`${answersMark([3])}\n\nmore text`)).toEqual([])
    expect(answeredBy('no mark')).toEqual([])
  })
})

describe('mustSave', () => {
  const NOW = '2026-12-01T00:00:00Z'
  const loadedLedger = () => ({
    ...emptyLedger('o/r', 7, NOW),
    revision: 3,
    processedComments: [1],
    ownComments: [2]
  })
  const loaded = JSON.stringify(loadedLedger())
  const base = { loaded, recorded: new Set<number>(), replies: new Set<number>(), verified: 0 }
  it.each([
    ['nothing changed', {}, {}, false],
    [
      'only commands its records carry were taken, and its status reply posted',
      { processedComments: [1, 10, 11], ownComments: [2, 12] },
      { recorded: new Set([10, 11]), replies: new Set([12]) },
      false
    ],
    [
      'a command its records do not carry was taken',
      { processedComments: [1, 10, 13] },
      { recorded: new Set([10]) },
      true
    ],
    ['a reply of its own besides the status reply', { ownComments: [2, 14] }, {}, true],
    ['anything else changed (the status)', { status: 'exited' as const }, {}, true],
    ['a ledger not loaded (a new loop)', {}, { loaded: undefined }, true],
    [`${FOLD_AT} earlier records verified`, {}, { verified: FOLD_AT }, true],
    [`${FOLD_AT - 1} earlier record verified`, {}, { verified: FOLD_AT - 1 }, false],
    ['a held reaction GitHub refused', {}, { unrecorded: true }, true]
  ])('%s: %s', (_what, change, input, want) => {
    const ledger = { ...loadedLedger(), ...change }
    expect(mustSave({ ...base, unrecorded: false, ledger, ...input })).toBe(want)
  })
})

describe('mustSetGate', () => {
  const gate = {
    sha: 'a'.repeat(40),
    state: 'success',
    context: 'review-loop',
    description: 'Converged'
  }
  const mark = gateMark(gate, 3)
  it.each([
    ['the comment names the newest revision and marks this gate', true, mark, false],
    ['the comment names an older revision (a run stopped before its edit)', false, mark, true],
    ['no mark (GitHub refused the gate, or an older action)', true, undefined, true],
    [
      'a mark for an earlier revision (the block moved on by a save ahead or before a dispatch)',
      true,
      gateMark(gate, 2),
      true
    ],
    ['another state', true, gateMark({ ...gate, state: 'failure' }, 3), true],
    ['another commit', true, gateMark({ ...gate, sha: 'b'.repeat(40) }, 3), true],
    [
      'another description',
      true,
      gateMark({ ...gate, description: 'Converged on round 2' }, 3),
      true
    ]
  ])('%s: %s', (_what, namesNewest, found, want) => {
    expect(mustSetGate({ namesNewest, mark: found, expected: gateMark(gate, 3) })).toBe(want)
  })

  it('reads the mark only right before the state block', () => {
    const block = '<!-- review-loop:state {"revision":3,"sha256":"x"} -->'
    expect(readGateMark(`text\n${mark}${block}`)).toBe(mark)
    expect(readGateMark(`${mark}\ntext\n${block}`)).toBeUndefined()
  })
})
