/** The sample repository the demo and the end-to-end tests review: a small HTTP client and a PR that changes it. */
import type { LoopWorld } from './loop-world.js'
import { join } from 'node:path'
import { REPO_ROOT } from './harness/runner.js'

/** The offline reviewer, as the `command` input runs it. */
export const REVIEWER_COMMAND = `node ${JSON.stringify(join(REPO_ROOT, 'demo', 'reviewer.mjs'))}`

/** Files on the default branch. */
export const BASE_FILES = {
  'README.md': '# http-client\n\nA tiny HTTP client used to show review-loop at work.\n',
  'src/config.js':
    '// Settings for the HTTP client.\nexport const TIMEOUT_MS = 0\nexport const RETRIES = 3\n',
  'src/client.js':
    "import { TIMEOUT_MS } from './config.js'\n\nexport function isOk(status) {\n  return status === 200\n}\n"
}

/** The PR: a new helper with a loose comparison, and a new setting next to the old timeout. */
export const PR_FILES = {
  'src/client.js':
    "import { TIMEOUT_MS } from './config.js'\n\nexport function isOk(status) {\n  return status === 200\n}\n\nexport function isNotFound(status) {\n  return status == 404\n}\n",
  'src/config.js':
    "// Settings for the HTTP client.\nexport const TIMEOUT_MS = 0\nexport const RETRIES = 3\nexport const USER_AGENT = 'http-client/1.0'\n"
}

/** Opens PR #7 (`feature/not-found` into `main`) by `octo-author`, with a maintainer `octo-maintainer` (write) and an outsider. */
export function openSamplePullRequest(world: LoopWorld, number = 7): void {
  world.fake.setPermission('octo-maintainer', 'write')
  world.fake.setPermission('octo-author', 'write')
  world.fake.setPermission('drive-by', 'read')
  world.sandbox.openPullRequest({
    number,
    title: 'Add isNotFound and a user agent',
    body: 'Adds a 404 helper and a user-agent setting.',
    headRef: 'feature/not-found',
    baseRef: 'main',
    author: 'octo-author',
    files: PR_FILES,
    message: 'Add isNotFound and USER_AGENT'
  })
}
