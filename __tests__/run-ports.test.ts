/**
 * The world's edges are ports (src/run/ports.ts): an executor of src/run/ runs against any forge that fits
 * `GitHubPort`, here one in memory, as it runs against GitHub's REST API in the action.
 */
import { describe, expect, it } from '@jest/globals'
import { Labels } from '../src/action/constants.js'
import { execute } from '../src/run/effects.js'
import { fakeRun, MemoryGitHub, memoryWorld, pullRequest } from './fakes/world.js'

/** A run on a pull request carrying `labels`, its forge in memory showing the same. */
function labelled(labels: string[]) {
  const github = new MemoryGitHub({ labels })
  const run = fakeRun({ pr: pullRequest({ number: 7, labels }), world: memoryWorld(github) })
  return { run, github }
}

describe('the labels executor on a forge in memory', () => {
  it('moves a pull request from awaiting a decision to converged', async () => {
    const { run, github } = labelled(['bug', Labels.AwaitingDecision])
    await execute(run, { kind: 'labels', awaitingDecision: false, converged: true })
    expect(github.labels).toEqual(['bug', Labels.Converged])
    expect(github.calls).toEqual([
      ['addLabels', 7, [Labels.Converged]],
      ['removeLabel', 7, Labels.AwaitingDecision]
    ])
  })

  it('puts both labels on a pull request that had neither', async () => {
    const { run, github } = labelled([])
    await execute(run, { kind: 'labels', awaitingDecision: true, converged: true })
    expect(github.labels).toEqual([Labels.AwaitingDecision, Labels.Converged])
    expect(github.calls).toHaveLength(1)
  })

  it('asks the forge nothing when the labels already say where the loop stands', async () => {
    const { run, github } = labelled([Labels.Converged])
    await execute(run, { kind: 'labels', awaitingDecision: false, converged: true })
    expect(github.labels).toEqual([Labels.Converged])
    expect(github.calls).toEqual([])
  })

  it("takes off only the loop's own labels", async () => {
    const { run, github } = labelled(['bug', Labels.AwaitingDecision, Labels.Converged])
    await execute(run, { kind: 'labels', awaitingDecision: false, converged: false })
    expect(github.labels).toEqual(['bug'])
  })
})
