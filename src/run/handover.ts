/** The exit handover on the PR, and `/review-loop record`: each item filed where it lasts, only on a person's word. */
import * as core from '@actions/core'
import { neutraliseMarkers } from '../ledger/codec.js'
import type { Homes } from '../loop/model.js'
import { conveyedDecisions } from '../loop/decisions.js'
import {
  closingIssues,
  decisionRecordPath,
  decisionRecordText,
  handoverItems,
  issueRef,
  NOTHING_TO_HAND_OVER,
  recordComment,
  renderExitHandover,
  type HandoverItem
} from '../report/exit-handover.js'
import { codeSpan, fence, listWords } from '../report/text.js'
import type { Run } from './context.js'
import { post } from './conversation.js'
import { errorMessage } from '../shared/errors.js'

/** Folders a repository keeps decision records in, by common use; the first that exists on the base branch is its. */
const RECORD_FOLDERS = [
  'docs/decisions',
  'docs/adr',
  'doc/adr',
  'docs/architecture/decisions',
  'adr',
  'decisions'
]

/**
 * Where the handover's items belong: the issues the pull request says it closes; without any, the folder the base
 * branch keeps decision records in (looked up only when there is a decision to place), else `docs/decisions` proposed.
 */
export async function findHomes(run: Run): Promise<Homes> {
  const repository = `${run.env.owner}/${run.env.repo}`
  const issues = closingIssues(run.pr.body, repository, run.pr.number)
  if (issues.length > 0 || conveyedDecisions(run.ledger.decisions).length === 0) return { issues }
  for (const dir of RECORD_FOLDERS) {
    let names: string[] | undefined
    try {
      names = await run.world.github.listDirectory(dir, run.pr.baseRef)
    } catch (error) {
      // Only a proposal rests on this: a failed lookup proposes the default folder rather than failing the exit.
      core.warning(`Could not look for decision records in ${dir}: ${errorMessage(error)}`)
      break
    }
    if (!names) continue
    const numbers = names
      .map(n => /^(\d+)[-_]/.exec(n)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
    const next = numbers.length > 0 ? { next: Math.max(...numbers) + 1 } : {}
    return { issues, records: { dir, exists: true, ...next } }
  }
  return { issues, records: { dir: 'docs/decisions', exists: false, next: 1 } }
}

/** Posts the handover once the loop has ended this run (converged or stopped); it conditions nothing. */
export async function postHandover(run: Run): Promise<void> {
  const inv = run.ledger.invocations.at(-1)
  if (!inv?.ended) return
  try {
    inv.homes = await findHomes(run)
  } catch (error) {
    core.warning(`Could not work out where the handover's items belong: ${errorMessage(error)}`)
  }
  const handover = renderExitHandover(run.ledger)
  if (!handover.includes(NOTHING_TO_HAND_OVER)) await post(run, handover)
}

/** What `/review-loop record` did: what was recorded (or where to put it), and what could not be. */
export interface RecordOutcome {
  done: string[]
  problems: string[]
}

/**
 * Records handover items on a person's word: a decision as a comment on each issue the pull request says it closes
 * (without one, the text of a decision record file to commit, never pushed by the loop); an unsettled question, a
 * finding left for a follow-up or a proposal as an issue of its own. No IDs: every item.
 */
export async function recordItems(run: Run, by: string, ids: string[]): Promise<RecordOutcome> {
  const out: RecordOutcome = { done: [], problems: [] }
  const items = handoverItems(run.ledger)
  const known = items.map(i => codeSpan(i.id))
  if (items.length === 0) {
    out.problems.push(
      'There is nothing to record: no decision, unsettled question, follow-up or proposal came out of this review.'
    )
    return out
  }
  const wanted: HandoverItem[] = []
  for (const id of ids) {
    const item = items.find(i => i.id === id)
    if (item) wanted.push(item)
    else {
      const retired = run.ledger.decisions.find(d => d.id === id && d.retired)
      const refused = run.ledger.decisions.find(d => d.id === id && d.admission?.admitted === false)
      out.problems.push(
        retired
          ? `${id} was revised by ${retired.retired!.by} and no longer holds, so it is not recorded; record ${retired.retired!.by} instead.`
          : refused
            ? `${id} is kept as @${refused.by}'s words about this review, not as a decision of the project (${refused.admission!.why}), so it is not recorded.`
            : `${id} is not among what this review leaves behind; what can be recorded is ${listWords(known)}.`
      )
    }
  }
  if (ids.length === 0) wanted.push(...items)
  if (wanted.length === 0) return out
  const homes = await findHomes(run)
  for (const item of wanted) {
    if (item.kind === 'decision') await recordDecision(run, by, item, homes, out)
    else await openIssueFor(run, by, item, out)
  }
  return out
}

async function recordDecision(
  run: Run,
  by: string,
  item: HandoverItem,
  homes: Homes,
  out: RecordOutcome
): Promise<void> {
  const { ledger, world } = run
  const d = ledger.decisions.find(x => x.id === item.id)!
  const repository = ledger.repository
  const local = homes.issues.filter(i => i.repo === repository.toLowerCase())
  const away = homes.issues.filter(i => i.repo !== repository.toLowerCase())
  for (const issue of local) {
    const ref = issueRef(issue, repository)
    const already = d.recorded?.find(r => r.where === ref)
    if (already) {
      out.done.push(`${d.id} is already on ${ref}: ${already.url ?? ref}`)
      continue
    }
    // Only an issue the pull request closes: `closes #N` naming a pull request (or nothing) gets no comment.
    const kind = await world.github.issueKind(issue.number).catch((error: Error) => error)
    if (kind !== 'issue') {
      out.problems.push(
        kind instanceof Error
          ? `${d.id} was not posted on ${ref}: whether it is an issue could not be read (${kind.message}).`
          : `${d.id} was not posted on ${ref}: ${kind === 'pull' ? 'it is a pull request, not an issue' : 'no such issue in this repository'}; only an issue this pull request closes takes a decision.`
      )
      continue
    }
    try {
      const posted = await world.github.comment(
        issue.number,
        neutraliseMarkers(recordComment(ledger, item, by, true))
      )
      ;(d.recorded ??= []).push({ where: ref, url: posted.url, by, at: world.now() })
      out.done.push(`${d.id} is recorded on ${ref}: ${posted.url}`)
    } catch (error) {
      out.problems.push(
        `${d.id} could not be posted on ${ref}: ${errorMessage(error)}. Nothing else changed; copy it there yourself, or fix what the message names and ask again.`
      )
    }
  }
  if (away.length > 0) {
    out.done.push(
      `${d.id} also belongs on ${listWords(away.map(i => issueRef(i, repository)))}, in another repository where the loop cannot post: copy it there.`
    )
  }
  if (homes.issues.length > 0) return
  const path = decisionRecordPath(ledger, d, homes)
  const folder = homes.records?.exists
    ? `where the repository keeps its decision records`
    : `a new folder, since the repository keeps no decision records yet`
  out.done.push(
    `This pull request names no issue it closes (\`closes #N\` in its description would give ${d.id} one), so ${d.id} belongs in a decision record: commit this as ${codeSpan(path)} (${folder}). The loop does not push it: what goes into the repository is yours to approve.\n\n${fence(decisionRecordText(ledger, d), 'markdown')}`
  )
}

async function openIssueFor(
  run: Run,
  by: string,
  item: HandoverItem,
  out: RecordOutcome
): Promise<void> {
  const { ledger, world } = run
  const inv = ledger.invocations.at(-1)
  const already = inv?.recorded?.find(r => r.item === item.id)
  if (already) {
    out.done.push(`${item.id} already has its issue, ${already.where}: ${already.url}`)
    return
  }
  const body = neutraliseMarkers(recordComment(ledger, item, by, false))
  try {
    const opened = await world.github.createIssue(
      `${item.title} (from the review of #${ledger.pr})`,
      body
    )
    if (inv)
      (inv.recorded ??= []).push({ item: item.id, where: `#${opened.number}`, url: opened.url })
    out.done.push(`${item.id} is recorded in a new issue, #${opened.number}: ${opened.url}`)
  } catch (error) {
    out.problems.push(
      `${item.id}: the issue could not be opened: ${errorMessage(error)}. Open one yourself with this text:\n\n${fence(body, 'markdown')}`
    )
  }
}
