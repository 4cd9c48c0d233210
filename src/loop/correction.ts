/**
 * Seed 000's one correction, bounded: a `correct` answer completes the findings it was sent and nothing more (the
 * validity gate asks the same reviewer to correct the same pass, not to extend it). Each finding it returns must answer
 * one that was sent: the same file when the sent one named a file, at most one answer each; one that answers none was
 * not sent and is refused. A fix is taken only where the finding sent had one that needed correcting: a fix the sent
 * finding did not have is set aside, and a valid one it had stays as it was sent (the source may withdraw it).
 */
import { WireFix, type MalformedFinding, type SourceFinding } from './wire.js'
import type { Fix } from './model.js'

/** What of a correction the loop takes: the findings, those still malformed, what it refused and what it set aside. */
export interface BoundedCorrection {
  findings: SourceFinding[]
  malformed: MalformedFinding[]
  /** Entries for the round's Malformed line: a returned finding no sent one accounts for. */
  refused: string[]
  /** For the round's notes: a fix the correction added or changed, set aside. */
  notes: string[]
}

type SentFix = { kind: 'none' } | { kind: 'valid'; fix: Fix } | { kind: 'invalid' }

interface Slot {
  file: string | undefined
  fix: SentFix
  used: boolean
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const normal = (file: string) => file.replace(/^(\.\/)+/, '')

function fileOf(raw: unknown): string | undefined {
  return isRecord(raw) && typeof raw.file === 'string' && raw.file.trim() !== ''
    ? normal(raw.file)
    : undefined
}

function fixOf(raw: unknown): SentFix {
  if (!isRecord(raw) || raw.fix === undefined || raw.fix === null) return { kind: 'none' }
  const parsed = WireFix.safeParse(raw.fix)
  return parsed.success
    ? {
        kind: 'valid',
        fix: {
          start_line: parsed.data.start_line,
          end_line: parsed.data.end_line,
          replacement: parsed.data.replacement
        }
      }
    : { kind: 'invalid' }
}

const sameFix = (a: Fix, b: Fix) =>
  a.start_line === b.start_line && a.end_line === b.end_line && a.replacement === b.replacement

/** Takes what a correction answer may give: `sent` are the findings sent back, `returned` what came back. */
export function boundCorrection(
  sent: readonly { raw: unknown }[],
  returned: { findings: readonly SourceFinding[]; malformed: readonly MalformedFinding[] }
): BoundedCorrection {
  const slots: Slot[] = sent.map(s => ({ file: fileOf(s.raw), fix: fixOf(s.raw), used: false }))
  // The sent finding a returned one answers: one about the same file first, else one that named no file.
  const answer = (file: string | undefined): Slot | undefined => {
    const slot =
      (file !== undefined ? slots.find(s => !s.used && s.file === file) : undefined) ??
      slots.find(s => !s.used && s.file === undefined)
    if (slot) slot.used = true
    return slot
  }
  const out: BoundedCorrection = { findings: [], malformed: [], refused: [], notes: [] }
  const refuse = (raw: unknown) =>
    out.refused.push(
      `${JSON.stringify(raw).slice(0, 300)} — the correction returned a finding it was not sent: a correction completes the findings it was sent, never adds one`
    )
  for (const f of returned.findings) {
    const slot = answer(normal(f.file))
    if (!slot) {
      refuse(f)
      continue
    }
    if (f.fix && slot.fix.kind === 'none') {
      const { fix: _added, ...rest } = f
      out.findings.push(rest)
      out.notes.push(
        `the correction of ${f.file}:${f.line} added a fix the finding did not have; it was set aside (a correction completes a finding, it does not add a fix)`
      )
    } else if (f.fix && slot.fix.kind === 'valid' && !sameFix(f.fix, slot.fix.fix)) {
      out.findings.push({ ...f, fix: slot.fix.fix })
      out.notes.push(
        `the correction of ${f.file}:${f.line} changed the fix it was sent; the fix as first sent was kept`
      )
    } else out.findings.push(f)
  }
  for (const m of returned.malformed) {
    if (answer(fileOf(m.raw))) out.malformed.push(m)
    else refuse(m.raw)
  }
  return out
}
