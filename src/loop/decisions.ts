/** The design-decision ledger: decisions constituted at this loop's gates, and how a later one revises an earlier one. */
import type { Decision, Gate } from './model.js'

/** The decision IDs a person's words say they revise ("revises D1", "supersedes D2", "replaces D3"). */
export function namedRevisions(words: string): string[] {
  return [...words.matchAll(/\b(?:revises|supersedes|replaces)\s+(D\d+)\b/gi)].map(m =>
    m[1]!.toUpperCase()
  )
}

/**
 * Admits the decision a person constituted at `gate` (answered with `decide`), once per gate. It revises every current
 * decision it names, and every current decision all of whose findings this gate rules on again: those are retired
 * (they no longer travel) and returned, so the round's trace can note the retirement. The ledger carries the current
 * direction only; a decision that shares only some findings with this one keeps its ruling on the others.
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
  const words = answer.words.replace(/^decide[\s,.:;-]*/i, '')
  const decision: Decision = {
    id: `D${decisions.length + 1}`,
    gate: gate.id,
    findings: gate.findings,
    words,
    by: answer.by,
    at: answer.at
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
