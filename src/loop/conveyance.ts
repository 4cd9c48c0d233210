/**
 * What may reach the reviewer besides the intent bundle (seed 004's Conveyance boundary). A CLI source reads the
 * checkout and its history, so a fix commit's message is conveyance too: it says that it is the loop's fix commit for a
 * round and where the trace is, never a finding's words, an ID list or what became of a finding. A person's decision
 * travels in every later request, so it is admitted only as a description of the project.
 */
import type { AdmitResponse } from './driver-wire.js'
import type { Admission } from './model.js'

// The shapes the Conveyance boundary forbids: instructions about what not to report, do-not-reflag lists,
// fix-status claims, and conditions on the verdict.
const SUPPRESSION = [
  /\b(?:do not|don't|never|avoid|stop|refrain from|no need to|need not|should not|shouldn't|must not|mustn't)\s+(?:re-?)?(?:flag|report|raise|mention|comment on|point out|recommend|suggest|list)\w*/gi,
  /\bdo-not-(?:re-?)?flag\w*/gi,
  /\b(?:already|has been|have been|was|were|is now|are now)\s+(?:fixed|addressed|resolved|dismissed|deferred|waived)\b/gi,
  /\b(?:you must|you should|please|must|should)\s+approve\b/gi,
  /\bapprove\s+(?:if|when|unless|once)\b/gi,
  /\bignore\s+(?:the|this|these|that|those|any|all)\s+(?:findings?|issues?|absences?|problems?)\b/gi
]

/**
 * Phrases in `text` that cross the Conveyance boundary (an instruction about what not to flag, a fix-status claim,
 * a condition on the verdict). The prompt's own wording has none; a caller can check decisions with it before
 * they are admitted, since composeReviewPrompt conveys a decision's words as given.
 */
export function suppressionPhrases(text: string): string[] {
  return SUPPRESSION.flatMap(pattern => [...text.matchAll(pattern)].map(m => m[0]))
}

/** The message of the loop's fix commit for `round`: what it is, and the address of the status comment. */
export function fixCommitMessage(round: number, statusUrl: string): string {
  return [
    `review-loop: fix commit for round ${round}`,
    '',
    `What this round found and did is in the review-loop status comment: ${statusUrl}`
  ].join('\n')
}

/**
 * Phrasings that are never a description of the project, whoever reads them: a finding's or question's ID (its words
 * are about this review), and an instruction to the reviewer about what to report or leave out (seed 004: "describing
 * the decision and its basis stays conveyance, while appending an instruction about what the reviewer must not do
 * crosses into suppression").
 */
// Either case: the command parser takes `g1` and `f3` as it takes `G1` and `F3`, and so do the people writing them.
const NAMES_AN_ID = /\b[FG]\d+\b/i
const INSTRUCTS = [
  /(?:^|[.;:!?]\s+)(?:please\s+)?(?:skip|ignore|disregard|overlook|approve)\b/i,
  /\b(?:the\s+)?(?:reviewers?|reviews?|you)\s+(?:can|may|should|could|must|need to|are to|will)\s+(?:safely\s+|just\s+)?(?:skip|ignore|disregard|overlook|leave out|not\s+(?:look|check|review|report|flag|raise))\w*/i,
  /\bno need to (?:review|check|look at|flag|report|raise)\b/i,
  /\b(?:only|just)\s+(?:report|flag|raise)\b/i,
  /\b(?:report|flag)\s+only\b/i,
  // A verdict on what a review found, not a description of the project: each span is bounded, so the scan is linear.
  /\bleave\s+[^.;!?\n]{1,80}?\s+alone\b/i,
  /\btreat\s+[^.;!?\n]{1,80}?\s+as\s+(?:correct|fine|intended|acceptable|ok(?:ay)?|valid)\b/i,
  /\b(?:is|are|was|were)\s+not\s+(?:a\s+)?(?:bugs?|an?\s+issue|issues|a\s+problem|problems)\b/i
]
const DECLARES_SCOPE = [
  /\b(?:out of|outside(?:\s+(?:the|its|our|this))?|beyond(?:\s+(?:the|its|our|this))?)\s+scope\b/i,
  /\bout-of-scope\b/i,
  /\bnot in scope\b/i,
  /\b(?:another|its own|a separate|a different|a later|a follow-up)\s+(?:PR|pull request)\b/i
]

/** An instruction to the reviewer in `words`, quoted, or undefined. */
export function instructionIn(words: string): string | undefined {
  const found = [...suppressionPhrases(words)]
  for (const pattern of INSTRUCTS) {
    const m = pattern.exec(words)
    if (m) found.push(m[0].replace(/^[.;:!?]\s+/, ''))
  }
  return found[0]?.trim()
}

/** Why `words` can never travel as a description, whoever reads them; undefined when nothing in their phrasing bars it. */
function barredByPhrasing(words: string): string | undefined {
  const id = NAMES_AN_ID.exec(words)
  if (id)
    return `it names ${id[0]}, which belongs to this review: words about a finding or a question of this review are not a description of the project`
  const instruction = instructionIn(words)
  if (instruction)
    return `"${instruction}" tells a reviewer what to report or leave out, and a reviewer's verdict must stay its own`
  return undefined
}

/**
 * Whether a person's decision may reach the reviewer: only when it describes the project and holds independently of
 * the current code's findings. Whoever reads it, words naming a finding or question ID, or telling a reviewer what to
 * report or skip, never travel. With the driver's `admit` reading (one with a falsifier), the driver judges the rest by
 * meaning; without one (no driver, its call failed, or its reading had no falsifier) the rules refuse, besides, words
 * that declare something out of scope (which settles what this pull request carries, not what the project is). A
 * refused decision is kept as the person's words and settles what it was given for; it is only never conveyed.
 */
export function admission(words: string, reading?: AdmitResponse): Admission {
  const barred = barredByPhrasing(words)
  if (barred) return { admitted: false, by: 'rules', why: barred }
  if (reading && reading.falsifier.trim() !== '') {
    const admitted =
      reading.describes_project && reading.independent_of_findings && !reading.instructs_reviewer
    return { admitted, by: 'driver', why: reading.basis.trim() }
  }
  const scope = DECLARES_SCOPE.map(p => p.exec(words)?.[0]).find(Boolean)
  if (scope)
    return {
      admitted: false,
      by: 'rules',
      why: `"${scope}" declares what this pull request takes on, which is a disposition, not a description of the project`
    }
  return {
    admitted: true,
    by: 'rules',
    why: 'it names no finding, tells a reviewer nothing and declares nothing out of scope'
  }
}
