/**
 * A run with nothing to do saves nothing (issue 16), and issue 14's guarantees hold: a command taken by such a run is
 * not taken again, a reaction by someone else is no record, and the merge gate is set again whenever nothing proves
 * it was set (src/loop/records.ts).
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { BOT, convergedWorld, ledgerOf, mergeGateOn, ok } from '../__fixtures__/e2e.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'

let world: LoopWorld
afterEach(async () => {
  expect(world.fake.violations).toEqual([])
  await world.dispose()
})

async function converged(): Promise<void> {
  world = await convergedWorld()
}

/** The run's REST calls, in order. */
function calls(): string[] {
  return world.fake.requests.map(r => `${r.method} ${r.operationId}`)
}

const reactionsOn = (id: number) =>
  world.fake.commentList.find(c => c.id === id)!.reactions.map(r => `${r.content} by ${r.login}`)

describe('a continue with nothing owed, taken by a run that saved nothing', () => {
  it('is not taken again by the next run of any kind: a pull_request run, a dispatched run, a comment run', async () => {
    await converged()
    const { comment: asked, event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop continue'
    })
    world.fake.requests.length = 0
    ok(await world.run(event))
    // Nothing saved: the list the load reads is the only one, and the status comment is not edited.
    expect(calls().filter(c => c === 'GET actions/get-actions-cache-list')).toHaveLength(1)
    expect(calls()).not.toContain('PATCH issues/update-comment')
    expect(reactionsOn(asked.id)).toEqual([`+1 by ${BOT}`])

    const taken = `Command from octo-maintainer (comment ${asked.id})`
    const byRecord = `Comment ${asked.id} by octo-maintainer was taken by an earlier run that saved nothing (its +1 by ${BOT})`
    const runs = [
      () => world.run(world.sandbox.pullRequestEvent('synchronize', 7)),
      () =>
        world.run(
          world.sandbox.dispatchEvent({
            workflow: 'review-loop.yml',
            ref: 'main',
            inputs: { pr: '7' },
            by: 'octo-maintainer'
          })
        ),
      () => world.comment(7, 'octo-maintainer', '/review-loop status')
    ]
    for (const run of runs) {
      const r = ok(await run())
      expect(r.outputs.status).toBe('converged')
      expect(r.stdout).toContain(byRecord)
      expect(r.stdout).not.toContain(taken)
    }
    expect(reactionsOn(asked.id)).toEqual([`+1 by ${BOT}`])
  })
})

describe('a +1 left on a command by someone else', () => {
  it("is no record: a writer's continue with another user's +1 is taken all the same", async () => {
    await converged()
    const { comment: asked, event } = world.sandbox.postComment(7, {
      login: 'octo-maintainer',
      body: '/review-loop continue'
    })
    const record = world.fake.commentList.find(c => c.id === asked.id)!
    for (const login of ['drive-by', 'other-app[bot]'])
      record.reactions.push({
        content: '+1',
        login,
        id: world.fake.newId(),
        createdAt: world.fake.now()
      })
    world.fake.requests.length = 0
    const r = ok(await world.run(event))
    // Its +1s were listed (the rollup says nothing of who), and none is the action's.
    expect(calls()).toContain('GET reactions/list-for-issue-comment')
    expect(r.stdout).toContain(`Command from octo-maintainer (comment ${asked.id})`)
    expect(reactionsOn(asked.id)).toEqual([
      '+1 by drive-by',
      '+1 by other-app[bot]',
      `+1 by ${BOT}`
    ])
  })
})

describe('the merge gate after a run stopped between its save and the status comment', () => {
  /** The author pushes; a writer's `continue` reviews the new head in a comment run, which saves and sets a new gate. */
  const pushAndContinue = () => {
    world.remote.commit('feature', { 'NOTES.md': 'more\n' })
    return world.comment(7, 'octo-maintainer', '/review-loop continue')
  }

  it.each(['before', 'after'] as const)(
    'stopped %s its commit status: the comment names an older revision, so the next run sets the gate again',
    async when => {
      await converged()
      const stopAt = (e: { operationId?: string }) => e.operationId === 'repos/create-commit-status'
      world.killAt(when === 'before' ? { before: stopAt } : { after: stopAt })
      const killed = await pushAndContinue()
      expect(killed.signal).toBe('SIGKILL')
      const head = world.remote.branchSha('feature')!
      expect(mergeGateOn(world, head)?.state).toBe(when === 'before' ? undefined : 'success')

      world.fake.requests.length = 0
      const next = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
      expect(next.outputs.status).toBe('converged')
      expect(calls()).toContain('POST repos/create-commit-status')
      expect(mergeGateOn(world, head)?.state).toBe('success')
    }
  )

  it('a gate GitHub refused leaves no proof: the next run sets it', async () => {
    await converged()
    world.fake.refuse('repos/create-commit-status', 403)
    ok(await pushAndContinue())
    world.fake.allow('repos/create-commit-status')
    const head = world.remote.branchSha('feature')!
    expect(mergeGateOn(world, head)).toBeUndefined()
    world.fake.requests.length = 0
    ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
    expect(calls()).toContain('POST repos/create-commit-status')
    expect(mergeGateOn(world, head)?.state).toBe('success')
  })

  it('a run that saves nothing leaves the gate to another run that saved a newer revision since it loaded (no concurrency group)', async () => {
    await converged()
    world.fake.refuse('repos/create-commit-status', 403)
    ok(await pushAndContinue())
    world.fake.allow('repos/create-commit-status')
    const head = world.remote.branchSha('feature')!
    const loaded = ledgerOf(world)
    // Once the next run has listed the revisions (its load), another run saves a newer one.
    let listed = 0
    world.fake.onAnswer = async entry => {
      if (entry.operationId !== 'actions/get-actions-cache-list' || listed++ > 0) return
      world.fake.onAnswer = undefined
      const newer = { ...loaded, revision: loaded.revision + 1 }
      await world.saveLedgerAs('refs/heads/main', JSON.stringify(newer), newer.revision)
    }
    world.fake.requests.length = 0
    const r = ok(await world.comment(7, 'octo-maintainer', '/review-loop continue'))
    expect(r.stdout).toMatch(/Nothing to save/)
    // The gate it would set is the older revision's: never written over the newer run's.
    expect(calls()).not.toContain('POST repos/create-commit-status')
    expect(mergeGateOn(world, head)).toBeUndefined()
    expect(r.stdout).toMatch(
      new RegExp(`another run saved ledger revision ${loaded.revision + 1} since this run loaded`)
    )
  })
})
