import { describe, expect, it } from '@jest/globals'
import { redactCorrection, redactOutcome, redactText } from '../src/sources/redact.js'

const TOKEN = 'ghs_abcdefghijklmnopqrstuvwxyz0123456789'

describe('redact', () => {
  it('removes every known secret from all of a review outcome', () => {
    const out = redactOutcome(
      {
        kind: 'review',
        verdict: 'needs-attention',
        findings: [
          {
            severity: 'high',
            file: 'a.js',
            line: 1,
            description: `the token ${TOKEN} leaks`,
            evidence: `const t = '${TOKEN}'`,
            expectation: `no credential such as ${TOKEN} is written into the source`,
            fix: { start_line: 1, end_line: 1, replacement: `const t = '${TOKEN}'` }
          }
        ],
        malformed: [{ index: 0, raw: { description: TOKEN }, problems: [`bad ${TOKEN}`] }],
        exercised: null,
        unmapped: `prose ${TOKEN}`,
        call: 'fine',
        direction: { mechanism: TOKEN, falsifier: 'x' }
      },
      [TOKEN]
    )
    expect(JSON.stringify(out)).not.toContain(TOKEN)
    expect(JSON.stringify(out)).toContain('[redacted]')
    if (out.kind !== 'review') throw new Error('expected a review')
    expect(out.findings[0]).toMatchObject({
      evidence: "const t = '[redacted]'",
      expectation: 'no credential such as [redacted] is written into the source'
    })
    const none = redactOutcome({ kind: 'no-review', cause: `exit 1 ${TOKEN}`, returned: TOKEN }, [
      TOKEN
    ])
    expect(JSON.stringify(none)).not.toContain(TOKEN)
    const corrected = redactCorrection(
      {
        findings: [
          {
            severity: 'low',
            file: 'a',
            line: 1,
            description: TOKEN,
            evidence: `x = ${TOKEN}`,
            expectation: `${TOKEN} stays secret`
          }
        ],
        malformed: []
      },
      [TOKEN]
    )
    expect(JSON.stringify(corrected)).not.toContain(TOKEN)
    expect(corrected.findings[0]).toMatchObject({
      evidence: 'x = [redacted]',
      expectation: '[redacted] stays secret'
    })
  })
  it('leaves text without secrets as it is', () => {
    expect(redactText('nothing here', [TOKEN, ''])).toBe('nothing here')
  })
})
