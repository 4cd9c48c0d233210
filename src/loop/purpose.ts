/**
 * The pull request's stated purpose (its title and description), read by the loop itself as one of the settlements
 * seed 004 names. It is never sent to a source: an author's text can carry "do not flag this".
 */

/** The author's statement of what the pull request is for. */
export interface StatedPurpose {
  title: string
  body: string
}

const MAX_QUOTE = 160

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Where the stated purpose names a file (by its path, or by its file name): the sentence that names it, quoted as
 * written, to cite as the basis for folding a fix in that file into this pull request; undefined when it does not.
 */
export function purposeNaming(purpose: StatedPurpose, file: string): string | undefined {
  const name = file.split('/').pop() ?? file
  const names = [...new Set([file, name])].filter(n => n.length >= 3)
  for (const text of [purpose.title, purpose.body]) {
    for (const sentence of text.split(/(?<=[.!?])\s+|\r?\n/)) {
      const hit = names.some(n =>
        new RegExp(`(^|[^\\w./-])${escapeRegExp(n)}($|[^\\w/-]|\\.(?!\\w))`).test(sentence)
      )
      if (!hit) continue
      const quote = sentence.trim()
      return quote.length > MAX_QUOTE ? `${quote.slice(0, MAX_QUOTE - 1)}…` : quote
    }
  }
  return undefined
}
