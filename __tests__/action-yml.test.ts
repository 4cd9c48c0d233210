/** action.yml is valid YAML and mirrors the contract: every input and output, with descriptions, run on node24. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { Inputs, Outputs } from '../src/action/constants.js'

interface ActionYml {
  inputs: Record<string, { description?: string; default?: string; required?: boolean }>
  outputs: Record<string, { description?: string }>
  runs: { using: string; main: string }
}

const action = parse(readFileSync(new URL('../action.yml', import.meta.url), 'utf8')) as ActionYml

describe('action.yml', () => {
  it('runs dist/index.js on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it("declares the contract's inputs and outputs, and exactly the names the code reads and writes", () => {
    const contractInputs = [
      'github-token',
      'source',
      'command',
      'driver',
      'landing',
      'ledger-store',
      'ledger-dir',
      'next-round'
    ]
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(contractInputs))
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Inputs).sort())
    expect(Object.keys(action.outputs).sort()).toEqual(['open-gates', 'round', 'status', 'verdict'])
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(Outputs).sort())
  })

  it('describes every input and output, with the contract defaults', () => {
    for (const [name, spec] of [
      ...Object.entries(action.inputs),
      ...Object.entries(action.outputs)
    ]) {
      expect([name, (spec.description ?? '').length > 20]).toEqual([name, true])
    }
    expect(action.inputs['github-token']!.default).toBe('${{ github.token }}')
    expect(action.inputs['ledger-store']!.default).toBe('cache')
    expect(action.inputs['next-round']!.default).toBe('dispatch')
  })
})
