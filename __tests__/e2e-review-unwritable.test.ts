/**
 * A fix the loop would never write is never offered on the diff as a suggestion to commit (issue 17, item 2): one over
 * the hard bound (whose comment GitHub would refuse, losing the round's whole review) or holding a control character
 * that makes code read otherwise than it runs (Trojan Source). Its finding sits on its line, the others beside it.
 */
import { beforeEach, describe, expect, it } from '@jest/globals'
import type { LoopWorld } from '../__fixtures__/loop-world.js'
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

/** On the line the PR added (src/config.js:4), a fix of 70,000 characters: a person's call, never written. */
const HUGE = {
  severity: 'low',
  file: 'src/config.js',
  line: 4,
  description: 'The user agent should carry the version.',
  fix: {
    start_line: 4,
    end_line: 4,
    replacement: `export const USER_AGENT = '${'v'.repeat(70_000)}'`
  }
}

/** On a context line (src/config.js:2), a fix holding a right-to-left override. */
const BIDI = {
  severity: 'medium',
  file: 'src/config.js',
  line: 2,
  description: 'A timeout of 0 disables the request timeout.',
  fix: {
    start_line: 2,
    end_line: 2,
    replacement: 'export const TIMEOUT_MS = 10_000 // \u202E0 \u2066'
  }
}

/** On the line the PR added (src/client.js:8). */
const LOOSE = {
  severity: 'medium',
  file: 'src/client.js',
  line: 8,
  description: 'Loose equality `==` coerces its operands; use `===`.'
}

describe('a fix the loop would never write', () => {
  it('is not offered as a suggestion: its finding sits on its line and the round keeps its review', async () => {
    const source = scriptedSource([review([HUGE, BIDI, LOOSE])])
    ok(await world.run(world.sandbox.pullRequestEvent('opened', 7), { command: source.command }))
    const round = ledgerOf(world).rounds[0]!
    expect(round.onDiff?.failed).toBeUndefined()
    const posted = world.fake.reviews.filter(
      r => r.pull === 7 && r.author.login === BOT && r.body !== ''
    )
    expect(posted).toHaveLength(1)
    const comments = posted[0]!.comments
    expect(comments.map(c => `${c.path}:${c.line}`).sort()).toEqual([
      'src/client.js:8',
      'src/config.js:2',
      'src/config.js:4'
    ])
    for (const c of comments) expect(c.body).not.toContain('```suggestion')
    expect(comments.map(c => c.body).join('\n')).not.toMatch(/[\u202E\u2066]/)
  })
})
