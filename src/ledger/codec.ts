/** Reads and writes the ledger document: JSON checked against the versioned schema. */
import { createHash } from 'node:crypto'
import { gunzipSync, gzipSync } from 'node:zlib'
import { LEDGER_SCHEMA, Ledger } from '../loop/model.js'
import { errorMessage } from '../shared/errors.js'

/** The ledger could not be read: the message says where it came from, what is wrong and what to do. */
export class LedgerError extends Error {
  override name = 'LedgerError'
}

/** Parses and validates a ledger; never returns a partly valid one. */
export function parseLedger(text: string, origin: string, pr: number): Ledger {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new LedgerError(
      `The ledger from ${origin} is not JSON (${errorMessage(error)}). Nothing was changed; restore a good copy or remove it to start this PR's loop afresh.`
    )
  }
  const schema = (json as { schema?: unknown } | null)?.schema
  if (typeof schema === 'number' && schema > LEDGER_SCHEMA) {
    throw new LedgerError(
      `The ledger from ${origin} has schema version ${schema}, newer than this action understands (${LEDGER_SCHEMA}). Use the review-loop version that wrote it or a newer one.`
    )
  }
  const parsed = Ledger.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map(i => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ')
    throw new LedgerError(
      `The ledger from ${origin} does not match schema version ${LEDGER_SCHEMA}: ${problems}. Nothing was changed; restore a good copy or remove it to start this PR's loop afresh.`
    )
  }
  if (parsed.data.pr !== pr) {
    throw new LedgerError(
      `The ledger from ${origin} belongs to PR #${parsed.data.pr}, not #${pr}. Nothing was changed.`
    )
  }
  return parsed.data
}

/** The ledger as stored. */
export function serializeLedger(ledger: Ledger): string {
  return JSON.stringify(ledger)
}

/** A SHA-256 hex digest. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Base64 text beyond this stays out of the status comment (its body is capped at 65,536 characters). */
export const MAX_CARRIED_COPY = 40_000

/** The block is always the very end of the status comment; anything earlier in a body is never read as state. */
const BLOCK = /<!-- review-loop:state (\{[^<>]*\}) -->\s*$/

/**
 * Breaks HTML comment markers in text the action relays (finding descriptions, fixes, answers, what a source
 * returned), so no relayed text can smuggle a state block or hide text in a comment the action posts.
 */
export function neutraliseMarkers(text: string): string {
  return text.replace(/<!--/g, '<!\u200b--').replace(/-->/g, '-\u200b->')
}

/** What the status comment carries: the state's revision and digest, and a compressed copy when it fits. */
export interface CarriedState {
  revision: number
  sha256: string
  gz?: string
}

/** Base64 characters the compressed copy of a ledger text takes in the status comment's block. */
export function carriedSize(ledgerText: string): number {
  return gzipSync(Buffer.from(ledgerText, 'utf8'), { level: 9 }).toString('base64').length
}

/** The hidden block appended to the status comment. */
export function stateBlock(ledgerText: string, revision: number): string {
  const gz = gzipSync(Buffer.from(ledgerText, 'utf8'), { level: 9 }).toString('base64')
  const carried: CarriedState = { revision, sha256: digest(ledgerText) }
  if (gz.length <= MAX_CARRIED_COPY) carried.gz = gz
  return `<!-- review-loop:state ${JSON.stringify(carried)} -->`
}

/** Reads the block from a status comment body (only ever from the action's own comment). */
export function readStateBlock(body: string): CarriedState | undefined {
  const m = BLOCK.exec(body)
  if (!m) return undefined
  try {
    const v = JSON.parse(m[1]!) as CarriedState
    if (typeof v.revision !== 'number' || typeof v.sha256 !== 'string') return undefined
    return v
  } catch {
    return undefined
  }
}

/** Unpacks the carried copy, checked against its digest; undefined when there is none or it does not match. */
export function carriedText(state: CarriedState): string | undefined {
  if (!state.gz) return undefined
  try {
    const text = gunzipSync(Buffer.from(state.gz, 'base64')).toString('utf8')
    return digest(text) === state.sha256 ? text : undefined
  } catch {
    return undefined
  }
}
