/**
 * A git that fails on cue: a script named `git` in a folder of its own, put first on PATH, that runs the real git for
 * every command but an ancestry question (`merge-base --is-ancestor`), or a read of a commit's tree (`ls-tree`), about
 * a commit it was told to fail on, which it answers as a broken git would (exit 128 and a fatal message). A test proves with it that a git failure is never read
 * as an answer.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The words the failing git says, so a test can look for them where the action reports the failure. */
export const FAILING_GIT_WORDS = 'fatal: simulated failure: could not read the commit graph'

/** A git that fails on cue; `path` is the PATH to give the process that should use it. */
export interface FailingGit {
  /** PATH with the failing git's folder first. */
  path: string
  /** Fails every ancestry question whose first commit is `sha` (`*`: every ancestry question); undefined: none. */
  failAncestry(sha: string | undefined): void
  /** Fails every read of `sha`'s tree (`ls-tree`: a file at that commit); undefined: none. */
  failRead(sha: string | undefined): void
  /** Removes the folder. */
  remove(): void
}

/** Makes a failing git in a temp folder, in front of the real one found on this process's PATH. */
export function failingGit(): FailingGit {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-failing-git-'))
  const cue = join(dir, 'fail-ancestry')
  const readCue = join(dir, 'fail-read')
  const script = `#!/bin/sh
cue='${cue}'
if [ -f '${readCue}' ]; then
  fail=$(cat '${readCue}')
  tree=0
  for arg in "$@"; do
    [ "$arg" = ls-tree ] && tree=1
    if [ "$tree" = 1 ] && [ "$arg" = "$fail" ]; then
      echo '${FAILING_GIT_WORDS}' >&2
      exit 128
    fi
  done
fi
if [ -f "$cue" ]; then
  fail=$(cat "$cue")
  asked=0
  for arg in "$@"; do
    if [ "$asked" = 2 ]; then
      if [ "$fail" = '*' ] || [ "$arg" = "$fail" ]; then
        echo '${FAILING_GIT_WORDS}' >&2
        exit 128
      fi
      break
    fi
    [ "$asked" = 1 ] && [ "$arg" = '--end-of-options' ] && asked=2
    [ "$arg" = '--is-ancestor' ] && asked=1
  done
fi
exec '${real}' "$@"
`
  writeFileSync(join(dir, 'git'), script)
  chmodSync(join(dir, 'git'), 0o755)
  return {
    path: `${dir}:${process.env.PATH ?? ''}`,
    failAncestry(sha) {
      if (sha === undefined) rmSync(cue, { force: true })
      else writeFileSync(cue, sha)
    },
    failRead(sha) {
      if (sha === undefined) rmSync(readCue, { force: true })
      else writeFileSync(readCue, sha)
    },
    remove() {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
