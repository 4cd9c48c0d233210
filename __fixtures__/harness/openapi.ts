/** GitHub's own OpenAPI description, loaded once per process, used to hold the fake to the real API. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** One way a request or response differed from GitHub's OpenAPI description. */
export interface Violation {
  method: string
  path: string
  operationId?: string
  kind:
    | 'unknown-route'
    | 'unimplemented'
    | 'request-body'
    | 'response-body'
    | 'response-status'
    /** A `POST /graphql` query GitHub's public schema rejects. */
    | 'graphql-query'
  message: string
}

/** An operation matched from a request's method and path. */
export interface MatchedOperation {
  operationId: string
  template: string
  params: Record<string, string>
  operation: JsonObject
}

interface Route {
  template: string
  segments: string[]
  literals: number
  operation: JsonObject
}

const SCHEMA_REF = '#/components/schemas/'
const SCHEMA_ID = 'gh:'
const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options']

/** Rewrites OpenAPI 3.0 into JSON Schema that ajv understands: `nullable`, discriminated oneOf, absolute refs. */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (node === null || typeof node !== 'object') return node
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key === 'nullable' || key === 'discriminator')
      continue
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
      out[key] = SCHEMA_ID + value.slice(SCHEMA_REF.length)
    } else out[key] = toJsonSchema(value)
  }
  // ajv cannot follow a discriminator's mapping, and GitHub's branches often overlap: any branch will do.
  if (node.discriminator !== undefined && Array.isArray(out.oneOf)) {
    out.anyOf = out.oneOf
    delete out.oneOf
  }
  if (node.nullable === true) return { anyOf: [out, { type: 'null' }] }
  return out
}

/** The loaded description with a path index and lazily compiled validators. */
export class OpenApiSpec {
  private readonly routes = new Map<string, Route[]>()
  private readonly validators = new Map<string, ValidateFunction>()
  private readonly registered = new Set<string>()
  private readonly ajv: Ajv

  private constructor(private readonly spec: JsonObject) {
    // The examples are most of the 13 MB; dropping them keeps the heap (and GC pauses) small.
    delete (spec.components as JsonObject).examples
    const paths = spec.paths as Record<string, JsonObject>
    for (const [template, item] of Object.entries(paths)) {
      const segments = template.split('/').slice(1)
      const literals = segments.filter(s => !s.startsWith('{')).length
      for (const method of HTTP_METHODS) {
        const operation = item[method]
        if (!operation || typeof operation !== 'object' || Array.isArray(operation)) continue
        const list = this.routes.get(method) ?? []
        list.push({ template, segments, literals, operation })
        this.routes.set(method, list)
      }
    }
    for (const list of this.routes.values()) list.sort((a, b) => b.literals - a.literals)
    this.ajv = new Ajv({
      strict: false,
      allErrors: false,
      validateSchema: false,
      logger: false,
      inlineRefs: false,
      code: { optimize: false }
    })
    addFormats.default(this.ajv)
  }

  /** The process-wide instance; the 13 MB file is read on first use only. */
  static get(): OpenApiSpec {
    if (!cached) {
      const require = createRequire(import.meta.url)
      const file = require.resolve('@octokit/openapi/generated/api.github.com.json')
      cached = new OpenApiSpec(JSON.parse(readFileSync(file, 'utf8')) as JsonObject)
    }
    return cached
  }

  /** Finds the operation for a method and a request path (no query), preferring literal segments. */
  match(method: string, path: string): MatchedOperation | undefined {
    const parts = path.split('/').slice(1)
    for (const route of this.routes.get(method.toLowerCase()) ?? []) {
      if (route.segments.length !== parts.length) continue
      const params: Record<string, string> = {}
      let ok = true
      route.segments.forEach((segment, i) => {
        const part = parts[i] ?? ''
        if (segment.startsWith('{')) {
          if (part === '') ok = false
          else params[segment.slice(1, -1)] = safeDecode(part)
        } else if (segment !== part) ok = false
      })
      if (ok) {
        const operationId = String(route.operation.operationId ?? `${method} ${route.template}`)
        return { operationId, template: route.template, params, operation: route.operation }
      }
    }
    return undefined
  }

  /** Problems with a request body, empty when it fits the operation's requestBody. */
  validateRequest(op: MatchedOperation, body: unknown): string[] {
    const requestBody = this.deref(op.operation.requestBody)
    if (!requestBody) return body === undefined ? [] : ['the operation takes no request body']
    if (body === undefined)
      return requestBody.required === true ? ['a request body is required'] : []
    const schema = this.jsonSchemaOf(requestBody)
    if (!schema) return []
    return this.check(`${op.operationId} request`, schema, body)
  }

  /** Problems with a response, empty when the status is documented (or a generic error) and the body fits. */
  validateResponse(op: MatchedOperation, status: number, body: unknown): string[] {
    const responses = (op.operation.responses ?? {}) as JsonObject
    const response = this.deref(responses[String(status)] ?? responses.default)
    if (!response) {
      // GitHub documents few of its error statuses per operation; every error body is a basic-error.
      if (status >= 400) return this.check('basic-error', { $ref: `${SCHEMA_ID}basic-error` }, body)
      return [`status ${status} is not documented for ${op.operationId}`]
    }
    const schema = this.jsonSchemaOf(response)
    if (!schema)
      return body === undefined ? [] : [`status ${status} of ${op.operationId} has no body`]
    if (body === undefined) return [`status ${status} of ${op.operationId} needs a body`]
    return this.check(`${op.operationId} ${status}`, schema, body)
  }

  /** Adds to ajv, converted, each component schema that `schema` reaches; converting all 1,000+ up front is slow. */
  private register(schema: Json): void {
    const pending = [schema]
    const components = (this.spec.components as JsonObject).schemas as JsonObject
    while (pending.length > 0) {
      const node = pending.pop()
      if (node === null || typeof node !== 'object') continue
      if (Array.isArray(node)) {
        pending.push(...node)
        continue
      }
      for (const [key, value] of Object.entries(node)) {
        if (key !== '$ref' || typeof value !== 'string') pending.push(value)
        else if (value.startsWith(SCHEMA_ID) && !this.registered.has(value)) {
          const name = value.slice(SCHEMA_ID.length)
          const raw = components[name]
          if (raw === undefined)
            throw new Error(`OpenAPI schema ${name} is referenced but not defined`)
          const converted = toJsonSchema(raw) as JsonObject
          this.registered.add(value)
          this.ajv.addSchema({ ...converted, $id: value })
          pending.push(converted)
        }
      }
    }
  }

  private deref(node: Json | undefined): JsonObject | undefined {
    let current = node
    for (
      let i = 0;
      i < 10 && current && typeof current === 'object' && !Array.isArray(current);
      i++
    ) {
      const ref = current.$ref
      if (typeof ref !== 'string') return current
      current = ref
        .slice(2)
        .split('/')
        .reduce<Json | undefined>(
          (at, key) => (at && typeof at === 'object' && !Array.isArray(at) ? at[key] : undefined),
          this.spec
        )
    }
    return undefined
  }

  private jsonSchemaOf(holder: JsonObject): Json | undefined {
    const content = holder.content as JsonObject | undefined
    const media = content?.['application/json'] as JsonObject | undefined
    return media?.schema === undefined ? undefined : toJsonSchema(media.schema)
  }

  private check(key: string, schema: Json, value: unknown): string[] {
    let validate = this.validators.get(key)
    if (validate === undefined) {
      this.register(schema)
      validate = this.ajv.compile(schema as object)
      this.validators.set(key, validate)
    }
    if (validate(value)) return []
    return (validate.errors ?? [])
      .slice(0, 10)
      .map(e => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`)
  }
}

let cached: OpenApiSpec | undefined

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}
