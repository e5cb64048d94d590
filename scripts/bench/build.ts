// The build as the bench measures it: `npm run build` (Turborepo, turbo.json) in a copy of the
// project, with each task's wall time from Turborepo's run summary (--summarize) and its CPU time
// from the shell npm runs it with (scripts/bench/task-shell.sh), and the whole build's CPU from
// cpu-time.py around it. The bench never runs the build any other way than a user does.
//
// Peak memory: cpu-time.py appends the largest resident set of any process it waited for to the
// file named by PEAK_RSS_LOG (scripts/bench/peak-rss.ts). Every process of the build inherits the
// variable, so one file collects every task's figure; the build's peak is the largest of them.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { PEAK_RSS_LOG, peakRssKb } from './peak-rss'

export type StepResult = {
  step: string
  ms: number
  /** user + system CPU time of the task's process tree; 0 when it was restored from Turborepo's cache */
  cpuMs: number
  /** The largest resident set (KB) of any one process of the task's tree. */
  peakRssKb?: number
  tail: string
}
/** load: the mean of the 1-minute load average, sampled every 5 s while the build ran. */
export type BuildRun = { steps: StepResult[]; ms: number; cpuMs: number; ok: boolean; peakRssKb?: number; load: number }
export type Timed = { wallMs: number; cpuMs: number; peakRssKb?: number; ok: boolean; tail: string }

const CPU_TIME = join(import.meta.dirname, 'cpu-time.py')
const TASK_SHELL = join(import.meta.dirname, 'task-shell.sh')

/** Runs argv under cpu-time.py (Linux, python3), which appends the CPU time of it and all its descendants to stderr. */
export const cpuTimedArgv = (argv: string[]) => ({ cmd: 'python3', args: [CPU_TIME, ...argv] })

/** Splits the CPU time that cpu-time.py appended off a command's stderr. */
export function splitCpuTime(stderr: string): { cpuMs: number; rest: string } {
  const exact = stderr.match(/\n?cpu-time-ms (\d+)\n?$/)
  return exact ? { cpuMs: Number(exact[1]), rest: stderr.slice(0, exact.index) } : { cpuMs: Number.NaN, rest: stderr }
}

type TurboSummary = { tasks: { taskId: string; command: string; execution: { startTime: number; endTime: number } }[] }

/** The run summary Turborepo wrote in `dir` (the bench deletes the folder before each build, so there is one). */
function lastSummary(dir: string): TurboSummary | undefined {
  const runs = join(dir, '.turbo/runs')
  const file = existsSync(runs) ? readdirSync(runs).find((f) => f.endsWith('.json')) : undefined
  return file ? (JSON.parse(readFileSync(join(runs, file), 'utf8')) as TurboSummary) : undefined
}

/** The peak memory cpu-time.py recorded in `file`, if it wrote any. */
const readPeak = (file: string) => (existsSync(file) ? peakRssKb(readFileSync(file, 'utf8')) : undefined)

/** `npm run build` in `dir` (with `env` added to the environment): wall and CPU time of the whole and of each task, peak memory, load. */
export function build(dir: string, env: Record<string, string> = {}): Promise<BuildRun> {
  const cpuDir = mkdtempSync(join(tmpdir(), 'bench-cpu-'))
  const peakLog = join(cpuDir, 'peak-rss.log')
  rmSync(join(dir, '.turbo/runs'), { recursive: true, force: true })
  const { cmd, args } = cpuTimedArgv(['npm', 'run', 'build', '--', '--summarize'])
  const start = performance.now()
  const loads = [loadavg()[0]!]
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 5000)
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: dir,
      env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1', npm_config_script_shell: TASK_SHELL, BENCH_CPU_DIR: cpuDir, [PEAK_RSS_LOG]: peakLog },
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    child.on('close', (status) => {
      const ms = performance.now() - start
      clearInterval(sampler)
      const { cpuMs, rest } = splitCpuTime(Buffer.concat(err).toString('utf8'))
      const lines = `${Buffer.concat(out).toString('utf8')}\n${rest}`.split('\n')
      const steps = (lastSummary(dir)?.tasks ?? [])
        .filter((t) => t.command !== '<NONEXISTENT>')
        .map((t): StepResult => {
          const own = lines.filter((l) => l.startsWith(`${t.taskId}: `)).map((l) => l.slice(t.taskId.length + 2))
          const cpuFile = join(cpuDir, t.taskId)
          // "<cpu ms> <peak KB>" (cpu-time.py --record); no file when Turborepo restored the task
          const [cpuMs = 0, peak] = existsSync(cpuFile) ? readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number) : []
          const ms = t.execution.endTime - t.execution.startTime
          return { step: t.taskId.replace(/^build:/, ''), ms, cpuMs, ...(peak ? { peakRssKb: peak } : {}), tail: own.slice(-3).join('\n') }
        })
      const peak = readPeak(peakLog)
      rmSync(cpuDir, { recursive: true, force: true })
      const load = Math.round((loads.reduce((a, b) => a + b) / loads.length) * 10) / 10
      done({ steps, ms, cpuMs, ok: status === 0, load, ...(peak === undefined ? {} : { peakRssKb: peak }) })
    })
  })
}

/** Wall time, CPU time (user + system, every descendant) and peak memory of a shell command, counted as the build's tasks are. */
export function timed(command: string, cwd: string): Timed {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'))
  const peakLog = join(dir, 'peak-rss.log')
  try {
    const { cmd, args } = cpuTimedArgv(['bash', '-c', `${command} > .bench-out.log 2>&1`])
    const start = performance.now()
    const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, [PEAK_RSS_LOG]: peakLog } })
    const wallMs = performance.now() - start
    const log = existsSync(join(cwd, '.bench-out.log')) ? readFileSync(join(cwd, '.bench-out.log'), 'utf8') : ''
    const peak = readPeak(peakLog)
    const tail = log.trim().split('\n').slice(-3).join('\n')
    return { wallMs, cpuMs: splitCpuTime(r.stderr ?? '').cpuMs, ...(peak === undefined ? {} : { peakRssKb: peak }), ok: r.status === 0, tail }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
