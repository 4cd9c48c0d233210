/** The rules over a PR's saved revisions (docs/persistence.md): where a round is done, and which revisions are believed. */
import { describe, expect, it } from '@jest/globals'
import {
  handOffAfterReview,
  roundScope,
  trustedRevisions,
  vouches,
  type ListedRevision,
  type RoundScopeInput
} from '../src/ledger/revisions.js'

const LIMIT = 40_000
const input = (over: Partial<RoundScopeInput>): RoundScopeInput => ({
  pullRequestRun: true,
  dispatchable: true,
  carriedSize: 1_000,
  carryLimit: LIMIT,
  readableFromDefault: true,
  ...over
})

describe('roundScope (before the round) and handOffAfterReview (once its result is known)', () => {
  it.each<[string, Partial<RoundScopeInput>, string, string]>([
    ['a small ledger', {}, 'here', 'here'],
    ['a comment or dispatch run', { pullRequestRun: false, carriedSize: 50_000 }, 'here', 'here'],
    ['nothing to dispatch to', { dispatchable: false, carriedSize: 50_000 }, 'here', 'here'],
    ['past half, still fitting', { carriedSize: 30_000 }, 'default-branch', 'here'],
    ['past what the comment carries', { carriedSize: 50_000 }, 'default-branch', 'default-branch'],
    [
      'a round result near the limit (no room for its end)',
      { carriedSize: 37_000 },
      'default-branch',
      'default-branch'
    ],
    [
      'past it, but a default-branch run could not read the loaded revision',
      { carriedSize: 50_000, readableFromDefault: false },
      'here',
      'here'
    ],
    ['no ledger yet', { carriedSize: undefined }, 'here', 'here']
  ])('%s', (_, over, before, after) => {
    expect(roundScope(input(over))).toBe(before)
    expect(handOffAfterReview(input(over))).toBe(after)
  })
})

describe('trustedRevisions: which listed revisions a run may believe', () => {
  const entry = (revision: number, ref: string, id: number): ListedRevision => ({
    revision,
    key: `k-rev${revision}-${ref}`,
    ref,
    id
  })
  const listed = [
    entry(3, 'refs/heads/main', 1),
    entry(99, 'refs/pull/8/merge', 2),
    entry(4, 'refs/heads/feature', 3),
    entry(5, 'refs/pull/7/merge', 4)
  ]

  it("a pull request from a branch of the repository: its own merge ref and every branch's scope, never another pull request's merge ref (a fork's workflow writes it)", () => {
    expect(trustedRevisions(listed, { number: 7, fork: false, defaultBranch: 'main' })).toEqual({
      trusted: [listed[0], listed[2], listed[3]],
      ignored: [listed[1]]
    })
  })

  it("a fork's pull request: only the default branch's scope, the merge ref's (which the fork's workflow writes) ignored", () => {
    expect(trustedRevisions(listed, { number: 8, fork: true, defaultBranch: 'main' })).toEqual({
      trusted: [listed[0]],
      ignored: [listed[1], listed[2], listed[3]]
    })
  })
})

describe('vouches: whether a saved revision vouches for a status comment block', () => {
  const sha = 'ab'.repeat(32)
  const key = (revision: number, id: number, digest?: string): ListedRevision => ({
    revision,
    ...(digest ? { digest } : {}),
    key: `k${id}`,
    ref: 'refs/heads/main',
    id
  })
  it.each<[string, ListedRevision[], boolean]>([
    ['the first save of the revision has its digest', [key(4, 1, sha.slice(0, 16))], true],
    ['another digest', [key(4, 1, 'f'.repeat(16))], false],
    ['another revision', [key(3, 1, sha.slice(0, 16))], false],
    ['a key written before keys named a digest vouches for nothing', [key(4, 1)], false],
    [
      'only a later, losing save of the revision has it',
      [key(4, 1, 'f'.repeat(16)), key(4, 2, sha.slice(0, 16))],
      false
    ]
  ])('%s', (_, listed, expected) => {
    expect(vouches(listed, { revision: 4, sha256: sha })).toBe(expected)
  })
})
