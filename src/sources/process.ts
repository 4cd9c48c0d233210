/** Runs one child process with input on stdin, bounded output and an enforced timeout that takes its whole process tree down. */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
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

/** stdout as kept: from its start up to `max` bytes; past it the rest is dropped and `onOverflow` called once. */
function headOf(max: number, onOverflow: () => void) {
  const chunks: Buffer[] = []
  let bytes = 0
  let overflow = false
  return {
    add(chunk: Buffer): void {
      if (overflow) return
      const room = max - bytes
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room))
        bytes += room
        overflow = true
        onOverflow()
        return
      }
      chunks.push(chunk)
      bytes += chunk.length
    },
    get overflow(): boolean {
      return overflow
    },
    text: (): string => Buffer.concat(chunks).toString('utf8')
  }
}

/** stderr as kept: its last `max` bytes, and how many were dropped from its start. */
function tailOf(max: number) {
  let chunks: Buffer[] = []
  let bytes = 0
  let dropped = 0
  return {
    add(chunk: Buffer): void {
      chunks.push(chunk)
      bytes += chunk.length
      if (bytes > max) {
        const all = Buffer.concat(chunks)
        const keep = all.subarray(all.length - max)
        dropped += all.length - keep.length
        chunks = [keep]
        bytes = keep.length
      }
    },
    get dropped(): number {
      return dropped
    },
    text: (): string => Buffer.concat(chunks).toString('utf8')
  }
}

/** Stops a child's process tree: SIGTERM now, SIGKILL after `graceMs` (and its pipes let go); `clear` cancels that. */
function stopperOf(child: ChildProcessWithoutNullStreams, graceMs: number) {
  let killTimer: NodeJS.Timeout | undefined
  return {
    stop(): void {
      if (child.pid === undefined) return
      const pid = child.pid
      killTree(pid, 'SIGTERM')
      killTimer ??= setTimeout(() => {
        killTree(pid, 'SIGKILL')
        // A process that left the group may still hold the pipes open; stop waiting for it.
        child.stdout.destroy()
        child.stderr.destroy()
      }, graceMs)
    },
    clear(): void {
      if (killTimer !== undefined) clearTimeout(killTimer)
    }
  }
}

/** Runs the process to its end (or the timeout's), never rejecting: every failure is in the result. */
export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise(resolve => {
    let timedOut = false
    let settled = false

    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group on POSIX, so a timeout can signal every process the command started.
      detached: process.platform !== 'win32',
      windowsHide: true
    })
    const stopper = stopperOf(child, spec.killGraceMs)
    const stdout = headOf(spec.maxStdoutBytes, () => stopper.stop())
    const stderr = tailOf(spec.maxStderrBytes)

    const timer = setTimeout(() => {
      timedOut = true
      stopper.stop()
    }, spec.timeoutMs)

    const finish = (result: Omit<ProcessResult, 'stdout' | 'stderr' | 'stderrDropped'>): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      stopper.clear()
      resolve({
        ...result,
        stdout: stdout.text(),
        stderr: stderr.text(),
        stderrDropped: stderr.dropped
      })
    }

    child.stdout.on('data', (chunk: Buffer) => stdout.add(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.add(chunk))

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
        stdoutOverflow: stdout.overflow
      })
    })

    // Whatever the command left running in its group once the shell is done is a stray: end it now
    // (this also releases pipes a background process would otherwise hold open).
    child.on('exit', () => {
      if (child.pid !== undefined) killTree(child.pid, 'SIGKILL')
    })

    // 'close' waits for the pipes too, so output written just before exit is not lost.
    child.on('close', (code, signal) => {
      finish({ exitCode: code, signal, timedOut, stdoutOverflow: stdout.overflow })
    })
  })
}
