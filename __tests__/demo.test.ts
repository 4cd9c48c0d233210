/** `npm run demo` as a newcomer runs it (a child process on the bundled dist/), and the demo's printing helpers. */
import { describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { REPO_ROOT, type RunResult } from '../__fixtures__/harness/index.js'
import {
  describeEvent,
  failureReport,
  formatOutputs,
  Printer,
  stripStateBlock
} from '../demo/print.js'

interface Finished {
  code: number | null
  stdout: string
  stderr: string
}

function runDemo(): Promise<Finished> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
  // Jest's own flags are not the demo's business.
  delete env.NODE_OPTIONS
  return new Promise(done => {
    execFile(
      'npx',
      ['tsx', 'demo/run.ts'],
      { cwd: REPO_ROOT, env, timeout: 280_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0
        done({ code, stdout, stderr })
      }
    )
  })
}

describe('npm run demo', () => {
  it('plays the four runs of the loop and shows the pushed fix', async () => {
    const { code, stdout, stderr } = await runDemo()
    if (code !== 0) throw new Error(`the demo exited ${code}:\n${stdout}\n${stderr}`)

    // Each run's heading, then its outputs, in order.
    const runs = [
      ...stdout.matchAll(/^Run (\d) of 4: (.*)\n[\s\S]*?^Outputs: status=(\S+)\s+round=(\S+)/gm)
    ].map(m => ({ run: m[1], title: m[2], status: m[3], round: m[4] }))
    expect(runs).toEqual([
      {
        run: '1',
        title: '@octo-author opens pull request #7',
        status: 'awaiting-decision',
        round: '1'
      },
      {
        run: '2',
        title: '@drive-by, who can only read, tries to answer G1',
        status: 'awaiting-decision',
        round: '1'
      },
      { run: '3', title: '@octo-maintainer answers G1', status: 'continue', round: '1' },
      {
        run: '4',
        title: 'GitHub starts the next round the loop asked for',
        status: 'converged',
        round: '2'
      }
    ])
    const sections = stdout.split(/^(?=Run \d of 4: )/m)
    expect(sections[1]).toContain('Event:   pull_request (opened), sent by @octo-author')
    expect(sections[1]).toContain('### G1: your judgment is needed')
    expect(sections[2]).toContain('sent by @drive-by (read access)')
    expect(sections[2]).toContain(
      '@drive-by only people with write access to this repository can steer review-loop'
    )
    expect(sections[3]).toMatch(/^Pushed: {2}commit [0-9a-f]{7} to feature\/not-found$/m)
    expect(sections[3]).toContain(
      'Started: a workflow_dispatch run of review-loop.yml on main (pr=7)'
    )
    expect(sections[4]).toContain('workflow_dispatch, inputs pr=7')
    expect(sections[4]).toContain('Round 2 — source: command — verdict: approve')

    // The status comment is printed once, at the end, without its hidden ledger.
    expect(stdout.match(/^The status comment on PR #7/gm)).toHaveLength(1)
    expect(stdout).not.toMatch(/<!-- review-loop:state \{/)
    expect(stdout).toMatch(/hidden `<!-- review-loop:state … -->` block, \d+ characters/)

    // The loop's commit and what it changed.
    expect(stdout).toContain('│ review-loop: fix commit for round 1')
    expect(stdout).toMatch(/^ {2}│ -\s+return status == 404$/m)
    expect(stdout).toMatch(/^ {2}│ \+\s+return status === 404$/m)
    expect(stdout).toMatch(/^ {2}│ \+export const TIMEOUT_MS = 10_000$/m)
    expect(stdout).toContain('`npm test`')

    // Plain text for a pipe, and none of the step's own workflow commands.
    expect(stdout).not.toContain('\x1b[')
    expect(stdout).not.toContain('::debug::')
    expect(stderr).not.toContain('The demo stopped')
  }, 300_000)
})

describe('the demo printing helpers', () => {
  it('strips the state block from a status comment and says how long it was', () => {
    const block = '<!-- review-loop:state {"revision":4,"gz":"H4sI"} -->'
    expect(stripStateBlock(`### Review loop: converged\n\nText.\n\n${block}\n`)).toEqual({
      text: '### Review loop: converged\n\nText.',
      stateChars: block.length
    })
    expect(stripStateBlock('no block <!-- other -->')).toEqual({ text: 'no block <!-- other -->' })
  })

  it('shows empty outputs as "" and keeps action.yml order', () => {
    expect(formatOutputs({ verdict: '', round: '1', status: 'continue', extra: 'x' })).toBe(
      'status=continue  round=1  verdict=""  open-gates=""'
    )
  })

  it('names the event, its inputs and the sender with their access', () => {
    const access = (login: string) => (login === 'drive-by' ? 'read' : 'write')
    expect(
      describeEvent('issue_comment', { action: 'created', sender: { login: 'drive-by' } }, access)
    ).toBe('issue_comment (created), sent by @drive-by (read access)')
    expect(describeEvent('workflow_dispatch', { inputs: { pr: '7' } }, access)).toBe(
      'workflow_dispatch, inputs pr=7'
    )
  })

  it('quotes text behind a gutter and bolds headings only on a terminal', () => {
    let plain = ''
    const p = new Printer(t => (plain += t), false)
    p.heading('Run 1')
    p.quote('a\n\nb\n')
    expect(plain).toBe('\nRun 1\n-----\n  │ a\n  │\n  │ b\n')
    let tty = ''
    new Printer(t => (tty += t), true).heading('Run 1')
    expect(tty).toBe('\n\x1b[1mRun 1\x1b[0m\n-----\n')
  })

  it('reports a failed step with its stdout and stderr', () => {
    const failed = { exitCode: 1, signal: null, timedOut: false, stdout: 'out', stderr: 'err' }
    expect(failureReport('Run 2 of 4', failed as RunResult)).toBe(
      'Run 2 of 4: the step exited with code 1.\n--- stdout ---\nout\n--- stderr ---\nerr'
    )
  })
})
