/** Short replies to commands: refused, not understood, answer recorded, answer not taken. */
import type { Gate } from '../loop/model.js'
import { clip, codeSpan, listWords } from './text.js'

/** The commands people can use, one per line. */
const COMMANDS = [
  `- ${codeSpan('/review-loop <question id> <answer>')}, for example ${codeSpan('/review-loop G1 defer')}: answers a question`,
  `- ${codeSpan('/review-loop stop')}: ends the loop now`,
  `- ${codeSpan('/review-loop continue')}: asks for the next round when one is owed and nothing started it`,
  `- ${codeSpan('/review-loop status')}: shows where the loop stands`
].join('\n')

/** The reply to someone without write access: nothing was done. */
export function renderUnauthorizedReply(login: string): string {
  return `@${login}, only people with write access to this repository can direct the review loop, so I did not act on your comment. Nothing has changed.`
}

/** The reply to a `/review-loop` line that is not a command, with the commands that exist. */
export function renderUnknownCommandReply(line: string): string {
  return `I did not understand ${codeSpan(clip(line.trim(), 200))}, so nothing has changed. Each command goes on its own line:\n\n${COMMANDS}`
}

/** The acknowledgement of an answer taken, with what it leads to. */
export function renderGateAnswerAck(gate: Gate, by: string, option?: string): string {
  const chosen = option ? gate.options.find(o => o.key === option) : undefined
  if (chosen) {
    return `Recorded @${by}'s answer to ${gate.id}: ${codeSpan(chosen.key)} (${chosen.label.replace(/\.+$/, '')}): ${chosen.leadsTo}`
  }
  return `Recorded @${by}'s answer to ${gate.id}, in their own words, exactly as written.`
}

/** The reply to an answer that could not be taken: an unknown question, one already settled, or not an option. */
export function renderGateAnswerRefused(
  gateId: string,
  gate: Gate | undefined,
  words: string
): string {
  if (!gate) return `There is no question ${gateId} on this pull request, so nothing has changed.`
  if (gate.status === 'answered') {
    return `${gate.id} already has an answer${gate.answer ? ` from @${gate.answer.by}` : ''}, so this one was not taken. Nothing has changed.`
  }
  if (gate.status === 'superseded') {
    return `${gate.id} no longer applies: a later change replaced it. Nothing has changed.`
  }
  const keys = gate.options.map(o => codeSpan(o.key))
  const given = words.trim() === '' ? 'An empty answer' : codeSpan(clip(words.trim(), 200))
  return `${given} is not one of the options for ${gate.id}, so nothing has changed. Answer with ${codeSpan(`/review-loop ${gate.id} <option>`)}, where the option is ${listWords(keys, 'or')}.`
}
