import { describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { excerptsOf } from '../src/sources/factory.js'
import type { ReviewRequest } from '../src/sources/types.js'

function repo(): { dir: string; head: string } {
  const dir = mkdtempSync(join(tmpdir(), 'review-loop-excerpts-'))
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir
    })
      .toString()
      .trim()
  git('init', '-q')
  writeFileSync(join(dir, 'AGENTS.md'), `# Rules\n${'Keep it simple.\n'.repeat(400)}`)
  writeFileSync(
    join(dir, 'a.js'),
    Array.from({ length: 100 }, (_, i) => `// line ${i + 1}`).join('\n') + '\n'
  )
  git('add', '.')
  git('commit', '-qm', 'x')
  return { dir, head: git('rev-parse', 'HEAD') }
}

describe('excerpts for a source that cannot read the repository', () => {
  it('dereferences rule and design-comment pointers into bounded excerpts at the head', async () => {
    const { dir, head } = repo()
    const request = {
      head_sha: head,
      intent: {
        rules: [
          { path: 'AGENTS.md', why: 'project rules' },
          { path: 'missing.md', why: 'gone' }
        ],
        design_comments: [{ path: 'a.js', line: 50 }]
      }
    } as unknown as ReviewRequest
    const excerpts = await excerptsOf(dir, request)
    expect(excerpts.map(e => [e.path, e.line])).toEqual([
      ['AGENTS.md', undefined],
      ['a.js', 50]
    ])
    expect(excerpts[0]!.text.length).toBeLessThan(4_100)
    expect(excerpts[0]!.text).toContain('[… cut at 4000 characters]')
    expect(excerpts[1]!.text.split('\n')[0]).toBe('// line 30')
    expect(excerpts[1]!.text).toContain('// line 70')
    expect(excerpts[1]!.text).not.toContain('// line 71')
  })
})
