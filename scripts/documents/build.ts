// `npm run documents` (part of `npm run build`, before the pages are rendered): prints one PDF
// data sheet per product and language and one size chart per language with Chromium, collects
// the compliance files of content/documents/, and writes .generated/documents/manifest.json for
// the pages to list.
// PDFs are cached under .generated/documents/cache (gitignored, kept between builds) by the hash
// of their HTML and of how they are printed (print options, Playwright and Chromium version): an
// unchanged sheet is copied, never printed twice. Printing is the costliest work per sheet, which
// a build of a large catalogue pays only for changed sheets.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus } from 'node:os'
import { basename, join } from 'node:path'
import type { Browser } from 'playwright-core'
import { facts, find, pages, products, routeTable } from '../../lib/content/data'
import { formatDate, MANIFEST, type DocumentFile } from '../../lib/documents/manifest'
import type { LocaleCode } from '../../lib/routing/table'
import { complianceFiles } from './compliance-files'

// The sheets are rendered with React's production build, loaded below once this is set: the
// markup is the same (the cached PDFs stay valid), without the development build's checks, which
// cost CPU on every sheet.
process.env.NODE_ENV ??= 'production'
const { dataSheetBare, dataSheetStyle, SIZE_CHART, sizeChartBare, withDataSheetStyle } = await import('./data-sheet')

const OUT = '.generated/documents'
const CACHE = join(OUT, 'cache')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const require = createRequire(import.meta.url)
const DEPLOY = ['CI', 'DEPLOY', 'CF_PAGES', 'NETLIFY'].some((name) => process.env[name])

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

async function main() {
  mkdirSync(CACHE, { recursive: true })
  const dirty = dirtyFiles()
  const lastCommit = lastCommitDates()
  const printing = printKey()
  const brand = facts.business.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const files: DocumentFile[] = []
  const jobs: { bare: string; pdf: string }[] = []
  // The shared <style> enters the key by its hash, computed once, not 330 KB per sheet.
  const style = createHash('sha256').update(dataSheetStyle()).digest('hex')

  for (const route of routeTable.routes.values()) {
    if (route.page !== 'product') continue
    const slug = route.paths.en!.split('/').filter(Boolean).pop()!
    for (const locale of Object.keys(route.paths) as LocaleCode[]) {
      const product = find(products, route.param!, locale, `content/products/${route.param}/${locale}.yml`)
      const inputs = [`content/products/${route.param}/${locale}.yml`, 'content/facts.yml', `content/ui/${locale}.yml`, `content/ui/documents/${locale}.yml`]
      const date = changedOn(inputs, dirty, lastCommit)
      const bare = dataSheetBare({ product, locale, pageUrl: facts.business.siteUrl + route.paths[locale], date, formattedDate: formatDate(date, locale) })
      const pdf = join(CACHE, `${createHash('sha256').update(printing).update(`\0${style}\0`).update(bare).digest('hex').slice(0, 20)}.pdf`)
      if (!existsSync(pdf)) jobs.push({ bare, pdf })
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
    const bare = sizeChartBare({ locale, pageUrl: facts.business.siteUrl + downloadsRoute.paths[locale], date, formattedDate: formatDate(date, locale) })
    const pdf = join(CACHE, `${createHash('sha256').update(printing).update(`\0${style}\0`).update(bare).digest('hex').slice(0, 20)}.pdf`)
    if (!existsSync(pdf)) jobs.push({ bare, pdf })
    files.push({ kind: 'size-chart', id: SIZE_CHART, lang: locale, href: `/documents/${brand}-${SIZE_CHART}-${locale}.pdf`, source: pdf, bytes: 0, date })
  }

  let printed = 0
  if (jobs.length) {
    if (!existsSync(CHROMIUM)) {
      const message = `documents: Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH); ${jobs.length} document(s) cannot be printed`
      if (DEPLOY) throw new Error(message)
      console.warn(`${message}. Local build: the downloads lists leave them out.`)
    } else {
      printed = await print(jobs)
    }
  }

  // The cache keeps the sheets this build uses and nothing else: an older version of a sheet is
  // never asked for again (its HTML changed), and CI carries .generated/ from commit to commit.
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

  const present = [...files.filter((f) => existsSync(f.source)), ...compliance].map((f) => ({ ...f, bytes: statSync(f.source).size }))
  writeFileSync(MANIFEST, `${JSON.stringify(present, null, 1)}\n`)
  console.log(
    `documents: ${present.filter((f) => f.kind === 'data-sheet').length} data sheets and ${present.filter((f) => f.kind === 'size-chart').length} size charts (${printed} printed, the rest cached), ${compliance.length} compliance file(s)`,
  )
}

const PDF_OPTIONS = { format: 'A4', printBackground: true, preferCSSPageSize: true, tagged: true, outline: true } as const

/** What else than the HTML decides a PDF's bytes: the print options and the printing software. */
function printKey(): string {
  const chromiumFile = existsSync(CHROMIUM) ? realpathSync(CHROMIUM) : CHROMIUM
  const stat = existsSync(chromiumFile) ? statSync(chromiumFile) : undefined
  const playwright = (JSON.parse(readFileSync(require.resolve('playwright-core/package.json'), 'utf8')) as { version: string }).version
  return JSON.stringify({ PDF_OPTIONS, playwright, chromium: [chromiumFile, stat?.size, stat?.mtimeMs] })
}

/**
 * A single-process Chromium already keeps about 1.4 cores busy (its raster and PDF threads), so
 * a second one pays for its start-up only on a large queue (a few hundred sheets); on a small
 * one it makes the step slower.
 */
const defaultWorkers = (sheets: number) => Math.min(cpus().length, Math.ceil(sheets / 300))

/**
 * Workers print from one shared queue (how many: defaultWorkers, or DOCUMENTS_WORKERS). In
 * single-process mode (SINGLE_PROCESS below) each worker has a browser of its own, because a
 * second context in a single-process browser closes it; otherwise one browser with a context,
 * and so a renderer process, per worker (two tabs of one context share a renderer). Each PDF is
 * written under a temporary name and renamed, so an interrupted build never leaves a truncated
 * file that later builds would take for a cached sheet.
 *
 * A worker loads the first sheet as a document and then swaps in each next sheet's <head> and
 * <body>, keeping the <style> (the same in every sheet, 320 KB of which are the embedded fonts):
 * Chromium then parses and decodes the fonts once per worker instead of once per sheet. The PDFs are the same as from a fresh
 * document apart from the creation time and the structure-tree node ids, which already depended
 * on what the renderer had printed before.
 */
async function print(jobs: { bare: string; pdf: string }[]): Promise<number> {
  // Loaded only when a sheet is printed: importing Playwright costs CPU, which a build with every
  // sheet cached would pay for nothing.
  const { chromium } = await import('playwright-core')
  const launchOnce = () =>
    chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', ...SINGLE_PROCESS],
    })
  // A single-process Chromium now and then closes while it starts ("Target page, context or
  // browser has been closed", seen on cold builds of a large catalogue): that start is tried
  // again, twice at most. A failure while printing still fails the step (the sheets printed so
  // far are kept, so the next build prints only the rest).
  const launch = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await launchOnce()
      } catch (error) {
        if (attempt === 3) throw error
        console.warn(`documents: Chromium closed while starting (attempt ${attempt} of 3), starting it again`)
      }
    }
  }
  const queue = [...jobs]
  const work = async (browser: Browser) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    let loaded = false
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (loaded) await page.evaluate(swapDocument, job.bare)
      else await page.setContent(withDataSheetStyle(job.bare), { waitUntil: 'load' })
      loaded = true
      writeFileSync(`${job.pdf}.tmp`, await page.pdf(PDF_OPTIONS))
      renameSync(`${job.pdf}.tmp`, job.pdf)
    }
    await context.close()
  }
  const workers = Math.max(1, Math.min(jobs.length, Number(process.env.DOCUMENTS_WORKERS) || defaultWorkers(jobs.length)))
  // Single-process mode: a browser per worker; otherwise one browser with every worker in it.
  const perBrowser = SINGLE_PROCESS.length ? 1 : workers
  const browsers: Browser[] = []
  try {
    await Promise.all(
      Array.from({ length: workers / perBrowser }, async () => {
        const browser = await launch()
        browsers.push(browser)
        await Promise.all(Array.from({ length: perBrowser }, () => work(browser)))
      }),
    )
    return jobs.length
  } finally {
    await Promise.all(browsers.map((b) => b.close()))
  }
}

/**
 * Browser and renderer in one process: clearly less CPU and wall time than a renderer process
 * for each of two workers, and the PDFs are equal apart from creation time and structure-tree ids. One such browser
 * per worker (see defaultWorkers). Chromium calls the mode unsupported; it is what serverless
 * PDF printers (e.g. @sparticuz/chromium) run, and it only ever sees our own local HTML here.
 * DOCUMENTS_SINGLE_PROCESS=0 goes back to a renderer process per worker should a Chromium
 * release break it.
 */
const SINGLE_PROCESS = process.env.DOCUMENTS_SINGLE_PROCESS === '0' ? [] : ['--single-process']

/** In the page: becomes the given sheet (without its <style>), keeping the loaded <style>; resolves once fonts and images are ready. */
async function swapDocument(html: string): Promise<void> {
  const next = new DOMParser().parseFromString(html, 'text/html')
  const root = document.documentElement
  for (const name of root.getAttributeNames()) root.removeAttribute(name)
  for (const attr of next.documentElement.attributes) root.setAttribute(attr.name, attr.value)
  for (const el of [...document.head.children]) if (el.tagName !== 'STYLE') el.remove()
  document.head.prepend(...[...next.head.children].map((el) => document.adoptNode(el)))
  document.body.replaceWith(document.adoptNode(next.body))
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
  await document.fonts.ready
}

await main()
