/**
 * Phase 4's first step as transitions (seed 004, Rule 6): what the change-point scan's answer makes of each fix (the
 * predicate it instantiates and the sites that read at the head as claimed), and the loop's own carry of a fix it
 * could not write. The scan call and the reading of each claimed site are src/run/'s; what they make of the ledger is
 * decided here.
 */
import { overlaps } from '../apply-checks.js'
import type { Finding, Ledger, Site } from '../model.js'
import { evolve, type Next } from './next.js'

/** The loop's own carry: a fix it could not write is work it did not finish, never a disposition. */
function carry(f: Finding, reason: string): void {
  f.outcome = { kind: 'carried', reason, loop: true }
}

/** The scan's answer for one fix, each site it claims read at the head. */
export interface ScanRead {
  finding: string
  /** The pattern the fix instantiates, as the scan named it. */
  predicate?: string
  /** The sites it claims, in its order, each with why the code does not bear it out when it does not. */
  sites: { site: Site; refused?: string }[]
  /** The fix's own lines are at the head (a brief that left them out gets them back). */
  ownLines: boolean
  /** How the fix meets adjacent code. */
  interactions: string
  /** A risk the scan saw in writing it. */
  risk?: string
}

/**
 * The scan's answer for each fix: a fix whose pattern is unnamed is not written; otherwise it carries the predicate and
 * the sites that read as claimed (one per span, its own fix's lines first when the scan left them out; each site left
 * out is a discrepancy of the pass), and a risk the scan saw unless one is recorded. A fix none of whose sites reads
 * as claimed is not written. Whatever it makes of a fix was scanned at the round's head.
 */
export function takeScan(ledger: Ledger, at: { round: number; fixes: ScanRead[] }): Next {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === at.round)!
    const apply = (round.apply ??= { writers: [], discrepancies: [] })
    for (const read of at.fixes) {
      const f = draft.findings.find(x => x.id === read.finding)!
      f.scanSha = round.head
      const predicate = read.predicate?.trim()
      if (!predicate) {
        carry(
          f,
          'not written: the scan could not name the pattern this fix instantiates, and a fix whose pattern is unnamed is not written'
        )
        continue
      }
      const sites: Site[] = []
      const refused: string[] = []
      for (const { site, refused: why } of read.sites) {
        if (why) refused.push(why)
        else if (!sites.some(x => overlaps(x, site))) sites.push(structuredClone(site))
      }
      if (refused.length > 0)
        apply.discrepancies.push(
          `${f.id}: the scan named sites the code does not bear out, left out of the brief: ${refused.join('; ')}`
        )
      // The verified repair is the brief's first site: a scan that left it out does not drop it.
      const own = f.fix && { file: f.file, start_line: f.fix.start_line, end_line: f.fix.end_line }
      if (own && read.ownLines && !sites.some(x => overlaps(x, own))) {
        sites.unshift({ ...own, basis: "the finding's own fix (the scan left it out)" })
        apply.discrepancies.push(
          `${f.id}: the scan left out the fix's own lines ${f.file}:${own.start_line}; they were added to the brief`
        )
      }
      f.predicate = predicate
      f.sites = sites
      f.interactions = read.interactions
      const risk = read.risk?.trim()
      if (risk && !f.risk) f.risk = { kind: 'epistemic', why: risk }
      if (sites.length === 0)
        carry(f, 'not written: none of the sites its scan named reads as claimed at the head')
    }
  })
}

/** The loop carries fixes it could not write (each with why): work it did not finish, never a disposition. */
export function carryFixes(ledger: Ledger, fixes: { finding: string; reason: string }[]): Next {
  return evolve(ledger, draft => {
    for (const { finding, reason } of fixes)
      carry(
        draft.findings.find(f => f.id === finding)!,
        reason
      )
  })
}
