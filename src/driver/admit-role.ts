/**
 * The driver's `admit` role on the `review-loop/1` wire: before a person's decision may travel to later reviews, the
 * driver reads whether it describes the project and holds independently of the current code's findings (seed 004's
 * Conveyance boundary: design intent, never disposition records or instructions to the reviewer). As with the other
 * roles, the answer is a reading the loop checks (`src/loop/conveyance.ts`), never a fact it takes on trust.
 */
import { z } from 'zod'
import { PROTOCOL } from '../sources/types.js'
import { block, header, pathText, quoted } from './render.js'

/** The `admit` request: the person's words, the question they answered, and the findings it was about. */
export const AdmitRequestSchema = z.strictObject({
  protocol: z.literal(PROTOCOL),
  role: z.literal('admit'),
  round: z.number().int().min(1),
  repository: z.string(),
  /** The person's words, exactly as written (after the option word `decide`, when they gave it). */
  words: z.string(),
  /** The question they answered, as the gate asked it. */
  question: z.string(),
  /** The findings the question was about, so words about them can be told from words about the project. */
  findings: z.array(
    z.strictObject({
      id: z.string(),
      file: z.string(),
      line: z.number().int().min(1),
      description: z.string()
    })
  )
})
export type AdmitRequest = z.infer<typeof AdmitRequestSchema>

// The reading's shape is shared with src/loop/conveyance.ts, which decides on it.
export { AdmitResponseSchema, type AdmitResponse } from '../loop/driver-wire.js'

/** The `admit` request as the model reads it: the words fenced, everything else quoted on one line. */
export function renderAdmit(request: AdmitRequest): string {
  const out = [
    header('admit', request),
    '',
    "## The person's words (quoted)",
    '',
    block(request.words, '(empty)'),
    '',
    `The question they answered (quoted): ${quoted(request.question)}`,
    '',
    '## The findings the question was about',
    ''
  ]
  if (request.findings.length === 0) out.push('None.')
  for (const f of request.findings)
    out.push(`- ${f.id} at ${pathText(f.file)} line ${f.line}: ${quoted(f.description)}`)
  return out.join('\n')
}
