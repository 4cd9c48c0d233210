/** Finding identity across rounds (this version: same file and same claim, wording normalised; a driver reads it semantically). */

const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim()

/** Whether two findings assert the same thing about the same file. Line numbers never decide identity. */
export function sameFinding(
  a: { file: string; description: string },
  b: { file: string; description: string }
): boolean {
  return a.file === b.file && normalise(a.description) === normalise(b.description)
}
