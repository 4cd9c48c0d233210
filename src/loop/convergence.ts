/**
 * Convergence (seed 004, Phase 5 and the Convergence section; Rules 4, 13, 14): which arm a finished round meets, or
 * why none, and what stays open when the loop ends. Residuals are surfaced, never recorded as a clearance.
 */
import type { Finding, Invocation, Ledger, Round } from './model.js'

/** The axis the contract names in every reach report: whether the artifact's own contract closes (Rule 14). */
export const CONTRACT_CLOSURE = 'contract-closure'

/** The arms a round can meet; the free exit (`/review-loop stop`) is the third, taken by a person, not by a round. */
export type ConvergenceArm = 'approve' | 'zero-new' | 'exit'

/** What a finished round comes to: converged on an arm (with the words for it), or why not and what that owes. */
export type Convergence =
  | { converged: true; arm: ConvergenceArm; words: string }
  | {
      converged: false
      why: string
      /**
       * `review`: every finding reached a disposition without an edit, yet no arm is met (a needs-attention verdict
       * with new findings left open): a full re-review of the same head is owed, and never withheld.
       * `edit`: an edit landed, so the fresh full review of the new head is owed first.
       * `answer`: something still waits (a gate, a pending finding, a recurrence awaiting diagnosis).
       * `verdict`: the round has no verdict (Rule 13) and satisfies no arm.
       */
      owes: 'review' | 'edit' | 'answer' | 'verdict'
    }

/** The IDs of the findings a round surfaced (its list and its trace entries), in order, once each. */
export function surfacedIn(round: Round): string[] {
  return [...new Set([...round.findings, ...round.entries.map(e => e.finding)])]
}

/** The return recorded for `f` in round `n`, if it came back then (a recurrence is never new). */
function returnIn(f: Finding, n: number): NonNullable<Finding['returns']>[number] | undefined {
  return f.returns?.find(r => r.round === n)
}

/**
 * New: first raised by this round's review. A finding an earlier round raised is not, whether it came back as a
 * recurrence (its return recorded this round) or was found again while it still waited on a question.
 */
function isNew(round: Round, f: Finding): boolean {
  return f.round === round.n && returnIn(f, round.n) === undefined && !refuted(round, f)
}

/** Refuted: dropped by the loop's own verification (a Relay drop), not by a person's answer. */
function refuted(round: Round, f: Finding): boolean {
  const entry = round.entries.find(e => e.finding === f.id)
  return (
    f.outcome.kind === 'dropped' && entry?.slot === 'relay' && returnIn(f, round.n) === undefined
  )
}

/**
 * A disposition that closes a finding: a drop on its basis, a handover, a suggestion to a fork's author, or an approved
 * fix this run may not push handed to a person as a patch on the trace (a workflow file).
 */
function closing(round: Round, f: Finding): boolean {
  const k = f.outcome.kind
  if (k === 'dropped' || k === 'handed' || k === 'suggested') return true
  return k === 'carried' && round.entries.some(e => e.finding === f.id && e.patch !== undefined)
}

/**
 * Carried work: a fix the loop itself could not finish (its write failed, or changed none of its sites), whether the
 * fix was Mechanical or a person chose it at a gate. No person and no rule of the protocol disposed of it, so it is no
 * disposition (the stall guard reads it so too). A deferral a person gave, absorbed again as settled policy, is one;
 * so is an approved fix handed over as a patch. (A ledger from before the loop marked its carries: a carry on the
 * Relay slot.)
 */
export function carriedWork(round: Round, f: Finding): boolean {
  if (f.outcome.kind !== 'carried' || returnIn(f, round.n)?.handling === 'absorbed') return false
  if (f.outcome.loop) return true
  const entry = round.entries.find(e => e.finding === f.id)
  return entry?.slot === 'relay' && entry.patch === undefined
}

/** Whether the round landed an edit: the landing itself, or a finding applied this round (not one absorbed as applied). */
function landedEdit(round: Round, findings: Finding[]): string[] | undefined {
  const applied = findings
    .filter(f => f.outcome.kind === 'applied' && returnIn(f, round.n)?.handling !== 'absorbed')
    .map(f => f.id)
  if (applied.length > 0) return applied
  return round.landing?.commit || round.phase === 'landed' ? [] : undefined
}

function list(ids: string[]): string {
  if (ids.length <= 1) return ids.join('')
  return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`
}

/**
 * Which convergence arm `round` (of `invocation`) meets, read off the ledger; or why none does. The approve arm: the
 * verdict is approve and every finding the round surfaced reached a disposition without an edit. The zero-new arm: the
 * full review (every round reviews the whole base..head surface) surfaced no new finding left open: a finding an
 * earlier round raised (a recurrence, or one found again while it waited on a question) is never new, a verification
 * drop is refuted, and a closing disposition (a drop on its basis, a handover, a fork suggestion, a patch handed over)
 * is owed nothing (Rule 4). Neither arm holds while a finding is pending, a gate waits or a recurrence awaits
 * diagnosis, nor in a round that landed an edit or has no verdict; nor while a finding is carried work the loop could
 * not finish (no disposition), nor when the review came back with malformed entries (not a clean full review).
 */
export function convergenceOf(ledger: Ledger, invocation: Invocation, round: Round): Convergence {
  if (invocation.ended?.as === 'exited')
    return { converged: true, arm: 'exit', words: invocation.ended.reason }
  if (round.review !== 'reviewed' || round.verdict === undefined) {
    return {
      converged: false,
      owes: 'verdict',
      why: `round ${round.n} produced no verdict, so it is not a review and satisfies no arm (Rule 13)`
    }
  }
  const findings = surfacedIn(round)
    .map(id => ledger.findings.find(f => f.id === id))
    .filter((f): f is Finding => f !== undefined)
  return (
    owedAnswerOrEdit(ledger, round, findings) ??
    notClean(round, findings) ??
    armOf(round, round.verdict, findings)
  )
}

/** What a reviewed round still owes before any arm: an answer (a gate, a recurrence, a pending finding), or an edit. */
function owedAnswerOrEdit(
  ledger: Ledger,
  round: Round,
  findings: Finding[]
): Convergence | undefined {
  const open = ledger.gates.filter(g => g.round === round.n && g.status === 'open').map(g => g.id)
  if (open.length > 0) {
    return {
      converged: false,
      owes: 'answer',
      why: `${list(open)} ${open.length === 1 ? 'waits' : 'wait'} for an answer`
    }
  }
  const recurring = findings
    .filter(f => f.outcome.kind === 'pending' && returnIn(f, round.n) !== undefined)
    .map(f => f.id)
  if (recurring.length > 0) {
    return {
      converged: false,
      owes: 'answer',
      why: `${list(recurring)} came back this round and ${recurring.length === 1 ? 'awaits' : 'await'} diagnosis (a recurrence is never new)`
    }
  }
  const pending = findings.filter(f => f.outcome.kind === 'pending').map(f => f.id)
  if (pending.length > 0) {
    return {
      converged: false,
      owes: 'answer',
      why: `${list(pending)} ${pending.length === 1 ? 'has' : 'have'} no disposition yet`
    }
  }
  const edit = landedEdit(round, findings)
  if (edit) {
    const which = edit.length > 0 ? ` (${list(edit)})` : ''
    return {
      converged: false,
      owes: 'edit',
      why: `round ${round.n} landed an edit${which}: the diff moved past its verdict, so a fresh full review of the new head is owed first`
    }
  }
  return undefined
}

/** Why a round's review is not a clean full review (carried work, malformed entries): then a re-review is owed. */
function notClean(round: Round, findings: Finding[]): Convergence | undefined {
  const carried = findings.filter(f => carriedWork(round, f))
  if (carried.length > 0) {
    const ids = carried.map(f => f.id)
    const reason = carried[0]!.outcome.kind === 'carried' ? carried[0]!.outcome.reason : ''
    return {
      converged: false,
      owes: 'review',
      why: `${list(ids)} ${ids.length === 1 ? 'is' : 'are'} carried work, not a disposition (${oneLine(reason, 160)}), so neither arm holds: a full re-review is owed`
    }
  }
  if (round.malformed.length > 0) {
    const n = round.malformed.length
    return {
      converged: false,
      owes: 'review',
      why: `round ${round.n}'s review came back with ${n} malformed ${n === 1 ? 'entry' : 'entries'} that ${n === 1 ? 'is' : 'are'} not a finding the loop can judge (its Malformed line): that is not a clean full review, so a re-review is owed`
    }
  }
  return undefined
}

/** The arm a clean, settled review meets (approve, or zero new), or the re-review owed when new findings stay open. */
function armOf(
  round: Round,
  verdict: NonNullable<Round['verdict']>,
  findings: Finding[]
): Convergence {
  if (verdict === 'approve') {
    const words =
      findings.length === 0
        ? `the source approved round ${round.n} with nothing to disposition`
        : `approve, with every finding of round ${round.n} dispositioned without an edit`
    return { converged: true, arm: 'approve', words }
  }

  const fresh = findings.filter(f => isNew(round, f) && !closing(round, f))
  if (fresh.length === 0) {
    const anyNew = findings.some(f => isNew(round, f))
    const words = anyNew
      ? `every finding of round ${round.n} reached a closing disposition (a drop on its basis, a handover) and nothing recurs awaiting diagnosis`
      : round.cycle === 'first-pass'
        ? `the full review of round ${round.n} raised nothing new that holds`
        : `the full re-review of round ${round.n} raised nothing new that holds`
    return { converged: true, arm: 'zero-new', words }
  }
  const ids = fresh.map(f => f.id)
  return {
    converged: false,
    owes: 'review',
    why: `the verdict of round ${round.n} is needs-attention and ${list(ids)} ${ids.length === 1 ? 'is' : 'are'} new and still open, so neither arm holds: a full re-review is owed`
  }
}

/**
 * The changed files a round's review could not carry, in words ("2 changed files were not reviewed: a.ts and b.ts"):
 * its verdict does not speak for them, so a convergence on it names them. At most `max` names, then how many more.
 */
export function unreviewedWords(round: Round | undefined, max = 5): string | undefined {
  const files = [...new Set((round?.unreviewed ?? []).map(u => u.file))]
  if (files.length === 0) return undefined
  const names =
    files.length <= max
      ? list(files)
      : `${files.slice(0, max).join(', ')} and ${files.length - max} more`
  return `${files.length} changed ${files.length === 1 ? 'file was' : 'files were'} not reviewed: ${names}`
}

function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

function where(f: Finding): string {
  return `${f.id} (${f.severity}, ${f.file}:${f.line}: ${oneLine(f.description, 120)})`
}

/**
 * What stays open as an invocation ends, each annotated (Rule 14, Convergence): axes the source said it did not reach
 * (latest word per axis over the invocation's rounds), a source that cannot report reach (said once), still-open
 * deferrals and dismissals absorbed as settled policy, hand-offs to a successor or a fork's author, fit-pass risk
 * verdicts and the write check's carried discrepancies. Residuals, never clearance: none of it blocks convergence.
 */
export function residualsOf(ledger: Ledger, invocation: Invocation): string[] {
  const rounds = ledger.rounds.filter(r => r.invocation === invocation.n).sort((a, b) => a.n - b.n)
  const out: string[] = []

  if (!invocation.source.reportsReach) {
    out.push(
      `reach unknown: ${invocation.source.name} cannot report what it reached, so none of this loop's silence is a clearance`
    )
  } else {
    const axes = new Map<string, { round: number; reason: string } | undefined>()
    let silent: number | undefined
    for (const r of rounds.filter(x => x.review === 'reviewed')) {
      if (r.exercised === null) silent = r.n
      else if (r.exercised) silent = undefined
      for (const axis of r.exercised?.reached ?? []) axes.set(axis, undefined)
      for (const u of r.exercised?.unreached ?? [])
        axes.set(u.axis, { round: r.n, reason: u.reason })
      // Rule 14: the contract names this axis; a report that names neither side of it leaves it unreached.
      const said = r.exercised && [
        ...r.exercised.reached,
        ...r.exercised.unreached.map(u => u.axis)
      ]
      if (said && !said.includes(CONTRACT_CLOSURE))
        axes.set(CONTRACT_CLOSURE, { round: r.n, reason: 'not reported by the source' })
    }
    for (const [axis, gap] of axes) {
      if (gap) out.push(`unreached: ${axis}: ${oneLine(gap.reason)} (round ${gap.round})`)
    }
    if (silent !== undefined)
      out.push(`reach unreported: round ${silent}'s source returned no report of what it reached`)
  }

  const ids = new Set(rounds.flatMap(surfacedIn))
  const absorbedIn = (f: Finding) =>
    f.returns?.some(x => x.handling === 'absorbed' && rounds.some(r => r.n === x.round)) ?? false
  for (const f of ledger.findings.filter(x => ids.has(x.id))) {
    const o = f.outcome
    if (o.kind === 'carried') out.push(`${where(f)} still open: ${oneLine(o.reason)}`)
    else if (o.kind === 'handed')
      out.push(`${where(f)} handed to a follow-up by @${o.by}: "${oneLine(o.words)}"`)
    else if (o.kind === 'suggested')
      out.push(`${where(f)} suggested to the fork's author, not landed here: ${o.where}`)
    else if (o.kind === 'dropped' && absorbedIn(f) && /^(settled at|dismissed by) /.test(o.basis))
      out.push(
        `${where(f)} dismissed again as settled policy each time it returned: ${oneLine(o.basis)}`
      )
  }

  for (const r of rounds) {
    const fit = r.apply?.fit
    if (fit?.risk)
      out.push(
        `round ${r.n} fit pass (${oneLine(fit.verdict, 80)}): risk ${oneLine(fit.risk)} — recorded, not actuated`
      )
    for (const d of r.apply?.discrepancies ?? [])
      out.push(`round ${r.n} write check: ${oneLine(d)} — carried forward`)
  }
  return out
}
