/**
 * Rule 9: a finding that comes back. Settled policy absorbs an uninformed return (the source had not seen the
 * disposition's outcome); an informed one is diagnosed. Suppression is never a way out.
 */
import {
  SEVERITIES,
  type Decision,
  type Finding,
  type Gate,
  type Round,
  type Severity
} from './model.js'

/** The basis of a return nothing settled: classified afresh, with nothing to note. */
export const NOTHING_SETTLES = 'no earlier disposition settles it'

/** What the loop does with a returning finding. */
export type ReturnHandling =
  /** Settled policy: the earlier disposition applies again, without a gate. */
  | { kind: 'absorbed'; informed: false; basis: string; outcome: Finding['outcome']; gate?: string }
  /** The fix landed and the diagnosis still holds: re-applied, with the driver writing (no gate). */
  | { kind: 'reapply'; informed: true; basis: string }
  /**
   * Its landed fix is not in the head this round reviewed (the author pushed a history without it): not landed any
   * more, so the finding is owed a fresh fix. Never settled by the fix that is gone.
   */
  | { kind: 'refix'; informed: false; basis: string }
  /** Design-level: a conveyed decision contested, or a return after an escalated re-apply. */
  | { kind: 'design-gate'; informed: true; basis: string; history: string[] }
  /** Nothing settled applies: the finding is classified afresh. */
  | { kind: 'reclassify'; informed: boolean; basis: string }

/** What the reading needs to know about the round the finding came back in. */
export interface ReturnContext {
  round: number
  /** The head this round reviewed, for the words. */
  head?: string
  /** The decisions the round's request conveyed. */
  conveyed: readonly string[]
  /** Whether the reviewed head contains a commit (the landed fix). */
  headContains(commit: string): boolean
  /** The driver's reading: does the original diagnosis still hold? Undefined without a driver. */
  diagnosisHolds?: boolean
  decisions: readonly Decision[]
  gates: readonly Gate[]
}

/** The dispositions a stall gate's answer can give the findings it lists (`continue`, `stop` or a direction give none). */
const STALL_DISPOSITIONS: ReadonlySet<string | undefined> = new Set([
  'dismiss',
  'defer',
  'follow-up'
])

/**
 * The latest answered gate that disposed of a finding: a judgment, design or risk gate (a risk-screen deferral is
 * settled too), or a stall gate answered with a disposition, which settles as much as one given at a judgment gate.
 */
function answeredGate(finding: Finding, gates: readonly Gate[]): Gate | undefined {
  return gates
    .filter(
      g =>
        (g.kind === 'judgment' ||
          g.kind === 'design' ||
          g.kind === 'risk' ||
          (g.kind === 'stall' && STALL_DISPOSITIONS.has(g.answer?.option))) &&
        g.status === 'answered' &&
        g.findings.includes(finding.id)
    )
    .sort((a, b) => b.round - a.round || Number(b.id.slice(1)) - Number(a.id.slice(1)))[0]
}

/** The history a design gate presents: each earlier round the finding was raised in, and what became of it. */
export function returnHistory(finding: Finding, gates: readonly Gate[]): string[] {
  const lines = [`first raised in round ${finding.round}`]
  for (const gate of gates.filter(g => g.findings.includes(finding.id) && g.answer)) {
    lines.push(
      `round ${gate.round}: @${gate.answer!.by} answered ${gate.id}: "${gate.answer!.words}"`
    )
  }
  for (const r of finding.returns ?? []) {
    lines.push(`round ${r.round}: raised again (${r.handling}: ${r.basis})`)
  }
  return lines
}

/** Reads a return of `prior` (a finding first raised in an earlier round) in the round `ctx` describes. */
export function readReturn(prior: Finding, ctx: ReturnContext): ReturnHandling {
  const outcome = prior.outcome
  if (outcome.kind === 'applied') return returnAfterFix(prior, outcome, ctx)
  const gate = answeredGate(prior, ctx.gates)
  const settled = gate?.answer ? returnAfterAnswer(prior, gate, gate.answer, ctx) : undefined
  return settled ?? { kind: 'reclassify', informed: false, basis: NOTHING_SETTLES }
}

/** A return of a finding whose fix landed: a fresh fix, a design question, a re-apply or a reclassification. */
function returnAfterFix(
  prior: Finding,
  outcome: Extract<Finding['outcome'], { kind: 'applied' }>,
  ctx: ReturnContext
): ReturnHandling {
  if (outcome.commit && !ctx.headContains(outcome.commit)) {
    const head = ctx.head
      ? `${ctx.head.slice(0, 7)}, the head this round reviewed`
      : 'the head this round reviewed'
    return {
      kind: 'refix',
      informed: false,
      basis: `its fix ${outcome.commit.slice(0, 7)} is not in ${head}: it is not landed any more, so the finding is owed a fresh fix (Rule 9)`
    }
  }
  if ((prior.escalated ?? 0) > 0) {
    return {
      kind: 'design-gate',
      informed: true,
      basis: `it came back after its fix was re-applied with the driver writing: the disagreement is about the design, not the repair`,
      history: returnHistory(prior, ctx.gates)
    }
  }
  if (ctx.diagnosisHolds === true) {
    return {
      kind: 'reapply',
      informed: true,
      basis:
        'it came back after its fix landed and the original diagnosis still holds: the repair was incomplete'
    }
  }
  if (ctx.diagnosisHolds === false) {
    return {
      kind: 'reclassify',
      informed: true,
      basis: 'it came back after its fix landed, but the original diagnosis no longer holds'
    }
  }
  // Nothing could tell an incomplete repair from a disagreement about the design: a recurrence awaiting diagnosis
  // goes to a person rather than being re-applied round after round.
  return {
    kind: 'design-gate',
    informed: true,
    basis:
      'it came back after its fix landed, and no reading could tell whether the repair was incomplete or the disagreement is about the design',
    history: returnHistory(prior, ctx.gates)
  }
}

/** A return of a finding a person answered: absorbed by the answer, or contested (none when no answer settles it). */
function returnAfterAnswer(
  prior: Finding,
  gate: Gate,
  answer: NonNullable<Gate['answer']>,
  ctx: ReturnContext
): ReturnHandling | undefined {
  const said = `@${answer.by}: "${answer.words}"`
  // Settled policy: the answer's disposition applies again, without a gate.
  const absorbed = (basis: string, outcome: Finding['outcome']): ReturnHandling => ({
    kind: 'absorbed',
    informed: false,
    basis,
    outcome,
    gate: gate.id
  })
  if (answer.option === 'decide') {
    const decision = ctx.decisions.find(d => d.gate === gate.id)
    const id = decision?.id ?? gate.id
    if (decision && ctx.conveyed.includes(decision.id)) {
      return {
        kind: 'design-gate',
        informed: true,
        basis: `it came back although this review was told of decision ${id}: the reviewer contests it`,
        history: returnHistory(prior, ctx.gates)
      }
    }
    return absorbed(
      `settled by decision ${id}, ${said} (this review had not yet been told of it)`,
      { kind: 'dropped', basis: `settled by decision ${id}, ${said}` }
    )
  }
  if (answer.option === 'dismiss')
    return absorbed(`dismissed, ${said}`, {
      kind: 'dropped',
      basis: `settled at ${gate.id} by ${said}`
    })
  if (answer.option === 'defer')
    return absorbed(`deferred, ${said}`, {
      kind: 'carried',
      reason: `deferred at ${gate.id} by ${said}`
    })
  // Chosen to apply but not landed yet (the round was superseded): the same choice applies again.
  if ((answer.option === 'apply' || answer.option === 'local') && prior.fix)
    return absorbed(`apply, as ${said}`, { kind: 'pending' })
  if (answer.option === 'follow-up') {
    return absorbed(`left for a follow-up, ${said}`, {
      kind: 'handed',
      by: answer.by,
      words: answer.words
    })
  }
  return undefined
}

/** What the round knows of a returning finding besides the reading of its return. */
export interface ReturnFacts {
  /** The round the finding was first raised in. */
  firstRound: number
  /** Its severity now, and before this round (with its fix, as JSON), when an answer was given on those. */
  severity: Severity
  prior?: { severity: Severity; fix?: string }
  /** The fix it proposes now, as JSON. */
  fix?: string
  /** A question only a person can answer that came with it this round. */
  question?: string
  /** Its file is one the loop never writes on its own (a workflow file, the settings, a protected glob). */
  protectedPath: boolean
  /** It was Mechanical before this round. */
  mechanical: boolean
}

/** What the loop does with a return: the disposition it settles on, or where it goes next, with the entry's words. */
export type ReturnAction =
  /** Settled policy: the earlier disposition again, no gate. */
  | { kind: 'absorb'; outcome: Finding['outcome']; gate?: string; note: string }
  /** The fix is written again, Mechanical, without a gate (escalated to the driver when the repair was incomplete). */
  | { kind: 'reapply'; escalate: boolean; note: string }
  /** A design gate with the history. */
  | { kind: 'design-gate'; basis: string; history: string[] }
  /** Classified afresh; `reopen`: its outcome is undecided again (a fix that is gone settles nothing). */
  | { kind: 'classify'; note?: string; reopen: boolean }

/**
 * Acts on a reading of a return (Rule 9). Settled policy applies to what was settled: not to a graver claim (to high
 * or critical), a different proposed fix where the answer was to apply one, or a return that comes with a question
 * only a person can answer; those are classified afresh. A return after a landed fix whose diagnosis holds is
 * re-applied when it can be written (a fix, an unprotected path, no question), else put to a person. A return whose
 * landed fix the head no longer contains is owed a fresh fix: written again when the fix proposed now is the one that
 * landed (it was Mechanical, or the one approved), otherwise classified afresh, its outcome undecided again, never read
 * as fixed.
 */
export function actOnReturn(h: ReturnHandling, facts: ReturnFacts): ReturnAction {
  const { prior, question } = facts
  if (h.kind === 'absorbed') {
    const graver =
      prior !== undefined &&
      SEVERITIES.indexOf(facts.severity) < SEVERITIES.indexOf(prior.severity) &&
      (facts.severity === 'critical' || facts.severity === 'high')
    const otherFix =
      h.outcome.kind === 'pending' && (facts.fix === undefined || facts.fix !== prior?.fix)
    if (graver || otherFix || question) {
      const why = question
        ? 'a question only a person can answer came with it'
        : graver
          ? `it came back graver (${prior!.severity} → ${facts.severity}) than when it was settled`
          : `the change proposed now is not the one approved at ${h.gate ?? 'the earlier gate'}`
      return {
        kind: 'classify',
        note: `not settled by ${h.gate ?? 'the earlier answer'}: ${why}`,
        reopen: false
      }
    }
    return {
      kind: 'absorb',
      outcome: h.outcome,
      ...(h.gate ? { gate: h.gate } : {}),
      note: `settled policy${h.gate ? ` of ${h.gate}` : ''}: ${h.basis}`
    }
  }
  const writable = facts.fix !== undefined && !question && !facts.protectedPath
  if (h.kind === 'reapply' && writable)
    return { kind: 'reapply', escalate: true, note: `re-applied: ${h.basis}` }
  if (h.kind === 'refix') {
    // Only the fix that was settled (classified Mechanical, or approved) is written again without a gate: another fix
    // proposed now was never classified, so it goes through classification like any new one.
    if (writable && facts.fix === prior?.fix)
      return { kind: 'reapply', escalate: false, note: `re-applied: ${h.basis}` }
    return { kind: 'classify', note: h.basis, reopen: true }
  }
  if (h.kind === 'design-gate') return { kind: 'design-gate', basis: h.basis, history: h.history }
  if (h.kind === 'reapply')
    return {
      kind: 'design-gate',
      basis: h.basis,
      history: [`first raised in round ${facts.firstRound}`]
    }
  return h.basis === NOTHING_SETTLES
    ? { kind: 'classify', reopen: false }
    : { kind: 'classify', note: h.basis, reopen: false }
}

/**
 * Whether a finding waits on the review of a head the author pushed: still undecided in the round that push
 * superseded. Found again, it is not a return (it was never dispositioned): its question stands or is asked afresh.
 */
export function awaitsFreshReview(
  finding: Finding,
  rounds: readonly Round[],
  current: number
): boolean {
  return finding.outcome.kind === 'pending' && heldIn(finding, rounds, current) !== undefined
}

/** The round an author's push superseded while `finding` waited in it, when no later round before `current` holds it. */
export function heldIn(
  finding: Finding,
  rounds: readonly Round[],
  current: number
): Round | undefined {
  const last = rounds.filter(r => r.n < current && r.findings.includes(finding.id)).at(-1)
  return last?.phase === 'superseded' ? last : undefined
}

/** What the review of the new head made of one finding a waiting gate asked about. */
export interface FoundAgain {
  /** Severity as the gate showed it, and now. */
  was: Finding['severity']
  now: Finding['severity']
  /** Whether the change it proposes is the one the gate showed (same replacement of the same code). */
  sameFix: boolean
  /** A question only a person can answer that came with it this time. */
  question?: string
}

/** How a finding found again differs from what its gate showed, in words; undefined when the gate still shows it. */
export function changedSince(f: FoundAgain): string | undefined {
  if (f.question) return 'a question only a person can answer came with it'
  const graver =
    SEVERITIES.indexOf(f.now) < SEVERITIES.indexOf(f.was) &&
    (f.now === 'critical' || f.now === 'high')
  if (graver) return `it is graver now (${f.was} → ${f.now})`
  if (!f.sameFix) return 'the change it proposes is not the one shown'
  return undefined
}

/** What becomes of a gate an author's push left waiting, once the new head is reviewed. */
export type HeldGateFate = { kind: 'stands' } | { kind: 'superseded'; why: string }

/**
 * A waiting gate stands only when the review of the new head found every one of its findings again, each as the gate
 * showed it: then an answer already given still answers it. Otherwise the question as asked is gone: it is superseded,
 * and whatever of it came back is asked afresh on its own (a cluster is never narrowed under an answer given whole).
 */
export function heldGateFate(
  gate: Gate,
  found: ReadonlyMap<string, FoundAgain>,
  head: string
): HeldGateFate {
  const at = head.slice(0, 7)
  const gone = gate.findings.filter(id => !found.has(id))
  const back = gate.findings.filter(id => found.has(id))
  const list = (ids: string[]) => ids.join(', ')
  if (back.length === 0) {
    return { kind: 'superseded', why: `the review of ${at} no longer finds ${list(gone)}` }
  }
  if (gone.length > 0) {
    return {
      kind: 'superseded',
      why: `the review of ${at} no longer finds ${list(gone)}; ${list(back)} ${back.length === 1 ? 'is' : 'are'} asked again on ${back.length === 1 ? 'its' : 'their'} own`
    }
  }
  const changed = back
    .map(id => [id, changedSince(found.get(id)!)] as const)
    .filter((c): c is readonly [string, string] => c[1] !== undefined)
  if (changed.length > 0) {
    return {
      kind: 'superseded',
      why: `the review of ${at} finds ${changed.map(([id, why]) => `${id} again, but ${why}`).join('; ')}: asked again as it now stands`
    }
  }
  return { kind: 'stands' }
}

/** An answer as the disposition it settles, in words (`apply, as @a: "…"`). */
export function answerWords(gate: Gate): string {
  const a = gate.answer
  if (!a) return 'not answered'
  const said = `@${a.by}: "${a.words}"`
  switch (a.option) {
    case 'apply':
    case 'local':
      return `apply, as ${said}`
    case 'dismiss':
      return `dismissed, ${said}`
    case 'defer':
      return `deferred, ${said}`
    case 'follow-up':
      return `left for a follow-up, ${said}`
    case 'decide':
      return `decided, ${said}`
    case undefined:
      return `a direction given, ${said}`
    default:
      return `${a.option}, as ${said}`
  }
}
