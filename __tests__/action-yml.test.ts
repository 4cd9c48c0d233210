/** action.yml is valid YAML and mirrors the contract: every input and output, with descriptions, run on node24. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { Inputs, Outputs } from '../src/action/constants.js'
import { BUILT_IN_DEFAULTS } from '../src/action/inputs.js'
import { DEFAULTABLE_INPUTS } from '../src/config/types.js'

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
  })

  it('declares no default for an input the repository file may default (the built-in one is named and applied in code)', () => {
    for (const input of DEFAULTABLE_INPUTS) {
      expect([input, action.inputs[input]?.default]).toEqual([input, undefined])
    }
    for (const [input, value] of Object.entries(BUILT_IN_DEFAULTS)) {
      expect([input, action.inputs[input]!.description]).toEqual([
        input,
        expect.stringContaining(String(value))
      ])
    }
  })
})
