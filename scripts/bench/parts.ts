// `npm run bench:parts -- --factors 1,16,64`: what each part of the build that only saves work
// saves, in CPU (every process of the build: scripts/bench/cpu-time.py) and wall time, with the
// content multiplied (scripts/bench/workspace.ts). Each part is switched off by its variable
// (docs/ARCHITECTURE.md, "The build") in the same copy, beside a run with it on:
//   - the caches and page reuse pay on a rebuild: one Turkish guide edited, as a translator does
//     (scripts/bench/rebuilds.ts), built with the part on, then edited again and built without it;
//   - the shards and the printing processes pay on a cold build: a fresh copy built without the
//     part, beside the first copy's cold build. They start only above a size (lib/routing/
//     prerender-shards.ts, scripts/documents/build.ts); below it the part is reported as idle.
// A part is worth keeping if it saves at least a tenth of the CPU or the wall time somewhere.
// Writes reports/bench-parts.md and .json.
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { shardCount } from '../../lib/routing/prerender-shards'
import { build, type BuildRun } from './build'
import { editOneGuide } from './rebuilds'
import { copyRepo, multiply, removeRepo } from './workspace'

const { values: opts } = parseArgs({ options: { factors: { type: 'string', default: '1,16' }, only: { type: 'string' } } })

type Part = { name: string; off: Record<string, string>; on: 'edited' | 'cold'; idle?: (pages: number, sheets: number) => boolean }
/** Sheets per printing process, as scripts/documents/build.ts shares them out (SHEETS_PER_PROCESS). */
const SHEETS_PER_PROCESS = 200
const CORES = availableParallelism()
export const PARTS: Part[] = [
  { name: 'render cache', off: { RENDER_CACHE: '0' }, on: 'edited' },
  { name: 'MDX parse cache', off: { MDX_CACHE: '0' }, on: 'edited' },
  { name: 'YAML parse cache', off: { YAML_CACHE: '0' }, on: 'edited' },
  { name: 'page reuse', off: { REUSE_PAGES: '0' }, on: 'edited' },
  { name: 'prerender shards', off: { PRERENDER_SHARDS: '1' }, on: 'cold', idle: (pages) => shardCount(pages, CORES) === 1 },
  { name: 'PDF printing processes', off: { PRINT_PROCESSES: '1' }, on: 'cold', idle: (_, sheets) => sheets < CORES * SHEETS_PER_PROCESS },
]

type Row = { factor: number; part: string; run: string; idle?: true; with?: Measure; without?: Measure; cpuSaved?: number; wallSaved?: number }
type Measure = { cpuS: number; wallS: number; peakRssMb?: number; ok: boolean }
const measure = (b: BuildRun): Measure => ({
  cpuS: Math.round(b.cpuMs / 100) / 10,
  wallS: Math.round(b.ms / 100) / 10,
  ...(b.peakRssKb ? { peakRssMb: Math.round(b.peakRssKb / 1024) } : {}),
  ok: b.ok,
})
const log = (msg: string) => console.log(`[bench:parts] ${msg}`)
const saved = (on: number, off: number) => Math.round((1 - on / off) * 1000) / 1000

/** One pair: `withPart` and `withoutPart` builds of the copy, in that order. */
async function pair(factor: number, part: Part, run: string, withPart: () => Promise<BuildRun>, withoutPart: () => Promise<BuildRun>): Promise<Row> {
  const a = measure(await withPart())
  const b = measure(await withoutPart())
  const row = { factor, part: part.name, run, with: a, without: b, cpuSaved: saved(a.cpuS, b.cpuS), wallSaved: saved(a.wallS, b.wallS) }
  log(`${factor}×, ${part.name}: with ${a.cpuS} s CPU / ${a.wallS} s wall, without ${b.cpuS} s / ${b.wallS} s`)
  return row
}

async function atFactor(factor: number, parts: Part[]): Promise<Row[]> {
  const dir = copyRepo(process.cwd(), `parts-x${factor}`)
  const m = multiply(dir, factor)
  log(`${factor}×: ${m.products} products, ${m.guides} guides; cold build…`)
  const cold = await build(dir)
  if (!cold.ok) throw new Error(`bench:parts: the cold build at ${factor}× failed`)
  const pages = Number(/prerender: (\d+) pages/.exec(cold.steps.find((s) => s.step === 'prerender')?.tail ?? '')?.[1])
  // "documents: <n> data sheets and <m> size charts (…)", the documents task's last line
  const printed = /documents: (\d+) data sheets and (\d+) size charts/.exec(cold.steps.find((s) => s.step === 'documents')?.tail ?? '')
  const sheets = Number(printed?.[1]) + Number(printed?.[2])
  log(`${factor}×: ${pages} pages, ${sheets} sheets: ${cold.cpuMs / 1000} s CPU, ${cold.ms / 1000} s wall`)
  const rows: Row[] = []
  for (const part of parts.filter((p) => p.on === 'edited')) {
    const edited = (env: Record<string, string>) => () => {
      editOneGuide(dir)
      return build(dir, env)
    }
    rows.push(await pair(factor, part, 'one guide edited', edited({}), edited(part.off)))
  }
  for (const part of parts.filter((p) => p.on === 'cold')) {
    if (part.idle?.(pages, sheets)) {
      rows.push({ factor, part: part.name, run: 'cold', idle: true })
      continue
    }
    const fresh = copyRepo(process.cwd(), `parts-x${factor}-${part.off ? Object.keys(part.off)[0] : ''}`)
    multiply(fresh, factor)
    rows.push(
      await pair(
        factor,
        part,
        'cold',
        async () => cold,
        () => build(fresh, part.off),
      ),
    )
    removeRepo(fresh)
  }
  removeRepo(dir)
  return rows
}

const factors = opts.factors.split(',').map(Number)
const parts = opts.only ? PARTS.filter((p) => opts.only!.split(',').includes(p.name)) : PARTS
const rows: Row[] = []
for (const factor of factors) rows.push(...(await atFactor(factor, parts)))
const pct = (x?: number) => (x === undefined ? '' : `${Math.round(x * 100)}%`)
const cell = (m?: Measure) => (m ? `${m.cpuS} s / ${m.wallS} s${m.ok ? '' : ' FAILED'}` : '')
const md = [
  '# What each part of the build saves',
  '',
  `\`npm run bench:parts\`, ${new Date().toISOString().slice(0, 10)}. CPU / wall of the whole build, with the part and without it; "idle": the part does not start at this size.`,
  '',
  '| Factor | Part | Build | With (CPU / wall) | Without | CPU saved | Wall saved |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) => `| ${r.factor}× | ${r.part} | ${r.run} | ${r.idle ? 'idle' : cell(r.with)} | ${cell(r.without)} | ${pct(r.cpuSaved)} | ${pct(r.wallSaved)} |`,
  ),
  '',
]
mkdirSync('reports', { recursive: true })
writeFileSync('reports/bench-parts.md', md.join('\n'))
writeFileSync('reports/bench-parts.json', `${JSON.stringify(rows, null, 2)}\n`)
console.log(md.join('\n'))
