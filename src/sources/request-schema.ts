/** The requests of the `command` protocol as zod schemas, checked at compile time against the types in types.ts. */
import { z } from 'zod'
import type { Intent, ReviewRequest } from './types.js'
import { PROTOCOL } from './types.js'

/**
 * Design intent, mirroring `Intent` in types.ts. Closed: nothing but design intent travels (the conveyance boundary),
 * so a field for fix status, a do-not-report list or a verdict instruction is refused, not passed on.
 */
export const IntentSchema = z.strictObject({
  rules: z.array(
    z.strictObject({
      path: z.string(),
      why: z.string(),
      line: z.number().int().min(1).optional()
    })
  ),
  design_comments: z.array(
    z.strictObject({
      path: z.string(),
      line: z.number().int().min(1),
      why: z.string().optional()
    })
  ),
  goal: z
    .strictObject({
      path: z.string(),
      section: z.string(),
      line: z.number().int().min(1).optional()
    })
    .nullable()
    .meta({ description: 'Where the project says what it is for; null where it declares none.' }),
  authority_order: z.array(z.string()).nullable().meta({
    description:
      'The order of authority the project declares among its surfaces, highest first; null where it declares none.'
  }),
  authority_declared_in: z.string().optional(),
  decisions: z.array(z.strictObject({ id: z.string(), decision: z.string(), basis: z.string() })),
  severity_steer: z.string()
})

const requestFields = {
  protocol: z.literal(PROTOCOL),
  round: z.number().int().min(1),
  repository: z
    .string()
    .meta({ description: 'Absolute path of the checkout (the working directory).' }),
  base_sha: z.string(),
  head_sha: z.string(),
  changed_files: z.array(z.string()),
  intent: IntentSchema,
  evidence: z
    .object({
      checks: z.array(
        z.object({ name: z.string(), status: z.string(), conclusion: z.string().nullable() })
      ),
      note: z.string().optional()
    })
    .optional()
    .meta({ description: "The head's check results: verification evidence the source may weigh." }),
  depth: z
    .enum(['quick', 'standard', 'deep'])
    .optional()
    .meta({ description: 'How hard the source is asked to work.' })
}

const reviewRequestShape = z.object({ ...requestFields, role: z.literal('review') })

/** The `review` role's request, mirroring `ReviewRequest` in types.ts (fields may be added). */
export const ReviewRequestSchema = reviewRequestShape.loose().meta({
  title: 'review-loop/1 review request',
  description: 'What the action writes to the command\'s stdin for role "review".'
})

// Compile-time guards: the request schemas and the interfaces in types.ts must describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const intentMatches: Same<z.infer<typeof IntentSchema>, Intent> = true
const requestMatches: Same<z.infer<typeof reviewRequestShape>, ReviewRequest> = true
void intentMatches
void requestMatches

/** One malformed finding as the `correct` role sends it back. */
export const MalformedEntrySchema = z.object({
  index: z.number().int().meta({
    description:
      "Position in the review response's findings array; -1 for a finding that has no position of its own."
  }),
  finding: z
    .unknown()
    .meta({ description: 'The finding exactly as it came back (null if missing).' }),
  problems: z.array(z.string()).meta({ description: 'What is wrong with it, in words.' })
})

const correctRequestShape = z.object({
  ...requestFields,
  role: z.literal('correct'),
  malformed: z.array(MalformedEntrySchema)
})

/** The `correct` role's request: the review request's fields, role `correct`, and the malformed findings. */
export const CorrectRequestSchema = correctRequestShape.loose().meta({
  title: 'review-loop/1 correct request',
  description:
    'Sent at most once per round when findings came back malformed: answer with {"findings": [...]} holding the corrected findings.'
})

/** The `correct` role's request as typed data. */
export type CorrectRequest = Omit<ReviewRequest, 'role'> & {
  role: 'correct'
  malformed: { index: number; finding: unknown; problems: string[] }[]
}

const correctMatches: Same<z.infer<typeof correctRequestShape>, CorrectRequest> = true
void correctMatches
