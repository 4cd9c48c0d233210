/**
 * What of a comment's text can be told without the command grammar (src/loop/commands.ts): whether it may hold a
 * `/review-loop` command at all. Imports nothing, so the entry file answers a comment without one before the rest of the
 * action loads (src/action/quick-answer.ts).
 */

/** Comments longer than this are not read for commands (GitHub's own limit on a comment body is 65,536). */
const MAX_BODY = 65_536

/**
 * The text without its HTML comments (`<!--` to the next `-->`); an unclosed `<!--` stays, as it is text to a reader.
 * One pass: `/<!--[\s\S]*?-->/g` re-read the rest of the text from every unclosed opener (quadratic).
 */
export function withoutHtmlComments(text: string): string {
  let out = ''
  let last = 0
  for (;;) {
    const open = text.indexOf('<!--', last)
    const close = open < 0 ? -1 : text.indexOf('-->', open + 4)
    if (close < 0) return out + text.slice(last)
    out += text.slice(last, open)
    last = close + 3
  }
}

/**
 * Whether a body may hold a command: within the size read, and spelling `/review-loop` once its HTML comments and
 * backslashes are gone (as GitHub shows it, `/r<!---->eview-loop stop` and `\/review-loop stop` spell the command).
 * False means no command; true means the grammar must read it.
 */
export function mayHoldCommand(body: string): boolean {
  return (
    body.length <= MAX_BODY && withoutHtmlComments(body).replace(/\\/g, '').includes('/review-loop')
  )
}
