/**
 * Secrets a source can echo (issue 15, item 1): the keys the action knows, in every encoding it must catch, and keys
 * it cannot know, caught by their shape. None may reach a comment, the summary, a log line or the ledger.
 */

/** A provider key the action is given (`openai-api-key`). */
export const KNOWN_KEY = 'sk-proj-Q7vX2mK9pL4nR8sT1wY6zB3cD5fG0hJ'
/** A key the workflow lists in `secrets-to-redact` (a `command`'s own key): no shape gives it away. */
export const LISTED_KEY = 'plainword-and-7-more-Letters-xyzzy'
/** A key nobody told the action about: only its shape can catch it. */
export const UNKNOWN_KEY = 'Zq8Lm2Xv9Rt4Kp7Wn3Hs6Jd1'

const b64 = (pad: number, secret: string) =>
  Buffer.concat([Buffer.from('xyz'.slice(0, pad)), Buffer.from(secret)]).toString('base64')

/** `text` in base64 cut into lines of `width` characters joined by `eol`, as `base64` (76) and PEM (64) wrap it. */
const wrapped = (text: string, width: number, eol = '\n'): string =>
  (
    Buffer.from(text)
      .toString('base64')
      .match(new RegExp(`.{1,${width}}`, 'g')) ?? []
  ).join(eol)

/** A secret as a leak writes it: the exact value and each simple encoding, each with the name of its encoding. */
export function encodingsOf(secret: string): { name: string; text: string }[] {
  const hex = Buffer.from(secret).toString('hex')
  return [
    { name: 'exact', text: secret },
    { name: 'base64, aligned', text: b64(0, secret) },
    { name: 'base64, one byte before', text: b64(1, secret) },
    { name: 'base64, two bytes before', text: b64(2, secret) },
    { name: 'base64url', text: Buffer.from(secret).toString('base64url') },
    { name: 'basic auth header', text: `Basic ${b64(0, `x-access-token:${secret}`)}` },
    { name: 'hex', text: hex },
    { name: 'HEX', text: hex.toUpperCase() },
    {
      name: 'percent-encoded',
      text: [...Buffer.from(secret)].map(b => `%${b.toString(16).padStart(2, '0')}`).join('')
    },
    { name: 'spaced out', text: [...secret].join(' ') },
    { name: 'hyphenated', text: [...secret].join('-') },
    { name: 'one character a line', text: [...secret].join('\n') },
    // Invisible between the characters: GitHub shows (and a reader copies) the key whole.
    { name: 'zero-width spaces between', text: [...secret].join('\u200B') },
    { name: 'soft hyphens between', text: [...secret].join('\u00AD') },
    {
      name: 'in a URL query',
      text: `https://api.example.com/v1?key=${encodeURIComponent(secret)}`
    },
    // Wrapped so that the secret's characters straddle a line break (it starts past the 53rd and 40th character).
    {
      name: 'base64 wrapped at 76 (base64)',
      text: wrapped(`${'x'.repeat(18)}Authorization: Bearer ${secret}\n`, 76)
    },
    { name: 'base64 wrapped at 64 (PEM)', text: wrapped(`${'x'.repeat(30)}${secret}`, 64) },
    {
      name: 'base64 wrapped at 64, CRLF, indented',
      text: wrapped(`${'y'.repeat(31)}${secret}`, 64, '\r\n    ')
    },
    {
      name: 'base64 wrapped at 76, one byte before',
      text: wrapped(`z${'x'.repeat(40)}${secret}`, 76)
    }
  ]
}

/** How each encoding must be absent from a text: the forms a reader could decode back to the secret. */
export function leakedForms(secret: string): string[] {
  return encodingsOf(secret)
    .filter(
      e =>
        e.name !== 'basic auth header' &&
        e.name !== 'in a URL query' &&
        !e.name.startsWith('base64 wrapped')
    )
    .map(e => e.text.replace(/=+$/, ''))
}

/** Keys shaped like secrets (none known to the action), each as a leak prints it. */
export const SHAPED_SECRETS: { name: string; text: string; secret: string }[] = [
  ['bearer header (curl -v)', `> Authorization: Bearer ${UNKNOWN_KEY}`, UNKNOWN_KEY],
  ['set -x of an export', `+ export MY_REVIEW_KEY=${UNKNOWN_KEY}`, UNKNOWN_KEY],
  ['token in JSON', `{"api_token": "${UNKNOWN_KEY}"}`, UNKNOWN_KEY],
  ['password is', `the password is ${UNKNOWN_KEY}`, UNKNOWN_KEY],
  [
    'GitHub classic token',
    'ghp_0123456789abcdefghijABCDEFGHIJ012345',
    'ghp_0123456789abcdefghijABCDEFGHIJ012345'
  ],
  [
    'GitHub server token',
    'ghs_Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1De3Fg5',
    'ghs_Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1De3Fg5'
  ],
  [
    'fine-grained GitHub token',
    'github_pat_11ABCDEFG0123456789_abcdefghijKLMNOP',
    'github_pat_11ABCDEFG0123456789_abcdefghijKLMNOP'
  ],
  [
    'Anthropic key',
    'sk-ant-api03-Xy7Zq2Lm9Rt4Kp7Wn3Hs6Jd1Vb8',
    'sk-ant-api03-Xy7Zq2Lm9Rt4Kp7Wn3Hs6Jd1Vb8'
  ],
  ['OpenAI key', 'sk-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9', 'sk-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9'],
  ['AWS access key', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['Slack bot token', 'xoxb-123456789012-abcdefABCDEF', 'xoxb-123456789012-abcdefABCDEF'],
  [
    'Google API key',
    'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
    'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'
  ],
  [
    'npm token',
    'npm_abcdefghijABCDEFGHIJ0123456789abcdef',
    'npm_abcdefghijABCDEFGHIJ0123456789abcdef'
  ],
  ['URL password', 'https://bot:Xy7Zq2Lm9Rt4@git.example.com/r.git', 'Xy7Zq2Lm9Rt4'],
  [
    'private key block',
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7Yq2Lm9Rt4Kp7Wn3Hs6Jd1\n-----END RSA PRIVATE KEY-----',
    'MIIEowIBAAKCAQEA7Yq2Lm9Rt4Kp7Wn3Hs6Jd1'
  ],
  [
    'JSON web token',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'
  ]
].map(([name, text, secret]) => ({ name: name!, text: text!, secret: secret! }))

/** What a failing `command` prints to stderr: its own keys, echoed as tools echo them. */
export function leakyStderr(): string {
  return [
    '+ set -x',
    `+ curl -v -H "Authorization: Bearer ${UNKNOWN_KEY}" https://api.example.com/review`,
    `> Authorization: Bearer ${UNKNOWN_KEY}`,
    ...SHAPED_SECRETS.map(s => `debug: ${s.text}`),
    ...encodingsOf(KNOWN_KEY).map(e => `known (${e.name}): ${e.text}`),
    ...encodingsOf(LISTED_KEY).map(e => `listed (${e.name}): ${e.text}`),
    'error: the review service refused the request (401)'
  ].join('\n')
}

/** `text` with its line breaks (and the indentation after them) removed: a wrapped encoding reads whole again. */
export const unwrapped = (text: string): string => text.replace(/\r?\n[ \t]*/g, '')

/** The middle of the secret's base64 at each byte alignment: characters only the secret decides, wherever it sits. */
export function base64Inner(secret: string): string[] {
  return [0, 1, 2].map(pad => b64(pad, secret).slice(4, -4))
}

/**
 * Paths a source names that hold a key (a file named after a token, a key as a folder): valid paths, so only redaction
 * keeps the key out of every comment, review comment and ledger that names the path.
 */
export const SECRET_PATHS: { name: string; file: string; secret: string }[] = [
  { name: 'a known key as a file name', file: `keys/${KNOWN_KEY}.txt`, secret: KNOWN_KEY },
  { name: 'a listed key as a folder', file: `${LISTED_KEY}/config.js`, secret: LISTED_KEY },
  {
    name: "a known key's hex as a file name",
    file: `cache/${Buffer.from(KNOWN_KEY).toString('hex')}.bin`,
    secret: Buffer.from(KNOWN_KEY).toString('hex')
  },
  {
    name: 'a GitHub token shape as a file name',
    file: 'tokens/ghp_Zq8Lm2Xv9Rt4Kp7Wn3Hs6Jd1Qa5Ty0Uc8Ie2.json',
    secret: 'ghp_Zq8Lm2Xv9Rt4Kp7Wn3Hs6Jd1Qa5Ty0Uc8Ie2'
  }
]
