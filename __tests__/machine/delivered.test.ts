/**
 * What the token cannot push, delivered another way (src/loop/machine/delivered.ts): which fixes are held back, a
 * fork's fixes suggested where GitHub took them, a workflow file's fix carried with its patch on the trace.
 */
import { describe, expect, it } from '@jest/globals'
import { aFinding, aLedger, aRound } from '../../__fixtures__/ledgers.js'
import {
  carryPatches,
  isWorkflowFile,
  suggested,
  unpushable
} from '../../src/loop/machine/delivered.js'
import type { Ledger } from '../../src/loop/model.js'
import { pure } from './pure.js'

const CI = '.github/workflows/ci.yml'
const REVIEW = 'https://github.com/octo/widgets/pull/7#pullrequestreview-11'

/** Round 1 applying F1..F3, each on the Relay. */
function applying(over: Partial<Ledger> = {}): Ledger {
  const ids = ['F1', 'F2', 'F3']
  return aLedger({
    counters: { round: 1, finding: 3, gate: 0 },
    rounds: [
      aRound({
        phase: 'applying',
        findings: ids,
        entries: ids.map(id => ({ finding: id, slot: 'relay', outcome: { kind: 'pending' } }))
      })
    ],
    findings: ids.map(id => aFinding({ id })),
    ...over
  })
}

describe('what this run may not push (unpushable)', () => {
  const edits = [
    { finding: 'F1', file: CI },
    { finding: 'F2', file: 'src/a.ts' },
    { finding: 'F3', file: 'src/b.ts' },
    { finding: 'F3', file: '.github/workflows/release.yml' }
  ]
  it.each<[string, boolean, string[]]>([
    ["a fork's branch: every fix", true, ['F1', 'F2', 'F3']],
    ['a workflow file: its fix, whole (every site of it)', false, ['F1', 'F3']]
  ])('%s', (_name, fork, held) => {
    expect([...unpushable(edits, fork)]).toEqual(held)
  })
  it.each<[string, boolean]>([
    [CI, true],
    ['.github/workflows/sub/x.yml', true],
    ['.github/dependabot.yml', false],
    ['src/.github/workflows/ci.yml', false]
  ])('%s is a workflow file: %s', (file, is) => {
    expect(isWorkflowFile(file)).toBe(is)
  })
})

describe('a suggestion GitHub took (suggested)', () => {
  it('makes its findings suggested at the URL GitHub answered with, and no other', () => {
    const next = pure(applying(), l => suggested(l, { findings: ['F1', 'F3'], where: REVIEW }))
    expect(next.ledger.findings.map(f => f.outcome)).toEqual([
      { kind: 'suggested', where: REVIEW },
      { kind: 'pending' },
      { kind: 'suggested', where: REVIEW }
    ])
    expect(next.effects).toEqual([])
  })
})

describe("a workflow file's fix handed over (carryPatches)", () => {
  const patch = `--- a/${CI}\n+++ b/${CI}\n@@ -1 +1 @@\n-a\n+b\n`
  it('carries the finding, naming the workflow files, and puts its patch on its entry', () => {
    const next = pure(applying(), l =>
      carryPatches(l, 1, [{ finding: 'F1', files: [CI, 'src/a.ts', CI], patch }])
    )
    const f1 = next.ledger.findings[0]!
    expect(f1.outcome).toEqual({
      kind: 'carried',
      reason:
        "not pushed: .github/workflows/ci.yml is a workflow file, which the workflow's token may not push (GITHUB_TOKEN cannot have the `workflows` permission); the patch is on round 1's trace for a person to apply"
    })
    expect(next.ledger.rounds[0]!.entries[0]).toEqual({
      finding: 'F1',
      slot: 'relay',
      outcome: { kind: 'pending' },
      patch
    })
    expect(next.ledger.findings[1]!.outcome).toEqual({ kind: 'pending' })
  })
  it('names several workflow files as such, and adds a Gated entry for a finding without one', () => {
    const ledger = applying()
    ledger.rounds[0]!.entries = []
    const files = [CI, '.github/workflows/release.yml']
    const next = pure(ledger, l => carryPatches(l, 1, [{ finding: 'F2', files, patch }]))
    const f2 = next.ledger.findings[1]!
    expect(f2.outcome.kind === 'carried' && f2.outcome.reason).toMatch(
      /^not pushed: \.github\/workflows\/ci\.yml, \.github\/workflows\/release\.yml are workflow files,/
    )
    expect(next.ledger.rounds[0]!.entries).toEqual([
      { finding: 'F2', slot: 'gated', outcome: f2.outcome, patch }
    ])
  })
})
