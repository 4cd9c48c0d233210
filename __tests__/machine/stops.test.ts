/**
 * The author's push beneath a stacked layer (src/loop/machine/layer.ts), the words a run stops on
 * (src/loop/machine/stops.ts), where the loop stands when a run ends (`settle`) and how words add up (`hear`).
 */
import { describe, expect, it } from '@jest/globals'
import { aGate, aLedger, anInvocation } from '../../__fixtures__/ledgers.js'
import { lowerHeadMoved, type LowerHead } from '../../src/loop/machine/layer.js'
import { settle } from '../../src/loop/machine/lifecycle.js'
import { hear } from '../../src/loop/machine/next.js'
import {
  dispatchFailed,
  failed,
  handedOver,
  handOverRefused,
  landingBlocked,
  lostSave,
  nothingStarted,
  pushLeftToOther,
  pushRefused,
  redoAsked
} from '../../src/loop/machine/stops.js'
import { pure } from './pure.js'

const CUT = '2'.repeat(40)
const LOWER = '4'.repeat(40)
const LAYER_HEAD = '5'.repeat(40)
const MERGED = '6'.repeat(40)

const stacked = () =>
  aLedger({
    invocations: [
      anInvocation({
        landing: 'stacked',
        stacked: { branch: 'review-loop/pr-7', pr: 8, cut: CUT, head: LAYER_HEAD }
      })
    ],
    owed: { reason: 'after-author-push', head: LOWER, requested: 'push' },
    ownPushes: [LAYER_HEAD]
  })

describe('lowerHeadMoved (Rule 15: the author pushed beneath the stacked layer)', () => {
  const layerAfter = (fact: LowerHead) => {
    const next = pure(stacked(), l => lowerHeadMoved(l, 'feature', fact))
    return { next, inv: next.ledger.invocations[0]!, owed: next.ledger.owed }
  }

  it.each<[string, LowerHead, string]>([
    [
      'a rewritten branch, with what lies between',
      { kind: 'rewritten', lower: LOWER, between: { ahead: ['aaa one'], gone: [] } },
      'Between them: on the lower head, not under the cut point: `aaa one`. Under the cut point, gone from the lower head: none.'
    ],
    [
      'a rewritten branch whose cut point is gone',
      { kind: 'rewritten', lower: LOWER },
      'The cut point is no longer in the repository'
    ],
    [
      'the layer deleted with fixes the branch lacks',
      { kind: 'layer-deleted' },
      'Restore the branch (push 5555555 to `review-loop/pr-7`)'
    ],
    [
      'a conflict',
      { kind: 'conflict', lower: LOWER, files: ['a.ts', 'b.ts'] },
      'change the same lines (a.ts, b.ts)'
    ],
    [
      'a refused push',
      { kind: 'push-refused', detail: 'rejected (stale info)' },
      'could not be brought into the stacked layer `review-loop/pr-7`: rejected (stale info)'
    ]
  ])('%s stops the run, blocked, changing nothing', (_what, fact, words) => {
    const { next, inv } = layerAfter(fact)
    expect(next.value).toBe(false)
    expect(next.said.status).toBe('blocked')
    expect(next.said.message).toContain(words)
    expect(inv.stacked).toEqual(stacked().invocations[0]!.stacked)
    expect(next.ledger).toEqual(stacked())
  })

  it('lists at most ten commits of a side, and says how many more', () => {
    const ahead = Array.from({ length: 13 }, (_, i) => `c${i} subject`)
    const { next } = layerAfter({ kind: 'rewritten', lower: LOWER, between: { ahead, gone: [] } })
    expect(next.said.message).toContain('`c9 subject`; and 3 more')
    expect(next.said.message).not.toContain('c10 subject')
  })

  it('a layer merged into the branch and deleted is over: the next fix cuts a new one', () => {
    const { next, inv, owed } = layerAfter({ kind: 'layer-merged' })
    expect(next.value).toBe(true)
    expect(inv.stacked).toBeUndefined()
    expect(owed?.note).toContain('merged into feature and its branch deleted')
    expect(next.said).toEqual({})
  })

  it.each([
    [
      'merged and pushed: the merge is the loop own push',
      MERGED,
      true,
      [LAYER_HEAD, MERGED],
      'was brought into the stacked layer'
    ],
    [
      'the push already held the fixes: the layer moves up to it',
      LOWER,
      true,
      [LAYER_HEAD],
      'already holds the stacked layer'
    ],
    [
      'nothing to push (the layer held the push)',
      LAYER_HEAD,
      false,
      [LAYER_HEAD],
      'was brought into'
    ]
  ])('brought in, %s', (_what, head, pushed, ownPushes, note) => {
    const { next, inv, owed } = layerAfter({ kind: 'brought-in', lower: LOWER, head, pushed })
    expect(next.value).toBe(true)
    expect(inv.stacked).toMatchObject({ cut: LOWER, head })
    expect(owed).toMatchObject({ head })
    expect(owed?.note).toContain(note)
    expect(next.ledger.ownPushes).toEqual(ownPushes)
  })
})

describe('the words a run stops on', () => {
  it('a stacked landing on a fork is blocked; on the PR branch or a same-repository PR it is not', () => {
    expect(landingBlocked(anInvocation({ landing: 'stacked' }), { fork: true })).toContain(
      'stacked landing cannot be used on a pull request from a fork'
    )
    expect(landingBlocked(anInvocation({ landing: 'stacked' }), { fork: false })).toBeUndefined()
    expect(landingBlocked(anInvocation({ landing: 'head' }), { fork: true })).toBeUndefined()
  })

  it.each([
    [
      'another run pushing continues',
      pushLeftToOther(3, { run: '99', attempt: 2 }),
      'continue',
      'pushed by run 99 (attempt 2)'
    ],
    [
      'a refused push asks for a token that may push',
      pushRefused('feature', { reason: 'refused', detail: '403' }),
      'blocked',
      'could not be pushed to feature: 403. Give the workflow a token'
    ],
    [
      'a blocked landing says its own words',
      pushRefused('feature', { reason: 'blocked', detail: 'the layer PR is closed' }),
      'blocked',
      'the layer PR is closed'
    ],
    [
      'a hand-over refused',
      handOverRefused({ round: 2, size: 70000, defaultBranch: 'main' }, 'HTTP 403'),
      'blocked',
      'GitHub refused the dispatch: HTTP 403. Nothing of the round was posted or saved'
    ],
    [
      'a hand-over that saved first',
      handedOver({
        round: 2,
        size: 70000,
        defaultBranch: 'main',
        workflowFile: 'rl.yml',
        pr: 7,
        saved: 4
      }),
      'continue',
      '(rl.yml with pr=7), which reviews it again and whose saves every run can read. This run saved only what it took and posted before the round (revision 4).'
    ],
    [
      'a hand-over that saved nothing',
      handedOver({ round: 2, size: 70000, defaultBranch: 'main', workflowFile: 'rl.yml', pr: 7 }),
      'continue',
      'This run saved nothing.'
    ],
    [
      'nothing started, one reply',
      nothingStarted(2, 1),
      'blocked',
      "took 2 command comment(s) (a writer's gets a reaction) and posted 1 reply"
    ],
    ['nothing started, replies', nothingStarted(0, 3), 'blocked', 'posted 3 replies'],
    [
      'a lost save',
      lostSave('revision 5 was saved by another run'),
      'blocked',
      'revision 5 was saved by another run'
    ],
    [
      'no workflow file to dispatch',
      dispatchFailed({ workflowFile: false }),
      'blocked',
      'GITHUB_WORKFLOW_REF does not name a workflow file'
    ],
    [
      'a refused dispatch keeps the round owed',
      dispatchFailed({ error: 'HTTP 422' }),
      'blocked',
      'HTTP 422. The round is saved as owed'
    ],
    [
      'a failed run with its round taken back',
      failed(true),
      'blocked',
      'its log says what failed. The round it had begun is reviewed again by the next run.'
    ],
    [
      'a failed run with nothing taken back',
      failed(false),
      'blocked',
      'This run failed; its log says what failed. Re-run the job'
    ]
  ])('%s', (_what, said, status, words) => {
    expect(said.status).toBe(status)
    expect(said.message).toContain(words)
  })

  it.each([
    ['not asked', redoAsked('not-asked'), 'Comment `/review-loop continue` to have it taken now.'],
    [
      'asked',
      redoAsked({ workflowFile: 'rl.yml', branch: 'main' }),
      'A fresh run was asked for (rl.yml on main).'
    ],
    ['refused', redoAsked({ error: 'HTTP 500' }), 'Asking for a fresh run failed (HTTP 500)']
  ])('after a lost save, a fresh run %s: said after the loss', (_what, said, words) => {
    expect(said.status).toBeUndefined()
    const after = hear(hear({ requestNextRound: false }, lostSave('Lost.')), said)
    expect(after.status).toBe('blocked')
    expect(after.message?.startsWith('Lost. ')).toBe(true)
    expect(after.message).toContain(words)
  })
})

describe('settle: where the loop stands when the run ends', () => {
  it.each([
    ['an open gate waits', aLedger({ gates: [aGate()] }), undefined, 'awaiting-decision'],
    ['what the run said stands', aLedger({ gates: [aGate()] }), 'blocked' as const, 'blocked'],
    ['an invocation under way continues', aLedger(), undefined, 'continue'],
    ['no invocation: ignored', aLedger({ invocations: [] }), undefined, 'ignored']
  ])('%s', (_what, ledger, said, status) => {
    const next = pure(ledger, l => settle(l, said))
    expect(next.value).toBe(status)
    expect(next.ledger.status).toBe(status)
  })
})

describe('hear: what the run says after a transition', () => {
  it.each([
    [
      'a status replaces',
      { status: 'continue' as const, message: 'a', requestNextRound: false },
      { status: 'blocked' as const },
      { status: 'blocked', message: 'a', requestNextRound: false }
    ],
    [
      'a message replaces',
      { message: 'a', requestNextRound: true },
      { message: 'b' },
      { message: 'b', requestNextRound: true }
    ],
    [
      'a sentence is added after',
      { message: 'a.', requestNextRound: false },
      { addMessage: 'b.' },
      { message: 'a. b.', requestNextRound: false }
    ],
    [
      'a sentence to nothing yet',
      { requestNextRound: false },
      { addMessage: 'b.' },
      { message: 'b.', requestNextRound: false }
    ],
    [
      'replaced, then added to',
      { message: 'a.', requestNextRound: false },
      { message: 'b.', addMessage: 'c.' },
      { message: 'b. c.', requestNextRound: false }
    ],
    [
      'the next round asked for',
      { requestNextRound: false },
      { requestNextRound: true },
      { requestNextRound: true }
    ],
    [
      'nothing said changes nothing',
      { status: 'converged' as const, message: 'm', requestNextRound: true },
      {},
      { status: 'converged', message: 'm', requestNextRound: true }
    ]
  ])('%s', (_what, words, said, want) => {
    expect(hear(words, said)).toEqual(want)
  })
})
