/** Parses `/review-loop` commands out of a PR comment. */

/** One command line of a comment. */
export type Command =
  | { kind: 'stop' }
  | { kind: 'continue' }
  | { kind: 'status' }
  | { kind: 'answer'; gate: string; words: string }
  /** Record what the exit handover lists where it lasts: the named items (`D1`, `G3`, `F5`, `P1`), or all of them. */
  | { kind: 'record'; items: string[] }
  | { kind: 'unknown'; line: string }

const PREFIX = /^\/review-loop(?:\s+|$)/

/** The comment's command lines, in order. Lines inside fenced code blocks and quotes are not commands. */
export function parseCommands(body: string): Command[] {
  const commands: Command[] = []
  let fence: string | undefined
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.trim()
    const fenceMatch = /^(`{3,}|~{3,})/.exec(line)
    if (fenceMatch) {
      const marker = fenceMatch[1]!
      if (fence === undefined) fence = marker[0]!
      else if (marker[0] === fence) fence = undefined
      continue
    }
    if (fence !== undefined || !PREFIX.test(line)) continue
    const rest = line.replace(PREFIX, '')
    const [head = '', ...tail] = rest.split(/\s+/)
    const word = head.toLowerCase()
    if (word === 'stop' && tail.length === 0) commands.push({ kind: 'stop' })
    else if (word === 'continue' && tail.length === 0) commands.push({ kind: 'continue' })
    else if (word === 'status' && tail.length === 0) commands.push({ kind: 'status' })
    else if (word === 'record' && tail.every(t => /^[dgfp]\d+,?$/i.test(t))) {
      const items = tail.map(t => t.replace(/,$/, '').toUpperCase())
      commands.push({ kind: 'record', items: [...new Set(items)] })
    } else if (/^g\d+$/i.test(head)) {
      // The words are kept exactly as written after the gate ID.
      const words = rest.slice(head.length).trim()
      if (words) commands.push({ kind: 'answer', gate: head.toUpperCase(), words })
      else commands.push({ kind: 'unknown', line })
    } else commands.push({ kind: 'unknown', line })
  }
  return commands
}

/** Whether a comment holds at least one command line (cheap check before any API call). */
export function hasCommand(body: string): boolean {
  return parseCommands(body).length > 0
}
