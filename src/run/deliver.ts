/** What the token cannot push: a fork's branch, a workflow file. Those fixes reach people another way. */
import * as core from '@actions/core'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { ACTIONS_BOT_LOGIN } from '../action/constants.js'
import type { ReviewComment } from '../github/client.js'
import { Git } from '../git/git.js'
import { neutraliseMarkers } from '../ledger/codec.js'
import { applyEdits } from '../loop/apply-text.js'
import { carryPatches, suggested, unpushable } from '../loop/machine/delivered.js'
import type { Finding, Round } from '../loop/model.js'
import { inDiff, showableAsSuggestion, type Hunks } from '../loop/diff-review.js'
import { findingHead, roundMark, suggestionBlock } from '../report/review-comment.js'
import { COMMENT_LIMIT, fence } from '../report/text.js'
import { commit } from './commit.js'
import type { Run } from './context.js'
import { post } from './conversation.js'
import { diffHunks, postRoundReview } from './round-review.js'
import type { WritePass, WrittenEdit } from './write-pass.js'

/** The most characters of one patch a fallback comment carries (several fit in one comment). */
const MAX_COMMENT_PATCH = 20_000

/**
 * Takes out of `pass` what this run may not push and delivers it another way; returns the IDs of the findings whose
 * edits are still to be pushed.
 */
export async function deliverUnpushable(
  run: Run,
  round: Round,
  pass: WritePass
): Promise<string[]> {
  const heldIds = unpushable(pass.edits, run.pr.fork)
  if (heldIds.size > 0) {
    const held = [...heldIds].map(id => ({
      finding: run.ledger.findings.find(f => f.id === id)!,
      edits: pass.edits.filter(e => e.finding === id)
    }))
    const patches = new Map<string, string>()
    for (const { finding, edits } of held)
      patches.set(finding.id, await findingPatch(run, pass, edits))
    if (run.pr.fork) await suggest(run, round, held, patches)
    else handOverPatches(run, round, held, patches)
    takeOut(pass, heldIds)
  }
  return [...new Set(pass.edits.map(e => e.finding))]
}

/** Removes the held findings' edits from the pass; a file keeps the other findings' edits, rewritten without them. */
function takeOut(pass: WritePass, heldIds: Set<string>): void {
  const files = new Set(pass.edits.filter(e => heldIds.has(e.finding)).map(e => e.file))
  pass.edits = pass.edits.filter(e => !heldIds.has(e.finding))
  for (const file of files) {
    const rest = pass.edits.filter(e => e.file === file)
    if (rest.length === 0) {
      pass.contents.delete(file)
      pass.originals.delete(file)
    } else {
      const edits = rest.map(e => ({
        id: e.finding,
        start: e.start,
        end: e.end,
        replacement: e.replacement
      }))
      pass.contents.set(file, applyEdits(pass.originals.get(file) ?? '', edits).text)
    }
  }
}

/** The Landing line's note when the loop pushed with GITHUB_TOKEN: that push starts no workflow run, and what to do. */
export function landingNote(run: Run): string | undefined {
  if (run.pr.fork || run.identity !== ACTIONS_BOT_LOGIN) return undefined
  const next =
    run.settings.nextRound === 'push'
      ? ', nor the next round (`next-round: push` needs such a token)'
      : run.settings.nextRound === 'dispatch'
        ? ' (the loop asks for its own next round with a dispatch)'
        : ''
  return `pushed with the workflow's GITHUB_TOKEN, so GitHub starts no workflow run for this commit: the pull request's checks do not run on it${next}; to have them run, pass a GitHub App token as \`github-token\` (README, "Tokens")`
}

/** A workflow file's approved fix: a patch on the round's trace for a person to apply; the finding is carried. */
function handOverPatches(run: Run, round: Round, held: Held[], patches: Map<string, string>): void {
  const carried = held.map(({ finding, edits }) => ({
    finding: finding.id,
    files: edits.map(e => e.file),
    patch: patches.get(finding.id)!
  }))
  commit(run, carryPatches(run.ledger, round.n, carried))
}

/** A held finding and the edits the pass wrote for it. */
interface Held {
  finding: Finding
  edits: WrittenEdit[]
}

/**
 * A fork's fixes as suggestions on the diff, carried by the round's review (src/run/round-review.ts: one review per
 * round, with the round's findings when both are posted by the same run), and as patches in a comment where the diff
 * does not reach or GitHub refuses the review.
 */
async function suggest(
  run: Run,
  round: Round,
  held: Held[],
  patches: Map<string, string>
): Promise<void> {
  const hunks = await diffHunks(run, round.base, round.head)
  let onDiff = held.filter(h => h.edits.every(e => reachable(hunks, e)))
  const offDiff = held.filter(h => !onDiff.includes(h))
  let refusal: string | undefined
  if (onDiff.length > 0) {
    const review = await postRoundReview(run, round, [], {
      comments: onDiff.flatMap(h => h.edits.map(e => suggestionComment(h.finding, e, round.n))),
      findings: onDiff.map(h => h.finding.id)
    })
    if (review.url !== undefined) {
      const findings = onDiff.map(h => h.finding.id)
      commit(run, suggested(run.ledger, { findings, where: review.url }))
    } else {
      // GitHub refused the review (a line it would not place, most likely): nothing is lost, the comment carries all.
      refusal = review.failed ?? 'no review was posted'
      core.warning(`The suggestions could not be posted as a review: ${refusal}`)
      offDiff.push(...onDiff)
      onDiff = []
    }
  }
  if (offDiff.length === 0) return
  const blocks = offDiff.map(h => ({
    finding: h.finding,
    text: patchBlock(h.finding, patches.get(h.finding.id)!)
  }))
  const head = fallbackHead(round, refusal)
  for (const group of packed(head, blocks)) {
    const posted = await post(run, [head, ...group.map(b => b.text)].join('\n\n'))
    const findings = group.map(b => b.finding.id)
    commit(run, suggested(run.ledger, { findings, where: posted.url }))
  }
}

function fallbackHead(round: Round, refusal: string | undefined): string {
  const why =
    refusal === undefined
      ? "and GitHub takes suggestions only on lines the pull request's diff shows, which these are not on"
      : `and GitHub would not take them as suggestions on the diff (${refusal})`
  return [
    `### Suggested fixes, round ${round.n}`,
    `These fixes were approved, but this pull request comes from a fork, which the workflow's token cannot push to, ${why}. Each is a patch to apply from the repository root with \`git apply\`; once they are committed, someone with write access can comment \`/review-loop continue\` to have the new head reviewed.`
  ].join('\n\n')
}

/** One finding's suggestion: what it is, then GitHub's suggestion fence replacing exactly the edit's lines. */
function suggestionComment(finding: Finding, edit: WrittenEdit, round: number): ReviewComment {
  return {
    path: edit.file,
    line: edit.end,
    ...(edit.start < edit.end ? { startLine: edit.start } : {}),
    body: neutraliseMarkers(
      `${findingHead(finding)}\n\n${suggestionBlock(edit.replacement)}\n\n${roundMark(round)}`
    )
  }
}

function patchBlock(finding: Finding, patch: string): string {
  const text =
    patch.length > MAX_COMMENT_PATCH
      ? `${patch.slice(0, patch.lastIndexOf('\n', MAX_COMMENT_PATCH))}\n… the rest of this patch is cut to fit a comment; the whole fix is in the round's gate or the job summary.`
      : patch.replace(/\n$/, '')
  return `${findingHead(finding)}\n\n${fence(text, 'diff')}`
}

/** Blocks grouped into comments that each stay within GitHub's size limit. */
function packed<T extends { text: string }>(head: string, blocks: T[]): T[][] {
  const room = COMMENT_LIMIT - head.length - 200
  const groups: T[][] = []
  let size = 0
  for (const block of blocks) {
    const last = groups.at(-1)
    if (last && size + block.text.length + 2 <= room) {
      last.push(block)
      size += block.text.length + 2
    } else {
      groups.push([block])
      size = block.text.length
    }
  }
  return groups
}

/** Whether a review comment can hold the edit: its first and last lines in one hunk of the PR's diff. */
function reachable(hunks: Hunks, edit: WrittenEdit): boolean {
  // As a gate's suggestion: nothing a comment would alter, the loop would not write, or GitHub would refuse for size.
  return inDiff(hunks, edit.file, edit.start, edit.end) && showableAsSuggestion(edit.replacement)
}

/** A finding's edits as one unified diff against the files as the pass found them, for `git apply` at the root. */
async function findingPatch(run: Run, pass: WritePass, edits: WrittenEdit[]): Promise<string> {
  const parts: string[] = []
  for (const file of [...new Set(edits.map(e => e.file))]) {
    const before = pass.originals.get(file) ?? ''
    const mine = edits
      .filter(e => e.file === file)
      .map(e => ({ id: e.finding, start: e.start, end: e.end, replacement: e.replacement }))
    parts.push(await unifiedPatch(run.env.runnerTemp, file, before, applyEdits(before, mine).text))
  }
  return parts.join('')
}

/** A `git diff`-style patch of `file` from `before` to `after`, made with git itself (`--no-index`) in a scratch folder. */
export async function unifiedPatch(
  scratch: string,
  file: string,
  before: string,
  after: string
): Promise<string> {
  await mkdir(scratch, { recursive: true })
  const dir = await mkdtemp(path.join(scratch, 'review-loop-patch-'))
  try {
    for (const [side, text] of [
      ['a', before],
      ['b', after]
    ] as const) {
      const full = path.join(dir, side, file)
      if (path.relative(path.join(dir, side), full).startsWith('..')) {
        throw new Error(
          `refusing to make a patch for ${file}: it is not a path inside the repository`
        )
      }
      await mkdir(path.dirname(full), { recursive: true })
      await writeFile(full, text)
    }
    const out = await new Git(dir).tryExec([
      'diff',
      '--no-index',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      '--no-prefix',
      '--',
      `a/${file}`,
      `b/${file}`
    ])
    // `--no-index` exits 1 when the files differ, which they do.
    if (out.exitCode > 1) throw new Error(`git diff --no-index failed: ${out.stderr.trim()}`)
    return out.stdout
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export { parseHunks } from '../loop/diff-review.js'
