/** The files a change-point scan is shown, read from a real repository whose file names git would quote. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { harnessGitEnv } from '../__fixtures__/harness/git-remote.js'
import { Git } from '../src/git/git.js'
import { candidateFiles } from '../src/run/scan-candidates.js'

describe('candidateFiles', () => {
  const NAMES = ['plain.js', 'a "quoted" name.js', 'tab\there.js', 'new\nline.js', 'naïve.js']
  let dir: string
  let head: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'review-loop-candidates-'))
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: dir, env: harnessGitEnv(), encoding: 'utf8' }).trim()
    git('init', '-q', '-b', 'main')
    for (const name of NAMES) writeFileSync(join(dir, name), 'return fetch_usr(id)\n')
    writeFileSync(join(dir, 'other.js'), 'unrelated\n')
    git('add', '-A')
    git('commit', '-q', '-m', 'files')
    head = git('rev-parse', 'HEAD')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('finds every file naming the changed name, whatever characters its name holds', async () => {
    const git = new Git(dir, { env: harnessGitEnv() as Record<string, string> })
    const read = async (file: string) => (await git.readFile(head, file))?.split('\n')
    const { candidates } = await candidateFiles(git, head, ['fetchUsr'], [], read)
    expect(candidates.map(c => c.path).sort()).toEqual([...NAMES].sort())
  })
})
