/** A `git` on PATH that records every command line the action runs, then runs the real git (tests read the calls). */
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The probe: `env` (PATH first, and the log) to give a run, and every git command line it saw, as argument lists. */
export function gitProbe(): { env: Record<string, string>; calls: () => string[][] } {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-git-probe-'))
  const log = join(dir, 'calls')
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
  // Each argument ends with US (\037), each call with RS (\036): arguments may hold newlines.
  writeFileSync(
    join(dir, 'git'),
    `#!/bin/sh\n{ for a in "$@"; do printf '%s\\037' "$a"; done; printf '\\036'; } >> "$GIT_PROBE_CALLS"\nexec ${JSON.stringify(realGit)} "$@"\n`
  )
  chmodSync(join(dir, 'git'), 0o755)
  return {
    env: { GIT_PROBE_CALLS: log, PATH: `${dir}:${process.env.PATH ?? ''}` },
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\u001e')
            .filter(c => c !== '')
            .map(c => c.split('\u001f').slice(0, -1))
        : []
  }
}
