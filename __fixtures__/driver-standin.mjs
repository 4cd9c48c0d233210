#!/usr/bin/env node
/**
 * A stand-in driver for tests: a `command` that answers the review-loop/1 roles `verify`, `goal` and `classify`
 * DETERMINISTICALLY FROM WHAT THE REQUEST CARRIES (the code at the head and the base, what the change wrote, the
 * earlier findings, the goal text, the order of authority). It has no script of canned answers, so a loop that does
 * not send the code gets wrong answers from it. Run: `node __fixtures__/driver-standin.mjs < request.json`.
 *
 * Shared term. A finding's DEFECT KEY is the set of identifiers it names in backticks (`user`, `retries`), sorted.
 *
 * verify, per finding:
 * - Holds? A description claiming something is missing ("no null check", "missing guard", "never checks",
 *   "does not check", "without a check", "lacks") is FALSE when the head excerpt has, within 5 lines of the finding's
 *   line, a guard: a line matching /if\s*\(.*(==\s*null|===?\s*undefined|!\s*[\w.]+)/ that also names one of the
 *   finding's backticked identifiers (any guard, when the description names none). The answer cites that line
 *   (its number and exact text at the head). Anything else holds, citing the finding's own line at the head.
 * - Provenance (only for a finding that holds). First reading: the issue holds at the base when every line of code
 *   the finding quotes (its `evidence`, else its own line at the head) appears, trimmed, in the base excerpt:
 *   `pre-existing` (this is how code the change only moved types). A file the change created (base null) skips it.
 *   Second reading: `indeterminate` when the description says the defect needs an independent condition ("only
 *   when", "together with", "combined with"), naming that clause as the contributor; otherwise `introduced` (a line
 *   the change wrote, a new file's line, and an unchanged line restating what the change wrote, whose quoted
 *   evidence includes the written line the base lacks).
 * - Severity: the source's, kept (the basis says so).
 * - Identity: `same_as` is the earlier finding in the same file with the same non-empty defect key. Rewording,
 *   moving or re-grading keeps the key; a different defect phrased from the same template at the same line names
 *   different identifiers and does not match. No backticked identifier: no match.
 * - `diagnosis_holds: true` for a match whose earlier outcome says it was applied.
 *
 * goal: the terms the goal names as things to avoid are (a) backticked tokens in a sentence of the goal that says
 * "no", "never", "avoid", "without" or "must not", and (b) for a sentence naming network calls: `fetch(`,
 * `http.request(`, `https.request(`, `XMLHttpRequest`, `new WebSocket(`. The first changed-file line containing
 * one is a `medium` finding quoting the line and the goal's sentence; the summary says what was read either way.
 *
 * classify:
 * - Reading: when two or more findings share a backticked identifier, a reading that `x` is handled the same wrong
 *   way at each, accounting for them, falsified by "a fix of one of them that leaves how `x` is handled unchanged";
 *   otherwise `reading: null` and "no shared cause". `direction`: none / same (the source's mechanism names `x`) /
 *   different (then the source's direction is the competitor). Repairs never diverge here.
 * - Retired: a standing reading whose backticked identifiers no current finding names.
 * - Class: `mechanical` when the finding has a fix and either was introduced or has a scope basis; else `judgment`.
 *   Scope basis (pre-existing side only): the PR's title or description names the finding's file or identifier.
 * - Conflict: a description saying "conflicts with" and naming two surface paths (`*.md`, `*.yml`, `*.yaml`,
 *   `*.txt`). Settled by `authority` when both are in the request's authority order (the one listed first governs),
 *   else `settled_by: null`.
 * - Clusters: one per judgment finding. An unsettled conflict gets an open question with no options; any other
 *   gets apply / dismiss / defer, plus follow-up for a finding that was already there before the change.
 *
 * DRIVER_STANDIN_LOG, when set, names a file each request is appended to as one JSON line (tests read it).
 */
import { appendFileSync, readFileSync } from 'node:fs'

const request = JSON.parse(readFileSync(0, 'utf8'))
if (process.env.DRIVER_STANDIN_LOG) {
  appendFileSync(process.env.DRIVER_STANDIN_LOG, `${JSON.stringify(request)}\n`)
}

/** The backticked identifiers a text names, sorted and unique. */
const defectKey = text =>
  [...new Set([...String(text).matchAll(/`([^`\n]+)`/g)].map(m => m[1].trim()))].sort()

const sameKey = (a, b) => a.length > 0 && a.length === b.length && a.every((x, i) => x === b[i])

/** The line `n` of an excerpt, or undefined outside it. */
const lineAt = (excerpt, n) => excerpt?.text.split('\n')[n - excerpt.start]

const MISSING =
  /\b(no|missing|never checks?|does not check|doesn't check|without an?|lacks?|unchecked)\b/i
const GUARD = /if\s*\(.*(==\s*null|===?\s*undefined|!\s*[\w.]+)/

function falseMissingClaim(finding) {
  if (!MISSING.test(finding.description)) return undefined
  const names = defectKey(finding.description)
  const lines = finding.head.text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const number = finding.head.start + i
    if (Math.abs(number - finding.line) > 5) continue
    const text = lines[i]
    if (!GUARD.test(text)) continue
    if (names.length > 0 && !names.some(name => text.includes(name))) continue
    return { file: finding.file, line: number, text: text.trim() }
  }
  return undefined
}

const INDEPENDENT = /\b(only when|together with|combined with)\b[^.;]*/i

function provenanceOf(finding) {
  if (finding.base !== null) {
    const quoted = finding.evidence
      ? finding.evidence
          .split('\n')
          .map(l => l.trim())
          .filter(l => l !== '')
      : [(lineAt(finding.head, finding.line) ?? '').trim()]
    const base = new Set(finding.base.text.split('\n').map(l => l.trim()))
    if (quoted.length > 0 && quoted.every(l => l !== '' && base.has(l))) {
      return {
        type: 'pre-existing',
        holds_at_base: true,
        basis: `the base (${request.base_sha}) already has the code the finding rests on: ${quoted.map(l => JSON.stringify(l)).join(', ')}`
      }
    }
  }
  const independent = INDEPENDENT.exec(finding.description)
  if (independent) {
    return {
      type: 'indeterminate',
      holds_at_base: false,
      basis:
        'the issue does not hold at the base, and the finding needs a condition the change did not supply',
      contributor: independent[0].trim()
    }
  }
  const why =
    finding.base === null
      ? 'the change created this file, so the issue was nowhere at the base'
      : finding.change?.written.some(([a, b]) => finding.line >= a && finding.line <= b)
        ? `the change wrote line ${finding.line}`
        : 'the code the finding rests on is not at the base: the change wrote it'
  return { type: 'introduced', holds_at_base: false, basis: why }
}

function verify() {
  const findings = request.findings.map(finding => {
    const key = defectKey(finding.description)
    const prior = request.prior.find(
      p => p.file === finding.file && sameKey(defectKey(p.description), key)
    )
    const identity = {
      same_as: prior ? prior.id : null,
      identity_basis: prior
        ? `both assert a defect about ${key.map(k => `\`${k}\``).join(', ')} in ${finding.file}`
        : key.length === 0
          ? 'the description names no identifier to match on'
          : `no earlier finding in ${finding.file} is about ${key.map(k => `\`${k}\``).join(', ')}`
    }
    const common = {
      key: finding.key,
      severity: finding.severity,
      severity_basis: `kept the source's ${finding.severity}`,
      ...identity,
      ...(prior && /applied/i.test(prior.outcome) ? { diagnosis_holds: true } : {})
    }
    const guard = falseMissingClaim(finding)
    if (guard) {
      return {
        ...common,
        holds: false,
        basis: `line ${guard.line} at the head reads "${guard.text}", which is the check the finding says is missing`,
        cited: [guard]
      }
    }
    const own = lineAt(finding.head, finding.line)
    return {
      ...common,
      holds: true,
      basis: 'nothing at the head refutes the claim',
      cited:
        own === undefined ? [] : [{ file: finding.file, line: finding.line, text: own.trim() }],
      provenance: provenanceOf(finding)
    }
  })
  return { findings }
}

const NETWORK = ['fetch(', 'http.request(', 'https.request(', 'XMLHttpRequest', 'new WebSocket(']

function goal() {
  const sentences = request.goal.text.split(/(?<=[.!?])\s+|\n+/).filter(s => s.trim() !== '')
  const avoided = []
  for (const sentence of sentences) {
    if (!/\b(no|never|avoid|without|must not)\b/i.test(sentence)) continue
    for (const token of defectKey(sentence)) avoided.push({ token, sentence })
    if (/network/i.test(sentence)) for (const token of NETWORK) avoided.push({ token, sentence })
  }
  for (const file of request.artifact.files) {
    const lines = file.text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      const hit = avoided.find(a => lines[i].includes(a.token))
      if (!hit) continue
      const line = file.start + i
      return {
        findings: [
          {
            severity: 'medium',
            file: file.path,
            line,
            description: `\`${hit.token}\` at line ${line} works against the goal "${hit.sentence.trim()}"`,
            evidence: lines[i].trim(),
            expectation: hit.sentence.trim()
          }
        ],
        summary: `Read ${request.artifact.files.length} changed file(s) against ${request.goal.path} ("${request.goal.section}"): ${file.path} line ${line} works against it.`
      }
    }
  }
  return {
    findings: [],
    summary: `Read ${request.artifact.files.length} changed file(s) against ${request.goal.path} ("${request.goal.section}"): nothing works against it.`
  }
}

const SURFACE = /[\w./-]+\.(?:md|ya?ml|txt)\b/g

function conflictOf(finding) {
  if (!/conflicts with/i.test(finding.description)) return null
  const surfaces = [...new Set(finding.description.match(SURFACE) ?? [])]
  if (surfaces.length < 2) return null
  const [a, b] = surfaces
  const order = request.authority?.order ?? []
  const ia = order.indexOf(a)
  const ib = order.indexOf(b)
  const settled = ia !== -1 && ib !== -1
  const higher = settled ? (ia < ib ? a : b) : undefined
  return {
    sides: [
      { surface: a, says: `what ${a} says about the point in the finding` },
      { surface: b, says: `what ${b} says about the point in the finding` }
    ],
    point: finding.description,
    authority: settled
      ? `${request.authority.declared_in} ranks ${higher} above ${higher === a ? b : a}`
      : 'no declared order of authority reaches this pair',
    settled_by: settled
      ? {
          kind: 'authority',
          cite: `the order of authority in ${request.authority.declared_in}: ${order.join(' > ')}`,
          governs: higher
        }
      : null
  }
}

function classify() {
  const byName = new Map()
  for (const f of request.findings) {
    for (const name of defectKey(f.description))
      byName.set(name, [...(byName.get(name) ?? []), f.key])
  }
  const shared = [...byName.entries()].find(([, keys]) => keys.length >= 2)
  let reading = null
  if (shared) {
    const [name, keys] = shared
    const direction = request.direction
    const same = direction ? direction.mechanism.includes(name) : false
    reading = {
      leading: {
        mechanism: `\`${name}\` is handled the same wrong way at each of ${keys.join(', ')}`,
        accounts_for: keys,
        falsifier: `a fix of one of them that leaves how \`${name}\` is handled unchanged`
      },
      competitor:
        direction && !same
          ? { mechanism: direction.mechanism, accounts_for: keys, falsifier: direction.falsifier }
          : null,
      unexplained: request.findings.map(f => f.key).filter(k => !keys.includes(k)),
      direction: direction ? (same ? 'same' : 'different') : 'none',
      repairs_diverge: false
    }
  }
  const named = new Set(request.findings.flatMap(f => defectKey(f.description)))
  const retired = request.readings
    .filter(r => !defectKey(r.mechanism).some(name => named.has(name)))
    .map(r => ({ mechanism: r.mechanism, fired: 'no finding left names what it explained' }))
  const purpose = `${request.purpose.title}\n${request.purpose.body}`
  const findings = request.findings.map(f => {
    const preSide = f.provenance !== 'introduced'
    const licensed =
      preSide &&
      (purpose.includes(f.file) || defectKey(f.description).some(name => purpose.includes(name)))
    const scope_basis = licensed ? `the PR's stated purpose: "${request.purpose.title}"` : null
    const mechanical = f.fix !== undefined && (!preSide || licensed)
    return {
      key: f.key,
      class: mechanical ? 'mechanical' : 'judgment',
      basis: mechanical
        ? 'every reasonable disposition is to apply the proposed fix'
        : f.fix === undefined
          ? 'no fix was proposed, so the repair is open'
          : 'the fix changes code that was already there before this change, and nothing licenses widening the pull request',
      scope_basis,
      conflict: conflictOf(f)
    }
  })
  const clusters = []
  for (const [i, f] of request.findings.entries()) {
    const answer = findings[i]
    if (answer.class !== 'judgment') continue
    const where = `${f.file} line ${f.line}`
    const code = (lineAt(f.head, f.line) ?? '').trim()
    const before =
      f.provenance === 'introduced'
        ? 'introduced by this change'
        : 'already there before this change'
    const claim = f.description.replace(/[.\s]+$/, '')
    const analysis = `${where} (${f.severity}): ${claim}. The code there reads "${code}". It was ${before}. ${answer.basis}.`
    if (answer.conflict && answer.conflict.settled_by === null) {
      const [a, b] = answer.conflict.sides
      clusters.push({
        findings: [f.key],
        analysis: `${analysis} ${a.surface} and ${b.surface} disagree on this, and no declared order says which one wins.`,
        question: `${a.surface} and ${b.surface} disagree here. Which way should the project go?`,
        options: []
      })
      continue
    }
    const options = [
      {
        key: 'apply',
        label: 'Fix it in this pull request',
        leads_to: `the fix is written and pushed to this pull request, and the next review checks it`
      },
      {
        key: 'dismiss',
        label: 'Leave the code as it is',
        leads_to: 'the finding is closed and not raised again for this code'
      },
      {
        key: 'defer',
        label: 'Decide later',
        leads_to: 'the finding stays open on this pull request and is shown again at the end'
      }
    ]
    if (f.provenance !== 'introduced') {
      options.push({
        key: 'follow-up',
        label: 'Leave it for a follow-up',
        leads_to: `this pull request does not change it; it is handed over with where it holds (${where}) and what shows it`
      })
    }
    clusters.push({
      findings: [f.key],
      analysis,
      question: `What should happen with ${where}?`,
      options
    })
  }
  return {
    reading,
    ...(reading ? {} : { no_reading: 'no shared cause: no two findings name the same identifier' }),
    retired,
    cross_round: null,
    findings,
    clusters
  }
}

const roles = { verify, goal, classify }
const role = roles[request.role]
if (!role) {
  process.stderr.write(`driver-standin: no role ${JSON.stringify(request.role)}\n`)
  process.exit(2)
}
process.stdout.write(`${JSON.stringify(role())}\n`)
