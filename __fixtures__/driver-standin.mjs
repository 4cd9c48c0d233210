#!/usr/bin/env node
/**
 * A stand-in driver for tests: a `command` that answers the review-loop/1 roles `verify`, `goal`, `classify`, `scan`,
 * `write`, `fit` and `admit`
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
 * - Class: `mechanical` when the finding was verified, has a fix and either was introduced or has a scope basis;
 *   else `judgment`.
 *   Scope basis (pre-existing side only): the PR's title or description names the finding's file or identifier.
 * - Conflict: a description saying "conflicts with" and naming two surface paths (`*.md`, `*.yml`, `*.yaml`,
 *   `*.txt`). Settled by `authority` when both are in the request's authority order (the one listed first governs),
 *   else `settled_by: null`.
 * - Clusters: one per judgment finding. An unsettled conflict gets an open question with no options; any other
 *   gets apply / dismiss / defer, plus follow-up for a finding that was already there before the change.
 *
 * DRIVER_STANDIN_LOG, when set, names a file each request is appended to as one JSON line (tests read it).
 * DRIVER_STANDIN_FAIL, when set, names roles (comma-separated) whose calls fail: exit 3, nothing on stdout.
 * DRIVER_STANDIN_HOSTILE_SITES, when set, is a JSON array of paths: every scan names each as one more site of every
 * fix it names a predicate for (line 1), and every write adds an edit of each at its first site's handle, as a driver
 * led astray by what it read would (issue 15, item 6: such paths are refused unread, never written).
 * DRIVER_STANDIN_LEAK, when set, is text appended to every prose field of every answer (a basis, a summary, a finding's
 * description, a question, a cause), as a driver echoing what it read or its own key would (issue 15, item 1).
 */
import { appendFileSync, readFileSync } from 'node:fs'

const request = JSON.parse(readFileSync(0, 'utf8'))
if (process.env.DRIVER_STANDIN_LOG) {
  appendFileSync(process.env.DRIVER_STANDIN_LOG, `${JSON.stringify(request)}\n`)
}
if ((process.env.DRIVER_STANDIN_FAIL ?? '').split(',').includes(request.role)) {
  process.stderr.write(
    `driver-standin: the ${request.role} call fails, as DRIVER_STANDIN_FAIL asks\n`
  )
  process.exit(3)
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
    const mechanical = f.verified !== false && f.fix !== undefined && (!preSide || licensed)
    return {
      key: f.key,
      class: mechanical ? 'mechanical' : 'judgment',
      basis: mechanical
        ? 'every reasonable disposition is to apply the proposed fix'
        : f.verified === false
          ? 'its claim was not confirmed against the code, so whether to fix it is for a person'
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

// ---------------------------------------------------------------------------------------------------------------
// Phase 4 roles
//
// scan, per fix: the RENAME its proposal makes (the identifier of the replaced lines that the replacement swaps for
// another) is the predicate "every reference to `from`, in any spelling, renamed `to`". Its sites are the candidate
// lines holding `from` in any spelling (case, `_` and `-` ignored) as code: not inside a string literal or after `//`,
// and not where a local declaration (`const|let|var from`, or a parameter named `from`) shadows it, up to the end
// of that block (the next line indented less than the declaration). A proposal that renames nothing: the predicate
// is the literal span, its one site the proposal's lines. No proposal: no predicate. A description naming
// "irreversible" or "deletes" carries that as the risk.
//
// write, per brief: a rename predicate is written at every site (each matching token outside strings becomes
// `to`); otherwise the proposal is written at its site. A FAULTY WRITER on request (tier `writer` only, so the
// escalated driver writes properly): a description holding "[writer skips]" leaves the last site unwritten;
// "[writer strays]" adds an edit outside every site (the line after the first site, named "unbriefed").
//
// fit: each convention line "Use `X` instead of `Y`" (in a rule file's text) adapts every line of a touched file
// that still holds `Y` as code to `X`, with that line as the why; none: "no adaptation".

const IDENT = /[A-Za-z_$][A-Za-z0-9_$]*/g
const norm = name => name.replace(/[_-]/g, '').toLowerCase()

/** A line with its string literals and `//` comment blanked out (same length), so only code tokens match. */
const codeOnly = line =>
  line
    .replace(/\/\/.*$/, m => ' '.repeat(m.length))
    .replace(/(['"`])(?:\\.|(?!\1).)*\1/g, m => ' '.repeat(m.length))

const renameOf = (original, replacement) => {
  const before = new Set(codeOnly(original).match(IDENT) ?? [])
  const after = new Set(codeOnly(replacement).match(IDENT) ?? [])
  const from = [...before].find(n => !after.has(n) && n.length >= 3)
  const to = [...after].find(n => !before.has(n) && n.length >= 3)
  return from && to ? { from, to } : undefined
}

const indentOf = line => line.length - line.trimStart().length

/**
 * The candidate lines that reference `from` by meaning. A local `const|let|var from` shadows it for the rest of its
 * block (lines indented at least as far); a parameter named `from` shadows it in the function's body (lines indented
 * further than the declaration, up to its closing line).
 */
const referenceSites = (candidates, from) => {
  const sites = []
  for (const c of candidates) {
    const lines = c.text.split('\n')
    let shadow
    for (const [i, line] of lines.entries()) {
      const code = codeOnly(line)
      if (shadow && line.trim() !== '') {
        const indent = indentOf(line)
        const inside = shadow.param ? indent > shadow.indent : indent >= shadow.indent
        if (inside) continue
        shadow = undefined
      }
      if (new RegExp(`\\b(const|let|var)\\s+${from}\\b`).test(code)) {
        shadow = { indent: indentOf(line), param: false }
        continue
      }
      if (new RegExp(`\\(([^)]*\\b${from}\\b[^)]*)\\)\\s*(=>|\\{)`).test(code)) {
        shadow = { indent: indentOf(line), param: true }
        continue
      }
      const tokens = code.match(IDENT) ?? []
      if (tokens.some(t => norm(t) === norm(from)))
        sites.push({
          file: c.path,
          start_line: c.start + i,
          end_line: c.start + i,
          text: line,
          basis: `references \`${from}\``
        })
    }
  }
  return sites
}

function scan() {
  return {
    fixes: request.fixes.map(f => {
      const risk = /irreversible|deletes/i.exec(f.description)
        ? `the fix ${/irreversible/i.test(f.description) ? 'is irreversible' : 'deletes data'}`
        : null
      if (!f.proposal)
        return { key: f.key, predicate: null, sites: [], interactions: 'none seen', risk }
      const anchorLines = f.anchor.text.split('\n')
      const original = anchorLines
        .slice(f.proposal.start_line - f.anchor.start, f.proposal.end_line - f.anchor.start + 1)
        .join('\n')
      const rename = renameOf(original, f.proposal.replacement)
      if (!rename) {
        return {
          key: f.key,
          predicate: `the literal span ${f.file}:${f.proposal.start_line}-${f.proposal.end_line}`,
          sites: [
            {
              file: f.file,
              start_line: f.proposal.start_line,
              end_line: f.proposal.end_line,
              text: anchorLines[f.proposal.start_line - f.anchor.start] ?? '',
              basis: "the proposal's own lines"
            }
          ],
          interactions: 'none seen',
          risk
        }
      }
      const seen = new Set()
      const sites = referenceSites(request.candidates, rename.from).filter(s => {
        const k = `${s.file}:${s.start_line}`
        if (seen.has(k)) return false
        seen.add(k)
        return true
      })
      return {
        key: f.key,
        predicate: `every reference to \`${rename.from}\`, in any spelling, renamed \`${rename.to}\``,
        sites,
        interactions: 'none seen',
        risk
      }
    })
  }
}

const renameLine = (line, from, to) => {
  const code = codeOnly(line)
  let out = ''
  let last = 0
  for (const m of code.matchAll(IDENT)) {
    if (norm(m[0]) !== norm(from)) continue
    out += line.slice(last, m.index) + to
    last = m.index + m[0].length
  }
  return out + line.slice(last)
}

function write() {
  const edits = []
  const faulty = request.tier === 'writer'
  for (const b of request.briefs) {
    const rename = /`([^`]+)`, in any spelling, renamed `([^`]+)`/.exec(b.predicate)
    let sites = b.sites
    if (faulty && b.description.includes('[writer skips]')) sites = sites.slice(0, -1)
    for (const s of sites) {
      if (rename) {
        const lines = s.text.split('\n').map(l => renameLine(l, rename[1], rename[2]))
        edits.push({
          site: s.site,
          file: s.file,
          start_line: s.start_line,
          end_line: s.end_line,
          replacement: lines.join('\n')
        })
      } else if (b.proposal) {
        edits.push({
          site: s.site,
          file: s.file,
          start_line: b.proposal.start_line,
          end_line: b.proposal.end_line,
          replacement: b.proposal.replacement
        })
      }
    }
    if (faulty && b.description.includes('[writer strays]') && b.sites[0]) {
      const s = b.sites[0]
      edits.push({
        site: 'unbriefed',
        file: s.file,
        start_line: s.end_line + 1,
        end_line: s.end_line + 1,
        replacement: '// touched by a stray writer'
      })
    }
  }
  return { edits }
}

function fit() {
  const rules = []
  for (const c of request.conventions) {
    for (const m of c.text.matchAll(/Use `([^`]+)` instead of `([^`]+)`/g))
      rules.push({ to: m[1], from: m[2], why: m[0] })
  }
  const adaptations = []
  for (const f of request.files) {
    for (const [i, line] of f.text.split('\n').entries()) {
      for (const r of rules) {
        if (!(codeOnly(line).match(IDENT) ?? []).includes(r.from)) continue
        // Only what the bundle wrote is adapted: the line must be one the diff added.
        if (!request.diff.split('\n').some(d => d === `+${line}`)) continue
        adaptations.push({
          file: f.path,
          start_line: f.start + i,
          end_line: f.start + i,
          replacement: renameLine(line, r.from, r.to),
          why: `${r.why} (${c_path(request, r)})`
        })
        break
      }
    }
  }
  return {
    summary:
      adaptations.length === 0
        ? "the bundle fits the decisions and the touched files' conventions"
        : `${adaptations.length} line(s) adapted to the conventions`,
    adaptations,
    risk: null
  }
}

const c_path = (req, r) => req.conventions.find(c => c.text.includes(r.why))?.path ?? 'a rule file'

// ---------------------------------------------------------------------------------------------------------------
// admit: the person's words instruct a reviewer when they speak to or of reviewers, or say to skip, ignore or not
// flag something; they depend on this review when they name one of the request's findings (by ID), or speak of a
// change ("this change", "the divide change"), of scope, or of something being fine "as it is". Words that do neither
// describe the project. The falsifier says what reading would show the judgment wrong.

const INSTRUCTS = /\breviewers?\b|\b(skip|ignore)\b|\b(do not|don't|never) (flag|report|raise)\b/i
const ABOUT_REVIEW = /\b(this|the [\w-]+) (change|pull request|diff)\b|\bscope\b|\bas it is\b/i

function admit() {
  const instructs = INSTRUCTS.test(request.words)
  const ids = request.findings
    .map(f => f.id)
    .filter(id => new RegExp(`\\b${id}\\b`).test(request.words))
  const about = ids.length > 0 || ABOUT_REVIEW.test(request.words)
  const describes = !instructs && !about
  return {
    describes_project: describes,
    independent_of_findings: !about,
    instructs_reviewer: instructs,
    basis: instructs
      ? 'the words tell a reviewer what to look at or leave out'
      : about
        ? `the words are about this review${ids.length > 0 ? ` (they name ${ids.join(', ')})` : ''}, not about what the project is or decided`
        : 'the words say what the project decided and why',
    falsifier:
      'a reading of the words as a standing rule of the project rather than a remark on this review'
  }
}

const HOSTILE = JSON.parse(process.env.DRIVER_STANDIN_HOSTILE_SITES ?? '[]')

/** The answer with the hostile paths named as sites (scan) and edited (write). */
function hostile(role, answer) {
  if (HOSTILE.length === 0) return answer
  if (role === 'scan')
    for (const f of answer.fixes)
      if (f.predicate)
        for (const file of HOSTILE)
          f.sites.push({
            file,
            start_line: 1,
            end_line: 1,
            text: 'x',
            basis: 'named by the driver'
          })
  if (role === 'write') {
    const first = request.briefs[0]?.sites[0]
    if (first)
      for (const file of HOSTILE)
        answer.edits.push({
          site: first.site,
          file,
          start_line: 1,
          end_line: 1,
          replacement: 'pwned'
        })
  }
  return answer
}

const roles = { verify, goal, classify, scan, write, fit, admit }
const role = roles[request.role]
if (!role) {
  process.stderr.write(`driver-standin: no role ${JSON.stringify(request.role)}\n`)
  process.exit(2)
}
/** The answer with `DRIVER_STANDIN_LEAK` appended to each of its prose fields. */
function leaky(answer) {
  const leak = process.env.DRIVER_STANDIN_LEAK
  if (!leak) return answer
  const prose = new Set([
    'basis',
    'summary',
    'description',
    'question',
    'severity_basis',
    'identity_basis',
    'mechanism',
    'analysis',
    'point',
    'says',
    'why',
    'note'
  ])
  const walk = (value, key) => {
    if (typeof value === 'string') return prose.has(key) ? `${value} ${leak}` : value
    if (Array.isArray(value)) return value.map(v => walk(v, key))
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]))
    return value
  }
  return walk(answer, '')
}
process.stdout.write(`${JSON.stringify(leaky(hostile(request.role, role())))}\n`)
