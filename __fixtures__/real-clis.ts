/**
 * The review CLIs exactly as they ship: the pinned `@openai/codex` and `@anthropic-ai/claude-code` from the npm
 * registry, installed into a scratch prefix of their own (never into the project's dependencies). npm's cache makes
 * every install after the first fast; a prefix already installed at the pinned version is reused as it is.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TESTED_CLI_VERSIONS } from '../src/sources/tested-versions.js'

/** The two CLIs, by the executable they install. */
export type RealCli = 'codex' | 'claude'

const PACKAGES: Record<RealCli, { name: string; version: string }> = {
  codex: { name: '@openai/codex', version: TESTED_CLI_VERSIONS.codex },
  claude: { name: '@anthropic-ai/claude-code', version: TESTED_CLI_VERSIONS['claude-code'] }
}

/** The folder holding the pinned CLI's executable (for PATH), installing it first when needed. */
export function installRealCli(cli: RealCli): string {
  const { name, version } = PACKAGES[cli]
  return installFromNpm(name, version, cli)
}

/** GitHub's tool for running an action on a workstation, at the version tested. */
export const LOCAL_ACTION = { name: '@github/local-action', version: '7.0.1' } as const

/**
 * The folder holding `bin` of `name@version` from the npm registry, installed into a scratch prefix of its own under
 * the system's temp folder (reused once there). The install goes into a fresh folder that is renamed into place, so
 * two test files installing at once never see half an install.
 */
export function installFromNpm(name: string, version: string, bin: string): string {
  const prefix = join(tmpdir(), `review-loop-npm-${name.replace(/[@/]/g, '_')}-${version}`)
  const binDir = join(prefix, 'node_modules', '.bin')
  if (existsSync(join(binDir, bin))) return binDir
  const staging = mkdtempSync(join(tmpdir(), 'review-loop-npm-staging-'))
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        '--prefix',
        staging,
        `${name}@${version}`
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 }
    )
    try {
      renameSync(staging, prefix)
    } catch (error) {
      // Another test file finished the same install first: use theirs.
      if (!existsSync(join(binDir, bin))) throw error
    }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  const installed = JSON.parse(
    readFileSync(join(prefix, 'node_modules', name, 'package.json'), 'utf8')
  ) as { version: string }
  if (installed.version !== version) {
    throw new Error(`${name} installed as ${installed.version}, not the pinned ${version}`)
  }
  return binDir
}
