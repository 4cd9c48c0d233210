/** Where the ledger lives between runs. Stores move text; parsing and validation happen in codec.ts. */
import type { ListedRevision } from './revisions.js'

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
  load(wantRevision?: number, digest?: string): Promise<StoredLedger | undefined>
  /** Saves a ledger whose revision is `revision`; throws when the save did not happen. Returns the key it wrote. */
  save(text: string, revision: number): Promise<string | void>
  /**
   * Every saved revision in every scope, when the store can list them (the cache, through the REST API); an error
   * says why the list could not be had. A store without it holds one current copy.
   */
  index?(): Promise<ListedRevision[] | { error: string }>
  /** Removes a save that lost (a key this run wrote), so no later run can take it for the truth. */
  discard?(key: string): Promise<void>
}
