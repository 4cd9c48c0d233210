/**
 * The design-intent bundle a review request carries, composed from the harvest and the design-decision ledger. What
 * may travel is fixed by the closed `IntentSchema`: the bundle is checked against it before it leaves, so a field for
 * fix status, a do-not-report list or a verdict instruction cannot ride along (the conveyance boundary).
 */
import type { Decision, HarvestRecord } from '../loop/model.js'
import { DEFAULT_SEVERITY_STEER } from '../sources/prompt.js'
import { IntentSchema } from '../sources/review-response.js'
import type { Intent } from '../sources/types.js'
import type { GoalPointer, Harvest } from './types.js'

/** The severity steer: the project's goal as the weight of a defect, or the plain steer, saying there is no goal. */
export function severitySteer(goal: GoalPointer | null): string {
  if (!goal) return `The project declares no goal this loop could find. ${DEFAULT_SEVERITY_STEER}`
  return `Weigh what a defect costs against what the project says it is for (${goal.path}, section "${goal.section}"): a defect that works against that purpose weighs more than its local effect alone suggests. ${DEFAULT_SEVERITY_STEER}`
}

/** The decisions that still hold: a decision a later one revised is retired and no longer travels. */
export function currentDecisions(decisions: readonly Decision[]): Decision[] {
  return decisions.filter(d => !d.retired)
}

/**
 * The bundle for one request. Decisions travel as what was decided, in the person's words, and on what basis; never
 * which findings they closed (that would be a disposition record).
 */
export function composeIntent(harvest: Harvest, decisions: readonly Decision[]): Intent {
  const intent: Intent = {
    rules: harvest.rules.map(r =>
      r.line ? { path: r.path, why: r.why, line: r.line } : { path: r.path, why: r.why }
    ),
    design_comments: harvest.designComments.map(c => ({ path: c.path, line: c.line, why: c.why })),
    goal: harvest.goal
      ? { path: harvest.goal.path, section: harvest.goal.section, line: harvest.goal.line }
      : null,
    authority_order: harvest.authority ? [...harvest.authority.order] : null,
    decisions: currentDecisions(decisions).map(d => ({
      id: d.id,
      decision: d.words,
      basis: `decided by @${d.by} on ${d.at.slice(0, 10)} while this pull request was reviewed`
    })),
    severity_steer: severitySteer(harvest.goal)
  }
  if (harvest.authority) intent.authority_declared_in = harvest.authority.declaredIn
  return IntentSchema.parse(intent)
}

/** What the round records of the bundle, for the summary: the pointers with their reasons, and what was left out. */
export function harvestRecord(harvest: Harvest, intent: Intent, config?: string): HarvestRecord {
  const record: HarvestRecord = {
    rules: harvest.rules.map(r => ({ ...r })),
    designComments: harvest.designComments.map(c => ({ ...c })),
    goal: harvest.goal ? { ...harvest.goal } : null,
    authority: harvest.authority
      ? { order: [...harvest.authority.order], declaredIn: harvest.authority.declaredIn }
      : null,
    notes: [...harvest.notes],
    decisions: intent.decisions.map(d => d.id)
  }
  if (config) record.config = config
  return record
}
