/**
 * The driver's user messages: each role's request rendered readable, code numbered by line so it can be cited. Every
 * free-text field is fenced or quoted on one line, so no text from the repository or the pull request can forge the
 * request's structure (a finding heading, a section); the PR's title and body are sanitised as the source's are.
 */
import { sanitiseUntrusted } from '../sources/sanitise.js'
import { PROMPTS } from './prompts.js'
import type {
  ClassifyRequest,
  Excerpt,
  FileChangeFacts,
  GoalRequest,
  VerifyRequest
} from './protocol.js'

/** A fenced block that survives backticks inside `text` (the fence is longer than any run in it). */
export function fence(text: string, info = ''): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(m => m[0].length))
  const ticks = '`'.repeat(Math.max(3, longest + 1))
  return `${ticks}${info}\n${text}\n${ticks}`
}

/** Free text quoted on one line: line breaks and runs of whitespace folded, quotes escaped (a JSON string). */
export function quoted(text: string): string {
  return JSON.stringify(text.replace(/\s+/g, ' ').trim())
}

/** A path as is, or as a JSON string when it holds a line break or another control character (git allows them). */
export function pathText(path: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f\u0085\u2028\u2029]/.test(path) ? JSON.stringify(path) : path
}

/** Free text that may run over several lines, fenced as text; `empty` stands in for blank text. */
export function block(text: string, empty: string): string {
  return text.trim() === '' ? empty : fence(text, 'text')
}

/** Text the pull request's author wrote, cleaned of what a reader of the PR cannot see, and of secrets. */
const authored = (text: string): string => sanitiseUntrusted(text).text

/** An excerpt's lines, each prefixed by its number: `  12 | code`. */
export function numbered(excerpt: Excerpt): string {
  const lines = excerpt.text.split('\n')
  const width = String(excerpt.start + lines.length - 1).length
  return lines.map((line, i) => `${String(excerpt.start + i).padStart(width)} | ${line}`).join('\n')
}

/** Which lines an excerpt holds, in words. */
export function span(excerpt: Excerpt): string {
  const count = excerpt.text.split('\n').length
  return count === 1
    ? `line ${excerpt.start}`
    : `lines ${excerpt.start}-${excerpt.start + count - 1}`
}

function changeFacts(change: FileChangeFacts | null): string {
  if (change === null) return 'the change did not touch this file'
  if (change.created) return 'the change created this file'
  if (change.written.length === 0) return 'the change touched this file but wrote no line of it'
  const ranges = change.written.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`))
  return `the change wrote lines ${ranges.join(', ')} (head side); the other lines are unchanged from the base, though they may have moved`
}

/** The first line of every rendered request: the prompt's version, the round and the repository. */
export const header = (
  role: keyof typeof PROMPTS,
  r: { round: number; repository: string }
): string =>
  `Prompt ${PROMPTS[role].version} · round ${r.round} · repository ${pathText(r.repository)}`

/** The `verify` request as the model reads it. */
export function renderVerify(request: VerifyRequest): string {
  const out = [
    header('verify', request),
    `Base commit ${request.base_sha}, head commit ${request.head_sha}.`,
    '',
    'Severity steer (the scale to grade on):',
    block(request.severity_steer, '(none given)')
  ]
  for (const f of request.findings) {
    out.push('', `## Finding ${f.key}`, '')
    out.push(`Where: ${pathText(f.file)} line ${f.line}`)
    out.push(`Reported severity (a claim): ${f.severity}`)
    out.push("Description (the source's words, quoted):", block(f.description, '(empty)'))
    if (f.evidence !== undefined) out.push('Evidence given:', fence(f.evidence))
    if (f.expectation !== undefined)
      out.push('Expectation it says the code breaks:', block(f.expectation, '(empty)'))
    if (f.fix !== undefined) {
      out.push(
        `Proposed fix, replacing lines ${f.fix.start_line}-${f.fix.end_line}:`,
        fence(f.fix.replacement)
      )
    }
    out.push(`What the change did: ${changeFacts(f.change)}.`)
    out.push(
      `Code at the head (${pathText(f.head.path)}, ${span(f.head)}):`,
      fence(numbered(f.head))
    )
    if (f.base === null) {
      out.push('Code at the base: the file did not exist at the base commit.')
    } else {
      out.push(
        `Code at the base (${pathText(f.base.path)}, ${span(f.base)}):`,
        fence(numbered(f.base))
      )
    }
  }
  out.push('', '## Earlier findings of this pull request (for identity)', '')
  if (request.prior.length === 0) out.push('None.')
  for (const p of request.prior) {
    out.push(
      `- ${p.id} (round ${p.round}, ${pathText(p.file)} line ${p.line}, ${p.severity}): ${quoted(p.description)}`,
      `  What became of it: ${quoted(p.outcome)}`
    )
  }
  return out.join('\n')
}

/** The `goal` request as the model reads it. */
export function renderGoal(request: GoalRequest): string {
  const { goal, artifact } = request
  const out = [
    header('goal', request),
    `Base commit ${request.base_sha}, head commit ${request.head_sha}.`,
    '',
    `## What the project says it is for (${pathText(goal.path)}, section ${quoted(goal.section)})`,
    '',
    fence(goal.text),
    '',
    '## The changed files at the head'
  ]
  for (const file of artifact.files) {
    out.push('', `${pathText(file.path)}, ${span(file)}:`, fence(numbered(file)))
  }
  out.push('', '## The diff, base to head', '', fence(artifact.diff, 'diff'))
  if (artifact.omitted.length > 0) {
    out.push(
      '',
      'Left out to stay within the budget:',
      ...artifact.omitted.map(o => `- ${quoted(o)}`)
    )
  }
  out.push(
    '',
    '## Findings already verified this round (in view, not the bound of the reading)',
    ''
  )
  if (request.findings.length === 0) out.push('None.')
  for (const f of request.findings) {
    out.push(
      `- ${f.key}: ${pathText(f.file)} line ${f.line} (${f.severity}): ${quoted(f.description)}`
    )
  }
  return out.join('\n')
}

/** The `classify` request as the model reads it. */
export function renderClassify(request: ClassifyRequest): string {
  const out = [
    header('classify', request),
    `Base commit ${request.base_sha}, head commit ${request.head_sha}.`,
    '',
    '## The pull request',
    '',
    `Title (the author's words, quoted): ${quoted(authored(request.purpose.title))}`,
    "Description (the author's words, quoted):",
    block(authored(request.purpose.body), '(empty)'),
    '',
    '## Order of authority',
    '',
    request.authority === null
      ? 'The project declares no order of authority among its surfaces.'
      : `Declared in ${pathText(request.authority.declared_in)}, highest first: ${request.authority.order.map(pathText).join(' > ')}`,
    '',
    '## Design intent',
    '',
    ...classifyIntent(request.intent)
  ]
  for (const f of request.findings) out.push(...classifyFinding(f))
  out.push(...classifyHistory(request))
  return out.join('\n')
}

/** The classify request's design intent: rule files, design comments, the goal, decisions and the severity steer. */
function classifyIntent(intent: ClassifyRequest['intent']): string[] {
  const out: string[] = []
  for (const rule of intent.rules) {
    out.push(
      `- rule file ${pathText(rule.path)}${rule.line ? ` line ${rule.line}` : ''}: ${quoted(rule.why)}`
    )
  }
  for (const c of intent.design_comments) {
    out.push(
      `- design comment ${pathText(c.path)} line ${c.line}${c.why ? `: ${quoted(c.why)}` : ''}`
    )
  }
  if (intent.goal !== null) {
    out.push(`- the goal: ${pathText(intent.goal.path)}, section ${quoted(intent.goal.section)}`)
  }
  if (intent.rules.length + intent.design_comments.length === 0 && intent.goal === null) {
    out.push('No rule files, design comments or goal were found for the changed files.')
  }
  out.push('', 'Decisions constituted earlier in this pull request:')
  if (intent.decisions.length === 0) out.push('None.')
  for (const d of intent.decisions) {
    out.push(`- ${d.id}: ${quoted(d.decision)} (basis: ${quoted(d.basis)})`)
  }
  out.push('', 'Severity steer:', block(intent.severity_steer, '(none)'))
  return out
}

/** One finding of the classify request: where, how grave, whether verified, its words, its fix and its code. */
function classifyFinding(f: ClassifyRequest['findings'][number]): string[] {
  const out: string[] = []
  out.push('', `## Finding ${f.key} (${f.id})`, '')
  out.push(`Where: ${pathText(f.file)} line ${f.line}`)
  out.push(`Severity: ${f.severity}`)
  out.push(`Against the base: ${f.provenance}`)
  out.push(
    f.verified
      ? 'Verified: yes, the verification step found the claim holds at the head'
      : 'Verified: no, the verification step did not confirm the claim (see "verified" in the prompt)'
  )
  out.push("Description (the source's words, quoted):", block(f.description, '(empty)'))
  if (f.fix !== undefined) {
    out.push(
      `Proposed fix, replacing lines ${f.fix.start_line}-${f.fix.end_line}:`,
      fence(f.fix.replacement)
    )
  } else {
    out.push('No fix was proposed.')
  }
  out.push(`Code at the head (${pathText(f.head.path)}, ${span(f.head)}):`, fence(numbered(f.head)))
  return out
}

/** What the classify request carries from before: the source's direction, standing readings, earlier predicates. */
function classifyHistory(request: ClassifyRequest): string[] {
  const out: string[] = []
  out.push('', "## The source's own direction", '')
  out.push(
    request.direction === null
      ? 'None.'
      : `Mechanism: ${quoted(request.direction.mechanism)}\nWhat would break it: ${quoted(request.direction.falsifier)}`
  )
  out.push('', '## Readings standing from earlier in this round', '')
  if (request.readings.length === 0) out.push('None.')
  for (const r of request.readings) {
    out.push(
      `- ${quoted(r.mechanism)} (accounts for ${r.accounts_for.map(quoted).join(', ') || 'nothing listed'}; breaks if: ${quoted(r.falsifier)})`
    )
  }
  out.push('', "## What earlier rounds' fixes recorded", '')
  if (request.predicates.length === 0) out.push('None.')
  for (const p of request.predicates) {
    const sites = p.sites.map(s => `${pathText(s.file)}:${s.start_line}-${s.end_line}`).join(', ')
    out.push(
      `- round ${p.round}, finding ${p.finding}: ${quoted(p.predicate)}; scanned at ${p.scan_sha}; sites: ${sites || 'none'}`
    )
  }
  return out
}
