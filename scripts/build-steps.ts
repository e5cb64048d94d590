// The steps of `npm run build` (scripts/build.ts runs exactly these), in phases: the steps of a
// phase run at the same time (a step with `startsAfter` once that step of its phase has ended
// well), a phase starts when the one before it has ended. In the bench every phase runs even when
// an earlier one fails (a failing audit on in-progress content must not hide the build's cost);
// the report shows each step's status.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { GATE_ENV, openGate, resetGate, STOPPED_AT_GATE } from '../lib/build/prerender-gate'
import { inputsKey, recordStep, reusableOutput, type StepCacheSpec } from '../lib/build/step-cache'
import { stepScripts } from '../lib/build/step-scripts'

export type StepResult = {
  step: string
  ms: number
  /** user + system CPU time of the step and its child processes */
  cpuMs: number
  ok: boolean
  tail: string /** the audit's own measure ("audit took N ms"), without Node and tsx start-up */
  selfMs?: number
  /** Not run: its inputs were unchanged since it last ended well (lib/build/step-cache.ts); ms and cpuMs are the check's. */
  reused?: boolean
}

const bin = (dir: string, name: string) => join(dir, 'node_modules/.bin', name)

/** A step script run through tsx: the pages step, whose page plan imports each page's TypeScript hooks by path at run time. */
const tsx = (script: string) => () => [process.execPath, '--import', 'tsx', script]
/**
 * A step script that runs from its bundle (lib/build/step-scripts.ts) when the build made one,
 * else through tsx. `script` names it for the bundler.
 */
const bundled = (script: string, ...args: string[]) =>
  Object.assign(
    (_dir: string, bundles?: Map<string, string>) => {
      const bundle = bundles?.get(script)
      return bundle ? [process.execPath, bundle, ...args] : [...tsx(script)(), ...args]
    },
    { script },
  )

export type Step = {
  step: string
  /** The command, given the project folder and the bundles of the step scripts, when made. */
  argv: ((dir: string, bundles?: Map<string, string>) => string[]) & { script?: string }
  /** Starts when this earlier step of its phase has ended well, not when the phase starts. */
  startsAfter?: string
  /** Waits inside (lib/build/prerender-gate.ts) until every other step of its phase has ended. */
  gated?: boolean
  /** What the step reads and writes, all of it: it is not run again while that is unchanged (lib/build/step-cache.ts). */
  cache?: StepCacheSpec
}

/**
 * Velite reads content/ (CONTENT_DIR) through velite.config.ts and the lib/ modules it imports,
 * and writes .velite/ (CONTENT_OUT) and the assets it copies to public/static/. Its caches of
 * parsed YAML and compiled MDX in .generated/ are its own business.
 */
const VELITE_CACHE: StepCacheSpec = {
  inputs: (env) => [env.CONTENT_DIR ?? 'content', 'lib', 'velite.config.ts', 'package-lock.json', 'tsconfig.json'],
  env: ['CONTENT_DIR', 'CONTENT_OUT', 'CONTENT_WATCH'],
  outputs: (env) => [env.CONTENT_OUT ?? '.velite', 'public/static'],
}
/** The audit reads content/ only (not velite's output), with its code in lib/ and scripts/audit/; it writes reports/audit/. */
const AUDIT_CACHE: StepCacheSpec = {
  inputs: () => ['content', 'lib', 'scripts/audit', 'scripts/cli-args.ts', 'package-lock.json', 'tsconfig.json'],
  env: ['GITHUB_ACTIONS'],
  outputs: () => ['reports/audit'],
}

/**
 * Velite allocates a syntax tree per Markdown parse and MDX compile, most of it short-lived: with
 * V8's young generation at 32 MB a semi-space instead of Node 20's 16 MB, less of it is copied
 * out by the scavenger, which shows on a large catalogue. Velite runs alone on the build's
 * critical path. The other steps gained nothing measurable from it, so they keep the default.
 */
const VELITE_YOUNG_GENERATION = '--max-semi-space-size=32'

/**
 * The ONE list of build steps: `npm run build`, `npm run build:quiet` (npm test) and the bench
 * run these. The production guard and velite come first, side by side: the guard reads only the
 * environment and content/facts.yml, velite writes only .velite/, so neither waits for the other
 * (the guard alone cost a second of wall time per build) and a failing guard still stops the
 * build before anything reads velite's output or writes dist/. Velite must end before anything
 * else reads content, so that a broken content file stops the build with velite's message (file
 * and line). The UI key types, the audit and the documents need only the content and velite's
 * output, not each other, so they share the two cores. `vike build` starts as soon as the UI key
 * types are written (its bundles import them), so that Vite bundles while the audit and the
 * documents run; its prerender, which reads the audit summary (the localization report page) and
 * the documents manifest, waits for both (lib/build/prerender-gate.ts). Starting Vite and
 * bundling are then off the critical path of a cold build. Postbuild needs the pages and the
 * audit CSVs.
 */
export const PHASES: Step[][] = [
  [
    { step: 'production guard', argv: bundled('scripts/production-guard.ts') },
    // Not --strict: velite's strict mode stops before the cross-file checks of velite.config.ts, which fail the build themselves.
    { step: 'content (velite)', argv: (d) => [process.execPath, VELITE_YOUNG_GENERATION, bin(d, 'velite'), 'build'], cache: VELITE_CACHE },
  ],
  [
    { step: 'UI key types', argv: bundled('scripts/i18n/generate.ts') },
    { step: 'audit', argv: bundled('scripts/audit/cli.ts', '--cache', '.generated/audit'), cache: AUDIT_CACHE },
    { step: 'documents', argv: bundled('scripts/documents/build.ts') },
    { step: 'pages', argv: tsx('scripts/pages.ts'), startsAfter: 'UI key types', gated: true },
  ],
  [{ step: 'postbuild', argv: bundled('scripts/postbuild.ts') }],
]
export const STEPS: Step[] = PHASES.flat()

/** The scripts of the build's steps that run from bundles. */
export const BUNDLED_SCRIPTS = STEPS.flatMap((s) => (s.argv.script ? [s.argv.script] : []))

let warnedUnbundled = false
/**
 * The bundles of the build's step scripts (lib/build/step-scripts.ts), when `phase` runs any;
 * undefined, and the steps run through tsx, when a script does not compile (the step then fails
 * with tsx's message), when bundling failed otherwise (said once), or with STEP_SCRIPTS=tsx in
 * the environment (for a debugger, or stack traces that name the TypeScript sources).
 */
export async function bundlesFor(dir: string, phase: Step[]): Promise<Map<string, string> | undefined> {
  if (process.env.STEP_SCRIPTS === 'tsx' || !phase.some((s) => s.argv.script)) return undefined
  try {
    return await stepScripts(dir, BUNDLED_SCRIPTS)
  } catch (error) {
    if (!warnedUnbundled) console.error(`build: step scripts not bundled, so they run through tsx: ${String(error).split('\n')[0]}`)
    warnedUnbundled = true
    return undefined
  }
}

/**
 * Runs argv with the CPU time of it and all its descendants appended to stderr. With python3
 * (Linux), through scripts/bench/cpu-time.py, which also counts processes their parent never
 * waited for (Chromium's renderers: the documents step); otherwise through bash's `times`,
 * which misses those (the report then undercounts the documents step).
 */
export function cpuTimedArgv(argv: string[]): { cmd: string; args: string[] } {
  if (process.platform === 'linux' && PYTHON) return { cmd: PYTHON, args: [CPU_TIME, ...argv] }
  return { cmd: 'bash', args: ['-c', '"$@"; s=$?; times >&2; exit $s', 'step', ...argv] }
}
const CPU_TIME = join(import.meta.dirname, 'bench/cpu-time.py')
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((p) => existsSync(p))

/** Splits the CPU time that cpuTimedArgv's wrapper appended off a command's stderr. */
export function splitCpuTime(stderr: string): { cpuMs: number; rest: string } {
  const exact = stderr.match(/\n?cpu-time-ms (\d+)\n?$/)
  if (exact) return { cpuMs: Number(exact[1]), rest: stderr.slice(0, exact.index) }
  return splitTimes(stderr)
}

type StepRun = { result: StepResult; output: string }
/** A step's last three lines of output: its StepResult `tail`. */
const lastLines = (output: string) => output.split('\n').slice(-3).join('\n')

/**
 * runStepAsync, unless the step declares its inputs and outputs and they are as it last left
 * them (lib/build/step-cache.ts): then it is not run, and its output is what it printed then.
 */
export async function runCachedStep(dir: string, step: Step, env: NodeJS.ProcessEnv = {}, bundles?: Map<string, string>): Promise<StepRun> {
  if (!step.cache) return runStepAsync(dir, step, env, bundles)
  // Hashing the inputs takes a moment: the other steps of the phase start first.
  await new Promise(setImmediate)
  const start = performance.now()
  const cpu = process.cpuUsage()
  const stepEnv = { ...process.env, ...env }
  const key = inputsKey(dir, step.cache, stepEnv)
  const reused = reusableOutput(dir, step.step, step.cache, stepEnv, key)
  if (reused) {
    const { user, system } = process.cpuUsage(cpu)
    const output = `${step.step}: not run, its inputs are unchanged since it ran at ${reused.at}, when it printed:\n${reused.output}`
    return {
      result: {
        step: step.step,
        ms: performance.now() - start,
        cpuMs: (user + system) / 1000,
        ok: true,
        tail: lastLines(output),
        reused: true,
      },
      output,
    }
  }
  const run = await runStepAsync(dir, step, env, bundles)
  if (run.result.ok) recordStep(dir, step.step, step.cache, stepEnv, key, run.output)
  return run
}

/** Runs a step, its CPU time measured and its output captured, without blocking: the steps of a phase run side by side. */
export function runStepAsync(dir: string, step: Step, env: NodeJS.ProcessEnv = {}, bundles?: Map<string, string>): Promise<StepRun> {
  const { cmd, args } = cpuTimedArgv(step.argv(dir, bundles))
  const start = performance.now()
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: dir, env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' } })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    const finish = (status: number | null, error?: Error) => {
      const ms = performance.now() - start
      const { cpuMs, rest: stderr } = splitCpuTime(Buffer.concat(err).toString('utf8'))
      const output = `${Buffer.concat(out).toString('utf8')}${stderr}${error ? `\n${error.message}` : ''}`.trim()
      const self = output.match(/audit took ([\d.]+) ?ms/)
      const result = {
        step: step.step,
        ms,
        cpuMs,
        ok: status === 0,
        tail: lastLines(output),
        ...(self ? { selfMs: Number(self[1]) } : {}),
      }
      done({ result, output })
    }
    child.on('error', (error) => finish(null, error))
    child.on('close', (status) => finish(status))
  })
}

/**
 * Runs one phase: its steps side by side, a step with `startsAfter` once that step has ended well
 * (else it is reported failed, not run), and a `gated` step's gate opened when every other step
 * has ended. Results in the phase's order.
 */
export async function runPhase(dir: string, phase: Step[], env: NodeJS.ProcessEnv = {}): Promise<StepRun[]> {
  const gate = phase.some((s) => s.gated) ? join(dir, '.generated', `prerender-gate-${process.pid}.json`) : undefined
  if (gate) {
    mkdirSync(dirname(gate), { recursive: true })
    resetGate(gate)
  }
  const bundles = await bundlesFor(dir, phase)
  const runs = new Map<string, Promise<StepRun>>()
  for (const step of phase) {
    const stepEnv = step.gated && gate ? { ...env, [GATE_ENV]: gate } : env
    const before = step.startsAfter === undefined ? undefined : runs.get(step.startsAfter)
    if (step.startsAfter !== undefined && !before)
      throw new Error(`build steps: ${step.step} starts after ${step.startsAfter}, which is not before it in its phase`)
    const run = before
      ? before.then((r) => (r.result.ok ? runCachedStep(dir, step, stepEnv, bundles) : notRun(step, `not started: ${r.result.step} failed`)))
      : runCachedStep(dir, step, stepEnv, bundles)
    runs.set(step.step, run)
  }
  if (gate) {
    const others = phase.filter((s) => !s.gated).map((s) => runs.get(s.step)!)
    void Promise.all(others).then((results) =>
      openGate(
        gate,
        results.filter((r) => !r.result.ok).map((r) => r.result.step),
      ),
    )
  }
  const results = await Promise.all(phase.map((s) => runs.get(s.step)!))
  if (gate) resetGate(gate)
  return results
}

/**
 * What to show of a failed step's output: all of it, except for a prerender stopped by the gate,
 * which failed because of a step printed above it: its one line says so, without Vike's stack.
 */
export function failureText(output: string): string {
  const at = output.indexOf(STOPPED_AT_GATE)
  return at < 0 ? output : output.slice(at).split('\n')[0]!
}

const notRun = (step: Step, why: string): StepRun => ({ result: { step: step.step, ms: 0, cpuMs: 0, ok: false, tail: why }, output: why })

/** bash's `times` ends stderr with the shell's and its children's "user system" times. */
function splitTimes(stderr: string): { cpuMs: number; rest: string } {
  const lines = stderr.trimEnd().split('\n')
  const children = lines.at(-1)?.match(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/)
  if (!children || !/^\d+m[\d.]+s \d+m[\d.]+s$/.test(lines.at(-2) ?? '')) return { cpuMs: Number.NaN, rest: stderr }
  const cpuMs = (Number(children[1]) * 60 + Number(children[2]) + Number(children[3]) * 60 + Number(children[4])) * 1000
  return { cpuMs, rest: lines.slice(0, -2).join('\n') }
}

/** A line of a step's output that warns: Vite's and Vike's warnings, Rollup's "(!)", and our own "warning:" lines. */
export const isWarningLine = (line: string) => /\[Warning\]|^\(!\)|\bwarn(ing)?:/i.test(line)

/**
 * The whole build as the bench runs it: every phase, even after a failure; wall time measured, not
 * summed; with every warning line the steps printed (the bench reports them for each build).
 */
export async function build(dir: string): Promise<{ steps: StepResult[]; ms: number; cpuMs: number; ok: boolean; warnings: string[] }> {
  const start = performance.now()
  const steps: StepResult[] = []
  const warnings: string[] = []
  for (const phase of PHASES) {
    for (const { result, output } of await runPhase(dir, phase)) {
      steps.push(result)
      warnings.push(
        ...output
          .split('\n')
          .filter(isWarningLine)
          .map((line) => `${result.step}: ${line.trim()}`),
      )
    }
  }
  return { steps, ms: performance.now() - start, cpuMs: steps.reduce((sum, s) => sum + s.cpuMs, 0), ok: steps.every((s) => s.ok), warnings }
}
