#!/usr/bin/env node
// A scripted review source for tests: answers each call with the next entry of a JSON script file
// ([{stdout, exitCode?, stderr?}]), and appends every request it received to <script>.requests.jsonl.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'

const script = process.argv[2]
const request = readFileSync(0, 'utf8')
appendFileSync(`${script}.requests.jsonl`, request.trim() + '\n')
const counter = `${script}.count`
const n = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0
writeFileSync(counter, String(n + 1))
const steps = JSON.parse(readFileSync(script, 'utf8'))
const step = steps[Math.min(n, steps.length - 1)]
if (step.stderr) process.stderr.write(step.stderr)
process.stdout.write(typeof step.stdout === 'string' ? step.stdout : JSON.stringify(step.stdout))
process.exit(step.exitCode ?? 0)
