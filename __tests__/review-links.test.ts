/** The conversation tab's links to the diff (issue 17, item 5): the status comment's paragraph and the summary's line. */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aLedger, aRound } from '../__fixtures__/ledgers.js'
import type { Round } from '../src/loop/model.js'
import { renderOnDiffParagraph, renderReviewLine } from '../src/report/review-links.js'

const URL = 'https://github.com/octo/widgets/pull/7#pullrequestreview-11'
const thread = (comment: number) => ({
  comment,
  path: 'src/a.ts',
  line: 42,
  url: `https://github.com/octo/widgets/pull/7#discussion_r${comment}`,
  resolved: false
})

describe('renderOnDiffParagraph', () => {
  const findings = [
    aFinding({ id: 'F1', thread: thread(21) }),
    aFinding({ id: 'F2', line: 3 }),
    aFinding({ id: 'F3', line: 44 })
  ]

  it.each<[string, Round['onDiff'], RegExp[], RegExp[]]>([
    ['nothing when the round has no review on record', undefined, [/^$/], []],
    [
      'the review, each thread, what is listed and what is off the diff',
      { review: 11, url: URL, outside: ['F2'], listed: ['F3'] },
      [
        /\*\*On the diff\*\*: \[round 1's review\]\(https:\/\/github\.com\/octo\/widgets\/pull\/7#pullrequestreview-11\): \[F1\]\(\S+#discussion_r21\) `src\/a\.ts:42`\./,
        /Listed in the review's body, past the bound on its comments: F3 `src\/a\.ts:44`\./,
        /Not on the diff \(their lines are not in this pull request's diff, so they are followed here only\): F2 `src\/a\.ts:3`\./
      ],
      []
    ],
    [
      "a round that posted nothing new: its findings' earlier threads",
      { outside: [], listed: [] },
      [/\*\*On the diff\*\*, in earlier rounds' threads: \[F1\]\(\S+#discussion_r21\)/],
      [/review\]/]
    ],
    [
      'a review GitHub refused: said so, relayed inert',
      { outside: ['F2'], listed: [], failed: 'Reviewing #7 failed (HTTP 403): ping @octo' },
      [
        /round 1's findings could not be posted on the diff \(Reviewing #7 failed \(HTTP 403\): ping @\u200Bocto\); this comment carries them\./,
        /Not on the diff/
      ],
      [/\[F1\]/]
    ]
  ])('%s', (_, onDiff, present, absent) => {
    const round = aRound({ findings: ['F1', 'F2', 'F3'], ...(onDiff ? { onDiff } : {}) })
    const text = renderOnDiffParagraph(aLedger({ rounds: [round], findings }), round)
    for (const p of present) expect(text).toMatch(p)
    for (const a of absent) expect(text).not.toMatch(a)
  })
})

describe('renderReviewLine', () => {
  it("links the round's review, or says nothing without one", () => {
    expect(renderReviewLine(aRound({ onDiff: { url: URL, outside: [], listed: [] } }))).toBe(
      `**On the diff**: [round 1's review](${URL}) (the Files changed tab shows each finding on its line).`
    )
    expect(renderReviewLine(aRound())).toBe('')
  })
})
