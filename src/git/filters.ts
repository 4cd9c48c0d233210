/** What git must not run or rewrite on the pull request's files: the runner's filter and merge drivers, a message's stray space. */
import { execFile } from 'node:child_process'

/**
 * `-c` settings emptying every filter driver the config visible in `dir` defines (`filter.<name>.clean`, `.smudge`,
 * `.process`, and `.required` off): an empty command is no filter to git, so a file goes in and out byte for byte.
 * Every merge driver it defines (`merge.<name>.driver`) is emptied too: the pull request's .gitattributes can name one
 * (`merge=<name>`), and a merge (a stacked layer's, src/run/landing.ts) would run it; emptied, that merge fails
 * instead, which the loop reports as a merge it cannot make. The runner's config is read (its global and system files,
 * GIT_CONFIG_* variables), never changed.
 */
export function filterDriversOff(env: Record<string, string>, dir: string): Promise<string[]> {
  return new Promise(resolve => {
    execFile(
      'git',
      ['config', '--null', '--name-only', '--get-regexp', '^(filter|merge)\\.'],
      { cwd: dir, env, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        // Exit 1 is "no such setting"; a folder git cannot read yet (before init) has nothing of its own either.
        const filters = new Set<string>()
        const merges = new Set<string>()
        for (const key of error && !stdout ? [] : String(stdout).split('\0')) {
          const m = /^filter\.(.+)\.(?:clean|smudge|process|required)$/is.exec(key)
          if (m) filters.add(m[1] as string)
          const d = /^merge\.(.+)\.driver$/is.exec(key)
          if (d) merges.add(d[1] as string)
        }
        resolve([
          ...[...filters].flatMap(name =>
            ['clean', 'smudge', 'process']
              .flatMap(key => ['-c', `filter.${name}.${key}=`])
              .concat(['-c', `filter.${name}.required=false`])
          ),
          ...[...merges].flatMap(name => ['-c', `merge.${name}.driver=`])
        ])
      }
    )
  })
}

/** A commit message as `git commit --cleanup=whitespace` leaves it: no trailing space, no leading, trailing or doubled blank lines. */
export function cleanupMessage(message: string): string {
  const lines = message.split('\n').map(line => line.trimEnd())
  const out: string[] = []
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue
    out.push(line)
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  return `${out.join('\n')}\n`
}
