/** What the provider APIs demand of a request: limits, names, and a schema strict mode accepts. */
import type { ModelRequest } from './types.js'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A schema name as both APIs accept it (`^[a-zA-Z0-9_-]{1,64}$` for OpenAI's `json_schema.name` and
 * Anthropic's tool name): other characters become `_`, and it is cut at 64.
 */
export function wireName(name: string): string {
  const clean = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)
  return clean === '' ? 'answer' : clean
}

/** Keywords OpenAI's strict mode rejects outright. */
const UNSUPPORTED_IN_STRICT = ['allOf', 'oneOf', 'not', 'if', 'then', 'else', 'patternProperties']

/**
 * Whether OpenAI's strict structured outputs would accept `schema`: an object at the root, and every
 * object (root, nested, in `items`, `anyOf`, `$defs`) lists all its properties in `required` and sets
 * `additionalProperties: false`, with no `allOf`/`oneOf`/`not`/conditionals. When in doubt: false, and
 * the schema goes out with `strict: false` (followed as guidance, not enforced by decoding).
 */
export function isStrictSchema(schema: Json): boolean {
  if (schema['type'] !== 'object') return false
  return strictNode(schema, 0)
}

function strictNode(node: unknown, depth: number): boolean {
  if (typeof node === 'boolean') return false
  if (!isObject(node)) return false
  // OpenAI caps nesting at 10 levels; deeper ones fail in strict mode.
  if (depth > 10) return false
  if (UNSUPPORTED_IN_STRICT.some(keyword => keyword in node)) return false

  const types = Array.isArray(node['type']) ? node['type'] : [node['type']]
  if (types.includes('object') || 'properties' in node) {
    const properties = node['properties']
    if (!isObject(properties)) return false
    if (node['additionalProperties'] !== false) return false
    const required = node['required']
    const names = Object.keys(properties)
    if (!Array.isArray(required) || !names.every(name => required.includes(name))) return false
    if (!names.every(name => strictNode(properties[name], depth + 1))) return false
  }
  if ('items' in node && !strictNode(node['items'], depth + 1)) return false
  if ('anyOf' in node) {
    const options = node['anyOf']
    if (!Array.isArray(options) || !options.every(option => strictNode(option, depth + 1)))
      return false
  }
  for (const key of ['$defs', 'definitions']) {
    const defs = node[key]
    if (defs === undefined) continue
    if (!isObject(defs) || !Object.values(defs).every(def => strictNode(def, depth + 1)))
      return false
  }
  return true
}

/** Refuses a request no provider could serve, naming the field. */
export function checkRequest(request: ModelRequest): void {
  if (!Number.isInteger(request.maxOutputTokens) || request.maxOutputTokens < 1) {
    throw new Error(
      `ModelRequest.maxOutputTokens must be a positive whole number, got ${String(request.maxOutputTokens)}`
    )
  }
  if (!Number.isFinite(request.timeoutMs) || request.timeoutMs <= 0) {
    throw new Error(
      `ModelRequest.timeoutMs must be a positive number of ms, got ${String(request.timeoutMs)}`
    )
  }
}
