/**
 * A forged revision in another pull request's cache scope (issue 14 review, item 3): the cache list shows every
 * scope's keys, and a fork's pull_request run, executing the fork's own workflow, can save any key in its own merge
 * ref, the key of another pull request's ledger included. A pull request from a branch of the repository believes only
 * its own merge ref and the branches' scopes, so such an entry neither stops its loop nor is loaded.
 */
import { describe, expect, it } from '@jest/globals'
import { ledgerOf, ok, useSampleWorld } from '../__fixtures__/e2e.js'

const sample = useSampleWorld()

describe("a forged revision in another pull request's merge ref", () => {
  it('is not believed by a pull request from a branch of the repository: the answer run loads the revision the action saved and takes the answer', async () => {
    const world = sample()
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7)))
    const saved = ledgerOf(world)
    expect(saved.gates.find(g => g.id === 'G1')).toMatchObject({ status: 'open' })
    // What a fork's pull request #8 can do from its own workflow: save a key of #7's ledger in refs/pull/8/merge.
    const forged = structuredClone(saved)
    forged.revision = 99
    for (const gate of forged.gates) gate.status = 'answered'
    await world.saveLedgerAs('refs/pull/8/merge', JSON.stringify(forged), 99)

    const r = await world.comment(7, 'octo-maintainer', '/review-loop G1 defer')
    expect(r.stdout).toMatch(/rev00000099.* is not believed: that scope is another pull request's/)
    ok(r)
    expect(r.stdout).toMatch(new RegExp(`Ledger revision ${saved.revision} loaded from`))
    const after = ledgerOf(world)
    expect(after.revision).toBeGreaterThan(saved.revision)
    expect(after.revision).toBeLessThan(99)
    expect(after.gates.find(g => g.id === 'G1')!.answer).toMatchObject({ by: 'octo-maintainer' })
  })
})
