/**
 * The pull request's history, fetched only as far as a round reads it, with exact answers to every ancestry question.
 *
 * What is fetched (docs/performance.md says why): each tip the run reads (the PR head, a stacked layer) with
 * `--shallow-exclude=<base branch>`, so the repository holds every commit of the tip that the base branch does not
 * reach, with their trees and blobs, and nothing of the base branch's history; the merge-base and any other base-side
 * commit a round reads at depth 1. The cut points of that history are the parents of the shallow commits.
 *
 * What that can answer exactly, without more history:
 * - the merge-base of the head and the base branch: the one parent the PR's own commits have on the base side (or the
 *   head itself when the base branch reaches it); with several, the one GitHub's compare names, when it is one of them;
 * - whether `a` is an ancestor of `b`: yes when the local walk from `b` meets it; no when `a` is one of the tips' own
 *   commits (then every path to it is local) or when `b`'s history is whole; yes when `a` is a cut point of `b`.
 * Anything else (several cut points, or a base-side commit that is not one) is asked of GitHub's compare first (one
 * REST call: `behind_by` 0 means an ancestor, `merge_base_commit` the merge-base); only when it cannot say does the
 * graph deepen once: the whole history as commits only (`--unshallow --filter=tree:0`), after which git answers as
 * with a full clone.
 */
import { readFile, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { assertSha, GitError, type Git } from './git.js'

/** What the graph remembers between calls, kept in the git directory (a file of the action's own). */
interface GraphState {
  /** The base branch the tips' history stops at (`refs/heads/main`). */
  baseRef: string
  /** Every refspec fetched with the base excluded, for the deepening fetch. */
  refspecs: string[]
  /** Commits fetched at depth 1: their ancestry is unknown here. */
  depthOne: string[]
  /** The whole history is here (commits only): git's own answers are exact. */
  deepened: boolean
  /** A shallow repository this graph did not fetch: how it was cut is unknown, so it deepens before any "no". */
  foreign?: boolean
}

/**
 * GitHub's own answer for two commits (REST compare): their merge-base and how many commits of `base` the head lacks
 * (none: `base` is an ancestor of `head`). Asked before deepening; undefined when it cannot say (a commit GitHub does
 * not have, a failed call), and then the graph deepens as before.
 */
export interface GraphApi {
  compare(base: string, head: string): Promise<{ mergeBase: string; behindBy: number } | undefined>
}

/** The graph's file in the git directory; its presence marks a checkout review-loop made. */
export const GRAPH_STATE_FILE = 'review-loop-graph.json'

const NO_COMMITS = /no commits selected for shallow requests/
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/

/** Questions one graph asks of GitHub's compare before it deepens instead (see `ask`). */
const MAX_ASKS = 5

/** The history of one checkout made by `checkoutPullHead`, and the questions the loop asks of it. */
export class PullGraph {
  private state: GraphState | undefined
  private asked = 0
  /** Commits known to be here: objects are never removed, so a commit found once needs no second look. */
  private readonly here = new Set<string>()
  /** Per tip, its local walk and cut points, as of the last fetch (a fetch may move where history is cut). */
  private walks = new Map<string, Promise<{ walk: Set<string>; cut: string[]; unknown: boolean }>>()

  constructor(
    private readonly git: Git,
    /** The remote the fetches go to (origin's URL), authenticated with the Git's token. */
    private readonly remoteUrl: string,
    /** GitHub's compare, asked before deepening (a question answered there costs one call, not the history). */
    private readonly api?: GraphApi,
    /** The git directory, when the caller knows it (it made the repository): saves asking git. */
    private gitDir?: string
  ) {}

  /** Starts a graph for a fresh repository whose tips stop at `baseRef`. */
  async start(baseRef: string): Promise<void> {
    this.state = { baseRef, refspecs: [], depthOne: [], deepened: false }
    await this.save()
  }

  /**
   * Fetches `ref` into `tracking` with the base branch's history left out; a tip the base branch already reaches is
   * fetched at depth 1 (it has no commits of its own). Returns the tip's SHA.
   */
  async fetchTip(ref: string, tracking: string): Promise<string> {
    const state = await this.load()
    const refspec = `+${ref}:${tracking}`
    this.walks.clear()
    const out = await this.git.tryExec(
      [
        'fetch',
        '--no-tags',
        '--no-recurse-submodules',
        '--quiet',
        ...(state.deepened ? [] : [`--shallow-exclude=${state.baseRef}`]),
        '--end-of-options',
        'origin',
        refspec
      ],
      { authRemote: this.remoteUrl, retry: true }
    )
    if (out.exitCode !== 0 && NO_COMMITS.test(out.stderr)) {
      await this.fetchDepthOne([refspec])
      const tip = await this.git.revParse(tracking)
      await this.markDepthOne([tip])
      return tip
    }
    if (out.exitCode !== 0) throw new GitError(['fetch', refspec], out.exitCode, out.stderr)
    if (!state.refspecs.includes(refspec)) state.refspecs.push(refspec)
    await this.save()
    const tip = await this.git.revParse(tracking)
    this.here.add(tip)
    return tip
  }

  /** Makes sure `sha` is here (fetched at depth 1 when missing); false when the remote does not have it either. */
  async ensureCommit(sha: string): Promise<boolean> {
    assertSha('sha', sha)
    if (await this.has(sha)) return true
    // A commit that was not here, fetched alone: no walk made so far can meet it, so they all stay true.
    const out = await this.fetchDepthOne([sha], false, true)
    if (out !== 0 || !(await this.has(sha))) return false
    await this.markDepthOne([sha])
    return true
  }

  /**
   * The merge-base of `head` and the base branch, from the cut points of the head's own commits. With several (a pull
   * request that merged its base branch in), GitHub's compare names it: every merge-base is one of the cut points (a
   * common ancestor is reached from the head only through one), so an answer that is one is taken without deepening;
   * any other answer, or none, deepens as before.
   */
  async mergeBaseWithBase(head: string): Promise<string> {
    const state = await this.load()
    if (state.depthOne.includes(head)) return head // the base branch reaches the head
    const { cut, unknown } = await this.cutPoints(head)
    if (!unknown && cut.length === 1) {
      const base = cut[0] as string
      await this.ensureCommit(base)
      return base
    }
    if (!unknown && cut.length === 0) {
      throw new Error(
        `${head} shares no history with ${state.baseRef}: the pull request's commits do not start from the base branch`
      )
    }
    if (!unknown) {
      const named = (await this.ask(state.baseRef.replace(/^refs\/heads\//, ''), head))?.mergeBase
      if (named !== undefined && cut.includes(named)) {
        await this.ensureCommit(named)
        return named
      }
    }
    await this.deepen([`+${state.baseRef}:refs/remotes/origin/review-loop-base`])
    const base = await this.git.mergeBase('refs/remotes/origin/review-loop-base', head)
    await this.ensureCommit(base)
    return base
  }

  /** The merge-base of two commits, exactly as a full clone would give it. */
  async mergeBase(a: string, b: string): Promise<string> {
    if (await this.isAncestor(a, b)) return a
    if (await this.isAncestor(b, a)) return b
    const named = (await this.ask(a, b))?.mergeBase
    if (named !== undefined && (await this.ensureCommit(named))) return named
    await this.deepen()
    return this.git.mergeBase(a, b)
  }

  /** Whether `a` is `b` or one of its ancestors, exactly as a full clone would answer. */
  async isAncestor(a: string, b: string): Promise<boolean> {
    const state = await this.load()
    // A walk of b already made answers the local question: a is met by it exactly when git's would say yes.
    const walked = FULL_SHA.test(a) ? this.walks.get(b) : undefined
    if (walked && (await walked).walk.has(a)) return true
    const args = ['merge-base', '--is-ancestor', '--end-of-options', a, b]
    const local = walked ? { exitCode: 1, stderr: '' } : await this.git.tryExec(args)
    if (local.exitCode === 0) return true
    // git answers "no" with 1; anything else is a failure, never a "no", unless a commit asked about is not here yet.
    if (local.exitCode !== 1 && (await this.has(a)) && (await this.has(b)))
      throw new GitError(args, local.exitCode, local.stderr)
    if (state.deepened || !(await this.isShallow())) return this.exact(a, b)
    // A commit the remote has but the fetch left out is fetched; one it lacks throws, as on a full clone.
    if (!(await this.ensureCommit(b))) return this.git.isAncestor(a, b)
    const aHere = await this.has(a)
    const { cut, unknown } = await this.cutPoints(b)
    // One of the tips' own commits: every path from b to it is here, and the walk did not meet it.
    if (aHere && !state.depthOne.includes(a) && !unknown && !state.foreign) return false
    if (cut.includes(a)) return true
    if (cut.length === 0 && !unknown && !state.foreign) return false
    const answer = await this.ask(a, b)
    if (answer) return answer.behindBy === 0
    await this.deepen()
    return this.exact(a, b)
  }

  /**
   * git's own answer once `b`'s whole history is here: a commit that is not here is none of its ancestors (a commit
   * recorded but never pushed, or one a force-push dropped), a real "no"; any other failure throws.
   */
  private async exact(a: string, b: string): Promise<boolean> {
    if ((await this.has(b)) && !(await this.has(a))) return false
    return this.git.isAncestor(a, b)
  }

  /**
   * GitHub's compare of `base...head`, or undefined when there is none to ask or it cannot say. At most MAX_ASKS a
   * graph: past them, one deepening answers every further question at once, where each call would answer one.
   */
  private async ask(
    base: string,
    head: string
  ): Promise<{ mergeBase: string; behindBy: number } | undefined> {
    if (!this.api || (await this.load()).deepened || this.asked >= MAX_ASKS) return undefined
    this.asked++
    const api = this.api
    return Promise.resolve()
      .then(() => api.compare(base, head))
      .catch(() => undefined)
  }

  /** Fetches the whole history as commits only; from then on git's own answers are exact. */
  async deepen(extra: string[] = []): Promise<void> {
    const state = await this.load()
    if (state.deepened && extra.length === 0) return
    const refspecs = [...new Set([...state.refspecs, ...extra])]
    const args = (specs: string[]) => [
      'fetch',
      '--no-tags',
      '--no-recurse-submodules',
      '--quiet',
      '--filter=tree:0',
      ...(state.deepened ? [] : ['--unshallow']),
      '--end-of-options',
      'origin',
      ...specs
    ]
    // Commits fetched by SHA come along when the remote still serves them; the refs alone otherwise.
    this.walks.clear()
    let out = await this.git.tryExec(args([...refspecs, ...state.depthOne]), {
      authRemote: this.remoteUrl,
      retry: true
    })
    if (out.exitCode !== 0)
      out = await this.git.exec(args(refspecs), { authRemote: this.remoteUrl, retry: true })
    state.deepened = true
    state.refspecs = refspecs
    await this.save()
  }

  /** Whether the history was deepened to the whole (commits only). */
  async isDeepened(): Promise<boolean> {
    return (await this.load()).deepened
  }

  /**
   * The commits where `b`'s local history stops: the absent parents of the shallow commits its walk meets. `unknown`
   * when the walk meets a commit fetched at depth 1, whose parents may be anything.
   */
  private async cutPoints(b: string): Promise<{ cut: string[]; unknown: boolean }> {
    const shallow = new Set(await this.shallowCommits())
    if (shallow.size === 0) return { cut: [], unknown: false }
    // Kept only for a commit's name: a ref's walk changes with the ref.
    let walked = this.walks.get(b)
    if (!walked) {
      walked = this.walk(b, shallow)
      if (FULL_SHA.test(b)) {
        this.walks.set(b, walked)
        walked.catch(() => this.walks.delete(b))
      }
    }
    const { cut, unknown } = await walked
    return { cut, unknown }
  }

  /** `b`'s local history (one `rev-list`) and where it stops, read once per tip until the next fetch. */
  private async walk(
    b: string,
    shallow: Set<string>
  ): Promise<{ walk: Set<string>; cut: string[]; unknown: boolean }> {
    const state = await this.load()
    const listed = await this.git.exec(['rev-list', '--end-of-options', b])
    const walk = new Set(listed.stdout.split('\n').filter(Boolean))
    for (const sha of walk) this.here.add(sha)
    const met = [...walk].filter(sha => shallow.has(sha))
    if (met.some(sha => state.depthOne.includes(sha))) return { walk, cut: [], unknown: true }
    if (met.length === 0) return { walk, cut: [], unknown: false }
    const parents = new Set<string>()
    for (const sha of met) {
      // Only the header names parents: a message line `parent <sha>` (the author's text) names none.
      const raw = await this.git.exec(['cat-file', 'commit', '--end-of-options', sha])
      const header = raw.stdout.split('\n\n', 1)[0] as string
      for (const m of header.matchAll(/^parent ([0-9a-f]{40,64})$/gm)) parents.add(m[1] as string)
    }
    return { walk, cut: [...parents].filter(p => !walk.has(p)), unknown: false }
  }

  private async fetchDepthOne(specs: string[], fail = true, absent = false): Promise<number> {
    if (!absent) this.walks.clear()
    const args = ['fetch', '--no-tags', '--no-recurse-submodules', '--quiet', '--depth=1']
    const run = fail ? this.git.exec.bind(this.git) : this.git.tryExec.bind(this.git)
    const out = await run([...args, '--end-of-options', 'origin', ...specs], {
      authRemote: this.remoteUrl,
      retry: true
    })
    return out.exitCode
  }

  private async markDepthOne(shas: string[]): Promise<void> {
    const state = await this.load()
    for (const sha of shas) if (!state.depthOne.includes(sha)) state.depthOne.push(sha)
    await this.save()
  }

  /** Whether the commit is here (asked of git until it is). */
  private async has(sha: string): Promise<boolean> {
    if (this.here.has(sha)) return true
    const out = await this.git.tryExec(['cat-file', '-e', '--end-of-options', `${sha}^{commit}`])
    if (out.exitCode === 0) this.here.add(sha)
    return out.exitCode === 0
  }

  private async isShallow(): Promise<boolean> {
    return (await this.shallowCommits()).length > 0
  }

  private async shallowCommits(): Promise<string[]> {
    const text = await readFile(path.join(await this.dir(), 'shallow'), 'utf8').catch(() => '')
    return text.split('\n').filter(Boolean)
  }

  private async dir(): Promise<string> {
    this.gitDir ??= (await this.git.exec(['rev-parse', '--absolute-git-dir'])).stdout.trim()
    return this.gitDir
  }

  private async load(): Promise<GraphState> {
    if (this.state) return this.state
    const text = await readFile(path.join(await this.dir(), GRAPH_STATE_FILE), 'utf8').catch(
      () => ''
    )
    // A repository this graph did not fetch: nothing is known of how it was cut, so git answers after deepening.
    this.state = text
      ? (JSON.parse(text) as GraphState)
      : {
          baseRef: 'HEAD',
          refspecs: [],
          depthOne: [],
          deepened: !(await this.isShallow()),
          foreign: true
        }
    return this.state
  }

  private async save(): Promise<void> {
    if (!this.state) return
    await writeFile(path.join(await this.dir(), GRAPH_STATE_FILE), JSON.stringify(this.state))
  }
}
