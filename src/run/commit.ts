/**
 * Taking a transition's result as the run's (src/loop/machine/): the next ledger becomes the run's ledger, and what the
 * transition says becomes the run's words. `perform` (src/run/perform.ts) also carries out its effects.
 */
import type { Ledger } from '../loop/model.js'
import { hear, type Next, type Said } from '../loop/machine/next.js'
import type { Run } from './context.js'

/** `perform` for a transition that asks for no effect (the free exit, convergence): taken at once. */
export function commit<T>(run: Run, next: Next<T>): T {
  if (next.effects.length > 0)
    throw new Error(
      `commit: the transition asks for ${next.effects.map(e => e.kind).join(', ')}; use perform`
    )
  adopt(run.ledger, next.ledger)
  tell(run, next.said)
  return next.value
}

/** The run's words become what the machine says they are after `said` (`hear`). */
export function tell(run: Run, said: Said): void {
  const { status, message, requestNextRound } = hear(run, said)
  Object.assign(run, { status, message, requestNextRound })
}

type Tree = Record<string, unknown> | unknown[]

const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null

/**
 * Makes the run's ledger equal to `next` while keeping the identity of every round, gate, finding and invocation the
 * run's code already holds: a transition returns a copy, but the steps not yet written as transitions hold objects of
 * the ledger across it. Each object of `next` is written into the live object in its place; an object `next` shares
 * between two places stays shared, and a live object already written from one object of `next` is replaced, not
 * overwritten, where `next` has another (so two places the transition told apart stay apart).
 */
export function adopt(live: Ledger, next: Ledger): void {
  const written = new Map<object, object>()
  const claimed = new Set<object>()
  const into = (target: Tree, source: Tree): void => {
    written.set(source, target)
    claimed.add(target)
    if (Array.isArray(target) && Array.isArray(source)) {
      target.length = source.length
      for (let i = 0; i < source.length; i++) target[i] = value(target[i], source[i])
      return
    }
    const t = target as Record<string, unknown>
    const s = source as Record<string, unknown>
    for (const key of Object.keys(t)) if (!(key in s)) delete t[key]
    for (const key of Object.keys(s)) t[key] = value(t[key], s[key])
  }
  const value = (current: unknown, incoming: unknown): unknown => {
    if (!isTree(incoming)) return incoming
    const done = written.get(incoming)
    if (done) return done
    if (
      isTree(current) &&
      !claimed.has(current) &&
      Array.isArray(current) === Array.isArray(incoming)
    ) {
      into(current, incoming)
      return current
    }
    written.set(incoming, incoming)
    return incoming
  }
  into(live as unknown as Tree, next as unknown as Tree)
}
