/**
 * Loaded into the bundled action with `NODE_OPTIONS=--import=<this file>`: a failure nobody handles, as a library bug
 * would cause. `REVIEW_LOOP_CRASH=<rejection|exception>:<git subcommand>`: when the action first starts git with that
 * subcommand, a promise nobody awaits rejects (or a callback throws) with `REVIEW_LOOP_CRASH_WORDS` as its message.
 * The git command itself runs as usual. `REVIEW_LOOP_CRASH=late`: a promise nobody awaits rejects once the event loop
 * has emptied, after the run ended.
 */
import childProcess from 'node:child_process'
import { syncBuiltinESMExports } from 'node:module'
import { setImmediate } from 'node:timers'

const [kind, subcommand] = (process.env.REVIEW_LOOP_CRASH ?? '').split(':')
const spawn = childProcess.spawn
let fired = false
childProcess.spawn = function (file, args, ...rest) {
  if (!fired && /git$/.test(String(file)) && Array.isArray(args) && args.includes(subcommand)) {
    fired = true
    const error = new Error(process.env.REVIEW_LOOP_CRASH_WORDS ?? 'injected failure')
    if (kind === 'rejection') void Promise.reject(error)
    else
      setImmediate(() => {
        throw error
      })
  }
  return spawn.call(this, file, args, ...rest)
}
syncBuiltinESMExports()

if (kind === 'late')
  process.once('beforeExit', () => {
    void Promise.reject(new Error(process.env.REVIEW_LOOP_CRASH_WORDS ?? 'a late failure'))
  })
