/** The review response as a JSON schema in the strict dialect structured output accepts (OpenAI's and Anthropic's). */
import { z } from 'zod'
import { ReviewResponseSchema } from './review-response.js'

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// Bounds OpenAI's strict mode and Anthropic's structured outputs refuse or ignore; zod checks them after the call.
const DROPPED_KEYWORDS = [
  '$schema',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  // The validity gate's conditional (evidence and expectation for critical and high): readReviewResponse checks it.
  'allOf'
]

/** A JSON schema reshaped for strict structured output (closed objects, every property required, optional ones nullable, no bounds); the driver's schemas use it too. */
export function strictNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictNode)
  if (!isJson(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.includes(key)) continue
    if (key === 'properties' && isJson(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strictNode(v)]))
    } else {
      out[key] = strictNode(value)
    }
  }
  if (isJson(out['properties'])) {
    const properties = out['properties']
    const required = Array.isArray(node['required']) ? (node['required'] as unknown[]) : []
    // Strict mode wants every property listed: an optional one becomes "required, and null when absent".
    for (const [name, schema] of Object.entries(properties)) {
      if (!required.includes(name) && isJson(schema)) properties[name] = nullable(schema)
    }
    out['required'] = Object.keys(properties)
    out['additionalProperties'] = false
  }
  return out
}

// Anthropic's grammar takes a nullable field only as an `anyOf` with a null branch; OpenAI accepts that form too.
function nullable(schema: Json): Json {
  const { description, ...rest } = schema
  const wrapped: Json = { anyOf: [rest, { type: 'null' }] }
  if (description !== undefined) wrapped['description'] = description
  return wrapped
}

/**
 * The review response as a JSON schema for structured output, derived from `ReviewResponseSchema` and reshaped
 * into the subset OpenAI's strict mode and Anthropic's structured outputs both accept: every object closed
 * (`additionalProperties: false`) and listing all its properties as required, optional fields (`fix`,
 * `evidence`, `expectation`, `direction`) nullable (an `anyOf` with a null branch, the form both accept) instead of absent, and no numeric, length or pattern bounds. `exercised` is required and
 * not nullable, because the prompt always asks for it. What the reshaping loosened (line ≥ 1, a non-empty
 * description, a path inside the repository, evidence and expectation on critical and high findings) is checked afterwards by `readReviewResponse`.
 */
export function reviewResponseJsonSchema(): Json {
  const schema = strictNode(z.toJSONSchema(ReviewResponseSchema, { io: 'input' })) as Json
  const properties = schema['properties'] as Json
  // Always asked for, so not nullable: undo the wrapping the optional field got.
  const exercised = properties['exercised'] as { anyOf: [Json, Json]; description?: string }
  properties['exercised'] = { description: exercised.description, ...exercised.anyOf[0] }
  const finding = (properties['findings'] as { items: { properties: Json } }).items.properties
  finding['line'] = {
    ...(finding['line'] as Json),
    description: '1-based line number in the file at head_sha (1 or more).'
  }
  finding['description'] = {
    ...(finding['description'] as Json),
    description: 'What is wrong, where it shows, and why it matters; never empty.'
  }
  // The condition the strict dialect cannot carry is said in words instead.
  for (const field of ['evidence', 'expectation']) {
    const node = finding[field] as Json
    node['description'] =
      `${String(node['description'])} Null only on a medium, low or suggestion finding.`
  }
  schema['description'] =
    'A review of one change: the verdict, the findings, the axes reached, and (with needs-attention) a direction or null.'
  return schema
}
