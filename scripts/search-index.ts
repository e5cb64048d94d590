// Site search index: Pagefind reads the built HTML and writes one bundle per <html lang> to
// dist/client/pagefind/<lang>/. Only <main data-pagefind-body> is indexed, which renderer/document.tsx
// sets on indexable pages alone: placeholder, thank-you, admin, report and 404 pages stay out.
//
// Through Pagefind's documented Node API only (https://pagefind.app/docs/node-api/): one index per
// language, its pages added with addHTMLFile, written with writeFiles. Each page is read when it
// is added, one at a time: a large catalogue's pages do not fit in memory together.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as pagefind from 'pagefind'
import { filesUnder } from '../lib/build/files-under'

/** A page Pagefind indexes: its path in the site, its file and its <html lang>. */
export type IndexedPage = { sourcePath: string; file: string; lang: string }

/** The page at `file` if Pagefind would index it (it has data-pagefind-body), with its <html lang>. */
export function indexablePage(site: string, file: string, content: string): IndexedPage | undefined {
  if (!content.includes('data-pagefind-body')) return undefined
  const sourcePath = relative(site, file).replace(/\\/g, '/')
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(content)?.[1]
  if (!lang) throw new Error(`search index: ${sourcePath} has data-pagefind-body but no <html lang>`)
  return { sourcePath, file, lang: lang.toLowerCase() }
}

/**
 * What Pagefind needs of a page: the <html> tag (its lang), the <head> and the indexed <main>
 * (renderer/document.tsx). The header, menus and footer around <main> are most of a page's
 * bytes and grow with the catalogue (the menus list the products); Pagefind only parsed them to
 * skip them. The index is the same, file for file (tests/built/search-index.test.ts, over the
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

/** The folder of a language's search bundle in the site: `pagefind/<lang>/` (components/search/search-client.ts). */
export function bundleDir(lang: string): string {
  if (!/^[a-z]{2,3}(-[a-z0-9]+)*$/.test(lang)) throw new Error(`search index: <html lang="${lang}"> cannot name a bundle folder`)
  return `pagefind/${lang}`
}

/**
 * Writes one Pagefind bundle per language, `<site>/pagefind/<lang>/`, from `pages` (the site's
 * indexable pages, when the caller has found them already: indexablePage), each language's pages
 * added in path order, as Pagefind reads a folder. A search page only ever searches its own
 * language, so nothing is lost by the split. Pagefind's process holds every page it has been given
 * until writeFiles, so one language at a time, the process closed after each, keeps its memory to
 * one language's pages: one index of every page outgrew 1 GB at 64× (`npm run bench`).
 */
export async function writeSearchIndex(site: string, pages = indexablePages(site)): Promise<{ pages: number; languages: string[] }> {
  const languages = [...new Set(pages.map((p) => p.lang))].sort()
  for (const lang of languages) {
    const outputPath = join(site, bundleDir(lang))
    try {
      const { index, errors } = await pagefind.createIndex({})
      if (!index) throw new Error(`search index: ${errors.join('; ')}`)
      for (const page of pages.filter((p) => p.lang === lang).sort((a, b) => (a.sourcePath < b.sourcePath ? -1 : 1))) {
        const added = await index.addHTMLFile({ sourcePath: page.sourcePath, content: searchableHtml(readFileSync(page.file, 'utf8')) })
        if (added.errors.length) throw new Error(`search index: ${page.sourcePath}: ${added.errors.join('; ')}`)
      }
      // Pagefind acknowledges writeFiles once its files are flushed, and close() below then ends its
      // process. Releases before 1.6.0 acknowledged before the last writes reached the file, and that
      // close() cut them short: on a loaded machine pagefind-entry.json was left empty. So the pin
      // in package.json is 1.6.0 or later (tests/built/search-index.test.ts reads every file back).
      const written = await index.writeFiles({ outputPath })
      if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`)
    } finally {
      await pagefind.close()
    }
  }
  return { pages: pages.length, languages }
}
