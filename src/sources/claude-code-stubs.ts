/**
 * The placeholder files Claude Code creates in its working directory when the subprocess scrub is on
 * (`CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1`): mount points its bubblewrap sandbox masks for the commands it runs. Claude
 * Code 2.1.328 creates each that is missing, empty, and appends their names to `.git/info/exclude`; it never removes
 * them. The `claude-code` source notes which will appear (the agent is told they are not the repository's) and takes
 * them out again afterwards, so the checkout under review is left as it was. docs/sources/claude-code.md.
 */
import { lstat, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Files 2.1.328 creates (opened for append: an existing file is never changed) in the working directory. */
export const CLAUDE_SCRUB_STUB_FILES = [
  '.npmrc',
  '.yarnrc',
  '.yarnrc.yml',
  'bunfig.toml',
  'package.json',
  '.gitmodules',
  'package-lock.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  '.env',
  '.env.local',
  '.env.development',
  '.env.development.local',
  '.env.test',
  '.env.test.local',
  '.env.production',
  '.env.production.local'
]
/** In `.git`: an empty `config.worktree`, and `commondir` holding `.` (itself). */
const GIT_STUB_FILES = ['.git/config.worktree', '.git/commondir']
/** Folders it creates, deepest first, so each is empty by the time its parent is tried. */
const STUB_DIRS = [
  '.claude/commands',
  '.claude/agents',
  '.claude',
  'node_modules/.bin',
  'node_modules',
  '.git/modules',
  '.git/worktrees',
  '.git/glab-cli'
]
const EXCLUDE = '.git/info/exclude'
const EXCLUDE_DIR = '.git/info'

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch {
    return false
  }
}

async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch {
    return undefined
  }
}

/** What a run will leave in `cwd`, found before it; `restore()` takes away exactly that afterwards. */
export interface ScrubStubs {
  /** The placeholder files the run will create at the top of the checkout (the ones it does not have). */
  missing: string[]
  /** Removes what was not there before: empty placeholder files, empty folders, the lines added to the exclude file. */
  restore: () => Promise<void>
}

/**
 * The places a run with the scrub on writes to that the checkout holds as symbolic links. Claude Code 2.1.328 follows
 * them: a placeholder it creates where the pull request put a link to a missing file appears wherever the link points,
 * outside the checkout (and a folder it makes inside a linked folder likewise), and restoring afterwards cannot tell
 * that file from anyone's. With any, the `claude-code` source keeps the scrub off for the run.
 */
export async function linkedStubPaths(cwd: string): Promise<string[]> {
  const linked: string[] = []
  for (const path of [
    ...CLAUDE_SCRUB_STUB_FILES,
    ...GIT_STUB_FILES,
    ...STUB_DIRS,
    EXCLUDE_DIR,
    EXCLUDE
  ]) {
    try {
      if ((await lstat(join(cwd, path))).isSymbolicLink()) linked.push(path)
    } catch {
      // not there
    }
  }
  return linked
}

/** Looks at `cwd` before a run with the scrub on. */
export async function noteScrubStubs(cwd: string): Promise<ScrubStubs> {
  const files = [...CLAUDE_SCRUB_STUB_FILES, ...GIT_STUB_FILES]
  const absentFiles: string[] = []
  for (const file of files) if (!(await exists(join(cwd, file)))) absentFiles.push(file)
  const absentDirs: string[] = []
  for (const dir of [...STUB_DIRS, EXCLUDE_DIR]) {
    if (!(await exists(join(cwd, dir)))) absentDirs.push(dir)
  }
  const exclude = await readOrUndefined(join(cwd, EXCLUDE))
  return {
    missing: absentFiles.filter(file => CLAUDE_SCRUB_STUB_FILES.includes(file)),
    restore: async () => {
      for (const file of absentFiles) {
        const path = join(cwd, file)
        try {
          const stat = await lstat(path)
          const content = stat.isFile() && stat.size <= 1 ? await readFile(path, 'utf8') : undefined
          // Only what the placeholder is: empty (or `commondir`'s `.`); anything else is left alone.
          if (content === '' || (file === '.git/commondir' && content === '.')) await rm(path)
        } catch {
          // not created
        }
      }
      const excludePath = join(cwd, EXCLUDE)
      const now = await readOrUndefined(excludePath)
      if (now !== undefined && now !== exclude) {
        if (exclude === undefined) await rm(excludePath, { force: true })
        else await writeFile(excludePath, exclude)
      }
      for (const dir of [...STUB_DIRS, EXCLUDE_DIR].filter(d => absentDirs.includes(d))) {
        await rmdir(join(cwd, dir)).catch(() => undefined)
      }
    }
  }
}
