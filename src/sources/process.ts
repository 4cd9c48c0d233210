/** Runs one child process with input on stdin, bounded output and an enforced timeout that takes its whole process tree down. */
import { spawn, spawnSync } from 'node:child_process'
import { accessSync, constants, existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** What to run and the bounds it runs within. */
export interface ProcessSpec {
  file: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  /** Written to stdin, which is then closed. */
  input: string
  timeoutMs: number
  /** Time between SIGTERM and SIGKILL when the timeout fires. */
  killGraceMs: number
  /** stdout is kept from its start up to this many bytes; past it the process is stopped. */
  maxStdoutBytes: number
  /** stderr keeps its last this-many bytes (the end of a log says most about a failure). */
  maxStderrBytes: number
}

/** How one run ended and what came back. */
export interface ProcessResult {
  /** Set when the process could not be started at all. */
  spawnError?: string
  exitCode: number | null
  signal: NodeJS.Signals | null
  timedOut: boolean
  /** stdout passed `maxStdoutBytes`: the process was stopped and stdout cut there. */
  stdoutOverflow: boolean
  stdout: string
  stderr: string
  /** Bytes dropped from the start of stderr to keep its tail within the cap. */
  stderrDropped: number
}

/** Finds bash on PATH, else falls back to sh: the command line is shell syntax either way. */
export function findShell(env: NodeJS.ProcessEnv): string {
  const dirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter(d => d !== '')
  const names = process.platform === 'win32' ? ['bash.exe', 'bash'] : ['bash']
  for (const dir of dirs) {
    for (const name of names) {
      try {
        accessSync(join(dir, name), constants.X_OK)
        return join(dir, name)
      } catch {
        // not here; keep looking
      }
    }
  }
  return 'sh'
}

/**
 * Signals the whole process group the child leads (it was spawned detached, so its pid is the group id):
 * the command's own children go down with it. ESRCH (the group is already gone) is not an error.
 */
function killTree(pid: number, signal: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true })
    return
  }
  try {
    process.kill(-pid, signal)
  } catch {
    // the group has no members left
  }
}

/** Runs the process to its end (or the timeout's), never rejecting: every failure is in the result. */
export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise(resolve => {
    const stdoutChunks: Buffer[] = []
    let stdoutBytes = 0
    let stdoutOverflow = false
    let stderrChunks: Buffer[] = []
    let stderrBytes = 0
    let stderrDropped = 0
    let timedOut = false
    let settled = false
    let killTimer: NodeJS.Timeout | undefined

    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group on POSIX, so a timeout can signal every process the command started.
      detached: process.platform !== 'win32',
      windowsHide: true
    })

    const stop = (): void => {
      if (child.pid === undefined) return
      const pid = child.pid
      killTree(pid, 'SIGTERM')
      killTimer ??= setTimeout(() => {
        killTree(pid, 'SIGKILL')
        // A process that left the group may still hold the pipes open; stop waiting for it.
        child.stdout.destroy()
        child.stderr.destroy()
      }, spec.killGraceMs)
    }

    const timer = setTimeout(() => {
      timedOut = true
      stop()
    }, spec.timeoutMs)

    const finish = (result: Omit<ProcessResult, 'stdout' | 'stderr' | 'stderrDropped'>): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (killTimer !== undefined) clearTimeout(killTimer)
      resolve({
        ...result,
        stdout: Buffer.concat(stdoutChunks).toString('utf8'),
        stderr: Buffer.concat(stderrChunks).toString('utf8'),
        stderrDropped
      })
    }

    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutOverflow) return
      const room = spec.maxStdoutBytes - stdoutBytes
      if (chunk.length > room) {
        stdoutChunks.push(chunk.subarray(0, room))
        stdoutBytes += room
        stdoutOverflow = true
        stop()
        return
      }
      stdoutChunks.push(chunk)
      stdoutBytes += chunk.length
    })

    child.stderr.on('data', (chunk: Buffer) => {
      stderrChunks.push(chunk)
      stderrBytes += chunk.length
      if (stderrBytes > spec.maxStderrBytes) {
        const all = Buffer.concat(stderrChunks)
        const keep = all.subarray(all.length - spec.maxStderrBytes)
        stderrDropped += all.length - keep.length
        stderrChunks = [keep]
        stderrBytes = keep.length
      }
    })

    // A command that never reads its stdin closes the pipe early; that is its business, not an error.
    child.stdin.on('error', () => undefined)
    child.stdin.end(spec.input)

    child.on('error', err => {
      // spawn reports a missing cwd as the shell missing; say which it was.
      const missingCwd = !existsSync(spec.cwd)
      finish({
        spawnError: missingCwd ? `the working directory ${spec.cwd} does not exist` : err.message,
        exitCode: null,
        signal: null,
        timedOut,
        stdoutOverflow
      })
    })

    // Whatever the command left running in its group once the shell is done is a stray: end it now
    // (this also releases pipes a background process would otherwise hold open).
    child.on('exit', () => {
      if (child.pid !== undefined) killTree(child.pid, 'SIGKILL')
    })

    // 'close' waits for the pipes too, so output written just before exit is not lost.
    child.on('close', (code, signal) => {
      finish({ exitCode: code, signal, timedOut, stdoutOverflow })
    })
  })
}
