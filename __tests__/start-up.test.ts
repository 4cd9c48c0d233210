/**
 * Start-up (issue 16): an event the loop does not act on is answered by the bundle's entry file alone, before the run's
 * own code (the GitHub client, the ledger, the sources) loads; a run it acts on loads that code from its own chunk.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { REPO_ROOT } from '../__fixtures__/harness/index.js'

const entry = process.env.REVIEW_LOOP_ENTRY ?? join(REPO_ROOT, 'dist', 'index.js')

/** The bundle's entry file copied alone into a folder of its own: none of its chunks beside it. */
function entryAlone(): string {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-entry-'))
  copyFileSync(entry, join(dir, 'index.js'))
  copyFileSync(join(dirname(entry), 'package.json'), join(dir, 'package.json'))
  return dir
}

/** The whole bundle (the entry file and its chunks) copied into a folder of its own. */
function wholeBundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-bundle-'))
  cpSync(dirname(entry), dir, { recursive: true })
  return dir
}

function start(dir: string, event: string, payload: unknown) {
  const eventPath = join(dir, 'event.json')
  writeFileSync(eventPath, JSON.stringify(payload))
  for (const file of ['output', 'summary']) writeFileSync(join(dir, file), '')
  const out = spawnSync(process.execPath, [join(dir, 'index.js')], {
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      PATH: process.env.PATH,
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: 'octo-org/octo-repo',
      GITHUB_OUTPUT: join(dir, 'output'),
      GITHUB_STEP_SUMMARY: join(dir, 'summary'),
      // Nothing listens here: a run that got as far as GitHub would fail at once, saying so.
      GITHUB_API_URL: 'http://127.0.0.1:9',
      RUNNER_TEMP: dir,
      'INPUT_GITHUB-TOKEN': 'ghs_start_up_test'
    }
  })
  return {
    ...out,
    summary: readFileSync(join(dir, 'summary'), 'utf8'),
    output: readFileSync(join(dir, 'output'), 'utf8')
  }
}

describe('start-up', () => {
  it("answers an ignored event from the entry file alone, and loads the run's own code only for a run", () => {
    const dir = entryAlone()
    const push = start(dir, 'push', {})
    expect(push.status).toBe(0)
    expect(push.summary).toContain('review-loop: nothing to do (the push event is not one')
    expect(push.output).toMatch(/^status<<.*\nignored\n/m)
    // A pull request it acts on needs the run's code, which is not in the entry file: without its chunk it cannot start.
    const pr = start(dir, 'pull_request', {
      action: 'opened',
      pull_request: { number: 7, head: { sha: 'a'.repeat(40) } }
    })
    expect(pr.status).not.toBe(0)
    expect(`${pr.stdout}${pr.stderr}`).toMatch(/ERR_MODULE_NOT_FOUND|Cannot find module/)
  })

  it('answers a comment that spells no command from the entry file alone; one that may hold a command, hidden or not, needs the grammar', () => {
    const dir = entryAlone()
    const comment = (body: string) =>
      start(dir, 'issue_comment', {
        action: 'created',
        issue: { number: 7, pull_request: { url: 'https://api.github.com/repos/o/r/pulls/7' } },
        comment: { id: 1, body, user: { login: 'octo-maintainer' } }
      })
    const chat = comment('Looks good to me; see https://example.com/review/loop for why.')
    expect(chat.status).toBe(0)
    expect(chat.summary).toContain('the comment holds no /review-loop command')
    const onIssue = start(dir, 'issue_comment', {
      action: 'created',
      issue: { number: 8 },
      comment: { id: 2, body: '/review-loop status', user: { login: 'octo-maintainer' } }
    })
    expect(onIssue.summary).toContain('the comment is on an issue, not a pull request')
    const opener = start(dir, 'pull_request_review_comment', {
      action: 'created',
      pull_request: { number: 7 },
      comment: { id: 3, body: '/review-loop G1 apply', user: { login: 'octo-maintainer' } }
    })
    expect(opener.summary).toContain('the review comment starts a thread')
    // Each of these spells the command as GitHub shows it: the grammar (not in the entry file) must read it.
    for (const body of [
      '/review-loop status',
      '/r<!-- -->eview-loop stop',
      '\\/review-loop continue'
    ]) {
      const r = comment(body)
      expect(r.status).not.toBe(0)
      expect(`${r.stdout}${r.stderr}`).toMatch(/ERR_MODULE_NOT_FOUND|Cannot find module/)
    }
  })

  it('answers an event it never handles with the outputs, summary and log line the full path gives an ignored one', () => {
    /** The outputs as the runner reads them: `name<<delimiter`, the value, the delimiter. */
    const outputs = (text: string) =>
      Object.fromEntries(
        [...text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n?\2$/gm)].map(m => [m[1], m[3]])
      )
    // A push, answered by the entry file's own code; a closed pull request, by the step's (the full bundle beside it).
    const fast = start(entryAlone(), 'push', {})
    const full = start(wholeBundle(), 'pull_request', {
      action: 'closed',
      pull_request: { number: 7, head: { sha: 'a'.repeat(40) } }
    })
    expect(full.status).toBe(0)
    expect(fast.status).toBe(0)
    expect(outputs(fast.output)).toEqual(outputs(full.output))
    expect(outputs(fast.output)).toEqual({
      status: 'ignored',
      round: '',
      verdict: '',
      'open-gates': ''
    })
    expect(fast.summary).toBe(
      'review-loop: nothing to do (the push event is not one review-loop handles).\n'
    )
    expect(full.summary).toMatch(
      /^review-loop: nothing to do \(pull_request 'closed' is not one review-loop handles\)\.\n$/
    )
    expect(fast.stdout).toMatch(
      /^Nothing for review-loop: the push event is not one review-loop handles$/m
    )
    expect(full.stdout).toMatch(
      /^Nothing for review-loop: pull_request 'closed' is not one review-loop handles$/m
    )
  })
})
