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
