/** Seed 000's finding validity gate, as adapted: what makes a finding judgeable, and what happens to one that is not. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { REPO_ROOT } from '../__fixtures__/harness/index.js'
import { CommandSource } from '../src/sources/command.js'
import { redactCorrection, redactOutcome } from '../src/sources/redact.js'
import {
  EVIDENCE_MAX_CHARS,
  readAtLowerGrade,
  readFinding,
  readReviewResponse,
  validityProblems
} from '../src/sources/review-response.js'
import { afterCorrection, type AfterCorrection, type StillShort } from '../src/loop/validity.js'
import { PROTOCOL, type ReviewRequest } from '../src/sources/types.js'

const located = { file: 'src/retry.ts', line: 12, description: 'The retry never gives up.' }
const EVIDENCE = 'while (!ok) ok = attempt()'
const EXPECTATION = 'a call gives up after `retries` attempts (docs/retry.md)'
const judgeable = { ...located, evidence: EVIDENCE, expectation: EXPECTATION }

const problemsOf = (raw: unknown): string[] => {
  const read = readFinding(raw)
  return read.ok ? [] : read.problems
}

describe('a finding is judgeable with a location, a claim and a severity', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['without a severity', { ...located }, ['severity is missing']],
    ['without a file', { severity: 'low', line: 1, description: 'x' }, ['file is missing']],
    ['without a line', { severity: 'low', file: 'a.ts', description: 'x' }, ['line is missing']],
    ['without a claim', { severity: 'low', file: 'a.ts', line: 1 }, ['description is missing']],
    ['with all three, at low severity', { ...located, severity: 'low' }, []]
  ])('%s', (_name, raw, problems) => {
    expect(problemsOf(raw)).toEqual(problems)
  })
})

describe('critical and high also quote the code and name the expectation it breaks', () => {
  const needs = (severity: string, field: string, empty = false): string =>
    `a ${severity} finding needs \`${field}\`${empty ? ' (it was empty)' : ''}: ${
      field === 'evidence'
        ? 'quote the code at the head that shows the defect'
        : 'name the expectation or requirement that code breaks (a documented rule, a contract, what a caller relies on)'
    }`

  it.each<[string, Record<string, unknown>, string[]]>([
    ['high with both is judgeable', { ...judgeable, severity: 'high' }, []],
    ['critical with both is judgeable', { ...judgeable, severity: 'critical' }, []],
    [
      'high without either names both fields and what to write',
      { ...located, severity: 'high' },
      [needs('high', 'evidence'), needs('high', 'expectation')]
    ],
    [
      'critical without evidence',
      { ...located, severity: 'critical', expectation: EXPECTATION },
      [needs('critical', 'evidence')]
    ],
    [
      'high without the expectation',
      { ...located, severity: 'high', evidence: EVIDENCE },
      [needs('high', 'expectation')]
    ],
    [
      'blank evidence counts as none, and says it was empty',
      { ...judgeable, severity: 'high', evidence: ' \n\t ' },
      [needs('high', 'evidence', true)]
    ],
    [
      'null (strict structured output) counts as none',
      { ...located, severity: 'high', evidence: null, expectation: null },
      [needs('high', 'evidence'), needs('high', 'expectation')]
    ],
    [
      'a wrong type is named once, by the schema',
      { ...judgeable, severity: 'high', evidence: 42 },
      ['evidence must be a string, got 42']
    ],
    [
      'every other problem is named in the same pass, so one correction can fix them all',
      { ...located, severity: 'high', line: 0 },
      [
        'line must be a positive integer, got 0',
        needs('high', 'evidence'),
        needs('high', 'expectation')
      ]
    ]
  ])('%s', (_name, raw, problems) => {
    expect(problemsOf(raw)).toEqual(problems)
  })

  it.each(['medium', 'low', 'suggestion'])(
    'a %s finding may leave both out; blank or null reads as absent, and given ones are kept',
    severity => {
      expect(validityProblems({ ...located, severity })).toEqual([])
      expect(readFinding({ ...located, severity, evidence: ' ', expectation: null })).toEqual({
        ok: true,
        finding: { ...located, severity }
      })
      expect(readFinding({ ...judgeable, severity })).toEqual({
        ok: true,
        finding: { ...judgeable, severity }
      })
    }
  )

  it('an unknown severity is one problem, not a demand for evidence', () => {
    expect(problemsOf({ ...located, severity: 'major' })).toEqual([
      'severity "major" is not one of critical|high|medium|low|suggestion'
    ])
  })
})

describe('evidence is bounded', () => {
  it('a quote at the bound is kept whole; a longer one is cut there and says so, never refused', () => {
    const exact = 'x'.repeat(EVIDENCE_MAX_CHARS)
    expect(readFinding({ ...judgeable, severity: 'high', evidence: exact })).toMatchObject({
      ok: true,
      finding: { evidence: exact }
    })
    const long = `${'y'.repeat(EVIDENCE_MAX_CHARS)}TAIL`
    const read = readFinding({ ...judgeable, severity: 'high', evidence: long, expectation: long })
    if (!read.ok) throw new Error(read.problems.join('; '))
    for (const text of [read.finding.evidence!, read.finding.expectation!]) {
      expect(text).toBe(
        `${'y'.repeat(EVIDENCE_MAX_CHARS)}\n[cut at ${EVIDENCE_MAX_CHARS} of ${EVIDENCE_MAX_CHARS + 4} characters]`
      )
      expect(text).not.toContain('TAIL')
    }
  })
})

describe('the contract example', () => {
  it('its high finding without evidence leaves a review with a valid verdict, the finding malformed', () => {
    const outcome = readReviewResponse(
      {
        verdict: 'needs-attention',
        findings: [
          {
            severity: 'high',
            file: 'src/a.ts',
            line: 42,
            description: '…',
            fix: { start_line: 42, end_line: 42, replacement: '…' }
          },
          { ...judgeable, severity: 'medium' }
        ],
        exercised: { reached: ['contract-closure'], unreached: [] }
      },
      ''
    )
    expect(outcome).toMatchObject({
      kind: 'review',
      verdict: 'needs-attention',
      findings: [{ ...judgeable, severity: 'medium' }],
      malformed: [{ index: 0 }]
    })
  })
})

describe('a response whose findings are not an array is no review (Rule 13)', () => {
  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['an object', { 'src/a.ts': 'loose' }],
    ['a string', 'none']
  ])('findings %s', (_name, findings) => {
    const outcome = readReviewResponse({ verdict: 'needs-attention', findings }, 'as sent')
    expect(outcome).toMatchObject({
      kind: 'no-review',
      cause: expect.stringMatching(
        /^response has no readable findings: the response (has no findings array|findings must be an array)/
      ),
      returned: 'as sent'
    })
  })
})

describe('after its one correction, what is still short is downgraded or stays malformed (seed 000)', () => {
  const BASIS =
    'after its one correction is downgraded to medium (seed 000: an under-specified blocker is downgraded, never merely preserved)'
  it.each<[string, StillShort, AfterCorrection]>([
    [
      'a high finding without evidence is downgraded to medium, with the reason',
      { severity: 'high', judgeable: true, lacks: '`evidence`' },
      {
        kind: 'downgraded',
        from: 'high',
        to: 'medium',
        basis: `a high finding still without \`evidence\` ${BASIS}`
      }
    ],
    [
      'a critical finding whose evidence is not at the head is downgraded too',
      { severity: 'critical', judgeable: true, lacks: 'evidence that is in src/a.ts at the head' },
      {
        kind: 'downgraded',
        from: 'critical',
        to: 'medium',
        basis: `a critical finding still without evidence that is in src/a.ts at the head ${BASIS}`
      }
    ],
    [
      'a high finding that is not a finding even at medium (no file) stays malformed',
      { severity: 'high', judgeable: false, lacks: '`evidence`' },
      { kind: 'malformed' }
    ],
    [
      'something with no file and no description stays malformed',
      { judgeable: false, lacks: 'what its grade asks for' },
      { kind: 'malformed' }
    ],
    [
      'a medium finding short of a field of its own (not its fix) stays malformed: nothing to downgrade',
      { severity: 'medium', judgeable: false, lacks: 'what its grade asks for' },
      { kind: 'malformed' }
    ],
    [
      'a finding whose only fault is its fix goes on without the fix, saying why',
      {
        severity: 'high',
        judgeable: false,
        lacks: 'what its grade asks for',
        fixOnly: 'fix.end_line 3 is before fix.start_line 8'
      },
      {
        kind: 'fix-set-aside',
        basis:
          'its fix was set aside after its one correction (fix.end_line 3 is before fix.start_line 8); the finding is judged without it'
      }
    ]
  ])('%s', (_clause, item, expected) => {
    expect(afterCorrection(item)).toEqual(expected)
  })

  it('reads a malformed entry at the lower grade: its severity, what it lacks, and the finding it is there', () => {
    const short = readAtLowerGrade(
      { ...located, severity: 'high', expectation: EXPECTATION },
      'medium'
    )
    expect(short).toEqual({
      severity: 'high',
      lacks: '`evidence`',
      finding: { ...located, severity: 'medium', expectation: EXPECTATION }
    })
    expect(readAtLowerGrade({ severity: 'critical', line: 3 }, 'medium')).toEqual({
      severity: 'critical',
      lacks: '`evidence` and `expectation`'
    })
    expect(readAtLowerGrade('not an object', 'medium')).toEqual({
      lacks: 'what its grade asks for'
    })
  })
})

describe('secrets in evidence and expectation', () => {
  it('are redacted from a review and from a correction', () => {
    const secret = 'sk-live-0123456789abcdef'
    const finding = {
      ...located,
      severity: 'high' as const,
      evidence: `const key = '${secret}'`,
      expectation: `the key ${secret} is read from the environment`
    }
    const review = redactOutcome(
      {
        kind: 'review',
        verdict: 'needs-attention',
        findings: [finding],
        malformed: [],
        exercised: null
      },
      [secret]
    )
    const corrected = redactCorrection({ findings: [finding], malformed: [] }, [secret])
    for (const result of [review, corrected]) {
      expect(JSON.stringify(result)).not.toContain(secret)
      expect(JSON.stringify(result)).toContain("const key = '[redacted]'")
      expect(JSON.stringify(result)).toContain('the key [redacted] is read from the environment')
    }
  })
})

describe('a finding short of judgeable goes back to the same source once, in the same round', () => {
  const request: ReviewRequest = {
    protocol: PROTOCOL,
    role: 'review',
    round: 3,
    repository: '/unused',
    base_sha: 'a'.repeat(40),
    head_sha: 'b'.repeat(40),
    changed_files: ['src/retry.ts'],
    intent: {
      rules: [],
      design_comments: [],
      goal: null,
      authority_order: null,
      decisions: [],
      severity_steer: ''
    }
  }

  it('a real command completes one and not the other: the completed one joins, the other stays malformed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-loop-validity-'))
    const script = join(dir, 'script.json')
    const bare = { ...located, severity: 'high' }
    const other = { ...located, line: 30, severity: 'critical', evidence: EVIDENCE }
    writeFileSync(
      script,
      JSON.stringify([
        {
          stdout: {
            verdict: 'needs-attention',
            findings: [bare, other],
            exercised: { reached: ['contract-closure'], unreached: [] }
          }
        },
        { stdout: { findings: [{ ...bare, evidence: EVIDENCE, expectation: EXPECTATION }, other] } }
      ])
    )
    const source = new CommandSource({
      command: `node ${JSON.stringify(join(REPO_ROOT, '__fixtures__', 'scripted-source.mjs'))} ${JSON.stringify(script)}`,
      cwd: dir,
      timeoutMs: 30_000
    })
    const outcome = await source.review({ ...request, repository: dir })
    if (outcome.kind !== 'review') throw new Error(outcome.cause)
    expect(outcome.findings).toEqual([])
    expect(outcome.malformed.map(m => m.index)).toEqual([0, 1])

    const corrected = await source.correct({ ...request, repository: dir }, outcome.malformed)
    expect(corrected.findings).toEqual([{ ...judgeable, severity: 'high' }])
    expect(corrected.malformed).toEqual([
      {
        index: 1,
        raw: other,
        problems: [expect.stringMatching(/^a critical finding needs `expectation`: /)]
      }
    ])
    // The correction request carried the same round and, for each finding, the problem naming the field.
    const sent = readFileSync(`${script}.requests.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map(line => JSON.parse(line) as Record<string, unknown>)
    expect(sent.map(q => [q.role, q.round])).toEqual([
      ['review', 3],
      ['correct', 3]
    ])
    expect(sent[1]!.malformed).toEqual([
      {
        index: 0,
        finding: bare,
        problems: [
          'a high finding needs `evidence`: quote the code at the head that shows the defect',
          expect.stringMatching(/^a high finding needs `expectation`: name the expectation/)
        ]
      },
      {
        index: 1,
        finding: other,
        problems: [expect.stringMatching(/^a critical finding needs `expectation`/)]
      }
    ])
  })
})
