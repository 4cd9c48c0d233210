/**
 * Rule 8's write-tier signal, read from what the loop already did: a new finding of this round on lines the loop's
 * last fix commit wrote is fix-induced; fix-induced findings in consecutive rounds hand the writing to the driver,
 * and a round with none hands it back.
 */
import * as core from '@actions/core'
import { readTier, tierNotRead } from '../loop/machine/readings.js'
import type { Invocation, Round } from '../loop/model.js'
import { commit as commit_ } from './commit.js'
import type { Run } from './context.js'
import { errorMessage } from '../shared/errors.js'
import { repoGit } from './repo.js'

/** Marks this round's fix-induced findings and moves the invocation's write tier when the signal says so. */
export async function readWriteTier(run: Run, inv: Invocation, round: Round): Promise<void> {
  const rounds = run.ledger.rounds.filter(r => r.invocation === inv.n && r.n < round.n)
  const landed = rounds.filter(r => r.landing?.commit).at(-1)
  // Only the review right after the loop's own landing reads its signal: a later round's lines moved on.
  const previous = rounds.at(-1)
  if (!landed?.landing?.commit || previous !== landed) return
  const commit = landed.landing.commit
  const git = repoGit(run)
  const written = new Map<string, Set<number>>()
  try {
    const withFix = await git.diffLines(`${commit}^`, round.head)
    const after = await git.diffLines(commit, round.head)
    for (const [file, lines] of withFix) {
      // Lines at the head the fix commit wrote: added since its parent, but not since the commit itself.
      const later = after.get(file)?.added ?? new Set<number>()
      written.set(file, new Set([...lines.added].filter(l => !later.has(l))))
    }
  } catch (error) {
    // Without the lines the fix wrote, the signal is unknown: the tier stays, and the round's trace says why.
    const why = `write tier: not read this round, the tier stays the ${inv.writeTier?.tier ?? 'writer'} (the lines the fix commit ${commit.slice(0, 7)} wrote could not be read: ${errorMessage(error)})`
    core.warning(why)
    return commit_(run, tierNotRead(run.ledger, { round: round.n, why }))
  }
  commit_(run, readTier(run.ledger, { round: round.n, landed: landed.n, written }))
}
