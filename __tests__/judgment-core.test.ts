/** Seed 004's gates (plain words, follow-up on the pre-existing side, answers) and the design-decision ledger. */
import { describe, expect, it } from '@jest/globals'
import { acceptClassification, jargonIn } from '../src/loop/classification.js'
import { classify } from '../src/loop/classify.js'
import {
  admitDecision,
  conveyedDecisions,
  isDecisionAnswer,
  namedRevisions
} from '../src/loop/decisions.js'
import {
  FOLLOW_UP,
  designGate,
  judgmentGate,
  landingGate,
  noReviewGate,
  readAnswer,
  sourceGate,
  type SourceChoice
} from '../src/loop/gates.js'
import type { Admission, Decision, Finding, Gate, Provenance } from '../src/loop/model.js'
import { readReturn, returnHistory, type ReturnContext } from '../src/loop/recurrence.js'
import { protectionOf } from '../src/config/protected.js'

const FIX = { start_line: 4, end_line: 4, replacement: '    if (fn()) return true' }
const finding = (over: Partial<Finding> = {}): Finding => ({
  id: 'F1',
  round: 1,
  severity: 'medium',
  file: 'src/retry.ts',
  line: 4,
  description: 'retry() loops forever on a negative count',
  fix: FIX,
  provenance: 'introduced',
  outcome: { kind: 'pending' },
  ...over
})

const answeredGate = (id: string, findings: string[], words: string, option = 'decide'): Gate => ({
  id,
  round: 1,
  kind: 'judgment',
  findings,
  analysis: 'a',
  question: 'q',
  options: [],
  open: false,
  status: 'answered',
  answer: { by: 'alice', words, option, commentId: 1, at: '2025-01-01T00:00:00Z' }
})

/** Every text of a gate a person reads. */
const readable = (g: Gate): string =>
  [g.analysis, g.question, ...g.options.flatMap(o => [o.label, o.leadsTo])].join('\n')

/** The loop's own reasons a finding needs a person, produced by the functions that write them. */
function loopWhys(): string[] {
  const item = (key: string, over: Partial<Finding>, protectedWhy?: string) => ({
    key,
    finding: finding({ id: `F${key.slice(1)}`, ...over }),
    ...(protectedWhy ? { protectedWhy } : {})
  })
  const mech = (key: string) => ({
    key,
    class: 'mechanical' as const,
    basis: 'the one obvious fix',
    scope_basis: null,
    conflict: null
  })
  const accepted = acceptClassification(
    [
      item('s1', { fix: undefined }),
      item('s2', { provenance: 'pre-existing' }),
      item('s3', {}),
      item('s4', {}, protectionOf('.github/workflows/ci.yml', [])),
      item('s5', {}, protectionOf('src/auth/token.ts', ['src/auth'])),
      item('s6', {}),
      item('s7', {})
    ],
    {
      reading: {
        leading: {
          mechanism: 'every caller trusts an unvalidated count',
          accounts_for: ['s6', 's7'],
          falsifier: 'a caller that validates and still fails'
        },
        competitor: null,
        unexplained: [],
        direction: 'none',
        repairs_diverge: true
      },
      retired: [],
      cross_round: null,
      findings: [mech('s1'), mech('s2'), mech('s4'), mech('s5'), mech('s6'), mech('s7')],
      clusters: []
    },
    { authority: null, decisions: [], purpose: { title: '', body: '' } }
  )
  const whys = [...accepted.byKey.values()].filter(c => c.class === 'judgment').map(c => c.why)
  const sf = {
    severity: 'low' as const,
    file: 'src/retry.ts',
    line: 2,
    description: 'x',
    fix: { start_line: 2, end_line: 2, replacement: 'y' }
  }
  const unwritten = { created: false, addedLines: new Set<number>() }
  for (const c of [
    classify({ ...sf, fix: undefined }, unwritten, ['a', 'b']),
    classify({ ...sf, fix: { start_line: 2, end_line: 9, replacement: '' } }, unwritten, [
      'a',
      'b'
    ]),
    classify(sf, unwritten, ['a', 'b'], { protectedPaths: ['src/'] }),
    classify(sf, unwritten, ['a', 'b']),
    classify(sf, unwritten, ['a', 'b'], { purpose: { title: 'Fix retry.ts', body: '' } })
  ]) {
    if (c.class === 'judgment') whys.push(c.why)
  }
  return [...new Set(whys)]
}

describe("Phase 3 gates: no protocol jargon in what a person reads (the loop's own gate texts)", () => {
  const whys = loopWhys()

  it('the reasons collected cover every branch that writes one', () => {
    expect(whys).toHaveLength(11)
    for (const why of whys) expect(jargonIn(why)).toEqual([])
  })

  it.each<[string, Provenance | undefined]>([
    ['introduced', 'introduced'],
    ['pre-existing', 'pre-existing'],
    ['indeterminate', 'indeterminate'],
    ['untyped', undefined]
  ])('a judgment gate over an %s finding, for each of the loop’s reasons', (_name, provenance) => {
    for (const why of whys) {
      for (const fix of [FIX, undefined]) {
        const g = judgmentGate('G1', 1, finding({ provenance, fix }), why)
        expect(jargonIn(readable(g))).toEqual([])
      }
    }
  })

  const prior: Finding = finding({ outcome: { kind: 'applied', commit: 'abc1234' }, escalated: 1 })
  const decided = answeredGate('G1', ['F1'], 'decide negative counts are refused upstream')
  const D1: Decision = { id: 'D1', gate: 'G1', findings: ['F1'], words: 'x', by: 'alice', at: 't' }
  const ctx: ReturnContext = {
    round: 3,
    conveyed: ['D1'],
    headContains: () => true,
    decisions: [D1],
    gates: [decided],
    diagnosisHolds: true
  }
  it.each<[string, Finding]>([
    ['a third return after an escalated re-apply', prior],
    [
      'a return contesting a conveyed decision',
      finding({
        returns: [
          {
            round: 2,
            informed: true,
            handling: 'reapplied',
            basis:
              'it came back after its fix landed and the original diagnosis still holds: the repair was incomplete'
          }
        ]
      })
    ]
  ])('the design gate for %s presents the history in plain words', (_name, f) => {
    const h = readReturn(f, ctx)
    expect(h.kind).toBe('design-gate')
    if (h.kind !== 'design-gate') return
    for (const fix of [FIX, undefined]) {
      const g = designGate('G2', 3, { ...f, fix }, h.basis, h.history)
      expect(jargonIn(readable(g))).toEqual([])
      expect(g.analysis).toContain(h.basis)
      for (const line of returnHistory(f, ctx.gates)) expect(g.analysis).toContain(`- ${line}`)
    }
  })

  const choices: SourceChoice[] = [
    {
      name: 'claude',
      coverage: 'reads the whole change',
      cost: 'about a minute',
      reportsReach: true
    },
    { name: 'codex', coverage: 'reads the diff', cost: 'one call', reportsReach: false }
  ]
  it.each<[string, Gate]>([
    ['the landing gate', landingGate('G3', 1, ['F1', 'F2'])],
    ['the no-review gate', noReviewGate('G4', 2, 'the source exited with code 1', choices)],
    ['the source gate', sourceGate('G5', 1, choices)]
  ])('%s', (_name, g) => {
    expect(jargonIn(readable(g))).toEqual([])
  })
})

describe('Phase 3 gates: "leave it for a follow-up" is offered where which findings this PR carries is the question', () => {
  it.each<[string, Provenance | undefined, boolean]>([
    ['a pre-existing finding may be left for a follow-up', 'pre-existing', true],
    [
      'an indeterminate finding sits on the pre-existing side: follow-up offered',
      'indeterminate',
      true
    ],
    ['an introduced finding is this PR’s own: no follow-up', 'introduced', false],
    ['an untyped finding: no follow-up', undefined, false]
  ])('%s', (_clause, provenance, offered) => {
    const keys = judgmentGate('G1', 1, finding({ provenance }), 'why').options.map(o => o.key)
    expect(keys.includes('follow-up')).toBe(offered)
    expect(keys.filter(k => k === 'follow-up').length).toBe(offered ? 1 : 0)
  })

  it('a finding so left travels with where it holds and what establishes it', () => {
    expect(FOLLOW_UP.leadsTo).toContain('where it holds and what shows it')
  })

  it.each<[string, boolean, boolean, string[]]>([
    [
      'with a usable fix: apply, dismiss, decide, defer',
      true,
      true,
      ['apply', 'dismiss', 'decide', 'defer']
    ],
    [
      'with a fix that cannot be applied as written: no apply',
      true,
      false,
      ['dismiss', 'decide', 'defer']
    ],
    ['without a fix: no apply', false, true, ['dismiss', 'decide', 'defer']]
  ])('a judgment gate %s', (_clause, hasFix, usable, keys) => {
    const g = judgmentGate('G1', 2, finding({ fix: hasFix ? FIX : undefined }), 'why', usable)
    expect(g.options.map(o => o.key)).toEqual(keys)
    expect(g).toMatchObject({
      id: 'G1',
      round: 2,
      kind: 'judgment',
      findings: ['F1'],
      open: false,
      status: 'open'
    })
  })

  it('analysis and evidence first, then only the question', () => {
    const g = judgmentGate(
      'G1',
      1,
      finding(),
      'the fix changes lines this pull request did not write'
    )
    expect(g.analysis).toBe(
      'Why F1 needs a person: the fix changes lines this pull request did not write.'
    )
    expect(g.question).toBe('What should happen with F1?')
  })

  it.each<[string, boolean, string[]]>([
    [
      'a design gate with a fix offers to apply it',
      true,
      ['apply', 'decide', 'dismiss', 'follow-up']
    ],
    ['a design gate without a fix', false, ['decide', 'dismiss', 'follow-up']]
  ])('%s', (_clause, hasFix, keys) => {
    const g = designGate(
      'G7',
      4,
      finding({ fix: hasFix ? FIX : undefined }),
      'it keeps coming back',
      ['first raised in round 1']
    )
    expect(g.options.map(o => o.key)).toEqual(keys)
    expect(g).toMatchObject({ kind: 'design', findings: ['F1'], open: false })
    expect(g.analysis).toBe(
      'F1 keeps coming back: it keeps coming back.\n\n- first raised in round 1'
    )
  })
})

describe('answers: the first word names an option; the whole words are kept', () => {
  const gate = judgmentGate('G3', 1, finding({ provenance: 'pre-existing' }), 'why')
  const open: Gate = { ...gate, options: [], open: true }
  it.each<[string, Gate, string, { option?: string } | { error: string }]>([
    [
      'the first word names the option',
      gate,
      'dismiss the count is validated upstream',
      { option: 'dismiss' }
    ],
    ['its case and trailing punctuation do not matter', gate, 'Apply, please', { option: 'apply' }],
    [
      'follow-up is an option of a pre-existing finding',
      gate,
      'follow-up in #42',
      { option: 'follow-up' }
    ],
    [
      'decide needs what was decided and why',
      gate,
      'decide timeouts are per call',
      { option: 'decide' }
    ],
    [
      'decide alone is refused, with an example',
      gate,
      'decide now',
      {
        error: expect.stringContaining(
          'after `decide`, say what the project decided and why'
        ) as unknown as string
      }
    ],
    [
      'an unknown option is refused, naming the options',
      gate,
      'maybe later',
      {
        error:
          'G3 takes one of: `apply`, `dismiss`, `decide`, `defer`, `follow-up` (you may add your reasons after it)'
      }
    ],
    ['an open question takes free words', open, 'the README governs; fix the code', {}]
  ])('%s', (_clause, g, words, expected) => {
    expect(readAnswer(g, words)).toEqual(expected)
  })
})

describe('the design-decision ledger: a decision revises what it names and what it rules on again, nothing else', () => {
  const decision = (id: string, findings: string[], over: Partial<Decision> = {}): Decision => ({
    id,
    gate: `G${id.slice(1)}`,
    findings,
    words: `words of ${id}`,
    by: 'alice',
    at: 't',
    ...over
  })

  it.each<[string, () => Decision[], string[], string, string[]]>([
    [
      'the first decision revises nothing',
      () => [],
      ['F1'],
      'decide counts are validated upstream',
      []
    ],
    [
      'a decision revises the one it names (revises D1), whatever findings it covers',
      () => [decision('D1', ['F7'])],
      ['F1'],
      'decide revises D1: counts are validated in both layers',
      ['D1']
    ],
    [
      '"supersedes" and "replaces" name a revision too, in any case',
      () => [decision('D1', ['F7']), decision('D2', ['F8'])],
      ['F1'],
      'decide SUPERSEDES d1 and replaces D2, since the API changed',
      ['D1', 'D2']
    ],
    [
      'a decision whose every finding is ruled on again is revised',
      () => [decision('D1', ['F1', 'F2'])],
      ['F1', 'F2', 'F3'],
      'decide counts are validated upstream',
      ['D1']
    ],
    [
      'never a decision that shares only some findings: it keeps its ruling on the others',
      () => [decision('D1', ['F1', 'F9'])],
      ['F1', 'F2'],
      'decide counts are validated upstream',
      []
    ],
    [
      'a decision already retired is not retired again',
      () => [decision('D1', ['F1'], { retired: { by: 'D2', round: 2 } }), decision('D2', ['F5'])],
      ['F1'],
      'decide revises D1 again',
      []
    ],
    [
      'a decision about no findings is never revised by subset',
      () => [decision('D1', [])],
      ['F1'],
      'decide counts are validated upstream',
      []
    ]
  ])('%s', (_clause, existing, findings, words, retired) => {
    const decisions = existing()
    const before = decisions.length
    const gate = answeredGate('G10', findings, words)
    const out = admitDecision(decisions, gate, 3)
    expect(out.retired.map(d => d.id)).toEqual(retired)
    expect(out.decision.id).toBe(`D${before + 1}`)
    expect(out.decision.findings).toEqual(findings)
    expect(out.decision.supersedes).toBe(retired.length > 0 ? retired.join(', ') : undefined)
    for (const d of decisions.slice(0, before)) {
      if (retired.includes(d.id)) expect(d.retired).toEqual({ by: out.decision.id, round: 3 })
    }
    expect(decisions).toHaveLength(before + 1)
  })

  it("the person's words are kept as written, after the option word", () => {
    const decisions: Decision[] = []
    const { decision } = admitDecision(
      decisions,
      answeredGate('G2', ['F1'], 'decide: Counts are validated upstream, see #12.'),
      1
    )
    expect(decision).toEqual({
      id: 'D1',
      gate: 'G2',
      findings: ['F1'],
      words: 'Counts are validated upstream, see #12.',
      by: 'alice',
      at: '2025-01-01T00:00:00Z',
      admission: {
        admitted: true,
        by: 'rules',
        why: 'it names no finding, tells a reviewer nothing and declares nothing out of scope'
      }
    })
  })

  // Item 11: every path that records a decision goes through admitDecision, and so through the one admission check.
  const refusedByDriver: Admission = {
    admitted: false,
    by: 'driver',
    why: 'the words are about this change'
  }
  it.each<[string, string, Admission | undefined, boolean, string[]]>([
    [
      'the reading taken with the answer is the one used (the driver refused it)',
      'decide keep it as it is in this change',
      refusedByDriver,
      false,
      []
    ],
    [
      'an answer taken without a reading is read by the rules now',
      'decide the reviewers can skip the retry logic',
      undefined,
      false,
      []
    ],
    [
      'a refused decision revises nothing, not even one it names: that one goes on travelling',
      'decide revises D1: F1 is fine as it is',
      undefined,
      false,
      []
    ],
    [
      'an admitted one revises what it names',
      'decide revises D1: counts are validated in both layers',
      undefined,
      true,
      ['D1']
    ]
  ])('%s', (_clause, words, taken, admitted, retired) => {
    const decisions: Decision[] = [decision('D1', ['F7'])]
    const gate = answeredGate('G10', ['F1'], words)
    if (taken) gate.answer!.admission = taken
    const out = admitDecision(decisions, gate, 2)
    expect(out.decision.admission?.admitted).toBe(admitted)
    if (taken) expect(out.decision.admission).toEqual(taken)
    expect(out.retired.map(d => d.id)).toEqual(retired)
    expect(conveyedDecisions(decisions).map(d => d.id)).toEqual(admitted ? ['D2'] : ['D1'])
  })

  it.each<[string, Pick<Gate, 'kind' | 'open'>, string | undefined, boolean]>([
    ['`decide` at a judgment question', { kind: 'judgment', open: false }, 'decide', true],
    ['`decide` at a design question', { kind: 'design', open: false }, 'decide', true],
    ['free words at an open conflict question', { kind: 'judgment', open: true }, undefined, true],
    ["free words at the stall's question", { kind: 'stall', open: true }, undefined, true],
    [
      '`dismiss` is a disposition, never a decision',
      { kind: 'judgment', open: false },
      'dismiss',
      false
    ],
    ['`continue` at the stall is no decision', { kind: 'stall', open: true }, 'continue', false],
    ['a landing answer is no decision', { kind: 'landing', open: false }, undefined, false],
    ['a risk answer is no decision', { kind: 'risk', open: false }, 'apply', false]
  ])('which answers are decisions: %s', (_clause, gate, option, isDecision) => {
    expect(isDecisionAnswer(gate, option)).toBe(isDecision)
  })

  it.each<[string, Partial<Decision>, boolean]>([
    [
      'a current, admitted decision travels',
      { admission: { admitted: true, by: 'rules', why: 'x' } },
      true
    ],
    ['one from before admissions were read travels', {}, true],
    ['a retired one does not', { retired: { by: 'D2', round: 2 } }, false],
    ['a refused one does not', { admission: refusedByDriver }, false]
  ])('what travels: %s', (_clause, over, travels) => {
    expect(conveyedDecisions([decision('D1', ['F1'], over)])).toHaveLength(travels ? 1 : 0)
  })

  it('a decision is admitted once per gate', () => {
    const decisions: Decision[] = []
    const gate = answeredGate('G2', ['F1'], 'decide counts are validated upstream')
    const first = admitDecision(decisions, gate, 1)
    const again = admitDecision(decisions, gate, 2)
    expect(again).toEqual({ decision: first.decision, retired: [] })
    expect(decisions).toHaveLength(1)
  })

  it('a gate without an answer constitutes nothing', () => {
    const gate: Gate = { ...answeredGate('G2', ['F1'], 'x'), status: 'open', answer: undefined }
    expect(() => admitDecision([], gate, 1)).toThrow('admitDecision: G2 has no answer')
  })

  it.each<[string, string, string[]]>([
    ['named revisions are read from the words', 'this revises D1 and supersedes d3', ['D1', 'D3']],
    ['a decision merely mentioned is not revised', 'unlike D1, this one is about F2', []]
  ])('%s', (_clause, words, ids) => {
    expect(namedRevisions(words)).toEqual(ids)
  })
})
