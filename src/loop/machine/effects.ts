/**
 * What a transition of the state machine asks the world to do, in the order it must be done. The ledger a transition
 * returns already records each effect's purpose (a gate it posts is in `gates`, superseded before its comment is
 * edited); carrying an effect out, and saving ahead of it, is src/run/effects.ts's, one executor per kind.
 */
export type Effect =
  /** Post the comments of gates the ledger holds but has not shown yet: saved ahead first, then posted in the bound. */
  | { kind: 'post-gates'; gates: string[] }
  /** Edit a gate's comment to show its new state (superseded, still open at a new head): `what` names it for the log. */
  | { kind: 'reshow-gate'; gate: string; what: string }
  /** Make the PR's labels say where the loop stands: a question waits; the loop converged. */
  | { kind: 'labels'; awaitingDecision: boolean; converged: boolean }

export type EffectKind = Effect['kind']

/**
 * The round's fix commit, landed on `branch`: committed as the bot, saved ahead with its SHA (`intent.push`), then pushed
 * fast-forward only. Unlike the effects above, its result is a fact the machine reads back (`Pushed`), so the run
 * carries it out on its own (src/run/push.ts) and gives the result to the transition that decides what it means
 * (src/loop/machine/apply.ts, `afterPush`).
 */
export interface PushFixes {
  kind: 'push-fixes'
  round: number
  /** The findings the commit applies (named in the intent saved ahead). */
  findings: string[]
  branch: string
  /** The commit the fixes are written onto (the reviewed head): where a branch not there yet counts as standing. */
  onto: string
  /** Where the branch must stand for the push to go (fast-forward only); null: the branch must not exist yet. */
  expected: string | null
  message: string
  /** The files the fixes write, by path. */
  contents: Map<string, string>
}

/** What the push of `PushFixes` did: the commit is on the branch, or why it is not (`moved`: someone pushed meanwhile). */
export type Pushed =
  | { pushed: true; sha: string }
  | { pushed: false; reason: 'moved' | 'rejected'; detail: string; remoteSha?: string }
