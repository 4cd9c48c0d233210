/**
 * Phase 4, steps 2 and 3 (seed 004, Rule 6): one `write` call for a group of briefs, by the writer or the driver, and
 * the check of what came back against each brief's sites. Nothing here touches a file: the pass lays the edits.
 */
import type { WriteBrief } from '../driver/apply-roles.js'
import type { Excerpt } from '../driver/protocol.js'
import type { Driver } from '../driver/types.js'
import type { AttributesFile } from '../loop/apply-text.js'
import { checkWrite, type SiteText } from '../loop/apply-checks.js'
import { carryFixes } from '../loop/machine/scanned.js'
import type { Finding, Round } from '../loop/model.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { called } from './judging.js'
import { directionOf } from './change-point-scan.js'
import { commit } from './commit.js'
import { fileAt } from './repo.js'

/** A fix whose brief is ready: its verified sites with their lines, and who writes it. */
export interface Brief {
  finding: Finding
  sites: SiteText[]
  /** The source's fix, as proposed, is the one obvious repair at the brief's one site. */
  asProposed: boolean
}

/** One edit a writer gave that the check accepted: the site of the brief it writes, in the head's lines. */
export interface AcceptedEdit {
  finding: string
  site: string
  file: string
  start_line: number
  end_line: number
  replacement: string
}

/** Steps 2–3: one `write` call for a group of briefs, then the check of what came back. */
export async function write(
  run: Run,
  round: Round,
  group: Brief[],
  writer: Driver,
  tier: 'writer' | 'driver',
  linesOf: (file: string) => Promise<string[] | undefined>
): Promise<{ accepted: AcceptedEdit[]; discrepancies: string[]; note?: string }> {
  const briefs: WriteBrief[] = group.map((b, i) => ({
    key: `w${i + 1}`,
    id: b.finding.id,
    description: b.finding.description,
    predicate: b.finding.predicate!,
    basis:
      b.finding.class === 'mechanical'
        ? 'verified against the code at the head'
        : `approved by a person at ${b.finding.gate ?? 'a gate'}`,
    direction: directionOf(run, b.finding),
    interactions: b.finding.interactions ?? 'none named',
    proposal: b.finding.fix ?? null,
    sites: b.sites.map(s => ({
      site: s.handle,
      file: s.file,
      start_line: s.start_line,
      end_line: s.end_line,
      text: s.text
    }))
  }))
  const context: Excerpt[] = []
  for (const b of group) {
    for (const s of b.sites) {
      const lines = (await linesOf(s.file)) ?? []
      const from = Math.max(1, s.start_line - 10)
      context.push({
        path: s.file,
        start: from,
        text: lines.slice(from - 1, s.end_line + 10).join('\n')
      })
    }
  }
  const result = await writer.write({
    protocol: PROTOCOL,
    role: 'write',
    tier,
    round: round.n,
    repository: run.env.workspace,
    head_sha: round.head,
    briefs,
    context
  })
  called(round, `write (${tier})`, result)
  if (!result.ok) {
    const reason = `not written: the ${tier === 'driver' ? 'driver' : 'writer'} gave no edits (${result.cause}); the next round reviews it again`
    commit(
      run,
      carryFixes(
        run.ledger,
        group.map(b => ({ finding: b.finding.id, reason }))
      )
    )
    return { accepted: [], discrepancies: [], note: `no answer: ${result.cause}` }
  }
  const check = checkWrite(
    group.map(b => ({ finding: b.finding.id, sites: b.sites })),
    result.answer.edits
  )
  const discrepancies = [
    ...check.missed.map(
      m =>
        `${m.finding}: site ${m.site.file}:${m.site.start_line} of its pattern was not written (carried to the next round)`
    ),
    ...check.heldBack.map(
      h =>
        `held back, not written unbriefed: ${h.why}; it is returned for screening and the next round reviews it`
    )
  ]
  return { accepted: check.accepted, discrepancies }
}

/** The `.gitattributes` files at `sha` from the root down to `file`'s folder, root first. */
export async function attributesAbove(
  run: Run,
  sha: string,
  file: string
): Promise<AttributesFile[]> {
  const parts = file.split('/').slice(0, -1)
  const out: AttributesFile[] = []
  for (let depth = 0; depth <= parts.length; depth++) {
    const dir = parts.slice(0, depth).join('/')
    const at = await fileAt(
      run,
      sha,
      dir === '' ? '.gitattributes' : `${dir}/.gitattributes`
    ).catch(() => undefined)
    if (at?.kind === 'text') out.push({ dir, text: at.text })
  }
  return out
}
