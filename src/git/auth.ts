/** Per-command git credentials: an HTTP extra header carried in the child's environment, never in `.git/config`. */
import * as core from '@actions/core'

/** The environment and derived secrets that authenticate one git command against one remote. */
export interface GitAuth {
  /** `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` entries (git >= 2.31). */
  env: Record<string, string>
  /** Values to redact from anything that could be logged. */
  secrets: string[]
}

/** Rejects a remote URL that carries credentials: they would land in `.git/config` and in logs. */
export function assertCleanRemoteUrl(remoteUrl: string): void {
  let url: URL
  try {
    url = new URL(remoteUrl)
  } catch {
    return // scp-like ssh or a plain path: nothing embedded to leak
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error(
      `the remote URL ${url.protocol}//${url.host}${url.pathname} embeds credentials; pass the token separately (github-token) and a URL without user info`
    )
  }
}

/**
 * Builds the authentication for `remoteUrl`: only http(s) remotes get the header, scoped to the remote's
 * origin. The header travels as environment-supplied config rather than `-c` so it never shows in a
 * process listing; an empty value first resets any header persisted by actions/checkout, so the server
 * sees exactly one AUTHORIZATION.
 */
export function authFor(
  remoteUrl: string,
  token: string | undefined,
  inherited: NodeJS.ProcessEnv = process.env
): GitAuth | undefined {
  if (token === undefined || token === '') return undefined
  assertCleanRemoteUrl(remoteUrl)
  let url: URL
  try {
    url = new URL(remoteUrl)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const basic = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')
  core.setSecret(token)
  core.setSecret(basic)
  const key = `http.${url.protocol}//${url.host}/.extraheader`
  const start = Number(inherited.GIT_CONFIG_COUNT ?? '0') || 0
  return {
    env: {
      GIT_CONFIG_COUNT: String(start + 2),
      [`GIT_CONFIG_KEY_${start}`]: key,
      [`GIT_CONFIG_VALUE_${start}`]: '',
      [`GIT_CONFIG_KEY_${start + 1}`]: key,
      [`GIT_CONFIG_VALUE_${start + 1}`]: `AUTHORIZATION: basic ${basic}`
    },
    secrets: [token, basic]
  }
}

/** Replaces every known secret in `text` with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length > 0) out = out.split(secret).join('***')
  }
  return out
}
