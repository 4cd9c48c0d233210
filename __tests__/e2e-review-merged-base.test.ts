/**
 * The round's review placed by the diff GitHub shows (issue 17, item 1): after the author merges the base branch into
 * the pull request, GitHub's diff starts at the new merge-base, so a line the merge brought in is not on the diff.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import type { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES } from '../__fixtures__/sample-repo.js'
import {
  BOT,
  ledgerOf,
  ok,
  scriptedSource,
  useSampleWorld,
  reviewAnswer
} from '../__fixtures__/e2e.js'

let world: LoopWorld
const sample = useSampleWorld()
beforeEach(() => {
  world = sample()
})

const review = reviewAnswer

/** Off the diff (src/client.js:1): a question that keeps the invocation open. */
const IMPORT = {
  severity: 'low',
  file: 'src/client.js',
  line: 1,
  description: 'The import of TIMEOUT_MS is never used in this file.'
}

/** On the line the PR added (src/config.js:4). */
const AGENT = {
  severity: 'low',
  file: 'src/config.js',
  line: 4,
  description: 'The user agent should carry the version from package.json.'
}

/** On a line the base branch added, which the author's merge brought into the branch (README.md:5). */
const README = {
  severity: 'low',
  file: 'README.md',
  line: 5,
  description: 'The usage line names no import path.'
}

/** The base branch moves on and the author merges it into the pull request's branch. */
function mergeBaseIntoBranch(): string {
  world.remote.commit('main', {
    'README.md': `${BASE_FILES['README.md']}\nUsage: see below.\n`
  })
  const remote = world.remote
  const tree = remote
    .git(['merge-tree', '--write-tree', 'main', 'feature/not-found'])
    .split('\n')[0]!
  const merge = remote
    .git([
      'commit-tree',
      tree,
      '-p',
      remote.branchSha('feature/not-found')!,
      '-p',
      remote.branchSha('main')!,
      '-m',
      "Merge branch 'main' into feature/not-found"
    ])
    .trim()
  remote.git(['update-ref', 'refs/heads/feature/not-found', merge])
  return merge
}

describe("the round's review after the author merged the base branch", () => {
  it('puts a finding on a line the merge brought in off the diff, and still posts the others on their lines', async () => {
    const source = scriptedSource([review([IMPORT]), review([AGENT, README])])
    const inputs = { command: source.command }
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), inputs))
    const merge = mergeBaseIntoBranch()
    ok(await world.run(world.sandbox.pullRequestEvent('synchronize', 7), inputs))

    const ledger = ledgerOf(world)
    const round = ledger.rounds.at(-1)!
    expect(round.head).toBe(merge)
    expect(round.onDiff?.failed).toBeUndefined()
    const readme = ledger.findings.find(f => f.file === 'README.md')!
    expect(round.onDiff?.outside).toContain(readme.id)
    const posted = world.fake.reviews.filter(
      r => r.pull === 7 && r.author.login === BOT && r.body.includes('round 2')
    )
    expect(posted).toHaveLength(1)
    expect(posted[0]!.comments.map(c => `${c.path}:${c.line}`)).toEqual(['src/config.js:4'])
  })
})
