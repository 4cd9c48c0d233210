/** The `openai` and `anthropic` drivers: one structured-output call per role through the provider layer. */
import type { z } from 'zod'
import { ModelCallError, type ModelClient } from '../models/index.js'
import { EFFORT_FOR_DEPTH } from '../sources/model-source.js'
import type { Depth } from '../sources/types.js'
import {
  bounded,
  parseJsonText,
  plainJsonSchema,
  readAnswer,
  strictJsonSchema,
  withoutForcedNulls
} from './answer.js'
import { PROMPTS, type DriverRole } from './prompts.js'
import {
  ClassifyResponseSchema,
  GoalResponseSchema,
  VerifyResponseSchema,
  type ClassifyRequest,
  type ClassifyResponse,
  type GoalRequest,
  type GoalResponse,
  type VerifyRequest,
  type VerifyResponse
} from './protocol.js'
import { renderClassify, renderGoal, renderVerify } from './render.js'
import { renderFit, renderScan, renderWrite } from './render-apply.js'
import {
  FitResponseSchema,
  ScanResponseSchema,
  WriteResponseSchema,
  type FitRequest,
  type FitResponse,
  type ScanRequest,
  type ScanResponse,
  type WriteRequest,
  type WriteResponse
} from './apply-roles.js'
import {
  AdmitResponseSchema,
  renderAdmit,
  type AdmitRequest,
  type AdmitResponse
} from './admit-role.js'
import type { Driver, DriverResult } from './types.js'
import { errorMessage } from '../shared/errors.js'

/** What a model driver needs besides its client. */
export interface ModelDriverOptions {
  client: ModelClient
  /** Sets the reasoning effort, as it does for the source. */
  depth: Depth
  /** `source-timeout`: each role call, retries included, ends by then. */
  timeoutMs: number
  maxOutputTokens?: number
}

const SCHEMA_DESCRIPTIONS: Record<DriverRole, string> = {
  verify: 'The verdict on every finding of the request, by key.',
  goal: 'Where the change works against the goal, and a summary of the reading.',
  classify: 'The shared-cause reading, the class of every finding, and the questions for a person.',
  scan: 'The brief of every fix: its predicate, its sites, what it must respect, and any risk.',
  write: 'The edits, each within one site of a brief.',
  fit: 'Whether the applied bundle fits, and the adaptations that make it fit.',
  admit:
    "Whether a person's decision describes the project and holds whatever this review's findings are."
}

/** Each role's response schema (zod), the one the answer is checked against. */
export const DRIVER_RESPONSE_SCHEMAS = {
  verify: VerifyResponseSchema,
  goal: GoalResponseSchema,
  classify: ClassifyResponseSchema,
  scan: ScanResponseSchema,
  write: WriteResponseSchema,
  fit: FitResponseSchema,
  admit: AdmitResponseSchema
} as const

/** A role's response schema as sent to the provider. */
export function driverJsonSchema(role: DriverRole): Record<string, unknown> {
  return strictJsonSchema(DRIVER_RESPONSE_SCHEMAS[role], SCHEMA_DESCRIPTIONS[role])
}

/** A driver backed by a model API. */
export class ModelDriver implements Driver {
  readonly name: 'openai' | 'anthropic'
  readonly label: string

  constructor(private readonly options: ModelDriverOptions) {
    this.name = options.client.provider
    this.label = `${options.client.provider} (${options.client.model})`
  }

  private async ask<T>(
    role: DriverRole,
    user: string,
    schema: z.ZodType<T>
  ): Promise<DriverResult<T>> {
    const { client, depth, timeoutMs } = this.options
    const started = Date.now()
    let text = ''
    try {
      const answer = await client.complete({
        system: PROMPTS[role].system,
        user,
        schema: { name: `driver_${role}`, schema: driverJsonSchema(role) },
        maxOutputTokens: this.options.maxOutputTokens ?? 16_000,
        effort: EFFORT_FOR_DEPTH[depth],
        timeoutMs
      })
      text = answer.text
      const call = [
        `${client.provider} ${answer.model}`,
        answer.effort
          ? `reasoning effort ${answer.effort}`
          : `depth ${depth} (no reasoning effort sent)`,
        `${answer.attempts} ${answer.attempts === 1 ? 'attempt' : 'attempts'}`,
        `${answer.usage.inputTokens} tokens in, ${answer.usage.outputTokens} out`,
        `${Math.round((Date.now() - started) / 1000)} s`,
        `prompt ${PROMPTS[role].version}`
      ].join(', ')
      const parsed = parseJsonText(text)
      if (!parsed.ok) {
        const cut = /max_tokens|length/.test(answer.stopReason)
          ? ` (the answer was cut off: ${answer.stopReason})`
          : ''
        return {
          ok: false,
          cause: `the answer holds no JSON object${cut} [${call}]`,
          returned: bounded(text)
        }
      }
      const value = withoutForcedNulls(parsed.value, plainJsonSchema(schema))
      const read = readAnswer(schema, value, text, call)
      return read.ok ? read : { ...read, cause: `${read.cause} [${call}]` }
    } catch (error) {
      // Never a throw: a failed call is a reading that did not run, and the loop says so.
      const message = errorMessage(error)
      const attempts =
        error instanceof ModelCallError && error.attempts > 1 ? ` (${error.attempts} attempts)` : ''
      return {
        ok: false,
        cause: `${client.provider} call failed: ${message}${attempts}`,
        returned: bounded(text)
      }
    }
  }

  /** One `verify` call. */
  verify(request: VerifyRequest): Promise<DriverResult<VerifyResponse>> {
    return this.ask('verify', renderVerify(request), VerifyResponseSchema)
  }

  /** One `goal` call. */
  goal(request: GoalRequest): Promise<DriverResult<GoalResponse>> {
    return this.ask('goal', renderGoal(request), GoalResponseSchema)
  }

  /** One `classify` call. */
  classify(request: ClassifyRequest): Promise<DriverResult<ClassifyResponse>> {
    return this.ask('classify', renderClassify(request), ClassifyResponseSchema)
  }

  /** One `scan` call. */
  scan(request: ScanRequest): Promise<DriverResult<ScanResponse>> {
    return this.ask('scan', renderScan(request), ScanResponseSchema)
  }

  /** One `write` call. */
  write(request: WriteRequest): Promise<DriverResult<WriteResponse>> {
    return this.ask('write', renderWrite(request), WriteResponseSchema)
  }

  /** One `fit` call. */
  fit(request: FitRequest): Promise<DriverResult<FitResponse>> {
    return this.ask('fit', renderFit(request), FitResponseSchema)
  }

  /** One `admit` call. */
  admit(request: AdmitRequest): Promise<DriverResult<AdmitResponse>> {
    return this.ask('admit', renderAdmit(request), AdmitResponseSchema)
  }
}
