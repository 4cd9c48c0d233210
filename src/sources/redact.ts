/**
 * Removes secrets from what a source returned, before it is stored or shown anywhere: the exact values of the keys the
 * action knows, also in simple encodings (base64 at all three alignments, also wrapped across lines, hex, URL
 * encoding, with separators between characters), and anything shaped like a secret (`scrubSecretShapes`), which
 * catches keys the action cannot know.
 */
import { scrubSecretShapes } from './sanitise.js'
import type { MalformedFinding, ReviewOutcome, SourceFinding } from './types.js'

const MARK = '[redacted]'

/** The shortest secret value whose encodings are looked for (shorter ones would match ordinary text). */
const MIN_SECRET = 8

/** The base64 characters a secret alone decides, at each of the three byte alignments, standard and URL-safe. */
function base64Cores(secret: Buffer): string[] {
  const cores: string[] = []
  for (let pad = 0; pad < 3; pad++) {
    const encoded = Buffer.concat([Buffer.alloc(pad), secret]).toString('base64')
    const start = Math.ceil((pad * 4) / 3)
    const end = Math.floor(((pad + secret.length) * 4) / 3)
    const core = encoded.slice(start, end)
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return cores
}

/** Every encoded form of one secret value that is looked for as a literal, longest first. */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const hex = bytes.toString('hex')
  const percent = [...bytes].map(b => `%${b.toString(16).padStart(2, '0')}`).join('')
  const forms = new Set([
    secret,
    ...base64Cores(bytes),
    hex,
    hex.toUpperCase(),
    percent,
    percent.toUpperCase(),
    encodeURIComponent(secret)
  ])
  return [...forms].filter(f => f.length >= MIN_SECRET).sort((a, b) => b.length - a.length)
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/** The values of the `secrets-to-redact` input: one a line, blank lines and surrounding spaces left out. */
export function secretLines(input: string | undefined): string[] {
  return (input ?? '')
    .split(/\r?\n/)
    .map(line => line.trim())
    .filter(line => line !== '')
}

/**
 * Characters a leak may put between a secret's characters: spaces, line breaks, punctuation, and the invisible ones
 * (zero-width space, non-joiner and joiner, word joiner, soft hyphen): a reader sees, and copies, the key whole.
 */
const SEPARATORS = '[\\s\\-.,:;|/\\\\\'"`*_+\\u200B-\\u200D\\u2060\\u00AD]{0,3}'

/**
 * The secret with up to three separator characters between any two of its characters (`g h p _ …`, `g-h-p-…`,
 * one character a line). Linear in the text: each character of the secret is a literal between bounded runs.
 */
function separatedPattern(secret: string): RegExp {
  return new RegExp([...secret].map(escapeRegExp).join(SEPARATORS), 'g')
}

/** A line break, and the indentation after it, between two characters of a wrapped encoding (`base64`, PEM, YAML). */
const WRAP = '(?:\\r?\\n[ \\t]{0,8})?'

/**
 * The secret's base64 forms with a line break allowed between any two characters: `base64` wraps at 76 characters and
 * PEM at 64, so a key encoded inside a longer text is cut across lines. Linear in the text, as `separatedPattern` is.
 */
function wrappedPattern(secret: string): RegExp {
  const cores = base64Cores(Buffer.from(secret, 'utf8')).filter(c => c.length >= MIN_SECRET)
  return new RegExp(
    [...new Set(cores)].map(core => [...core].map(escapeRegExp).join(WRAP)).join('|'),
    'g'
  )
}

const patterns = new Map<string, RegExp>()
const wraps = new Map<string, RegExp>()

/** The text with every known secret value (in any of its encodings) and anything shaped like a secret replaced. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (!secret) continue
    for (const form of secret.length >= MIN_SECRET ? secretForms(secret) : [secret])
      out = out.split(form).join(MARK)
    if (secret.length < MIN_SECRET) continue
    let separated = patterns.get(secret)
    if (!separated) patterns.set(secret, (separated = separatedPattern(secret)))
    out = out.replace(separated, MARK)
    let wrapped = wraps.get(secret)
    if (!wrapped) wraps.set(secret, (wrapped = wrappedPattern(secret)))
    out = out.replace(wrapped, MARK)
  }
  return scrubSecretShapes(out).text
}

function finding(f: SourceFinding, secrets: readonly string[]): SourceFinding {
  // The path too: a finding can name a file after a key (`keys/<token>.txt`), and the path is shown on every surface.
  const out: SourceFinding = {
    ...f,
    file: redactText(f.file, secrets),
    description: redactText(f.description, secrets)
  }
  // A quote from the code can hold a secret the code itself holds: it is redacted like the rest.
  if (f.evidence !== undefined) out.evidence = redactText(f.evidence, secrets)
  if (f.expectation !== undefined) out.expectation = redactText(f.expectation, secrets)
  if (f.fix) out.fix = { ...f.fix, replacement: redactText(f.fix.replacement, secrets) }
  if (f.downgraded)
    out.downgraded = { ...f.downgraded, basis: redactText(f.downgraded.basis, secrets) }
  return out
}

/** A malformed finding as sent, redacted as JSON text: kept as that text when redaction broke its JSON. */
function redactRaw(raw: unknown, secrets: readonly string[]): unknown {
  const text = redactText(JSON.stringify(raw ?? null), secrets)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

function malformed(m: MalformedFinding, secrets: readonly string[]): MalformedFinding {
  return {
    ...m,
    raw: redactRaw(m.raw, secrets),
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
