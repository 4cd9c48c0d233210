import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, it, expect } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { renderSchemas, SCHEMAS_DIR } from '../scripts/schemas.js'
import {
  CorrectRequestSchema,
  CorrectResponseSchema,
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

  it('the example response satisfies the zod schema and the committed JSON schema', () => {
    expect(ReviewResponseSchema.safeParse(contractResponse).success).toBe(true)
    const validate = validator('review-response.schema.json')
    expect(validate(contractResponse)).toBe(true)
  })

  it('the example request satisfies the zod schema and the committed JSON schema', () => {
    expect(ReviewRequestSchema.safeParse(contractRequest).success).toBe(true)
    expect(validator('review-request.schema.json')(contractRequest)).toBe(true)
  })

  it('a correct request and response satisfy theirs', () => {
    expect(CorrectRequestSchema.safeParse(correctRequest).success).toBe(true)
    expect(validator('correct-request.schema.json')(correctRequest)).toBe(true)
    const answer = { findings: contractResponse.findings }
    expect(CorrectResponseSchema.safeParse(answer).success).toBe(true)
    expect(validator('correct-response.schema.json')(answer)).toBe(true)
  })

  it('tolerates unknown extra fields in responses and requests, but not in the design intent', () => {
    const extended = {
      ...contractResponse,
      model: 'x',
      findings: [{ ...contractResponse.findings[0], confidence: 0.9 }]
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
    const bad = [
      { ...contractResponse, verdict: 'lgtm' },
      { ...contractResponse, findings: [{ ...contractResponse.findings[0], severity: 'major' }] },
      { ...contractResponse, findings: [{ ...contractResponse.findings[0], line: 0 }] },
      { ...contractResponse, findings: [{ ...contractResponse.findings[0], description: '  ' }] },
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
