/**
 * The loop's own criterion, once a round (src/run/judge.ts): the artifact read against what the project says it is
 * for. Its findings go through verification like any other.
 */
import * as core from '@actions/core'
import type { Excerpt, GoalRequest } from '../driver/protocol.js'
import { sectionFrom } from '../intent/section.js'
import { changeDiff } from '../sources/change-diff.js'
import { PROTOCOL } from '../sources/types.js'
import { called, locate, notRun, type JudgeInput, type Kept, type ReadAt } from './judging.js'
import { verifyAndRecord } from './verify-record.js'

const MAX_ARTIFACT_CHARS = 80_000
const MAX_GOAL_CHARS = 6_000

/**
 * The goal reading: its findings go through verification like any other, and the Goal line says what it found. Answers
 * the findings it kept (none when it did not run).
 */
export async function goalReading(
  input: JudgeInput,
  at: ReadAt,
  kept: readonly Kept[]
): Promise<Kept[]> {
  const { run, round, driver, inv, harvest } = input
  const goal = harvest.goal!
  const head = round.head
  const goalFile = await at(inv.base, goal.path)
  if (goalFile.kind !== 'text') {
    notRun(round, `goal reading (${goal.path} could not be read)`)
    return []
  }
  const text = sectionFrom(goalFile.lines, goal.line).join('\n').slice(0, MAX_GOAL_CHARS)
  const files: Excerpt[] = []
  const omitted: string[] = []
  let room = MAX_ARTIFACT_CHARS
  let diff: string
  try {
    diff = (await changeDiff(run.env.workspace, input.request)).slice(0, room / 2)
  } catch (error) {
    // Read without its diff, the artifact is not the change: the reading is not run rather than run on less.
    const why = error instanceof Error ? error.message : String(error)
    core.warning(`The goal reading is not run: the change's diff could not be read (${why})`)
    notRun(round, `goal reading (the change's diff could not be read: ${why})`)
    return []
  }
  room -= diff.length
  for (const file of input.request.changed_files) {
    const a = await at(head, file)
    if (a.kind !== 'text') continue
    if (a.text.length > room) {
      omitted.push(file)
      continue
    }
    room -= a.text.length
    files.push({ path: file, start: 1, text: a.text })
  }
  const request: GoalRequest = {
    protocol: PROTOCOL,
    role: 'goal',
    round: round.n,
    repository: run.env.workspace,
    base_sha: inv.base,
    head_sha: head,
    goal: { path: goal.path, section: goal.section.slice(0, 80), text },
    artifact: { files, diff, omitted },
    findings: kept.map(k => ({
      key: k.candidate.key,
      severity: k.finding.severity,
      file: k.finding.file,
      line: k.finding.line,
      description: k.finding.description
    }))
  }
  const result = await driver!.goal(request)
  called(round, 'goal', result)
  if (!result.ok) {
    notRun(round, `goal reading (${result.cause})`)
    return []
  }
  const located = await locate(result.answer.findings, 'goal', 'g', head, at)
  return verifyAndRecord(input, { ...located, goal: result.answer.summary }, at)
}
