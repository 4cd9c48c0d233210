/**
 * Phase 3 with a driver: the driver's classification, taken under the loop's rules. A reading needs a falsifier and
 * never drops anything; Mechanical needs a claim verification confirmed, a fix that can be written, a path a fix may
 * touch, and a basis for any fix on the pre-existing side; a conflict is settled only by what the project or a person
 * already settled (cited), otherwise asked open; a gate's words are plain.
 */
import type { ClassifyResponse, ClusterAnswer } from './driver-wire.js'
import type { Finding, GateOption, Round } from './model.js'
import { replacementProblem, usableFix } from './apply-text.js'
import { FOLLOW_UP } from './gates.js'
import { citable, settlementHolds, type ClassificationContext } from './settlement.js'

export type { ClassificationContext } from './settlement.js'

/** Words of the protocol that a person reading a gate should never meet ("your judgment" is plain English). */
export const JARGON = [
  'extension',
  'constitution',
  'relay',
  'predicate',
  'provenance',
  'mechanical',
  'falsifier'
] as const

/** The protocol words in a text a person reads. */
export function jargonIn(text: string): string[] {
  const words = new Set(text.toLowerCase().match(/[a-z]+/g) ?? [])
  return JARGON.filter(j => words.has(j) || words.has(`${j}s`))
}

/** One finding as classification sees it. */
export interface ClassifyInput {
  key: string
  finding: Finding
  /** Why no fix may land at its path without a person, when that is so. */
  protectedWhy?: string
  /** Why verification did not confirm it (its reading failed, did not run, or refused a drop): then a person decides. */
  unconfirmed?: string
}

/** How one finding classified, and why. */
export interface Classified {
  class: 'mechanical' | 'judgment'
  why: string
  /** What settled a governing-surface conflict, cited (Relay), or why it stays open. */
  settled?: string
  /** An unsettled conflict: asked as an open question. */
  conflict?: string
}

/** A gate drafted from the driver's cluster (or the loop's own when the driver's would not do). */
export interface GateDraft {
  keys: string[]
  analysis: string
  question: string
  options: GateOption[]
  open: boolean
}

/** The classification the loop takes. */
export interface AcceptedClassification {
  reading?: NonNullable<Round['reading']>
  byKey: Map<string, Classified>
  drafts: GateDraft[]
  /** Where the loop set part of the driver's answer aside, and why (for the trace). */
  notes: string[]
}

const DECIDE: GateOption = {
  key: 'decide',
  label: 'Record a design decision',
  leadsTo:
    'write after `decide` what the project decided and why: the finding is closed on that basis, your words are kept as they are, and later reviews are told what was decided when it describes the project (words about this review or to a reviewer are kept but never passed on)'
}

/** Takes the driver's classification of `items` under the loop's rules. */
export function acceptClassification(
  items: readonly ClassifyInput[],
  answer: ClassifyResponse,
  ctx: ClassificationContext
): AcceptedClassification {
  const notes: string[] = []
  const byKey = new Map<string, Classified>()
  const reading = readingOf(answer, new Set(items.map(i => i.key)), notes)
  const diverging = new Set(
    reading?.leading && reading.repairsDiverge ? reading.leading.accounts_for : []
  )
  for (const item of items) {
    const a = answer.findings.find(x => x.key === item.key)
    let c = classifyOne(item, a, ctx)
    if (diverging.has(item.key) && c.class === 'mechanical') {
      c = {
        class: 'judgment',
        why: `one cause may lie behind several findings, and repairing it differs from repairing each (${reading!.leading!.mechanism})`
      }
    }
    byKey.set(item.key, a?.conflict ? withConflict(c, item.finding, a.conflict, ctx, notes) : c)
  }

  const drafts = draftGates(items, answer.clusters, byKey, reading, notes)
  const out: AcceptedClassification = { byKey, drafts, notes }
  if (reading) out.reading = reading
  return out
}

type AnswerFinding = ClassifyResponse['findings'][number]

/** The shared-cause reading: only with a falsifier; fix-side only, it never drops or settles anything. */
function readingOf(
  answer: ClassifyResponse,
  keys: ReadonlySet<string>,
  notes: string[]
): AcceptedClassification['reading'] {
  const r = answer.reading
  if (r && r.leading.falsifier.trim() === '') {
    notes.push(
      `a shared-cause reading without a falsifier was set aside ("${r.leading.mechanism}"): a reading nothing could break is not a reading`
    )
    return undefined
  }
  if (!r) return { none: answer.no_reading?.trim() || 'no shared cause' }
  const competitor = r.competitor && r.competitor.falsifier.trim() !== '' ? r.competitor : undefined
  if (r.competitor && !competitor)
    notes.push('a competing reading without a falsifier was set aside')
  const reading: NonNullable<AcceptedClassification['reading']> = {
    leading: { ...r.leading, accounts_for: r.leading.accounts_for.filter(k => keys.has(k)) },
    unexplained: r.unexplained.filter(k => keys.has(k)),
    direction: r.direction,
    repairsDiverge: r.repairs_diverge
  }
  if (competitor) reading.competitor = competitor
  return reading
}

/** One finding's class under the loop's rules for Mechanical, from the driver's answer for it (if any). */
function classifyOne(
  item: ClassifyInput,
  a: AnswerFinding | undefined,
  ctx: ClassificationContext
): Classified {
  const f = item.finding
  if (!a) return { class: 'judgment', why: 'the driver did not classify it, so a person decides' }
  if (a.class === 'judgment') return { class: 'judgment', why: a.basis }
  // Mechanical is for a verified correctness bug: what Phase 2 did not confirm is a person's call.
  if (item.unconfirmed) return { class: 'judgment', why: item.unconfirmed }
  if (!f.fix) return { class: 'judgment', why: `no fix was proposed to apply (${a.basis})` }
  if (replacementProblem(f.fix.replacement)) {
    return {
      class: 'judgment',
      why: `the proposed fix cannot be written: ${replacementProblem(f.fix.replacement)!}`
    }
  }
  if (item.protectedWhy) return { class: 'judgment', why: item.protectedWhy }
  if (f.provenance !== 'introduced' && !citable(a.scope_basis ?? '', ctx)) {
    return {
      class: 'judgment',
      why: `it was already there before this pull request, and nothing on record licenses fixing it here`
    }
  }
  const c: Classified = { class: 'mechanical', why: a.basis }
  if (f.provenance !== 'introduced') c.settled = `fixed here on the basis of ${a.scope_basis!}`
  return c
}

/** A finding where two governing surfaces disagree: settled only by what the loop can see, otherwise asked open. */
function withConflict(
  c: Classified,
  f: Finding,
  conflict: NonNullable<AnswerFinding['conflict']>,
  ctx: ClassificationContext,
  notes: string[]
): Classified {
  const sides = conflict.sides.map(s => s.surface)
  const described = `${conflict.sides.map(s => `${s.surface} says ${s.says}`).join('; ')}; they disagree on ${conflict.point} (${conflict.authority})`
  const refused = conflict.settled_by ? settlementHolds(conflict.settled_by, sides, ctx) : undefined
  if (conflict.settled_by && !refused) {
    c.settled = `settled by ${conflict.settled_by.kind === 'authority' ? `the declared order of authority (${ctx.authority!.declaredIn})` : conflict.settled_by.cite}: ${conflict.settled_by.governs} governs`
    return c
  }
  if (conflict.settled_by && refused)
    notes.push(`${f.id}: the settlement the driver cited was set aside: ${refused}`)
  return { class: 'judgment', why: described, conflict: described }
}

function plain(cluster: ClusterAnswer): string[] {
  return [
    cluster.analysis,
    cluster.question,
    ...cluster.options.flatMap(o => [o.label, o.leads_to])
  ].flatMap(jargonIn)
}

/** Whether every finding of `keys` has a fix that can be applied. */
function allFixable(keys: readonly string[], items: readonly ClassifyInput[]): boolean {
  return keys.every(k => {
    const f = items.find(i => i.key === k)?.finding
    return f !== undefined && usableFix(f)
  })
}

/** Gates for the Judgment findings: the driver's clusters where they hold, the loop's own otherwise. */
function draftGates(
  items: readonly ClassifyInput[],
  clusters: readonly ClusterAnswer[],
  byKey: Map<string, Classified>,
  reading: AcceptedClassification['reading'],
  notes: string[]
): GateDraft[] {
  const judgment = new Set(
    items.filter(i => byKey.get(i.key)?.class === 'judgment').map(i => i.key)
  )
  const diverging = new Set(
    reading?.leading && reading.repairsDiverge ? reading.leading.accounts_for : []
  )
  const placed = new Set<string>()
  const drafts: GateDraft[] = []
  for (const cluster of clusters) {
    const members = cluster.findings.filter(k => judgment.has(k) && !placed.has(k))
    if (members.length === 0) continue
    const draft = clusterDraft(cluster, members, { items, byKey, reading, diverging }, notes)
    if (!draft) continue
    for (const k of members) placed.add(k)
    drafts.push(draft)
  }
  // Findings whose repairs diverge and that no usable cluster placed are asked together, as the two repairs.
  const open = [...diverging].filter(k => judgment.has(k) && !placed.has(k))
  if (open.length > 0 && reading?.leading) {
    drafts.push(divergingDraft(open, items, reading.leading))
    for (const k of open) placed.add(k)
  }
  // Every other Judgment finding gets a question of its own from the caller.
  return drafts
}

/** The gate the driver's cluster drafts for `members`, or none (with a note) where the loop asks in its own words. */
function clusterDraft(
  cluster: ClusterAnswer,
  members: string[],
  of: {
    items: readonly ClassifyInput[]
    byKey: Map<string, Classified>
    reading: AcceptedClassification['reading']
    diverging: ReadonlySet<string>
  },
  notes: string[]
): GateDraft | undefined {
  const { items, byKey, reading, diverging } = of
  const words = plain(cluster)
  if (words.length > 0) {
    notes.push(
      `a proposed question used the words ${words.join(', ')}; the loop asked in its own words`
    )
    return undefined
  }
  // Where root and local repair diverge, the question is the repair's shape: the options are those trajectories.
  if (
    members.some(k => diverging.has(k)) &&
    !(cluster.options.some(o => o.key === 'root') && cluster.options.some(o => o.key === 'local'))
  ) {
    notes.push(
      'a proposed question over findings whose root and local repairs diverge did not offer both repairs; the loop asked in its own words'
    )
    return undefined
  }
  const fixes = allFixable(members, items)
  const conflictOpen = members.some(k => byKey.get(k)?.conflict)
  let options: GateOption[] = cluster.options
    .filter(o => o.key !== 'apply' || fixes)
    .map(o => ({ key: o.key, label: o.label, leadsTo: o.leads_to }))
  if (conflictOpen) options = []
  else {
    if (!options.some(o => o.key === 'decide')) options.push(DECIDE)
    // Whether this pull request carries a defect that was already there is itself a question for the person.
    const before = members.some(k => {
      const p = items.find(i => i.key === k)?.finding.provenance
      return p !== 'introduced'
    })
    if (before && !options.some(o => o.key === 'follow-up')) options.push(FOLLOW_UP)
  }
  let analysis = cluster.analysis
  if (reading?.leading && reading.direction === 'different' && reading.competitor) {
    analysis += `\n\nTwo explanations compete, and neither is settled: ${reading.leading.mechanism} (it would be shown wrong by: ${reading.leading.falsifier}); or ${reading.competitor.mechanism} (shown wrong by: ${reading.competitor.falsifier}).`
  }
  return {
    keys: members,
    analysis,
    question: cluster.question,
    options,
    open: options.length === 0
  }
}

/** The loop's own gate over findings whose root and local repairs diverge: the two repairs, as options. */
function divergingDraft(
  open: string[],
  items: readonly ClassifyInput[],
  leading: { mechanism: string; falsifier: string }
): GateDraft {
  const fixes = allFixable(open, items)
  return {
    keys: open,
    analysis: `These findings may share one cause: ${leading.mechanism}. It would be shown wrong by: ${leading.falsifier}. Repairing that cause and repairing each finding where it shows lead to different code.`,
    question: 'Which repair should this pull request take?',
    options: [
      {
        key: 'root',
        label: 'Repair the shared cause',
        leadsTo:
          'the findings stay open until the cause is repaired (by a person, or a later change); the next round reviews what lands'
      },
      ...(fixes
        ? [
            {
              key: 'local',
              label: 'Repair each where it shows',
              leadsTo:
                "each finding's proposed change is committed, and the next round reviews the result"
            }
          ]
        : []),
      {
        key: 'defer',
        label: 'Leave it for later',
        leadsTo: 'nothing changes now; the findings stay listed as open items when the loop ends'
      },
      DECIDE
    ],
    open: false
  }
}
