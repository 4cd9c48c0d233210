/** Shared pieces of the end-to-end tests: a world per test, step checks, a scripted source. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT, type RunResult } from './harness/index.js'
import { afterEach, beforeEach, expect } from '@jest/globals'
import { LoopWorld } from './loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from './sample-repo.js'

/**
 * A fresh world per test with the sample pull request #7 open, the offline reviewer as the `command` source and
 * `landing: head`; after each test, no request to the GitHub stand-in broke GitHub's OpenAPI description.
 */
export function useSampleWorld(
  inputs: Record<string, string | undefined> = { command: REVIEWER_COMMAND, landing: 'head' }
): () => LoopWorld {
  let world: LoopWorld | undefined
  beforeEach(async () => {
    world = await LoopWorld.create({ files: BASE_FILES, inputs })
    openSamplePullRequest(world)
  })
  afterEach(async () => {
    expect(world!.fake.violations).toEqual([])
    await world!.dispose()
  })
  return () => world!
}

/** The login the action's token acts as. */
export const BOT = 'github-actions[bot]'

/** Throws with the step's output when it did not succeed. */
export function ok(result: RunResult): RunResult {
  if (result.exitCode !== 0) {
    throw new Error(`the step failed (${result.exitCode}):\n${result.stdout}\n${result.stderr}`)
  }
  return result
}

/** The action's one status comment (as the fake stores it, so a test can tamper with it). */
export function statusRecord(world: LoopWorld, pr = 7) {
  const found = world.fake.commentList.filter(
    c => c.issue === pr && c.author.login === BOT && c.body.includes('review-loop:state')
  )
  if (found.length !== 1) throw new Error(`expected one status comment, found ${found.length}`)
  return found[0]!
}

/** The gate comments the action posted. */
export function gateComments(world: LoopWorld, pr = 7) {
  return world.fake.comments(pr).filter(c => c.user.login === BOT && /^### G\d+:/.test(c.body))
}

/** A command source answering from a script, one entry per call; it records every request it got. */
export function scriptedSource(steps: { stdout: unknown; exitCode?: number; stderr?: string }[]): {
  command: string
  requests: () => Record<string, unknown>[]
  /** The script file (its requests are kept beside it). */
  script: string
} {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-script-'))
  const file = join(dir, 'script.json')
  writeFileSync(file, JSON.stringify(steps))
  return {
    script: file,
    command: `node ${JSON.stringify(join(REPO_ROOT, '__fixtures__', 'scripted-source.mjs'))} ${JSON.stringify(file)}`,
    requests: () =>
      readFileSync(`${file}.requests.jsonl`, 'utf8')
        .trim()
        .split('\n')
        .map(l => JSON.parse(l) as Record<string, unknown>)
  }
}

/**
 * A scripted source behind the `review` role and the stand-in driver behind the driver's roles, in one `command`
 * (set `driver: command`); it records the source's requests and, in `driverLog`, every driver request.
 */
export function scriptedSourceAndDriver(
  steps: { stdout: unknown; exitCode?: number; stderr?: string }[]
): {
  command: string
  requests: () => Record<string, unknown>[]
  driverRequests: () => Record<string, unknown>[]
  env: Record<string, string>
} {
  const source = scriptedSource(steps)
  const script = source.script
  const log = `${script}.driver.jsonl`
  writeFileSync(log, '')
  return {
    command: `node ${JSON.stringify(join(REPO_ROOT, '__fixtures__', 'review-and-drive.mjs'))} ${JSON.stringify(script)}`,
    requests: source.requests,
    driverRequests: () =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter(l => l !== '')
        .map(l => JSON.parse(l) as Record<string, unknown>),
    env: { DRIVER_STANDIN_LOG: log }
  }
}
