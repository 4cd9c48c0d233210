/** The exit handover end to end: a stop mid-round posts it; `/review-loop record` files a decision where it lasts. */
import { beforeEach, describe, expect, it } from '@jest/globals'
import { aFinding, aGate, aLedger, anInvocation, aRound } from '../__fixtures__/ledgers.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BOT, ok, scriptedSource, statusRecord, useSampleWorld } from '../__fixtures__/e2e.js'
import { parseCommands } from '../src/loop/commands.js'
import {
  closingIssues,
  NOTHING_TO_HAND_OVER,
  renderExitHandover
} from '../src/report/exit-handover.js'

let world: LoopWorld

const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

/** Two judgment findings in the sample PR's files, gated apart: G1 (the zero timeout) and G2 (the unused import). */
const TWO_GATES = {
  verdict: 'needs-attention',
  findings: [
    {
      severity: 'high',
      file: 'src/config.js',
      line: 2,
      description: 'A zero timeout never times out.',
      evidence: 'export const TIMEOUT_MS = 0',
      expectation: 'a request to a hung server ends after a bounded time'
    },
    { severity: 'low', file: 'src/client.js', line: 1, description: 'Import is unused.' }
  ],
  exercised: { reached: ['contract-closure'], unreached: [] }
}

/** The decision exactly as the maintainer writes it after `decide`. */
const WORDS =
  'We keep TIMEOUT_MS = 0 as "no timeout": every caller passes its own per-call timeout; the default changes only with the v3 client.'

/** The action's comments on an issue or pull request, newest last. */
function botComments(n: number): string[] {
  return world.fake
    .comments(n)
    .filter(c => c.user.login === BOT)
    .map(c => c.body)
}

/** Round 1 asks G1 and G2; the maintainer decides G1 and, with G2 still open, stops the loop. */
async function stopWithOneDecision(source: { command: string }) {
  const inputs = { command: source.command }
  const r1 = ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
  expect(r1.outputs['open-gates']).toBe('G1 G2')
  const answered = ok(
    await world.comment(7, 'octo-maintainer', `/review-loop G1 decide ${WORDS}`, inputs)
  )
  expect(answered.outputs).toMatchObject({ status: 'awaiting-decision', 'open-gates': 'G2' })
  return ok(await world.comment(7, 'octo-maintainer', '/review-loop stop', inputs))
}

describe('a stop mid-round', () => {
  it('posts the handover: the decision in the words it was given, its home on the issue the PR closes, what was left open', async () => {
    world.fake.openIssue({ number: 12, title: 'Requests hang forever' })
    world.fake.updatePullRequest(7, {
      body: 'Adds a 404 helper and a user-agent setting.\n\nCloses #12'
    })
    const source = scriptedSource([{ stdout: TWO_GATES }])
    const stop = await stopWithOneDecision(source)
    expect(stop.outputs).toMatchObject({ status: 'exited', 'open-gates': '' })

    const handover = botComments(7).find(b => b.startsWith('### What this review leaves behind'))!
    expect(handover).toBeDefined()
    expect(handover).toContain('The loop ended, stopped by @octo-maintainer, after round 1.')
    // The person's words, verbatim; nothing summarised.
    expect(handover).toContain(`> ${WORDS}`)
    expect(handover).toMatch(/\*\*D1\*\*, decided by @octo-maintainer on \S+ at G1 \(round 1\)/)
    expect(handover).toContain(
      'Where it lasts: #12, which this pull request says it closes; the decision reaches past this code, to the work those track. `/review-loop record D1` posts it on #12.'
    )
    // The question nobody answered is a finding left undecided, surfaced rather than cleared.
    expect(handover).toMatch(
      /- F2 \(low, src\/client\.js:1: Import is unused\.\) left undecided: G2 had no answer when the loop ended/
    )
    expect(handover).toContain('declining changes nothing')
    // The exit did not wait on the offer: no label stays, nothing was posted on the issue unasked.
    expect(world.fake.labels(7)).toEqual([])
    expect(botComments(12)).toEqual([])
    // The trace says what became of each: F1 closed by the decision, F2 undecided.
    const status = statusRecord(world).body
    expect(status).toMatch(/F1 .* → dropped: decided at G1 \(D1\) by @octo-maintainer/)
    expect(status).toMatch(/F2 .* → undecided: G2 closed unanswered/)
    expect(stop.summary).toContain('### What this review leaves behind')
    expect(stop.summary).toContain('`/review-loop record D1` posts it on #12.')

    // On request, the decision is filed on #12 in the same words; the request gets a +1 and a link.
    const record = ok(
      await world.comment(7, 'octo-maintainer', '/review-loop record D1', {
        command: source.command
      })
    )
    expect(record.outputs.status).toBe('exited')
    const onIssue = botComments(12)
    expect(onIssue).toHaveLength(1)
    expect(onIssue[0]).toContain('### A decision made in the review of #7 (D1)')
    expect(onIssue[0]).toContain(`> ${WORDS}`)
    expect(onIssue[0]).toContain('Posted here because #7 says it closes this issue')
    const asked = world.fake.comments(7).find(c => c.body === '/review-loop record D1')!
    expect(world.fake.commentList.find(c => c.id === asked.id)!.reactions).toMatchObject([
      { content: '+1', login: BOT }
    ])
    const reply = botComments(7).at(-1)!
    expect(reply).toMatch(
      /^@octo-maintainer D1 is recorded on #12: \S+\/issues\/12#issuecomment-\d+$/
    )

    // Asking again posts nothing twice.
    ok(
      await world.comment(7, 'octo-maintainer', '/review-loop record', { command: source.command })
    )
    expect(botComments(12)).toHaveLength(1)
    expect(botComments(7).at(-1)).toContain('D1 is already on #12')
  })

  it('without an issue to close, proposes a decision record the repository keeps, and pushes nothing', async () => {
    world.remote.commit('main', { 'docs/decisions/0003-use-fetch.md': '# Use fetch\n' })
    const source = scriptedSource([{ stdout: TWO_GATES }])
    ok(await stopWithOneDecision(source))
    const handover = botComments(7).find(b => b.startsWith('### What this review leaves behind'))!
    expect(handover).toMatch(
      /Where it lasts: a decision record, since this pull request names no issue it closes: `docs\/decisions\/0004-we-keep-timeout-ms-0-as-no-timeout-every-caller\.md`, in `docs\/decisions\/` where the repository keeps them\./
    )
    const head = world.remote.branchSha('feature/not-found')
    ok(
      await world.comment(7, 'octo-maintainer', '/review-loop record D1', {
        command: source.command
      })
    )
    const reply = botComments(7).at(-1)!
    expect(reply).toContain(
      'commit this as `docs/decisions/0004-we-keep-timeout-ms-0-as-no-timeout-every-caller.md`'
    )
    expect(reply).toContain('```markdown\n# We keep TIMEOUT_MS = 0')
    expect(reply).toContain(`> ${WORDS}`)
    expect(world.remote.branchSha('feature/not-found')).toBe(head)
  })

  it('opens an issue for a proposal beyond the PR, once; refuses what the handover does not list and anyone without write access', async () => {
    const withDirection = {
      ...TWO_GATES,
      direction: {
        mechanism: 'settings accept 0 where "unset" is meant',
        falsifier: 'a setting whose 0 is a real value'
      }
    }
    const source = scriptedSource([{ stdout: withDirection }])
    const inputs = { command: source.command }
    ok(await stopWithOneDecision(source))
    const handover = botComments(7).find(b => b.startsWith('### What this review leaves behind'))!
    expect(handover).toContain(
      '**P1** (unconstituted: a proposal, not a decision), from the reviewer\'s direction in round 1: settings accept 0 where "unset" is meant\n- It would be shown wrong by: a setting whose 0 is a real value'
    )
    const opened = () => world.fake.requests.filter(q => q.operationId === 'issues/create').length

    ok(await world.comment(7, 'octo-maintainer', '/review-loop record P1', inputs))
    expect(opened()).toBe(1)
    const issue = [...world.fake.issues.entries()].at(-1)!
    expect(issue[1].title).toBe('settings accept 0 where "unset" is meant (from the review of #7)')
    expect(issue[1].body).toContain(
      '### A proposal from the review of #7, not decided by anyone (P1)'
    )
    expect(issue[1].body).toContain(
      '- It would be shown wrong by: a setting whose 0 is a real value'
    )
    expect(botComments(7).at(-1)).toMatch(
      new RegExp(
        `^@octo-maintainer P1 is recorded in a new issue, #${issue[0]}: \\S+/issues/${issue[0]}$`
      )
    )
    ok(await world.comment(7, 'octo-maintainer', '/review-loop record P1', inputs))
    expect(opened()).toBe(1)
    expect(botComments(7).at(-1)).toContain(`P1 already has its issue, #${issue[0]}`)

    ok(await world.comment(7, 'octo-maintainer', '/review-loop record D7', inputs))
    expect(botComments(7).at(-1)).toBe(
      '@octo-maintainer D7 is not among what this review leaves behind; what can be recorded is `D1` and `P1`.'
    )
    ok(await world.comment(7, 'drive-by', '/review-loop record D1', inputs))
    expect(botComments(7).at(-1)).toContain('only people with write access')
    expect(opened()).toBe(1)
  })
})

describe('the handover, rendered', () => {
  it('reads closing issues the way GitHub does, leaving out code, itself and repeats', () => {
    const body =
      'Fixes #3 and closes: #4.\nResolved octo/other#9, see #5.\n```\ncloses #6\n```\nCLOSES https://github.com/octo/widgets/issues/8\nfixes #7\nfixes #3'
    expect(closingIssues(body, 'octo/widgets', 7)).toEqual([
      { repo: 'octo/widgets', number: 3 },
      { repo: 'octo/widgets', number: 4 },
      { repo: 'octo/other', number: 9 },
      { repo: 'octo/widgets', number: 8 }
    ])
  })

  it('carries an unsettled conflict as the conflict, a handed finding with where it holds, a proposal with its falsifier', () => {
    const ledger = aLedger({
      rounds: [
        aRound({
          findings: ['F1', 'F2'],
          reading: {
            leading: {
              mechanism: 'every caller parses the header itself',
              accounts_for: ['F1', 'F2'],
              falsifier: 'a caller that gets the header already parsed'
            },
            repairsDiverge: true
          }
        })
      ],
      findings: [
        aFinding({ gate: 'G1' }),
        aFinding({
          id: 'F2',
          file: 'src/b.ts',
          line: 9,
          provenance: 'pre-existing',
          evidence: 'for (i = 0; i <= n; i++)',
          expectation: 'the loop stays inside the array',
          outcome: { kind: 'handed', by: 'bob', words: 'follow-up: the parser rewrite' }
        })
      ],
      gates: [
        aGate({
          status: 'superseded',
          open: true,
          options: [],
          analysis:
            'Why F1 needs a person: CONTRIBUTING.md says errors are thrown; docs/style.md says errors are returned; they disagree on how a parser reports a bad header (no declared order reaches this pair).',
          question:
            'Which way should this go? F1 sits where two of the project’s documents disagree.'
        })
      ]
    })
    const text = renderExitHandover(ledger)
    expect(text).toContain('**Questions nobody settled**')
    expect(text).toContain(
      'CONTRIBUTING.md says errors are thrown; docs/style.md says errors are returned; they disagree on how a parser reports a bad header (no declared order reaches this pair)'
    )
    expect(text).toContain('`/review-loop record G1` opens one.')
    expect(text).toContain('- Where it holds: `src/b.ts:9` at `abc1234` (round 1)')
    expect(text).toContain(
      '- What establishes it: the code `for (i = 0; i <= n; i++)` against the expectation "the loop stays inside the array"'
    )
    expect(text).toContain(
      "**P1** (unconstituted: a proposal, not a decision), from the loop's reading of round 1: every caller parses the header itself (behind F1 and F2): repair it at that cause"
    )
    expect(text).toContain(
      '- It would be shown wrong by: a caller that gets the header already parsed'
    )
    // Listed once, as the follow-up it is, not again among the residuals.
    expect(text).toContain('**F2** (medium, pre-existing)')
    expect(text).not.toContain('handed to a follow-up by @bob')
    expect(text).toMatch(/offered, never required/)
  })

  it('says once that a source cannot report reach, and that nothing needs to outlive a clean review', () => {
    const blind = aLedger({
      invocations: [
        anInvocation({ source: { name: 'codex', designation: 'set', reportsReach: false } })
      ],
      rounds: [aRound({ verdict: 'approve', exercised: undefined })]
    })
    expect(renderExitHandover(blind).match(/cannot report what it reached/g)).toHaveLength(1)
    expect(renderExitHandover(aLedger({ rounds: [aRound({ verdict: 'approve' })] }))).toContain(
      NOTHING_TO_HAND_OVER
    )
  })

  it('parses the record command with and without items', () => {
    expect(parseCommands('/review-loop record D1 g3, F5')).toEqual([
      { kind: 'record', items: ['D1', 'G3', 'F5'] }
    ])
    expect(parseCommands('/review-loop record')).toEqual([{ kind: 'record', items: [] }])
    expect(parseCommands('/review-loop record everything')[0]!.kind).toBe('unknown')
  })
})
