/** The provider keys stay in the action's memory: no child process the action starts inherits them (README, "Trust"). */
import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keepStepEnvironment, stepEnvironment } from '../src/action/step-env.js'
import { ok, useSampleWorld } from '../__fixtures__/e2e.js'

const world = useSampleWorld()
const KEY = 'sk-proj-stepenvprobe0123456789abcdef'

describe('the step environment', () => {
  it('keeps the provider keys for the sources and deletes them from the process environment', () => {
    const env: NodeJS.ProcessEnv = { PATH: '/bin', OPENAI_API_KEY: KEY, Anthropic_Api_Key: 'k' }
    expect(keepStepEnvironment(env).sort()).toEqual(['Anthropic_Api_Key', 'OPENAI_API_KEY'])
    expect(env).toEqual({ PATH: '/bin' })
    expect(stepEnvironment()).toMatchObject({ OPENAI_API_KEY: KEY, PATH: '/bin' })
  })

  it('a git the action runs (every child process inherits what the action has) never sees a provider key', async () => {
    const probe = mkdtempSync(join(tmpdir(), 'review-loop-git-probe-'))
    const log = join(probe, 'log')
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(
      join(probe, 'git'),
      `#!/bin/sh\nif env | grep -q '^OPENAI_API_KEY='; then echo leaked >> "$GIT_PROBE_LOG"; else echo clean >> "$GIT_PROBE_LOG"; fi\nexec ${realGit} "$@"\n`
    )
    chmodSync(join(probe, 'git'), 0o755)
    const w = world()
    ok(
      await w.run(
        w.sandbox.pullRequestEvent('opened', 7),
        { source: 'command' },
        { OPENAI_API_KEY: KEY, GIT_PROBE_LOG: log, PATH: `${probe}:${process.env.PATH}` }
      )
    )
    const seen = readFileSync(log, 'utf8').trim().split('\n')
    expect(seen.length).toBeGreaterThan(3)
    expect(seen.filter(l => l === 'leaked')).toEqual([])
  })
})
