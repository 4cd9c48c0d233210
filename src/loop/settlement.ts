/**
 * What a basis or a settlement the driver cites must be for the loop to take it (src/loop/classification.ts): a
 * current decision, a rule file the harvest picked, words of the pull request, or the project's declared order of
 * authority ranking the governing side first. A basis nobody can check is not a basis.
 */
import type { ClassifyResponse } from './driver-wire.js'
import type { Decision } from './model.js'
import { minimatch } from 'minimatch'
import { conveyedDecisions } from './decisions.js'

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
export function settlementHolds(
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
