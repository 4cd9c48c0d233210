/** The head's check results in the form review prompts show them. */
import type { ReviewRequest } from './types.js'

/** One line of evidence per check run: its name and conclusion (or status while it runs). */
export function evidenceOf(request: ReviewRequest): { name: string; conclusion: string }[] {
  return (request.evidence?.checks ?? []).map(c => ({
    name: c.name,
    conclusion: c.conclusion ?? c.status
  }))
}
