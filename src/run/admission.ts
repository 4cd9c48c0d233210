/**
 * Where a person's decision meets the admission check (seed 004's Conveyance boundary): when an answer that is a
 * decision is taken, the driver's `admit` role reads whether it describes the project, and the pure core
 * (`admission`, src/loop/conveyance.ts) takes that reading, or decides by its rules without one. The result rides on
 * the answer, so every path that later enters the decision (src/loop/decisions.ts) uses the same reading.
 */
import * as core from '@actions/core'
import type { AdmitRequest, AdmitResponse } from '../driver/admit-role.js'
import { admission } from '../loop/conveyance.js'
import type { Admission, Gate } from '../loop/model.js'
import { relayedInline } from '../report/text.js'
import { PROTOCOL } from '../sources/types.js'
import type { Run } from './context.js'
import { called, notRun } from './judging.js'
import { activeInvocation } from './lifecycle.js'

/** Reads whether `words`, a decision given at `gate`, may travel to later reviews. */
export async function readAdmission(run: Run, gate: Gate, words: string): Promise<Admission> {
  const inv = activeInvocation(run)
  const made = inv
    ? run.world.makeDriver(inv.source.name, {
        configured: !inv.source.designation.startsWith('switched')
      })
    : undefined
  const round = run.ledger.rounds.find(r => r.n === gate.round)
  let reading: AdmitResponse | undefined
  if (made?.driver) {
    const request: AdmitRequest = {
      protocol: PROTOCOL,
      role: 'admit',
      round: gate.round,
      repository: run.env.workspace,
      words,
      question: gate.question,
      findings: gate.findings
        .map(id => run.ledger.findings.find(f => f.id === id))
        .filter(f => f !== undefined)
        .map(f => ({ id: f.id, file: f.file, line: f.line, description: f.description }))
    }
    const result = await made.driver.admit(request)
    if (round) called(round, `admit (${gate.id})`, result)
    if (result.ok) reading = result.answer
    else {
      core.warning(`The driver's admit call produced no answer: ${result.cause}`)
      const what = `reading whether ${gate.id}'s answer describes the project (${result.cause}); the loop's rules decided`
      if (round) notRun(round, what)
    }
  }
  const read = admission(words, reading)
  if (reading && read.by === 'rules' && reading.falsifier.trim() === '' && round)
    (round.notes ??= []).push(
      `the driver's reading of ${gate.id}'s answer was set aside (it named nothing that would show it wrong): the loop's rules decided`
    )
  return read
}

/**
 * What the person is told when their decision is kept but not passed on. The reason quotes the person's words or the
 * driver's basis: relayed text, made inert like any other (no mention pings, no command parses).
 */
export function refusalReply(gate: Pick<Gate, 'id'>, admitted: Admission): string {
  return `${gate.id}: your answer is taken and kept in your own words, but it will not be passed on to later reviews as a decision: ${relayedInline(admitted.why, 1_000)}. A decision reaches reviewers only as a description of the project that holds whatever this review finds (for example "we decided X because Y").`
}
