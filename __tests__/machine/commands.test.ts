/**
 * A person's commands as transitions (src/loop/machine/commands.ts): an answer is recorded only on an open gate, from
 * someone who may answer, in words that read as an option; nothing else changes the ledger, and each refusal says why.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound } from '../../__fixtures__/ledgers.js'
import {
  admitAnswer,
  constituteAnswered,
  markTaken,
  mayAnswer,
  takeAnswer,
  type GivenAnswer
} from '../../src/loop/machine/commands.js'
import type { Gate, Ledger } from '../../src/loop/model.js'
import { pure } from './pure.js'

const AT = '2025-03-02T09:00:00Z'
const options = [
  { key: 'apply', label: 'Apply', leadsTo: 'the fix lands' },
  { key: 'dismiss', label: 'Dismiss', leadsTo: 'dropped' },
  { key: 'decide', label: 'Decide', leadsTo: 'a decision' }
]
const given = (over: Partial<GivenAnswer> = {}): GivenAnswer => ({
  gate: 'G1',
  by: 'maintainer',
  words: 'dismiss the caller checks first',
  commentId: 77,
  at: AT,
  ...over
})
const withGate = (over: Partial<Gate> = {}): Ledger =>
  aLedger({ gates: [aGate({ options, ...over })] })

describe('an answer taken (takeAnswer)', () => {
  it.each<[string, Ledger, GivenAnswer, string | RegExp]>([
    [
      'no such gate',
      withGate(),
      given({ gate: 'G9' }),
      'There is no gate G9 on this pull request.'
    ],
    [
      'answered already',
      withGate({
        status: 'answered',
        answer: { by: 'other', words: 'apply', option: 'apply', commentId: 1, at: AT }
      }),
      given(),
      'G1 is no longer open (answered by @other), so this answer changes nothing.'
    ],
    [
      'superseded',
      withGate({ status: 'superseded' }),
      given(),
      'G1 is no longer open (superseded by a newer review), so this answer changes nothing.'
    ],
    [
      'a writer who is not among the answerers',
      withGate(),
      given({ answerers: ['lead'], origin: '.github/review-loop.yml' }),
      /^G1 stays open: gates on this repository are answered by `lead` \(`answerers` in \.github\/review-loop\.yml\)/
    ],
    ['words that name no option', withGate(), given({ words: 'maybe later' }), /./],
    [
      'decide without saying what',
      withGate(),
      given({ words: 'decide now' }),
      /after `decide`, say what the project decided/
    ]
  ])('refused: %s', (_name, ledger, answer, note) => {
    const next = pure(ledger, l => takeAnswer(l, answer))
    expect(next.value.taken).toBe(false)
    if (!next.value.taken) expect(next.value.note).toMatch(note)
    expect(next.ledger).toEqual(ledger)
  })

  it.each<[string, GivenAnswer, string, boolean]>([
    ['an option by its word', given(), 'dismiss', false],
    [
      'an answerer, named in another case',
      given({ by: 'Lead', answerers: ['lead'], words: 'apply' }),
      'apply',
      false
    ],
    [
      'a decision, to be admitted',
      given({ words: 'decide timeouts are per call, so the default stays' }),
      'decide',
      true
    ]
  ])('recorded: %s', (_name, answer, option, decision) => {
    const next = pure(withGate(), l => takeAnswer(l, answer))
    expect(next.value).toEqual({ taken: true, decision })
    expect(next.ledger.gates[0]).toMatchObject({
      status: 'answered',
      answer: { by: answer.by, words: answer.words, option, commentId: 77, at: AT }
    })
  })

  it('an open question takes words as its answer', () => {
    const next = pure(withGate({ open: true, options: [] }), l =>
      takeAnswer(l, given({ words: 'the config governs' }))
    )
    expect(next.value).toEqual({ taken: true, decision: true })
  })
})

describe('who may answer (mayAnswer)', () => {
  it.each<[string[] | undefined, string, boolean]>([
    [undefined, 'anyone', true],
    [['Lead'], 'lead', true],
    [['lead'], 'other', false]
  ])('answerers %j, %s', (answerers, login, may) => expect(mayAnswer(answerers, login)).toBe(may))
})

describe('taken once (markTaken), admitted once (admitAnswer)', () => {
  it.each<[boolean, 'processedComments' | 'processedReplies']>([
    [false, 'processedComments'],
    [true, 'processedReplies']
  ])('a thread reply %s goes to %s', (thread, list) => {
    const next = pure(aLedger(), l => markTaken(l, { comment: 5, thread }))
    expect(next.ledger[list]).toEqual([5])
  })
  it('keeps the admission with the answer', () => {
    const ledger = withGate({
      status: 'answered',
      answer: { by: 'm', words: 'decide x y z', option: 'decide', commentId: 1, at: AT }
    })
    const admission = {
      admitted: false,
      by: 'rules' as const,
      why: 'it tells the reviewer what to skip'
    }
    expect(
      pure(ledger, l => admitAnswer(l, 'G1', admission)).ledger.gates[0]!.answer!.admission
    ).toEqual(admission)
  })
})

describe('a stop enters the decisions already given (constituteAnswered)', () => {
  const answered = (option: string | undefined, open = false) =>
    aLedger({
      rounds: [
        aRound({
          phase: 'gated',
          findings: ['F1'],
          entries: [{ finding: 'F1', slot: 'gated', outcome: { kind: 'pending' } }]
        })
      ],
      findings: [aFinding()],
      gates: [
        aGate({
          status: 'answered',
          open,
          answer: {
            by: 'm',
            words: 'the caller owns it',
            commentId: 1,
            at: AT,
            ...(option ? { option } : {})
          }
        }),
        aGate({ id: 'G2' })
      ]
    })
  it.each<[string, string | undefined, boolean, string | undefined]>([
    ['decide: dropped on the decision', 'decide', false, 'dropped'],
    ['an open question answered: carried on the direction', undefined, true, 'carried'],
    ['dismiss is not a decision: left as given', 'dismiss', false, undefined]
  ])('%s', (_name, option, open, kind) => {
    const next = pure(answered(option, open), constituteAnswered)
    expect(next.ledger.decisions.length).toBe(kind ? 1 : 0)
    expect(next.ledger.findings[0]!.outcome.kind).toBe(kind ?? 'pending')
    expect(next.ledger.rounds[0]!.entries[0]!.outcome).toEqual(next.ledger.findings[0]!.outcome)
  })
})
