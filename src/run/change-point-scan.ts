/**
 * Phase 4's first step (seed 004, Rule 6): the change-point scan. One `scan` call compiles each fix's brief, the
 * predicate it instantiates and that predicate's sites; every site the driver names is a claim, checked before the
 * brief takes it: a path that is no file of the repository is refused unread (as a source's paths are), and any
 * other site must read at the head as the scan quoted it.
 */
import * as core from '@actions/core'
import type { ScanAnswerFix, ScanFix, ScanRequest } from '../driver/apply-roles.js'
import type { Driver } from '../driver/types.js'
import { overlaps } from '../loop/apply-checks.js'
import { conveyedDecisions } from '../loop/decisions.js'
import type { Finding, Round, Site } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { called } from './judging.js'
import { repoGit } from './repo.js'
import { candidateFiles, namesOfFixes, siteRefusal } from './scan-candidates.js'

/** The loop's own carry: a fix it could not write is work it did not finish, never a disposition. */
export function carry(f: Finding, reason: string): void {
  f.outcome = { kind: 'carried', reason, loop: true }
}

/** Step 1 with a driver: one `scan` call for the pass's fixes; every site it claims is checked against the head. */
export async function scan(
  run: Run,
  round: Round,
  fixes: Finding[],
  driver: Driver,
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<void> {
  const head = round.head
  const items: ScanFix[] = []
  for (const [i, f] of fixes.entries()) items.push(await scanFix(run, f, `x${i + 1}`, linesOf))
  const names = await namesOfFixes(fixes, linesOf)
  const own = fixes.map(f => f.file)
  const { candidates, omitted } = await candidateFiles(repoGit(run), head, names, own, linesOf)
  const request: ScanRequest = {
    protocol: PROTOCOL,
    role: 'scan',
    round: round.n,
    repository: run.env.workspace,
    head_sha: head,
    fixes: items,
    candidates,
    omitted,
    decisions: conveyedDecisions(run.ledger.decisions).map(d => ({ id: d.id, words: d.words }))
  }
  const result = await driver.scan(request)
  called(round, 'scan', result)
  if (!result.ok) {
    core.warning(`The change-point scan did not run: ${result.cause}`)
    if (!round.readingsNotRun.includes('change-point scan'))
      round.readingsNotRun.push('change-point scan')
    return
  }
  for (const item of items) {
    const f = fixes.find(x => x.id === item.id)!
    const answer = result.answer.fixes.find(a => a.key === item.key)
    if (answer) await takeAnswer(round, f, answer, linesOf)
  }
}

/** One fix as the scan reads it: its brief, and the code around its line. */
async function scanFix(
  run: Run,
  f: Finding,
  key: string,
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<ScanFix> {
  const lines = (await linesOf(f.file)) ?? []
  const from = Math.max(1, f.line - 15)
  return {
    key,
    id: f.id,
    file: f.file,
    line: f.line,
    description: f.description,
    basis:
      f.class === 'mechanical'
        ? 'verified; every reasonable repair leads to the same place'
        : `a person chose to apply it at ${f.gate ?? 'a gate'}`,
    direction: directionOf(run, f),
    proposal: f.fix ?? null,
    anchor: { path: f.file, start: from, text: lines.slice(from - 1, f.line + 15).join('\n') }
  }
}

/** Takes the scan's answer for one fix: its predicate, and the sites that read as claimed (its own fix's first). */
async function takeAnswer(
  round: Round,
  f: Finding,
  answer: ScanAnswerFix,
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<void> {
  const head = round.head
  const predicate = answer.predicate?.trim()
  if (!predicate) {
    carry(
      f,
      'not written: the scan could not name the pattern this fix instantiates, and a fix whose pattern is unnamed is not written'
    )
    f.scanSha = head
    return
  }
  const sites: Site[] = []
  const rejected: string[] = []
  for (const s of answer.sites) {
    const problem = await siteRefusal(s, linesOf)
    const site = { file: s.file, start_line: s.start_line, end_line: s.end_line, basis: s.basis }
    if (problem) rejected.push(problem)
    else if (!sites.some(x => overlaps(x, site))) sites.push(site)
  }
  if (rejected.length > 0)
    round.apply!.discrepancies.push(
      `${f.id}: the scan named sites the code does not bear out, left out of the brief: ${rejected.join('; ')}`
    )
  // The verified repair is the brief's first site: a scan that left it out does not drop it.
  const anchor = f.fix && { file: f.file, start_line: f.fix.start_line, end_line: f.fix.end_line }
  if (anchor && !sites.some(x => overlaps(x, anchor))) {
    const lines = await linesOf(f.file)
    if (lines && anchor.end_line <= lines.length) {
      sites.unshift({ ...anchor, basis: "the finding's own fix (the scan left it out)" })
      round.apply!.discrepancies.push(
        `${f.id}: the scan left out the fix's own lines ${f.file}:${anchor.start_line}; they were added to the brief`
      )
    }
  }
  f.predicate = predicate
  f.sites = sites
  f.scanSha = head
  f.interactions = answer.interactions
  if (answer.risk && answer.risk.trim() !== '' && !f.risk)
    f.risk = { kind: 'epistemic', why: answer.risk.trim() }
  if (sites.length === 0)
    carry(f, 'not written: none of the sites its scan named reads as claimed at the head')
}

/** What the disposition called for, in words: a person's choice at a gate, or the obvious fix. */
export function directionOf(run: Run, f: Finding): string {
  const gate = run.ledger.gates.find(g => g.id === f.gate && g.answer)
  if (gate?.answer)
    return `@${gate.answer.by} chose ${gate.answer.option ?? 'this'} at ${gate.id}: "${gate.answer.words}"`
  return f.fix
    ? 'the one obvious minimal repair (the proposal shows it at its own site)'
    : 'the one obvious minimal repair'
}
