// Plays a person running the bundle with GitHub's `@github/local-action`: the step's variables go into a `.env` file,
// leaving out GITHUB_STEP_SUMMARY as a hand-written one often does, and `local-action run <action> dist/index.js
// <.env>` runs the bundle with nothing else in its environment but PATH and HOME. Its exit code is this script's.
// The harness uses this file as the step's entry (LOCAL_ACTION_BIN names the installed tool's folder).
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A value as dotenv reads it back: single quotes are literal; double quotes turn \n into a newline; else backticks. */
function quote(value) {
  if (!value.includes("'") && !value.includes('\n')) return `'${value}'`
  if (!value.includes('"')) return `"${value.replace(/\n/g, '\\n')}"`
  if (!value.includes('`') && !value.includes('\n')) return `\`${value}\``
  throw new Error(`cannot write ${JSON.stringify(value)} to a .env file`)
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const { LOCAL_ACTION_BIN: bin, PATH, HOME, RUNNER_TEMP } = process.env
const dotenv = join(RUNNER_TEMP, 'local-action.env')
const lines = Object.entries(process.env)
  .filter(([name]) => !['LOCAL_ACTION_BIN', 'GITHUB_STEP_SUMMARY', 'PATH', 'HOME'].includes(name))
  .filter(([name, value]) => !(name.startsWith('INPUT_') && value === ''))
  .map(([name, value]) => `${name}=${quote(value)}`)
writeFileSync(dotenv, `${lines.join('\n')}\n`)
const result = spawnSync(join(bin, 'local-action'), ['run', root, 'dist/index.js', dotenv], {
  cwd: root,
  env: { PATH: `${bin}:${PATH}`, HOME },
  stdio: 'inherit'
})
process.exit(result.status ?? 1)
