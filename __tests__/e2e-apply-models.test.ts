/**
 * The tiered writer against a loopback OpenAI stand-in: the brief is compiled by the driver's model, the fixes are
 * written by the `writer-model`, and the fit pass is the driver's again. Every answer is scripted in call order.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { ok, statusRecord } from '../__fixtures__/e2e.js'
import { OpenAIFake } from '../__fixtures__/providers/openai-fake.js'

const KEY = 'sk-test-openai-key-1234567890'
let openai: OpenAIFake
let world: LoopWorld

beforeAll(async () => {
  openai = await OpenAIFake.start({ apiKey: KEY, reasoning: true })
})
afterAll(async () => {
  await openai.close()
})
beforeEach(async () => {
  openai.reset()
  world = await LoopWorld.create({
    files: { 'README.md': '# users\n' },
    inputs: { landing: 'head' }
  })
  world.sandbox.openPullRequest({
    number: 7,
    title: 'Look users up',
    headRef: 'feature/users',
    baseRef: 'main',
    author: 'octo-author',
    files: {
      'src/api.js': 'export function fetchUsr(id) {\n  return id\n}\n',
      'src/profile.js': "import { fetchUsr } from './api.js'\n"
    },
    message: 'Add user lookup'
  })
})
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

const finding = {
  severity: 'low',
  file: 'src/api.js',
  line: 1,
  description: '`fetchUsr` is misspelt.',
  fix: { start_line: 1, end_line: 1, replacement: 'export function fetchUser(id) {' }
}

describe('the writer tier', () => {
  it('sends the writing to the writer model and the brief and fit pass to the driver model', async () => {
    openai
      .answerJson({
        verdict: 'needs-attention',
        findings: [finding],
        exercised: { reached: ['contract-closure'], unreached: [] }
      })
      .answerJson({
        findings: [
          {
            key: 's1',
            holds: true,
            basis: 'the name is misspelt',
            cited: [{ file: 'src/api.js', line: 1, text: 'export function fetchUsr(id) {' }],
            provenance: { type: 'introduced', holds_at_base: false, basis: 'a new file' },
            severity: 'low',
            severity_basis: 'a name',
            same_as: null,
            identity_basis: 'new'
          }
        ]
      })
      .answerJson({
        reading: null,
        no_reading: 'no shared cause',
        retired: [],
        cross_round: null,
        findings: [
          { key: 's1', class: 'mechanical', basis: 'one rename', scope_basis: null, conflict: null }
        ],
        clusters: []
      })
      .answerJson({
        fixes: [
          {
            key: 'x1',
            predicate: 'every reference to fetchUsr, renamed fetchUser',
            sites: [
              {
                file: 'src/api.js',
                start_line: 1,
                end_line: 1,
                text: 'export function fetchUsr(id) {',
                basis: 'the definition'
              },
              {
                file: 'src/profile.js',
                start_line: 1,
                end_line: 1,
                text: "import { fetchUsr } from './api.js'",
                basis: 'an import'
              }
            ],
            interactions: 'none seen',
            risk: null
          }
        ]
      })
      .answerJson({
        edits: [
          {
            site: 'F1.1',
            file: 'src/api.js',
            start_line: 1,
            end_line: 1,
            replacement: 'export function fetchUser(id) {'
          },
          {
            site: 'F1.2',
            file: 'src/profile.js',
            start_line: 1,
            end_line: 1,
            replacement: "import { fetchUser } from './api.js'"
          }
        ]
      })
      .answerJson({ summary: 'it fits', adaptations: [], risk: null })
    const inputs = {
      source: 'openai',
      driver: 'openai',
      'openai-api-key': KEY,
      'base-url': openai.baseUrl,
      model: 'gpt-5',
      'writer-model': 'gpt-5-mini'
    }
    const r = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    expect(r.outputs.status).toBe('continue')
    const calls = openai.requests.map(q => {
      const body = q.body as { model: string; response_format?: { json_schema?: { name: string } } }
      return [body.response_format?.json_schema?.name ?? 'review', body.model]
    })
    expect(calls).toEqual([
      ['review', 'gpt-5'],
      ['driver_verify', 'gpt-5'],
      ['driver_classify', 'gpt-5'],
      ['driver_scan', 'gpt-5'],
      ['driver_write', 'gpt-5-mini'],
      ['driver_fit', 'gpt-5']
    ])
    expect(world.remote.readFile('feature/users', 'src/profile.js')).toBe(
      "import { fetchUser } from './api.js'\n"
    )
    expect(statusRecord(world).body).toMatch(/Written: +F1: the writer \(openai \(gpt-5-mini\)\)/)
  })
})
