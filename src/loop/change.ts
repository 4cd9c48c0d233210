/** What the change (base..head) wrote, per file: the facts verify and classify read. */

/** One file's change between the captured base and the head. */
export interface FileChange {
  /** The change created the file. */
  created: boolean
  /** Head-side line numbers the change wrote. */
  addedLines: ReadonlySet<number>
  /** Where a renamed or copied file came from: its base is read there (code the change only moved was already there). */
  from?: string
}

/** Per head-side path. */
export type ChangeMap = ReadonlyMap<string, FileChange>

/** Whether every line of start..end was written by the change (the introduced side). */
export function spanWrittenByChange(
  change: FileChange | undefined,
  start: number,
  end: number
): boolean {
  if (!change) return false
  if (change.created) return true
  for (let line = start; line <= end; line++) if (!change.addedLines.has(line)) return false
  return true
}
