/**
 * The loop guards (seed 000's stall, seed 003's loop guards, as protocol-in-actions.md adapts them) and Rule 11's
 * trajectory reading. Both read what the rounds did (dispositions, changes, provenance), never how many findings they
 * counted: a count may prompt a look and never answers it.
 */
import type { Finding, Gate, Ledger, Round } from './model.js'

/** What one finished round moved: the findings it brought to a disposition they did not have, and what changed. */
export interface RoundMoves {
  round: number
  /** Each finding newly dispositioned, in words (`F2 dropped`). */
  dispositioned: string[]
  /** Each change, in words (`fixes landed in abc1234`, `G3 answered by @octo`). */
  changes: string[]
}

/** Two consecutive rounds that brought no finding to a disposition and changed nothing: the loop pauses and asks. */
export interface Stall {
  /** The two rounds, older first. */
  rounds: [number, number]
  /** The head both reviewed. */
  head: string
  /** The findings still open among what the two rounds surfaced (stable IDs, seed 003's loop-guard output). */
  open: string[]
  /** What each round did, one line each. */
  lines: string[]
}

const short = (sha: string) => sha.slice(0, 7)

/** The round's own outcome for a finding: its trace entry's, as synced when the round closed. */
function entryOutcome(round: Round, id: string): Finding['outcome'] | undefined {
  return round.entries.find(e => e.finding === id)?.outcome
}

/**
 * Reads what `round` moved, against the rounds before it in the same invocation (`earlier`, any order). A disposition
 * is an outcome the finding did not have at its previous round: applied, dropped, handed, suggested, or carried by a
 * person's answer. A carry the loop made itself (a fix it could not write, whether Mechanical or chosen at a gate; a
 * push refused) postpones its own work and settles nothing. A change is a commit landed, a head other than the
 * previous round's (the first review of a head, the author's push), or a question of the round answered.
 */
export function movesOf(
  round: Round,
  earlier: readonly Round[],
  ledger: Pick<Ledger, 'gates'>
): RoundMoves {
  const before = [...earlier].filter(r => r.n < round.n).sort((a, b) => a.n - b.n)
  const dispositioned: string[] = []
  for (const e of round.entries) {
    const o = e.outcome
    if (o.kind === 'pending') continue
    if (o.kind === 'carried' && (e.slot === 'relay' || o.loop)) continue
    const prior = before
      .filter(r => r.entries.some(x => x.finding === e.finding))
      .map(r => entryOutcome(r, e.finding))
      .at(-1)
    if (prior?.kind === o.kind) continue
    dispositioned.push(`${e.finding} ${o.kind}`)
  }
  const changes: string[] = []
  const landed = round.landing?.commit
  if (landed) changes.push(`fixes landed in ${short(landed)}`)
  else if (round.phase === 'landed') changes.push('fixes landed')
  const previous = before.at(-1)
  if (!previous) changes.push(`the first review of ${short(round.head)}`)
  else if (previous.head !== round.head)
    changes.push(`a new head (${short(previous.head)} → ${short(round.head)})`)
  else if (round.cycle === 'after-author-push') changes.push("the author's push")
  if (round.phase === 'superseded') changes.push("the author's push superseded it")
  for (const g of ledger.gates) {
    if (g.round === round.n && g.status === 'answered' && g.answer)
      changes.push(`${g.id} answered by @${g.answer.by}`)
  }
  return { round: round.n, dispositioned, changes }
}

/** Whether a round is finished: nothing of it waits for an answer or for its fixes to be applied. */
function finished(round: Round): boolean {
  return round.phase !== 'gated' && round.phase !== 'applying'
}

/**
 * Seed 000's stall, judged by dispositions and changes, never by counting findings: the invocation's last two rounds,
 * both finished, brought no finding to a disposition and changed nothing. `rounds` are the invocation's rounds.
 */
export function stallOf(
  rounds: readonly Round[],
  ledger: Pick<Ledger, 'gates' | 'findings'>
): Stall | undefined {
  const sorted = [...rounds].sort((a, b) => a.n - b.n)
  const [a, b] = sorted.slice(-2)
  if (!a || !b || !finished(a) || !finished(b)) return undefined
  const moves = [movesOf(a, sorted, ledger), movesOf(b, sorted, ledger)]
  if (moves.some(m => m.dispositioned.length > 0 || m.changes.length > 0)) return undefined
  const surfaced = new Set([a, b].flatMap(r => [...r.findings, ...r.entries.map(e => e.finding)]))
  const open = ledger.findings
    .filter(f => surfaced.has(f.id))
    .filter(f => f.outcome.kind === 'pending' || f.outcome.kind === 'carried')
    .map(f => f.id)
  return {
    rounds: [a.n, b.n],
    head: b.head,
    open,
    lines: [a, b].map(r => roundLine(r, ledger.findings))
  }
}

/** What a stalled round did, in one line: its verdict and what became of each finding it surfaced. */
function roundLine(round: Round, findings: readonly Finding[]): string {
  const verdict =
    round.review === 'reviewed' ? `verdict ${round.verdict ?? 'none'}` : 'no review (no verdict)'
  const said = round.entries.map(e => {
    const o = e.outcome
    const why =
      o.kind === 'carried'
        ? `carried: ${o.reason}`
        : o.kind === 'dropped'
          ? `dropped: ${o.basis}`
          : o.kind
    const f = findings.find(x => x.id === e.finding)
    const returned = f?.returns?.some(r => r.round === round.n) ? ', raised again' : ''
    return `${e.finding} (${why}${returned})`
  })
  const what = said.length > 0 ? said.join('; ') : 'no findings'
  return `round ${round.n} (${verdict}, head ${short(round.head)}): ${what}`
}

/** The stall's question: review again as it stands, stop, or a direction in the person's own words. */
export function stallGate(id: string, stall: Stall): Gate {
  const [a, b] = stall.rounds
  const open =
    stall.open.length > 0
      ? `Still open: ${stall.open.join(', ')}.`
      : 'No finding is open; the rounds produced nothing that reached a disposition.'
  return {
    id,
    round: b,
    kind: 'stall',
    findings: stall.open,
    analysis: [
      `Rounds ${a} and ${b} brought no finding to a disposition and changed nothing: no fix landed, the head stayed at \`${short(stall.head)}\`, and no question was answered. Another review of the same head with the same request would have nothing new to judge, so the loop pauses here instead of running again on its own. This is not an approval, and the number of findings played no part in it.`,
      stall.lines.map(l => `- ${l}`).join('\n'),
      open
    ].join('\n\n'),
    question: 'How should the loop go on?',
    options: [
      {
        key: 'continue',
        label: 'Review again as it stands',
        leadsTo: `the review runs now as round ${b + 1}; if two more rounds change nothing, the loop asks again`
      },
      {
        key: 'stop',
        label: 'Stop the loop',
        leadsTo:
          'the loop ends here with the trace so far, and what stays open is listed in its handover'
      }
    ],
    open: true,
    status: 'open'
  }
}

/** What a stall gate's answer asks for: another review, the end of the loop, or a direction that travels with it. */
export type StallAnswer =
  | { kind: 'continue' }
  | { kind: 'stop' }
  | { kind: 'direction' }
  | { kind: 'disposition'; option: 'dismiss' | 'defer' | 'follow-up' }

/** Reads an answered stall gate (the open-question reader also takes `dismiss`, `defer` and `follow-up` by their word). */
export function stallAnswer(gate: Gate): StallAnswer | undefined {
  const option = gate.answer?.option
  if (!gate.answer) return undefined
  if (option === 'continue' || option === 'stop') return { kind: option }
  if (option === 'dismiss' || option === 'defer' || option === 'follow-up')
    return { kind: 'disposition', option }
  return { kind: 'direction' }
}

/** Refuted: dropped by the loop's own verification (a Relay drop of a claim that did not come back). */
function refuted(round: Round, id: string, findings: readonly Finding[]): boolean {
  const e = round.entries.find(x => x.finding === id)
  const f = findings.find(x => x.id === id)
  return (
    e?.outcome.kind === 'dropped' &&
    e.slot === 'relay' &&
    !e.note?.startsWith('settled policy') &&
    !f?.returns?.some(r => r.round === round.n)
  )
}

/** The findings a round surfaced that hold: everything but what its verification refuted. */
function held(round: Round, findings: readonly Finding[]): string[] {
  const ids = [...new Set([...round.findings, ...round.entries.map(e => e.finding)])]
  return ids.filter(id => !refuted(round, id, findings))
}

const ids = (list: string[]) => (list.length > 0 ? list.join(', ') : 'none')

/**
 * Rule 11's trajectory reading. Only a rise over the previous reviewed round prompts it, and the rise is never read
 * as divergence: the round is divided by the provenance verification gave each finding, each side with its findings.
 * A rise the introduced side carries is ordinary; the fix-induced among it are the write-tier signal (Rule 8), read
 * from the loop's own landing rather than from provenance; a rise the pre-existing side carries (indeterminate sits
 * with it) is the review reaching past this change, a boundary the person draws. It never narrows the review.
 */
export function trajectoryOf(
  round: Round,
  previous: Round | undefined,
  findings: readonly Finding[]
): NonNullable<Round['trajectory']> | undefined {
  if (!previous || round.review !== 'reviewed' || previous.review !== 'reviewed') return undefined
  const now = held(round, findings)
  const before = held(previous, findings).length
  if (now.length <= before) return undefined
  const provenance = (id: string) =>
    round.entries.find(e => e.finding === id)?.provenance ??
    findings.find(f => f.id === id)?.provenance
  const introduced = now.filter(id => provenance(id) === 'introduced')
  const preExisting = now.filter(id => provenance(id) === 'pre-existing')
  const indeterminate = now.filter(id => provenance(id) === 'indeterminate')
  const untyped = now.filter(id => provenance(id) === undefined)
  const fixInduced = (round.fixInduced ?? []).filter(id => now.includes(id))
  const parts = [
    `findings rose from ${before} (round ${previous.n}) to ${now.length}; a count prompts this look and decides nothing.`,
    `Introduced by this change: ${ids(introduced)}${introduced.length > 0 ? ' (the ordinary case)' : ''}.`
  ]
  if (fixInduced.length > 0)
    parts.push(
      `Fix-induced (on lines the loop's own fix wrote a round ago): ${ids(fixInduced)}, which feeds the write tier.`
    )
  parts.push(
    `Already there before it: ${ids(preExisting)}. Not established either way (sits with the pre-existing side): ${ids(indeterminate)}.`
  )
  if (untyped.length > 0)
    parts.push(`Not typed (the reading that types them did not run): ${ids(untyped)}.`)
  if (preExisting.length + indeterminate.length > 0)
    parts.push(
      'The pre-existing side is the review reaching past what this change introduced: whether this pull request carries it is yours to draw at its questions (`follow-up` hands a finding on). The review itself is not narrowed.'
    )
  return {
    previous: before,
    count: now.length,
    introduced,
    preExisting,
    indeterminate,
    untyped,
    fixInduced,
    reading: parts.join(' ')
  }
}

/** The trajectory split as a gate shows it, for a question about a finding on the pre-existing side. */
export function trajectoryParagraph(t: NonNullable<Round['trajectory']>): string {
  return `**This round's findings by provenance.** ${t.reading.charAt(0).toUpperCase()}${t.reading.slice(1)}`
}
