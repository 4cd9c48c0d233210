/**
 * The design-intent bundle a review request carries, composed from the harvest and the design-decision ledger. What
 * may travel is fixed by the closed `IntentSchema`: the bundle is checked against it before it leaves, so a field for
 * fix status, a do-not-report list or a verdict instruction cannot ride along (the conveyance boundary).
 */
import type { Decision, HarvestRecord } from '../loop/model.js'
import { conveyedDecisions } from '../loop/decisions.js'
import { DEFAULT_SEVERITY_STEER } from '../sources/prompt.js'
import { IntentSchema } from '../sources/review-response.js'
import type { Intent } from '../sources/types.js'
import type { Harvest } from './types.js'

/** The longest text a pointer's reason or a section name carries (repository text, so it is bounded and one line). */
const MAX_WHY = 300
const MAX_SECTION = 80

function bounded(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * The severity steer: the project's goal as the weight of a defect (named by where it is stated, never by its words,
 * which the reviewer reads at the pointer), or the plain steer saying there is no goal, or that none could be looked for.
 */
export function severitySteer(harvest: Pick<Harvest, 'goal' | 'failed'>): string {
  const goal = harvest.goal
  if (harvest.failed) {
    return `The loop could not look for the project's goal this round, so this steer runs without one. ${DEFAULT_SEVERITY_STEER}`
  }
  if (!goal) return `The project declares no goal this loop could find. ${DEFAULT_SEVERITY_STEER}`
  return `Weigh what a defect costs against what the project says it is for (stated in ${goal.path} at line ${goal.line}): a defect that works against that purpose weighs more than its local effect alone suggests. ${DEFAULT_SEVERITY_STEER}`
}

/**
 * The decisions that travel: one a later one revised is retired, and one refused as a description of the project
 * (words about this review's findings, or to the reviewer) is kept as the person's words only.
 */
export function currentDecisions(decisions: readonly Decision[]): Decision[] {
  return conveyedDecisions(decisions)
}

/**
 * The bundle for one request. Decisions travel as what was decided, in the person's words, and on what basis; never
 * which findings they closed (that would be a disposition record).
 */
export function composeIntent(harvest: Harvest, decisions: readonly Decision[]): Intent {
  const intent: Intent = {
    rules: harvest.rules.map(r => {
      const why = bounded(r.why, MAX_WHY)
      return r.line ? { path: r.path, why, line: r.line } : { path: r.path, why }
    }),
    design_comments: harvest.designComments.map(c => ({
      path: c.path,
      line: c.line,
      why: bounded(c.why, MAX_WHY)
    })),
    goal: harvest.goal
      ? {
          path: harvest.goal.path,
          section: bounded(harvest.goal.section, MAX_SECTION),
          line: harvest.goal.line
        }
      : null,
    authority_order: harvest.authority ? [...harvest.authority.order] : null,
    decisions: currentDecisions(decisions).map(d => ({
      id: d.id,
      decision: d.words,
      basis: `decided by @${d.by} on ${d.at.slice(0, 10)} while this pull request was reviewed`
    })),
    severity_steer: severitySteer(harvest)
  }
  if (harvest.authority) intent.authority_declared_in = harvest.authority.declaredIn
  return IntentSchema.parse(intent)
}

/** What the round records of the bundle, for the summary: the pointers with their reasons, and what was left out. */
export function harvestRecord(harvest: Harvest, intent: Intent, config?: string): HarvestRecord {
  const record: HarvestRecord = {
    rules: harvest.rules.map(r => ({ ...r, why: bounded(r.why, MAX_WHY) })),
    designComments: harvest.designComments.map(c => ({ ...c, why: bounded(c.why, MAX_WHY) })),
    goal: harvest.goal
      ? {
          ...harvest.goal,
          section: bounded(harvest.goal.section, MAX_SECTION),
          why: bounded(harvest.goal.why, MAX_WHY)
        }
      : null,
    authority: harvest.authority
      ? { order: [...harvest.authority.order], declaredIn: harvest.authority.declaredIn }
      : null,
    notes: [...harvest.notes],
    decisions: intent.decisions.map(d => d.id)
  }
  if (config) record.config = config
  if (harvest.failed) record.failed = harvest.failed
  return record
}
