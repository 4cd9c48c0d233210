/** The test harness that plays GitHub (git and REST) and the Actions runner. */
export * from './events.js'
export * from './git-remote.js'
export * from './github-fake.js'
export { ACTIONS_BOT, type Actor, type RepoContext } from './github-objects.js'
export * from './openapi.js'
export * from './runner.js'
export * from './sandbox.js'
