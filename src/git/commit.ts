/** Committing the loop's fix through plumbing: the bytes written go in as they are, nothing else is staged. */
import { lstat, rm } from 'node:fs/promises'
import * as path from 'node:path'
import { cleanupMessage } from './filters.js'
import type { Git } from './git.js'

/** What `commitAll` records. */
export interface CommitSpec {
  message: string
  authorName: string
  authorEmail: string
  /** Repository-relative paths to stage (additions, edits and deletions); nothing else is committed. */
  paths: readonly string[]
  committerName?: string
  committerEmail?: string
}

/** Raised when `commitAll` finds nothing to commit in the given paths. */
export class NothingToCommitError extends Error {
  constructor(readonly paths: readonly string[]) {
    super(
      `nothing to commit: ${paths.join(', ')} ${paths.length === 1 ? 'is' : 'are'} unchanged from HEAD; write the fix to the working tree before committing`
    )
    this.name = 'NothingToCommitError'
  }
}

/** Stages exactly `paths` and commits them on the current HEAD; returns the new commit's SHA. */
export async function commitAll(git: Git, spec: CommitSpec): Promise<string> {
  if (spec.paths.length === 0) throw new Error('commitAll needs at least one path to commit')
  if (spec.message.trim() === '') throw new Error('commitAll needs a non-empty commit message')
  if (spec.authorName.trim() === '' || !spec.authorEmail.includes('@')) {
    throw new Error(
      `commitAll needs an author name and email, got ${JSON.stringify(spec.authorName)} <${spec.authorEmail}>`
    )
  }
  const paths = [...spec.paths]
  // Plumbing, never `git add`/`git commit`: each file's bytes go in as they are (--no-filters), whatever the pull
  // request's .gitattributes name, and no porcelain reads the work tree beyond the given paths.
  const head = await git.revParse('HEAD')
  const listed = await git.exec([
    'ls-tree',
    '-z',
    '--full-tree',
    '--end-of-options',
    head,
    '--',
    ...paths
  ])
  const modes = new Map<string, string>()
  for (const row of listed.stdout.split('\0')) {
    const m = /^(\d+) \w+ [0-9a-f]+\t(.*)$/s.exec(row)
    if (m) modes.set(m[2] as string, m[1] as string)
  }
  const entries: string[] = []
  for (const file of paths) {
    const full = path.join(git.dir, file)
    const info = await lstat(full).catch(() => undefined)
    if (!info) {
      entries.push(`0 ${'0'.repeat(head.length)}\t${file}`)
      continue
    }
    if (!info.isFile()) throw new Error(`commitAll commits regular files only: ${file} is not one`)
    const blob = await git.exec(['hash-object', '-w', '--no-filters', '--end-of-options', full])
    const mode = modes.get(file) ?? (info.mode & 0o111 ? '100755' : '100644')
    entries.push(`${mode} ${blob.stdout.trim()}\t${file}`)
  }
  const gitDir = (await git.exec(['rev-parse', '--absolute-git-dir'])).stdout.trim()
  const index = path.join(gitDir, `review-loop-index-${process.pid}-${Date.now()}`)
  let tree: string
  try {
    const env = { GIT_INDEX_FILE: index }
    await git.exec(['read-tree', head], { env })
    await git.exec(['update-index', '-z', '--index-info'], {
      env,
      input: entries.map(e => `${e}\0`).join('')
    })
    tree = (await git.exec(['write-tree'], { env })).stdout.trim()
  } finally {
    await rm(index, { force: true })
  }
  if (tree === (await git.exec(['rev-parse', `${head}^{tree}`])).stdout.trim())
    throw new NothingToCommitError(paths)
  const committerName = spec.committerName ?? spec.authorName
  const committerEmail = spec.committerEmail ?? spec.authorEmail
  const commit = await git.exec(['commit-tree', '--no-gpg-sign', tree, '-p', head, '-F', '-'], {
    input: cleanupMessage(spec.message),
    env: {
      GIT_AUTHOR_NAME: spec.authorName,
      GIT_AUTHOR_EMAIL: spec.authorEmail,
      GIT_COMMITTER_NAME: committerName,
      GIT_COMMITTER_EMAIL: committerEmail
    }
  })
  const sha = commit.stdout.trim()
  await git.exec(['update-ref', '--no-deref', '-m', 'review-loop: commit', 'HEAD', sha, head])
  // The index follows HEAD, so porcelain that reads it later (a merge) sees a clean tree.
  await git.exec(['read-tree', sha])
  return git.revParse('HEAD')
}
