/** The provider factory: settings in, a {@link ModelClient} out, the key masked in the log before any call. */
import * as core from '@actions/core'
import { AnthropicClient, type AnthropicClientOptions } from './anthropic.js'
import { OpenAIClient, type OpenAIClientOptions } from './openai.js'
import type { ModelClient } from './types.js'

export { ModelCallError } from './types.js'
export type { Effort, ModelAnswer, ModelClient, ModelRequest } from './types.js'
export {
  AnthropicClient,
  type AnthropicClientOptions,
  type AnthropicThinking
} from './anthropic.js'
export { OpenAIClient, type AzureOptions, type OpenAIClientOptions } from './openai.js'
export type { RetryPolicy } from './http.js'

/** Which provider, and how to reach the model there. */
export type ModelClientSettings =
  | ({ provider: 'openai' } & OpenAIClientOptions)
  | ({ provider: 'anthropic' } & AnthropicClientOptions)

function checkUrl(what: string, value: string | undefined): void {
  if (value === undefined) return
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${what} ${JSON.stringify(value)} is not a URL: give an absolute http(s) URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(
      `${what} ${JSON.stringify(value)} must start with https:// (or http:// for a local server)`
    )
  }
  // Credentials in the URL would be sent and logged past the masking of the key.
  if (url.username !== '' || url.password !== '') {
    throw new Error(`${what} must not carry credentials; give the key as the API key instead`)
  }
}

/** Retries go to the step log unless the caller takes them. */
const stepLog = (line: string): void => core.info(line)

/** Checks the settings, masks the key with `core.setSecret`, and returns the provider's client. */
export function createModelClient(settings: ModelClientSettings): ModelClient {
  const provider = (settings as { provider?: unknown }).provider
  if (provider !== 'openai' && provider !== 'anthropic') {
    throw new Error(`model provider ${JSON.stringify(provider)} is not one of openai|anthropic`)
  }
  if (typeof settings.apiKey !== 'string' || settings.apiKey.trim() === '') {
    throw new Error(
      `no API key for the ${provider} model: pass the key from a repository secret (it is masked in the log)`
    )
  }
  core.setSecret(settings.apiKey)
  if (typeof settings.model !== 'string' || settings.model.trim() === '') {
    throw new Error(
      `no model name for ${provider}: name the model to call (for Azure, the deployment's model)`
    )
  }
  checkUrl(`the ${provider} base URL`, settings.baseUrl)

  if (settings.provider === 'anthropic') {
    const { provider: _, ...options } = settings
    if (
      options.thinking !== undefined &&
      options.thinking !== 'budget' &&
      options.thinking !== 'adaptive'
    ) {
      throw new Error(
        `anthropic thinking ${JSON.stringify(options.thinking)} is not one of budget|adaptive`
      )
    }
    return new AnthropicClient({ log: stepLog, ...options })
  }

  const { provider: _, ...options } = settings
  if (options.azure !== undefined) {
    if (options.baseUrl !== undefined) {
      throw new Error('give either an Azure endpoint or an OpenAI base URL, not both')
    }
    if (typeof options.azure.endpoint !== 'string' || options.azure.endpoint.trim() === '') {
      throw new Error(
        'no Azure OpenAI endpoint: give the resource URL, https://<resource>.openai.azure.com'
      )
    }
    checkUrl('the Azure OpenAI endpoint', options.azure.endpoint)
    if (options.azure.deployment !== undefined && options.azure.deployment.trim() === '') {
      throw new Error(
        'the Azure OpenAI deployment name is empty: name the deployment, or leave it out to use the model name'
      )
    }
  }
  return new OpenAIClient({ log: stepLog, ...options })
}
