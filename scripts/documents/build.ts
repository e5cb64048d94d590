// build:documents (turbo.json; part of `npm run build`, before the pages are rendered): prints one PDF
// data sheet per product and language and one size chart per language with Typst (./print.ts; no
// browser), collects the compliance files of content/documents/, and writes
// .generated/documents/manifest.json for the pages to list.
// PDFs are cached under .generated/documents/cache (gitignored, kept between builds) by the hash
// of their sheet (./data-sheet.ts) and of how it is printed (layout, logo, fonts, engine version):
// an unchanged sheet is copied, never printed twice.
import { execFileSync, fork } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { basename, join } from 'node:path'
import { facts, find, pages, products, routeTable } from '../../lib/content/data'
import { formatDate, MANIFEST, type DocumentFile } from '../../lib/documents/manifest'
import type { LocaleCode } from '../../lib/routing/table'
import { complianceFiles } from './compliance-files'
import { dataSheet, SIZE_CHART, type Sheet, sizeChart } from './data-sheet'
import { type PrintJob, printJob, printKey } from './print'

const OUT = '.generated/documents'
const WORKER = 'scripts/documents/print-worker.ts'
const CACHE = join(OUT, 'cache')

/** The date a sheet's inputs last changed: today when edited and not committed, else the last commit. */
function changedOn(files: string[], dirty: Set<string>, lastCommit: Map<string, string>): string {
  const today = new Date().toISOString().slice(0, 10)
  if (files.some((f) => dirty.has(f))) return today
  const dates = files.flatMap((f) => lastCommit.get(f) ?? [])
  return dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : today
}

/**
 * Every content file's last commit date, from ONE `git log` (it was one `git log -1` per sheet:
 * 870 processes at 16x content). Newest commits come first, so a file's first date is its last.
 */
function lastCommitDates(): Map<string, string> {
  const dates = new Map<string, string>()
  try {
    const out = execFileSync('git', ['log', '--format=%x00%cs', '--name-only', '--', 'content'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    for (const commit of out.split('\0').slice(1)) {
      const [date, ...names] = commit.split('\n').filter(Boolean)
      for (const name of names) if (!dates.has(name)) dates.set(name, date!)
    }
  } catch {
    // not a git checkout (e.g. an unpacked archive): every sheet is dated today
  }
  return dates
}

function dirtyFiles(): Set<string> {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'content'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    return new Set(
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => l.slice(3)),
    )
  } catch {
    return new Set()
  }
}

/** Sheets per printing process: below this, a second process costs more to start than it saves. */
const SHEETS_PER_PROCESS = 200

/**
 * Prints every job: here when they are few (an edit reprints a handful), else in one process per
 * core (./print-worker.ts), each with its share, since Typst prints on one thread.
 * PRINT_PROCESSES=<n> sets the number of processes (1: this one), for the bench.
 */
async function printAll(jobs: PrintJob[]): Promise<void> {
  const processes = Number(process.env.PRINT_PROCESSES) || Math.min(availableParallelism(), Math.floor(jobs.length / SHEETS_PER_PROCESS))
  if (processes < 2) {
    for (const job of jobs) printJob(job)
    return
  }
  const shares = Array.from({ length: processes }, (_, n) => jobs.filter((_, i) => i % processes === n))
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((done, fail) => {
          const child = fork(WORKER, { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
          child.on('error', fail)
          child.on('exit', (status) => (status === 0 ? done() : fail(new Error(`documents: a printing process failed (exit status ${status})`))))
          child.send(share)
        }),
    ),
  )
}

async function main() {
  mkdirSync(CACHE, { recursive: true })
  const dirty = dirtyFiles()
  const lastCommit = lastCommitDates()
  const printing = printKey()
  const brand = facts.business.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const files: DocumentFile[] = []
  const jobs: PrintJob[] = []
  const cached = (sheet: Sheet) =>
    join(CACHE, `${createHash('sha256').update(printing).update('\0').update(JSON.stringify(sheet)).digest('hex').slice(0, 20)}.pdf`)

  for (const route of routeTable.routes.values()) {
    if (route.page !== 'product') continue
    const slug = route.paths.en!.split('/').filter(Boolean).pop()!
    for (const locale of Object.keys(route.paths) as LocaleCode[]) {
      const product = find(products, route.param!, locale, `content/products/${route.param}/${locale}.yml`)
      const inputs = [`content/products/${route.param}/${locale}.yml`, 'content/facts.yml', `content/ui/${locale}.yml`, `content/ui/documents/${locale}.yml`]
      const date = changedOn(inputs, dirty, lastCommit)
      const sheet = dataSheet({ product, locale, pageUrl: facts.business.siteUrl + route.paths[locale], date, formattedDate: formatDate(date, locale) })
      const pdf = cached(sheet)
      if (!existsSync(pdf)) jobs.push({ sheet, pdf })
      files.push({
        kind: 'data-sheet',
        id: route.param!,
        lang: locale,
        href: `/documents/${brand}-${slug}-data-sheet-${locale}.pdf`,
        source: pdf,
        bytes: 0,
        date,
      })
    }
  }

  // One size chart per language, from the facts' product table; the downloads page lists it
  const downloadsRoute = routeTable.routes.get('downloads')!
  for (const locale of Object.keys(downloadsRoute.paths) as LocaleCode[]) {
    const inputs = ['content/facts.yml', `content/ui/${locale}.yml`, `content/ui/documents/${locale}.yml`, `content/pages/downloads/${locale}.yml`]
    const date = changedOn(inputs, dirty, lastCommit)
    const sheet = sizeChart({ locale, pageUrl: facts.business.siteUrl + downloadsRoute.paths[locale], date, formattedDate: formatDate(date, locale) })
    const pdf = cached(sheet)
    if (!existsSync(pdf)) jobs.push({ sheet, pdf })
    files.push({ kind: 'size-chart', id: SIZE_CHART, lang: locale, href: `/documents/${brand}-${SIZE_CHART}-${locale}.pdf`, source: pdf, bytes: 0, date })
  }

  await printAll(jobs)

  // The cache keeps the sheets this build uses and nothing else: an older version of a sheet is
  // never asked for again (its sheet changed), and CI carries .generated/ from commit to commit.
  const used = new Set(files.map((f) => basename(f.source)))
  for (const name of readdirSync(CACHE)) if (name.endsWith('.pdf') && !used.has(name)) rmSync(join(CACHE, name), { force: true })

  const downloads = find(pages, 'downloads', routeTable.defaultLocale, 'content/pages/downloads/en.yml')
  const documentIds = downloads.blocks.flatMap((b) => (b.type === 'downloads' ? b.items.map((i) => i.id) : []))
  const compliance = complianceFiles('content/documents', documentIds, routeTable.locales, [SIZE_CHART]).map(
    (f): DocumentFile => ({
      kind: 'compliance',
      id: f.id,
      lang: f.lang,
      date: f.date,
      source: f.source,
      bytes: f.bytes,
      href: `/documents/${brand}-${f.id}-${f.lang}.pdf`,
    }),
  )

  const present = [...files, ...compliance].map((f) => ({ ...f, bytes: statSync(f.source).size }))
  writeFileSync(MANIFEST, `${JSON.stringify(present, null, 1)}\n`)
  console.log(
    `documents: ${present.filter((f) => f.kind === 'data-sheet').length} data sheets and ${present.filter((f) => f.kind === 'size-chart').length} size charts (${jobs.length} printed, the rest cached), ${compliance.length} compliance file(s)`,
  )
}

await main()
