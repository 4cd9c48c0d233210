/** The answer schemas the `codex` and `claude-code` sources hand their CLI for structured output. */
import { SEVERITIES } from '../loop/model.js'

// Structured-output schemas in the strict dialect both CLIs accept (every property required,
// no additional properties; optional parts are nullable). The answer is still validated by the
// zod readers afterwards: the schema constrains decoding, it is not trusted.
const findingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['severity', 'file', 'line', 'description', 'evidence', 'expectation', 'fix'],
  properties: {
    severity: { type: 'string', enum: [...SEVERITIES] },
    file: { type: 'string', description: 'Path relative to the repository root.' },
    line: { type: 'integer', description: '1-based line in the file at head_sha.' },
    description: { type: 'string' },
    evidence: {
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description:
        'The code at head_sha that shows the defect, quoted from the file. Required for critical and high; null only on a medium, low or suggestion finding.'
    },
    expectation: {
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description:
        'The expectation or requirement that code breaks. Required for critical and high; null only on a medium, low or suggestion finding.'
    },
    fix: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['start_line', 'end_line', 'replacement'],
          properties: {
            start_line: { type: 'integer' },
            end_line: { type: 'integer' },
            replacement: { type: 'string' }
          }
        },
        { type: 'null' }
      ],
      description:
        'The one obvious minimal repair (replaces lines start_line..end_line at head_sha), or null.'
    }
  }
}

/** The JSON schema a review answer is constrained to (codex `--output-schema`, claude `--json-schema`). */
export const REVIEW_ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['verdict', 'findings', 'exercised', 'direction'],
  properties: {
    verdict: { type: 'string', enum: ['approve', 'needs-attention'] },
    findings: { type: 'array', items: findingSchema },
    exercised: {
      type: 'object',
      additionalProperties: false,
      required: ['reached', 'unreached'],
      properties: {
        reached: { type: 'array', items: { type: 'string' } },
        unreached: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['axis', 'reason'],
            properties: { axis: { type: 'string' }, reason: { type: 'string' } }
          }
        }
      }
    },
    direction: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['mechanism', 'falsifier'],
          properties: { mechanism: { type: 'string' }, falsifier: { type: 'string' } }
        },
        { type: 'null' }
      ]
    }
  }
} as const

/** The JSON schema a correction answer is constrained to. */
export const CORRECT_ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['findings'],
  properties: { findings: { type: 'array', items: findingSchema } }
} as const
