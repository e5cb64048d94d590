// `npm run bench`: what the build costs and what each of its parts saves; writes reports/bench.md
// and .json, and a dated copy of each. Builds run in temporary copies of the working tree
// (./workspace.ts), the content multiplied by each factor, so dist/ here is untouched. At each:
//   1. a cold build (no .generated/, no .turbo/): CPU of every process (./cpu-time.py), wall
//      time, each task's share, the peak memory of one process, the machine's load meanwhile;
//   2. Astro building the same pages cold, then again with its caches (./peers/astro.ts);
//   3. rebuilds in the same copy (./rebuilds.ts): unchanged (must equal the cold build, file for
//      file), one guide edited, one UI string edited; at 1× the edited content built cold too,
//      which must give the same files;
//   4. each part of the build that only saves work, switched off by its variable
//      (docs/ARCHITECTURE.md, "The build") right after a run with it on: the MDX cache on a
//      rebuild after one guide is edited, the printing processes on a cold build (they start
//      only above a size; below it the part is "idle"). A part is kept if it saves at least a
//      tenth of the CPU or the wall time somewhere.
//   5. at the first factor, tsx's start-up against Node 24's own type stripping (./ts-startup.ts).
// Options: --factors 1,16,64  --skip-peers  --skip-rebuild  --skip-parts  --skip-startup
//   --add (keep the other factors of the last reports/bench.json: run one factor at a time)
//   --keep (the copies). `npm run bench:test` times `npm test` (./npm-test.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { basename, join } from 'node:path'
import { parseArgs } from 'node:util'
import { htmlFiles, isRedirectStub } from '../../tests/helpers/page-weight'
import { type BuildRun, build } from './build'
import { ASTRO_VERSION, buildWithAstro, rebuildWithAstro } from './peers/astro'
import { type PeerBuild, type SiteWeight, siteWeight } from './peers/shared'
import { editOneGuide, editOneUiString, treeDiff, treeHashes } from './rebuilds'
import { benchTsStartup, type TsStartup, tsStartupMarkdown } from './ts-startup'
import { copyRepo, multiply, removeRepo } from './workspace'

const flag = { type: 'boolean', default: false } as const
const { values: opts } = parseArgs({
  options: {
    factors: { type: 'string', default: '1,16' },
    'skip-peers': flag,
    'skip-rebuild': flag,
    'skip-parts': flag,
    'skip-startup': flag,
    add: flag,
    keep: flag,
  },
})
const MAIN = process.cwd()
const temp: string[] = []
const log = (msg: string) => console.log(`[bench] ${msg}`)

/** A build as the report shows it: seconds, one decimal; peak memory of one process in MB; the mean 1-minute load average during it. */
type Task = { cpuS: number; wallS: number; peakRssMb?: number }
type Measure = Task & { load?: number; ok: boolean; tasks?: Record<string, Task> }
const tenths = (ms: number) => Math.round(ms / 100) / 10
const mb = (kb?: number) => (kb ? { peakRssMb: Math.round(kb / 1024) } : {})
const measure = (b: BuildRun | PeerBuild): Measure => ({
  cpuS: tenths(b.cpuMs),
  wallS: tenths('steps' in b ? b.ms : b.wallMs),
  ...mb(b.peakRssKb),
  ...('load' in b ? { load: b.load } : {}),
  ok: b.ok,
  ...('steps' in b ? { tasks: Object.fromEntries(b.steps.map((s) => [s.step, { cpuS: tenths(s.cpuMs), wallS: tenths(s.ms), ...mb(s.peakRssKb) }])) } : {}),
})
const cell = (m?: Measure) => (m ? `${m.cpuS} / ${m.wallS}${m.ok ? '' : ' FAILED'}` : '–')
const said = (label: string, m: Measure) => `${label}: ${cell(m)} s (CPU / wall), peak ${m.peakRssMb ?? '?'} MB, load ${m.load ?? '?'}`

type Part = { name: string; off: Record<string, string>; on: 'edited' | 'cold'; idle?: (pages: number, sheets: number) => boolean }
/** Sheets per printing process, as scripts/documents/build.ts shares them out (SHEETS_PER_PROCESS). */
const SHEETS_PER_PROCESS = 200
// The cold parts first: the first one's run with it on is the factor's cold build, just made.
export const PARTS: Part[] = [
  { name: 'PDF printing processes', off: { PRINT_PROCESSES: '1' }, on: 'cold', idle: (_, sheets) => sheets < 2 * SHEETS_PER_PROCESS },
  { name: 'MDX parse cache', off: { MDX_CACHE: '0' }, on: 'edited' },
]
type PartRow = { part: string; run: string; idle?: true; with?: Measure; without?: Measure }
type Rebuild = { run: string; m: Measure; changed: number; differsFromCold?: string[] }
type FactorReport = {
  factor: number
  pages: number
  sheets: number
  cold: Measure
  astro?: Measure
  astroRebuild?: Measure
  weight?: { ours: SiteWeight; astro?: SiteWeight }
  rebuilds?: Rebuild[]
  parts?: PartRow[]
}
type Report = { factors: FactorReport[]; startup?: TsStartup }

/** The numbers our own tasks print: pages prerendered, sheets and size charts. */
function sizes(b: BuildRun): { pages: number; sheets: number } {
  const tail = (step: string) => b.steps.find((s) => s.step === step)?.tail ?? ''
  const printed = /documents: (\d+) data sheets and (\d+) size charts/.exec(tail('documents'))
  return { pages: Number(/prerender: (\d+) pages/.exec(tail('prerender'))?.[1]), sheets: Number(printed?.[1]) + Number(printed?.[2]) }
}

/** A cold build of the content at `factor` in a fresh copy, with `env`. */
async function coldBuild(factor: number, env: Record<string, string> = {}): Promise<Measure> {
  const fresh = copyRepo(MAIN, `x${factor}-cold`)
  temp.push(fresh)
  multiply(fresh, factor)
  const m = measure(await build(fresh, env))
  removeRepo(fresh)
  return m
}

async function rebuilds(factor: number, dir: string, dist: string): Promise<Rebuild[]> {
  const cold = treeHashes(dist)
  const out: Rebuild[] = [{ run: 'unchanged', m: measure(await build(dir)), changed: treeDiff(cold, treeHashes(dist)).length }]
  for (const [run, edit] of [
    ['one guide edited', editOneGuide],
    ['one UI string edited', editOneUiString],
  ] as const) {
    const before = treeHashes(dist)
    const file = edit(dir)
    const m = measure(await build(dir))
    const after = treeHashes(dist)
    const row: Rebuild = { run: `${run} (${file})`, m, changed: treeDiff(before, after).length }
    // The proof that the caches are exact: the edited content built cold gives the same files
    // (data sheets printed anew carry a new creation time, so they are compared by name).
    if (factor === 1 && run === 'one guide edited') {
      const fresh = copyRepo(dir, 'x1-edited-cold')
      temp.push(fresh)
      await build(fresh)
      const freshTree = treeHashes(join(fresh, 'dist/client'))
      row.differsFromCold = treeDiff(after, freshTree).filter((n) => !(/^documents\/.*\.pdf$/.test(n) && after.has(n) && freshTree.has(n)))
    }
    log(
      `${factor}×: ${said(row.run, m)}; ${row.changed} file(s) changed${row.differsFromCold ? `, ${row.differsFromCold.length} differ from a cold build` : ''}`,
    )
    out.push(row)
  }
  return out
}

/** Each part off right after a run with it on; `fresh`: the factor's cold build was the last build made. */
async function parts(factor: number, dir: string, cold: Measure, size: { pages: number; sheets: number }, fresh: boolean): Promise<PartRow[]> {
  const rows: PartRow[] = []
  for (const part of PARTS) {
    if (part.idle?.(size.pages, size.sheets)) {
      rows.push({ part: part.name, run: part.on, idle: true })
      continue
    }
    let on: Measure
    if (part.on === 'edited') {
      editOneGuide(dir)
      on = measure(await build(dir))
      editOneGuide(dir)
    } else on = fresh ? cold : await coldBuild(factor)
    const off = part.on === 'edited' ? measure(await build(dir, part.off)) : await coldBuild(factor, part.off)
    fresh = false
    log(`${factor}×, ${part.name}: ${said('with', on)}; ${said('without', off)}`)
    rows.push({ part: part.name, run: part.on === 'edited' ? 'one guide edited' : 'cold', with: on, without: off })
  }
  return rows
}

let startup: TsStartup | undefined
async function atFactor(factor: number): Promise<FactorReport> {
  const dir = copyRepo(MAIN, `x${factor}`)
  temp.push(dir)
  const m = multiply(dir, factor)
  log(`${factor}×: ${m.products} products, ${m.guides} guides in ${dir}; building cold…`)
  const b = await build(dir)
  const cold = measure(b)
  const size = sizes(b)
  log(`${factor}×: ${size.pages} pages, ${size.sheets} sheets; ${said('cold', cold)}`)
  const report: FactorReport = { factor, ...size, cold }
  const dist = join(dir, 'dist/client')
  if (!b.ok || !existsSync(dist)) return report
  if (!opts['skip-peers']) {
    const pages = htmlFiles(dist).filter((f) => !isRedirectStub(readFileSync(f, 'utf8')))
    const work = join(dir, '..', `${basename(dir)}-astro`)
    temp.push(work)
    const astro = await buildWithAstro(dist, pages, work)
    report.astro = measure(astro)
    report.weight = { ours: siteWeight(dist, pages), astro: astro.weight }
    for (const note of astro.notes ?? []) log(`Astro: ${note}`)
    log(`${factor}×: ${said(`Astro ${ASTRO_VERSION}, cold`, report.astro)}`)
    if (astro.ok) {
      report.astroRebuild = measure(await rebuildWithAstro(work, astro.pages))
      log(`${factor}×: ${said('Astro again, its caches kept', report.astroRebuild)}`)
    }
  }
  if (!opts['skip-rebuild']) report.rebuilds = await rebuilds(factor, dir, dist)
  if (!opts['skip-parts']) report.parts = await parts(factor, dir, cold, size, opts['skip-peers'] && opts['skip-rebuild'])
  // In a copy just built, so that every task finds its inputs.
  if (!opts['skip-startup'] && !startup) startup = benchTsStartup(dir, log)
  if (!opts.keep) removeRepo(dir)
  return report
}

const pct = (on: number, off: number) => `${Math.round((1 - on / off) * 100)}%`
const ratio = (a: number, b?: number) => (b ? `${(a / b).toFixed(2)}×` : '–')
const head = (...cells: string[]) => [`| ${cells.join(' | ')} |`, `|${cells.map(() => '---').join('|')}|`]
const bytes = (w?: SiteWeight) => (w ? `${w.htmlBytes} / ${w.cssBytes}` : '–')

function markdown({ factors, startup }: Report, date: Date): string {
  const tasks = [...new Set(factors.flatMap((r) => Object.keys(r.cold.tasks ?? {})))]
  const task = (t?: Task) => (t ? `${t.cpuS} / ${t.wallS} / ${t.peakRssMb ?? '–'}` : '–')
  const part = (r: FactorReport, { part, run, with: on, without: off }: PartRow) =>
    on && off
      ? `| ${r.factor}× | ${part} | ${run} | ${cell(on)} | ${cell(off)} | ${pct(on.cpuS, off.cpuS)} | ${pct(on.wallS, off.wallS)} | ${on.peakRssMb} / ${off.peakRssMb} | ${on.load} / ${off.load} |`
      : `| ${r.factor}× | ${part} | ${run} | idle | – | – | – | – | – |`
  return [
    '# Bench',
    '',
    `${date.toISOString().slice(0, 16)}Z (the last run), ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 1e9)} GB, Node ${process.version}. Seconds: CPU (every process) / wall. Wall swings with the machine's load (the mean 1-minute load average during a build); CPU much less.`,
    '',
    '## Cold builds, beside Astro',
    '',
    "Comparable pages, checked: the median bytes of a page's HTML / of the stylesheets it links, ours and Astro's.",
    '',
    ...head(
      'Factor',
      'Pages',
      'Sheets',
      'Build',
      'Peak MB (one process)',
      'Load',
      'Astro cold',
      'CPU vs Astro',
      'Wall vs Astro',
      'Astro rebuild',
      'Bytes ours',
      'Bytes Astro',
    ),
    ...factors.map(
      (r) =>
        `| ${r.factor}× | ${r.pages} | ${r.sheets} | ${cell(r.cold)} | ${r.cold.peakRssMb ?? '–'} | ${r.cold.load ?? '–'} | ${cell(r.astro)} | ${ratio(r.cold.cpuS, r.astro?.cpuS)} | ${ratio(r.cold.wallS, r.astro?.wallS)} | ${cell(r.astroRebuild)} | ${bytes(r.weight?.ours)} | ${bytes(r.weight?.astro)} |`,
    ),
    '',
    '## Cold builds by task (CPU s / wall s / peak MB of one process)',
    '',
    ...head('Factor', ...tasks),
    ...factors.map((r) => `| ${r.factor}× | ${tasks.map((t) => task(r.cold.tasks?.[t])).join(' | ')} |`),
    '',
    '## Rebuilds in the same copy',
    '',
    ...head('Factor', 'Build', 'CPU / wall', 'Files changed', 'Differs from a cold build'),
    ...factors.flatMap((r) =>
      (r.rebuilds ?? []).map(
        (b) => `| ${r.factor}× | ${b.run} | ${cell(b.m)} | ${b.changed} | ${b.differsFromCold ? b.differsFromCold.join(', ') || 'none' : '–'} |`,
      ),
    ),
    '',
    '## What each part saves',
    '',
    'Each part switched off right after a run with it on ("idle": it does not start at this size). Kept if it saves a tenth somewhere.',
    '',
    ...head('Factor', 'Part', 'Build', 'With', 'Without', 'CPU saved', 'Wall saved', 'Peak MB with / without', 'Load with / without'),
    ...factors.flatMap((r) => (r.parts ?? []).map((p) => part(r, p))),
    '',
    startup ? tsStartupMarkdown(startup) : '',
  ].join('\n')
}

try {
  const started = new Date()
  const factors = [...new Set(opts.factors.split(',').map(Number))].sort((a, b) => a - b)
  const last = join(MAIN, 'reports/bench.json')
  const kept: Report = opts.add && existsSync(last) ? JSON.parse(readFileSync(last, 'utf8')) : { factors: [] }
  const report: Report = { factors: kept.factors.filter((r) => !factors.includes(r.factor)) }
  for (const factor of factors) report.factors.push(await atFactor(factor))
  report.factors.sort((a, b) => a.factor - b.factor)
  report.startup = startup ?? kept.startup
  const md = markdown(report, started)
  mkdirSync(join(MAIN, 'reports'), { recursive: true })
  // The latest run under a fixed name, and every run under its date, so runs can be compared.
  for (const name of ['bench', `bench-${started.toISOString().slice(0, 16).replace(/:/g, '')}`]) {
    writeFileSync(join(MAIN, `reports/${name}.json`), `${JSON.stringify(report, null, 2)}\n`)
    writeFileSync(join(MAIN, `reports/${name}.md`), md)
  }
  console.log(md)
} finally {
  if (!opts.keep) for (const dir of temp) removeRepo(dir)
  else console.log(`[bench] kept: ${temp.join(' ')}`)
}
