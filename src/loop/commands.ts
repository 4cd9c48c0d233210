/**
 * Parses `/review-loop` commands out of a PR comment, as GitHub renders it: the comment is read by a CommonMark/GFM
 * lexer (`marked`), and a command is taken only from the text of a top-level paragraph, which a reader sees as written.
 * Code blocks (fenced or indented, however they close), quotes (lazy continuation lines too), lists, headings, tables,
 * HTML blocks and comments, and code spans never carry one.
 */
import { Lexer, type Token, type Tokens } from 'marked'
import { mayHoldCommand, withoutHtmlComments } from './command-text.js'

/** One command line of a comment. */
export type Command =
  | { kind: 'stop' }
  | { kind: 'continue' }
  | { kind: 'status' }
  | { kind: 'answer'; gate: string; words: string }
  /** Record what the exit handover lists where it lasts: the named items (`D1`, `G3`, `F5`, `P1`), or all of them. */
  | { kind: 'record'; items: string[] }
  | { kind: 'unknown'; line: string }
  /**
   * A thread reply's short form (`/review-loop dismiss`) where the thread's finding has no single gate to answer:
   * `gates` are the finding's questions (several: name one; none: nothing waits for an answer).
   */
  | { kind: 'no-single-gate'; line: string; finding: string; gates: string[] }

const PREFIX = /^\/review-loop(?:\s+|$)/

/** Stands where a paragraph held something a reader does not see as plain text (a code span): no command there. */
const NOT_TEXT = '\u0000'

/**
 * What a reader sees of a paragraph's text: HTML comments are nothing, code spans are not plain text (a line that
 * starts inside one starts with `NOT_TEXT`), a backslash escape is the character. Linear: every backtick run is paired
 * with the next run of the same length, read left to right once.
 */
function visibleText(text: string): string {
  const hidden = withoutHtmlComments(text)
  const runs = [...hidden.matchAll(/`+/g)].map(m => ({ at: m.index, length: m[0].length }))
  const later = new Map<number, number[]>()
  runs.forEach((r, i) => {
    const list = later.get(r.length)
    if (list) list.push(i)
    else later.set(r.length, [i])
  })
  const cursor = new Map<number, number>()
  let out = ''
  let last = 0
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!
    if (open.at < last) continue
    const same = later.get(open.length)!
    let k = cursor.get(open.length) ?? 0
    while (k < same.length && same[k]! <= i) k++
    cursor.set(open.length, k)
    if (k >= same.length) continue
    const close = runs[same[k]!]!
    const span = hidden.slice(open.at, close.at + close.length)
    out += hidden.slice(last, open.at) + NOT_TEXT + span.replace(/\n/g, `\n${NOT_TEXT}`)
    last = close.at + close.length
    i = same[k]!
  }
  out += hidden.slice(last)
  return out.replace(/\\([!-/:-@[-`{-~])/g, '$1')
}

/** A line's leading chain of block containers (quote markers, list markers), each after at most three blanks. */
const CONTAINERS = /^(?:[ \t]{0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))+/gm
/** One container marker of such a chain. */
const CONTAINER = /[ \t]{0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/g
/** The most containers one line opens that the lexer is given. */
export const MAX_NESTING = 32

/**
 * The comment with no line opening more than `MAX_NESTING` containers: the markers past that many are left out. marked
 * lexes each container's text again, so `> - > - …` on one line cost the square of its length (0.6 s on 64 KB) until
 * the lexer ran out of stack, and then the whole comment was read as holding no command. What is past the 32nd
 * container of a line is never top-level text, and it keeps its kind (a paragraph, a fence) inside the 32nd, so the
 * lines a reader sees as top-level paragraphs are the same.
 */
function shallow(body: string): string {
  return body.replace(CONTAINERS, chain => {
    CONTAINER.lastIndex = 0
    for (let n = 0; n < MAX_NESTING; n++) if (!CONTAINER.exec(chain)) return chain
    return chain.slice(0, CONTAINER.lastIndex)
  })
}

/**
 * The lines of the comment's top-level paragraphs, as a reader sees them. Only the block structure is lexed (marked's
 * inline lexer is quadratic on some input and is not needed: a command is a whole line of plain text).
 */
function paragraphLines(body: string): string[] {
  let tokens: Token[]
  try {
    tokens = new Lexer({ gfm: true }).blockTokens(shallow(body.replace(/\r\n?/g, '\n')), [])
  } catch {
    return []
  }
  return tokens
    .filter((t): t is Tokens.Paragraph => t.type === 'paragraph')
    .flatMap(p => visibleText(p.text).split('\n'))
}

function parseLine(text: string): Command | undefined {
  if (!PREFIX.test(text)) return undefined
  // A code span later in the line is kept as its text (`dismiss \`x\` is fine`).
  const line = text.split(NOT_TEXT).join('')
  const rest = line.replace(PREFIX, '')
  const [head = '', ...tail] = rest.split(/\s+/)
  const word = head.toLowerCase()
  if (word === 'stop' && tail.length === 0) return { kind: 'stop' }
  if (word === 'continue' && tail.length === 0) return { kind: 'continue' }
  if (word === 'status' && tail.length === 0) return { kind: 'status' }
  if (word === 'record' && tail.every(t => /^[dgfp]\d+,?$/i.test(t))) {
    const items = tail.map(t => t.replace(/,$/, '').toUpperCase())
    return { kind: 'record', items: [...new Set(items)] }
  }
  if (/^g\d+$/i.test(head)) {
    // The words are kept exactly as written after the gate ID.
    const words = rest.slice(head.length).trim()
    return words ? { kind: 'answer', gate: head.toUpperCase(), words } : { kind: 'unknown', line }
  }
  return { kind: 'unknown', line }
}

/** The comment's command lines, in order: only lines of top-level paragraph text. */
export function parseCommands(body: string): Command[] {
  // Read as GitHub shows it: `/r<!---->eview-loop stop` and `\/review-loop stop` show as the command they spell.
  if (!mayHoldCommand(body)) return []
  const commands: Command[] = []
  for (const raw of paragraphLines(body)) {
    const command = parseLine(raw.trim())
    if (command) commands.push(command)
  }
  return commands
}

/** Whether a comment holds at least one command line (cheap check before any API call). */
export function hasCommand(body: string): boolean {
  return parseCommands(body).length > 0
}

/** The words a thread reply's short form cannot start with: they are commands of their own, whatever follows. */
const RESERVED = new Set(['stop', 'continue', 'status', 'record'])

/** What a thread reply answers: the finding whose thread it is, and the gate its short form names (if exactly one). */
export interface ThreadTarget {
  finding: string
  /** The one gate the short form answers; absent when the finding has none or several (`gates` lists them). */
  gate?: string
  gates: string[]
}

/**
 * The gate a thread's finding belongs to, for the short form: the gates naming the finding that still stand (a gate
 * superseded by a newer review is not one; when every gate naming it was superseded, the newest is, so the reply says
 * it is no longer open). One such gate is the answer's; several are ambiguous; none leaves nothing to answer.
 */
export function threadTarget(
  gates: readonly { id: string; findings: readonly string[]; status: string }[],
  finding: string
): ThreadTarget {
  const named = gates.filter(g => g.findings.includes(finding))
  const standing = named.filter(g => g.status !== 'superseded')
  const ids = standing.map(g => g.id)
  if (standing.length === 1) return { finding, gate: standing[0]!.id, gates: ids }
  if (standing.length === 0 && named.length > 0) {
    const newest = named.at(-1)!.id
    return { finding, gate: newest, gates: [newest] }
  }
  return { finding, gates: ids }
}

/**
 * A command read in a reply in a finding's thread. `/review-loop G3 dismiss`, `stop`, `continue`, `status` and
 * `record` mean what they mean in the conversation; the short form `/review-loop <answer>` (any option key, or free
 * words for an open question) answers the finding's one gate, with the words kept exactly as written.
 */
export function threadCommand(command: Command, target: ThreadTarget): Command {
  if (command.kind !== 'unknown') return command
  const rest = command.line.replace(PREFIX, '').trim()
  const head = (rest.split(/\s+/)[0] ?? '').toLowerCase()
  if (rest === '' || RESERVED.has(head) || /^g\d+$/.test(head)) return command
  if (target.gate) return { kind: 'answer', gate: target.gate, words: rest }
  return {
    kind: 'no-single-gate',
    line: command.line,
    finding: target.finding,
    gates: target.gates
  }
}

/** The commands of a reply in a finding's thread, in order (see `threadCommand`). */
export function parseThreadCommands(body: string, target: ThreadTarget): Command[] {
  return parseCommands(body).map(c => threadCommand(c, target))
}
