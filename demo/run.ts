/** `npm run demo`: plays review-loop's whole loop offline on a generated sample repository and prints what happened. */
import { readFileSync } from 'node:fs'
import type { RunResult } from '../__fixtures__/harness/index.js'
import { LoopWorld } from '../__fixtures__/loop-world.js'
import { BASE_FILES, openSamplePullRequest, REVIEWER_COMMAND } from '../__fixtures__/sample-repo.js'
import {
  describeEvent,
  failureReport,
  formatOutputs,
  isStatusComment,
  Printer,
  stripStateBlock,
  type EventPayload
} from './print.js'

const PR = 7
const BRANCH = 'feature/not-found'
const RUNS = 4
/** The inputs the sample workflow gives the action. */
const INPUTS = { command: REVIEWER_COMMAND, landing: 'head' }

/** A step of the story that did not go as the loop should; the demo stops and says why. */
class DemoFailure extends Error {}

/** Plays the runs in order and prints each one with what it changed on the PR. */
class Story {
  private runs = 0
  private readonly seen = new Set<number>()
  private statusBody?: string

  constructor(
    private readonly world: LoopWorld,
    private readonly p: Printer
  ) {}

  /** Prints the heading, runs the step, then its event, outputs, labels, job summary and the new comments. */
  async play(title: string, start: () => Promise<RunResult | undefined>): Promise<RunResult> {
    this.runs++
    const label = `Run ${this.runs} of ${RUNS}`
    this.p.heading(`${label}: ${title}`)
    const began = Date.now()
    const headBefore = this.world.remote.branchSha(BRANCH)
    const dispatchesBefore = this.world.fake.dispatches.length
    const result = await start()
    if (!result) throw new DemoFailure(`${label}: no workflow run was started.`)
    if (result.exitCode !== 0) throw new DemoFailure(failureReport(label, result))
    const seconds = ((Date.now() - began) / 1000).toFixed(1)
    const payload = JSON.parse(readFileSync(result.env.GITHUB_EVENT_PATH!, 'utf8')) as EventPayload
    const labels = this.world.fake.labels(PR)
    this.p.line(
      `Event:   ${describeEvent(result.env.GITHUB_EVENT_NAME!, payload, login =>
        this.world.fake.permissionOf(login)
      )}`
    )
    this.p.line(`Step:    node dist/index.js exited 0 after ${seconds} s`)
    this.p.line(`Outputs: ${formatOutputs(result.outputs)}`)
    this.p.line(`Labels:  ${labels.length > 0 ? labels.join(', ') : '(none)'}`)
    const head = this.world.remote.branchSha(BRANCH)
    if (head !== headBefore) this.p.line(`Pushed:  commit ${head?.slice(0, 7)} to ${BRANCH}`)
    for (const d of this.world.fake.dispatches.slice(dispatchesBefore)) {
      const inputs = Object.entries(d.inputs).map(([k, v]) => `${k}=${v}`)
      this.p.line(
        `Started: a workflow_dispatch run of ${d.workflow} on ${d.ref} (${inputs.join(' ')})`
      )
    }
    this.p.line()
    this.p.line('Job summary (the markdown the step wrote to GITHUB_STEP_SUMMARY):')
    this.p.quote(result.summary)
    this.conversation()
    return result
  }

  /** Prints the PR comments that are new since the last call; the status comment only gets a note. */
  conversation(): void {
    const comments = this.world.fake.comments(PR)
    const fresh = comments.filter(c => !this.seen.has(c.id))
    const status = comments.find(isStatusComment)
    this.p.line()
    this.p.line('New on the PR conversation:')
    let news = 0
    for (const comment of fresh) {
      this.seen.add(comment.id)
      if (isStatusComment(comment)) continue
      this.p.line(`  @${comment.user.login}:`)
      this.p.quote(comment.body)
      news++
    }
    if (status && this.statusBody === undefined) {
      this.p.line(
        `  @${status.user.login} posted the status comment (edited in place by every run; shown once at the end).`
      )
      news++
    } else if (status && status.body !== this.statusBody) {
      this.p.line('  The status comment was edited in place.')
      news++
    }
    this.statusBody = status?.body
    if (news === 0) this.p.line('  (nothing new)')
  }

  /** The status comment as it stands now, without its hidden ledger block. */
  statusComment(): void {
    const status = this.world.fake.comments(PR).find(isStatusComment)
    this.p.heading('The status comment on PR #7, as it stands at the end')
    if (!status) throw new DemoFailure('The loop left no status comment on the pull request.')
    const { text, stateChars } = stripStateBlock(status.body)
    this.p.quote(text)
    if (stateChars !== undefined)
      this.p.line(
        `  (It ends with a hidden \`<!-- review-loop:state … -->\` block, ${stateChars} characters: the ledger, ` +
          'which GitHub does not render. Left out here.)'
      )
  }
}

/** What the demo simulates and how to read it. */
function intro(p: Printer): void {
  p.heading('review-loop demo', '=')
  p.line(
    "This plays one pull request through review-loop's whole loop, offline, in well under a minute:"
  )
  p.line("  - a local bare git repository in a temp folder stands in for GitHub's git side;")
  p.line("  - stand-ins on 127.0.0.1 play GitHub's REST API and the Actions cache service;")
  p.line(
    '  - the reviewer is demo/reviewer.mjs, an offline script behind the `command` source (no account or key);'
  )
  p.line(
    '  - each workflow run is the real bundled action, `node dist/index.js`, started with the environment,'
  )
  p.line('    event file and command files the Actions runner gives a step.')
  p.line(
    "For each run you see the event that started it, the step's outputs, its job summary and what appeared"
  )
  p.line("on the pull request's conversation.")
}

/** The sample PR: who is who, the workflow's inputs and the change under review. */
function samplePullRequest(p: Printer, world: LoopWorld): void {
  const pr = world.fake.pull(PR)
  p.heading(`The sample pull request: #${PR} "${pr.title}"`)
  p.line(`@${pr.author.login} asks to merge ${pr.headRef} into ${pr.baseRef}.`)
  p.line('@octo-author and @octo-maintainer have write access; @drive-by can only read.')
  p.line('The workflow runs the action with `command: node demo/reviewer.mjs` and `landing: head`')
  p.line("(fixes are pushed to the pull request's own branch). The change under review:")
  p.quote(world.remote.git(['diff', pr.baseRef, pr.headRef]))
}

/** The commits the loop pushed onto the PR branch and what they changed. */
function pushed(p: Printer, world: LoopWorld, originalHead: string): void {
  const log = world.remote.log(BRANCH)
  const mine = log.slice(
    0,
    log.findIndex(c => c.sha === originalHead)
  )
  p.heading(`What the loop pushed to ${BRANCH}`)
  if (mine.length === 0) throw new DemoFailure(`The loop pushed nothing to ${BRANCH}.`)
  for (const commit of mine) {
    p.line(`  commit ${commit.sha.slice(0, 7)} by ${commit.author.name}:`)
    p.quote(commit.message)
  }
  const head = mine[0]!.sha
  p.line()
  p.line(`The diff from the PR's original head ${originalHead.slice(0, 7)} to ${head.slice(0, 7)}:`)
  p.quote(world.remote.git(['diff', originalHead, head]))
}

/** Plays the story; returns the exit code. */
async function main(): Promise<number> {
  const p = new Printer()
  intro(p)
  const world = await LoopWorld.create({ files: BASE_FILES, inputs: INPUTS })
  // Ctrl-C reaches both tsx and this process, and tsx relays it again: clean up once, ignore the repeats.
  let interrupted = false
  const interrupt = () => {
    if (interrupted) return
    interrupted = true
    process.stderr.write('\nInterrupted; cleaning up.\n')
    void world.dispose().finally(() => process.exit(130))
  }
  process.on('SIGINT', interrupt)
  try {
    openSamplePullRequest(world, PR)
    samplePullRequest(p, world)
    const originalHead = world.remote.branchSha(BRANCH)!
    const story = new Story(world, p)

    const first = await story.play(`@octo-author opens pull request #${PR}`, () =>
      world.run(world.sandbox.pullRequestEvent('opened', PR))
    )
    const gate = first.outputs['open-gates']?.split(/[ ,]+/).find(Boolean)
    if (!gate)
      throw new DemoFailure(
        'Round 1 asked nobody anything; the demo expects one question (a gate).'
      )
    await story.play(`@drive-by, who can only read, tries to answer ${gate}`, () =>
      world.comment(PR, 'drive-by', `/review-loop ${gate} dismiss`)
    )
    await story.play(`@octo-maintainer answers ${gate}`, () =>
      world.comment(
        PR,
        'octo-maintainer',
        `/review-loop ${gate} apply, a hung server must not block forever`
      )
    )
    await story.play('GitHub starts the next round the loop asked for', async () => {
      const dispatched = await world.runDispatches()
      if (dispatched.length > 1)
        throw new DemoFailure(
          `The loop asked for ${dispatched.length} runs at once; it should ask for one.`
        )
      return dispatched[0]
    })

    story.statusComment()
    pushed(p, world, originalHead)
    const violations = world.fake.violations
    if (violations.length > 0)
      throw new DemoFailure(
        `The GitHub stand-in saw ${violations.length} request(s) the real API would not accept:\n` +
          JSON.stringify(violations, null, 2)
      )

    p.heading('That was the whole loop')
    p.line('Run the tests (unit and end to end, all offline) with `npm test`.')
    p.line(
      'Read more in README.md (the workflow to add, the inputs) and docs/design.md (how it works).'
    )
    return 0
  } catch (err) {
    if (!(err instanceof DemoFailure)) throw err
    process.stderr.write(`\nThe demo stopped: ${err.message}\n`)
    return 1
  } finally {
    process.off('SIGINT', interrupt)
    await world.dispose()
  }
}

process.exitCode = await main()
