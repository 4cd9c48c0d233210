import { describe, it, expect } from '@jest/globals'
import { growth, LINEAR_BOUND } from '../__fixtures__/linear.js'
import { readAgentCorrection } from '../src/sources/cli-agent.js'
import { extractCorrection, extractReview } from '../src/sources/extract.js'
import { readReviewResponse } from '../src/sources/review-response.js'

const answer = {
  verdict: 'needs-attention',
  findings: [
    {
      severity: 'high',
      file: 'src/a.ts',
      line: 3,
      description: 'The retry never stops: `{` in a string }',
      evidence: 'while (!ok) { ok = retry() }',
      expectation: 'a retry gives up after `retries` attempts'
    }
  ],
  exercised: { reached: ['contract-closure'], unreached: [] }
}
const json = JSON.stringify(answer)
const pretty = JSON.stringify(answer, null, 2)
const approve = { verdict: 'approve', findings: [] }

type Row = [name: string, text: string, value: unknown, leftover: string]

const rows: Row[] = [
  ['bare JSON', json, answer, ''],
  ['bare JSON with surrounding whitespace', `\n\n  ${pretty}\n`, answer, ''],
  [
    'a fenced json block between prose',
    `I looked at the change.\n\n\`\`\`json\n${pretty}\n\`\`\`\n\nThat is all.`,
    answer,
    'I looked at the change.\n\nThat is all.'
  ],
  [
    'a fenced JSON block in capitals with ~~~',
    `Report:\n~~~JSON\n${pretty}\n~~~`,
    answer,
    'Report:'
  ],
  [
    'a fence longer than three backticks',
    `Answer:\n\`\`\`\`json\n${pretty}\n\`\`\`\`\nDone`,
    answer,
    'Answer:\n\nDone'
  ],
  [
    'an untagged fenced block goes with its fences',
    `Here:\n\`\`\`\n${pretty}\n\`\`\`\nBye`,
    answer,
    'Here:\n\nBye'
  ],
  [
    'an object inline in prose',
    `My verdict follows ${json} and the notes end here.`,
    answer,
    'My verdict follows\n\nand the notes end here.'
  ],
  [
    'a sectioned report with the object after it',
    `## Summary\nThe change looks risky.\n\n## Findings\n1. retry loop\n\n${pretty}`,
    answer,
    '## Summary\nThe change looks risky.\n\n## Findings\n1. retry loop'
  ],
  [
    'a json block without a verdict is skipped for a later one',
    `Example finding:\n\`\`\`json\n{"severity": "low"}\n\`\`\`\nAnswer:\n\`\`\`json\n${json}\n\`\`\``,
    answer,
    'Example finding:\n```json\n{"severity": "low"}\n```\nAnswer:'
  ],
  [
    'with two answers the first is taken and the second stays in the leftover',
    `First:\n\`\`\`json\n${json}\n\`\`\`\nSecond:\n\`\`\`json\n${JSON.stringify(approve)}\n\`\`\``,
    answer,
    `First:\n\nSecond:\n\`\`\`json\n${JSON.stringify(approve)}\n\`\`\``
  ],
  [
    'a malformed json block falls back to a later object in prose',
    `\`\`\`json\n{"verdict": "approve",\n\`\`\`\nretry: ${JSON.stringify(approve)}`,
    approve,
    '```json\n{"verdict": "approve",\n```\nretry:'
  ],
  [
    'braces in prose and code before the answer',
    `In \`if (x) { y() }\` and {not json} the set {"a"} fails; ${JSON.stringify(approve)}`,
    approve,
    'In `if (x) { y() }` and {not json} the set {"a"} fails;'
  ],
  [
    'an object without a verdict, holding one, is not the answer',
    `{"report": ${JSON.stringify(approve)}} then ${json}`,
    answer,
    `{"report": ${JSON.stringify(approve)}} then`
  ],
  [
    'braces and quotes inside strings',
    `x ${JSON.stringify({ verdict: 'approve', findings: [], note: 'a "}" and a \\ and {' })} y`,
    { verdict: 'approve', findings: [], note: 'a "}" and a \\ and {' },
    'x\n\ny'
  ],
  [
    'no JSON at all',
    '  The model wrote a poem instead.\n',
    undefined,
    'The model wrote a poem instead.'
  ],
  ['JSON without a verdict', '{"findings": []}', undefined, '{"findings": []}'],
  ['a JSON array is not an answer', `[${json}]`, answer, '[\n\n]'],
  [
    'an unclosed object',
    'text {"verdict": "approve", "findings": [',
    undefined,
    'text {"verdict": "approve", "findings": ['
  ],
  ['an unclosed fence runs to the end', `Notes\n\`\`\`json\n${json}\n`, answer, 'Notes'],
  ['empty text', '', undefined, '']
]

describe('extractReview', () => {
  it.each(rows)('%s', (_name, text, value, leftover) => {
    expect(extractReview(text)).toEqual({ value, leftover })
  })

  it('hands what it found to readReviewResponse as a review', () => {
    const text = `Sure! Here is my review.\n\`\`\`json\n${pretty}\n\`\`\``
    const { value } = extractReview(text)
    const outcome = readReviewResponse(value, text)
    expect(outcome.kind).toBe('review')
    if (outcome.kind === 'review') expect(outcome.findings).toHaveLength(1)
  })

  it('gives up on pathological input without hanging', () => {
    expect(extractReview('{"'.repeat(20_000)).value).toBeUndefined()
    // Trying every opening brace as the start of a document costs 64 times as much at 8 times the openers; the scan
    // gives up after a fixed number of steps, so past that the cost no longer grows with the input.
    const openers = (n: number) => {
      const text = '{"'.repeat(n)
      return () => extractReview(text)
    }
    expect(growth(openers, 20_000)).toBeLessThan(LINEAR_BOUND)
  })
})

describe('correction answers', () => {
  const corrected = { findings: answer.findings }
  const malformed = [{ index: 0, raw: { severity: 'high' }, problems: ['evidence is missing'] }]

  it('are found by their findings, in the forms a review answer is found in', () => {
    const fenced = `Corrected:\n\`\`\`json\n${JSON.stringify(corrected, null, 2)}\n\`\`\``
    expect(extractCorrection(JSON.stringify(corrected))).toEqual({ value: corrected, leftover: '' })
    expect(extractCorrection(fenced)).toEqual({ value: corrected, leftover: 'Corrected:' })
    // A review answer is not what a correction is looked for by, nor the other way round.
    expect(extractReview(JSON.stringify(corrected)).value).toBeUndefined()
    expect(extractCorrection('{"verdict": "approve"}').value).toBeUndefined()
  })

  it("a CLI agent's final message without a verdict completes the findings it was sent", () => {
    const text = `Here you go.\n${JSON.stringify(corrected)}`
    const read = readAgentCorrection({ ok: true, text }, malformed)
    expect(read.malformed).toEqual([])
    expect(read.findings).toHaveLength(1)
    expect(read.findings[0]).toMatchObject({ severity: 'high', file: 'src/a.ts', line: 3 })
  })

  it('a final message with no correction leaves the findings malformed, saying why', () => {
    const read = readAgentCorrection({ ok: true, text: 'I cannot fix these.' }, malformed)
    expect(read.findings).toEqual([])
    expect(read.malformed[0]!.problems).toEqual([
      'evidence is missing',
      'correction failed: the final message holds no JSON answer'
    ])
  })
})
