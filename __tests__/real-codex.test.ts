/**
 * The `codex` source with the real codex CLI (the pinned version, installed from npm), end to end: the action runs
 * `codex exec` for a sample pull request, and codex talks to a loopback Responses API (`ResponsesFake`: the
 * WebSocket mode first, the HTTP/SSE fallback after) that plays the model turn by turn. Nothing leaves 127.0.0.1: the
 * run only passes when codex sends every request to the `base-url` it was given, with the key as a bearer token.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { ok, statusRecord } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { ResponsesFake } from '../__fixtures__/providers/responses-fake.js'
import { installRealCli } from '../__fixtures__/real-clis.js'
import { BASE_FILES, openSamplePullRequest } from '../__fixtures__/sample-repo.js'

const KEY = 'sk-real-codex-test-key-0169'
let bin: string
let fake: ResponsesFake
let world: LoopWorld
let scratch: string
let nextPr = 7

beforeAll(async () => {
  bin = installRealCli('codex')
  fake = await ResponsesFake.start(KEY)
  world = await LoopWorld.create({ files: BASE_FILES })
  scratch = mkdtempSync(join(tmpdir(), 'real-codex-'))
}, 600_000)

afterAll(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
  await fake.close()
  rmSync(scratch, { recursive: true, force: true })
})

beforeEach(() => fake.reset())

/** A finding as the review answer schema has it. */
const finding = (over: Record<string, unknown> = {}) => ({
  severity: 'medium',
  file: 'src/client.js',
  line: 8,
  description: 'Loose equality lets the string "404" count as not found.',
  evidence: '  return status == 404',
  expectation: 'only the number 404 means not found',
  fix: { start_line: 8, end_line: 8, replacement: '  return status === 404' },
  ...over
})

const answer = (findings: unknown[]) =>
  JSON.stringify({
    verdict: findings.length > 0 ? 'needs-attention' : 'approve',
    findings,
    exercised: { reached: ['contract-closure'], unreached: [] },
    direction: null
  })

/** One round on a fresh pull request, the action running codex against the fake. */
async function round(
  inputs: Record<string, string> = {},
  env: Record<string, string | undefined> = {}
) {
  const pr = nextPr++
  openSamplePullRequest(world, pr)
  const result = await world.run(
    world.sandbox.pullRequestEvent('opened', pr),
    {
      source: 'codex',
      driver: 'none',
      'next-round': 'none',
      // A run takes a second or two; one that went elsewhere than the fake ends here, fast, as no review.
      'source-timeout': '20',
      'base-url': fake.baseUrl,
      ...inputs
    },
    { PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`, CODEX_API_KEY: KEY, ...env }
  )
  ok(result)
  return { result, status: statusRecord(world, pr).body }
}

/** Every model request went to the fake with the key as a bearer token, and none was refused. */
function expectWellFormedTraffic(): void {
  expect(fake.rejections).toEqual([])
  expect(fake.requests.length).toBeGreaterThan(0)
  for (const request of fake.requests) {
    expect(request.path).toBe('/v1/responses')
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`)
  }
  expect(fake.arrivals.every(a => a.path === '/v1/responses')).toBe(true)
}

describe('codex exec against a loopback Responses API', () => {
  it('reviews read-only: the findings reach the trace, and writes and patches are refused', async () => {
    const outside = join(scratch, `written-outside-${Date.now()}.txt`)
    // codex's default model drives its tools through `exec`, a JavaScript cell calling them.
    const cell = [
      // The head commit's own change (the checkout is shallow: HEAD~1 may be past its boundary).
      `const diff = await tools.exec_command({ cmd: 'git show --stat --format= HEAD', login: false })`,
      `const write = await tools.exec_command({ cmd: 'touch written-in-checkout.txt ${outside}', login: false })`,
      `let patch`,
      `try { patch = await tools.apply_patch('*** Begin Patch\\n*** Add File: patched.txt\\n+x\\n*** End Patch\\n') } catch (e) { patch = String(e) }`,
      `text(JSON.stringify({ diff: diff.output, write: write.output, patch }))`
    ].join('\n')
    fake.enqueue({ kind: 'custom_tool_call', name: 'exec', input: cell })
    fake.answer(answer([finding()]))

    const { result, status } = await round()

    expect(result.outputs).toMatchObject({ round: '1', verdict: 'needs-attention' })
    expect(status).toContain('Loose equality lets the string "404" count as not found.')
    expect(status).toMatch(/Call: +codex exec, model the CLI's default, reasoning effort medium, /)
    expectWellFormedTraffic()
    // What codex sent back from the cell: the diff was read, the write and the patch were refused (the folder
    // outside the checkout is not even there in the sandbox).
    const [output] = fake.toolOutputs()
    expect(output!.output).toContain('src/client.js')
    expect(output!.output).toMatch(
      /touch: cannot touch 'written-in-checkout.txt': Read-only file system/
    )
    expect(output!.output).toContain(`cannot touch '${outside}': No such file or directory`)
    expect(output!.output).toContain('patch rejected: writing is blocked by read-only sandbox')
    const checkout = join(result.env.RUNNER_TEMP!, 'review-loop', 'checkout')
    const left = readdirSync(checkout, { recursive: true }).map(String)
    expect(left).toContain(join('src', 'client.js'))
    expect(left.filter(f => /written-in-checkout|patched\.txt/.test(f))).toEqual([])
    expect(existsSync(outside)).toBe(false)
    // The schema the answer was constrained to went as strict structured output.
    const turn = fake.requests.find(r => !r.prewarm)!
    expect(turn.body.text).toMatchObject({
      format: { type: 'json_schema', strict: true, name: 'codex_output_schema' }
    })
  })

  it('reads only the checkout: a secret beside it, $HOME, the runner temp folder and /etc are out of reach', async () => {
    // A secret in a folder next to the checkout, as an earlier step or another job could leave one.
    const marker = `SECRET-MARKER-${Date.now()}`
    const beside = join(scratch, 'beside')
    mkdirSync(beside, { recursive: true })
    const secret = join(beside, 'secret.txt')
    writeFileSync(secret, `${marker}\n`)
    const home = process.env.HOME ?? '/root'
    // One command per read, each marked, so every result is seen on its own.
    const reads: Record<string, string> = {
      checkout: 'cat src/client.js && git log --oneline -1',
      secret: `cat ${secret}`,
      hostname: 'cat /etc/hostname',
      home: `ls -a ${home}`,
      tmp: `ls ${tmpdir()}`,
      // Where the command runs (the action's checkout), and the ledger's folder beside it in RUNNER_TEMP (checked
      // after the run). Commands get no RUNNER_TEMP variable, so the path is relative.
      where: 'pwd',
      ledger: 'ls -a ../ledger',
      tools: 'rg -n "status" src/client.js && awk "NR==1" src/client.js'
    }
    const cell = [
      `const out = {}`,
      `for (const [k, cmd] of Object.entries(${JSON.stringify(reads)})) out[k] = (await tools.exec_command({ cmd, login: false })).output`,
      `text(JSON.stringify(out))`
    ].join('\n')
    fake.enqueue({ kind: 'custom_tool_call', name: 'exec', input: cell })
    fake.answer(answer([]))

    const { result } = await round()

    expect(result.outputs).toMatchObject({ verdict: 'approve' })
    expectWellFormedTraffic()
    const [output] = fake.toolOutputs()
    // Nothing of the secret went back to the model, anywhere in what codex sent.
    expect(JSON.stringify(fake.requests.map(r => r.body))).not.toContain(marker)
    // The cell's output: content items, one of them the JSON text the cell returned.
    const items = JSON.parse(output!.output) as { text?: string }[]
    const returned = items.map(i => i.text ?? '').find(t => t.startsWith('{"checkout"'))
    expect(returned).toBeDefined()
    const out = JSON.parse(returned!) as Record<string, string>
    // Inside the checkout: files, git history, codex's ripgrep and the system's awk all work.
    expect(out.checkout).toContain('status == 404')
    expect(out.checkout).toMatch(/^[0-9a-f]{7,} /m)
    expect(out.tools).toContain('status')
    expect(out.tools).not.toMatch(/command not found|Permission denied/)
    // Outside: the folder beside the checkout, $HOME and the temp folder are not in the sandbox; /etc's files are
    // denied.
    expect(out.secret).toContain(`cat: ${secret}: No such file or directory`)
    expect(out.home).toMatch(/No such file or directory/)
    expect(out.tmp).not.toContain('real-codex-')
    const ledgerDir = join(out.where!.trim(), '..', 'ledger')
    expect(ledgerDir).toBe(join(result.env.RUNNER_TEMP!, 'review-loop', 'ledger'))
    expect(existsSync(ledgerDir)).toBe(true)
    expect(out.ledger).toContain('No such file or directory')
    expect(out.hostname).toContain('cat: /etc/hostname: Permission denied')
  })

  it('sends a malformed finding back once and puts the corrected one on the trace', async () => {
    const zero = {
      severity: 'high',
      file: 'src/config.js',
      line: 2,
      description: 'A zero timeout never times out.',
      evidence: null,
      expectation: null,
      fix: null
    }
    fake.answer(answer([zero]))
    fake.answer(
      JSON.stringify({
        findings: [
          {
            ...zero,
            evidence: 'export const TIMEOUT_MS = 0',
            expectation: 'a request to a hung server ends after a bounded time'
          }
        ]
      })
    )

    const { status } = await round({ 'openai-api-key': KEY }, { CODEX_API_KEY: undefined })

    expect(status).toContain('A zero timeout never times out.')
    expect(status).not.toMatch(/malformed/i)
    expectWellFormedTraffic()
    // Two codex runs: the review, then the correction with its own schema and the problem named.
    const turns = fake.requests.filter(r => !r.prewarm)
    expect(turns).toHaveLength(2)
    const correction = JSON.stringify(turns[1]!.body)
    expect(correction).toContain('## Correction')
    expect(
      (turns[1]!.body.text as { format: { schema: { required: string[] } } }).format.schema.required
    ).toEqual(['findings'])
  })

  it('a connection dropped mid-turn is progress, not failure: codex reconnects and the round is a review', async () => {
    fake.enqueue({ kind: 'drop' }, { kind: 'drop' })
    fake.answer(answer([finding()]))

    const { result, status } = await round()

    expect(result.outputs).toMatchObject({ verdict: 'needs-attention' })
    expect(status).toMatch(
      /codex reported and went on: Reconnecting\.\.\. 2\/5 \(stream disconnected before completion/
    )
    expectWellFormedTraffic()
  })

  it('falls back to HTTP when the server has no WebSocket, with OPENAI_BASE_URL as the base URL', async () => {
    fake.refuseWebSocket(1000, 426)
    fake.answer(answer([]))

    const { result } = await round({ 'base-url': '' }, { OPENAI_BASE_URL: fake.baseUrl })

    expect(result.outputs).toMatchObject({ verdict: 'approve' })
    expectWellFormedTraffic()
    expect(fake.requests.map(r => r.transport)).toEqual(['http'])
    expect(fake.requests[0]!.body.stream).toBe(true)
  })

  it('is no review, naming the cause and the fix, when the sandbox cannot start', async () => {
    // The runner as Ubuntu 24.04 makes it for bubblewrap: no user namespace can be created.
    const wrapped = join(scratch, 'no-userns')
    mkdirSync(wrapped)
    writeFileSync(
      join(wrapped, 'codex'),
      `#!/bin/sh\nexec unshare --user --map-root-user /bin/sh -c 'echo 0 > /proc/sys/user/max_user_namespaces && exec "$0" "$@"' ${JSON.stringify(join(bin, 'codex'))} "$@"\n`
    )
    chmodSync(join(wrapped, 'codex'), 0o755)
    fake.answer(answer([finding()]))

    const { result, status } = await round(
      {},
      { PATH: `${wrapped}${delimiter}${bin}${delimiter}${process.env.PATH ?? ''}` }
    )

    expect(result.outputs).toMatchObject({ status: 'no-review', verdict: '' })
    expect(status).toContain("codex's sandbox cannot start on this runner (bwrap: ")
    expect(status).toContain('sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0')
    // codex exec never ran: the model was never asked.
    expect(fake.requests).toEqual([])
  })
})
