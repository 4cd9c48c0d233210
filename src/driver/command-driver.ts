/** The `command` driver: the `command` input answers the driver's roles (verify, goal, classify, scan, write, fit, admit) on the review-loop/1 wire. */
import type { z } from 'zod'
import { CommandSource } from '../sources/command.js'
import { bounded, plainJsonSchema, readAnswer, withoutForcedNulls } from './answer.js'
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
import { AdmitResponseSchema, type AdmitRequest, type AdmitResponse } from './admit-role.js'
import type { Driver, DriverResult } from './types.js'

/** How to run the command: the same options the `command` source takes. */
export interface CommandDriverOptions {
  command: string
  cwd: string
  /** `source-timeout`, per call. */
  timeoutMs: number
  /** The step's environment; the action's credentials and every provider key are withheld, as for the source. */
  env?: NodeJS.ProcessEnv
  maxOutputBytes?: number
  killGraceMs?: number
}

/**
 * Runs the command once per role call, exactly as the `command` source runs it for `review` (same shell, working
 * directory, withheld environment, output cap and timeout), and checks its answer against the role's schema.
 */
export class CommandDriver implements Driver {
  readonly name = 'command'
  readonly label = 'command'
  private readonly runner: CommandSource

  constructor(options: CommandDriverOptions) {
    this.runner = new CommandSource(options)
  }

  private async ask<T>(request: object, schema: z.ZodType<T>): Promise<DriverResult<T>> {
    const answer = await this.runner.call(request)
    if (!answer.ok) return { ok: false, cause: answer.cause, returned: bounded(answer.returned) }
    // A null where the schema has an optional field reads as absent, as it does for the model drivers.
    const value = withoutForcedNulls(answer.value, plainJsonSchema(schema))
    return readAnswer(schema, value, answer.returned)
  }

  /** One `verify` call. */
  verify(request: VerifyRequest): Promise<DriverResult<VerifyResponse>> {
    return this.ask(request, VerifyResponseSchema)
  }

  /** One `goal` call. */
  goal(request: GoalRequest): Promise<DriverResult<GoalResponse>> {
    return this.ask(request, GoalResponseSchema)
  }

  /** One `classify` call. */
  classify(request: ClassifyRequest): Promise<DriverResult<ClassifyResponse>> {
    return this.ask(request, ClassifyResponseSchema)
  }

  /** One `scan` call. */
  scan(request: ScanRequest): Promise<DriverResult<ScanResponse>> {
    return this.ask(request, ScanResponseSchema)
  }

  /** One `write` call (the request's `tier` says whether it is the writer's or the escalated driver's). */
  write(request: WriteRequest): Promise<DriverResult<WriteResponse>> {
    return this.ask(request, WriteResponseSchema)
  }

  /** One `fit` call. */
  fit(request: FitRequest): Promise<DriverResult<FitResponse>> {
    return this.ask(request, FitResponseSchema)
  }

  /** One `admit` call. */
  admit(request: AdmitRequest): Promise<DriverResult<AdmitResponse>> {
    return this.ask(request, AdmitResponseSchema)
  }
}
