/**
 * Phase 2 with a driver: the driver's reading of each finding, taken only where the code bears it out. A drop must rest
 * on code quoted from the head, and every quote is checked against the head; provenance follows the seed's two
 * readings, whatever type the driver named; the source's severity is a claim the loop re-grades, and a raise to
 * critical or high passes seed 000's validity gate on the driver's own quoted code.
 */
import type { Citation, VerifyAnswerItem, VerifyItem } from './driver-wire.js'
import type { Provenance, Severity } from './model.js'

/** What verification concluded for one finding. */
export type Verification =
  | { kind: 'dropped'; basis: string }
  | {
      kind: 'kept'
      /** The driver's reading: the claim holds (true), it does not but nothing showed it (false), no reading (absent). */
      holds?: boolean
      provenance?: Provenance
      provenanceBasis?: string
      regraded?: { from: Severity; to: Severity; basis: string }
      sameAs?: { id: string; basis: string }
      diagnosisHolds?: boolean
      question?: string
      /** Where the loop set part of the driver's reading aside, and why. */
      notes: string[]
    }

/** What the checks read: the head's lines, and which earlier findings exist. */
export interface VerificationContext {
  /** The text of `line` (1-based) of `file` at the head; undefined when there is no such line. */
  lineAt(file: string, line: number): string | undefined
  priorIds: ReadonlySet<string>
  headSha: string
}

const MIN_PARTIAL_QUOTE = 12

/** A line that carries no code: blank, a comment, or only brackets and punctuation. Such a line proves nothing. */
function proves(text: string): boolean {
  const t = text.trim()
  if (t === '' || /^[{}()[\];,]+$/.test(t)) return false
  return !/^(\/\/|#|\/\*|\*|--|<!--|"{3}|'{3})/.test(t)
}

/** Whether a citation quotes the head: the whole line (blanks aside), or a distinctive part of it. */
function quotesHead(c: Citation, ctx: VerificationContext): boolean {
  const actual = ctx.lineAt(c.file, c.line)
  if (actual === undefined) return false
  const quoted = c.text.trim()
  if (quoted === '') return false
  return actual.trim() === quoted || (quoted.length >= MIN_PARTIAL_QUOTE && actual.includes(quoted))
}

function quote(c: Citation): string {
  return `${c.file}:${c.line} "${c.text.trim()}"`
}

/** The driver's reading of one finding, checked. A finding the driver said nothing about is kept as it is. */
export function acceptVerification(
  item: VerifyItem,
  answer: VerifyAnswerItem | undefined,
  ctx: VerificationContext
): Verification {
  if (!answer) return { kind: 'kept', notes: ['the driver gave no reading of this finding'] }
  const notes: string[] = []
  if (!answer.holds) {
    if (answer.cited.length === 0) {
      notes.push(
        `a drop was refused: the driver said the claim does not hold ("${answer.basis}") but quoted no code at the head`
      )
    } else {
      const wrong = answer.cited.filter(c => !quotesHead(c, ctx))
      if (wrong.length === 0 && !answer.cited.some(c => proves(ctx.lineAt(c.file, c.line) ?? ''))) {
        notes.push(
          'a drop was refused: the code it quotes is only comments, blank lines or brackets, which show nothing about what the code does'
        )
      } else if (wrong.length === 0) {
        const at = ctx.headSha.slice(0, 7)
        return {
          kind: 'dropped',
          basis: `${answer.basis} (at ${at}: ${answer.cited.map(quote).join('; ')})`
        }
      }
      notes.push(
        `a drop was refused: its basis quotes ${wrong.map(quote).join('; ')}, which the head does not have`
      )
    }
  }
  const kept: Extract<Verification, { kind: 'kept' }> = { kind: 'kept', holds: answer.holds, notes }
  if (answer.holds && answer.provenance) {
    const typed = typeOf(item, answer.provenance)
    kept.provenance = typed.type
    kept.provenanceBasis = typed.basis
    if (typed.note) notes.push(typed.note)
  }
  if (answer.severity !== item.severity) {
    const valid = upgradeEvidence(item, answer, ctx)
    if (valid.ok) {
      kept.regraded = { from: item.severity, to: answer.severity, basis: valid.basis }
    } else {
      notes.push(
        `the re-grade to ${answer.severity} was not taken (it stays ${item.severity}): ${valid.why}`
      )
    }
  }
  if (answer.same_as !== null) {
    if (ctx.priorIds.has(answer.same_as)) {
      kept.sameAs = { id: answer.same_as, basis: answer.identity_basis }
    } else {
      notes.push(`the driver matched it to ${answer.same_as}, which is no earlier finding`)
    }
  }
  if (answer.diagnosis_holds !== undefined) kept.diagnosisHolds = answer.diagnosis_holds
  if (answer.question && answer.question.trim() !== '') kept.question = answer.question.trim()
  return kept
}

/** Whether Phase 2 confirmed a finding: only a verify reading that ran and found the claim holds does. */
export type Confirmation = { confirmed: true } | { confirmed: false; why: string }

/**
 * What the driver's verification established about a finding it kept, for classification: Mechanical needs the claim
 * confirmed (seed 004, Phase 3: "verification confirmed it as a correctness bug"). A finding whose reading did not run
 * (`failed` names why), that the driver left unread, or that it judged not to hold without showing it in the code (the
 * drop was refused) is not confirmed, so a person decides.
 */
export function confirmationOf(v: Verification | undefined, failed?: string): Confirmation {
  if (v?.kind === 'kept' && v.holds === true) return { confirmed: true }
  if (v?.kind === 'kept' && v.holds === false)
    return {
      confirmed: false,
      why: 'the driver judged that the claim did not hold but could not show it in the code, so whether it holds and what to do is for a person'
    }
  if (v?.kind === 'kept')
    return {
      confirmed: false,
      why: 'the driver gave no reading of the claim, so nothing confirmed it holds'
    }
  return {
    confirmed: false,
    why: `the driver's check of the claim did not run${failed ? ` (${failed})` : ''}, so nothing confirmed it holds`
  }
}

const GRAVE: ReadonlySet<Severity> = new Set(['critical', 'high'])

/**
 * Seed 000's validity gate for a grade the loop raises to critical or high: the source's evidence was checked for the
 * grade it gave, so the driver's own cited code (each quote checked against the head) is the evidence, and its
 * severity basis the expectation that code breaks. Without both, the re-grade is not taken.
 */
function upgradeEvidence(
  item: VerifyItem,
  answer: VerifyAnswerItem,
  ctx: VerificationContext
): { ok: true; basis: string } | { ok: false; why: string } {
  const basis = answer.severity_basis.trim()
  if (!GRAVE.has(answer.severity) || GRAVE.has(item.severity)) return { ok: true, basis }
  const gate = `a ${answer.severity} finding needs quoted code and the expectation it breaks (seed 000's validity gate)`
  if (answer.cited.length === 0) return { ok: false, why: `${gate}, and the driver cited no code` }
  const wrong = answer.cited.filter(c => !quotesHead(c, ctx))
  if (wrong.length > 0) {
    return {
      ok: false,
      why: `${gate}, and its quote of ${wrong.map(quote).join('; ')} is not what the head has`
    }
  }
  if (!answer.cited.some(c => proves(ctx.lineAt(c.file, c.line) ?? ''))) {
    return {
      ok: false,
      why: `${gate}, and the code it quotes is only comments, blank lines or brackets`
    }
  }
  if (basis === '') return { ok: false, why: `${gate}, and the driver gave no expectation` }
  return {
    ok: true,
    basis: `${basis} (evidence at ${ctx.headSha.slice(0, 7)}: ${answer.cited.map(quote).join('; ')})`
  }
}

/**
 * The seed's two readings. First: does the issue hold at the base? Then it is pre-existing (a file the change created
 * had no base, so it cannot). Otherwise introduced, unless the finding's own evidence shows an independent
 * contributor, which makes it indeterminate. The driver's label is kept only where the readings bear it out.
 */
function typeOf(
  item: VerifyItem,
  reading: NonNullable<VerifyAnswerItem['provenance']>
): { type: Provenance; basis: string; note?: string } {
  // Only a file the change created had no base; one read elsewhere (renamed, copied) or unreadable did.
  const created = item.change?.created === true
  const atBase = reading.holds_at_base && !created
  const contributor = reading.contributor?.trim() ?? ''
  let type: Provenance
  let basis: string
  if (atBase) {
    type = 'pre-existing'
    basis = `it holds at the base already: ${reading.basis}`
  } else if (reading.type === 'indeterminate' && contributor !== '') {
    type = 'indeterminate'
    basis = `it needs an independent condition the change did not supply: ${contributor}`
  } else {
    type = 'introduced'
    basis = created
      ? `the change created ${item.file}, so the issue was nowhere at the base`
      : `it does not hold at the base: ${reading.basis}`
  }
  if (type === reading.type) return { type, basis }
  // The reason follows the readings in their order: the base first, then the contributor.
  const why =
    reading.type === 'pre-existing' && created
      ? 'the file did not exist at the base'
      : atBase
        ? 'the driver found the issue at the base'
        : reading.type === 'indeterminate'
          ? 'no independent condition was named'
          : 'the driver found the issue absent at the base'
  return { type, basis, note: `typed ${type}, not ${reading.type} as the driver said: ${why}` }
}
