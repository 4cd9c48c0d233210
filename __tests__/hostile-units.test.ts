/**
 * The hostile corpus (issue 15) through every pure path that validates, stores, renders or parses untrusted text:
 * paths at the edge, comment bodies through the command parser, secrets through redaction, relayed words through the
 * renderers, replacements through the write bounds, and adversarial input through every expression, in linear time.
 */
import { describe, expect, it } from '@jest/globals'
import {
  adversarial,
  ATTRIBUTE_CASES,
  BAD_PATHS,
  BAD_REPLACEMENTS,
  base64Inner,
  COMMENT_BODIES,
  DIFF_CASES,
  DESCRIPTIONS,
  encodingsOf,
  GOOD_REPLACEMENTS,
  KNOWN_KEY,
  leakedForms,
  LISTED_KEY,
  ODD_GOOD_PATHS,
  SECRET_PATHS,
  SHAPED_SECRETS,
  UNKNOWN_KEY,
  unwrapped,
  VICTIMS
} from '../__fixtures__/hostile/index.js'
import { expressions, readers } from '../__fixtures__/hostile/readers.js'
import { FACTOR, growth, LINEAR_BOUND, LINEAR_SMALL, superlinear } from '../__fixtures__/linear.js'
import { fencedBody, parseJsonText, readAnswer } from '../src/driver/answer.js'
import { GoalResponseSchema } from '../src/driver/protocol.js'
import { aFinding, aGate, aRound } from '../__fixtures__/ledgers.js'
import { anchorOf, MAX_SUGGESTION, parseHunks } from '../src/loop/diff-review.js'
import { renderReviewBody, renderReviewComment } from '../src/report/review-comment.js'
import { suggestionCommitted } from '../src/loop/suggestion.js'
import { redactingDriver } from '../src/driver/redacting.js'
import type { Driver } from '../src/driver/types.js'
import {
  applyEdits,
  MAX_REPLACEMENT_BYTES,
  replacementProblem,
  workingTreeEncoding
} from '../src/loop/apply-text.js'
import { acceptClassification, type ClassificationContext } from '../src/loop/classification.js'
import type { Finding } from '../src/loop/model.js'
import { parseCommands } from '../src/loop/commands.js'
import { inert, relayedBlock, relayedInline, relayedProse } from '../src/report/text.js'
import { dropSecretInputs } from '../src/sources/command.js'
import { redactOutcome, redactText, secretLines } from '../src/sources/redact.js'
import { pathProblem, readFinding } from '../src/sources/review-response.js'
import { scrubSecretShapes } from '../src/sources/sanitise.js'

const FINDING = { severity: 'medium', line: 1, description: 'x' }

describe('every path a source names is validated once, at the edge (item 6)', () => {
  it.each(BAD_PATHS.map(p => [p.name, p.file]))('refused: %s', (_name, file) => {
    expect(pathProblem(file)).toBeDefined()
    const read = readFinding({ ...FINDING, file })
    expect(read.ok).toBe(false)
    // The problem names the path clipped, never a wall of it.
    if (!read.ok) expect(read.problems.join('\n').length).toBeLessThan(600)
  })
  it.each(ODD_GOOD_PATHS.map(p => [p.name, p.file]))('accepted: %s', (_name, file) => {
    expect(pathProblem(file)).toBeUndefined()
    const read = readFinding({ ...FINDING, file })
    expect(read.ok && read.finding.file).toBe(file.replace(/^\.\//, ''))
  })
})

describe('commands are taken only from paragraph text a reader sees (item 5)', () => {
  it.each(COMMENT_BODIES.map(c => [c.name, c.body, c.commands] as const))(
    '%s',
    (_name, body, commands) => {
      expect(parseCommands(body)).toEqual(commands)
    }
  )
  it.each(['> - ', '>', '1. '])(
    'containers nested %j deep on one line keep the command before them, read in linear time',
    unit => {
      // marked lexes each container's text again: the square of the nesting, until it ran out of stack and the whole
      // comment read as holding no command.
      expect(parseCommands(`/review-loop stop\n${unit.repeat(4_000)}`)).toEqual([{ kind: 'stop' }])
      const nested = (n: number) => {
        const body = `/review-loop stop\n${unit.repeat(n / unit.length)}`
        return () => parseCommands(body)
      }
      expect(growth(nested, LINEAR_SMALL)).toBeLessThan(LINEAR_BOUND)
    }
  )
})

describe('no secret survives redaction, in any simple encoding (item 1)', () => {
  const secrets = [KNOWN_KEY, LISTED_KEY]
  it.each(
    [KNOWN_KEY, LISTED_KEY].flatMap(secret =>
      encodingsOf(secret).map(e => [secret, e.name, e.text])
    )
  )('known %s, %s', (secret, _name, text) => {
    const out = redactText(`before ${text} after`, secrets)
    for (const form of leakedForms(secret)) expect(out).not.toContain(form)
    // Nor line-wrapped: joined up again, no line break hides the secret's base64.
    for (const inner of base64Inner(secret)) expect(unwrapped(out)).not.toContain(inner)
    expect(out).toMatch(/^before .*after$/s)
  })
  it.each(SHAPED_SECRETS.map(s => [s.name, s.text, s.secret]))(
    'unknown, by its shape: %s',
    (_name, text, secret) => {
      expect(redactText(`x ${text} y`, [])).not.toContain(secret)
      expect(scrubSecretShapes(text).count).toBeGreaterThan(0)
    }
  )
  it('everything a source returns is scrubbed: findings, fixes, stderr, malformed entries', () => {
    const leak = `Authorization: Bearer ${UNKNOWN_KEY}`
    const out = redactOutcome(
      {
        kind: 'review',
        verdict: 'needs-attention',
        findings: [
          {
            severity: 'medium',
            file: 'a.js',
            line: 1,
            description: leak,
            evidence: leak,
            expectation: leak,
            fix: { start_line: 1, end_line: 1, replacement: `const token = "${UNKNOWN_KEY}"` }
          }
        ],
        malformed: [{ index: 1, raw: { description: leak }, problems: [leak] }],
        exercised: { reached: ['contract-closure'], unreached: [] },
        call: leak,
        unmapped: leak
      },
      []
    )
    expect(JSON.stringify(out)).not.toContain(UNKNOWN_KEY)
    const noReview = redactOutcome({ kind: 'no-review', cause: leak, returned: leak }, [])
    expect(JSON.stringify(noReview)).not.toContain(UNKNOWN_KEY)
  })
  it.each(SECRET_PATHS.map(p => [p.name, p.file, p.secret]))(
    "a finding's path holding a key is redacted too: %s",
    (_name, file, secret) => {
      const out = redactOutcome(
        {
          kind: 'review',
          verdict: 'needs-attention',
          findings: [{ severity: 'low', file, line: 1, description: 'reads a key' }],
          malformed: [],
          exercised: { reached: ['contract-closure'], unreached: [] }
        },
        [KNOWN_KEY, LISTED_KEY]
      )
      expect(out.kind === 'review' && out.findings[0]!.file).toContain('[re')
      expect(JSON.stringify(out)).not.toContain(secret)
    }
  )
})

describe("a driver's answers are redacted as a source's are (item 1)", () => {
  const leak = `Authorization: Bearer ${UNKNOWN_KEY} ${KNOWN_KEY} ${LISTED_KEY}`
  const answering = (answer: unknown, ok = true): Driver => {
    const result = async () =>
      (ok ? { ok: true, answer, call: leak } : { ok: false, cause: leak, returned: leak }) as never
    return {
      name: 'command',
      label: 'command',
      verify: result,
      goal: result,
      classify: result,
      scan: result,
      write: result,
      fit: result,
      admit: result
    }
  }
  const secrets = [KNOWN_KEY, LISTED_KEY]
  it.each(['verify', 'goal', 'classify', 'scan', 'write', 'fit', 'admit'] as const)(
    '%s: every string of the answer, at any depth, and why a call failed',
    async role => {
      const answer = { findings: [{ description: leak, line: 3, ok: true, sites: [leak] }] }
      const call = (d: Driver) => (d[role] as (r: unknown) => Promise<unknown>)({})
      const out = JSON.stringify(await call(redactingDriver(answering(answer), secrets)))
      const failed = JSON.stringify(await call(redactingDriver(answering(answer, false), secrets)))
      for (const text of [out, failed])
        for (const secret of [UNKNOWN_KEY, KNOWN_KEY, LISTED_KEY])
          expect(text).not.toContain(secret)
      expect(JSON.parse(out)).toMatchObject({
        ok: true,
        answer: { findings: [{ line: 3, ok: true }] }
      })
    }
  )
})

describe('the action keeps its secrets out of its own environment once read (item 2)', () => {
  it('deletes the secret inputs and the token variables it never reads, and keeps what the sources read', () => {
    const env: NodeJS.ProcessEnv = {
      'INPUT_GITHUB-TOKEN': 'ghs_x',
      'INPUT_OPENAI-API-KEY': 'k1',
      'INPUT_ANTHROPIC-API-KEY': 'k2',
      'INPUT_SECRETS-TO-REDACT': 'k3',
      INPUT_SOURCE: 'command',
      GITHUB_TOKEN: 't1',
      GH_TOKEN: 't2',
      OPENAI_API_KEY: 'k4',
      ACTIONS_RUNTIME_TOKEN: 'r',
      PATH: '/bin'
    }
    expect(dropSecretInputs(env).sort()).toEqual([
      'GH_TOKEN',
      'GITHUB_TOKEN',
      'INPUT_ANTHROPIC-API-KEY',
      'INPUT_GITHUB-TOKEN',
      'INPUT_OPENAI-API-KEY',
      'INPUT_SECRETS-TO-REDACT'
    ])
    expect(Object.keys(env).sort()).toEqual([
      'ACTIONS_RUNTIME_TOKEN',
      'INPUT_SOURCE',
      'OPENAI_API_KEY',
      'PATH'
    ])
  })
  it('reads secrets-to-redact one value a line', () => {
    expect(secretLines('\n  a-secret-1  \r\n\nb-secret-2\n')).toEqual(['a-secret-1', 'b-secret-2'])
    expect(secretLines(undefined)).toEqual([])
  })
})

describe('relayed words are rendered inert (items 3 and 4)', () => {
  /**
   * Text outside code as GitHub shows it: each character reference read once as its character (`&lt;` is left as it
   * is: the `<` it shows is text, never markup, and decoding it here would make markup of it).
   */
  const NAMED: Record<string, string> = { amp: '&', sol: '/', commat: '@' }
  const shown = (text: string) =>
    text.replace(/&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z]+);/g, (whole, ref: string) =>
      ref.startsWith('#')
        ? String.fromCodePoint(
            parseInt(ref.slice(/^#x/i.test(ref) ? 2 : 1), /^#x/i.test(ref) ? 16 : 10)
          )
        : (NAMED[ref] ?? whole)
    )
  const pings = (text: string) =>
    VICTIMS.some(v => new RegExp(`(^|[^\\w\\u200B])@${v.replace('/', '\\/')}`).test(text))
  it.each(DESCRIPTIONS.map(d => [d.name, d.text]))('%s', (_name, text) => {
    for (const rendered of [
      relayedBlock(text),
      `Before\n\n${relayedBlock(text)}\n\n**The question**\n\nAfter`,
      `- F1: ${relayedInline(text, 300)}\n\n/review-loop status`,
      relayedProse(text)
    ]) {
      // No line of it is a command, whatever the comment around it.
      expect(parseCommands(rendered).filter(c => c.kind !== 'status')).toEqual([])
      expect(pings(rendered)).toBe(false)
      // eslint-disable-next-line no-control-regex
      expect(rendered).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/)
      for (const line of rendered.split('\n')) expect(line.length).toBeLessThanOrEqual(520)
    }
    // Outside code GitHub shows a character reference as its character: shown so, it spells no command or mention.
    for (const rendered of [relayedInline(text, 300), relayedProse(text)]) {
      expect(parseCommands(shown(rendered))).toEqual([])
      expect(pings(shown(rendered))).toBe(false)
    }
    // A fence around relayed text is never closed from inside: what follows it is outside it.
    const around = `${relayedBlock(text)}\n\n/review-loop status`
    expect(parseCommands(around)).toEqual([{ kind: 'status' }])
    // HTML opened inline would swallow what follows.
    expect(relayedInline(text, 300)).not.toMatch(/<[!A-Za-z/]/)
  })
  it('keeps the words a reader sees', () => {
    expect(inert('Ask @victim-user\n/review-loop stop')).toBe(
      'Ask @\u200Bvictim-user\n/\u200Breview-loop stop'
    )
  })
})

describe('replacements no fix may write, and line endings kept (item 7)', () => {
  it.each(BAD_REPLACEMENTS.map(r => [r.name, r.replacement]))(
    'refused: %s',
    (_name, replacement) => {
      expect(replacementProblem(replacement)).toMatch(/holds (a NUL byte|the control character)/)
      const out = applyEdits('a\nb\n', [{ id: 'F1', start: 1, end: 1, replacement }])
      expect(out.applied).toEqual([])
      expect(out.text).toBe('a\nb\n')
    }
  )
  it.each(GOOD_REPLACEMENTS.map(r => [r.name, r.replacement]))(
    'written: %s',
    (_name, replacement) => {
      expect(replacementProblem(replacement)).toBeUndefined()
    }
  )
  it.each([
    ['a CRLF file keeps CRLF', 'a\r\nb\r\nc\r\n', 2, 'B1\nB2', 'a\r\nB1\r\nB2\r\nc\r\n'],
    ['a CRLF replacement on a CRLF file', 'a\r\nb\r\n', 1, 'A\r\n', 'A\r\nb\r\n'],
    ['the last line without a newline stays bare', 'a\r\nb', 2, 'B1\nB2', 'a\r\nB1\r\nB2'],
    ['an LF file keeps LF', 'a\nb\n', 1, 'A1\r\nA2', 'A1\nA2\nb\n']
  ])('%s', (_name, text, line, replacement, expected) => {
    expect(applyEdits(text, [{ id: 'F1', start: line, end: line, replacement }]).text).toBe(
      expected
    )
  })
  it.each(ATTRIBUTE_CASES.map(c => [c.name, c.attributes, c.file, c.encoding] as const))(
    'working-tree-encoding: %s',
    (_name, attributes, file, encoding) => {
      expect(workingTreeEncoding(file, [...attributes])).toBe(encoding)
    }
  )
})

describe('every expression over untrusted text runs in linear time (item 10)', () => {
  // Each shape at LINEAR_SMALL and at 8 times that: linear work costs about 8 times as much at the larger size,
  // quadratic work 64 times. The ratio, not a number of milliseconds, is held, so a busy machine cannot fail it.
  const small = adversarial(LINEAR_SMALL)
  const large = adversarial(FACTOR * LINEAR_SMALL)
  const bySize = (i: number) => ({
    [LINEAR_SMALL]: small[i]!.text,
    [FACTOR * LINEAR_SMALL]: large[i]!.text
  })
  it.each(small.map((a, i) => [a.name, i] as const))('%s', (_name, i) => {
    const texts = bySize(i)
    expect(superlinear(size => expressions(texts[size]!), LINEAR_SMALL)).toEqual({})
  })

  it('a suggestion committed from the diff is looked for in linear time, over identical lines', () => {
    // The author's file and the source's fix (half the file, differing in its last line): a scan that re-reads the
    // fix from every line took about 20 s on 128 K lines.
    const lines = (n: number) => {
      const file = 'a\n'.repeat(n)
      const fix = { start_line: 1, end_line: n / 2, replacement: `${'a\n'.repeat(n / 2 - 1)}b\n` }
      const after = `${'a\n'.repeat(n - 1)}c\n`
      return () => suggestionCommitted(file, fix, after)
    }
    expect(growth(lines, LINEAR_SMALL)).toBeLessThan(LINEAR_BOUND)
    // Still exact: the fix at its place, once, is committed; elsewhere, or with the old lines kept, it is not.
    const before = 'x\n1\n2\n3\nold\n4\n5\n6\n'
    const at = { start_line: 5, end_line: 5, replacement: 'new\n' }
    expect(suggestionCommitted(before, at, before.replace('old', 'new'))).toBe(true)
    expect(suggestionCommitted(before, at, before)).toBe(false)
    expect(suggestionCommitted(before, at, `${before}${before.replace('old', 'new')}`)).toBe(false)
  })

  // What reads a driver's answer, the repository's rule files and prose, and git's output (a hostile file name or
  // content reaches the diff).
  it.each(small.map((a, i) => [a.name, i] as const))('readers: %s', (_name, i) => {
    const texts = bySize(i)
    expect(superlinear(size => readers(texts[size]!), LINEAR_SMALL)).toEqual({})
  })
})

describe('lines of a file that read as diff syntax are read as lines (item 6)', () => {
  it.each(DIFF_CASES.map(c => [c.name, c.diff, c.hunks] as const))('%s', (_name, diff, hunks) => {
    // A line taken for a header would move the file's later hunks to another file: GitHub refuses the whole review.
    expect(Object.fromEntries(parseHunks(diff))).toEqual(hunks)
  })
})

describe("a finding's comment on the diff stays within GitHub's size for a comment (item 6)", () => {
  const hunks = new Map([['src/a.ts', [[1, 100]] as [number, number][]]])
  const fixOf = (replacement: string) => ({ start_line: 2, end_line: 3, replacement })
  it('a fix too long for a comment sits on its line, never as a suggestion that would make GitHub refuse the review', () => {
    const finding = aFinding({ file: 'src/a.ts', line: 2, fix: fixOf('x'.repeat(70_000)) })
    expect(anchorOf(finding, aGate(), hunks)).toEqual({ path: 'src/a.ts', line: 2 })
  })
  it("a review's body naming findings off the diff by paths of 4,096 bytes stays within the size", () => {
    const long = `src/${'d/'.repeat(2_000)}${'f'.repeat(88)}.ts`
    const outside = Array.from({ length: 60 }, (_, i) =>
      aFinding({ id: `F${i + 1}`, file: long, line: i + 1 })
    )
    const listed = Array.from({ length: 300 }, (_, i) => ({
      finding: aFinding({
        id: `F${i + 100}`,
        file: 'src/a.ts',
        line: 2,
        description: 'x'.repeat(200)
      }),
      anchor: { path: 'src/a.ts', line: 2 }
    }))
    const body = renderReviewBody(
      aRound(),
      { comments: 20, suggestions: 0 },
      listed,
      outside,
      () => 'open'
    )
    expect(body.length).toBeLessThanOrEqual(65_536)
    expect(body).toMatch(/and \d+ more\./)
  })
  it.each([
    ['mentions', '@a'.repeat(3_000)],
    ['backticks', '`'.repeat(4_000)],
    ['long lines', `${'x'.repeat(600)}\n`.repeat(10)]
  ])('the longest suggestion with the longest words fits: %s', (_name, words) => {
    // The longest fix shown as a suggestion: one the loop would write itself, within the suggestion's own bound.
    const longest = Math.min(MAX_SUGGESTION, MAX_REPLACEMENT_BYTES)
    const finding = aFinding({
      file: 'src/a.ts',
      line: 2,
      description: words,
      fix: fixOf(`${'`'.repeat(100)}${'y'.repeat(longest - 100)}`)
    })
    const anchor = anchorOf(finding, aGate(), hunks)!
    expect(anchor.suggestion).toBe(true)
    expect(renderReviewComment(finding, aGate(), 1, anchor).length).toBeLessThanOrEqual(65_536)
  })
})

describe("a driver's finding naming a path that is no file of the repository is set aside, not the answer (item 6)", () => {
  const finding = (file: string) => ({ severity: 'medium', file, line: 1, description: 'x' })
  it.each(BAD_PATHS.map(p => [p.name, p.file]))('%s', (_name, file) => {
    const read = readAnswer(
      GoalResponseSchema,
      { findings: [finding(file), finding('src/client.js')], summary: 'read' },
      ''
    )
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.answer.findings.map(f => f.file)).toEqual(['src/client.js'])
    expect(read.call).toMatch(/^set aside, not read: findings\[0\]\.file: /)
    expect(read.call!.length).toBeLessThanOrEqual(1_000)
    expect(parseCommands(read.call!)).toEqual([])
  })
  it('any other problem still refuses the answer, naming it', () => {
    const read = readAnswer(
      GoalResponseSchema,
      { findings: [finding('../x'), { ...finding('a.js'), line: 0 }], summary: 'read' },
      ''
    )
    expect(read).toMatchObject({ ok: false, cause: expect.stringContaining('findings[1].line') })
  })
})

describe('an order of authority from repository text is matched in bounded time (item 10)', () => {
  it('an item written as an extglob is a literal name, never a backtracking pattern', () => {
    // `+(a|aa)` ten times against twenty `a`s took 6 s as an extglob (each more `a` doubles it).
    const item = '+(a|aa)'.repeat(10)
    const ctx: ClassificationContext = {
      authority: { order: [item, 'CLAUDE.md'], declaredIn: 'CLAUDE.md' },
      decisions: [],
      purpose: { title: 'x', body: '' }
    }
    const finding: Finding = {
      id: 'F1',
      round: 1,
      severity: 'medium',
      file: 'CLAUDE.md',
      line: 1,
      description: 'the two disagree',
      provenance: 'introduced',
      outcome: { kind: 'pending' }
    }
    const classify = (side: string) =>
      acceptClassification(
        [{ key: 's1', finding }],
        {
          reading: null,
          retired: [],
          cross_round: null,
          clusters: [],
          findings: [
            {
              key: 's1',
              class: 'mechanical',
              basis: 'the order settles it',
              scope_basis: null,
              conflict: {
                sides: [
                  { surface: side, says: 'one thing' },
                  { surface: 'CLAUDE.md', says: 'another' }
                ],
                point: 'which holds',
                authority: 'CLAUDE.md',
                settled_by: { kind: 'authority', cite: 'CLAUDE.md', governs: 'CLAUDE.md' }
              }
            }
          ]
        },
        ctx
      )
    // Against 2 and 16 `a`s: a literal name costs the same, a backtracking pattern 2^14 times as much.
    const sides = (n: number) => {
      const side = `${'a'.repeat(n)}b`
      return () => classify(side)
    }
    expect(growth(sides, 2)).toBeLessThan(LINEAR_BOUND)
    const out = classify(`${'a'.repeat(20)}b`)
    // Read literally, the item does not name the side: the order does not rank it, so nothing is settled by it.
    expect(out.byKey.get('s1')?.conflict).toBeDefined()
  })
})

describe("a driver's fenced answer is read in one pass (item 10)", () => {
  it.each([
    ['prose, then a json fence', 'Here:\n```json\n{"a":1}\n```\nthanks', '{"a":1}'],
    ['a bare fence', '```\n{"a":1}\n```', '{"a":1}'],
    ['blanks after the opener and before the closer', 'x ```json  \n{"a":1}\n  ```', '{"a":1}'],
    ['an opener not ending its line is skipped', 'a```b\n```\n{"c":3}\n```', '{"c":3}'],
    ['no closer', '```json\n{"a":1}', undefined],
    ['no fence', '{"a":1}', undefined]
  ])('%s', (_name, text, body) => {
    expect(fencedBody(text)?.trim()).toBe(body)
  })
  it('reads the fence when the JSON around it is not whole', () => {
    expect(parseJsonText('I found:\n```json\n{"edits":[]}\n```\n{ not json')).toEqual({
      ok: true,
      value: { edits: [] }
    })
  })
})
