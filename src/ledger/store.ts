/** Where the ledger lives between runs. Stores move text; parsing and validation happen in codec.ts. */

/** A ledger document as a store holds it. */
export interface StoredLedger {
  /** The ledger's JSON text. */
  text: string
  /** Where it came from, for messages ("cache key review-loop-...", "file /x/y.json"). */
  origin: string
}

/** One PR's ledger persistence. */
export interface LedgerStore {
  /** A short description for logs and messages. */
  readonly describe: string
  /**
   * Loads the newest saved ledger; `wantRevision` (from the status comment) asks for that revision first.
   * Returns undefined when nothing can be found. Never throws for "not found".
   */
  load(wantRevision?: number): Promise<StoredLedger | undefined>
  /** Saves a ledger whose revision is `revision`; throws when the save did not happen. */
  save(text: string, revision: number): Promise<void>
}
