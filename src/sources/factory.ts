/** Builds the designated review source for one run. */
import type { Settings } from '../action/inputs.js'
import { fileDiff } from './change-diff.js'
import { createModelClient } from '../models/index.js'
import { ClaudeCodeSource } from './claude-code.js'
import { CodexSource } from './codex.js'
import { CommandSource } from './command.js'
import { evidenceOf } from './evidence.js'
import { extractReview } from './extract.js'
import { ModelSource } from './model-source.js'
import { composeReviewPrompt, type DiffMaterial } from './prompt.js'
import { apiKeyFor } from './registry.js'
import type { ReviewRequest, ReviewSource } from './types.js'

/** What every source is built with. */
export interface SourceContext {
  settings: Settings
  /** The checkout of the PR head. */
  cwd: string
  env: NodeJS.ProcessEnv
  /** The workflow's `model` and `base-url` inputs were written for this source (false after a switch to another). */
  configured?: boolean
}

/** The models used when the `model` input is empty (documented in docs/sources/). */
export const DEFAULT_MODELS = { openai: 'gpt-5', anthropic: 'claude-sonnet-4-5' } as const

/** Models that take a reasoning effort (OpenAI's reasoning families). */
const REASONING = /^(o\d|gpt-5)/

/** Each changed file's diff between the request's base and head, read from the checkout. */
async function diffsOf(cwd: string, request: ReviewRequest): Promise<DiffMaterial[]> {
  const diffs: DiffMaterial[] = []
  for (const file of request.changed_files) {
    const patch = await fileDiff(cwd, request, file)
    if (patch.trim() !== '') diffs.push({ file, patch })
  }
  return diffs
}

/** The source called `name`. */
export function createSource(name: string, ctx: SourceContext): ReviewSource {
  const { cwd, env } = ctx
  // A source switched to after a round without a verdict takes its own defaults, not another source's model or URL.
  const settings: Settings =
    ctx.configured === false
      ? { ...ctx.settings, model: undefined, baseUrl: undefined }
      : ctx.settings
  const timeoutMs = settings.sourceTimeoutSeconds * 1000
  const depth = settings.depth
  switch (name) {
    case 'command':
      return new CommandSource({ command: settings.command ?? '', cwd, timeoutMs })
    case 'openai':
    case 'anthropic': {
      const model = settings.model ?? DEFAULT_MODELS[name]
      const baseUrl =
        settings.baseUrl ??
        (name === 'openai' ? env.OPENAI_BASE_URL : env.ANTHROPIC_BASE_URL) ??
        undefined
      const apiKey = apiKeyFor(name, settings, env) ?? ''
      const client =
        name === 'openai'
          ? createModelClient({
              provider: 'openai',
              model,
              apiKey,
              ...(settings.openaiApiVersion
                ? {
                    azure: {
                      endpoint: settings.baseUrl ?? '',
                      deployment: model,
                      apiVersion: settings.openaiApiVersion
                    }
                  }
                : { baseUrl }),
              reasoning: REASONING.test(model)
            })
          : createModelClient({ provider: 'anthropic', model, apiKey, baseUrl })
      return new ModelSource({
        name,
        client,
        depth,
        timeoutMs,
        budgetChars: settings.reviewBudget,
        material: async request => ({ diffs: await diffsOf(cwd, request), excerpts: [] })
      })
    }
    case 'codex':
    case 'claude-code': {
      const options = {
        cwd,
        timeoutMs,
        depth,
        model: settings.model,
        env,
        compose: (request: ReviewRequest) =>
          composeReviewPrompt(request, {
            canReadRepository: true,
            depth,
            evidence: evidenceOf(request)
          }),
        extract: extractReview,
        apiKey: name === 'codex' ? settings.openaiApiKey : settings.anthropicApiKey
      }
      return name === 'codex' ? new CodexSource(options) : new ClaudeCodeSource(options)
    }
    default:
      throw new Error(`There is no review source called '${name}'.`)
  }
}
