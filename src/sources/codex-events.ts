/** What the `codex` source reads in codex's JSONL event stream (`codex exec --json`), and how it quotes it. */

/** What the JSONL events said. */
export interface CodexEvents {
  lastAgentMessage?: string
  /** `turn.failed` messages: the run failed. */
  failures: string[]
  /** `error` events and error items (reconnecting, a transport fallback, missing model metadata): progress, not failure. */
  notes: string[]
  /** A `turn.completed` came. */
  completed: boolean
  usage?: { input: number; output: number }
}

/** Reads the JSONL events by what they mean: recoverable errors are notes; only `turn.failed` or no completed turn fail a run. */
export function readCodexEvents(stdout: string): CodexEvents {
  const events: CodexEvents = { failures: [], notes: [], completed: false }
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue
    let event: unknown
    try {
      event = JSON.parse(line)
    } catch {
      continue
    }
    if (event === null || typeof event !== 'object') continue
    const e = event as Record<string, unknown>
    const item = e.item as Record<string, unknown> | undefined
    if (e.type === 'item.completed' && item?.type === 'agent_message') {
      if (typeof item.text === 'string') events.lastAgentMessage = item.text
    } else if (e.type === 'item.completed' && item?.type === 'error') {
      events.notes.push(String(item.message))
    } else if (e.type === 'error') {
      events.notes.push(String(e.message))
    } else if (e.type === 'turn.failed') {
      const error = e.error as Record<string, unknown> | undefined
      events.failures.push(String(error?.message ?? JSON.stringify(e.error)))
    } else if (e.type === 'turn.completed') {
      events.completed = true
      const u = e.usage as Record<string, unknown> | undefined
      if (typeof u?.input_tokens === 'number' && typeof u.output_tokens === 'number') {
        events.usage = {
          input: (events.usage?.input ?? 0) + u.input_tokens,
          output: (events.usage?.output ?? 0) + u.output_tokens
        }
      }
    }
  }
  return events
}

/** A few messages for a cause or a `Call:` line: the last three, each cut to 300 characters. */
export function quote(messages: string[]): string {
  const cut = (m: string): string => (m.length > 300 ? `${m.slice(0, 300)}…` : m)
  const shown = messages.slice(-3).map(cut)
  const earlier = messages.length - shown.length
  return `${earlier > 0 ? `(${earlier} earlier) ` : ''}${shown.join('; ')}`
}
