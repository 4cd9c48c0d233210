/**
 * A person's commands as transitions (seed 004, Phase 3's gates; protocol-in-actions.md's commands): a comment taken
 * once, an answer recorded only when its gate is open, its author may answer, and its words read as one of the
 * gate's options, and a decision's admission kept with it. Who has write access is a fact the run gathers; nothing
 * here is taken from anyone else, and no answer is recorded that the person did not give.
 */
import { admitDecision, isDecisionAnswer } from '../decisions.js'
import { readAnswer } from '../gates.js'
import type { Admission, Ledger } from '../model.js'
import { judgmentOutcome } from './answers.js'
import { lastRound } from './lifecycle.js'
import { evolve, type Next } from './next.js'

/** A comment (or a reply in a finding's thread) is taken: no later run reads it as a command again. */
export function markTaken(ledger: Ledger, at: { comment: number; thread: boolean }): Next {
  return evolve(ledger, draft => {
    if (at.thread) draft.processedReplies.push(at.comment)
    else draft.processedComments.push(at.comment)
  })
}

/** A gate answer as written: who, when, in which comment, in what words. */
export interface GivenAnswer {
  gate: string
  by: string
  words: string
  commentId: number
  at: string
  /** The repository config's `answerers`, when it names them (anyone with write access otherwise). */
  answerers?: string[]
  /** Where `answerers` is set, for the reply. */
  origin?: string
}

/** What became of an answer: recorded (and whether its words are a decision to admit), or why it changes nothing. */
export type AnswerTaken =
  { taken: true; decision: boolean } | { taken: false; note: string; log?: string }

/** Whether `login` may answer gates: anyone with write access, unless `answerers` names them (case-insensitively). */
export function mayAnswer(answerers: readonly string[] | undefined, login: string): boolean {
  return !answerers || answerers.some(a => a.toLowerCase() === login.toLowerCase())
}

/**
 * Records an answer to an open gate from someone who may answer it, in words that read as one of its options (or an
 * open question's own words). Anything else changes nothing and says why.
 */
export function takeAnswer(ledger: Ledger, given: GivenAnswer): Next<AnswerTaken> {
  return evolve(ledger, (draft): AnswerTaken => {
    const gate = draft.gates.find(g => g.id === given.gate)
    if (!gate) return { taken: false, note: `There is no gate ${given.gate} on this pull request.` }
    if (gate.status !== 'open') {
      const why =
        gate.status === 'answered'
          ? `answered by @${gate.answer?.by}`
          : 'superseded by a newer review'
      return {
        taken: false,
        note: `${gate.id} is no longer open (${why}), so this answer changes nothing.`
      }
    }
    if (!mayAnswer(given.answerers, given.by)) {
      const names = (given.answerers ?? []).map(a => `\`${a}\``).join(', ')
      return {
        taken: false,
        log: `${given.by} has write access but is not among the answerers; ${gate.id} stays open`,
        note: `${gate.id} stays open: gates on this repository are answered by ${names} (\`answerers\` in ${given.origin ?? 'the repository config'}). \`/review-loop stop\`, \`continue\` and \`status\` remain open to everyone with write access.`
      }
    }
    const read = readAnswer(gate, given.words)
    if ('error' in read) return { taken: false, note: read.error }
    gate.status = 'answered'
    gate.answer = {
      by: given.by,
      words: given.words,
      option: read.option,
      commentId: given.commentId,
      at: given.at
    }
    return { taken: true, decision: isDecisionAnswer(gate, read.option) }
  })
}

/** A decision's admission, read when its answer was taken (with the driver, or by the rules), kept with the answer. */
export function admitAnswer(ledger: Ledger, gateId: string, admission: Admission): Next {
  return evolve(ledger, draft => {
    const answer = draft.gates.find(g => g.id === gateId)?.answer
    if (answer) answer.admission = admission
  })
}

/**
 * At a stop, a decision already given at a question of the open round (whose other questions kept it from being acted
 * on) is entered as the round would have entered it: it was constituted when it was written, and the handover carries
 * it. Other answers stay as given; the stop leaves their findings undecided.
 */
export function constituteAnswered(ledger: Ledger): Next {
  return evolve(ledger, draft => {
    const round = lastRound(draft)
    if (!round) return
    for (const gate of draft.gates) {
      const answer = gate.answer
      if (gate.round !== round.n || gate.status !== 'answered' || !answer) continue
      if (gate.kind !== 'judgment' && gate.kind !== 'design') continue
      if (!(answer.option === 'decide' || (answer.option === undefined && gate.open))) continue
      if (draft.decisions.some(d => d.gate === gate.id)) continue
      // Entered as given; what it revises is retired without a trace note (the round never ran on).
      const { decision } = admitDecision(draft.decisions, gate, round.n)
      for (const id of gate.findings) {
        const finding = draft.findings.find(f => f.id === id)
        if (!finding || finding.outcome.kind !== 'pending') continue
        finding.outcome = judgmentOutcome(gate, finding, decision)
        const entry = round.entries.find(e => e.finding === id)
        if (entry) entry.outcome = finding.outcome
      }
    }
  })
}
