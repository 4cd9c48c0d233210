/** GitHub's size limits end to end: a 300-finding ledger whose comment and summary stay within them, the trace reachable. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { LoopWorld, SERVER_URL } from '../__fixtures__/loop-world.js'
import { BOT, ok, statusRecord, useSampleWorld } from '../__fixtures__/e2e.js'
import { carriedText, digest, MAX_CARRIED_COPY, readStateBlock } from '../src/ledger/codec.js'
import { Ledger, type Finding, type Outcome, type Round } from '../src/loop/model.js'
import { answeredBy } from '../src/loop/records.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const COMMENT_LIMIT = 65_536
const SUMMARY_LIMIT = 1_048_576

/** Text that does not compress away, so the ledger is too large for the status comment to carry. */
function noise(seed: number, chars: number): string {
  return createHash('sha512')
    .update(String(seed))
    .digest('hex')
    .repeat(Math.ceil(chars / 128))
    .slice(0, chars)
    .replace(/(.{16})/g, '$1 ')
}

const OUTCOMES: Outcome[] = [
  { kind: 'dropped', basis: 'the quoted code is not in the file at the head' },
  { kind: 'carried', reason: 'deferred by @octo-maintainer: "next release"' },
  { kind: 'handed', by: 'octo-maintainer', words: 'a follow-up issue tracks it' }
]

/**
 * The loop's real ledger grown to 300 findings: ten earlier rounds (renumbering the real one after them) and the real
 * round carrying the rest beside its own findings, so both its trace and the history are far over a comment's size.
 */
function grow(
  real: Ledger,
  earlierRounds: number,
  perEarlier: number,
  total: number,
  descriptionChars = 240
): Ledger {
  const ledger = structuredClone(real)
  const shift = earlierRounds
  const realRound = ledger.rounds.at(-1)!
  for (const r of ledger.rounds) r.n += shift
  for (const f of ledger.findings) f.round += shift
  for (const g of ledger.gates) g.round += shift
  ledger.counters.round += shift
  let next = ledger.counters.finding
  const made: Finding[] = []
  const newFinding = (round: number, outcome: Outcome): Finding => {
    next += 1
    const finding: Finding = {
      id: `F${next}`,
      round,
      severity: 'low',
      file: 'src/client.js',
      line: 1 + (next % 8),
      description: `Finding ${next}: ${noise(next, descriptionChars)}`,
      outcome
    }
    made.push(finding)
    return finding
  }
  const rounds: Round[] = []
  for (let n = 1; n <= earlierRounds; n++) {
    const findings = Array.from({ length: perEarlier }, (_, i) =>
      newFinding(n, OUTCOMES[(n + i) % OUTCOMES.length]!)
    )
    rounds.push({
      ...structuredClone(realRound),
      n,
      cycle: n === 1 ? 'first-pass' : 'after-fixes',
      findings: findings.map(f => f.id),
      entries: findings.map(f => ({ finding: f.id, slot: 'relay', outcome: f.outcome })),
      phase: 'closed',
      intent: undefined
    })
  }
  while (ledger.findings.length + made.length < total) {
    const f = newFinding(realRound.n, OUTCOMES[0]!)
    realRound.findings.push(f.id)
    realRound.entries.push({ finding: f.id, slot: 'relay', outcome: f.outcome })
  }
  ledger.findings.push(...made)
  ledger.counters.finding = next
  ledger.rounds = [...rounds, ...ledger.rounds]
  ledger.invocations[0]!.firstRound = 1
  ledger.revision += 1
  return Ledger.parse(ledger)
}

/**
 * Puts a ledger into the status comment's state block, as a run that could still carry it would have, and saves it to
 * the cache as that run did (a block no saved revision vouches for is not believed: docs/persistence.md).
 */
async function seedComment(ledger: Ledger): Promise<void> {
  const text = JSON.stringify(ledger)
  await world.saveLedgerAs('refs/heads/main', text, ledger.revision)
  const gz = gzipSync(Buffer.from(text, 'utf8')).toString('base64')
  const block = `<!-- review-loop:state ${JSON.stringify({ revision: ledger.revision, sha256: digest(text), gz })} -->`
  const status = statusRecord(world)
  status.body = status.body.replace(/<!-- review-loop:state \{[^<>]*\} -->\s*$/, block)
}

describe("GitHub's size limits", () => {
  it('a 300-finding ledger keeps its comment and summary within the limits, with the full trace one link away', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const state = readStateBlock(statusRecord(world).body)!
    const real = Ledger.parse(JSON.parse(carriedText(state)!))
    const big = grow(real, 10, 10, 300)
    expect(big.findings).toHaveLength(300)
    await seedComment(big)

    // A status run that also takes a command only the ledger records (an answer to no gate), so it saves and rewrites
    // the status comment: one that only asks for the status saves nothing (issue 16).
    const r = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop status\n\n/review-loop G99 accept')
    )
    expect(r.stdout).toContain(`Ledger revision ${big.revision} loaded from status comment`)
    const runPage = `${SERVER_URL}/${world.remote.fullName}/actions/runs/${r.env.GITHUB_RUN_ID}`

    // The status comment: within the limit, the state block whole at its end, naming the new revision.
    const status = statusRecord(world)
    expect(status.body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    const carried = readStateBlock(status.body)!
    expect(carried.revision).toBe(big.revision + 1)
    // Too large to carry: the comment names the revision and its digest; the store holds the ledger.
    expect(carried.gz).toBeUndefined()
    expect(status.body).toContain(
      `full trace is in [the job summary of the latest run](${runPage})`
    )
    // The latest round alone is over the limit: its trace is cut, and every earlier round left out, both saying where.
    expect(status.body).toMatch(
      new RegExp(
        `… \\d+ more characters of this trace are cut here to stay within GitHub's size limit; the full trace is in \\[the job summary of the latest run\\]\\(${runPage}\\)\\.`
      )
    )
    expect(status.body).toMatch(/The traces of rounds 1–10 are left out here/)
    // The reply to `status` is a comment too, and within the limit.
    const reply = world.fake
      .comments(7)
      .filter(
        c =>
          c.user.login === BOT &&
          c.body.startsWith('### Review loop') &&
          !c.body.includes('review-loop:state')
      )
      .at(-1)!
    expect(reply.body.length).toBeLessThanOrEqual(COMMENT_LIMIT)

    // The summary: under 1 MiB, with every round's trace whole and the picture of the loop.
    expect(Buffer.byteLength(r.summary, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT)
    expect(big.findings.filter(f => !r.summary.includes(`${f.id} `)).map(f => f.id)).toEqual([])
    expect(r.summary).not.toMatch(/left out here|are cut here/)
    expect(r.summary).toContain('```mermaid')
    expect(r.summary).toContain(
      'x-axis "round" ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]'
    )
    expect(r.summary).toMatch(/<details><summary>Round 1 — verdict: [^<]* — 10 findings/)

    // The next run finds the ledger in the store, since the comment could not carry it.
    const next = ok(await world.comment(7, 'octo-maintainer', '/review-loop G1 defer'))
    expect(next.stdout).toMatch(
      new RegExp(`Ledger revision ${big.revision + 1} loaded from .*rev0*${big.revision + 1}-`)
    )
    expect(statusRecord(world).body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(Buffer.byteLength(next.summary, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT)
    expect(JSON.stringify(big).length).toBeGreaterThan(MAX_CARRIED_COPY)
  })

  it("a status reply trimmed to GitHub's limit still has room for its mark naming the status comments it answers", async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const real = Ledger.parse(JSON.parse(carriedText(readStateBlock(statusRecord(world).body)!)!))
    await seedComment(grow(real, 10, 10, 300))
    // Two dozen status requests waiting for one run (found in review of a00bff9): the page was trimmed to the limit and the
    // mark put after it, so GitHub refused the reply ('body is too long') and every status run of the loop failed so.
    const asked = Array.from(
      { length: 24 },
      () =>
        world.sandbox.postComment(7, { login: 'octo-maintainer', body: '/review-loop status' })
          .comment.id
    )
    ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    const reply = world.fake
      .comments(7)
      .filter(c => c.user.login === BOT && !c.body.includes('review-loop:state'))
      .at(-1)!
    expect(reply.body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(reply.body).toMatch(/are cut here to stay within GitHub's size limit/)
    expect(answeredBy(reply.body)).toEqual(expect.arrayContaining(asked))
  })

  it('traces that outgrow 1 MiB leave the summary under it, and the step log carries every round whole', async () => {
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const real = Ledger.parse(JSON.parse(carriedText(readStateBlock(statusRecord(world).body)!)!))
    const big = grow(real, 10, 29, 300, 4_000)
    await seedComment(big)

    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop status'))
    expect(Buffer.byteLength(r.summary, 'utf8')).toBeLessThanOrEqual(SUMMARY_LIMIT)
    expect(r.summary).toMatch(
      /The traces of rounds 1–\d+ are left out here to stay within GitHub's size limit; every round's full trace is in [^]*whole in this run's log \(the group “Every round's trace”\)/
    )
    const group = r.stdout.slice(r.stdout.indexOf("::group::Every round's trace"))
    expect(group.length).toBeGreaterThan(SUMMARY_LIMIT)
    expect(big.findings.filter(f => !group.includes(`${f.id} `)).map(f => f.id)).toEqual([])
    expect(statusRecord(world).body.length).toBeLessThanOrEqual(COMMENT_LIMIT)
  })
})
