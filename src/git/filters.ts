/** What git must not run or rewrite on the pull request's files: the runner's filter drivers, a message's stray space. */
import { execFile } from 'node:child_process'

/**
 * `-c` settings emptying every filter driver the config visible in `dir` defines (`filter.<name>.clean`, `.smudge`,
 * `.process`, and `.required` off): an empty command is no filter to git, so a file goes in and out byte for byte.
 * The runner's config is read (its global and system files, GIT_CONFIG_* variables), never changed.
 */
export function filterDriversOff(env: Record<string, string>, dir: string): Promise<string[]> {
  return new Promise(resolve => {
    execFile(
      'git',
      ['config', '--null', '--name-only', '--get-regexp', '^filter\\.'],
      { cwd: dir, env, maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        // Exit 1 is "no such setting"; a folder git cannot read yet (before init) has nothing of its own either.
        const names = new Set<string>()
        for (const key of error && !stdout ? [] : String(stdout).split('\0')) {
          const m = /^filter\.(.+)\.(?:clean|smudge|process|required)$/is.exec(key)
          if (m) names.add(m[1] as string)
        }
        resolve(
          [...names].flatMap(name =>
            ['clean', 'smudge', 'process']
              .flatMap(key => ['-c', `filter.${name}.${key}=`])
              .concat(['-c', `filter.${name}.required=false`])
          )
        )
      }
    )
  })
}

/** A commit message as `git commit --cleanup=whitespace` leaves it: no trailing space, no leading, trailing or doubled blank lines. */
export function cleanupMessage(message: string): string {
  const lines = message.split('\n').map(line => line.replace(/\s+$/, ''))
  const out: string[] = []
  for (const line of lines) {
    if (line === '' && (out.length === 0 || out[out.length - 1] === '')) continue
    out.push(line)
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop()
  return `${out.join('\n')}\n`
}
