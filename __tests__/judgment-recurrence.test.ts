/** Seed 004 Rule 9 (recurrence escalates; suppression never converges): every branch of the loop's reading of a return. */
import { describe, expect, it } from '@jest/globals'
import type { Decision, Finding, Gate, Round } from '../src/loop/model.js'
import {
  actOnReturn,
  answerWords,
  awaitsFreshReview,
  heldGateFate,
  NOTHING_SETTLES,
  readReturn,
  returnHistory,
  type FoundAgain,
  type ReturnAction,
  type ReturnFacts,
  type ReturnContext,
  type ReturnHandling
} from '../src/loop/recurrence.js'

const FIX_SHA = 'abc1234def5678abc1234def5678abc1234def56'
const FIX = { start_line: 4, end_line: 4, replacement: '    if (fn()) return true' }

const finding = (over: Partial<Finding> = {}): Finding => ({
  id: 'F1',
  round: 1,
  severity: 'medium',
  file: 'src/retry.ts',
  line: 4,
  description: 'retry() loops forever on a negative count',
  fix: FIX,
  outcome: { kind: 'pending' },
  ...over
})

const answered = (id: string, option: string, words: string, over: Partial<Gate> = {}): Gate => ({
  id,
  round: 1,
  kind: 'judgment',
  findings: ['F1'],
  analysis: 'a',
  question: 'q',
  options: [],
  open: false,
  status: 'answered',
  answer: { by: 'alice', words, option, commentId: 1, at: '2025-01-01T00:00:00Z' },
  ...over
})

const D1: Decision = {
  id: 'D1',
  gate: 'G1',
  findings: ['F1'],
  words: 'negative counts are refused at the API boundary, not here',
  by: 'alice',
  at: '2025-01-01T00:00:00Z'
}

const ctx = (over: Partial<ReturnContext> & { landed?: boolean } = {}): ReturnContext => {
  const { landed = true, ...rest } = over
  return {
    round: 2,
    conveyed: [],
    headContains: commit => landed && commit === FIX_SHA,
    decisions: [],
    gates: [],
    ...rest
  }
}

const applied: Finding['outcome'] = { kind: 'applied', commit: FIX_SHA }
const DECIDE_WORDS = 'decide negative counts are refused at the API boundary, not here'

describe('Rule 9: a returning finding is read by what the round that raised it had seen', () => {
  it.each<
    [string, Finding, ReturnContext, Partial<ReturnHandling> & { kind: ReturnHandling['kind'] }]
  >([
    [
      'a return whose landed fix the reviewed head no longer contains is owed a fresh fix, never read as fixed',
      finding({ outcome: applied }),
      ctx({
        landed: false,
        diagnosisHolds: true,
        head: 'fedcba9876543210fedcba9876543210fedcba98'
      }),
      {
        kind: 'refix',
        informed: false,
        basis:
          'its fix abc1234 is not in fedcba9, the head this round reviewed: it is not landed any more, so the finding is owed a fresh fix (Rule 9)'
      }
    ],
    [
      'a fix gone from the head comes first: even after an escalated re-apply, the return is owed a fresh fix',
      finding({ outcome: applied, escalated: 1 }),
      ctx({ landed: false }),
      { kind: 'refix', informed: false }
    ],
    [
      'a return after its fix landed, with the diagnosis still holding, is re-applied with the driver writing (no gate)',
      finding({ outcome: applied }),
      ctx({ diagnosisHolds: true }),
      { kind: 'reapply', informed: true }
    ],
    [
      'a third return after an escalated re-apply is design-level by backstop (design gate with the history)',
      finding({ outcome: applied, escalated: 1 }),
      ctx({ diagnosisHolds: true }),
      { kind: 'design-gate', informed: true, history: ['first raised in round 1'] }
    ],
    [
      'a return after its fix landed whose original diagnosis no longer holds is classified afresh (informed)',
      finding({ outcome: applied }),
      ctx({ diagnosisHolds: false }),
      {
        kind: 'reclassify',
        informed: true,
        basis: 'it came back after its fix landed, but the original diagnosis no longer holds'
      }
    ],
    [
      'a return after a landed fix that no reading can diagnose is a recurrence awaiting diagnosis: a person decides',
      finding({ outcome: applied }),
      ctx(),
      { kind: 'design-gate', informed: true }
    ],
    [
      'a return made with the constituted decision already conveyed is the contested return: design gate',
      finding(),
      ctx({ conveyed: ['D1'], decisions: [D1], gates: [answered('G1', 'decide', DECIDE_WORDS)] }),
      {
        kind: 'design-gate',
        informed: true,
        history: ['first raised in round 1', `round 1: @alice answered G1: "${DECIDE_WORDS}"`]
      }
    ],
    [
      'a return before the decision was conveyed is uninformed: absorbed as settled by the decision',
      finding(),
      ctx({ conveyed: [], decisions: [D1], gates: [answered('G1', 'decide', DECIDE_WORDS)] }),
      {
        kind: 'absorbed',
        informed: false,
        outcome: { kind: 'dropped', basis: `settled by decision D1, @alice: "${DECIDE_WORDS}"` },
        gate: 'G1'
      }
    ],
    [
      'an instance-specific dismissal is never conveyed, so its return is uninformed and absorbed',
      finding(),
      ctx({
        conveyed: ['D1'],
        decisions: [D1],
        gates: [answered('G2', 'dismiss', 'dismiss -1 never reaches it')]
      }),
      {
        kind: 'absorbed',
        informed: false,
        basis: 'dismissed, @alice: "dismiss -1 never reaches it"',
        outcome: {
          kind: 'dropped',
          basis: 'settled at G2 by @alice: "dismiss -1 never reaches it"'
        },
        gate: 'G2'
      }
    ],
    [
      'a deferral absorbs its return and the finding stays carried (residual at the end)',
      finding(),
      ctx({ gates: [answered('G1', 'defer', 'defer until the API rewrite')] }),
      {
        kind: 'absorbed',
        informed: false,
        outcome: {
          kind: 'carried',
          reason: 'deferred at G1 by @alice: "defer until the API rewrite"'
        },
        gate: 'G1'
      }
    ],
    [
      'a dismissal given at a stall gate settles like one given at a judgment gate: its return is absorbed',
      finding({ outcome: { kind: 'dropped', basis: 'dismissed by @alice at G3: "noise"' } }),
      ctx({ gates: [answered('G3', 'dismiss', 'dismiss noise', { kind: 'stall', round: 3 })] }),
      {
        kind: 'absorbed',
        informed: false,
        outcome: { kind: 'dropped', basis: 'settled at G3 by @alice: "dismiss noise"' },
        gate: 'G3'
      }
    ],
    [
      'a deferral given at a stall gate absorbs its return, the finding carried',
      finding({ outcome: { kind: 'carried', reason: 'deferred by @alice at G3: "later"' } }),
      ctx({ gates: [answered('G3', 'defer', 'defer later', { kind: 'stall', round: 3 })] }),
      {
        kind: 'absorbed',
        outcome: { kind: 'carried', reason: 'deferred at G3 by @alice: "defer later"' },
        gate: 'G3'
      }
    ],
    [
      'a hand-off at a stall gate stays handed on',
      finding({ outcome: { kind: 'handed', by: 'alice', words: 'follow-up #9' } }),
      ctx({ gates: [answered('G3', 'follow-up', 'follow-up #9', { kind: 'stall', round: 3 })] }),
      { kind: 'absorbed', outcome: { kind: 'handed', by: 'alice', words: 'follow-up #9' } }
    ],
    [
      'a stall gate answered `continue` disposes of nothing: the earlier deferral still settles the return',
      finding({ outcome: { kind: 'carried', reason: 'deferred at G1 by @alice: "later"' } }),
      ctx({
        gates: [
          answered('G1', 'defer', 'defer later'),
          answered('G3', 'continue', 'continue', { kind: 'stall', round: 3 })
        ]
      }),
      { kind: 'absorbed', gate: 'G1' }
    ],
    [
      'a finding left for a follow-up stays handed on, with the words that handed it',
      finding(),
      ctx({ gates: [answered('G1', 'follow-up', 'follow-up in #42')] }),
      {
        kind: 'absorbed',
        informed: false,
        outcome: { kind: 'handed', by: 'alice', words: 'follow-up in #42' },
        gate: 'G1'
      }
    ],
    [
      'apply was chosen but the fix had not landed (the round was superseded): the same choice applies again',
      finding(),
      ctx({ gates: [answered('G1', 'apply', 'apply')] }),
      {
        kind: 'absorbed',
        informed: false,
        basis: 'apply, as @alice: "apply"',
        outcome: { kind: 'pending' },
        gate: 'G1'
      }
    ],
    [
      'the local repair chosen and not landed applies again too',
      finding(),
      ctx({ gates: [answered('G1', 'local', 'local')] }),
      { kind: 'absorbed', informed: false, outcome: { kind: 'pending' } }
    ],
    [
      'apply chosen for a finding that has no fix settles nothing: classified afresh',
      finding({ fix: undefined }),
      ctx({ gates: [answered('G1', 'apply', 'apply')] }),
      { kind: 'reclassify', informed: false, basis: NOTHING_SETTLES }
    ],
    [
      'nothing on record: classified afresh, uninformed',
      finding(),
      ctx(),
      { kind: 'reclassify', informed: false, basis: NOTHING_SETTLES }
    ],
    [
      'a gate still open settles nothing',
      finding(),
      ctx({ gates: [{ ...answered('G1', 'dismiss', 'x'), status: 'open', answer: undefined }] }),
      { kind: 'reclassify', informed: false, basis: NOTHING_SETTLES }
    ],
    [
      "another finding's answered gate settles nothing",
      finding(),
      ctx({ gates: [answered('G1', 'dismiss', 'x', { findings: ['F2'] })] }),
      { kind: 'reclassify', basis: NOTHING_SETTLES }
    ],
    [
      'a landing gate that lists the finding is no disposition of it',
      finding(),
      ctx({ gates: [answered('G1', 'head', 'head', { kind: 'landing' })] }),
      { kind: 'reclassify', basis: NOTHING_SETTLES }
    ],
    [
      'the latest answered gate governs: a design gate answered with a dismissal after an earlier decision',
      finding(),
      ctx({
        conveyed: ['D1'],
        decisions: [D1],
        gates: [
          answered('G1', 'decide', DECIDE_WORDS),
          answered('G4', 'dismiss', 'dismiss for this PR', { round: 3, kind: 'design' })
        ]
      }),
      {
        kind: 'absorbed',
        gate: 'G4',
        outcome: { kind: 'dropped', basis: 'settled at G4 by @alice: "dismiss for this PR"' }
      }
    ]
  ])('%s', (_clause, prior, context, expected) => {
    expect(readReturn(prior, context)).toMatchObject(expected)
  })

  it('an instance-specific dismissal absorbs every round, never entering diagnosis', () => {
    const prior = finding()
    const gates = [answered('G1', 'dismiss', 'dismiss the count is validated upstream')]
    for (const round of [2, 3, 4, 5]) {
      const h = readReturn(prior, ctx({ round, gates, conveyed: ['D1'], decisions: [D1] }))
      expect(h).toMatchObject({ kind: 'absorbed', informed: false })
      prior.returns = [
        ...(prior.returns ?? []),
        { round, informed: false, handling: 'absorbed', basis: h.basis }
      ]
    }
  })

  it('a decision retired by a later one is read through the later gate: its conveyance makes the return contested', () => {
    const D2: Decision = { ...D1, id: 'D2', gate: 'G3', words: 'revises D1: refuse at both layers' }
    const retired: Decision = { ...D1, retired: { by: 'D2', round: 3 } }
    const h = readReturn(
      finding(),
      ctx({
        round: 4,
        conveyed: ['D2'],
        decisions: [retired, D2],
        gates: [
          answered('G1', 'decide', DECIDE_WORDS),
          answered('G3', 'decide', 'decide revises D1: refuse at both layers', {
            round: 3,
            kind: 'design'
          })
        ]
      })
    )
    expect(h).toMatchObject({ kind: 'design-gate', informed: true })
    expect(h.basis).toContain('D2')
  })

  it('the escalation sequence: landed fix returns → re-applied; returns again after the escalated re-apply → design gate', () => {
    const prior = finding({ outcome: applied })
    expect(readReturn(prior, ctx({ diagnosisHolds: true })).kind).toBe('reapply')
    prior.escalated = 1
    prior.returns = [
      { round: 2, informed: true, handling: 'reapplied', basis: 'incomplete repair' }
    ]
    const third = readReturn(prior, ctx({ round: 3, diagnosisHolds: true }))
    expect(third.kind).toBe('design-gate')
    if (third.kind !== 'design-gate') return
    expect(third.history).toEqual([
      'first raised in round 1',
      'round 2: raised again (reapplied: incomplete repair)'
    ])
  })
})

describe('Rule 9: the history a design gate presents', () => {
  it('lists the first round, every answered gate about the finding with its words, then every return', () => {
    const f = finding({
      round: 2,
      returns: [
        {
          round: 3,
          informed: false,
          handling: 'absorbed',
          basis: 'dismissed, @alice: "dismiss no"'
        },
        { round: 5, informed: true, handling: 'design-gate', basis: 'contested' }
      ]
    })
    const gates: Gate[] = [
      answered('G1', 'dismiss', 'dismiss no', { round: 2 }),
      { ...answered('G2', 'dismiss', 'x', { round: 2 }), status: 'open', answer: undefined },
      answered('G3', 'defer', 'defer', { round: 2, findings: ['F2'] }),
      answered('G5', 'decide', 'decide we keep it', {
        round: 5,
        kind: 'design',
        answer: { by: 'bob', words: 'decide we keep it', option: 'decide', commentId: 9, at: 't' }
      })
    ]
    expect(returnHistory(f, gates)).toEqual([
      'first raised in round 2',
      'round 2: @alice answered G1: "dismiss no"',
      'round 5: @bob answered G5: "decide we keep it"',
      'round 3: raised again (absorbed: dismissed, @alice: "dismiss no")',
      'round 5: raised again (design-gate: contested)'
    ])
  })

  it('a finding never answered nor returned has only its first round', () => {
    expect(returnHistory(finding({ round: 4 }), [])).toEqual(['first raised in round 4'])
  })
})

describe("an author's push while gates wait: what the review of the new head keeps", () => {
  const NEW_HEAD = 'def5678abc1234def5678abc1234def5678abc12'
  const asIs: FoundAgain = { was: 'medium', now: 'medium', sameFix: true }
  const cluster = (ids: string[]): Gate => ({
    ...answered('G4', 'apply', 'apply'),
    findings: ids,
    status: 'open',
    answer: undefined
  })

  it.each<[string, string[], [string, FoundAgain][], string | undefined]>([
    ['a gate whose finding is found again as shown stands', ['F1'], [['F1', asIs]], undefined],
    [
      'a lighter grade or a new line does not change the question: it stands',
      ['F1'],
      [['F1', { was: 'high', now: 'medium', sameFix: true }]],
      undefined
    ],
    [
      'a cluster stands only when every one of its findings is found again',
      ['F1', 'F2'],
      [
        ['F1', asIs],
        ['F2', asIs]
      ],
      undefined
    ],
    [
      'a gate whose finding is gone is superseded',
      ['F1'],
      [],
      'the review of def5678 no longer finds F1'
    ],
    [
      'a cluster of which only some return is superseded, and the returning ones are asked again on their own',
      ['F1', 'F2', 'F3'],
      [
        ['F1', asIs],
        ['F3', asIs]
      ],
      'the review of def5678 no longer finds F2; F1, F3 are asked again on their own'
    ],
    [
      'a finding found again with another proposed change is asked again (an answer must see the change it approves)',
      ['F1'],
      [['F1', { ...asIs, sameFix: false }]],
      'the review of def5678 finds F1 again, but the change it proposes is not the one shown: asked again as it now stands'
    ],
    [
      'a finding found again graver (to high or critical) is asked again',
      ['F1'],
      [['F1', { was: 'medium', now: 'high', sameFix: true }]],
      'the review of def5678 finds F1 again, but it is graver now (medium → high): asked again as it now stands'
    ],
    [
      'a finding found again with a question only a person can answer is asked again',
      ['F1'],
      [['F1', { ...asIs, question: 'Is 0 meant as no timeout?' }]],
      'the review of def5678 finds F1 again, but a question only a person can answer came with it: asked again as it now stands'
    ]
  ])('%s', (_clause, ids, found, why) => {
    const fate = heldGateFate(cluster(ids), new Map(found), NEW_HEAD)
    expect(fate).toEqual(why === undefined ? { kind: 'stands' } : { kind: 'superseded', why })
  })

  const round = (n: number, phase: Round['phase'], findings: string[]): Round => ({
    n,
    invocation: 1,
    cycle: 'first-pass',
    base: 'b',
    head: 'h',
    requestHash: 'x',
    source: 'command',
    startedAt: 't',
    review: 'reviewed',
    malformed: [],
    findings,
    entries: [],
    readingsNotRun: [],
    phase
  })

  it.each<[string, Finding, Round[], boolean]>([
    [
      'an undecided finding of the round the push superseded waits on the new review (not a return)',
      finding(),
      [round(1, 'superseded', ['F1'])],
      true
    ],
    [
      'it still waits when the review after the push produced no review',
      finding(),
      [round(1, 'superseded', ['F1']), round(2, 'no-review', [])],
      true
    ],
    [
      'a finding with a disposition does not wait: its coming back is a return',
      finding({ outcome: { kind: 'dropped', basis: 'dismissed' } }),
      [round(1, 'superseded', ['F1'])],
      false
    ],
    [
      'an undecided finding of a round still gated does not wait',
      finding(),
      [round(1, 'gated', ['F1'])],
      false
    ],
    [
      'once a later round holds it, the superseded round no longer decides',
      finding(),
      [round(1, 'superseded', ['F1']), round(2, 'gated', ['F1'])],
      false
    ]
  ])('%s', (_clause, f, rounds, waits) => {
    expect(awaitsFreshReview(f, rounds, 3)).toBe(waits)
  })

  it.each<[string, string | undefined, string]>([
    ['apply', 'apply', 'apply, as @alice: "w"'],
    ['dismiss', 'dismiss', 'dismissed, @alice: "w"'],
    ['defer', 'defer', 'deferred, @alice: "w"'],
    ['follow-up', 'follow-up', 'left for a follow-up, @alice: "w"'],
    ['decide', 'decide', 'decided, @alice: "w"'],
    ['a direction in free words', undefined, 'a direction given, @alice: "w"']
  ])('an answer given before the review settles it in words: %s', (_clause, option, words) => {
    const gate = answered('G1', 'x', 'w')
    gate.answer = { by: 'alice', words: 'w', commentId: 1, at: 't', ...(option ? { option } : {}) }
    expect(answerWords(gate)).toBe(words)
  })
})

describe('Rule 9: what the loop does with a return, once it is read', () => {
  const FIX_JSON = JSON.stringify(FIX)
  const OTHER_FIX = JSON.stringify({ ...FIX, replacement: '    if (fn() === true) return true' })
  const facts = (over: Partial<ReturnFacts> = {}): ReturnFacts => ({
    firstRound: 1,
    severity: 'medium',
    prior: { severity: 'medium', fix: FIX_JSON },
    fix: FIX_JSON,
    protectedPath: false,
    mechanical: true,
    ...over
  })
  const absorbed = (outcome: Finding['outcome']): ReturnHandling => ({
    kind: 'absorbed',
    informed: false,
    basis: 'dismissed, @alice: "noise"',
    outcome,
    gate: 'G1'
  })
  const dropped: Finding['outcome'] = { kind: 'dropped', basis: 'settled at G1 by @alice: "noise"' }
  const refix: ReturnHandling = {
    kind: 'refix',
    informed: false,
    basis:
      'its fix abc1234 is not in fedcba9, the head this round reviewed: it is not landed any more'
  }
  it.each<[string, ReturnHandling, ReturnFacts, ReturnAction]>([
    [
      'settled policy absorbs an uninformed return, with its words on the entry',
      absorbed(dropped),
      facts(),
      {
        kind: 'absorb',
        outcome: dropped,
        gate: 'G1',
        note: 'settled policy of G1: dismissed, @alice: "noise"'
      }
    ],
    [
      'but never a graver claim (to high or critical): classified afresh',
      absorbed(dropped),
      facts({ severity: 'high' }),
      {
        kind: 'classify',
        note: 'not settled by G1: it came back graver (medium → high) than when it was settled',
        reopen: false
      }
    ],
    [
      'nor a different fix where the answer was to apply one',
      absorbed({ kind: 'pending' }),
      facts({ fix: OTHER_FIX }),
      {
        kind: 'classify',
        note: 'not settled by G1: the change proposed now is not the one approved at G1',
        reopen: false
      }
    ],
    [
      'nor one that comes with a question only a person can answer',
      absorbed(dropped),
      facts({ question: 'is 0 a valid count?' }),
      {
        kind: 'classify',
        note: 'not settled by G1: a question only a person can answer came with it',
        reopen: false
      }
    ],
    [
      'an incomplete repair is re-applied, escalated, when it can be written',
      { kind: 'reapply', informed: true, basis: 'the repair was incomplete' },
      facts(),
      { kind: 'reapply', escalate: true, note: 're-applied: the repair was incomplete' }
    ],
    [
      'one that cannot be written (no fix, a protected path) goes to a person with its history',
      { kind: 'reapply', informed: true, basis: 'the repair was incomplete' },
      facts({ protectedPath: true }),
      {
        kind: 'design-gate',
        basis: 'the repair was incomplete',
        history: ['first raised in round 1']
      }
    ],
    [
      'a fix the head no longer contains is written afresh when it was Mechanical, not escalated',
      refix,
      facts(),
      { kind: 'reapply', escalate: false, note: `re-applied: ${refix.basis}` }
    ],
    [
      'or when the fix is the one a person approved',
      refix,
      facts({ mechanical: false }),
      { kind: 'reapply', escalate: false, note: `re-applied: ${refix.basis}` }
    ],
    [
      'another fix than the one approved is classified afresh, undecided again, never read as fixed',
      refix,
      facts({ mechanical: false, fix: OTHER_FIX }),
      { kind: 'classify', note: refix.basis, reopen: true }
    ],
    [
      'and so is another fix than the one that landed, even when the finding was Mechanical: it was never classified',
      refix,
      facts({ fix: OTHER_FIX }),
      { kind: 'classify', note: refix.basis, reopen: true }
    ],
    [
      'so is one with no fix to write',
      refix,
      facts({ fix: undefined }),
      { kind: 'classify', note: refix.basis, reopen: true }
    ],
    [
      'a design-level return opens a design gate with its history',
      { kind: 'design-gate', informed: true, basis: 'contested', history: ['h'] },
      facts(),
      { kind: 'design-gate', basis: 'contested', history: ['h'] }
    ],
    [
      'nothing settles: classified afresh with nothing to note',
      { kind: 'reclassify', informed: false, basis: NOTHING_SETTLES },
      facts(),
      { kind: 'classify', reopen: false }
    ]
  ])('%s', (_clause, h, f, action) => {
    expect(actOnReturn(h, f)).toEqual(action)
  })
})
