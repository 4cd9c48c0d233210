/**
 * The author's push beneath a stacked layer (seed 004, Rule 15; docs/landing.md), as transitions: src/run/lower-head.ts
 * reads git and merges or pushes, and each result is decided here. A branch only advanced is brought into the layer
 * (the review then covers the author's head and the layer's fixes together); a branch rewritten under the layer, a
 * layer deleted with fixes the branch does not hold, a conflict or a refused push stop the loop with what a person
 * must do; a layer merged into the branch and deleted is over (the next fix cuts a new one).
 */
import type { Ledger } from '../model.js'
import { activeInvocation } from './lifecycle.js'
import { evolve, type Next } from './next.js'

/** How many commits of each side a rewritten lower branch's report lists. */
export const BETWEEN_LIMIT = 10

/** What git found when the author pushed beneath the layer, and what became of bringing the push in. */
export type LowerHead =
  /** The cut point is gone from the branch; `between` lists what lies between (absent when the cut point is gone from the repository). */
  | { kind: 'rewritten'; lower: string; between?: { ahead: string[]; gone: string[] } }
  /** The layer's branch was deleted after it was merged into the PR branch. */
  | { kind: 'layer-merged' }
  /** The layer's branch was deleted with fixes the PR branch does not hold. */
  | { kind: 'layer-deleted' }
  /** The author's push and the layer's fixes change the same lines. */
  | { kind: 'conflict'; lower: string; files: string[] }
  /** The merged layer could not be pushed over its branch. */
  | { kind: 'push-refused'; detail: string }
  /**
   * The push is in the layer: `head` is the layer's new head (equal to `lower` when the push already held the fixes);
   * `pushed` when the loop pushed it over the layer's branch.
   */
  | { kind: 'brought-in'; lower: string; head: string; pushed: boolean }

const short = (sha: string) => sha.slice(0, 7)

/**
 * What the author's push beneath the stacked layer makes of the loop. The value is whether the run goes on: false when
 * it stops (`blocked`, saying what a person must do). `headRef` is the PR's branch.
 */
export function lowerHeadMoved(ledger: Ledger, headRef: string, fact: LowerHead): Next<boolean> {
  return evolve(ledger, (draft, out) => {
    const inv = activeInvocation(draft)!
    const layer = inv.stacked!
    const pr = layer.pr ? ` (#${layer.pr})` : ''
    const note = (text: string) => {
      if (draft.owed) draft.owed.note = draft.owed.note ? `${draft.owed.note}; ${text}` : text
    }
    const stop = (message: string) => {
      out.said = { status: 'blocked', message }
      return false
    }
    switch (fact.kind) {
      case 'rewritten':
        return stop(rewritten(headRef, layer, pr, fact))
      case 'layer-merged':
        note(
          `the stacked layer ${layer.branch} was merged into ${headRef} and its branch deleted; a later fix opens a new layer`
        )
        delete inv.stacked
        return true
      case 'layer-deleted':
        return stop(
          `The stacked layer's branch \`${layer.branch}\` was deleted, and its fixes (up to ${short(layer.head)}) are not in \`${headRef}\`. Restore the branch (push ${short(layer.head)} to \`${layer.branch}\`), or end this loop with \`/review-loop stop\`; then comment \`/review-loop continue\`.`
        )
      case 'conflict':
        return stop(
          `The author's push to \`${headRef}\` (${short(fact.lower)}) and the fixes on the stacked layer \`${layer.branch}\`${pr} change the same lines${fact.files.length ? ` (${fact.files.slice(0, 10).join(', ')})` : ''}, so the loop cannot bring them together without a person. Merge the layer into \`${headRef}\` (or the branch into the layer) resolving the conflict, then comment \`/review-loop continue\`; or end the loop with \`/review-loop stop\`.`
        )
      case 'push-refused':
        return stop(
          `The author's push to \`${headRef}\` could not be brought into the stacked layer \`${layer.branch}\`: ${fact.detail}. Comment \`/review-loop continue\` to try again, or end the loop with \`/review-loop stop\`.`
        )
      case 'brought-in':
        // The loop's own merge commit is its push, never taken for the author's.
        if (fact.pushed && fact.head !== fact.lower) draft.ownPushes.push(fact.head)
        note(
          fact.head === fact.lower
            ? `the author's push ${short(fact.lower)} already holds the stacked layer's fixes: the layer ${layer.branch} moved up to it`
            : `the author's push ${short(fact.lower)} was brought into the stacked layer ${layer.branch} (${short(fact.head)}): this review covers both`
        )
        layer.cut = fact.lower
        layer.head = fact.head
        if (draft.owed) draft.owed.head = fact.head
        return true
    }
  })
}

type Layer = { branch: string; cut: string }

/** The stop after the branch beneath the layer was rewritten: the cut point, the lower head and what lies between. */
function rewritten(
  headRef: string,
  layer: Layer,
  pr: string,
  fact: Extract<LowerHead, { kind: 'rewritten' }>
): string {
  const list = (lines: string[]): string => {
    if (lines.length === 0) return 'none'
    const shown = lines.slice(0, BETWEEN_LIMIT).map(l => `\`${l}\``)
    if (lines.length > BETWEEN_LIMIT) shown.push(`and ${lines.length - BETWEEN_LIMIT} more`)
    return shown.join('; ')
  }
  const between = fact.between
    ? `Between them: on the lower head, not under the cut point: ${list(fact.between.ahead)}. Under the cut point, gone from the lower head: ${list(fact.between.gone)}.`
    : 'The cut point is no longer in the repository, so what lies between cannot be listed.'
  return [
    `\`${headRef}\` was rewritten under the stacked layer \`${layer.branch}\`${pr}: the cut point the layer stands on is no longer an ancestor of that branch, so the layer stands on a base the branch beneath it no longer has, and the loop stops here.`,
    `Cut point: ${layer.cut}.`,
    `Lower head (\`${headRef}\` now): ${fact.lower}.`,
    between,
    `What follows is yours to decide: rebase the layer onto the new head and comment \`/review-loop continue\` once \`${headRef}\` again holds the cut point, or end this loop with \`/review-loop stop\` and start a fresh one on the new head with \`/review-loop continue\` (its landing is asked again).`
  ].join(' ')
}
