import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, it, expect } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { renderSchemas, SCHEMAS_DIR } from '../scripts/schemas.js'
import {
  FALSE_CLAIM,
  MOVED,
  NEW_FILE,
  classifyItem,
  classifyRequest,
  goalRequest,
  verifyRequest
} from '../__fixtures__/driver-requests.js'
import {
  CorrectRequestSchema,
  CorrectResponseSchema,
  readReviewResponse,
  ReviewRequestSchema,
  ReviewResponseSchema
} from '../src/sources/review-response.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const committed = (name: string): object =>
  JSON.parse(readFileSync(join(root, SCHEMAS_DIR, name), 'utf8')) as object

// Copied from contract.md, "The `command` protocol".
const contractRequest = {
  protocol: 'review-loop/1',
  role: 'review',
  round: 2,
  repository: '/path/of/the/checkout',
  base_sha: '…',
  head_sha: '…',
  changed_files: ['src/a.ts', 'src/new.ts'],
  intent: {
    rules: [{ path: 'AGENTS.md', why: '…' }],
    design_comments: [{ path: 'src/a.ts', line: 40 }],
    goal: { path: 'README.md', section: 'Mission' },
    authority_order: ['AGENTS.md', 'docs/style.md'],
    decisions: [{ id: 'D1', decision: '…', basis: '…' }],
    severity_steer: '…'
  }
}

const contractResponse = {
  verdict: 'needs-attention',
  findings: [
    {
      severity: 'high',
      file: 'src/a.ts',
      line: 42,
      description: '…',
      fix: { start_line: 42, end_line: 42, replacement: '…' }
    }
  ],
  exercised: {
    reached: ['contract-closure', 'runtime-behavior'],
    unreached: [{ axis: 'concurrency', reason: '…' }]
  },
  direction: { mechanism: '…', falsifier: '…' }
}

// The example's high finding with what the validity gate asks of critical and high findings (protocol-in-actions.md).
const judgeableResponse = {
  ...contractResponse,
  findings: [
    {
      ...contractResponse.findings[0]!,
      evidence: 'for (;;) retry()',
      expectation: 'a request gives up after the configured retries'
    }
  ]
}

const correctRequest = {
  ...contractRequest,
  role: 'correct',
  malformed: [
    {
      index: 1,
      finding: { severity: 'major', file: 'src/a.ts', line: 3, description: 'x' },
      problems: ['severity "major" is not one of critical|high|medium|low|suggestion']
    }
  ]
}

describe('the committed JSON schemas', () => {
  it('are exactly what scripts/schemas.ts generates (run `npx tsx scripts/schemas.ts` after changing the zod schemas)', async () => {
    const files = await renderSchemas(root)
    expect(Object.keys(files).sort()).toEqual([
      'correct-request.schema.json',
      'correct-response.schema.json',
      'driver-admit-request.schema.json',
      'driver-admit-response.schema.json',
      'driver-classify-request.schema.json',
      'driver-classify-response.schema.json',
      'driver-fit-request.schema.json',
      'driver-fit-response.schema.json',
      'driver-goal-request.schema.json',
      'driver-goal-response.schema.json',
      'driver-scan-request.schema.json',
      'driver-scan-response.schema.json',
      'driver-verify-request.schema.json',
      'driver-verify-response.schema.json',
      'driver-write-request.schema.json',
      'driver-write-response.schema.json',
      'review-loop-config.schema.json',
      'review-request.schema.json',
      'review-response.schema.json'
    ])
    for (const [name, text] of Object.entries(files)) {
      expect({ name, text: readFileSync(join(root, SCHEMAS_DIR, name), 'utf8') }).toEqual({
        name,
        text
      })
    }
  })
})

describe('the contract examples', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  const validator = (name: string) => ajv.compile(committed(name))

  it('the example response, its high finding given evidence and expectation, satisfies the zod schema and the committed JSON schema', () => {
    expect(ReviewResponseSchema.safeParse(judgeableResponse).success).toBe(true)
    const validate = validator('review-response.schema.json')
    expect(validate(judgeableResponse)).toBe(true)
  })

  it('the example response as written is a review whose high finding, lacking evidence and expectation, goes back for correction', () => {
    const outcome = readReviewResponse(contractResponse, '')
    expect(outcome).toMatchObject({ kind: 'review', verdict: 'needs-attention', findings: [] })
    if (outcome.kind !== 'review') throw new Error('expected a review')
    expect(outcome.malformed).toEqual([
      {
        index: 0,
        raw: contractResponse.findings[0],
        problems: [
          expect.stringMatching(/^a high finding needs `evidence`: quote the code at the head/),
          expect.stringMatching(/^a high finding needs `expectation`: /)
        ]
      }
    ])
    // The committed schema says the same to a command's author.
    expect(validator('review-response.schema.json')(contractResponse)).toBe(false)
    const medium = {
      ...contractResponse,
      findings: [{ ...contractResponse.findings[0]!, severity: 'medium' }]
    }
    expect(validator('review-response.schema.json')(medium)).toBe(true)
    expect(readReviewResponse(medium, '')).toMatchObject({ malformed: [] })
  })

  it('the example request satisfies the zod schema and the committed JSON schema', () => {
    expect(ReviewRequestSchema.safeParse(contractRequest).success).toBe(true)
    expect(validator('review-request.schema.json')(contractRequest)).toBe(true)
  })

  it('a correct request and response satisfy theirs', () => {
    expect(CorrectRequestSchema.safeParse(correctRequest).success).toBe(true)
    expect(validator('correct-request.schema.json')(correctRequest)).toBe(true)
    const answer = { findings: judgeableResponse.findings }
    expect(CorrectResponseSchema.safeParse(answer).success).toBe(true)
    expect(validator('correct-response.schema.json')(answer)).toBe(true)
  })

  it('tolerates unknown extra fields in responses and requests, but not in the design intent', () => {
    const extended = {
      ...judgeableResponse,
      model: 'x',
      findings: [{ ...judgeableResponse.findings[0], confidence: 0.9 }]
    }
    expect(ReviewResponseSchema.safeParse(extended).success).toBe(true)
    expect(validator('review-response.schema.json')(extended)).toBe(true)
    const request = { ...contractRequest, budget: 3 }
    expect(validator('review-request.schema.json')(request)).toBe(true)
    // The intent is closed (the conveyance boundary): nothing but design intent may ride in it.
    const conditioned = { ...contractRequest, intent: { ...contractRequest.intent, fixed: ['F1'] } }
    expect(validator('review-request.schema.json')(conditioned)).toBe(false)
    const harvested = {
      ...contractRequest,
      intent: {
        ...contractRequest.intent,
        rules: [{ path: 'AGENTS.md', why: '…', line: 3 }],
        design_comments: [{ path: 'src/a.ts', line: 40, why: 'says "deliberately"' }],
        authority_declared_in: 'AGENTS.md:12'
      }
    }
    expect(validator('review-request.schema.json')(harvested)).toBe(true)
  })

  it('refuses responses the protocol does not allow', () => {
    const validate = validator('review-response.schema.json')
    const judgeable = judgeableResponse.findings[0]
    const bad = [
      { ...judgeableResponse, verdict: 'lgtm' },
      { ...judgeableResponse, findings: [{ ...judgeable, severity: 'major' }] },
      { ...judgeableResponse, findings: [{ ...judgeable, line: 0 }] },
      { ...judgeableResponse, findings: [{ ...judgeable, description: '  ' }] },
      { ...judgeableResponse, findings: [{ ...judgeable, evidence: ' \n ' }] },
      { ...judgeableResponse, findings: [{ ...judgeable, severity: 'critical', expectation: '' }] },
      contractResponse,
      { verdict: 'approve' }
    ]
    for (const response of bad) {
      expect({ response, zod: ReviewResponseSchema.safeParse(response).success }).toEqual({
        response,
        zod: false
      })
      expect({ response, json: validate(response) }).toEqual({ response, json: false })
    }
    expect(validator('review-request.schema.json')({ ...contractRequest, role: 'correct' })).toBe(
      false
    )
  })
})

describe('the repository file schema for editors', () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(
    committed('review-loop-config.schema.json')
  )

  it('accepts every key in both forms and refuses an unknown key, as the action does', () => {
    const file = {
      rules: ['docs/conventions/*.md', { path: 'docs/api.md', 'applies-to': ['src/api/**'] }],
      goal: { path: 'docs/VISION.md', section: 'Northstar' },
      authority: ['docs/architecture.md', 'AGENTS.md'],
      protected: ['src/security/**'],
      answerers: ['octo-maintainer'],
      defaults: { source: 'openai', depth: 'deep', 'review-budget': 200000 }
    }
    expect(validate(file)).toBe(true)
    expect(validate({ goal: 'docs/VISION.md' })).toBe(true)
    for (const bad of [
      { protect: ['src/**'] },
      { defaults: { command: './review.sh' } },
      { defaults: { depth: 'fast' } },
      { rules: [{ path: 'a.md', applies_to: ['b'] }] },
      { protected: ['/etc/passwd'] }
    ]) {
      expect({ bad, valid: validate(bad) }).toEqual({ bad, valid: false })
    }
  })
})

describe("the driver's role schemas", () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  const validator = (name: string) => ajv.compile(committed(name))
  const requests = {
    verify: verifyRequest([FALSE_CLAIM, NEW_FILE]),
    goal: goalRequest(),
    classify: classifyRequest([classifyItem(MOVED, 'F4', 'pre-existing')], {
      direction: { mechanism: 'm', falsifier: 'f' }
    }),
    admit: {
      protocol: 'review-loop/1',
      role: 'admit',
      round: 1,
      repository: '/work/repo',
      words: 'we keep retries in the transport layer',
      question: 'What should happen with F1?',
      findings: [{ id: 'F1', file: 'src/retry.ts', line: 4, description: 'loops forever' }]
    }
  }

  it.each(Object.entries(requests))(
    'a %s request satisfies the committed schema, and an unknown field does not',
    (role, request) => {
      const validate = validator(`driver-${role}-request.schema.json`)
      expect(validate(request)).toBe(true)
      expect(validate({ ...request, fixed: ['F1'] })).toBe(false)
    }
  )

  it('responses: a valid one passes; a verdict without a basis, or an option the loop cannot act on, does not', () => {
    const validate = validator('driver-verify-response.schema.json')
    const item = {
      key: 's1',
      holds: false,
      basis: 'line 2 checks it',
      cited: [{ file: 'src/user.js', line: 2, text: 'if (user == null)' }],
      severity: 'high',
      severity_basis: 'kept',
      same_as: null,
      identity_basis: 'new'
    }
    expect(validate({ findings: [item] })).toBe(true)
    expect(validate({ findings: [{ ...item, basis: '' }] })).toBe(false)
    const classify = validator('driver-classify-response.schema.json')
    const cluster = { findings: ['s1'], analysis: 'a', question: 'q?', options: [] as object[] }
    const answer = {
      reading: null,
      retired: [],
      cross_round: null,
      findings: [],
      clusters: [cluster]
    }
    expect(classify(answer)).toBe(true)
    // The loop acts on an option's key, so only the keys it knows are admitted.
    const option = { key: 'follow-up', label: 'Leave it for a follow-up', leads_to: 'handed on' }
    expect(classify({ ...answer, clusters: [{ ...cluster, options: [option] }] })).toBe(true)
    expect(
      classify({ ...answer, clusters: [{ ...cluster, options: [{ ...option, key: 'later' }] }] })
    ).toBe(false)
  })
})
