/**
 * A whole `Run` for tests of src/run/, with its world in memory: a forge that keeps a pull request's conversation and
 * labels, and a store that keeps what was saved. They are typed as the ports (src/run/ports.ts), so the type checker
 * proves each fake fits what the run asks of it, and no test needs a cast to give a run its world.
 */
import { resolveSettings, type Settings } from '../../src/action/inputs.js'
import { EMPTY_CONFIG } from '../../src/config/types.js'
import type { IssueComment, PullRequest, Reaction } from '../../src/github/client.js'
import { emptyLedger } from '../../src/loop/model.js'
import type { Run, RunEnv, World } from '../../src/run/context.js'
import type { GitHubPort, LedgerStore, Posted } from '../../src/run/ports.js'

export const BOT = 'github-actions[bot]'
const NOW = '2026-11-30T00:00:00Z'

/** One call the run made to the forge: the method and its arguments, in the order made. */
export type Call = [method: keyof GitHubPort, ...args: unknown[]]

/**
 * The forge in memory, for one pull request: its conversation's comments and its labels are kept, and every call is
 * logged. A call the fake does not model throws, naming the method, so a test that reaches one fails where it did.
 */
export class MemoryGitHub implements GitHubPort {
  readonly calls: Call[] = []
  conversation: IssueComment[]
  labels: string[]
  reactions: [number, Reaction][] = []
  private readonly login: string
  private nextId = 1000

  constructor(seed: { comments?: IssueComment[]; labels?: string[]; login?: string } = {}) {
    this.conversation = (seed.comments ?? []).map(c => ({ ...c }))
    this.labels = [...(seed.labels ?? [])]
    this.login = seed.login ?? BOT
  }

  private unmodelled(method: keyof GitHubPort): never {
    throw new Error(`MemoryGitHub does not model ${method}: give the test a forge that does`)
  }

  async comments(pr: number): Promise<IssueComment[]> {
    this.calls.push(['comments', pr])
    return this.conversation.map(c => ({ ...c }))
  }

  async comment(pr: number, body: string): Promise<Posted> {
    this.calls.push(['comment', pr, body])
    const id = this.nextId++
    const url = `http://127.0.0.1/o/r/pull/${pr}#issuecomment-${id}`
    this.conversation.push({ id, body, login: this.login, createdAt: NOW, url })
    return { id, url, login: this.login }
  }

  async editComment(id: number, body: string): Promise<void> {
    this.calls.push(['editComment', id, body])
    const found = this.conversation.find(c => c.id === id)
    if (!found) throw new Error(`no comment ${id}`)
    found.body = body
  }

  async deleteComment(id: number): Promise<void> {
    this.calls.push(['deleteComment', id])
    this.conversation = this.conversation.filter(c => c.id !== id)
  }

  async react(commentId: number, content: Reaction): Promise<void> {
    this.calls.push(['react', commentId, content])
    this.reactions.push([commentId, content])
  }

  async addLabels(pr: number, labels: string[]): Promise<void> {
    this.calls.push(['addLabels', pr, labels])
    for (const label of labels) if (!this.labels.includes(label)) this.labels.push(label)
  }

  async removeLabel(pr: number, name: string): Promise<void> {
    this.calls.push(['removeLabel', pr, name])
    if (!this.labels.includes(name)) throw new Error(`Label does not exist: ${name}`)
    this.labels = this.labels.filter(l => l !== name)
  }

  plusOnesOn = async (): Promise<never> => this.unmodelled('plusOnesOn')
  permission = async (): Promise<never> => this.unmodelled('permission')
  createReview = async (): Promise<never> => this.unmodelled('createReview')
  reviewComments = async (): Promise<never> => this.unmodelled('reviewComments')
  reviewCommentsOf = async (): Promise<never> => this.unmodelled('reviewCommentsOf')
  replyToReviewComment = async (): Promise<never> => this.unmodelled('replyToReviewComment')
  editReviewComment = async (): Promise<never> => this.unmodelled('editReviewComment')
  reactToReviewComment = async (): Promise<never> => this.unmodelled('reactToReviewComment')
  reviewThreads = async (): Promise<never> => this.unmodelled('reviewThreads')
  resolveThread = async (): Promise<never> => this.unmodelled('resolveThread')
  unresolveThread = async (): Promise<never> => this.unmodelled('unresolveThread')
  compare = async (): Promise<never> => this.unmodelled('compare')
  listDirectory = async (): Promise<never> => this.unmodelled('listDirectory')
  checks = async (): Promise<never> => this.unmodelled('checks')
  createCommitStatus = async (): Promise<never> => this.unmodelled('createCommitStatus')
  findPull = async (): Promise<never> => this.unmodelled('findPull')
  openPull = async (): Promise<never> => this.unmodelled('openPull')
  issueKind = async (): Promise<never> => this.unmodelled('issueKind')
  createIssue = async (): Promise<never> => this.unmodelled('createIssue')
  dispatch = async (): Promise<never> => this.unmodelled('dispatch')
  runAttempt = async (): Promise<never> => this.unmodelled('runAttempt')
}

/** A store in memory: the newest save is what a load finds. */
export class MemoryStore implements LedgerStore {
  readonly describe = 'memory'
  readonly saved: { text: string; revision: number }[] = []

  async load(): Promise<{ text: string; origin: string } | undefined> {
    const last = this.saved.at(-1)
    return last && { text: last.text, origin: `memory revision ${last.revision}` }
  }

  async save(text: string, revision: number): Promise<string> {
    this.saved.push({ text, revision })
    return `memory-${revision}`
  }
}

/** A world whose forge and store are in memory, with no source or driver configured. */
export function memoryWorld(github: GitHubPort = new MemoryGitHub()): World {
  return {
    github,
    store: new MemoryStore(),
    makeSource: name => {
      throw new Error(`this test's world makes no source (asked for ${name})`)
    },
    makeDriver: () => ({ label: 'none', why: "this test's world has no driver" }),
    now: () => NOW
  }
}

/** A pull request from a branch of the repository itself, open and ready for review. */
export function pullRequest(over: Partial<PullRequest> = {}): PullRequest {
  return {
    number: 1,
    state: 'open',
    draft: false,
    title: 'A change',
    body: '',
    headRef: 'feature',
    headSha: 'a'.repeat(40),
    headRepo: 'o/r',
    baseRef: 'main',
    baseRepo: 'o/r',
    fork: false,
    defaultBranch: 'main',
    labels: [],
    ...over
  }
}

/** The settings the built-in defaults give, with `over` on top. */
export function settings(over: Partial<Settings> = {}): Settings {
  return { ...resolveSettings({ 'github-token': 'ghs_test' }), ...over }
}

/** What a run is given, each part replaceable; the rest as a dispatched round on pull request 1 would have it. */
export interface RunParts {
  settings?: Settings
  env?: Partial<RunEnv>
  pr?: PullRequest
  world?: World
  comments?: IssueComment[]
  identity?: string
  ledger?: Run['ledger']
}

/** A whole run: the parts given, and the defaults for the rest. */
export function fakeRun(parts: RunParts = {}): Run {
  const pr = parts.pr ?? pullRequest()
  return {
    settings: parts.settings ?? settings(),
    config: EMPTY_CONFIG,
    trigger: { kind: 'workflow_dispatch', pr: pr.number },
    env: {
      owner: 'o',
      repo: 'r',
      serverUrl: 'http://127.0.0.1:9',
      workspace: '/nonexistent/checkout',
      runnerTemp: '/nonexistent/temp',
      runId: '1',
      runAttempt: '1',
      workflowFile: 'review-loop.yml',
      ...parts.env
    },
    world: parts.world ?? memoryWorld(),
    pr,
    comments: parts.comments ?? [],
    identity: parts.identity ?? BOT,
    ledger: parts.ledger ?? emptyLedger('o/r', pr.number, NOW),
    continueAsked: false,
    statusAsked: false,
    requestNextRound: false
  }
}
