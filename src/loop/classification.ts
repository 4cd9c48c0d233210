/**
 * Phase 3 with a driver: the driver's classification, taken under the loop's rules. A reading needs a falsifier and
 * never drops anything; Mechanical needs a claim verification confirmed, a fix that can be written, a path a fix may
 * touch, and a basis for any fix on the pre-existing side; a conflict is settled only by what the project or a person
 * already settled (cited), otherwise asked open; a gate's words are plain.
 */
import type { ClassifyResponse, ClusterAnswer } from '../shared/driver-wire.js'
import type { Decision, Finding, GateOption, Round } from './model.js'
import { minimatch } from 'minimatch'
import { replacementProblem, usableFix } from './apply-text.js'
import { conveyedDecisions } from './decisions.js'
import { FOLLOW_UP } from './gates.js'

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

/** What the loop checks a settlement against. */
export interface ClassificationContext {
  /** The declared order of authority; null where the project declares none (then nothing settles by it). */
  authority: { order: string[]; declaredIn: string } | null
  decisions: readonly Decision[]
  purpose: { title: string; body: string }
  /** The rule files the harvest picked (a basis may cite one). */
  rules?: readonly string[]
}

/**
 * Whether a basis cites something the loop can see: a current decision (`D2`), a rule file the harvest picked, or
 * words quoted from the pull request's title or description. A basis nobody can check is not a basis.
 */
export function citable(text: string, ctx: ClassificationContext): boolean {
  const t = text.trim()
  if (t === '') return false
  const current = conveyedDecisions(ctx.decisions).map(d => d.id)
  if ((t.match(/\bD\d+\b/g) ?? []).some(id => current.includes(id))) return true
  if ((ctx.rules ?? []).some(r => t.includes(r))) return true
  const said = `${ctx.purpose.title}\n${ctx.purpose.body}`.toLowerCase()
  return [...t.matchAll(/["“]([^"”]{8,})["”]/g)].some(m =>
    said.includes(m[1]!.trim().toLowerCase())
  )
}

const DECIDE: GateOption = {
  key: 'decide',
  label: 'Record a design decision',
  leadsTo:
    'write after `decide` what the project decided and why: the finding is closed on that basis, your words are kept as they are, and later reviews are told what was decided when it describes the project (words about this review or to a reviewer are kept but never passed on)'
}

/**
 * Whether an item of the declared order names `surface`. Extglobs are off, as when the harvest resolved the item
 * (`GlobSet`): an order is repository text, and `+(a|aa)` repeated is a pattern that backtracks exponentially.
 */
function ordered(surface: string, item: string): boolean {
  return item === surface || minimatch(surface, item, { dot: true, noext: true })
}

function inOrder(surface: string, order: readonly string[]): boolean {
  return order.some(o => ordered(surface, o))
}

/** Whether a settlement the driver cites is one the loop can see. */
function settlementHolds(
  s: NonNullable<NonNullable<ClassifyResponse['findings'][number]['conflict']>['settled_by']>,
  sides: string[],
  ctx: ClassificationContext
): string | undefined {
  switch (s.kind) {
    case 'authority':
      if (!ctx.authority) return 'the project declares no order of authority'
      if (!sides.every(side => inOrder(side, ctx.authority!.order)))
        return `the declared order (${ctx.authority.declaredIn}) does not rank both sides`
      if (!inOrder(s.governs, ctx.authority.order))
        return `${s.governs} is not in the declared order`
      {
        // The higher governs and the lower is the thing to correct: `governs` must be the side the order ranks first.
        const rank = (surface: string) => ctx.authority!.order.findIndex(o => ordered(surface, o))
        const ranked = [...sides].sort((a, b) => rank(a) - rank(b))
        if (!sides.includes(s.governs)) return `${s.governs} is not one of the two sides`
        if (rank(ranked[0]!) === rank(ranked[1]!))
          return 'the declared order ranks both sides the same'
        if (ranked[0] !== s.governs)
          return `the declared order ranks ${ranked[0]} above ${s.governs}`
      }
      return undefined
    case 'decision': {
      const ids = s.cite.match(/\bD\d+\b/g) ?? []
      const current = conveyedDecisions(ctx.decisions).map(d => d.id)
      return ids.some(id => current.includes(id))
        ? undefined
        : 'it cites no decision constituted in this loop'
    }
    case 'purpose': {
      const text = `${ctx.purpose.title}\n${ctx.purpose.body}`.toLowerCase()
      const quoted = s.cite
        .replace(/^["“']|["”']$/g, '')
        .trim()
        .toLowerCase()
      return quoted.length >= 8 && text.includes(quoted)
        ? undefined
        : "the words it quotes are not in the pull request's title or description"
    }
    case 'precedent':
      return citable(s.cite, ctx)
        ? undefined
        : 'it cites no decision, rule file or words of the pull request the loop can find'
  }
}

/** Takes the driver's classification of `items` under the loop's rules. */
export function acceptClassification(
  items: readonly ClassifyInput[],
  answer: ClassifyResponse,
  ctx: ClassificationContext
): AcceptedClassification {
  const notes: string[] = []
  const byKey = new Map<string, Classified>()
  const keys = new Set(items.map(i => i.key))

  // The shared-cause reading: only with a falsifier; fix-side only, it never drops or settles anything.
  let reading: AcceptedClassification['reading']
  const r = answer.reading
  if (r && r.leading.falsifier.trim() === '') {
    notes.push(
      `a shared-cause reading without a falsifier was set aside ("${r.leading.mechanism}"): a reading nothing could break is not a reading`
    )
  } else if (r) {
    const competitor =
      r.competitor && r.competitor.falsifier.trim() !== '' ? r.competitor : undefined
    if (r.competitor && !competitor)
      notes.push('a competing reading without a falsifier was set aside')
    reading = {
      leading: { ...r.leading, accounts_for: r.leading.accounts_for.filter(k => keys.has(k)) },
      unexplained: r.unexplained.filter(k => keys.has(k)),
      direction: r.direction,
      repairsDiverge: r.repairs_diverge
    }
    if (competitor) reading.competitor = competitor
  } else {
    reading = { none: answer.no_reading?.trim() || 'no shared cause' }
  }

  const diverging = new Set(
    reading?.leading && reading.repairsDiverge ? reading.leading.accounts_for : []
  )
  for (const item of items) {
    const a = answer.findings.find(x => x.key === item.key)
    const f = item.finding
    let c: Classified
    if (!a) {
      c = { class: 'judgment', why: 'the driver did not classify it, so a person decides' }
    } else if (a.class === 'judgment') {
      c = { class: 'judgment', why: a.basis }
    } else if (item.unconfirmed) {
      // Mechanical is for a verified correctness bug: what Phase 2 did not confirm is a person's call.
      c = { class: 'judgment', why: item.unconfirmed }
    } else if (!f.fix) {
      c = { class: 'judgment', why: `no fix was proposed to apply (${a.basis})` }
    } else if (replacementProblem(f.fix.replacement)) {
      c = {
        class: 'judgment',
        why: `the proposed fix cannot be written: ${replacementProblem(f.fix.replacement)!}`
      }
    } else if (item.protectedWhy) {
      c = { class: 'judgment', why: item.protectedWhy }
    } else if (f.provenance !== 'introduced' && !citable(a.scope_basis ?? '', ctx)) {
      c = {
        class: 'judgment',
        why: `it was already there before this pull request, and nothing on record licenses fixing it here`
      }
    } else {
      c = { class: 'mechanical', why: a.basis }
      if (f.provenance !== 'introduced') c.settled = `fixed here on the basis of ${a.scope_basis!}`
    }
    if (diverging.has(item.key) && c.class === 'mechanical') {
      c = {
        class: 'judgment',
        why: `one cause may lie behind several findings, and repairing it differs from repairing each (${reading!.leading!.mechanism})`
      }
    }
    const conflict = a?.conflict
    if (conflict) {
      const sides = conflict.sides.map(s => s.surface)
      const described = `${conflict.sides.map(s => `${s.surface} says ${s.says}`).join('; ')}; they disagree on ${conflict.point} (${conflict.authority})`
      const refused = conflict.settled_by
        ? settlementHolds(conflict.settled_by, sides, ctx)
        : undefined
      if (conflict.settled_by && !refused) {
        c.settled = `settled by ${conflict.settled_by.kind === 'authority' ? `the declared order of authority (${ctx.authority!.declaredIn})` : conflict.settled_by.cite}: ${conflict.settled_by.governs} governs`
      } else {
        if (conflict.settled_by && refused)
          notes.push(`${f.id}: the settlement the driver cited was set aside: ${refused}`)
        c = { class: 'judgment', why: described, conflict: described }
      }
    }
    byKey.set(item.key, c)
  }

  const drafts = draftGates(items, answer.clusters, byKey, reading, notes)
  const out: AcceptedClassification = { byKey, drafts, notes }
  if (reading) out.reading = reading
  return out
}

function plain(cluster: ClusterAnswer): string[] {
  return [
    cluster.analysis,
    cluster.question,
    ...cluster.options.flatMap(o => [o.label, o.leads_to])
  ].flatMap(jargonIn)
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
    const words = plain(cluster)
    if (words.length > 0) {
      notes.push(
        `a proposed question used the words ${words.join(', ')}; the loop asked in its own words`
      )
      continue
    }
    // Where root and local repair diverge, the question is the repair's shape: the options are those trajectories.
    if (
      members.some(k => diverging.has(k)) &&
      !(cluster.options.some(o => o.key === 'root') && cluster.options.some(o => o.key === 'local'))
    ) {
      notes.push(
        'a proposed question over findings whose root and local repairs diverge did not offer both repairs; the loop asked in its own words'
      )
      continue
    }
    const fixes = members.every(k => {
      const f = items.find(i => i.key === k)?.finding
      return f !== undefined && usableFix(f)
    })
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
    for (const k of members) placed.add(k)
    drafts.push({
      keys: members,
      analysis,
      question: cluster.question,
      options,
      open: options.length === 0
    })
  }
  // Findings whose repairs diverge and that no usable cluster placed are asked together, as the two repairs.
  const open = [...diverging].filter(k => judgment.has(k) && !placed.has(k))
  if (open.length > 0 && reading?.leading) {
    const fixes = open.every(k => {
      const f = items.find(i => i.key === k)?.finding
      return f !== undefined && usableFix(f)
    })
    drafts.push({
      keys: open,
      analysis: `These findings may share one cause: ${reading.leading.mechanism}. It would be shown wrong by: ${reading.leading.falsifier}. Repairing that cause and repairing each finding where it shows lead to different code.`,
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
    })
    for (const k of open) placed.add(k)
  }
  // Every other Judgment finding gets a question of its own from the caller.
  return drafts
}
