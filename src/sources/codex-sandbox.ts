/**
 * How the `codex` source confines codex (docs/sources/codex.md, "Isolation: what codex can read"): the settings every
 * call passes, the permission profile its config.toml defines, and why a sandbox that cannot start failed.
 */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** A sandbox check is one short shell; it never needs long. */
export const SANDBOX_CHECK_MS = 30_000
/** Run in the sandbox by the first check: the real paths of codex's sandbox helper and of the ripgrep it ships. */
export const HELPERS_SCRIPT =
  'for name in codex-linux-sandbox rg; do found=$(command -v "$name") && readlink -f "$found"; done; true'

/** The permission profile every call defines in its config.toml and runs under (docs/sources/codex.md, "Isolation"). */
export const CODEX_PERMISSION_PROFILE = 'review-loop'

/**
 * Settings every call passes with `-c` (each a config key of the tested codex; `--strict-config` refuses a key it does
 * not know). Together they keep codex to the model endpoint: no plugin marketplace sync (a `git ls-remote` of
 * github.com and calls to api.github.com and chatgpt.com), no analytics (ab.chatgpt.com), no hosted web search, no
 * update check, no shell start-up files run outside the sandbox (the shell snapshot), and no endless reconnecting.
 * docs/sources/codex.md, "The call".
 */
export const CODEX_CONFIG_OVERRIDES = [
  'project_doc_max_bytes=0',
  // Commands the agent runs see only the core variables, and never one named like a secret.
  'shell_environment_policy.inherit=core',
  'shell_environment_policy.ignore_default_excludes=false',
  'web_search="disabled"',
  'features.plugins=false',
  'analytics.enabled=false',
  'check_for_update_on_startup=false',
  'features.shell_snapshot=false',
  // A model server that cannot be reached fails the turn after codex's five retries (about 40 s) instead of
  // "Reconnecting... waiting for network" until the source timeout.
  'features.unbounded_connection_retries=false',
  // /etc is mostly unreadable in the sandbox (codexConfig): git must not stop at an unreadable /etc/gitconfig.
  'shell_environment_policy.set.GIT_CONFIG_NOSYSTEM="1"',
  'shell_environment_policy.set.GIT_ATTR_NOSYSTEM="1"',
  // Every command runs under the permission profile the written config.toml defines (codexConfig).
  `default_permissions=${JSON.stringify(CODEX_PERMISSION_PROFILE)}`
]

/**
 * Entries of /etc the sandbox keeps readable: the dynamic loader's cache and configuration, Debian's and Ubuntu's
 * command alternatives (`awk` is /etc/alternatives/awk), OpenSSL's configuration and the public CA certificates
 * (node does not start without /etc/ssl/openssl.cnf), and bash's system rc file, which the agent's shell reads
 * first. Every other entry of /etc is denied.
 */
export const CODEX_READABLE_ETC = [
  'alternatives',
  'bash.bashrc',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'ssl'
] as const

/**
 * The config.toml of one call (docs/sources/codex.md, "Isolation: what codex can read"): the checkout untrusted, and
 * the permission profile `review-loop`, which lets a command read only the checkout, codex's `:minimal` system set
 * (the dynamic loader, /usr, /bin, /lib, /etc, /dev's devices and a fresh /proc) less every entry of /etc outside
 * CODEX_READABLE_ETC, and codex's own files its commands need: the sandbox helper (`helpers`, the native codex
 * binary that bubblewrap runs inside the sandbox; its arg0 links live in `$CODEX_HOME/tmp/arg0-linux`) and codex's
 * bundled ripgrep. Nothing is writable.
 */
export function codexConfig(
  cwd: string,
  home: string,
  helpers: string[],
  etcEntries: string[]
): string {
  const key = (path: string): string => JSON.stringify(path)
  const readable = [join(home, 'tmp', 'arg0-linux'), ...helpers]
  const denied = etcEntries
    .filter(name => !(CODEX_READABLE_ETC as readonly string[]).includes(name))
    .map(name => `/etc/${name}`)
  return [
    '# Written by review-loop for one review call.',
    `[projects.${key(cwd)}]`,
    'trust_level = "untrusted"',
    '',
    `[permissions.${CODEX_PERMISSION_PROFILE}.filesystem]`,
    '":minimal" = "read"',
    ...readable.map(path => `${key(path)} = "read"`),
    ...denied.map(path => `${key(path)} = "none"`),
    '',
    `[permissions.${CODEX_PERMISSION_PROFILE}.filesystem.":workspace_roots"]`,
    '"." = "read"',
    ''
  ].join('\n')
}

/** The entries of /etc to deny, on Linux (real files and folders only: a symbolic link leads to where it points). */
export async function etcEntries(): Promise<string[]> {
  if (process.platform !== 'linux') return []
  try {
    const entries = await readdir('/etc', { withFileTypes: true })
    return entries.filter(e => !e.isSymbolicLink()).map(e => e.name)
  } catch {
    return []
  }
}

/** Why the sandbox check failed, with what fixes it. */
export function sandboxCause(detail: string): string {
  const said = detail.trim() === '' ? '' : ` (${detail.trim().split('\n').slice(0, 3).join(' / ')})`
  const namespaces = /bwrap|namespace|uid map|RTM_NEWADDR/i.test(detail)
    ? ' Codex runs every command in a bubblewrap sandbox, which needs unprivileged user namespaces. Ubuntu 24.04 restricts them through AppArmor: allow them in a step before this one with `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`, or load an AppArmor profile that grants bwrap `userns` (codex\'s sandboxing documentation, "Prerequisites"). In a container, user namespaces must be allowed as well (`/proc/sys/user/max_user_namespaces` above 0).'
    : ''
  return `codex's sandbox cannot start on this runner${said}, so codex could not run the commands it reads the repository with.${namespaces}`
}
