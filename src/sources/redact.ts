/** Removes known secret values from what a source returned, before it is stored or shown anywhere. */
import type { MalformedFinding, ReviewOutcome, SourceFinding } from './types.js'

const MARK = '[redacted]'

/** The text with every secret value replaced. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret) out = out.split(secret).join(MARK)
  return out
}

function finding(f: SourceFinding, secrets: readonly string[]): SourceFinding {
  const out: SourceFinding = { ...f, description: redactText(f.description, secrets) }
  // A quote from the code can hold a secret the code itself holds: it is redacted like the rest.
  if (f.evidence !== undefined) out.evidence = redactText(f.evidence, secrets)
  if (f.expectation !== undefined) out.expectation = redactText(f.expectation, secrets)
  if (f.fix) out.fix = { ...f.fix, replacement: redactText(f.fix.replacement, secrets) }
  return out
}

function malformed(m: MalformedFinding, secrets: readonly string[]): MalformedFinding {
  return {
    ...m,
    raw: JSON.parse(redactText(JSON.stringify(m.raw ?? null), secrets)) as unknown,
    problems: m.problems.map(p => redactText(p, secrets))
  }
}

/** A source's outcome with every secret value removed from its text. */
export function redactOutcome(outcome: ReviewOutcome, secrets: readonly string[]): ReviewOutcome {
  if (outcome.kind === 'no-review') {
    return {
      ...outcome,
      cause: redactText(outcome.cause, secrets),
      returned: redactText(outcome.returned, secrets)
    }
  }
  const out: ReviewOutcome = {
    ...outcome,
    findings: outcome.findings.map(f => finding(f, secrets)),
    malformed: outcome.malformed.map(m => malformed(m, secrets))
  }
  if (outcome.unmapped !== undefined) out.unmapped = redactText(outcome.unmapped, secrets)
  if (outcome.call !== undefined) out.call = redactText(outcome.call, secrets)
  if (outcome.direction) {
    out.direction = {
      mechanism: redactText(outcome.direction.mechanism, secrets),
      falsifier: redactText(outcome.direction.falsifier, secrets)
    }
  }
  return out
}

/** A correction's result with every secret value removed. */
export function redactCorrection(
  result: { findings: SourceFinding[]; malformed: MalformedFinding[] },
  secrets: readonly string[]
): { findings: SourceFinding[]; malformed: MalformedFinding[] } {
  return {
    findings: result.findings.map(f => finding(f, secrets)),
    malformed: result.malformed.map(m => malformed(m, secrets))
  }
}
