#!/usr/bin/env node
// An offline review source for the demo and the tests: it speaks the review-loop/1 `command` protocol and really reads
// the checked-out files, flagging two kinds of defect with a proposed fix. It needs no account, key or network.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const request = JSON.parse(readFileSync(0, 'utf8'))
if (request.protocol !== 'review-loop/1') {
  process.stderr.write(`unsupported protocol ${request.protocol}\n`)
  process.exit(2)
}

const findings = []
if (request.role === 'review') {
  for (const file of request.changed_files) {
    if (!/\.(m?js|ts)$/.test(file)) continue
    let text
    try {
      text = readFileSync(join(request.repository, file), 'utf8')
    } catch {
      continue
    }
    text.split('\n').forEach((line, i) => {
      const n = i + 1
      if (/[^=!<>]==[^=]/.test(line)) {
        findings.push({
          severity: 'medium',
          file,
          line: n,
          description:
            'Loose equality `==` coerces its operands, so a string status such as "404" compares equal too; use `===`.',
          fix: {
            start_line: n,
            end_line: n,
            replacement: line.replace(/([^=!<>])==([^=])/, '$1===$2')
          }
        })
      }
      const timeout = /^(\s*export const \w*TIMEOUT\w* = )0\b(.*)$/.exec(line)
      if (timeout) {
        findings.push({
          severity: 'high',
          file,
          line: n,
          description:
            'A timeout of 0 disables the request timeout, so one hung server blocks the caller forever.',
          evidence: line.trim(),
          expectation: 'a request to a server that never answers ends after a bounded time',
          fix: {
            start_line: n,
            end_line: n,
            replacement: `${timeout[1]}10_000${timeout[2].replace(/\s*\/\/.*$/, '')}`
          }
        })
      }
    })
  }
}

const response = {
  verdict: findings.length > 0 ? 'needs-attention' : 'approve',
  findings,
  exercised: {
    reached: ['contract-closure', 'runtime-behavior'],
    unreached: [
      { axis: 'concurrency', reason: 'this reviewer reads one file at a time and runs nothing' }
    ]
  }
}
if (findings.length > 1) {
  response.direction = {
    mechanism: 'edge values (0, loose comparisons) are accepted where a strict contract is meant',
    falsifier: 'a finding whose fix is not a stricter value or comparison'
  }
}
process.stdout.write(JSON.stringify(response))
