/** The Phase 4 roles' user messages (`scan`, `write`, `fit`), rendered like the others: code numbered, text fenced. */
import type { FitRequest, ScanRequest, WriteRequest } from './apply-roles.js'
import { block, fence, header, numbered, pathText, quoted, span } from './render.js'

const fixText = (p: { start_line: number; end_line: number; replacement: string } | null) =>
  p === null
    ? ['No fix was proposed.']
    : [
        `Proposed fix (a proposal), replacing lines ${p.start_line}-${p.end_line}:`,
        fence(p.replacement)
      ]

/** The `scan` request as the model reads it. */
export function renderScan(request: ScanRequest): string {
  const out = [header('scan', request), `Head commit ${request.head_sha}.`]
  for (const f of request.fixes) {
    out.push('', `## Fix ${f.key} (${f.id})`, '')
    out.push(`Anchor: ${pathText(f.file)} line ${f.line}`)
    out.push("What was found (the source's words, quoted):", block(f.description, '(empty)'))
    out.push(`Why it holds: ${quoted(f.basis)}`)
    out.push(`What the disposition calls for: ${quoted(f.direction)}`)
    out.push(...fixText(f.proposal))
    out.push(`Code at the anchor (${span(f.anchor)}):`, fence(numbered(f.anchor)))
  }
  out.push('', '## Candidate files (where further sites may be)', '')
  if (request.candidates.length === 0) out.push('None beyond the anchors.')
  for (const c of request.candidates) {
    out.push(`${pathText(c.path)}, ${span(c)}:`, fence(numbered(c)), '')
  }
  if (request.omitted.length > 0) {
    out.push('Left out to stay within the budget:', ...request.omitted.map(o => `- ${quoted(o)}`))
  }
  out.push('', 'Decisions constituted in this pull request:')
  if (request.decisions.length === 0) out.push('None.')
  for (const d of request.decisions) out.push(`- ${d.id}: ${quoted(d.words)}`)
  return out.join('\n')
}

/** The `write` request as the model reads it. */
export function renderWrite(request: WriteRequest): string {
  const out = [
    header('write', request),
    `Head commit ${request.head_sha}. Tier: ${request.tier === 'driver' ? 'the driver writes (escalated)' : 'the writer'}.`
  ]
  for (const b of request.briefs) {
    out.push('', `## Brief ${b.key} (${b.id})`, '')
    out.push("What was found (the source's words, quoted):", block(b.description, '(empty)'))
    out.push(`Pattern to fix at every site: ${quoted(b.predicate)}`)
    out.push(`Why it holds: ${quoted(b.basis)}`)
    out.push(`What the disposition calls for: ${quoted(b.direction)}`)
    out.push(`What the fix must respect: ${quoted(b.interactions)}`)
    out.push(...fixText(b.proposal))
    for (const site of b.sites) {
      const excerpt = { path: site.file, start: site.start_line, text: site.text }
      out.push(
        `Site ${site.site}: ${pathText(site.file)}, ${span(excerpt)}:`,
        fence(numbered(excerpt))
      )
    }
  }
  out.push('', '## Code around the sites', '')
  for (const c of request.context)
    out.push(`${pathText(c.path)}, ${span(c)}:`, fence(numbered(c)), '')
  return out.join('\n')
}

/** The `fit` request as the model reads it. */
export function renderFit(request: FitRequest): string {
  const out = [
    header('fit', request),
    `Written on head commit ${request.head_sha}.`,
    '',
    '## The bundle (what this round wrote)',
    '',
    fence(request.diff, 'diff'),
    '',
    '## The touched files as they now read'
  ]
  for (const f of request.files)
    out.push('', `${pathText(f.path)}, ${span(f)}:`, fence(numbered(f)))
  out.push('', '## Decisions constituted in this pull request', '')
  if (request.decisions.length === 0) out.push('None.')
  for (const d of request.decisions) out.push(`- ${d.id}: ${quoted(d.words)}`)
  out.push('', '## Conventions of the touched files', '')
  if (request.conventions.length === 0) out.push('No rule files govern the touched files.')
  for (const c of request.conventions)
    out.push(`${pathText(c.path)} (${quoted(c.why)}):`, fence(c.text), '')
  return out.join('\n')
}
