/** The `openai` and `anthropic` sources: a model that cannot read the repository, sent the diff and excerpts in parts. */
import { ModelCallError, type Effort, type ModelClient } from '../models/index.js'
import { evidenceOf } from './evidence.js'
import { extractReview } from './extract.js'
import { mergePartOutcomes, partBudget, planParts } from './parts.js'
import {
  composeReviewPrompt,
  reviewResponseJsonSchema,
  type DiffMaterial,
  type Excerpt
} from './prompt.js'
import { readCorrectResponse, readReviewResponse } from './review-response.js'
import type {
  Depth,
  MalformedFinding,
  ReviewOutcome,
  ReviewRequest,
  ReviewSource,
  SourceFinding
} from './types.js'
import { errorMessage } from '../shared/errors.js'

/** Depth as reasoning effort. */
export const EFFORT_FOR_DEPTH: Record<Depth, Effort> = {
  quick: 'low',
  standard: 'medium',
  deep: 'high'
}

/** What the model source needs besides its client. */
export interface ModelSourceOptions {
  name: 'openai' | 'anthropic'
  client: ModelClient
  depth: Depth
  /** The whole review call, all parts, ends by then. */
  timeoutMs: number
  /** The most characters of diff and excerpts one request carries. */
  budgetChars: number
  maxOutputTokens?: number
  /** The diffs and excerpts for a request, read from the checkout (the model cannot read it). */
  material(request: ReviewRequest): Promise<{ diffs: DiffMaterial[]; excerpts: Excerpt[] }>
}

/** Parses a model's answer: JSON as asked, or JSON inside prose (the prose is kept, never thrown away). */
function parseAnswer(text: string): { value: unknown; leftover: string } {
  try {
    return { value: JSON.parse(text) as unknown, leftover: '' }
  } catch {
    return extractReview(text)
  }
}

/** What a review's parts used, counted across its calls, and the prose found around their answers. */
interface Tally {
  notes: string[]
  tokensIn: number
  tokensOut: number
  effort?: string
}

/** A review source backed by a model API. */
export class ModelSource implements ReviewSource {
  readonly reportsReach = true
  readonly name: string

  constructor(private readonly options: ModelSourceOptions) {
    this.name = options.name
  }

  /** Reviews the change in as many parts as the budget needs, one call each, merged into one outcome. */
  async review(request: ReviewRequest): Promise<ReviewOutcome> {
    const { client, depth } = this.options
    const started = Date.now()
    const material = await this.options.material(request)
    const evidence = evidenceOf(request)
    const base = { canReadRepository: false, depth, evidence }
    // The budget bounds the whole user prompt; what is left after intent and evidence goes to diffs, in parts.
    let room: number
    try {
      room = partBudget(
        request,
        { ...base, material: { diffs: [], excerpts: material.excerpts } },
        this.options.budgetChars
      )
    } catch (error) {
      // The intent alone over the budget: nothing could be sent, so this round has no review (never a crash).
      return { kind: 'no-review', cause: errorMessage(error), returned: '' }
    }
    const plan = planParts(material.diffs, room)
    const outcomes: ReviewOutcome[] = []
    const tally: Tally = { notes: [], tokensIn: 0, tokensOut: 0 }
    for (const [i, part] of plan.parts.entries()) {
      const prompt = composeReviewPrompt(request, {
        ...base,
        material: { diffs: part.diffs, excerpts: material.excerpts },
        part: plan.parts.length > 1 ? { index: i + 1, count: plan.parts.length } : undefined
      })
      const remaining = this.options.timeoutMs - (Date.now() - started)
      if (remaining < 1_000) {
        // The round's time ran out: what was not sent is reported unreached, never silently skipped.
        for (const rest of plan.parts.slice(i)) {
          for (const d of rest.diffs) {
            plan.unreviewed.push({
              file: d.file,
              why: 'the source-timeout ran out before this part was sent'
            })
          }
        }
        break
      }
      outcomes.push(await this.reviewPart(prompt, remaining, tally))
    }
    const merged = mergePartOutcomes(outcomes, plan.unreviewed)
    const call = [
      `${client.provider} ${client.model}`,
      tally.effort
        ? `reasoning effort ${tally.effort}`
        : `depth ${depth} (no reasoning effort sent)`,
      plan.parts.length > 1 ? `${plan.parts.length} parts` : undefined,
      `${tally.tokensIn} tokens in, ${tally.tokensOut} out`,
      `${Math.round((Date.now() - started) / 1000)} s`
    ]
      .filter(Boolean)
      .join(', ')
    if (merged.kind === 'review') {
      merged.call = call
      if (tally.notes.length > 0) merged.unmapped = tally.notes.join('\n\n')
    } else merged.cause = `${merged.cause} [${call}]`
    return merged
  }

  /** One part's call and its outcome; the tokens and effort it used, and prose around its answer, go on `tally`. */
  private async reviewPart(
    prompt: { system: string; user: string },
    remaining: number,
    tally: Tally
  ): Promise<ReviewOutcome> {
    const { client, depth } = this.options
    try {
      const answer = await client.complete({
        system: prompt.system,
        user: prompt.user,
        schema: { name: 'review', schema: reviewResponseJsonSchema() },
        maxOutputTokens: this.options.maxOutputTokens ?? 16_000,
        effort: EFFORT_FOR_DEPTH[depth],
        timeoutMs: remaining
      })
      tally.tokensIn += answer.usage.inputTokens
      tally.tokensOut += answer.usage.outputTokens
      tally.effort = answer.effort ?? tally.effort
      const { value, leftover } = parseAnswer(answer.text)
      const outcome: ReviewOutcome =
        value === undefined
          ? {
              kind: 'no-review',
              cause: 'the answer holds no JSON review, only prose',
              returned: answer.text
            }
          : readReviewResponse(value, answer.text)
      if (outcome.kind === 'review' && leftover)
        tally.notes.push(`prose around the answer: ${leftover}`)
      if (outcome.kind === 'no-review' && answer.stopReason.match(/max_tokens|length/)) {
        outcome.cause = `${outcome.cause} (the answer was cut off: ${answer.stopReason})`
      }
      return outcome
    } catch (error) {
      if (!(error instanceof ModelCallError)) throw error
      return {
        kind: 'no-review',
        cause: `${client.provider} call failed: ${error.message}`,
        returned: ''
      }
    }
  }

  /** One more call asking the model to correct the findings it returned malformed. */
  async correct(
    request: ReviewRequest,
    malformed: MalformedFinding[]
  ): Promise<{ findings: SourceFinding[]; malformed: MalformedFinding[] }> {
    const listing = malformed
      .map(
        m => `- finding ${m.index}: ${JSON.stringify(m.raw)}\n  problems: ${m.problems.join('; ')}`
      )
      .join('\n')
    const prompt = composeReviewPrompt(request, {
      canReadRepository: false,
      depth: this.options.depth,
      material: { diffs: [], excerpts: [] }
    })
    try {
      const answer = await this.options.client.complete({
        system: prompt.system,
        user: `Your last answer in this review had findings that cannot be read:\n\n${listing}\n\nAnswer with a JSON object {"findings": [...]} holding those findings corrected (leave out any you withdraw). A critical or high finding carries evidence (the code at the head that shows the defect, quoted from the file) and expectation (what that code breaks).`,
        schema: { name: 'corrected_findings', schema: correctedSchema() },
        maxOutputTokens: 8_000,
        timeoutMs: Math.min(this.options.timeoutMs, 300_000)
      })
      const read = readCorrectResponse(parseAnswer(answer.text).value)
      if (read.ok) return { findings: read.findings, malformed: read.malformed }
      return {
        findings: [],
        malformed: malformed.map(m => ({
          ...m,
          problems: [...m.problems, `correction failed: ${read.cause}`]
        }))
      }
    } catch (error) {
      const cause = errorMessage(error)
      return {
        findings: [],
        malformed: malformed.map(m => ({
          ...m,
          problems: [...m.problems, `correction failed: ${cause}`]
        }))
      }
    }
  }
}

function correctedSchema(): Record<string, unknown> {
  const review = reviewResponseJsonSchema() as {
    properties?: Record<string, unknown>
    $defs?: unknown
  }
  return {
    type: 'object',
    properties: { findings: review.properties?.findings ?? { type: 'array' } },
    required: ['findings'],
    additionalProperties: false,
    ...(review.$defs ? { $defs: review.$defs } : {})
  }
}
