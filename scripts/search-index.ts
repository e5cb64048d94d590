// Site search index: Pagefind reads the built HTML and writes one index per <html lang> to
// dist/client/pagefind/. Only <main data-pagefind-body> is indexed, which renderer/document.tsx
// sets on indexable pages alone: placeholder, thank-you, admin, report and 404 pages stay out.
//
// Pagefind has no incremental mode and indexing is the largest per-page cost of the postbuild.
// Its languages are independent of each other: each has its own files (`pagefind.<lang>_*.pf_meta`,
// `wasm.<lang>.pagefind`, `index/<lang>_*`, `fragment/<lang>_*`) and its own entry in pagefind-entry.json. So each language's files are
// kept in .generated/search/, keyed by the Pagefind version and what Pagefind reads of that
// language's indexable pages (searchableHtml: the head and the indexed main), and only the
// languages whose indexed pages changed are indexed again (in up to
// SEARCH_SERVICES Pagefind processes side by side). The result is the same set of files as one
// run over the whole site (tests/unit/search-index.test.ts).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as pagefind from 'pagefind'
import { filesUnder } from '../lib/build/files-under'
import { linkOrCopy } from '../lib/build/link-or-copy'

/** A page Pagefind indexes: its path in the site, its file, its <html lang> and the hash of what Pagefind reads of it. */
export type IndexedPage = { sourcePath: string; file: string; lang: string; hash: string }
type Entry = { version: string; languages: Record<string, { hash: string; wasm: string; page_count: number }>; include_characters: string[] }

// The package exports neither its package.json nor a require() entry; its import entry is lib/index.js.
const PAGEFIND_VERSION = (
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.resolve('pagefind'))), '../package.json'), 'utf8')) as { version: string }
).version
const SHARED = `shared-${PAGEFIND_VERSION}`

/**
 * The page at `file` if Pagefind would index it (it has data-pagefind-body), with its <html lang>
 * and the hash of what Pagefind reads of it (searchableHtml): an edit to the menus or the footer
 * alone leaves every language's index as it was.
 */
export function indexablePage(site: string, file: string, content: string): IndexedPage | undefined {
  if (!content.includes('data-pagefind-body')) return undefined
  const sourcePath = relative(site, file).replace(/\\/g, '/')
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(content)?.[1]
  if (!lang) throw new Error(`search index: ${sourcePath} has data-pagefind-body but no <html lang>`)
  return { sourcePath, file, lang: lang.toLowerCase(), hash: createHash('sha256').update(searchableHtml(content)).digest('hex') }
}

/**
 * What Pagefind needs of a page: the <html> tag (its lang), the <head> and the indexed <main>
 * (renderer/document.tsx). The header, menus and footer around <main> are most of a page's
 * bytes and grow with the catalogue (the menus list the products); Pagefind only parsed them to
 * skip them. The index is the same, file for file (tests/unit/search-index.test.ts, over the
 * real site); a page without those parts goes whole.
 */
export function searchableHtml(html: string): string {
  const open = /<html\b[^>]*>/.exec(html)?.[0]
  const head = /<head\b[\s\S]*?<\/head>/.exec(html)?.[0]
  const main = /<main\b[^>]*\bdata-pagefind-body\b[\s\S]*<\/main>/.exec(html)?.[0]
  return open && head && main ? `<!DOCTYPE html>${open}${head}<body>${main}</body></html>` : html
}

/** Every HTML file under `site` that Pagefind would index, read one at a time. */
export function indexablePages(site: string): IndexedPage[] {
  return filesUnder(site).flatMap((file) => (file.endsWith('.html') ? (indexablePage(site, file, readFileSync(file, 'utf8')) ?? []) : []))
}

/** The cache key of one language: Pagefind's version and every indexable page of it, its path and what Pagefind reads of it (by hash). */
export function languageKey(lang: string, pages: IndexedPage[]): string {
  const hash = createHash('sha256').update(`pagefind ${PAGEFIND_VERSION}\0${lang}\0`)
  const ofLang = pages.filter((page) => page.lang === lang).sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1))
  for (const page of ofLang) hash.update(`${page.sourcePath}\0${page.hash}\0`)
  return `${lang}-${hash.digest('hex').slice(0, 20)}`
}

/** Does a file of a Pagefind bundle (path relative to the bundle) belong to this language? */
const ofLanguage = (path: string, lang: string) =>
  path.startsWith(`pagefind.${lang}_`) || path === `wasm.${lang}.pagefind` || path.startsWith(`index/${lang}_`) || path.startsWith(`fragment/${lang}_`)

/** Paths of every file of a bundle folder, relative to it, with forward slashes. */
const bundleFiles = (dir: string) => filesUnder(dir).map((f) => relative(dir, f).replace(/\\/g, '/'))

/** Writes `files` (path in the bundle → bytes) as the cache entry `dir`, with `meta` as `metaFile`: the entry appears whole or not at all. */
function storeEntry(files: [string, Uint8Array][], dir: string, metaFile: string, meta: unknown): void {
  const staging = `${dir}.${process.pid}.tmp`
  rmSync(staging, { recursive: true, force: true })
  for (const [file, bytes] of files) {
    mkdirSync(dirname(join(staging, file)), { recursive: true })
    writeFileSync(join(staging, file), bytes)
  }
  writeFileSync(join(staging, metaFile), `${JSON.stringify(meta)}\n`)
  rmSync(dir, { recursive: true, force: true })
  renameSync(staging, dir)
}

/**
 * How many Pagefind processes index at once: a process answers one request at a time, and while
 * Node waits for its answer the other core sits idle. Two per core keep every core busy; more
 * gained nothing (npm run bench measures the postbuild).
 */
export const SEARCH_SERVICES = Math.max(1, Math.min(4, 2 * availableParallelism()))

/** Languages in `groups` groups of about the same number of pages, largest language first. */
export function languageGroups(pages: { lang: string }[], languages: string[], groups: number): string[][] {
  const count = new Map<string, number>()
  for (const page of pages) count.set(page.lang, (count.get(page.lang) ?? 0) + 1)
  const out: { langs: string[]; pages: number }[] = Array.from({ length: Math.max(1, Math.min(groups, languages.length)) }, () => ({ langs: [], pages: 0 }))
  const bySize = [...languages].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0) || (a < b ? -1 : 1))
  for (const lang of bySize) {
    const lightest = out.reduce((a, b) => (b.pages < a.pages ? b : a))
    lightest.langs.push(lang)
    lightest.pages += count.get(lang) ?? 0
  }
  return out.map((g) => g.langs.sort()).filter((g) => g.length)
}

/**
 * The pagefind package keeps one service process per module instance (a module-level singleton).
 * Importing it under a different query string gives a separate instance, so each group of
 * languages gets a Pagefind process of its own. Instance 0 is the plain import.
 */
const pagefindInstance = async (n: number): Promise<typeof pagefind> =>
  n === 0 ? pagefind : ((await import(`${import.meta.resolve('pagefind')}?service=${n}`)) as typeof pagefind)

/**
 * Runs Pagefind over `pages` and stores its files per language (and the shared ones) under
 * `cache`, the languages split over `services` Pagefind processes. Languages are independent in
 * Pagefind's output, so this writes what one run over all of them writes
 * (tests/unit/search-index.test.ts). The files come from Pagefind's memory (getFiles), not from a
 * folder it writes: in one fresh-clone CI run pagefind-entry.json read back empty right after
 * writeFiles had answered.
 */
async function indexLanguages(pages: IndexedPage[], keys: Map<string, string>, cache: string, services: number): Promise<void> {
  const groups = languageGroups(pages, [...keys.keys()], services)
  await Promise.all(
    groups.map(async (langs, n) => {
      const service = await pagefindInstance(n)
      const group = new Map(langs.map((lang) => [lang, keys.get(lang)!]))
      try {
        await indexGroup(
          service,
          pages.filter((p) => group.has(p.lang)),
          group,
          cache,
          n === 0,
        )
      } finally {
        await service.close()
      }
    }),
  )
}

/** One Pagefind process's share of indexLanguages; `storeShared`: this group writes the shared files (one group does). */
async function indexGroup(service: typeof pagefind, pages: IndexedPage[], keys: Map<string, string>, cache: string, storeShared: boolean): Promise<void> {
  const { index, errors } = await service.createIndex({})
  if (!index) throw new Error(`search index: ${errors.join('; ')}`)
  // In path order, as Pagefind reads a folder; each page read from its file when it is added.
  for (const page of [...pages].sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1))) {
    const added = await index.addHTMLFile({ sourcePath: page.sourcePath, content: searchableHtml(readFileSync(page.file, 'utf8')) })
    if (added.errors.length) throw new Error(`search index: ${page.sourcePath}: ${added.errors.join('; ')}`)
  }
  const got = await index.getFiles()
  if (got.errors.length) throw new Error(`search index: ${got.errors.join('; ')}`)
  const files = got.files.map((f): [string, Uint8Array] => [f.path.replace(/\\/g, '/'), f.content])
  const entryFile = files.find(([path]) => path === 'pagefind-entry.json')
  if (!entryFile) throw new Error('search index: Pagefind gave no pagefind-entry.json')
  const entry = JSON.parse(Buffer.from(entryFile[1]).toString('utf8')) as Entry
  for (const [lang, key] of keys) {
    const language = entry.languages[lang]
    if (!language) throw new Error(`search index: Pagefind wrote no index for "${lang}"`)
    storeEntry(
      files.filter(([f]) => ofLanguage(f, lang)),
      join(cache, key),
      'language.json',
      language,
    )
  }
  if (storeShared && !existsSync(join(cache, SHARED))) {
    const shared = files.filter(([f]) => f !== 'pagefind-entry.json' && ![...keys.keys()].some((lang) => ofLanguage(f, lang)))
    storeEntry(shared, join(cache, SHARED), 'include-characters.json', entry.include_characters)
  }
}

/**
 * Writes `<site>/pagefind/`. Languages whose pages are unchanged since a build that kept `cache`
 * are copied from it; the others are indexed. Stale cache entries of a language are removed.
 * `pages`: the site's indexable pages, when the caller has found them already (indexablePage).
 */
export async function writeSearchIndex(
  site: string,
  cache = '.generated/search',
  pages = indexablePages(site),
  services = SEARCH_SERVICES,
): Promise<{ pages: number; languages: string[]; indexed: string[] }> {
  const languages = [...new Set(pages.map((p) => p.lang))].sort()
  const keys = new Map(languages.map((lang) => [lang, languageKey(lang, pages)]))
  mkdirSync(cache, { recursive: true })
  // Without the shared files (a new Pagefind version, a first build) every language is indexed.
  const missing = existsSync(join(cache, SHARED)) ? new Map([...keys].filter(([, key]) => !existsSync(join(cache, key)))) : keys
  if (missing.size)
    await indexLanguages(
      pages.filter((p) => missing.has(p.lang)),
      missing,
      cache,
      services,
    )

  const bundle = join(site, 'pagefind')
  rmSync(bundle, { recursive: true, force: true })
  const copyAll = (from: string, skip: string) => {
    for (const file of bundleFiles(from)) {
      if (file === skip) continue
      mkdirSync(dirname(join(bundle, file)), { recursive: true })
      linkOrCopy(join(from, file), join(bundle, file))
    }
  }
  copyAll(join(cache, SHARED), 'include-characters.json')
  const entry: Entry = {
    version: PAGEFIND_VERSION,
    languages: {},
    include_characters: JSON.parse(readFileSync(join(cache, SHARED, 'include-characters.json'), 'utf8')) as string[],
  }
  for (const [lang, key] of keys) {
    copyAll(join(cache, key), 'language.json')
    entry.languages[lang] = JSON.parse(readFileSync(join(cache, key, 'language.json'), 'utf8')) as Entry['languages'][string]
  }
  writeFileSync(join(bundle, 'pagefind-entry.json'), JSON.stringify(entry))

  // One entry per language, the one this build used, and the shared files of this Pagefind version.
  const used = new Set([...keys.values(), SHARED])
  for (const name of readdirSync(cache)) {
    const ours = /^[a-z-]+-[0-9a-f]{20}$/.test(name) || name.startsWith('shared-')
    if (ours && !used.has(name)) rmSync(join(cache, name), { recursive: true, force: true })
  }
  return { pages: pages.length, languages, indexed: [...missing.keys()] }
}
