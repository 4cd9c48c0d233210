/** The design-decision ledger: decisions constituted at this loop's gates, and how a later one revises an earlier one. */
import { admission } from './conveyance.js'
import type { Decision, Gate } from './model.js'

/**
 * Whether an answer to `gate` is a decision for the ledger: `decide` at a judgment or design question, or free words
 * where a question takes them (an open conflict, the stall's question).
 */
export function isDecisionAnswer(
  gate: Pick<Gate, 'kind' | 'open'>,
  option: string | undefined
): boolean {
  if (gate.kind !== 'judgment' && gate.kind !== 'design' && gate.kind !== 'stall') return false
  return option === 'decide' || (option === undefined && gate.open)
}

/** A decision's own words: the answer as written, without the option word `decide` in front. */
export function decisionWords(words: string): string {
  return words.replace(/^decide[\s,.:;-]*/i, '')
}

/** The decisions that travel to later reviews: not retired, and admitted as descriptions of the project. */
export function conveyedDecisions(decisions: readonly Decision[]): Decision[] {
  return decisions.filter(d => !d.retired && d.admission?.admitted !== false)
}

/** The decision IDs a person's words say they revise ("revises D1", "supersedes D2", "replaces D3"). */
export function namedRevisions(words: string): string[] {
  return [...words.matchAll(/\b(?:revises|supersedes|replaces)\s+(D\d+)\b/gi)].map(m =>
    m[1]!.toUpperCase()
  )
}

/**
 * Enters the decision a person constituted at `gate`, once per gate. Every path that records a decision comes here,
 * so every one goes through the one admission check (`admission`, conveyance.ts): the reading taken with the answer, or
 * the rules when there was none. A refused decision is kept as the person's words and never conveyed. An admitted one
 * revises every current decision it names, and every current decision all of whose findings this gate rules on again:
 * those are retired (they no longer travel) and returned, so the round's trace can note the retirement. The ledger
 * carries the current direction only; a decision that shares only some findings with this one keeps its ruling on the
 * others.
 */
export function admitDecision(
  decisions: Decision[],
  gate: Gate,
  round: number
): { decision: Decision; retired: Decision[] } {
  const existing = decisions.find(d => d.gate === gate.id)
  if (existing) return { decision: existing, retired: [] }
  const answer = gate.answer
  if (!answer) throw new Error(`admitDecision: ${gate.id} has no answer`)
  const words = decisionWords(answer.words)
  // Read when the answer was taken (with the driver, when there was one); an answer taken before that, by the rules.
  const admitted = answer.admission ?? admission(words)
  const decision: Decision = {
    id: `D${decisions.length + 1}`,
    gate: gate.id,
    findings: gate.findings,
    words,
    by: answer.by,
    at: answer.at,
    admission: admitted
  }
  // Words that may not travel revise nothing: the decision they would retire goes on being conveyed.
  if (!admitted.admitted) {
    decisions.push(decision)
    return { decision, retired: [] }
  }
  const named = namedRevisions(words)
  // About the same findings: every finding the earlier decision ruled on is ruled on again here.
  const retired = decisions.filter(
    d =>
      !d.retired &&
      (named.includes(d.id) ||
        (d.findings.length > 0 && d.findings.every(f => gate.findings.includes(f))))
  )
  for (const earlier of retired) earlier.retired = { by: decision.id, round }
  if (retired.length > 0) decision.supersedes = retired.map(d => d.id).join(', ')
  decisions.push(decision)
  return { decision, retired }
}
