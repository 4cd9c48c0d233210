/** The change as a unified diff, read so that nothing the pull request ships can hide or rewrite any of it. */
import { Git } from '../git/git.js'
import type { ReviewRequest } from './types.js'

/**
 * `--text` and `--no-textconv` make the PR's own .gitattributes powerless here (a `-diff` attribute would otherwise
 * turn a file into "Binary files differ", and a textconv filter would show something other than the file).
 */
export const DIFF_ARGS = [
  'diff',
  '--no-color',
  '--text',
  '--no-textconv',
  '--no-ext-diff',
  '-M'
] as const

/** One file's diff between the request's base and head ('' when unchanged). */
export async function fileDiff(cwd: string, request: ReviewRequest, file: string): Promise<string> {
  const out = await new Git(cwd).exec([
    ...DIFF_ARGS,
    request.base_sha,
    request.head_sha,
    '--',
    file
  ])
  return out.stdout
}

/** The whole change between the request's base and head. */
export async function changeDiff(cwd: string, request: ReviewRequest): Promise<string> {
  const out = await new Git(cwd).exec([...DIFF_ARGS, request.base_sha, request.head_sha])
  return out.stdout
}
