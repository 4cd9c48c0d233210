/** The `command` driver: the stand-in answers from the request's content; broken commands are no answer, with the cause. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from '@jest/globals'
import {
  FALSE_CLAIM,
  JOINT,
  MOVED,
  NEW_FILE,
  OTHER_DEFECT,
  RESTATED,
  REWORDED,
  TRUE_CLAIM,
  classifyItem,
  classifyRequest,
  goalRequest,
  verifyRequest
} from '../__fixtures__/driver-requests.js'
import { CommandDriver } from '../src/driver/command-driver.js'
import { PROTOCOL_WORDS } from '../src/driver/prompts.js'
import type { VerifyAnswerItem, VerifyResponse } from '../src/driver/protocol.js'
import type { DriverResult } from '../src/driver/types.js'

const STANDIN = fileURLToPath(new URL('../__fixtures__/driver-standin.mjs', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'driver-command-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const standin = (env: NodeJS.ProcessEnv = process.env): CommandDriver =>
  new CommandDriver({
    command: `"${process.execPath}" "${STANDIN}"`,
    cwd: dir,
    timeoutMs: 20_000,
    env
  })

const driver = standin()

function answer<T>(result: DriverResult<T>): T {
  if (!result.ok) throw new Error(`no answer: ${result.cause}\n${result.returned}`)
  return result.answer
}

async function verifyOne(
  ...items: Parameters<typeof verifyRequest>[0]
): Promise<VerifyAnswerItem[]> {
  const response: VerifyResponse = answer(await driver.verify(verifyRequest(items)))
  return response.findings
}

describe('the stand-in driver, verify', () => {
  it('drops a false "missing check" claim citing the guard two lines above, and keeps a true claim beside it', async () => {
    const [dropped, kept] = await verifyOne(FALSE_CLAIM, TRUE_CLAIM)
    expect(dropped).toMatchObject({
      key: 's1',
      holds: false,
      cited: [{ file: 'src/user.js', line: 2, text: "if (user == null) return 'hello, stranger'" }]
    })
    expect(dropped!.provenance).toBeUndefined()
    expect(dropped!.basis).toContain('line 2')
    expect(kept).toMatchObject({ key: 's2', holds: true })
    expect(kept!.provenance?.type).toBe('introduced')
  })

  it('answers from the code it is sent: without the guard in the excerpt, the same claim holds', async () => {
    const shallow = {
      ...FALSE_CLAIM,
      head: { ...FALSE_CLAIM.head, start: 4, text: '  return `hello, ${user.name}`' }
    }
    const [item] = await verifyOne(shallow)
    expect(item).toMatchObject({
      holds: true,
      cited: [{ line: 4, text: 'return `hello, ${user.name}`' }]
    })
  })

  it('types code the change only moved as pre-existing, with the base cited', async () => {
    const [item] = await verifyOne(MOVED)
    expect(item!.provenance).toMatchObject({ type: 'pre-existing', holds_at_base: true })
    expect(item!.provenance!.basis).toContain('items.reduce')
  })

  it('types a defect in a file the change created as introduced, never pre-existing', async () => {
    const [item] = await verifyOne(NEW_FILE)
    expect(item!.provenance).toMatchObject({ type: 'introduced', holds_at_base: false })
    expect(item!.provenance!.basis).toContain('created')
  })

  it('types an unchanged passage restating what the change wrote as introduced', async () => {
    const [item] = await verifyOne(RESTATED)
    expect(item!.provenance).toMatchObject({ type: 'introduced', holds_at_base: false })
  })

  it('types a defect needing an independent condition as indeterminate, naming the condition', async () => {
    const [item] = await verifyOne(JOINT)
    expect(item!.provenance).toMatchObject({ type: 'indeterminate', holds_at_base: false })
    expect(item!.provenance!.contributor).toMatch(/^only when the caller leaves `maxEntries` unset/)
  })

  it('matches the same defect reworded, re-anchored and re-graded, and not a different defect from the same template at the same line', async () => {
    const [same, other] = await verifyOne(REWORDED, OTHER_DEFECT)
    expect(same).toMatchObject({ key: 's7', same_as: 'F1', diagnosis_holds: true })
    expect(same!.identity_basis).toContain('`account`')
    expect(other).toMatchObject({ key: 's8', same_as: null })
    expect(other!.diagnosis_holds).toBeUndefined()
  })

  it('keeps the severity and says so', async () => {
    const [item] = await verifyOne(NEW_FILE)
    expect(item).toMatchObject({ severity: 'low', severity_basis: "kept the source's low" })
  })

  it('writes each request it got to DRIVER_STANDIN_LOG', async () => {
    const log = join(dir, 'requests.jsonl')
    const logged = standin({ ...process.env, DRIVER_STANDIN_LOG: log })
    answer(await logged.verify(verifyRequest([MOVED])))
    answer(await logged.goal(goalRequest()))
    const lines = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map(l => JSON.parse(l) as { role: string; protocol: string })
    expect(lines.map(l => [l.protocol, l.role])).toEqual([
      ['review-loop/1', 'verify'],
      ['review-loop/1', 'goal']
    ])
  })
})

describe('the stand-in driver, goal', () => {
  it('finds the changed line that makes the network call the goal rules out', async () => {
    const goal = answer(await driver.goal(goalRequest(true)))
    expect(goal.findings).toEqual([
      expect.objectContaining({
        severity: 'medium',
        file: 'src/version.js',
        line: 2,
        expectation: 'It makes no network calls.'
      })
    ])
    expect(goal.summary).toContain('src/version.js line 2')
  })

  it('finds nothing where nothing works against the goal, and says so', async () => {
    const goal = answer(await driver.goal(goalRequest(false)))
    expect(goal).toEqual({
      findings: [],
      summary: 'Read 1 changed file(s) against README.md ("Mission"): nothing works against it.'
    })
  })
})

describe('the stand-in driver, classify', () => {
  const fix = { start_line: 2, end_line: 2, replacement: '  let attempts = 0' }

  it('reads no shared cause for unrelated findings, and classifies a fixable introduced finding mechanical', async () => {
    const result = answer(
      await driver.classify(
        classifyRequest([
          classifyItem({ ...NEW_FILE, fix }, 'F3', 'introduced'),
          classifyItem(MOVED, 'F4', 'pre-existing')
        ])
      )
    )
    expect(result.reading).toBeNull()
    expect(result.no_reading).toMatch(/^no shared cause/)
    expect(result.findings.map(f => [f.key, f.class])).toEqual([
      ['s4', 'mechanical'],
      ['s3', 'judgment']
    ])
    // The pre-existing one is a person's call, with leaving it for a follow-up among the options.
    expect(result.clusters).toHaveLength(1)
    expect(result.clusters[0]!.options.map(o => o.key)).toEqual([
      'apply',
      'dismiss',
      'defer',
      'follow-up'
    ])
  })

  it('reads a shared cause when two findings name the same identifier, with a falsifier naming it', async () => {
    const a = classifyItem(TRUE_CLAIM, 'F5', 'introduced')
    const b = classifyItem(REWORDED, 'F6', 'introduced')
    const result = answer(await driver.classify(classifyRequest([a, b])))
    expect(result.reading?.leading.accounts_for).toEqual(['s2', 's7'])
    expect(result.reading?.leading.falsifier).toContain('`account`')
    expect(result.reading?.direction).toBe('none')
  })

  it('licenses a pre-existing-side fix by the PR purpose that names its file', async () => {
    const item = classifyItem({ ...NEW_FILE, fix }, 'F3', 'pre-existing')
    const result = answer(await driver.classify(classifyRequest([item])))
    expect(result.findings[0]).toMatchObject({
      class: 'mechanical',
      scope_basis: `the PR's stated purpose: "Add a retry helper"`
    })
  })

  it('settles a conflict by the declared order, and asks an unsettled one open-ended', async () => {
    const settled = classifyItem(
      {
        ...TRUE_CLAIM,
        description:
          'AGENTS.md conflicts with docs/architecture.md on where `load` validates input.'
      },
      'F7',
      'introduced'
    )
    const open = classifyItem(
      {
        ...MOVED,
        description: 'docs/style.md conflicts with CONTRIBUTING.md on how `sum` reports errors.'
      },
      'F8',
      'pre-existing'
    )
    const result = answer(await driver.classify(classifyRequest([settled, open])))
    expect(result.findings[0]!.conflict?.settled_by).toEqual({
      kind: 'authority',
      cite: 'the order of authority in AGENTS.md:3: docs/architecture.md > AGENTS.md',
      governs: 'docs/architecture.md'
    })
    expect(result.findings[1]!.conflict?.settled_by).toBeNull()
    const question = result.clusters.find(c => c.findings.includes('s3'))!
    expect(question.options).toEqual([])
    expect(question.question).toContain('Which way should the project go?')
  })

  it('writes gates free of protocol words', async () => {
    const result = answer(
      await driver.classify(
        classifyRequest([
          classifyItem(MOVED, 'F4', 'pre-existing'),
          classifyItem(JOINT, 'F9', 'indeterminate')
        ])
      )
    )
    expect(result.clusters).toHaveLength(2)
    const text = JSON.stringify(result.clusters)
    for (const word of PROTOCOL_WORDS)
      expect([word, text.toLowerCase().includes(word.toLowerCase())]).toEqual([word, false])
  })
})

describe('broken commands', () => {
  const run = (command: string, timeoutMs = 10_000) =>
    new CommandDriver({ command, cwd: dir, timeoutMs })
  const request = verifyRequest([FALSE_CLAIM])

  it('a non-zero exit is no answer, with the exit code and stderr', async () => {
    const result = await run('echo broken >&2; exit 3').verify(request)
    expect(result).toEqual({
      ok: false,
      cause: 'exited with code 3',
      returned: '--- stderr ---\nbroken\n'
    })
  })

  it('no output is no answer', async () => {
    const result = await run('true').verify(request)
    expect(result).toMatchObject({
      ok: false,
      cause: 'exited with code 0 but wrote nothing to stdout'
    })
  })

  it('output that is not JSON is no answer, and what came back is kept', async () => {
    const result = await run('echo "all good"').verify(request)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.cause).toMatch(/^stdout is not JSON/)
    expect(result.returned).toBe('all good\n')
  })

  it('a response breaking the schema is no answer, the cause naming each field by its path', async () => {
    const bad = JSON.stringify({ findings: [{ key: 's1', holds: 'yes', basis: '', cited: [] }] })
    const result = await run(`echo '${bad}'`).verify(request)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.cause).toMatch(/^the answer does not follow the response schema: /)
    expect(result.cause).toContain('findings[0].holds:')
    expect(result.cause).toContain('findings[0].basis:')
    expect(result.cause).toContain('findings[0].severity:')
    expect(result.returned).toBe(`${bad}\n`)
  })

  it('reads a null in an optional field as absent, and keeps one where the schema allows null', async () => {
    const item = {
      key: 's1',
      holds: false,
      basis: 'line 2 guards it',
      cited: [{ file: 'src/user.js', line: 2, text: 'if (user == null)' }],
      provenance: null,
      severity: 'high',
      severity_basis: 'kept',
      same_as: null,
      identity_basis: 'new',
      diagnosis_holds: null,
      question: null
    }
    const result = await run(`echo '${JSON.stringify({ findings: [item] })}'`).verify(request)
    const [read] = answer(result).findings
    expect(read).toEqual({
      key: 's1',
      holds: false,
      basis: 'line 2 guards it',
      cited: [{ file: 'src/user.js', line: 2, text: 'if (user == null)' }],
      severity: 'high',
      severity_basis: 'kept',
      same_as: null,
      identity_basis: 'new'
    })
  })

  it('runs out of time at source-timeout', async () => {
    const result = await run('sleep 5', 300).verify(request)
    expect(result).toMatchObject({ ok: false, cause: 'timed out after 0.3 s' })
  })

  it("withholds the action's credentials and provider keys, as the command source does", async () => {
    const env = {
      ...process.env,
      OPENAI_API_KEY: 'sk-secret-value',
      GITHUB_TOKEN: 'ghs_secret',
      KEPT: 'yes'
    }
    const command = `echo "{\\"findings\\": [], \\"summary\\": \\"[$OPENAI_API_KEY][$GITHUB_TOKEN][$KEPT]\\"}"`
    const result = await new CommandDriver({ command, cwd: dir, timeoutMs: 10_000, env }).goal(
      goalRequest()
    )
    expect(answer(result).summary).toBe('[][][yes]')
  })

  it('sends one request on stdin with the protocol and the role', async () => {
    const log = join(dir, 'stdin.json')
    const command = `cat > "${log}"; echo '{"findings": [], "summary": "read"}'`
    answer(await run(command).goal(goalRequest()))
    const sent = JSON.parse(readFileSync(log, 'utf8')) as {
      protocol: string
      role: string
      goal: unknown
    }
    expect(sent).toMatchObject({
      protocol: 'review-loop/1',
      role: 'goal',
      goal: { path: 'README.md' }
    })
  })
})
