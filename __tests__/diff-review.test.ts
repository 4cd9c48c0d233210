/** A round's findings on the diff (issue 17): placement, bound, returns, moves, suggestions committed; tables. */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, aRound } from '../__fixtures__/ledgers.js'
import {
  anchorOf,
  askedAgain,
  findingOfThread,
  MAX_RESOLVE_TRIES,
  settleSteps,
  MAX_REVIEW_COMMENTS,
  parseHunks,
  planReview,
  threadsToSettle,
  type Hunks
} from '../src/loop/diff-review.js'
import { Ledger, type Finding, type Gate } from '../src/loop/model.js'
import { suggestionCommitted } from '../src/loop/suggestion.js'
import {
  renderReviewBody,
  renderReviewComment,
  renderSettledReply
} from '../src/report/review-comment.js'

/** src/a.ts shows lines 40–50 on the diff; src/b.ts lines 1–3. */
const HUNKS: Hunks = new Map([
  ['src/a.ts', [[40, 50]]],
  ['src/b.ts', [[1, 3]]]
])

const thread = (over: Partial<NonNullable<Finding['thread']>> = {}): Finding['thread'] => ({
  comment: 900,
  id: 'PRRT_1',
  path: 'src/a.ts',
  line: 42,
  resolved: false,
  ...over
})

const noGate = (): Gate | undefined => undefined

describe('parseHunks', () => {
  it('reads the head side of each hunk, per file', () => {
    const diff = [
      'diff --git a/src/a.ts b/src/a.ts',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '@@ -38,6 +40,11 @@ x',
      'diff --git a/gone.ts b/gone.ts',
      '--- a/gone.ts',
      '+++ /dev/null',
      '@@ -1,3 +0,0 @@'
    ].join('\n')
    expect([...parseHunks(diff)]).toEqual([['src/a.ts', [[40, 50]]]])
  })
})

describe('anchorOf', () => {
  it.each<[string, Partial<Finding>, Gate | undefined, object | undefined]>([
    ['a line in a hunk', { line: 42 }, undefined, { path: 'src/a.ts', line: 42 }],
    ['a line above the hunk', { line: 39 }, undefined, undefined],
    ['a file the diff does not show', { file: 'src/c.ts', line: 1 }, undefined, undefined],
    [
      'a fix waiting at an open gate, its range in the hunk: a suggestion on exactly its lines',
      { line: 43, fix: { start_line: 43, end_line: 45, replacement: 'x\n' }, gate: 'G1' },
      aGate(),
      { path: 'src/a.ts', line: 45, startLine: 43, suggestion: true }
    ],
    [
      'a one-line fix at an open gate: no start line',
      { line: 43, fix: { start_line: 43, end_line: 43, replacement: 'x\n' } },
      aGate(),
      { path: 'src/a.ts', line: 43, suggestion: true }
    ],
    [
      'a fix whose range leaves the hunk: on its line, no suggestion',
      { line: 45, fix: { start_line: 45, end_line: 52, replacement: 'x\n' } },
      aGate(),
      { path: 'src/a.ts', line: 45 }
    ],
    [
      'a fix holding an HTML comment marker, which posting would alter: on its line, no suggestion',
      { line: 43, fix: { start_line: 43, end_line: 43, replacement: 'x = 1 --> 0\n' } },
      aGate(),
      { path: 'src/a.ts', line: 43 }
    ],
    [
      'a fix the loop would never write (a control character reversing how the code reads): on its line, no suggestion',
      { line: 43, fix: { start_line: 43, end_line: 43, replacement: 'x = 1 // \u202E0\n' } },
      aGate(),
      { path: 'src/a.ts', line: 43 }
    ],
    [
      'a fix over the hard bound (its comment would sink the review): on its line, no suggestion',
      { line: 43, fix: { start_line: 43, end_line: 43, replacement: 'x'.repeat(70_000) } },
      aGate(),
      { path: 'src/a.ts', line: 43 }
    ],
    [
      'a fix whose gate was answered: no suggestion',
      { line: 43, fix: { start_line: 43, end_line: 43, replacement: 'x\n' } },
      aGate({ status: 'answered' }),
      { path: 'src/a.ts', line: 43 }
    ],
    [
      'a Mechanical fix (no gate): no suggestion',
      { line: 43, fix: { start_line: 43, end_line: 43, replacement: 'x\n' }, class: 'mechanical' },
      undefined,
      { path: 'src/a.ts', line: 43 }
    ]
  ])('%s', (_, over, gate, expected) => {
    expect(anchorOf(aFinding(over), gate, HUNKS)).toEqual(expected)
  })
})

describe('planReview', () => {
  const kinds = (findings: Finding[], bound?: number) => {
    const p = planReview(findings, noGate, HUNKS, bound)
    return {
      comments: p.comments.map(c => `${c.finding.id}${c.moved ? ' moved' : ''}`),
      listed: p.listed.map(c => c.finding.id),
      kept: p.kept.map(f => f.id),
      reopen: p.reopen.map(f => f.id),
      noted: p.noted.map(f => f.id),
      outside: p.outside.map(f => f.id),
      stale: p.stale.map(f => f.id)
    }
  }
  const none = {
    comments: [],
    listed: [],
    kept: [],
    reopen: [],
    noted: [],
    outside: [],
    stale: []
  }

  it.each<[string, Finding[], Partial<ReturnType<typeof kinds>>]>([
    ['a new finding on the diff gets a comment', [aFinding()], { comments: ['F1'] }],
    ['one off the diff stays off it', [aFinding({ line: 2 })], { outside: ['F1'] }],
    [
      'one already on the diff at the same line, still open, is not posted again',
      [aFinding({ thread: thread() })],
      { kept: ['F1'] }
    ],
    [
      'one back at its resolved thread while open again is reopened',
      [aFinding({ thread: thread({ resolved: true }) })],
      { reopen: ['F1'] }
    ],
    [
      'a settled one at its resolved thread is left alone',
      [aFinding({ thread: thread({ resolved: true }), outcome: { kind: 'dropped', basis: 'x' } })],
      { kept: ['F1'] }
    ],
    [
      'one whose line moved gets a comment at the new line; the old thread is stale',
      [aFinding({ line: 47, thread: thread() })],
      { comments: ['F1 moved'], stale: ['F1'] }
    ],
    [
      'one that moved off the diff leaves its stale thread and stays in the status comment',
      [aFinding({ line: 3, thread: thread() })],
      { outside: ['F1'], stale: ['F1'] }
    ],
    [
      'one renamed to another file is re-anchored there',
      [aFinding({ file: 'src/b.ts', line: 2, thread: thread() })],
      { comments: ['F1 moved'], stale: ['F1'] }
    ]
  ])('%s', (_, findings, expected) => {
    expect(kinds(findings)).toEqual({ ...none, ...expected })
  })

  it('notes a settled finding that came back this round in its resolved thread, without reopening it', () => {
    const back = aFinding({
      thread: thread({ resolved: true }),
      outcome: { kind: 'dropped', basis: 'dismissed by @m: "no"' },
      returns: [{ round: 2, informed: false, handling: 'absorbed', basis: 'settled policy' }]
    })
    const plan = planReview([back], noGate, HUNKS, MAX_REVIEW_COMMENTS, 2)
    expect(plan.noted).toEqual([back])
    expect(plan.reopen).toEqual([])
    // In a later round it is only kept.
    expect(planReview([back], noGate, HUNKS, MAX_REVIEW_COMMENTS, 3).kept).toEqual([back])
  })

  it('gives the bounded comments to open findings first, graver first, and lists the rest', () => {
    const findings = [
      aFinding({ id: 'F1', severity: 'low' }),
      aFinding({ id: 'F2', severity: 'critical', outcome: { kind: 'dropped', basis: 'x' } }),
      aFinding({ id: 'F3', severity: 'high' }),
      aFinding({ id: 'F4', severity: 'high', line: 41 })
    ]
    expect(kinds(findings, 2)).toEqual({ ...none, comments: ['F3', 'F4'], listed: ['F1', 'F2'] })
  })

  it('keeps a 300-finding round within the bound: every finding either commented or listed, once', () => {
    const findings = Array.from({ length: 300 }, (_, i) =>
      aFinding({ id: `F${i + 1}`, line: 40 + (i % 11) })
    )
    const plan = planReview(findings, noGate, HUNKS)
    expect(plan.comments).toHaveLength(MAX_REVIEW_COMMENTS)
    expect(plan.listed).toHaveLength(300 - MAX_REVIEW_COMMENTS)
    const ids = [...plan.comments, ...plan.listed].map(p => p.finding.id)
    expect(new Set(ids).size).toBe(300)
  })
})

describe('threadsToSettle', () => {
  it.each<[string, Partial<Finding>, boolean]>([
    [
      'an applied finding with an open thread',
      { outcome: { kind: 'applied', commit: 'abc' } },
      true
    ],
    ['a dismissed one', { outcome: { kind: 'dropped', basis: 'dismissed by @m: "no"' } }, true],
    ['a deferred one', { outcome: { kind: 'carried', reason: 'deferred by @m: "later"' } }, true],
    ['a handed one', { outcome: { kind: 'handed', by: 'm', words: 'issue 9' } }, true],
    ['a pending one', { outcome: { kind: 'pending' } }, false],
    [
      'work the loop carries itself',
      { outcome: { kind: 'carried', reason: 'x', loop: true } },
      false
    ],
    [
      'a fork suggestion waiting on the author',
      { outcome: { kind: 'suggested', where: 'u' } },
      false
    ]
  ])('%s', (_, over, due) => {
    expect(threadsToSettle([aFinding({ thread: thread(), ...over })]).length).toBe(due ? 1 : 0)
  })

  it('leaves resolved threads and findings never on the diff alone, and is bounded', () => {
    const applied = { kind: 'applied', commit: 'abc' } as const
    expect(threadsToSettle([aFinding({ outcome: applied })])).toEqual([])
    expect(
      threadsToSettle([aFinding({ outcome: applied, thread: thread({ resolved: true }) })])
    ).toEqual([])
    const many = Array.from({ length: 50 }, (_, i) =>
      aFinding({ id: `F${i + 1}`, outcome: applied, thread: thread({ comment: i }) })
    )
    expect(threadsToSettle(many, 20)).toHaveLength(20)
  })

  it.each<[string, Partial<NonNullable<Finding['thread']>>, boolean]>([
    ['a resolve refused once is tried again', { replied: true, tries: 1 }, true],
    [
      `a resolve refused ${MAX_RESOLVE_TRIES} times is given up`,
      { replied: true, tries: MAX_RESOLVE_TRIES },
      false
    ]
  ])('%s', (_, over, due) => {
    const applied = { kind: 'applied', commit: 'abc' } as const
    expect(threadsToSettle([aFinding({ outcome: applied, thread: thread(over) })])).toHaveLength(
      due ? 1 : 0
    )
  })
})

describe('settleSteps', () => {
  const body = '**F1**: applied in abc1234. Resolving this thread.'
  it.each<[string, Partial<NonNullable<Finding['thread']>>, string[] | undefined, object]>([
    [
      'a thread not yet followed: the reply, then the resolve',
      {},
      undefined,
      { reply: true, resolve: true }
    ],
    ["none of the action's replies in it", {}, [], { reply: true, resolve: true }],
    [
      'the reply recorded as posted (its resolve was refused): only the resolve',
      { replied: true },
      undefined,
      { reply: false, resolve: true }
    ],
    [
      "the same reply already the action's last in the thread (a run stopped before its save): only the resolve",
      {},
      ['**F1** came back in round 2; reopening this thread.', body],
      { reply: false, resolve: true }
    ],
    [
      'an earlier settlement before the finding came back: replied again',
      {},
      [body, '**F1** came back in round 2; reopening this thread.'],
      { reply: true, resolve: true }
    ]
  ])('%s', (_, over, mine, steps) => {
    expect(settleSteps(thread(over)!, body, mine)).toEqual(steps)
  })
})

describe('findingOfThread', () => {
  const moved = aFinding({ id: 'F1', thread: thread({ comment: 30, previous: [10, 20] }) })
  const other = aFinding({ id: 'F2', thread: thread({ comment: 40 }) })
  it.each<[string, number, string | undefined]>([
    ['its current thread', 30, 'F1'],
    ['a thread it moved on from', 10, 'F1'],
    ["another finding's thread", 40, 'F2'],
    ['a thread of no finding', 99, undefined]
  ])('%s', (_, root, id) => {
    expect(findingOfThread([moved, other], root)?.id).toBe(id)
  })
})

describe('askedAgain', () => {
  const open = (id: string): Gate => aGate({ id, findings: ['F1'], status: 'open' })
  it.each<[string, Partial<NonNullable<Finding['thread']>>, Gate | undefined, boolean]>([
    ['its comment names the gate it waits at', { gate: 'G1' }, open('G1'), false],
    ['asked again under a new gate', { gate: 'G1' }, open('G4'), true],
    ['posted when no gate asked it (to apply), now at one', {}, open('G4'), true],
    ['no open gate', { gate: 'G1' }, undefined, false],
    ['its thread resolved', { gate: 'G1', resolved: true }, open('G4'), false]
  ])('%s', (_, over, gate, edited) => {
    expect(askedAgain(aFinding({ id: 'F1', thread: thread(over) }), gate)).toBe(edited)
  })
})

describe('suggestionCommitted', () => {
  const before = ['a', 'b', 'c', 'if (x == 1) {', 'd', 'e', 'f', 'g'].join('\n') + '\n'
  const fix = { start_line: 4, end_line: 4, replacement: 'if (x === 1) {\n' }
  it.each<[string, string, boolean]>([
    ['the exact proposed text at that place', before.replace('x == 1', 'x === 1'), true],
    [
      'the same, with lines added far above (the place moved)',
      'new 1\nnew 2\nnew 3\nnew 4\n' + before.replace('x == 1', 'x === 1'),
      true
    ],
    ['the old text still there', before, false],
    ['a different repair', before.replace('x == 1', 'x === 2'), false],
    ['the proposed text without its context', 'if (x === 1) {\n', false],
    [
      'the proposed text twice with its context (ambiguous)',
      before.replace('x == 1', 'x === 1').repeat(2),
      false
    ],
    [
      'the exact text, with other lines of the file changed in the same commit',
      before.replace('x == 1', 'x === 1').replace('g\n', 'G\n'),
      true
    ],
    [
      'the exact text, with the next lines changed too (a batch of neighbouring suggestions)',
      before.replace('x == 1', 'x === 1').replace('e\n', 'E\n'),
      true
    ],
    [
      'the exact text, with the line above changed too',
      before.replace('x == 1', 'x === 1').replace('c\n', 'C\n'),
      true
    ],
    [
      'the exact text, with both sides changed (no longer pinned to its place)',
      before.replace('x == 1', 'x === 1').replace('c\n', 'C\n').replace('d\n', 'D\n'),
      false
    ],
    ['only similar text', before.replace('x == 1', 'x  === 1'), false],
    [
      'the proposed text put elsewhere, the old line removed',
      before.replace('if (x == 1) {\n', '') + 'if (x === 1) {\n',
      false
    ]
  ])('%s', (_, after, committed) => {
    expect(suggestionCommitted(before, fix, after)).toBe(committed)
  })

  it('reads a deletion and a multi-line replacement', () => {
    const del = { start_line: 4, end_line: 5, replacement: '' }
    expect(suggestionCommitted(before, del, before.replace('if (x == 1) {\nd\n', ''))).toBe(true)
    const multi = { start_line: 4, end_line: 4, replacement: 'if (\n  x === 1\n) {\n' }
    expect(
      suggestionCommitted(before, multi, before.replace('if (x == 1) {', 'if (\n  x === 1\n) {'))
    ).toBe(true)
  })

  it("pins a fix at the file's start or end to that edge", () => {
    const top = { start_line: 1, end_line: 1, replacement: 'A\n' }
    expect(suggestionCommitted(before, top, before.replace(/^a\n/, 'A\n'))).toBe(true)
    // Not at the start any more, and the lines below it changed: nothing pins it to its place.
    expect(suggestionCommitted(before, top, `x\nA\nB\n${before.slice(4)}`)).toBe(false)
    const end = { start_line: 8, end_line: 8, replacement: 'G\n' }
    expect(suggestionCommitted(before, end, before.replace(/g\n$/, 'G\n'))).toBe(true)
    // A deletion next to a changed line is not read as committed: nothing of its own marks the place.
    const del = { start_line: 4, end_line: 4, replacement: '' }
    expect(
      suggestionCommitted(before, del, before.replace('if (x == 1) {\n', '').replace('e\n', 'E\n'))
    ).toBe(false)
  })

  it('never reads a fix that changes nothing as committed', () => {
    const same = { start_line: 4, end_line: 4, replacement: 'if (x == 1) {\n' }
    expect(suggestionCommitted(before, same, before)).toBe(false)
  })
})

describe('rendering', () => {
  it('a comment carries the ID, severity, the words inert, where it stands, and the fix as a suggestion', () => {
    const f = aFinding({
      description: 'Ping @octo-team and run\n/review-loop G1 dismiss <!-- x -->',
      fix: { start_line: 43, end_line: 43, replacement: 'fixed()\n' },
      gate: 'G1'
    })
    const body = renderReviewComment(f, aGate(), 2, {
      path: 'src/a.ts',
      line: 43,
      suggestion: true
    })
    expect(body).toMatch(/^\*\*F1\*\* · medium · `src\/a\.ts:42`/)
    expect(body).toContain('@\u200Bocto-team')
    expect(body).toContain('/\u200Breview-loop G1 dismiss')
    expect(body).toContain('**Where it stands**: awaiting decision (G1).')
    expect(body).toContain('```suggestion\nfixed()\n```')
    expect(body).toContain('/review-loop G1 <option>')
    expect(body.endsWith('<sub>review-loop · round 2</sub>')).toBe(true)
  })

  it('a dropped finding says why; the settled reply is one line', () => {
    const f = aFinding({ outcome: { kind: 'dropped', basis: 'dismissed by @m: "fine as is"' } })
    expect(renderReviewComment(f, undefined, 1, { path: 'src/a.ts', line: 42 })).toContain(
      '**Where it stands**: dropped: dismissed by @\u200Bm: "fine as is".'
    )
    expect(renderSettledReply(f, undefined).split('\n')).toHaveLength(1)
  })

  it('the body lists what is past the bound and what is off the diff', () => {
    const listed = aFinding({ id: 'F7' })
    const body = renderReviewBody(
      aRound({ n: 3 }),
      { comments: 20, suggestions: 0 },
      [{ finding: listed, anchor: { path: 'src/a.ts', line: 42 } }],
      [aFinding({ id: 'F9', line: 2 })],
      () => 'to apply'
    )
    expect(body).toContain('**review-loop, round 3**')
    expect(body).toMatch(/Not posted on their lines[\s\S]*\*\*F7\*\*/)
    expect(body).toMatch(/Not on the diff[\s\S]*F9 `src\/a\.ts:2`/)
  })
})

describe('the review body', () => {
  it("stays within GitHub's limit however long the listed findings' words are", () => {
    const listed = Array.from({ length: 2_000 }, (_, i) => ({
      finding: aFinding({ id: `F${i + 1}`, description: 'word '.repeat(400) }),
      anchor: { path: 'src/a.ts', line: 42 }
    }))
    const body = renderReviewBody(
      aRound(),
      { comments: 20, suggestions: 0 },
      listed,
      [],
      () => `dropped: ${'because '.repeat(200)}`
    )
    expect(body.length).toBeLessThan(60_000)
    expect(body).toMatch(/- …and \d+ more, in the status comment\./)
  })
})

describe('the ledger', () => {
  it('loads a finding without a thread (older ledgers) and keeps one with it', () => {
    const ledger = aLedger({ findings: [aFinding(), aFinding({ id: 'F2', thread: thread() })] })
    const again = Ledger.parse(JSON.parse(JSON.stringify(ledger)))
    expect(again.findings[0]!.thread).toBeUndefined()
    expect(again.findings[1]!.thread).toEqual(thread())
  })
})
