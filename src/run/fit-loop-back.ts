/**
 * The fit pass's loop-back (src/run/fit-pass.ts), once: each landed adaptation is scanned for the pattern it
 * instantiates. Sites inside what the bundle wrote are already written, so the scan's verdict on them is recorded;
 * further sites are checked, screened (a risk the scan names holds them: nothing of them is written yet), written by
 * the current tier and checked. A further site is an edit of lines the bundle did not write, kept in the head's
 * coordinates (src/run/fit-layout.ts).
 */
import type { ScanAnswerFix } from '../driver/apply-roles.js'
import type { Driver } from '../driver/types.js'
import { conveyedDecisions } from '../loop/decisions.js'
import { checkWrite, overlaps, substrateRisk, type SiteText } from '../loop/apply-checks.js'
import type { Round } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { layout, linesOfText, locate, rebuild } from './fit-layout.js'
import { repoGit } from './repo.js'
import { candidateFiles, namesOfFixes, siteRefusal } from './scan-candidates.js'
import { called } from './judging.js'
import type { WritePass } from './written.js'

/** An adaptation the fit pass wrote: where (written coordinates), its lines, why, and the finding whose edit it adapts. */
export interface Landed {
  file: string
  start: number
  end: number
  lines: string[]
  why: string
  finding: string
}

/** The drivers the fit pass calls, and the tier that writes. */
export interface FitTools {
  driver: Driver
  writer: Driver
  tier: 'writer' | 'driver'
}

/** A site the loop-back will write, with the finding whose edit the adaptation adapted. */
type FurtherSite = SiteText & { finding: string }

/** Reads a file's text and lines: files the pass touched as now written, the others as at the head (read once). */
function readerOf(run: Run, round: Round, pass: WritePass) {
  const git = repoGit(run)
  const raw = new Map<string, string | undefined>()
  const textOf = async (file: string) => {
    const written = pass.contents.get(file)
    if (written !== undefined) return written
    if (!raw.has(file)) raw.set(file, await git.readFile(round.head, file).catch(() => undefined))
    return raw.get(file)
  }
  const linesOf = async (file: string) => {
    const text = await textOf(file)
    return text === undefined ? undefined : linesOfText(text)
  }
  return { textOf, linesOf }
}

/** The landed adaptations as the scan's fixes, each anchored in the lines as the adaptation found them. */
function fixesOf(adaptations: readonly Landed[], before: ReadonlyMap<string, string>) {
  return adaptations.map((a, i) => {
    // The anchor shows the lines as the adaptation found them, so the pattern it instantiates can be read.
    const lines = linesOfText(before.get(a.file) ?? '')
    const from = Math.max(1, a.start - 10)
    return {
      key: `a${i + 1}`,
      id: a.finding,
      file: a.file,
      line: a.start,
      description: `the fit pass adapted this to fit the bundle: ${a.why}`,
      basis: 'already written by the fit pass',
      direction: a.why,
      proposal: { start_line: a.start, end_line: a.end, replacement: a.lines.join('\n') },
      anchor: { path: a.file, start: from, text: lines.slice(from - 1, a.end + 10).join('\n') }
    }
  })
}

/** The loop-back, once; what it did, in words for `round.apply.fit.loopBack`. */
export async function loopBack(
  run: Run,
  round: Round,
  pass: WritePass,
  before: ReadonlyMap<string, string>,
  adaptations: Landed[],
  tools: FitTools
): Promise<string> {
  const git = repoGit(run)
  const { textOf, linesOf } = readerOf(run, round, pass)
  const fixes = fixesOf(adaptations, before)
  const unadapted = async (file: string) =>
    before.has(file) ? linesOfText(before.get(file)!) : linesOf(file)
  const names = await namesOfFixes(
    fixes.map(f => ({ file: f.file, line: f.line, fix: f.proposal })),
    unadapted
  )
  const own = [...pass.contents.keys()]
  const { candidates, omitted } = await candidateFiles(git, round.head, names, own, linesOf)
  const scanned = await tools.driver.scan({
    protocol: PROTOCOL,
    role: 'scan',
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    fixes,
    candidates,
    omitted,
    decisions: conveyedDecisions(run.ledger.decisions).map(d => ({ id: d.id, words: d.words }))
  })
  called(round, 'scan (loop-back)', scanned)
  if (!scanned.ok) return `the adaptation stands; its scan did not run (${scanned.cause})`
  const verdicts: string[] = []
  const sites: FurtherSite[] = []
  for (const answer of scanned.answer.fixes) {
    const fix = fixes.find(f => f.key === answer.key)
    if (!fix) continue
    if (!answer.predicate?.trim()) {
      verdicts.push(
        `${fix.file}:${fix.line}: its pattern could not be named; the adaptation is already written, so this is recorded and it stands`
      )
      continue
    }
    await screenSites(run, pass, answer, fix.id, linesOf, sites, verdicts)
  }
  if (sites.length === 0) return ['no further site', ...verdicts].join('; ')
  return writeSites(
    run,
    round,
    pass,
    tools,
    adaptations,
    scanned.answer.fixes,
    sites,
    verdicts,
    textOf
  )
}

/** Checks and screens one scan answer's sites: each is added to `sites`, or why it is not to `verdicts`. */
async function screenSites(
  run: Run,
  pass: WritePass,
  answer: ScanAnswerFix,
  finding: string,
  linesOf: (file: string) => Promise<string[] | undefined>,
  sites: FurtherSite[],
  verdicts: string[]
): Promise<void> {
  for (const s of answer.sites) {
    const where = `${s.file}:${s.start_line}`
    const problem = await siteRefusal(s, linesOf)
    if (problem) {
      verdicts.push(`site ${where} not written: ${problem}`)
      continue
    }
    // Coordinates of the file as written; what the bundle wrote is already written.
    const spans = pass.contents.has(s.file) ? layout(pass, s.file) : []
    const a = locate(spans, s.start_line)
    const b = locate(spans, s.end_line)
    if ('inside' in a || 'inside' in b) {
      if (!('inside' in a && 'inside' in b))
        verdicts.push(`site ${where} not written: it straddles what this round wrote`)
      continue
    }
    const risk = substrateRisk(s.file, run.config.protected ?? []) ?? answer.risk?.trim()
    if (risk) {
      verdicts.push(`site ${where} not written: ${risk}; the next round reviews it`)
      continue
    }
    const site = { file: s.file, start_line: a.head, end_line: b.head }
    if (sites.some(x => overlaps(x, site))) continue
    const lines = (await linesOf(s.file))!
    sites.push({
      ...site,
      handle: `loop-back.${sites.length + 1}`,
      text: lines.slice(s.start_line - 1, s.end_line).join('\n'),
      finding
    })
  }
}

/** Has the current tier write the further sites, takes the edits the check accepts into the pass; what it did. */
async function writeSites(
  run: Run,
  round: Round,
  pass: WritePass,
  tools: FitTools,
  adaptations: readonly Landed[],
  answers: readonly ScanAnswerFix[],
  sites: FurtherSite[],
  verdicts: readonly string[],
  textOf: (file: string) => Promise<string | undefined>
): Promise<string> {
  const written = await tools.writer.write({
    protocol: PROTOCOL,
    role: 'write',
    tier: tools.tier,
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    briefs: [
      {
        key: 'loop-back',
        id: sites[0]!.finding,
        description: 'the fit pass adapted the bundle; the same adaptation belongs at these sites',
        predicate: answers.find(f => f.predicate)?.predicate ?? '',
        basis: adaptations.map(a => a.why).join('; '),
        direction: 'make each site fit as the adaptation did',
        interactions: answers.map(f => f.interactions).join('; '),
        proposal: null,
        sites: sites.map(s => ({
          site: s.handle,
          file: s.file,
          start_line: s.start_line,
          end_line: s.end_line,
          text: s.text
        }))
      }
    ],
    context: []
  })
  called(round, `write (${tools.tier}, loop-back)`, written)
  if (!written.ok)
    return [`${sites.length} further site(s) not written: ${written.cause}`, ...verdicts].join('; ')
  const check = checkWrite([{ finding: 'loop-back', sites }], written.answer.edits)
  for (const e of check.accepted) {
    const site = sites.find(s => s.handle === e.site)!
    if (!pass.originals.has(e.file)) pass.originals.set(e.file, (await textOf(e.file))!)
    pass.edits.push({
      finding: site.finding,
      file: e.file,
      start: e.start_line,
      end: e.end_line,
      replacement: e.replacement
    })
  }
  for (const file of new Set(check.accepted.map(e => e.file))) rebuild(pass, file)
  const missed = check.missed.map(m => `site ${m.site.file}:${m.site.start_line} missed`)
  const held = check.heldBack.map(h => `held back: ${h.why}`)
  return [
    `the adaptation's pattern reached ${sites.length} further site(s), ${check.accepted.length} written`,
    ...missed,
    ...held,
    ...verdicts
  ].join('; ')
}
