/**
 * A transition's result: the next ledger, the effects to carry out in order, and what the run says about it. Every
 * transition in src/loop/machine/ is pure: it copies the ledger it is given, changes the copy, and returns it with the
 * effects; the caller (src/run/perform.ts) takes the copy as the run's ledger and carries the effects out.
 */
import type { Ledger, Status } from '../model.js'
import type { Effect } from './effects.js'

/** What the run tells people after a transition: its status, its message, whether to ask for the next round. */
export interface Said {
  status?: Status
  /** Replaces the run's message. */
  message?: string
  /** Appended to the run's message (a sentence after what it already says). */
  addMessage?: string
  requestNextRound?: boolean
}

export interface Next<T = void> {
  ledger: Ledger
  effects: Effect[]
  said: Said
  /** What the transition answers besides the ledger (whether it acted, what the run may do next). */
  value: T
}

/** Where a transition being written puts its effects and words. */
export interface Out {
  effects: Effect[]
  said: Said
}

/** Runs `change` on a copy of `ledger` and returns the copy with the effects and words `change` gave. */
export function evolve<T>(ledger: Ledger, change: (draft: Ledger, out: Out) => T): Next<T> {
  const draft = structuredClone(ledger)
  const out: Out = { effects: [], said: {} }
  const value = change(draft, out)
  return { ledger: draft, effects: out.effects, said: out.said, value }
}

/** Adds a sentence to what the transition says, after what it said already. */
export function addSaid(out: Out, sentence: string): void {
  out.said.addMessage = out.said.addMessage ? `${out.said.addMessage} ${sentence}` : sentence
}

/** The next finding or gate ID: counters only grow, so an ID is never reused. */
export function nextId(draft: Ledger, kind: 'finding' | 'gate'): string {
  draft.counters[kind] += 1
  return `${kind === 'finding' ? 'F' : 'G'}${draft.counters[kind]}`
}

/** What a run says so far: its status, its message, whether it asks for the next round. */
export interface Words {
  status?: Status
  message?: string
  requestNextRound: boolean
}

/** What the run says after `said`: a status or a message replaces what it said, a sentence is added after it. */
export function hear(words: Words, said: Said): Words {
  const message =
    said.addMessage === undefined
      ? (said.message ?? words.message)
      : [said.message ?? words.message, said.addMessage].filter(Boolean).join(' ')
  return {
    status: said.status ?? words.status,
    ...(message !== undefined ? { message } : {}),
    requestNextRound: said.requestNextRound ?? words.requestNextRound
  }
}
