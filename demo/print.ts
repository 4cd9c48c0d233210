/** Terminal output for the demo: headings, quoted blocks, step outputs and the PR conversation, as plain text. */
import type { IssueComment, RunResult } from '../__fixtures__/harness/index.js'

/** The hidden block at the end of the status comment that carries the ledger. */
const STATE_BLOCK = /\n*<!-- review-loop:state [\s\S]*?-->\s*$/

/** The outputs the demo shows for each run, in the order action.yml declares them. */
export const SHOWN_OUTPUTS = ['status', 'round', 'verdict', 'open-gates'] as const

/** Writes text for a person at a terminal; bold headings only when stdout is a TTY and NO_COLOR is unset. */
export class Printer {
  private readonly bold: boolean

  constructor(
    private readonly out: (text: string) => void = text => process.stdout.write(text),
    tty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR
  ) {
    this.bold = tty
  }

  /** A line of text (or several). */
  line(text = ''): void {
    this.out(`${text}\n`)
  }

  /** A section heading, underlined so it stands out without colour too. */
  heading(text: string, rule = '-'): void {
    this.line()
    this.line(this.bold ? `\x1b[1m${text}\x1b[0m` : text)
    this.line(rule.repeat(Math.min(text.length, 100)))
  }

  /** Text from the product (a summary, a comment, a diff), kept as is behind a gutter. */
  quote(text: string): void {
    const lines = text.replace(/\s+$/, '').split('\n')
    for (const l of lines) this.line(l === '' ? '  │' : `  │ ${l}`)
  }
}

/** Removes the hidden state block from a status comment; says whether there was one and how long it was. */
export function stripStateBlock(body: string): { text: string; stateChars?: number } {
  const found = STATE_BLOCK.exec(body)
  if (!found) return { text: body }
  return { text: body.slice(0, found.index), stateChars: found[0].trim().length }
}

/** Whether a comment is review-loop's status comment (the one edited in place). */
export function isStatusComment(comment: IssueComment): boolean {
  return comment.user.type === 'Bot' && comment.body.includes('<!-- review-loop:state ')
}

/** `status=… round=… verdict=… open-gates=…`, an empty output shown as `""`. */
export function formatOutputs(outputs: Record<string, string>): string {
  return SHOWN_OUTPUTS.map(name => `${name}=${outputs[name] || '""'}`).join('  ')
}

/** One line naming the event a run was given, read from the event file the runner wrote for it. */
export function describeEvent(
  name: string,
  payload: EventPayload,
  permissionOf: (login: string) => string
): string {
  const login = payload.sender?.login
  const who = login ? ` sent by @${login} (${permissionOf(login)} access)` : ''
  const action = payload.action ? ` (${payload.action})` : ''
  const inputs = payload.inputs
    ? `, inputs ${Object.entries(payload.inputs)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(' ')}`
    : ''
  return `${name}${action}${inputs},${who}`.replace(/,$/, '')
}

/** The parts of a webhook payload the demo names. */
export interface EventPayload {
  action?: string
  sender?: { login?: string }
  inputs?: Record<string, unknown>
}

/** Everything a failed step left on stdout and stderr, for the person running the demo to read. */
export function failureReport(label: string, result: RunResult): string {
  const how = result.timedOut
    ? 'timed out'
    : result.signal
      ? `was killed by ${result.signal}`
      : `exited with code ${result.exitCode}`
  return [
    `${label}: the step ${how}.`,
    '--- stdout ---',
    result.stdout.trimEnd(),
    '--- stderr ---',
    result.stderr.trimEnd()
  ].join('\n')
}
