/**
 * The driver's answers redacted as a source's are (issue 15, item 1): a driver is a model or the workflow's `command`,
 * and what it says (a verify basis, a goal finding, a question, an edit, why it failed) reaches the comments, the
 * summary and the ledger. Every string of every result passes `redactText` before the loop reads it.
 */
import { redactText } from '../sources/redact.js'
import type { Driver, DriverResult } from './types.js'

/** `value` with every string in it (at any depth) redacted; numbers, booleans and null as they were. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return redactText(value, secrets) as T
  if (Array.isArray(value)) return value.map(v => redactDeep(v, secrets) as unknown) as T
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value)) out[key] = redactDeep(v, secrets)
    return out as T
  }
  return value
}

function redacted<T>(result: DriverResult<T>, secrets: readonly string[]): DriverResult<T> {
  if (!result.ok)
    return {
      ok: false,
      cause: redactText(result.cause, secrets),
      returned: redactText(result.returned, secrets)
    }
  return {
    ok: true,
    answer: redactDeep(result.answer, secrets),
    ...(result.call !== undefined ? { call: redactText(result.call, secrets) } : {})
  }
}

/** The driver with each role's result redacted with `secrets` (and anything shaped like a secret). */
export function redactingDriver(driver: Driver, secrets: readonly string[]): Driver {
  return {
    name: driver.name,
    label: driver.label,
    verify: async request => redacted(await driver.verify(request), secrets),
    goal: async request => redacted(await driver.goal(request), secrets),
    classify: async request => redacted(await driver.classify(request), secrets),
    scan: async request => redacted(await driver.scan(request), secrets),
    write: async request => redacted(await driver.write(request), secrets),
    fit: async request => redacted(await driver.fit(request), secrets),
    admit: async request => redacted(await driver.admit(request), secrets)
  }
}
