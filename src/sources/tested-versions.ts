/**
 * The CLI versions the `codex` and `claude-code` sources are built and tested against (`__tests__/real-*.test.ts`
 * installs exactly these from npm). Moving to a newer one: change it here, run those tests, and bring the flags in the
 * source and its doc (docs/sources/) to what that version's `--help` and documentation say.
 */
export const TESTED_CLI_VERSIONS = {
  codex: '0.169.0',
  'claude-code': '2.1.328'
} as const
