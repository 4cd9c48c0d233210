/** The harvest's time budget: past it, the harvest stops looking and says so in a note instead of holding up the review. */

/** A deadline checked between units of work; the first check past it records what was being done. */
export class Budget {
  private readonly deadline: number
  private stoppedWhile: string | undefined

  /** A budget of `ms` milliseconds from now. */
  constructor(
    readonly ms: number,
    private readonly now: () => number = () => performance.now()
  ) {
    this.deadline = this.now() + ms
  }

  /** Whether the budget is spent; the first time it is, remembers `during` (what the harvest was doing) for the note. */
  spent(during: string): boolean {
    if (this.stoppedWhile !== undefined) return true
    if (this.now() < this.deadline) return false
    this.stoppedWhile = during
    return true
  }

  /** The note saying where the harvest stopped, once the budget is spent. */
  note(): string | undefined {
    if (this.stoppedWhile === undefined) return undefined
    return `The harvest stopped at its time budget (${formatMs(this.ms)}) while ${this.stoppedWhile}; what it found before then is conveyed, the rest was not looked at.`
  }
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`
}
