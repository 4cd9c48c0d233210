import { describe, it, expect } from '@jest/globals'
import {
  mergePartOutcomes,
  partBudget,
  planParts,
  type FileDiff,
  type Unreviewed
} from '../src/sources/parts.js'
import {
  composeReviewPrompt,
  DIFF_SEPARATOR,
  renderDiff,
  type PromptOptions
} from '../src/sources/prompt.js'
import type { Exercised } from '../src/loop/model.js'
import {
  PROTOCOL,
  type ReviewOutcome,
  type ReviewRequest,
  type SourceFinding
} from '../src/sources/types.js'

/** A unified diff for `file` with `hunks` hunks of `lines` added lines each. */
function patch(file: string, hunks: number, lines: number): string {
  const out = [`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`]
  for (let h = 0; h < hunks; h++) {
    const at = 1 + h * 100
    out.push(`@@ -${at},1 +${at},${lines + 1} @@`, ` context ${h}`)
    for (let l = 0; l < lines; l++) out.push(`+line ${h}.${l} of ${file}`)
  }
  return out.join('\n') + '\n'
}

const diff = (file: string, hunks = 1, lines = 5): FileDiff => ({
  file,
  patch: patch(file, hunks, lines)
})
const size = (d: FileDiff): number => renderDiff(d).length + DIFF_SEPARATOR.length
const hunksOf = (p: string): string[] => p.split('\n').filter(l => l.startsWith('@@'))

describe('planParts', () => {
  it('keeps a change that fits in one part, whole and in order', () => {
    const diffs = [diff('a.ts'), diff('b.ts'), diff('c.ts')]
    const plan = planParts(diffs, 10_000)
    expect(plan.unreviewed).toEqual([])
    expect(plan.parts).toHaveLength(1)
    expect(plan.parts[0]?.diffs).toEqual(diffs)
    expect(plan.parts[0]?.chars).toBe(diffs.reduce((n, d) => n + size(d), 0))
  })

  it('starts a new part when the next file would not fit', () => {
    const diffs = [diff('a.ts'), diff('b.ts'), diff('c.ts')]
    const budget = size(diffs[0]!) + size(diffs[1]!) // the third does not fit beside them
    const plan = planParts(diffs, budget)
    expect(plan.parts.map(p => p.diffs.map(d => d.file))).toEqual([['a.ts', 'b.ts'], ['c.ts']])
    expect(plan.unreviewed).toEqual([])
  })

  it('splits a file larger than the budget between its hunks, saying which hunks each piece holds', () => {
    const big = diff('big.ts', 6, 20)
    const oneHunk = size({ file: 'big.ts', patch: patch('big.ts', 1, 20) })
    const budget = oneHunk * 2 + 200 // room for two hunks and the piece's note, not three
    const plan = planParts([diff('small.ts'), big], budget)
    expect(plan.unreviewed).toEqual([])
    const pieces = plan.parts.flatMap(p => p.diffs).filter(d => d.file === 'big.ts')
    expect(pieces.map(p => p.hunks)).toEqual([
      { first: 1, last: 2, total: 6 },
      { first: 3, last: 4, total: 6 },
      { first: 5, last: 6, total: 6 }
    ])
    // Every hunk is carried exactly once, and each piece keeps the file header.
    expect(pieces.flatMap(p => hunksOf(p.patch))).toEqual(hunksOf(big.patch))
    for (const piece of pieces)
      expect(
        piece.patch.startsWith('diff --git a/big.ts b/big.ts\n--- a/big.ts\n+++ b/big.ts\n@@')
      ).toBe(true)
    for (const part of plan.parts) expect(part.chars).toBeLessThanOrEqual(budget)
  })

  it('reports a hunk larger than the budget as unreviewed, with why, and still sends the rest of the file', () => {
    const huge = patch('gen.ts', 1, 400)
    const small = patch('gen.ts', 2, 2).replace('@@ -1,1 +1,3 @@', '@@ -900,1 +900,3 @@')
    const file: FileDiff = { file: 'gen.ts', patch: small + huge.split('\n').slice(3).join('\n') }
    const budget = 3_000
    const plan = planParts([file], budget)
    const sentHunks = plan.parts.flatMap(p => p.diffs).flatMap(d => hunksOf(d.patch))
    expect(sentHunks).toEqual(hunksOf(file.patch).slice(0, 2))
    expect(plan.unreviewed).toHaveLength(1)
    expect(plan.unreviewed[0]?.file).toBe('gen.ts')
    expect(plan.unreviewed[0]?.why).toMatch(
      /^1 of its 3 hunks was not sent to the source, each larger than the 3,000 characters one request can carry for diffs: hunk 3 \(@@ -1,1 \+1,401 @@, [\d,]+ characters\)$/
    )
  })

  it('reports a file with no hunks that is still too large', () => {
    const file: FileDiff = {
      file: 'blob.bin',
      patch: `diff --git a/blob.bin b/blob.bin\n${'x'.repeat(500)}\n`
    }
    const plan = planParts([file, diff('a.ts')], 300)
    expect(plan.parts.flatMap(p => p.diffs.map(d => d.file))).toEqual(['a.ts'])
    expect(plan.unreviewed).toEqual([
      {
        file: 'blob.bin',
        why: expect.stringMatching(
          /has no hunks to split on and takes [\d,]+ characters, over the 300/
        ) as unknown as string
      }
    ])
  })

  it.each([0, -5, Number.NaN])('refuses a budget of %s', budget => {
    expect(() => planParts([diff('a.ts')], budget)).toThrow(
      /budgetChars must be a positive number of characters/
    )
  })
})

const request = (files: string[]): ReviewRequest => ({
  protocol: PROTOCOL,
  role: 'review',
  round: 1,
  repository: '/work/checkout',
  base_sha: 'a'.repeat(40),
  head_sha: 'b'.repeat(40),
  changed_files: files,
  intent: {
    rules: [{ path: 'AGENTS.md', why: 'conventions' }],
    design_comments: [{ path: 'src/f0.ts', line: 3 }],
    goal: null,
    authority_order: null,
    decisions: [{ id: 'D1', decision: 'Retries stop at three.', basis: 'A hung job costs more.' }],
    severity_steer: 'Weigh by effect.'
  }
})

describe('a large change reviewed in parts stays within the budget', () => {
  it.each([6_000, 9_000, 20_000])('every composed part is at most %s characters', budget => {
    const diffs = [
      ...Array.from({ length: 12 }, (_, i) => diff(`src/f${i}.ts`, 1 + (i % 4), 8 + i * 3)),
      diff('src/huge.ts', 1, 2_000)
    ]
    const req = request(diffs.map(d => d.file))
    const opts: PromptOptions = {
      canReadRepository: false,
      depth: 'deep',
      material: {
        diffs: [],
        excerpts: [
          { path: 'AGENTS.md', why: 'conventions', text: 'Keep retries bounded.\n'.repeat(20) }
        ]
      },
      evidence: [{ name: 'test', conclusion: 'success' }],
      untrusted: [{ label: 'PR title', text: 'Rework retries' }]
    }
    const plan = planParts(diffs, partBudget(req, opts, budget))
    expect(plan.parts.length).toBeGreaterThan(1)
    expect(plan.unreviewed.map(u => u.file)).toEqual(['src/huge.ts'])
    plan.parts.forEach((part, i) => {
      const { user } = composeReviewPrompt(req, {
        ...opts,
        material: { diffs: part.diffs, excerpts: opts.material!.excerpts },
        part: { index: i + 1, count: plan.parts.length }
      })
      expect(user.length).toBeLessThanOrEqual(budget)
      for (const d of part.diffs) expect(user).toContain(d.patch)
    })
    // Nothing silently dropped: every hunk not reported unreviewed went out in some part.
    const sent = plan.parts.flatMap(p =>
      p.diffs.flatMap(d => hunksOf(d.patch).map(h => `${d.file} ${h}`))
    )
    const all = diffs
      .filter(d => d.file !== 'src/huge.ts')
      .flatMap(d => hunksOf(d.patch).map(h => `${d.file} ${h}`))
    expect(sent).toEqual(all)
  })

  it('refuses a budget the prompt without diffs already fills', () => {
    expect(() =>
      partBudget(request(['a.ts']), { canReadRepository: false, depth: 'quick' }, 500)
    ).toThrow(
      /the prompt without any diff already takes [\d,]+ characters, over the budget of 500; raise the budget/
    )
  })
})

const finding = (
  file: string,
  line = 1,
  severity: SourceFinding['severity'] = 'medium'
): SourceFinding => ({
  severity,
  file,
  line,
  description: `problem in ${file}`
})

type Review = Extract<ReviewOutcome, { kind: 'review' }>
const review = (over: Partial<Review> = {}): Review => ({
  kind: 'review',
  verdict: 'approve',
  findings: [],
  malformed: [],
  exercised: { reached: ['contract-closure', 'runtime-behavior'], unreached: [] },
  ...over
})
const ex = (reached: string[], unreached: [string, string][] = []): Exercised => ({
  reached,
  unreached: unreached.map(([axis, reason]) => ({ axis, reason }))
})

describe('mergePartOutcomes', () => {
  it('returns a single part unchanged', () => {
    const only = review({ verdict: 'needs-attention', findings: [finding('a.ts')] })
    expect(mergePartOutcomes([only], [])).toBe(only)
  })

  it.each<[string, Review['verdict'][], Review['verdict']]>([
    ['every part approves', ['approve', 'approve', 'approve'], 'approve'],
    ['one part needs attention', ['approve', 'needs-attention', 'approve'], 'needs-attention'],
    ['every part needs attention', ['needs-attention', 'needs-attention'], 'needs-attention']
  ])('verdict when %s', (_name, verdicts, merged) => {
    const outcome = mergePartOutcomes(
      verdicts.map(verdict => review({ verdict })),
      []
    )
    expect(outcome.kind === 'review' && outcome.verdict).toBe(merged)
  })

  it('concatenates findings in part order and keeps identical ones once', () => {
    const outcome = mergePartOutcomes(
      [
        review({ verdict: 'needs-attention', findings: [finding('a.ts'), finding('b.ts')] }),
        review({
          verdict: 'needs-attention',
          findings: [finding('b.ts'), finding('b.ts', 2), finding('c.ts')]
        })
      ],
      []
    )
    expect(outcome.kind === 'review' && outcome.findings).toEqual([
      finding('a.ts'),
      finding('b.ts'),
      finding('b.ts', 2),
      finding('c.ts')
    ])
  })

  it("re-indexes malformed findings as positions in the parts' findings laid end to end", () => {
    const bad = (index: number) => ({
      index,
      raw: { line: 0 },
      problems: ['line must be a positive integer, got 0']
    })
    const outcome = mergePartOutcomes(
      [
        review({ findings: [finding('a.ts')], malformed: [bad(1)] }),
        review({ findings: [finding('b.ts')], malformed: [bad(0), bad(-1)] })
      ],
      []
    )
    expect(outcome.kind === 'review' && outcome.malformed.map(m => m.index)).toEqual([1, 2, -1])
  })

  it.each<[string, (Exercised | null | undefined)[], Unreviewed[], Exercised | null | undefined]>([
    [
      'an axis every part reached stays reached; contract-closure never does across parts',
      [ex(['contract-closure', 'runtime-behavior']), ex(['runtime-behavior', 'contract-closure'])],
      [],
      ex(
        ['runtime-behavior'],
        [
          [
            'contract-closure',
            'the change was reviewed in 2 parts and no single call saw all of it, so whether what one part declares is carried through in another went unjudged'
          ]
        ]
      )
    ],
    [
      'an axis one part did not reach is unreached, with each part that missed it',
      [ex(['security'], [['concurrency', 'no room']]), ex(['concurrency']), ex([])],
      [],
      ex(
        [],
        [
          ['security', 'part 2 of 3: not reported; part 3 of 3: not reported'],
          ['concurrency', 'part 1 of 3: no room; part 3 of 3: not reported']
        ]
      )
    ],
    [
      'a part that returned no report',
      [ex(['tests']), null],
      [],
      ex([], [['tests', 'part 2 of 2: returned no reach report']])
    ],
    ['every part returned no report', [null, null], [], null],
    ['a source without a reach channel', [undefined, undefined], [], undefined],
    [
      'unreviewed files become unreached entries',
      [ex(['tests']), ex(['tests'])],
      [{ file: 'gen.ts', why: 'hunk 3 is too large' }],
      ex(['tests'], [['review of gen.ts', 'hunk 3 is too large']])
    ],
    [
      'unreviewed files are reported even without a reach channel',
      [undefined, undefined],
      [{ file: 'gen.ts', why: 'too large' }],
      ex([], [['review of gen.ts', 'too large']])
    ],
    [
      'unreviewed files when no part returned a report',
      [null, null],
      [{ file: 'gen.ts', why: 'too large' }],
      ex(
        [],
        [
          ['reach report', 'no part returned one'],
          ['review of gen.ts', 'too large']
        ]
      )
    ]
  ])('exercised: %s', (_name, reports, unreviewed, merged) => {
    const outcome = mergePartOutcomes(
      reports.map(exercised => review({ exercised })),
      unreviewed
    )
    expect(outcome.kind === 'review' && outcome.exercised).toEqual(merged)
  })

  it('names the changed files no part carried, one entry per file, so a convergence can name them', () => {
    const outcome = mergePartOutcomes(
      [review(), review()],
      [
        { file: 'gen.ts', why: 'hunk 3 is too large' },
        { file: 'big.ts', why: 'the source-timeout ran out before this part was sent' },
        { file: 'gen.ts', why: 'the source-timeout ran out before this part was sent' }
      ]
    )
    expect(outcome.kind === 'review' && outcome.unreviewed).toEqual([
      {
        file: 'gen.ts',
        why: 'hunk 3 is too large; the source-timeout ran out before this part was sent'
      },
      { file: 'big.ts', why: 'the source-timeout ran out before this part was sent' }
    ])
    const whole = mergePartOutcomes([review(), review()], [])
    expect(whole.kind === 'review' && whole.unreviewed).toBeUndefined()
  })

  it('keeps the unreached reason of a single part unprefixed when something went unreviewed', () => {
    const outcome = mergePartOutcomes(
      [review({ exercised: ex(['tests'], [['security', 'no time']]) })],
      [{ file: 'big.ts', why: 'too large' }]
    )
    expect(outcome.kind === 'review' && outcome.exercised).toEqual(
      ex(
        ['tests'],
        [
          ['security', 'no time'],
          ['review of big.ts', 'too large']
        ]
      )
    )
  })

  it('keeps the direction of the first part that gave one', () => {
    const first = { mechanism: 'the bound is never read', falsifier: 'a reader of max' }
    const second = { mechanism: 'something else', falsifier: 'another thing' }
    const outcome = mergePartOutcomes(
      [
        review(),
        review({ verdict: 'needs-attention', direction: first }),
        review({ verdict: 'needs-attention', direction: second })
      ],
      []
    )
    expect(outcome.kind === 'review' && outcome.direction).toEqual(first)
    const none = mergePartOutcomes([review({ verdict: 'needs-attention' }), review()], [])
    expect(none.kind === 'review' && 'direction' in none).toBe(false)
  })

  it.each<[string, (string | undefined)[], string | undefined]>([
    ['the same call note in every part', ['effort high', 'effort high'], 'effort high'],
    [
      'different notes, per part',
      ['effort high', undefined],
      'part 1 of 2: effort high; part 2 of 2: nothing recorded'
    ],
    ['no notes', [undefined, undefined], undefined]
  ])('call: %s', (_name, calls, merged) => {
    const outcome = mergePartOutcomes(
      calls.map(call => review(call === undefined ? {} : { call })),
      []
    )
    expect(outcome.kind === 'review' && outcome.call).toBe(merged)
  })

  it('is no review when any part produced none, naming it and keeping what every part returned', () => {
    const outcome = mergePartOutcomes(
      [
        review({ verdict: 'needs-attention', findings: [finding('kept.ts', 7, 'high')] }),
        { kind: 'no-review', cause: 'timed out after 600 s', returned: 'partial output' },
        review()
      ],
      [{ file: 'gen.ts', why: 'too large' }]
    )
    expect(outcome.kind).toBe('no-review')
    if (outcome.kind !== 'no-review') return
    expect(outcome.cause).toBe(
      'a part of the change produced no review: part 2 of 3 (timed out after 600 s)'
    )
    expect(outcome.returned).toContain(
      '--- part 1 of 3: review, verdict needs-attention, 1 finding(s) ---'
    )
    expect(outcome.returned).toContain('"file": "kept.ts"')
    expect(outcome.returned).toContain(
      '--- part 2 of 3: no review (timed out after 600 s) ---\npartial output'
    )
    expect(outcome.returned).toContain('--- part 3 of 3: review, verdict approve, 0 finding(s) ---')
    expect(outcome.returned).toContain('--- not sent to the source ---\ngen.ts: too large')
  })

  it('names every part without a review', () => {
    const outcome = mergePartOutcomes(
      [
        { kind: 'no-review', cause: 'exit 1', returned: '' },
        { kind: 'no-review', cause: 'no verdict', returned: '{}' }
      ],
      []
    )
    expect(outcome.kind === 'no-review' && outcome.cause).toBe(
      '2 parts of the change produced no review: part 1 of 2 (exit 1); part 2 of 2 (no verdict)'
    )
  })

  it('is no review when nothing could be sent at all', () => {
    expect(mergePartOutcomes([], [{ file: 'gen.ts', why: 'too large' }])).toEqual({
      kind: 'no-review',
      cause: 'nothing was sent to the source: every change was too large for one request',
      returned: 'gen.ts: too large'
    })
  })

  it('is no review when there was nothing to send', () => {
    expect(mergePartOutcomes([], [])).toEqual({
      kind: 'no-review',
      cause: 'nothing was sent to the source: the change has no diff to review',
      returned: ''
    })
  })
})
