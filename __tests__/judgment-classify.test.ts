/** Seed 004 Phase 3 (Classify) and Rules 1, 2, 3 and 12, as the pure core takes the driver's classification. */
import { describe, expect, it } from '@jest/globals'
import type {
  ClassifyAnswerItem,
  ClassifyResponse,
  ClusterAnswer,
  Conflict
} from '../src/driver/protocol.js'
import {
  acceptClassification,
  jargonIn,
  type ClassificationContext,
  type ClassifyInput
} from '../src/loop/classification.js'
import { classify, literalSpanPredicate } from '../src/loop/classify.js'
import type { FileChange } from '../src/loop/change.js'
import type { Decision, Finding } from '../src/loop/model.js'
import type { SourceFinding } from '../src/sources/types.js'

const FIX = { start_line: 4, end_line: 4, replacement: '    if (fn()) return true' }

const finding = (id: string, over: Partial<Finding> = {}): Finding => ({
  id,
  round: 1,
  severity: 'medium',
  file: 'src/retry.ts',
  line: 4,
  description: `defect ${id}`,
  fix: FIX,
  provenance: 'introduced',
  outcome: { kind: 'pending' },
  ...over
})

const input = (key: string, over: Partial<Finding> = {}, protectedWhy?: string): ClassifyInput => ({
  key,
  finding: finding(`F${key.slice(1)}`, over),
  ...(protectedWhy ? { protectedWhy } : {})
})

const mech = (key: string, over: Partial<ClassifyAnswerItem> = {}): ClassifyAnswerItem => ({
  key,
  class: 'mechanical',
  basis: 'one obvious minimal fix; every disposition applies it',
  scope_basis: null,
  conflict: null,
  ...over
})

const response = (over: Partial<ClassifyResponse> = {}): ClassifyResponse => ({
  reading: null,
  retired: [],
  cross_round: null,
  findings: [],
  clusters: [],
  ...over
})

const LEADING = {
  mechanism: 'every caller trusts an unvalidated count',
  accounts_for: ['s1', 's2'],
  falsifier: 'a caller that validates the count and still fails'
}
const COMPETITOR = {
  mechanism: 'the loop bound is off by one',
  accounts_for: ['s1'],
  falsifier: 'the loop runs exactly `retries` times at the head'
}
type ReadingAnswer = NonNullable<ClassifyResponse['reading']>
const reading = (over: Partial<ReadingAnswer> = {}): ReadingAnswer => ({
  leading: LEADING,
  competitor: null,
  unexplained: [],
  direction: 'none',
  repairs_diverge: false,
  ...over
})

const D1: Decision = {
  id: 'D1',
  gate: 'G1',
  findings: ['F7'],
  words: 'docs follow the code',
  by: 'alice',
  at: 't'
}
const D2: Decision = { ...D1, id: 'D2', gate: 'G2', retired: { by: 'D3', round: 2 } }
const CTX: ClassificationContext = {
  authority: {
    order: ['docs/ARCHITECTURE.md', 'CLAUDE.md', '.claude/rules/*.md'],
    declaredIn: 'CLAUDE.md'
  },
  decisions: [D1, D2],
  purpose: {
    title: 'Bound the retry loop',
    body: 'This aligns the README with the new default of three retries.'
  }
}

const cluster = (findings: string[], over: Partial<ClusterAnswer> = {}): ClusterAnswer => ({
  findings,
  analysis: 'Both places accept a negative count.',
  question: 'Should the count be checked here?',
  options: [
    { key: 'apply', label: 'Apply the proposed change', leads_to: 'the check is added' },
    { key: 'dismiss', label: 'Leave it', leads_to: 'nothing changes' }
  ],
  ...over
})

describe('Rule 12: a reading without a falsifier is not a reading', () => {
  it.each<
    [
      string,
      ClassifyResponse['reading'],
      string | undefined,
      (r: ReturnType<typeof acceptClassification>['reading']) => void
    ]
  >([
    [
      'a leading reading without a falsifier is set aside (noted)',
      reading({ leading: { ...LEADING, falsifier: '' } }),
      'a shared-cause reading without a falsifier was set aside ("every caller trusts an unvalidated count")',
      r => expect(r).toBeUndefined()
    ],
    [
      'a falsifier of blanks is no falsifier',
      reading({ leading: { ...LEADING, falsifier: '   ' } }),
      'without a falsifier was set aside',
      r => expect(r).toBeUndefined()
    ],
    [
      'a competitor without a falsifier is set aside; the leading reading stands',
      reading({ competitor: { ...COMPETITOR, falsifier: ' ' } }),
      'a competing reading without a falsifier was set aside',
      r => {
        expect(r?.leading?.mechanism).toBe(LEADING.mechanism)
        expect(r?.competitor).toBeUndefined()
      }
    ],
    [
      'a reading with its falsifier stands, with the competitor, direction and divergence it gave',
      reading({ competitor: COMPETITOR, direction: 'different', repairs_diverge: true }),
      undefined,
      r =>
        expect(r).toEqual({
          leading: LEADING,
          competitor: COMPETITOR,
          unexplained: [],
          direction: 'different',
          repairsDiverge: true
        })
    ],
    [
      'a reading holds only over the findings that survived: keys verification dropped are removed',
      reading({ leading: { ...LEADING, accounts_for: ['s1', 's9'] }, unexplained: ['s2', 's8'] }),
      undefined,
      r => {
        expect(r?.leading?.accounts_for).toEqual(['s1'])
        expect(r?.unexplained).toEqual(['s2'])
      }
    ],
    [
      'finding no shared cause is a result of the reading, not a failure to look',
      null,
      undefined,
      r => expect(r).toEqual({ none: 'no shared cause' })
    ]
  ])('%s', (_clause, r, note, check) => {
    const out = acceptClassification([input('s1'), input('s2')], response({ reading: r }), CTX)
    check(out.reading)
    if (note === undefined) expect(out.notes).toEqual([])
    else expect(out.notes).toEqual([expect.stringContaining(note)])
  })

  it("the driver's own words for no shared cause are kept", () => {
    const out = acceptClassification(
      [input('s1')],
      response({ no_reading: 'two unrelated typos' }),
      CTX
    )
    expect(out.reading).toEqual({ none: 'two unrelated typos' })
  })
})

describe('Rule 12: a reading never drops or settles anything', () => {
  const items = [
    input('s1'),
    input('s2', { provenance: 'pre-existing' }),
    input('s3', { fix: undefined }),
    input('s4')
  ]
  const findings = [
    mech('s1'),
    mech('s2'),
    mech('s3'),
    { ...mech('s4'), class: 'judgment' as const, basis: 'two repairs lead to different places' }
  ]
  const plainReading = reading({ leading: { ...LEADING, accounts_for: ['s1', 's2', 's3', 's4'] } })
  it.each<[string, ClassifyResponse['reading']]>([
    ['no reading at all', null],
    ['a reading without a falsifier', reading({ leading: { ...LEADING, falsifier: '' } })],
    ['a reading that accounts for every finding', plainReading],
    ['a reading whose repairs diverge', { ...plainReading, repairs_diverge: true }],
    [
      'a reading departing from the source’s direction, with a competitor',
      { ...plainReading, direction: 'different', competitor: COMPETITOR }
    ],
    [
      'a reading that explains nothing but names every key unexplained',
      reading({ leading: { ...LEADING, accounts_for: [] }, unexplained: ['s1', 's2', 's3', 's4'] })
    ]
  ])(
    '%s: every finding comes back Mechanical or Judgment, none dropped, none settled by it',
    (_name, r) => {
      const out = acceptClassification(items, response({ reading: r, findings }), CTX)
      expect([...out.byKey.keys()]).toEqual(['s1', 's2', 's3', 's4'])
      for (const c of out.byKey.values()) {
        expect(['mechanical', 'judgment']).toContain(c.class)
        expect(c.settled).toBeUndefined()
      }
      expect(JSON.stringify(out)).not.toMatch(/"dropped"/)
    }
  )

  it('a reading whose repairs do not diverge changes no class: the classes are those without any reading', () => {
    const classes = (r: ClassifyResponse['reading']) =>
      [...acceptClassification(items, response({ reading: r, findings }), CTX).byKey.values()].map(
        c => c.class
      )
    expect(classes(plainReading)).toEqual(classes(null))
  })

  it('where root and local repair diverge, the accounted findings classify together as Judgment (the rest keep theirs)', () => {
    const out = acceptClassification(
      [input('s1'), input('s2'), input('s3')],
      response({
        reading: reading({ repairs_diverge: true }),
        findings: [mech('s1'), mech('s2'), mech('s3')]
      }),
      CTX
    )
    expect(out.byKey.get('s1')).toEqual({
      class: 'judgment',
      why: `one cause may lie behind several findings, and repairing it differs from repairing each (${LEADING.mechanism})`
    })
    expect(out.byKey.get('s2')?.class).toBe('judgment')
    expect(out.byKey.get('s3')?.class).toBe('mechanical')
  })

  it('a diverging reading set aside for want of a falsifier escalates nothing', () => {
    const out = acceptClassification(
      [input('s1'), input('s2')],
      response({
        reading: reading({ repairs_diverge: true, leading: { ...LEADING, falsifier: '' } }),
        findings: [mech('s1'), mech('s2')]
      }),
      CTX
    )
    expect([...out.byKey.values()].map(c => c.class)).toEqual(['mechanical', 'mechanical'])
  })
})

describe('Phase 3: Mechanical needs a fix, a path a fix may touch, and on the pre-existing side a citable basis', () => {
  it.each<
    [
      string,
      Partial<Finding>,
      string | undefined,
      Partial<ClassifyAnswerItem> | null,
      'mechanical' | 'judgment',
      string,
      string | undefined
    ]
  >([
    [
      'the collapse test passed, with a fix, on a path open to fixes: Mechanical',
      {},
      undefined,
      {},
      'mechanical',
      'one obvious minimal fix',
      undefined
    ],
    [
      'Mechanical without a fix to apply is Judgment',
      { fix: undefined },
      undefined,
      {},
      'judgment',
      'no fix was proposed to apply',
      undefined
    ],
    [
      'a protected path needs a person, whatever the driver says',
      {},
      'review-loop.yml protects `src/retry.ts`: no fix lands there without a person',
      {},
      'judgment',
      'no fix lands there without a person',
      undefined
    ],
    [
      'a pre-existing defect with nothing on record licensing its fix here is Judgment (scope expansion)',
      { provenance: 'pre-existing' },
      undefined,
      {},
      'judgment',
      'already there before this pull request',
      undefined
    ],
    [
      'indeterminate sits on the pre-existing side (fail-closed)',
      { provenance: 'indeterminate' },
      undefined,
      {},
      'judgment',
      'already there before this pull request',
      undefined
    ],
    [
      'an untyped finding sits on the pre-existing side too',
      { provenance: undefined },
      undefined,
      {},
      'judgment',
      'already there before this pull request',
      undefined
    ],
    [
      'a scope basis of blanks is no basis',
      { provenance: 'pre-existing' },
      undefined,
      { scope_basis: '  ' },
      'judgment',
      'already there before this pull request',
      undefined
    ],
    [
      'a pre-existing defect folds in as Mechanical when a citable basis licenses it, cited on the trace',
      { provenance: 'pre-existing' },
      undefined,
      { scope_basis: 'the PR says "aligns the README with the new default"' },
      'mechanical',
      'one obvious minimal fix',
      'fixed here on the basis of the PR says "aligns the README with the new default"'
    ],
    [
      'the driver’s Judgment is kept with its basis',
      {},
      undefined,
      { class: 'judgment', basis: 'a timeout or a cap lead to different places' },
      'judgment',
      'a timeout or a cap lead to different places',
      undefined
    ],
    [
      'a finding the driver did not classify goes to a person',
      {},
      undefined,
      null,
      'judgment',
      'the driver did not classify it',
      undefined
    ]
  ])('%s', (_clause, over, protectedWhy, answer, cls, why, settled) => {
    const out = acceptClassification(
      [input('s1', over, protectedWhy)],
      response({ findings: answer ? [mech('s1', answer)] : [] }),
      CTX
    )
    const c = out.byKey.get('s1')!
    expect(c.class).toBe(cls)
    expect(c.why).toContain(why)
    expect(c.settled).toBe(settled)
  })
  const NOT_CONFIRMED =
    "the driver's check of the claim did not run (exit 3), so nothing confirmed it holds"
  it.each<
    [string, Partial<Finding>, string | undefined, Partial<ClassifyAnswerItem>, string, string]
  >([
    [
      'a claim verification confirmed, with a fix: Mechanical (the driver says so)',
      {},
      undefined,
      {},
      'mechanical',
      'one obvious minimal fix'
    ],
    [
      'a claim verification did not confirm is Judgment, though the driver calls it Mechanical',
      {},
      NOT_CONFIRMED,
      {},
      'judgment',
      NOT_CONFIRMED
    ],
    [
      'the driver’s own Judgment of an unconfirmed claim keeps its basis',
      {},
      NOT_CONFIRMED,
      { class: 'judgment', basis: 'its claim was not confirmed' },
      'judgment',
      'its claim was not confirmed'
    ],
    [
      'a fix over the hard bound is never Mechanical, whatever the driver says',
      { fix: { start_line: 4, end_line: 4, replacement: 'x\n'.repeat(201) } },
      undefined,
      {},
      'judgment',
      'the proposed fix cannot be written: its replacement is 201 lines long'
    ],
    [
      'a fix holding a NUL byte is never Mechanical',
      { fix: { start_line: 4, end_line: 4, replacement: 'a\0b' } },
      undefined,
      {},
      'judgment',
      'holds a NUL byte'
    ]
  ])('item 8, 9: %s', (_clause, over, unconfirmed, answer, cls, why) => {
    const item = { ...input('s1', over), ...(unconfirmed ? { unconfirmed } : {}) }
    const c = acceptClassification(
      [item],
      response({ findings: [mech('s1', answer)] }),
      CTX
    ).byKey.get('s1')!
    expect(c.class).toBe(cls)
    expect(c.why).toContain(why)
  })

  it('a cluster over a fix that may not be written offers no `apply`', () => {
    const over = { fix: { start_line: 4, end_line: 4, replacement: 'a\0b' } }
    const out = acceptClassification(
      [input('s1', over)],
      response({
        findings: [mech('s1')],
        clusters: [
          {
            findings: ['s1'],
            analysis: 'src/retry.ts line 4 loops forever.',
            question: 'What should happen?',
            options: [
              { key: 'apply', label: 'Fix it', leads_to: 'the fix is written' },
              { key: 'dismiss', label: 'Leave it', leads_to: 'nothing changes' }
            ]
          }
        ]
      }),
      CTX
    )
    expect(out.drafts[0]!.options.map(o => o.key)).toEqual(['dismiss', 'decide'])
  })
})

describe('Phase 3: a conflict between governing surfaces is settled only by what already settles it', () => {
  const conflict = (
    settled_by: Conflict['settled_by'],
    sides = ['docs/ARCHITECTURE.md', 'CLAUDE.md']
  ): Conflict => ({
    sides: sides.map((surface, i) => ({
      surface,
      says: i === 0 ? 'retries default to 3' : 'retries default to 5'
    })),
    point: 'the default retry count',
    authority: 'CLAUDE.md ranks docs/ARCHITECTURE.md above itself',
    settled_by
  })
  const by = (
    kind: NonNullable<Conflict['settled_by']>['kind'],
    cite: string,
    governs = 'docs/ARCHITECTURE.md'
  ) => ({ kind, cite, governs })

  it.each<
    [string, Conflict, Partial<ClassificationContext>, string | undefined, string | undefined]
  >([
    [
      'the declared order reaches both sides: settled, the order cited (relay)',
      conflict(by('authority', 'CLAUDE.md § Authority')),
      {},
      'settled by the declared order of authority (CLAUDE.md): docs/ARCHITECTURE.md governs',
      undefined
    ],
    [
      'the declared order reaches a side through its glob',
      conflict(by('authority', 'CLAUDE.md', 'CLAUDE.md'), ['CLAUDE.md', '.claude/rules/retry.md']),
      {},
      'settled by the declared order of authority (CLAUDE.md): CLAUDE.md governs',
      undefined
    ],
    [
      'where the project declares no order, nothing settles by one: asked open',
      conflict(by('authority', 'CLAUDE.md')),
      { authority: null },
      undefined,
      'the project declares no order of authority'
    ],
    [
      'an order that does not rank both sides does not reach the pair: asked open',
      conflict(by('authority', 'CLAUDE.md'), ['docs/ARCHITECTURE.md', 'README.md']),
      {},
      undefined,
      'the declared order (CLAUDE.md) does not rank both sides'
    ],
    [
      'the governing surface must be one the order ranks',
      conflict(by('authority', 'CLAUDE.md', 'README.md')),
      {},
      undefined,
      'README.md is not in the declared order'
    ],
    [
      'a direction the user constituted in a prior round settles it, cited by its decision ID',
      conflict(by('decision', 'decision D1: docs follow the code')),
      {},
      'settled by decision D1: docs follow the code: docs/ARCHITECTURE.md governs',
      undefined
    ],
    [
      'a retired decision is no longer a settlement',
      conflict(by('decision', 'D2')),
      {},
      undefined,
      'it cites no decision constituted in this loop'
    ],
    [
      'a decision the loop never constituted is no settlement',
      conflict(by('decision', 'D9 (from another project)')),
      {},
      undefined,
      'it cites no decision constituted in this loop'
    ],
    [
      "the PR's stated purpose settles it when the words quoted are in its title or description",
      conflict(by('purpose', '“aligns the README with the new default”')),
      {},
      'settled by “aligns the README with the new default”: docs/ARCHITECTURE.md governs',
      undefined
    ],
    [
      'the purpose is matched whatever the case',
      conflict(by('purpose', 'BOUND THE RETRY LOOP')),
      {},
      'settled by BOUND THE RETRY LOOP: docs/ARCHITECTURE.md governs',
      undefined
    ],
    [
      'words the PR does not say are no purpose',
      conflict(by('purpose', 'the README is authoritative')),
      {},
      undefined,
      "the words it quotes are not in the pull request's title or description"
    ],
    [
      'a quote too short to be a citation is no purpose',
      conflict(by('purpose', 'retry')),
      {},
      undefined,
      "the words it quotes are not in the pull request's title or description"
    ],
    [
      "an established precedent settles it only where it cites what the loop can see (a decision, a rule file, the PR's words)",
      conflict(by('precedent', 'D1 kept the docs in step with the code')),
      {},
      'settled by D1 kept the docs in step with the code: docs/ARCHITECTURE.md governs',
      undefined
    ],
    [
      'a precedent the loop cannot see (named only) settles nothing',
      conflict(by('precedent', 'PR #12 kept the docs in step with the code')),
      {},
      undefined,
      'it cites no decision, rule file or words of the pull request the loop can find'
    ],
    ['nothing settles it: it stays open, with no note', conflict(null), {}, undefined, undefined]
  ])('%s', (_clause, c, ctxOver, settled, refused) => {
    const out = acceptClassification(
      [input('s1')],
      response({ findings: [mech('s1', { conflict: c })] }),
      { ...CTX, ...ctxOver }
    )
    const got = out.byKey.get('s1')!
    if (settled) {
      expect(got.settled).toBe(settled)
      expect(got.class).toBe('mechanical')
      expect(got.conflict).toBeUndefined()
      expect(out.notes).toEqual([])
    } else {
      const described = `${c.sides[0]!.surface} says retries default to 3; ${c.sides[1]!.surface} says retries default to 5; they disagree on the default retry count (${c.authority})`
      expect(got).toEqual({ class: 'judgment', why: described, conflict: described })
      expect(out.notes).toEqual(
        refused ? [`F1: the settlement the driver cited was set aside: ${refused}`] : []
      )
    }
  })

  // BUG (src/loop/classification.ts:90-96, settlementHolds 'authority'): the order is checked to rank both sides and
  // `governs`, but not that `governs` is one of the sides nor that it is the higher-ranked one. Seed 004: "the higher
  // governs, and the lower is the thing to correct" — a driver naming the lower side as governing is relayed as settled.
  it.each<[string, string, string[]]>([
    [
      'the lower surface of the pair named as governing',
      'CLAUDE.md',
      ['docs/ARCHITECTURE.md', 'CLAUDE.md']
    ],
    [
      'a ranked surface outside the pair named as governing',
      'docs/ARCHITECTURE.md',
      ['CLAUDE.md', '.claude/rules/retry.md']
    ]
  ])(
    'Phase 3: under a declared order the higher governs — %s is refused',
    (_name, governs, sides) => {
      const c = conflict({ kind: 'authority', cite: 'CLAUDE.md', governs }, sides)
      const out = acceptClassification(
        [input('s1')],
        response({ findings: [mech('s1', { conflict: c })] }),
        CTX
      )
      expect(out.byKey.get('s1')?.conflict).toBeDefined()
    }
  )

  it('an unsettled conflict is asked open: its gate has no options and takes the answer in free words', () => {
    const out = acceptClassification(
      [input('s1'), input('s2', { fix: undefined })],
      response({
        findings: [mech('s1', { conflict: conflict(null) }), { ...mech('s2'), class: 'judgment' }],
        clusters: [cluster(['s1', 's2'])]
      }),
      CTX
    )
    expect(out.drafts).toEqual([
      expect.objectContaining({ keys: ['s1', 's2'], options: [], open: true })
    ])
  })
})

describe('Phase 3 gates: one per cluster, in plain words, with options that lead somewhere different', () => {
  const judged = (key: string): ClassifyAnswerItem => ({
    ...mech(key),
    class: 'judgment',
    basis: 'stances diverge'
  })
  const run = (
    items: ClassifyInput[],
    clusters: ClusterAnswer[],
    r: ClassifyResponse['reading'] = null
  ) =>
    acceptClassification(
      items,
      response({ reading: r, findings: items.map(i => judged(i.key)), clusters }),
      CTX
    )

  it.each<[string, Partial<ClusterAnswer>, string]>([
    [
      'protocol words in the analysis',
      { analysis: 'The provenance of s1 is pre-existing.' },
      'provenance'
    ],
    [
      'protocol words in the question',
      { question: 'Is this Mechanical or an Extension?' },
      'extension, mechanical'
    ],
    [
      'protocol words in an option',
      { options: [{ key: 'dismiss', label: 'Relay it', leads_to: 'the predicate is dropped' }] },
      'relay, predicate'
    ]
  ])(
    "the driver's cluster with %s is refused and noted; the loop asks in its own words",
    (_name, over, words) => {
      const out = run([input('s1')], [cluster(['s1'], over)])
      expect(out.drafts).toEqual([])
      expect(out.notes).toEqual([
        `a proposed question used the words ${words}; the loop asked in its own words`
      ])
    }
  )

  it.each<[string, ClassifyInput[], string[]]>([
    [
      '`apply` stays where every finding of the cluster has a fix',
      [input('s1'), input('s2')],
      ['apply', 'dismiss', 'decide']
    ],
    [
      '`apply` is removed where a finding of the cluster has no fix',
      [input('s1'), input('s2', { fix: undefined })],
      ['dismiss', 'decide']
    ]
  ])('%s; `decide` is added when the driver left it out', (_clause, items, keys) => {
    const out = run(items, [cluster(['s1', 's2'])])
    expect(out.drafts.map(d => d.options.map(o => o.key))).toEqual([keys])
    expect(out.drafts[0]!.open).toBe(false)
  })

  it('`decide` is not added twice', () => {
    const options = [{ key: 'decide' as const, label: 'Decide', leads_to: 'your words are kept' }]
    const out = run([input('s1')], [cluster(['s1'], { options })])
    expect(out.drafts[0]!.options.map(o => o.key)).toEqual(['decide'])
  })

  it.each<[string, ClassifyResponse['reading'], boolean]>([
    [
      'divergence reaches the person as competing explanations: direction different, with a competitor',
      reading({ direction: 'different', competitor: COMPETITOR }),
      true
    ],
    [
      'agreement is never presented as corroboration: direction same adds nothing',
      reading({ direction: 'same', competitor: COMPETITOR }),
      false
    ],
    [
      'direction different without a live competitor adds nothing',
      reading({ direction: 'different' }),
      false
    ]
  ])('%s', (_clause, r, both) => {
    const out = run([input('s1')], [cluster(['s1'])], r)
    const analysis = out.drafts[0]!.analysis
    expect(analysis.startsWith('Both places accept a negative count.')).toBe(true)
    if (both) {
      for (const text of [
        LEADING.mechanism,
        LEADING.falsifier,
        COMPETITOR.mechanism,
        COMPETITOR.falsifier
      ])
        expect(analysis).toContain(text)
      expect(analysis).toContain('neither is settled')
    } else expect(analysis).toBe('Both places accept a negative count.')
  })

  it('findings in two clusters are placed once (in the first)', () => {
    const out = run(
      [input('s1'), input('s2'), input('s3')],
      [cluster(['s1', 's2']), cluster(['s2', 's3']), cluster(['s1'])]
    )
    expect(out.drafts.map(d => d.keys)).toEqual([['s1', 's2'], ['s3']])
  })

  it('a Mechanical finding named in a cluster is not gated; a cluster of only Mechanical findings or unknown keys drafts nothing', () => {
    const items = [input('s1'), input('s2')]
    const out = acceptClassification(
      items,
      response({
        findings: [judged('s1'), mech('s2')],
        clusters: [cluster(['s1', 's2']), cluster(['s2', 's9'])]
      }),
      CTX
    )
    expect(out.drafts.map(d => d.keys)).toEqual([['s1']])
  })

  // GAP (src/loop/classification.ts draftGates): seed 004 Phase 3 — "where the live axis is the repair shape … the
  // gate's options are those repair trajectories themselves rather than the stance they share". A cluster over findings
  // escalated because root and local repair diverge is taken with whatever options the driver gave (here stances only).
  it('Phase 3: where root and local repair diverge, the gate offers the repair trajectories (root, local), not the stance', () => {
    const out = acceptClassification(
      [input('s1'), input('s2')],
      response({
        reading: reading({ repairs_diverge: true }),
        findings: [mech('s1'), mech('s2')],
        clusters: [cluster(['s1', 's2'])]
      }),
      CTX
    )
    const keys = out.drafts.flatMap(d => d.options.map(o => o.key))
    expect(keys).toEqual(expect.arrayContaining(['root', 'local']))
  })
})

describe('what a person reads: jargonIn', () => {
  it.each<[string, string, string[]]>([
    ['plain words have none', 'Should the retry count be checked here? Your judgment decides.', []],
    [
      'each protocol word is found, whatever its case',
      'Extension, CONSTITUTION, relay; predicate provenance Mechanical falsifier',
      ['extension', 'constitution', 'relay', 'predicate', 'provenance', 'mechanical', 'falsifier']
    ],
    ['a word is found only whole, not inside another', 'relayed extensional unmechanical', []]
  ])('%s', (_clause, text, words) => {
    expect(jargonIn(text)).toEqual(words)
  })

  // GAP (src/loop/classification.ts:23-26): jargonIn matches exact words, so the plural of a protocol word slips
  // through into a gate ("predicates", "extensions", "falsifiers"). Fix: also match the word followed by "s".
  it('a plural protocol word is still a protocol word', () => {
    expect(jargonIn('the predicates and their falsifiers')).toEqual(['predicate', 'falsifier'])
  })
})

describe('Phase 3 without a driver: conservative classification', () => {
  const HEAD = ['a', 'b', 'c', 'd', 'e']
  const f = (over: Partial<SourceFinding> = {}): SourceFinding => ({
    severity: 'low',
    file: 'src/retry.ts',
    line: 2,
    description: 'x',
    fix: { start_line: 2, end_line: 3, replacement: 'B\nC' },
    ...over
  })
  const wrote = (lines: number[]): FileChange => ({ created: false, addedLines: new Set(lines) })

  it.each<
    [
      string,
      SourceFinding,
      FileChange | undefined,
      Parameters<typeof classify>[3],
      Record<string, unknown>
    ]
  >([
    [
      'without a fix, a person decides (the loop does not write one)',
      f({ fix: undefined }),
      wrote([2, 3]),
      {},
      { class: 'judgment', fixUsable: false }
    ],
    [
      'a fix reaching past the end of the file cannot be applied',
      f({ fix: { start_line: 4, end_line: 9, replacement: '' } }),
      wrote([4]),
      {},
      { class: 'judgment', fixUsable: false }
    ],
    [
      'a protected path needs a person; the fix stays usable',
      f(),
      wrote([2, 3]),
      { protectedPaths: ['src/'] },
      { class: 'judgment', fixUsable: true }
    ],
    [
      'a workflow file is always protected',
      f({ file: '.github/workflows/ci.yml' }),
      wrote([2, 3]),
      {},
      { class: 'judgment', fixUsable: true }
    ],
    [
      'a fix over lines the change did not write needs a person',
      f(),
      wrote([2]),
      {},
      { class: 'judgment', fixUsable: true }
    ],
    [
      "the stated purpose naming the file settles the scope axis, cited, but not the fix's shape",
      f(),
      wrote([]),
      { purpose: { title: 'Fix retry.ts bounds', body: '' } },
      {
        class: 'judgment',
        fixUsable: true,
        purpose: expect.stringContaining('("Fix retry.ts bounds")')
      }
    ],
    [
      'a fix replacing only lines the change wrote is Mechanical, its predicate the literal span',
      f(),
      wrote([2, 3]),
      {},
      {
        class: 'mechanical',
        predicate: 'literal span src/retry.ts:2-3 ("b c")',
        sites: [{ file: 'src/retry.ts', start_line: 2, end_line: 3 }]
      }
    ],
    [
      'a file the change created is all written by it',
      f(),
      { created: true, addedLines: new Set() },
      {},
      { class: 'mechanical' }
    ]
  ])('%s', (_clause, sf, change, context, expected) => {
    expect(classify(sf, change, HEAD, context)).toMatchObject(expected)
  })

  // Item 9: bounded, and read against the head; item 8: with a driver, only what verification confirmed.
  const LONG = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`)
  const span = (start: number, end: number, written: number): SourceFinding =>
    f({
      line: start,
      fix: {
        start_line: start,
        end_line: end,
        replacement: Array.from({ length: written }, (_, i) => `new ${i}`).join('\n')
      }
    })
  const ALL = wrote(LONG.map((_, i) => i + 1))
  it.each<[string, SourceFinding, Parameters<typeof classify>[3], Record<string, unknown>]>([
    [
      '10 lines replaced by 20: small enough, Mechanical',
      span(1, 10, 20),
      {},
      { class: 'mechanical' }
    ],
    [
      '11 lines replaced: too large for the loop alone, a person decides (the fix stays usable)',
      span(1, 11, 1),
      {},
      {
        class: 'judgment',
        fixUsable: true,
        why: expect.stringContaining('at most 10 lines replaced and 20 written')
      }
    ],
    [
      '21 lines written over one: too large, a person decides',
      span(5, 5, 21),
      {},
      {
        class: 'judgment',
        fixUsable: true,
        why: expect.stringContaining('replaces 1 line with 21')
      }
    ],
    [
      'quoted evidence that reads as the head does: Mechanical',
      { ...span(3, 3, 1), evidence: '  line 3\n\nline 4  ' },
      {},
      { class: 'mechanical' }
    ],
    [
      'quoted evidence the head does not have: a person decides',
      { ...span(3, 3, 1), evidence: 'line 3 as it never was' },
      {},
      { class: 'judgment', fixUsable: true, why: expect.stringContaining('evidence quotes') }
    ],
    [
      'over the hard bound of lines: not even offered to apply',
      span(1, 1, 201),
      {},
      { class: 'judgment', fixUsable: false, why: expect.stringContaining('201 lines long') }
    ],
    [
      'over the hard bound of bytes: not even offered to apply',
      f({ line: 1, fix: { start_line: 1, end_line: 1, replacement: 'é'.repeat(9000) } }),
      {},
      { class: 'judgment', fixUsable: false, why: expect.stringContaining('18000 bytes long') }
    ],
    [
      'a NUL byte: not even offered to apply',
      f({ line: 1, fix: { start_line: 1, end_line: 1, replacement: 'a\0' } }),
      {},
      { class: 'judgment', fixUsable: false, why: expect.stringContaining('NUL byte') }
    ],
    [
      'with a driver whose verification did not confirm the claim: a person decides',
      span(1, 1, 1),
      { unconfirmed: 'the driver gave no reading of the claim, so nothing confirmed it holds' },
      {
        class: 'judgment',
        fixUsable: true,
        why: expect.stringContaining('no reading of the claim')
      }
    ]
  ])('%s', (_clause, sf, context, expected) => {
    expect(classify(sf, ALL, LONG, context)).toMatchObject(expected)
  })

  it('a literal span predicate quotes at most 60 characters', () => {
    const p = literalSpanPredicate('a.ts', 3, 3, ['x'.repeat(80)])
    expect(p).toBe(`literal span a.ts:3 ("${'x'.repeat(57)}...")`)
  })
})
