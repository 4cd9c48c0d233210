#!/usr/bin/env node
// A scripted review source for tests: answers each call with the next entry of a JSON script file
// ([{stdout, exitCode?, stderr?}]), and appends every request it received to <script>.requests.jsonl.
// With `--history`, a review call also records what a CLI source reading its working directory would see of the
// change's history (`git log base..head`, each commit's full message) to <script>.history.jsonl.
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'

const script = process.argv[2]
const request = readFileSync(0, 'utf8')
appendFileSync(`${script}.requests.jsonl`, request.trim() + '\n')
if (process.argv[3] === '--history') {
  const { role, round, base_sha, head_sha } = JSON.parse(request)
  if (role === 'review') {
    const log = spawnSync('git', ['log', '--format=%H%n%B', `${base_sha}..${head_sha}`], {
      encoding: 'utf8'
    })
    const entry = { round, log: log.stdout, error: log.status === 0 ? undefined : log.stderr }
    appendFileSync(`${script}.history.jsonl`, JSON.stringify(entry) + '\n')
  }
}
const counter = `${script}.count`
const n = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0
writeFileSync(counter, String(n + 1))
const steps = JSON.parse(readFileSync(script, 'utf8'))
const step = steps[Math.min(n, steps.length - 1)]
if (step.stderr) process.stderr.write(step.stderr)
// Exit once the answer is flushed: exiting at once cuts a large answer short when stdout is a pipe.
process.stdout.write(
  typeof step.stdout === 'string' ? step.stdout : JSON.stringify(step.stdout),
  () => process.exit(step.exitCode ?? 0)
)
