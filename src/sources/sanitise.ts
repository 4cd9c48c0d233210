/** Cleans text a pull request's author wrote before any model reads it: hidden comments, invisible characters, secrets. */

/** What sanitising removed, by kind. */
export type RemovedKind =
  | 'hidden-comment'
  | 'bidi-control'
  | 'invisible-character'
  | 'private-key'
  | 'github-token'
  | 'aws-access-key'
  | 'anthropic-key'
  | 'openai-key'
  | 'slack-token'
  | 'google-api-key'
  | 'npm-token'
  | 'jwt'
  | 'url-credentials'
  | 'credential'

/** The visible stand-in for anything shaped like a secret. */
export const SECRET_PLACEHOLDER = '[removed: looks like a secret]'

/** Sanitised text and what was taken out of it (kinds with a count above zero, in a fixed order). */
export interface Sanitised {
  text: string
  removed: { kind: RemovedKind; count: number }[]
}

const KIND_ORDER: RemovedKind[] = [
  'hidden-comment',
  'bidi-control',
  'invisible-character',
  'private-key',
  'github-token',
  'aws-access-key',
  'anthropic-key',
  'openai-key',
  'slack-token',
  'google-api-key',
  'npm-token',
  'jwt',
  'url-credentials',
  'credential'
]

// Embedding and isolate controls reorder what a reader sees against what a model reads (Trojan Source).
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu

// Format (Cf) and control (Cc) characters, lone surrogates, and characters that render as nothing
// although they are letters or marks (Hangul fillers, the combining grapheme joiner, Khmer inherent vowels).
const INVISIBLE =
  /[\p{Cf}\p{Cs}\u115F\u1160\u2028\u2029\u3164\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|[^\n\t\P{Cc}]/gu

// Variation selectors carry hidden bytes when stacked; one FE0E/FE0F after a character is ordinary emoji styling.
const VARIATION_SELECTORS = /(?:[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}])+/gu

// Only `-->` ends a comment here, even where HTML would end it sooner (`<!-->`): removing too much is the safe error.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g
// `[//]: # (…)` and its kin: a link definition pointing nowhere, the Markdown idiom for a comment.
const MARKDOWN_COMMENT =
  /^ {0,3}\[[^\]\n]+\]:[ \t]*(?:#|<>)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$\n?/gm

/**
 * One shape of secret: a pattern whose matches are replaced, or a scan of its own where no regular expression would run
 * in linear time. Every pattern here runs in time linear in the text (held to a bound on 256 KB of adversarial input by
 * a test): a match can start only where a run of its characters starts (a lookbehind, never `\b` inside a run), and
 * no two adjacent quantifiers can trade characters.
 */
type SecretRule =
  | {
      kind: RemovedKind
      pattern: RegExp
      /** The replacement for one match, or `null` where the match is not a secret after all; default: all of it. */
      replace?: (match: string, ...groups: string[]) => string | null
    }
  | { kind: RemovedKind; scan: (text: string, count: () => void) => string }

/** `-----BEGIN … PRIVATE KEY-----` through its own end marker: found with indexOf, once per marker kind. */
function privateKeyBlocks(text: string, count: () => void): string {
  const begin = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----/g
  const unended = new Set<string>()
  let out = ''
  let last = 0
  for (const m of text.matchAll(begin)) {
    if (m.index < last) continue
    const end = `-----END ${m[1] ?? ''}PRIVATE KEY${m[2] ?? ''}-----`
    if (unended.has(end)) continue
    const at = text.indexOf(end, m.index + m[0].length)
    if (at < 0) {
      unended.add(end)
      continue
    }
    out += text.slice(last, m.index) + SECRET_PLACEHOLDER
    last = at + end.length
    count()
  }
  return out + text.slice(last)
}

const SECRET_WORDS = ['key', 'token', 'secret', 'password', 'passwd', 'pwd', 'credential', 'auth']
/** A name-like run: where a `API_KEY`, `password` or `authToken` can stand. */
const NAME_RUN = /(?<![A-Za-z0-9_.-])[A-Za-z0-9_.-]+/g
/** After a secret's name: a quote, an assignment or `is`, a quote, then the value (sticky, at the name's end). */
const AFTER_NAME = /["']?[ \t]*(?:(?:[:=]|=>|is(?=[ \t]))[ \t]*)?["'`]?([A-Za-z0-9+/_.=-]{16,})/y

/**
 * The whole shape of a key the action's own ledger is saved under (src/ledger/cache-store.ts, `ledgerCacheKey`): the
 * repository's name reduced to `[A-Za-z0-9._-]`, the PR, an 8-digit revision, an optional 16-hex digest, the run and its
 * attempt. A message naming one (how to recover a revision) would otherwise read as `key <random value>`.
 */
const LEDGER_KEY =
  /^review-loop-ledger-[A-Za-z0-9._-]+-pr\d+-rev\d{8}(?:-[0-9a-f]{16})?-run\d+-\d+$/

/**
 * A long random-looking value next to a word that names a secret (`API_KEY=…`, `password: "…"`, `token …`, or glued
 * on as `apiKey_…`): each name-like run is read once, and what follows it once.
 */
function namedCredentials(text: string, count: () => void): string {
  let out = ''
  let last = 0
  for (const m of text.matchAll(NAME_RUN)) {
    const run = m[0]
    const lower = run.toLowerCase()
    const wordEnd = Math.max(
      ...SECRET_WORDS.map(w => {
        const at = lower.lastIndexOf(w)
        return at < 0 ? -1 : at + w.length
      })
    )
    if (wordEnd < 0 || m.index < last || LEDGER_KEY.test(run)) continue
    // Glued on: what follows the word in the same run.
    const glued = /^[_.-]*/.exec(run.slice(wordEnd))![0].length + wordEnd
    if (run.length - glued >= 16 && looksRandom(run.slice(glued))) {
      out += text.slice(last, m.index + glued) + SECRET_PLACEHOLDER
      last = m.index + run.length
      count()
      continue
    }
    AFTER_NAME.lastIndex = m.index + run.length
    const after = AFTER_NAME.exec(text)
    if (after && looksRandom(after[1]!) && !LEDGER_KEY.test(after[1]!)) {
      const valueAt = after.index + after[0].length - after[1]!.length
      out += text.slice(last, valueAt) + SECRET_PLACEHOLDER
      last = after.index + after[0].length
      count()
    }
  }
  return out + text.slice(last)
}

const SECRET_RULES: SecretRule[] = [
  { kind: 'private-key', scan: privateKeyBlocks },
  {
    // A block whose end marker is missing: the header and the base64 lines (and PEM headers) after it. The space after
    // a line's content is inside its optional group, so two runs of spaces never meet (a blank line of spaces is linear).
    kind: 'private-key',
    pattern:
      /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:\n[ \t]*(?:(?:[A-Za-z0-9+/=]+|[A-Za-z-]+:[^\n]*)[ \t]*)?(?=\n|$))*/g
  },
  { kind: 'github-token', pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{30,255}\b/g },
  { kind: 'github-token', pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{20,255}/g },
  { kind: 'aws-access-key', pattern: /(?<![A-Za-z0-9_])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g },
  { kind: 'anthropic-key', pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/g },
  {
    kind: 'openai-key',
    pattern: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,}/g,
    // A long hyphenated word after `sk-` is prose; a key mixes digits with capitals or runs long.
    replace: match =>
      /\d/.test(match) && (/[A-Z]/.test(match) || match.length >= 40) ? SECRET_PLACEHOLDER : null
  },
  { kind: 'slack-token', pattern: /(?<![A-Za-z0-9_-])xox[abposre]-[A-Za-z0-9-]{10,}/g },
  { kind: 'slack-token', pattern: /(?<![A-Za-z0-9_-])xapp-\d-[A-Za-z0-9-]{10,}/g },
  {
    kind: 'slack-token',
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9/_-]+/g
  },
  { kind: 'google-api-key', pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'npm-token', pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}\b/g },
  {
    kind: 'jwt',
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g
  },
  {
    kind: 'url-credentials',
    pattern: /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)([^\s@/]{3,})(@)/gi,
    replace: (_match, scheme, _password, at) => `${scheme}${SECRET_PLACEHOLDER}${at}`
  },
  {
    kind: 'credential',
    pattern: /(?<![A-Za-z0-9_])(Bearer[ \t]+)([A-Za-z0-9._~+/-]{16,}=*)/g,
    replace: (match, lead, value) => (looksRandom(value) ? `${lead}${SECRET_PLACEHOLDER}` : null)
  },
  { kind: 'credential', scan: namedCredentials }
]

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>()
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const p = count / text.length
    bits -= p * Math.log2(p)
  }
  return bits
}

/** Whether a value reads as generated rather than written: letters and digits mixed, and varied enough. */
function looksRandom(value: string): boolean {
  const core = value.replace(/=+$/, '')
  if (core.length < 16 || !/\d/.test(core) || !/[A-Za-z]/.test(core)) return false
  return entropy(core) >= 3
}

/** Every secret rule over `text`, in order, counting what each replaced. */
function applySecretRules(text: string, count: (kind: RemovedKind) => void): string {
  let out = text
  for (const rule of SECRET_RULES) {
    if ('scan' in rule) {
      out = rule.scan(out, () => count(rule.kind))
      continue
    }
    out = out.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
      // The arguments after the groups are the offset (a number) and the whole text.
      const groups = rest
        .slice(
          0,
          rest.findIndex(arg => typeof arg === 'number')
        )
        .map(g => (typeof g === 'string' ? g : ''))
      const replaced = rule.replace ? rule.replace(match, ...groups) : SECRET_PLACEHOLDER
      if (replaced === null) return match
      count(rule.kind)
      return replaced
    })
  }
  return out
}

/**
 * Replaces anything shaped like a secret (private key blocks, provider and GitHub token prefixes, bearer headers,
 * URL passwords, a random value named as a key or password) with a visible placeholder; nothing else changes. For
 * text a source or a command returned: a key no one told the action about is caught by its shape.
 */
export function scrubSecretShapes(text: string): { text: string; count: number } {
  let count = 0
  return { text: applySecretRules(text, () => count++), count }
}

/**
 * Removes what a reader of the rendered PR cannot see but a model would read (hidden comments, invisible and
 * bidirectional control characters), and replaces anything shaped like a secret with a visible placeholder.
 */
export function sanitiseUntrusted(text: string): Sanitised {
  const counts = new Map<RemovedKind, number>()
  const count = (kind: RemovedKind, n = 1): void => {
    if (n > 0) counts.set(kind, (counts.get(kind) ?? 0) + n)
  }

  // CRLF is how GitHub stores descriptions, not a hidden character; a lone CR is one.
  let out = text.replace(/\r\n/g, '\n')
  // Invisible characters first, so none of them can split a comment marker or a token and hide it from the rules below.
  out = out.replace(BIDI, () => {
    count('bidi-control')
    return ''
  })
  out = out.replace(VARIATION_SELECTORS, (run: string, offset: number) => {
    const styling = offset > 0 && (run === '\uFE0E' || run === '\uFE0F')
    if (styling) return run
    count('invisible-character', [...run].length)
    return ''
  })
  out = out.replace(INVISIBLE, ch => {
    count('invisible-character')
    return ch === '\u2028' || ch === '\u2029' ? '\n' : ''
  })
  out = out.replace(HTML_COMMENT, () => {
    count('hidden-comment')
    return ''
  })
  out = out.replace(MARKDOWN_COMMENT, () => {
    count('hidden-comment')
    return ''
  })
  out = applySecretRules(out, count)
  return {
    text: out,
    removed: KIND_ORDER.filter(kind => counts.has(kind)).map(kind => ({
      kind,
      count: counts.get(kind) ?? 0
    }))
  }
}
