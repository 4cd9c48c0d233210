/** The executor of the `labels` effect: makes the PR's labels say where the loop stands (src/loop/machine/lifecycle.ts). */
import * as core from '@actions/core'
import { Labels } from '../action/constants.js'
import type { Effect } from '../loop/machine/effects.js'
import type { Run } from './context.js'

/** Adds or removes each of the loop's labels as the effect says; a label already right is left alone. */
export async function setLabels(
  run: Run,
  effect: Extract<Effect, { kind: 'labels' }>
): Promise<void> {
  const want = new Map([
    [Labels.AwaitingDecision, effect.awaitingDecision],
    [Labels.Converged, effect.converged]
  ])
  const add = [...want]
    .filter(([name, on]) => on && !run.pr.labels.includes(name))
    .map(([name]) => name)
  if (add.length > 0) await run.world.github.addLabels(run.pr.number, add)
  for (const [name, on] of want) {
    if (!on && run.pr.labels.includes(name)) await run.world.github.removeLabel(run.pr.number, name)
  }
  core.info(`Labels: ${[...want].map(([n, on]) => `${n}=${on}`).join(', ')}`)
}
