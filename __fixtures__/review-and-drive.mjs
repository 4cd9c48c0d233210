#!/usr/bin/env node
// One `command` for both roles a test needs: the `review` (and `correct`) role goes to the scripted source
// (scripted-source.mjs <script>), every driver role to the stand-in driver (driver-standin.mjs), as the action runs
// one command line behind every role set to `command`.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const input = readFileSync(0, 'utf8')
const { role } = JSON.parse(input)
const args =
  role === 'review' || role === 'correct'
    ? [join(here, 'scripted-source.mjs'), ...process.argv.slice(2)]
    : [join(here, 'driver-standin.mjs')]
const result = spawnSync(process.execPath, args, { input, stdio: ['pipe', 'inherit', 'inherit'] })
process.exit(result.status ?? 1)
