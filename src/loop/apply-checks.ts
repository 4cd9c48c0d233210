/**
 * Phase 4's checks, pure: the per-site risk screen, the scan's sites read against the code, the writer's edits read
 * against the brief, and the write tier (Rules 6 and 8). Each names what it found in words the trace can carry.
 */
import { protectionOf } from './protection.js'
import { replacementProblem } from './apply-text.js'
import type { Site } from './model.js'

/** A site with its lines as they read at the scanned commit. */
export interface SiteText extends Site {
  /** The handle the writer's edits name (`F3.2`). */
  handle: string
  /** The site's lines, newline-separated. */
  text: string
}

/** Why writing at `file` is a substrate action the loop never takes on its own; undefined when it may. */
export function substrateRisk(file: string, protectedPaths: readonly string[]): string | undefined {
  return protectionOf(file, protectedPaths)
}

/** Whether a replacement of a whole file's lines by nothing deletes the file's content. */
export function deletesFile(before: string, after: string): boolean {
  return before.trim() !== '' && after.trim() === ''
}

/**
 * A site the scan claims, checked against the file at the scanned commit: it must exist, lie within the file, and
 * its first line must read as the scan quoted it (blanks at either end aside). Returns the problem, or undefined.
 */
export function siteProblem(
  site: { file: string; start_line: number; end_line: number; text: string },
  lines: string[] | undefined
): string | undefined {
  const where = `${site.file}:${site.start_line}`
  if (lines === undefined) return `${site.file} is not a text file at the head`
  if (site.end_line < site.start_line) return `${where}: the span ends before it starts`
  if (site.end_line > lines.length)
    return `${where}: past the end of the file (${lines.length} lines)`
  if (lines[site.start_line - 1]!.trim() !== site.text.trim())
    return `${where} does not read as the scan quoted it (${JSON.stringify(site.text.trim().slice(0, 80))})`
  return undefined
}

/** Whether two spans of one file share a line. */
export function overlaps(a: Site, b: Site): boolean {
  return a.file === b.file && a.start_line <= b.end_line && b.start_line <= a.end_line
}

/** One edit as the writer returned it. */
export interface ProposedEdit {
  site: string
  file: string
  start_line: number
  end_line: number
  replacement: string
}

/** What the check of the write found: the edits to apply, those held back, and the sites left unwritten. */
export interface WriteCheck {
  accepted: (ProposedEdit & { finding: string })[]
  /** Edits outside every site of the brief: never written unbriefed, returned for screening. */
  heldBack: { edit: ProposedEdit; why: string }[]
  /** Sites the write did not change (a discrepancy, recorded and carried; it never blocks the pass). */
  missed: { finding: string; site: SiteText }[]
}

/**
 * Reads the writer's edits against the brief: an edit is taken only inside the site it names (same file, within its
 * lines), within the hard bound on a replacement, and when it does not overlap an edit already taken; every site no
 * taken edit changes is a discrepancy.
 */
export function checkWrite(
  briefs: { finding: string; sites: SiteText[] }[],
  edits: ProposedEdit[]
): WriteCheck {
  const bySite = new Map<string, { finding: string; site: SiteText }>()
  for (const b of briefs)
    for (const site of b.sites) bySite.set(site.handle, { finding: b.finding, site })
  const out: WriteCheck = { accepted: [], heldBack: [], missed: [] }
  for (const edit of edits) {
    const target = bySite.get(edit.site)
    const span = `${edit.file}:${edit.start_line}-${edit.end_line}`
    if (!target) {
      out.heldBack.push({ edit, why: `the edit at ${span} names no site of the brief` })
      continue
    }
    const s = target.site
    if (edit.file !== s.file || edit.start_line < s.start_line || edit.end_line > s.end_line) {
      out.heldBack.push({
        edit,
        why: `the edit at ${span} reaches outside its site ${s.file}:${s.start_line}-${s.end_line}`
      })
      continue
    }
    const unwritable = replacementProblem(edit.replacement)
    if (unwritable) {
      out.heldBack.push({ edit, why: `the edit at ${span} is not written: ${unwritable}` })
      continue
    }
    const asSite = { file: edit.file, start_line: edit.start_line, end_line: edit.end_line }
    const clash = out.accepted.find(a => overlaps(a, asSite))
    if (clash) {
      out.heldBack.push({
        edit,
        why: `the edit at ${span} overlaps another edit of site ${clash.site}`
      })
      continue
    }
    out.accepted.push({ ...edit, finding: target.finding })
  }
  for (const b of briefs) {
    for (const site of b.sites) {
      const lines = site.text.split('\n')
      const changes = out.accepted.some(e => {
        if (e.site !== site.handle) return false
        const old = lines.slice(e.start_line - site.start_line, e.end_line - site.start_line + 1)
        return old.join('\n') !== e.replacement.replace(/\r?\n$/, '')
      })
      if (!changes) out.missed.push({ finding: b.finding, site })
    }
  }
  return out
}

/** The write tier after a reviewed round: escalate on fix-induced findings in consecutive rounds, back on a clean one. */
export function nextTier(
  current: 'writer' | 'driver',
  thisRound: { n: number; fixInduced: string[] },
  previousRound: { n: number; fixInduced: string[] } | undefined
): { tier: 'writer' | 'driver'; why: string } | undefined {
  if (
    current === 'writer' &&
    thisRound.fixInduced.length > 0 &&
    previousRound &&
    previousRound.fixInduced.length > 0
  ) {
    return {
      tier: 'driver',
      why: `fixes caused new findings in rounds ${previousRound.n} (${previousRound.fixInduced.join(', ')}) and ${thisRound.n} (${thisRound.fixInduced.join(', ')}): the driver writes until a round has none`
    }
  }
  if (current === 'driver' && thisRound.fixInduced.length === 0) {
    return {
      tier: 'writer',
      why: `round ${thisRound.n}'s review found nothing the previous fixes caused: the writer writes again`
    }
  }
  return undefined
}
