/**
 * Phase 4's first step (seed 004, Rule 6): the change-point scan. One `scan` call compiles each fix's brief, the
 * predicate it instantiates and that predicate's sites; every site the driver names is a claim, checked before the
 * brief takes it: a path that is no file of the repository is refused unread (as a source's paths are), and any
 * other site must read at the head as the scan quoted it.
 */
import * as core from '@actions/core'
import type { ScanAnswerFix, ScanFix, ScanRequest } from '../driver/apply-roles.js'
import type { Driver } from '../driver/types.js'
import { conveyedDecisions } from '../loop/decisions.js'
import { takeScan, type ScanRead } from '../loop/machine/scanned.js'
import type { Finding, Round } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import { called } from './judging.js'
import { repoGit } from './repo.js'
import { candidateFiles, namesOfFixes, siteRefusal } from './scan-candidates.js'

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
  const reads: ScanRead[] = []
  for (const item of items) {
    const f = fixes.find(x => x.id === item.id)!
    const answer = result.answer.fixes.find(a => a.key === item.key)
    if (answer) reads.push(await readAnswer(f, answer, linesOf))
  }
  commit(run, takeScan(run.ledger, { round: round.n, fixes: reads }))
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

/** Reads the scan's answer for one fix at the head: each site it claims, and whether the fix's own lines are there. */
async function readAnswer(
  f: Finding,
  answer: ScanAnswerFix,
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<ScanRead> {
  const read: ScanRead = {
    finding: f.id,
    sites: [],
    ownLines: false,
    interactions: answer.interactions,
    ...(answer.risk ? { risk: answer.risk } : {})
  }
  // A fix whose pattern is unnamed is not written: its sites are not read.
  if (!answer.predicate?.trim()) return read
  read.predicate = answer.predicate
  for (const s of answer.sites) {
    const refused = await siteRefusal(s, linesOf)
    const site = { file: s.file, start_line: s.start_line, end_line: s.end_line, basis: s.basis }
    read.sites.push(refused ? { site, refused } : { site })
  }
  if (f.fix) {
    const lines = await linesOf(f.file)
    read.ownLines = lines !== undefined && f.fix.end_line <= lines.length
  }
  return read
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
