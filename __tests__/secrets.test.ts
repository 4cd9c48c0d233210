/**
 * One secrets list (src/action/secrets.ts): every variable on it is redacted from the crash guard's message, taken out
 * of the process environment, still known to the redaction of a source's answer afterwards, and withheld from a
 * `command` source. Values are plain words, not secret-shaped, so only the list can catch them.
 */
import { describe, expect, it } from '@jest/globals'
import { crashMessage, secretsOf } from '../src/action/crash-guard.js'
import {
  answerSecrets,
  secretInputsOf,
  secretValues,
  SECRET_VARIABLES
} from '../src/action/secrets.js'
import { keepStepEnvironment, stepEnvironment } from '../src/action/step-env.js'
import { commandEnvironment, dropSecretInputs } from '../src/sources/command.js'
import { redactOutcome } from '../src/sources/redact.js'
import type { ReviewOutcome } from '../src/sources/types.js'

const valueOf = (name: string) => `plain-${name.toLowerCase().replace(/[^a-z]/g, '')}-words`

const noReview = (text: string): ReviewOutcome => ({
  kind: 'no-review',
  cause: `the source said: ${text}`,
  returned: text
})

describe('a value in GH_ENTERPRISE_TOKEN', () => {
  const secret = 'quiet-enterprise-value'

  it("is redacted from the crash guard's message", () => {
    const env = { GH_ENTERPRISE_TOKEN: secret, PATH: '/bin' }
    const message = crashMessage(new Error(`request with ${secret} failed`), secretsOf(env))
    expect(message).not.toContain(secret)
    expect(message).toContain('[redacted]')
  })

  it("is redacted from a source's answer after it left the process environment", () => {
    const env: NodeJS.ProcessEnv = { GH_ENTERPRISE_TOKEN: secret, PATH: '/bin' }
    dropSecretInputs(env)
    keepStepEnvironment(env)
    expect(env.GH_ENTERPRISE_TOKEN).toBeUndefined()
    // What the round redacts a source's answer with (src/run/round.ts).
    const secrets = answerSecrets(
      secretInputsOf({ githubToken: 'input-token-value' }),
      stepEnvironment()
    )
    const outcome = redactOutcome(noReview(`echo ${secret}`), secrets)
    expect(JSON.stringify(outcome)).not.toContain(secret)
  })
})

describe('every secret variable, at every site', () => {
  it.each(SECRET_VARIABLES.map(name => [name]))('%s', name => {
    const value = valueOf(name)
    const env: NodeJS.ProcessEnv = { [name]: value, PATH: '/bin' }
    expect(crashMessage(new Error(`saw ${value}`), secretsOf(env))).not.toContain(value)
    expect(commandEnvironment(env)).toEqual({ PATH: '/bin' })
    dropSecretInputs(env)
    keepStepEnvironment(env)
    expect(secretValues({}, stepEnvironment())).toContain(value)
    expect(
      JSON.stringify(redactOutcome(noReview(value), answerSecrets({}, stepEnvironment())))
    ).not.toContain(value)
  })

  it('reads the secret inputs and the lines of secrets-to-redact, each once', () => {
    expect(
      secretValues({
        'github-token': ' the-token-value ',
        'openai-api-key': 'the-token-value',
        'secrets-to-redact': 'first-listed\n\n  second-listed  '
      })
    ).toEqual(expect.arrayContaining(['the-token-value', 'first-listed', 'second-listed']))
    expect(
      secretValues({ 'github-token': 'the-token-value' }).filter(v => v === 'the-token-value')
    ).toHaveLength(1)
  })

  it('leaves values under 8 characters out of what answers are redacted with', () => {
    expect(answerSecrets({ 'secrets-to-redact': 'short\nlong-enough' })).toContain('long-enough')
    expect(answerSecrets({ 'secrets-to-redact': 'short\nlong-enough' })).not.toContain('short')
  })
})
