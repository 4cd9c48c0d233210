/**
 * The connection every part of the GitHub client shares (src/github/client.ts): one Octokit for one repository, with
 * retries and throttling built in.
 */
import * as core from '@actions/core'
import { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { GitHubReviews } from './reviews.js'

/** Whether an API base URL points at this machine's loopback interface. */
export function isLoopback(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
  } catch {
    return false
  }
}

/** GitHub's connection for one repository; the client's parts extend it. */
export class GitHubBase {
  protected readonly octokit: ReturnType<typeof getOctokit>
  protected readonly reviews: GitHubReviews
  /** An installation token (`ghs_`: the workflow's GITHUB_TOKEN, an App's) is no user: GitHub refuses it GET /user. */
  protected readonly installation: boolean
  constructor(
    token: string,
    readonly owner: string,
    readonly repo: string,
    baseUrl = process.env.GITHUB_API_URL || 'https://api.github.com'
  ) {
    this.octokit = getOctokit(
      token,
      {
        baseUrl,
        retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 451] },
        throttle: {
          // The plugin spaces writes (1 s) and comment posts (3 s) apart, as GitHub asks of its API. An API on the
          // loopback interface (a stand-in, a local proxy) has no such limits, and the spacing would only make it slow.
          enabled: !isLoopback(baseUrl),
          onRateLimit: (after: number, _o: unknown, _k: unknown, count: number) => {
            core.warning(`GitHub rate limit hit; retrying after ${after} s`)
            return count < 2
          },
          onSecondaryRateLimit: (after: number, _o: unknown, _k: unknown, count: number) => {
            core.warning(`GitHub secondary rate limit hit; retrying after ${after} s`)
            return count < 2
          }
        }
      },
      retry,
      throttling
    )
    this.reviews = new GitHubReviews(this.octokit, owner, repo)
    this.installation = token.startsWith('ghs_')
  }
}
