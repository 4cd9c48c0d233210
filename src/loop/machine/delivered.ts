/**
 * What the token cannot push reaches people another way (src/run/deliver.ts): a fork's fixes are suggested to its
 * author on the round's review or in a comment, and a workflow file's fix is carried with its patch on the round's
 * trace for a person to apply. run/ posts and makes the patches; these record what was delivered where.
 */
import type { Ledger } from '../model.js'
import { evolve, type Next } from './next.js'

/** Whether a path is a workflow file, which GITHUB_TOKEN may never push (it cannot hold the `workflows` permission). */
export function isWorkflowFile(file: string): boolean {
  return /^\.github\/workflows\//.test(file)
}

/**
 * The findings whose fixes this run may not push: every one on a fork's branch, else each with an edit to a workflow
 * file. A finding is held whole: one edit it may not push holds its other sites too, so no fix lands half-made.
 */
export function unpushable(
  edits: readonly { finding: string; file: string }[],
  fork: boolean
): Set<string> {
  return new Set(edits.filter(e => fork || isWorkflowFile(e.file)).map(e => e.finding))
}

/**
 * A suggestion GitHub took (the round's review on the diff, or a comment), at the URL it answered with: its findings
 * are `suggested` there.
 */
export function suggested(ledger: Ledger, posted: { findings: string[]; where: string }): Next {
  const ids = new Set(posted.findings)
  return evolve(ledger, draft => {
    for (const f of draft.findings)
      if (ids.has(f.id)) f.outcome = { kind: 'suggested', where: posted.where }
  })
}

/** A workflow file's approved fix, with the files it edits and its patch for a person to apply at the root. */
export interface Patch {
  finding: string
  files: string[]
  patch: string
}

/**
 * Workflow files' approved fixes this run may not push: each finding is carried, saying which files held it, and its
 * patch goes on its entry in round `n`'s trace (an entry is added, under Gated, for a finding without one).
 */
export function carryPatches(ledger: Ledger, n: number, patches: Patch[]): Next {
  return evolve(ledger, draft => {
    const round = draft.rounds.find(r => r.n === n)!
    for (const p of patches) {
      const finding = draft.findings.find(f => f.id === p.finding)!
      const files = [...new Set(p.files.filter(isWorkflowFile))]
      const are = files.length === 1 ? 'is a workflow file' : 'are workflow files'
      finding.outcome = {
        kind: 'carried',
        reason: `not pushed: ${files.join(', ')} ${are}, which the workflow's token may not push (GITHUB_TOKEN cannot have the \`workflows\` permission); the patch is on round ${n}'s trace for a person to apply`
      }
      let entry = round.entries.find(e => e.finding === finding.id)
      if (!entry) {
        entry = { finding: finding.id, slot: 'gated', outcome: finding.outcome }
        round.entries.push(entry)
      }
      entry.patch = p.patch
    }
  })
}
