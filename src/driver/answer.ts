/** Reading a driver's answer: the strict JSON schema a provider is sent, nulls back to absent, and the zod check with its causes. */
import { z } from 'zod'
import { relayedInline } from '../report/text.js'
import { strictNode } from '../sources/prompt.js'
import type { DriverResult } from './types.js'

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The most characters of an answer kept in `returned`. */
export const RETURNED_CHARS = 64_000

/** `text` cut to what a trace keeps, the cut said. */
export function bounded(text: string, max = RETURNED_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}\n[… cut at ${max} characters]` : text
}

/** A response schema as JSON schema, as written (optional fields absent from `required`). */
export function plainJsonSchema(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input' }) as Json
}

/**
 * A response schema reshaped for structured output: OpenAI's strict mode and Anthropic's tool input both take it
 * (every object closed and listing all its properties as required, optional ones nullable, no bounds). What that
 * loosened (a minimum length, a pattern, at least two sides) is checked by zod after the call.
 */
export function strictJsonSchema(schema: z.ZodType, description?: string): Json {
  const strict = strictNode(withoutConditionals(plainJsonSchema(schema))) as Json
  delete strict['$schema']
  if (description !== undefined) strict['description'] = description
  return strict
}

// Keywords strict mode refuses; what they said (a high finding needs its evidence) zod checks after the call.
const CONDITIONALS = ['allOf', 'oneOf', 'not', 'if', 'then', 'else']

function withoutConditionals(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutConditionals)
  if (!isJson(node)) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (CONDITIONALS.includes(key)) continue
    out[key] =
      key === 'properties' && isJson(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutConditionals(v)]))
        : withoutConditionals(value)
  }
  return out
}

/** The branch of a schema that describes an object, looking through `anyOf` (a nullable object). */
function objectBranch(schema: unknown): Json | undefined {
  if (!isJson(schema)) return undefined
  if (isJson(schema['properties'])) return schema
  if (Array.isArray(schema['anyOf'])) {
    for (const branch of schema['anyOf']) {
      const found = objectBranch(branch)
      if (found) return found
    }
  }
  return undefined
}

function arrayItems(schema: unknown): unknown {
  if (!isJson(schema)) return undefined
  if ('items' in schema) return schema['items']
  if (Array.isArray(schema['anyOf'])) {
    for (const branch of schema['anyOf']) {
      const items = arrayItems(branch)
      if (items !== undefined) return items
    }
  }
  return undefined
}

/**
 * The answer with every `null` a strict schema forced onto an optional field removed again, walking the schema as
 * written: a field the schema itself declares nullable (`same_as`, `conflict`, …) keeps its null.
 */
export function withoutForcedNulls(value: unknown, schema: unknown): unknown {
  if (Array.isArray(value)) {
    const items = arrayItems(schema)
    return value.map(item => withoutForcedNulls(item, items))
  }
  if (!isJson(value)) return value
  const object = objectBranch(schema)
  if (object === undefined) return value
  const properties = object['properties'] as Json
  const required = Array.isArray(object['required']) ? (object['required'] as unknown[]) : []
  const out: Json = {}
  for (const [key, field] of Object.entries(value)) {
    if (field === null && !required.includes(key)) continue
    out[key] = withoutForcedNulls(field, properties[key])
  }
  return out
}

/** A zod issue path as a reader writes it: `findings[0].provenance.type`. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : `${out === '' ? '' : '.'}${String(part)}`
  }
  return out === '' ? '(the answer)' : out
}

/** Every problem zod found, each with its path: `findings[0].holds: expected boolean, received string`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map(issue => `${issuePath(issue.path)}: ${issue.message}`).join('; ')
}

const isBlank = (ch: string | undefined): boolean =>
  ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v'

/**
 * The body of the first fenced block: an opening ```` ``` ```` (or ```` ```json ````) ending its line, up to the next
 * line that starts, after blanks, with ```` ``` ````. One pass over the text: a regular expression for this
 * (```` ```(?:json)?\s*\n([\s\S]*?)\n\s*``` ````) took cubic time on a run of newlines after a fence, so a
 * driver's answer of 4,096 newlines held the step for minutes (issue 15, item 10).
 */
export function fencedBody(text: string): string | undefined {
  let from = 0
  for (;;) {
    const open = text.indexOf('```', from)
    if (open < 0) return undefined
    let i = open + 3
    if (text.startsWith('json', i)) i += 4
    while (isBlank(text[i])) i++
    if (text[i] !== '\n') {
      from = open + 3
      continue
    }
    const body = i + 1
    // A later opener closes no sooner than this one would: the first opener that ends its line decides.
    let search = body
    for (;;) {
      const close = text.indexOf('```', search)
      if (close < 0) return undefined
      let j = close - 1
      while (j >= body && isBlank(text[j])) j--
      if (j >= body && text[j] === '\n') return text.slice(body, j)
      search = close + 3
    }
  }
}

/** Parses a model's text: JSON as asked, else the JSON object inside prose or a fenced block. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  const attempts = [text.trim()]
  const fenced = fencedBody(text)
  if (fenced !== undefined) attempts.push(fenced)
  const first = text.indexOf('{')
  const last = text.lastIndexOf('}')
  if (first !== -1 && last > first) attempts.push(text.slice(first, last + 1))
  for (const attempt of attempts) {
    try {
      return { ok: true, value: JSON.parse(attempt) as unknown }
    } catch {
      // try the next reading
    }
  }
  return { ok: false }
}

/**
 * An answer whose only problems are findings naming a path that is no file of the repository (`findings[i].file`,
 * checked as a source's paths are), read without those findings, with a note for each: one bad path never costs the
 * rest of the answer (issue 15, item 6). Undefined when anything else is wrong.
 */
function withoutBadPaths<T>(
  schema: z.ZodType<T>,
  value: unknown,
  error: z.ZodError
): { answer: T; notes: string[] } | undefined {
  if (!isJson(value) || !Array.isArray(value['findings'])) return undefined
  const bad = new Set<number>()
  for (const issue of error.issues) {
    const [list, index, field] = issue.path
    if (
      issue.path.length !== 3 ||
      list !== 'findings' ||
      typeof index !== 'number' ||
      field !== 'file'
    )
      return undefined
    bad.add(index)
  }
  const findings = value['findings'].filter((_, i) => !bad.has(i))
  const checked = schema.safeParse({ ...value, findings })
  if (!checked.success) return undefined
  const notes = error.issues.map(issue => `${issuePath(issue.path)}: ${issue.message}`)
  return { answer: checked.data, notes }
}

/** Checks a parsed answer against the role's response schema: the answer, or the schema problems by path. */
export function readAnswer<T>(
  schema: z.ZodType<T>,
  value: unknown,
  returned: string,
  call?: string
): DriverResult<T> {
  const checked = schema.safeParse(value)
  if (!checked.success) {
    const kept = withoutBadPaths(schema, value, checked.error)
    if (kept) {
      const note = relayedInline(`set aside, not read: ${kept.notes.join('; ')}`, 1_000)
      return { ok: true, answer: kept.answer, call: call === undefined ? note : `${call}; ${note}` }
    }
    return {
      ok: false,
      cause: `the answer does not follow the response schema: ${describeIssues(checked.error)}`,
      returned: bounded(returned)
    }
  }
  return { ok: true, answer: checked.data, ...(call !== undefined ? { call } : {}) }
}
