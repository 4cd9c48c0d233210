/**
 * Findings' threads on the diff for the end-to-end tests: a finding of the ledger given a thread, as a round that
 * posted its review would have left it (the review posted to the stand-in with the action's token, the thread recorded
 * in a new ledger revision that the cache and the status comment both carry).
 */
import { gzipSync } from 'node:zlib'
import { GitHubClient } from '../src/github/client.js'
import { digest } from '../src/ledger/codec.js'
import { Ledger, type Finding } from '../src/loop/model.js'
import { ledgerOf, statusRecord } from './e2e.js'
import type { LoopWorld } from './loop-world.js'

/** The action's client, as the action's token sees the stand-in. */
export function actionClient(world: LoopWorld): GitHubClient {
  const { owner, repo } = world.remote
  return new GitHubClient(world.fake.actionToken, owner, repo, world.fake.url)
}

/** Puts a ledger revision where a run finds it: saved to the cache (default branch) and carried by the status comment. */
export async function seedLedger(world: LoopWorld, ledger: Ledger, pr = 7): Promise<void> {
  const text = JSON.stringify(Ledger.parse(ledger))
  await world.saveLedgerAs(`refs/heads/${world.remote.defaultBranch}`, text, ledger.revision)
  const gz = gzipSync(Buffer.from(text, 'utf8')).toString('base64')
  const block = `<!-- review-loop:state ${JSON.stringify({ revision: ledger.revision, sha256: digest(text), gz })} -->`
  const status = statusRecord(world, pr)
  status.body = status.body.replace(/<!-- review-loop:state \{[^<>]*\} -->\s*$/, block)
}

/**
 * Each finding's thread root comment ID, by finding ID: the thread the round's review opened, or, for a finding the
 * round did not put on the diff, one posted now (as the action, one review) and recorded in a new ledger revision.
 */
export async function seedThreads(
  world: LoopWorld,
  findings: string[],
  pr = 7
): Promise<Record<string, number>> {
  const ledger = ledgerOf(world, pr)
  const roots: Record<string, number> = {}
  for (const f of ledger.findings)
    if (f.thread && findings.includes(f.id)) roots[f.id] = f.thread.comment
  findings = findings.filter(id => roots[id] === undefined)
  if (findings.length === 0) return roots
  const client = actionClient(world)
  const head = (await client.pull(pr)).headSha
  const chosen = findings.map(id => {
    const f = ledger.findings.find(x => x.id === id)
    if (!f?.file || !f.line)
      throw new Error(`seedThreads: ${id} has no file and line in the ledger`)
    return f as Finding & { file: string; line: number }
  })
  const review = await client.createReview(pr, {
    commitId: head,
    body: `review-loop: round ${ledger.counters.round}`,
    comments: chosen.map(f => ({
      path: f.file,
      line: f.line,
      body: `**${f.id}** ${f.description}`
    }))
  })
  const posted = await client.reviewCommentsOf(pr, review.id)
  const threads = await client.reviewThreads(pr)
  chosen.forEach((f, i) => {
    const comment = posted[i]!
    roots[f.id] = comment.id
    f.thread = {
      comment: comment.id,
      id: threads.find(t => t.rootComment === comment.id)?.id,
      review: review.id,
      path: f.file,
      line: f.line,
      url: comment.url,
      resolved: false
    }
    ledger.ownReviewComments.push(comment.id)
  })
  ledger.revision += 1
  await seedLedger(world, ledger, pr)
  return roots
}
