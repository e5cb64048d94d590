// The build as the bench runs it (scripts/bench/build.ts: `npm run build`, each Turborepo task
// timed), with the peak memory of its processes, and the wrapper that counts a command's CPU time.
//
// Peak memory: scripts/bench/cpu-time.py appends the largest resident set of any process it
// waited for (ru_maxrss of its children, orphans included) to the file named by PEAK_RSS_LOG.
// Every process of the build inherits the environment, so setting that variable around build()
// collects every task's figure (scripts/bench/task-shell.sh wraps each in cpu-time.py); the
// build's peak is the largest of them.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PEAK_RSS_LOG, peakRssKb } from '../../lib/bench/peak-rss'
import { build as buildSteps, cpuTimedArgv, type StepResult, splitCpuTime } from './build'

export type { StepResult }
export type BuildRun = Awaited<ReturnType<typeof buildSteps>> & { peakRssKb?: number }

/** Runs `fn` with PEAK_RSS_LOG naming a fresh file; the largest peak written to it meanwhile. */
async function withPeakRss<T>(fn: (env: NodeJS.ProcessEnv) => T | Promise<T>): Promise<{ value: T; peakRssKb?: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'))
  const file = join(dir, 'peak-rss.log')
  try {
    const value = await fn({ [PEAK_RSS_LOG]: file })
    let log = ''
    try {
      log = readFileSync(file, 'utf8')
    } catch {}
    return { value, peakRssKb: peakRssKb(log) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The whole build in `dir` (every step of `npm run build`), with the peak memory of its processes. */
export async function build(dir: string): Promise<BuildRun> {
  const before = process.env[PEAK_RSS_LOG]
  const { value, peakRssKb } = await withPeakRss(async (env) => {
    Object.assign(process.env, env)
    try {
      return await buildSteps(dir)
    } finally {
      if (before === undefined) delete process.env[PEAK_RSS_LOG]
      else process.env[PEAK_RSS_LOG] = before
    }
  })
  return { ...value, peakRssKb }
}

export type Timed = { wallMs: number; cpuMs: number; peakRssKb?: number; ok: boolean; tail: string }

/** Wall time, CPU time (user + system, every descendant) and peak memory of a shell command, counted as the build's steps are. */
export async function timed(command: string, cwd: string): Promise<Timed> {
  const logFile = join(cwd, '.bench-out.log')
  const { value, peakRssKb } = await withPeakRss((env) => {
    const { cmd, args } = cpuTimedArgv(['bash', '-c', `${command} > .bench-out.log 2>&1`])
    const start = performance.now()
    const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } })
    return { wallMs: performance.now() - start, cpuMs: splitCpuTime(r.stderr ?? '').cpuMs, ok: r.status === 0 }
  })
  let log = ''
  try {
    log = readFileSync(logFile, 'utf8')
  } catch {}
  return { ...value, peakRssKb, tail: log.trim().split('\n').slice(-3).join('\n') }
}
