/** Driver requests for the driver tests: real-looking code at the head and the base, one case per rule. */
import type {
  ClassifyItem,
  ClassifyRequest,
  Excerpt,
  GoalRequest,
  VerifyItem,
  VerifyRequest
} from '../src/driver/protocol.js'

const at = (path: string, start: number, lines: string[]): Excerpt => ({
  path,
  start,
  text: lines.join('\n')
})

export const BASE_SHA = '1111111111111111111111111111111111111111'
export const HEAD_SHA = '2222222222222222222222222222222222222222'

const USER_HEAD = at('src/user.js', 1, [
  'export function greet(user) {',
  "  if (user == null) return 'hello, stranger'",
  '  // greet by name',
  '  return `hello, ${user.name}`',
  '}',
  '',
  'export function load(account) {',
  '  const id = lookup(account)',
  '  return account.profile.id + id',
  '}'
])

/** A false claim: the null check it says is missing sits two lines above its line. */
export const FALSE_CLAIM: VerifyItem = {
  key: 's1',
  severity: 'high',
  file: 'src/user.js',
  line: 4,
  description: 'No null check on `user` before `user.name` is read.',
  evidence: '  return `hello, ${user.name}`',
  expectation: 'callers pass null for anonymous visitors',
  head: USER_HEAD,
  base: at('src/user.js', 1, [
    'export function greet(user) {',
    '  return `hello, ${user.name}`',
    '}'
  ]),
  change: { created: false, written: [[1, 10]] }
}

/** A true claim of the same kind, beside it: nothing guards `account`. */
export const TRUE_CLAIM: VerifyItem = {
  key: 's2',
  severity: 'medium',
  file: 'src/user.js',
  line: 9,
  description: '`account` may be null when `load` reads it: there is no null check.',
  head: USER_HEAD,
  base: at('src/user.js', 1, [
    'export function greet(user) {',
    '  return `hello, ${user.name}`',
    '}'
  ]),
  change: { created: false, written: [[1, 10]] }
}

/** Code the change only moved (lines 8-10 at the head were lines 2-4 at the base): the issue was there before. */
export const MOVED: VerifyItem = {
  key: 's3',
  severity: 'medium',
  file: 'src/sum.js',
  line: 9,
  description: '`reduce` without an initial value throws on an empty `items`.',
  evidence: 'const total = items.reduce((a, b) => a + b)',
  head: at('src/sum.js', 1, [
    "import { log } from './log.js'",
    '',
    'export function report(items) {',
    '  log(items.length)',
    '  return sum(items)',
    '}',
    '',
    'function sum(items) {',
    '  const total = items.reduce((a, b) => a + b)',
    '  return total',
    '}'
  ]),
  base: at('src/sum.js', 1, [
    'function sum(items) {',
    '  const total = items.reduce((a, b) => a + b)',
    '  return total',
    '}'
  ]),
  change: { created: false, written: [[1, 11]] }
}

/** A defect in a file the change created. */
export const NEW_FILE: VerifyItem = {
  key: 's4',
  severity: 'low',
  file: 'src/retry.js',
  line: 2,
  description: '`attempts` starts at 1, so `retry` makes one attempt fewer than asked.',
  evidence: 'let attempts = 1',
  head: at('src/retry.js', 1, [
    'export async function retry(fn, times) {',
    '  let attempts = 1',
    '  while (attempts < times) {',
    '    try { return await fn() } catch { attempts++ }',
    '  }',
    '}'
  ]),
  base: null,
  change: { created: true, written: [[1, 6]] }
}

/** An unchanged comment restating what the change rewrote: the disagreement is the change's. */
export const RESTATED: VerifyItem = {
  key: 's5',
  severity: 'low',
  file: 'src/config.js',
  line: 1,
  description: 'The comment says `timeout` is in seconds, but the value is now milliseconds.',
  evidence: '// timeout in seconds\nexport const timeout = 5000',
  head: at('src/config.js', 1, ['// timeout in seconds', 'export const timeout = 5000']),
  base: at('src/config.js', 1, ['// timeout in seconds', 'export const timeout = 5']),
  change: { created: false, written: [[2, 2]] }
}

/** A defect that needs a condition the change did not supply. */
export const JOINT: VerifyItem = {
  key: 's6',
  severity: 'medium',
  file: 'src/cache.js',
  line: 3,
  description:
    '`cache` grows without bound only when the caller leaves `maxEntries` unset, which the config loader allows.',
  evidence: '  cache.set(key, value)',
  head: at('src/cache.js', 1, [
    'const cache = new Map()',
    'export function remember(key, value, maxEntries) {',
    '  cache.set(key, value)',
    '  if (maxEntries && cache.size > maxEntries) cache.delete(cache.keys().next().value)',
    '}'
  ]),
  base: at('src/cache.js', 1, ['const cache = new Map()']),
  change: { created: false, written: [[2, 5]] }
}

/** The same defect as prior F1, reworded, re-anchored (line 9, was 7) and re-graded (medium, was high). */
export const REWORDED: VerifyItem = {
  ...TRUE_CLAIM,
  key: 's7',
  severity: 'medium',
  line: 9,
  description: '`load` crashes when it is given a null `account` (it reads its profile).'
}

/** A different defect phrased from the template of prior F2, at F2's line. */
export const OTHER_DEFECT: VerifyItem = {
  ...TRUE_CLAIM,
  key: 's8',
  line: 8,
  description: 'Null dereference of `id` in `load`.'
}

/** A verify request around `findings`, with two earlier findings to match against. */
export function verifyRequest(findings: VerifyItem[]): VerifyRequest {
  return {
    protocol: 'review-loop/1',
    role: 'verify',
    round: 2,
    repository: 'octo/app',
    base_sha: BASE_SHA,
    head_sha: HEAD_SHA,
    severity_steer:
      'critical: data loss or a security hole; high: a wrong result users will hit; …',
    findings,
    prior: [
      {
        id: 'F1',
        round: 1,
        file: 'src/user.js',
        line: 7,
        severity: 'high',
        description: 'Null dereference of `account` in `load`.',
        outcome: 'applied in abc1234'
      },
      {
        id: 'F2',
        round: 1,
        file: 'src/user.js',
        line: 8,
        severity: 'high',
        description: 'Null dereference of `lookup` in `load`.',
        outcome: 'dismissed by @octo: "lookup never returns null"'
      }
    ]
  }
}

/** A goal request: the goal forbids network calls, and a changed file makes one. */
export function goalRequest(withNetwork = true): GoalRequest {
  const lines = ['export async function version() {']
  lines.push(
    withNetwork
      ? "  const res = await fetch('https://example.com/v')"
      : "  const res = readLocal('v')"
  )
  lines.push('  return res', '}')
  return {
    protocol: 'review-loop/1',
    role: 'goal',
    round: 1,
    repository: 'octo/app',
    base_sha: BASE_SHA,
    head_sha: HEAD_SHA,
    goal: {
      path: 'README.md',
      section: 'Mission',
      text: '## Mission\n\nA version checker that works offline. It makes no network calls.'
    },
    artifact: {
      files: [at('src/version.js', 1, lines)],
      diff: `--- a/src/version.js\n+++ b/src/version.js\n@@ -0,0 +1,4 @@\n${lines.map(l => `+${l}`).join('\n')}`,
      omitted: []
    },
    findings: []
  }
}

const classifyItem = (
  item: VerifyItem,
  id: string,
  provenance: ClassifyItem['provenance']
): ClassifyItem => ({
  key: item.key,
  id,
  severity: item.severity,
  file: item.file,
  line: item.line,
  description: item.description,
  ...(item.fix ? { fix: item.fix } : {}),
  provenance,
  verified: true,
  head: item.head
})

/** A classify request over `findings` (each a verified item with its id and type). */
export function classifyRequest(
  findings: ClassifyItem[],
  over: Partial<ClassifyRequest> = {}
): ClassifyRequest {
  return {
    protocol: 'review-loop/1',
    role: 'classify',
    round: 1,
    repository: 'octo/app',
    base_sha: BASE_SHA,
    head_sha: HEAD_SHA,
    intent: {
      rules: [{ path: 'AGENTS.md', why: 'conventions for src/' }],
      design_comments: [],
      goal: { path: 'README.md', section: 'Mission' },
      authority_order: ['docs/architecture.md', 'AGENTS.md'],
      authority_declared_in: 'AGENTS.md:3',
      decisions: [],
      severity_steer: 'weigh by what users hit'
    },
    authority: { order: ['docs/architecture.md', 'AGENTS.md'], declared_in: 'AGENTS.md:3' },
    purpose: { title: 'Add a retry helper', body: 'Adds src/retry.js for flaky calls.' },
    findings,
    direction: null,
    readings: [],
    predicates: [],
    ...over
  }
}

export { classifyItem }
