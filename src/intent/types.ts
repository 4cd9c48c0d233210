/** What the design-intent harvest found for the changed surface: pointers into the head, never copied content. */

/** A rule or guide file whose scope meets the changed files. */
export interface RulePointer {
  path: string
  /** The line of the section that bears on the change, when the pointer is narrower than the whole file. */
  line?: number
  /** Why it was picked, in the loop's words (which changed file it governs, and how that was established). */
  why: string
}

/** A design comment next to (or inside) a changed hunk. */
export interface CommentPointer {
  path: string
  /** The comment's first line at the head. */
  line: number
  /** Why it was picked (e.g. `says "intentional", 2 lines above the change at line 40`). */
  why: string
}

/** Where the project says what it is for. */
export interface GoalPointer {
  path: string
  /** The heading of the section, as written. */
  section: string
  /** The heading's line at the head. */
  line: number
  /** How it was found (the config named it; a heading that reads as a goal). */
  why: string
}

/** An order of authority the project declares among its surfaces. */
export interface AuthorityOrder {
  /** Highest first, as the project wrote them (paths or globs). */
  order: string[]
  /** Where it is declared: `.github/review-loop.yml`, or `path:line` of the rule file that states it. */
  declaredIn: string
}

/** The harvest for one review. */
export interface Harvest {
  rules: RulePointer[]
  designComments: CommentPointer[]
  /** `null`: the project declares no goal the loop could find. */
  goal: GoalPointer | null
  /** `null`: the project declares no order of authority. */
  authority: AuthorityOrder | null
  /** What the harvest could not do or left out (a bound reached, a configured location missing), said in the summary. */
  notes: string[]
  /** Set when the harvest could not run: goal and order are then unknown, not absent. */
  failed?: string
}
