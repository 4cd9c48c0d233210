/** Builds the designated review source for one run. */
import type { Settings } from '../action/inputs.js'
import { fileDiff } from './change-diff.js'
import { Git } from '../git/git.js'
import { createModelClient } from '../models/index.js'
import { ClaudeCodeSource } from './claude-code.js'
import { CodexSource } from './codex.js'
import { CommandSource } from './command.js'
import { evidenceOf } from './evidence.js'
import { extractReview } from './extract.js'
import { ModelSource } from './model-source.js'
import { sectionFrom } from '../intent/section.js'
import { composeReviewPrompt, type DiffMaterial, type Excerpt } from './prompt.js'
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

/** Lines of context around a pointed-to line, and the most characters one excerpt may carry. */
const EXCERPT_LINES = 20
const EXCERPT_CHARS = 4_000

/** The intent's repository pointers dereferenced into bounded excerpts, for a source that cannot read the checkout. */
export async function excerptsOf(cwd: string, request: ReviewRequest): Promise<Excerpt[]> {
  const excerpts: Excerpt[] = []
  const git = new Git(cwd)
  const read = async (path: string): Promise<string[] | undefined> => {
    try {
      return (await git.readFile(request.head_sha, path))?.split('\n')
    } catch {
      return undefined
    }
  }
  const cut = (text: string): string =>
    text.length > EXCERPT_CHARS
      ? `${text.slice(0, EXCERPT_CHARS)}\n[… cut at ${EXCERPT_CHARS} characters]`
      : text
  const { intent } = request
  if (intent.goal) {
    const lines = await read(intent.goal.path)
    if (lines) {
      const line = intent.goal.line ?? 1
      excerpts.push({
        path: intent.goal.path,
        line,
        why: `what the project says it is for (section "${intent.goal.section}")`,
        text: cut(sectionFrom(lines, line, 2 * EXCERPT_LINES).join('\n'))
      })
    }
  }
  for (const rule of intent.rules) {
    const lines = await read(rule.path)
    if (!lines) continue
    const text = rule.line
      ? sectionFrom(lines, rule.line, 2 * EXCERPT_LINES).join('\n')
      : lines.join('\n')
    excerpts.push({ path: rule.path, line: rule.line, why: rule.why, text: cut(text) })
  }
  for (const comment of intent.design_comments) {
    const lines = await read(comment.path)
    if (!lines) continue
    const from = Math.max(0, comment.line - 1 - EXCERPT_LINES)
    const excerpt = lines.slice(from, comment.line + EXCERPT_LINES).join('\n')
    excerpts.push({
      path: comment.path,
      line: comment.line,
      why: comment.why ?? 'a design comment next to the change',
      text: cut(excerpt)
    })
  }
  return excerpts
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
    case 'anthropic':
      return modelSource(name, settings, ctx)
    case 'codex':
    case 'claude-code': {
      const options = {
        cwd,
        timeoutMs,
        depth,
        model: settings.model,
        baseUrl:
          settings.baseUrl ??
          ((name === 'codex' ? env.OPENAI_BASE_URL : env.ANTHROPIC_BASE_URL) || undefined),
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

/** A model API source (`openai` or `anthropic`): its client, and the diffs and excerpts it reads. */
function modelSource(
  name: 'openai' | 'anthropic',
  settings: Settings,
  ctx: SourceContext
): ReviewSource {
  const { cwd, env } = ctx
  const timeoutMs = settings.sourceTimeoutSeconds * 1000
  const depth = settings.depth
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
      : createModelClient({
          provider: 'anthropic',
          model,
          apiKey,
          baseUrl,
          // Extended thinking for a deep review; a quicker one asks the model to answer directly.
          thinking: depth === 'deep' ? 'budget' : undefined
        })
  return new ModelSource({
    name,
    client,
    depth,
    timeoutMs,
    budgetChars: settings.reviewBudget,
    material: async request => ({
      diffs: await diffsOf(cwd, request),
      excerpts: await excerptsOf(cwd, request)
    })
  })
}
