// The built site's own small scripts, outside Vike's client bundles:
// - every page gets the progressive-enhancement script (renderer/enhance.ts) inlined, with its
//   hash in the CSP, so first paint never waits for a script request chain (on island pages it
//   sits next to the island's loader, and the island does not carry it);
// - the search pages also load the search script (components/search/search-client.ts), one file.
// build:prerender (scripts/prerender.ts) finishes each page Vike writes with finishPage, so that
// its outputs are the pages as they ship; postbuild hashes whatever inline scripts the pages
// carry for the CSP (inlineScriptHashes).
// `npm run dev` keeps using pages/content/+client.ts and the islands' own enhance() call in dev
// (renderer/hydrate-island.tsx, pages/admin/+client.tsx), which do the same through Vite.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { buildSync } from 'esbuild'
import { filesUnder } from '../lib/build/files-under'
import { cspHash, deferIslandEntries, inlineCode, inlinePageScript, loadAfterLoad } from '../lib/build/inline-scripts'

function bundle(source: string): string {
  const out = buildSync({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    legalComments: 'none',
  })
  return out.outputFiles[0]!.text.trim()
}

export type PageScripts = { enhance: string; search: string; searchUrl: string; searchLoader: string }

/** Bundles the page script and the search script (esbuild, from the sources). */
export function pageScripts(): PageScripts {
  const enhance = bundle(`import { enhance } from './renderer/enhance'; enhance()`)
  const search = bundle(`import { startSearch } from './components/search/search-client'; startSearch()`)
  const searchUrl = `/assets/search.${createHash('sha256').update(search).digest('hex').slice(0, 10)}.js`
  return { enhance, search, searchUrl, searchLoader: loadAfterLoad(searchUrl) }
}

/** Writes the search script into the site, at its searchUrl. */
export function writeSearchScript(site: string, scripts: PageScripts): void {
  mkdirSync(dirname(join(site, scripts.searchUrl)), { recursive: true })
  writeFileSync(join(site, scripts.searchUrl), `${scripts.search}\n`)
}

/** The page as it ships: the page script inline, island entries deferred, the search script's loader on search pages. */
export function finishPage(html: string, scripts: PageScripts): string {
  let out = deferIslandEntries(inlinePageScript(html, scripts.enhance)).html
  // The search script waits for `load` too: the page is complete without it, and fetching
  // it early delayed the search page's first paint (Lighthouse, with and without scripts).
  if (out.includes('id="site-search"')) out = out.replace('</body>', `<script type="module">${inlineCode(scripts.searchLoader)}</script></body>`)
  return out
}

/** Finishes the pages at `files` where they are, just after Vike has written them. */
export function finishPages(files: string[], scripts: PageScripts): void {
  for (const file of files) {
    const html = readFileSync(file, 'utf8')
    const out = finishPage(html, scripts)
    if (out !== html) writeFileSync(file, out)
  }
}

/** The CSP hashes (script-src) of every inline script the pages carry: module scripts, and the
 *  classic one that shows the cookie banner while the page is parsed (components/layout/cookie-banner.tsx). */
export function inlineScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>()
  // Up to the first "</script>", as the browser reads it: inlineCode escapes any inside the code.
  for (const html of pages) for (const m of html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)) hashes.add(cspHash(m[1]!))
  return [...hashes].sort()
}

/** Folders of the built site that hold no pages: bundles, the search index, the data sheets. */
const NOT_PAGES = new Set(['assets', 'pagefind', 'documents'])

/** Every page of `site`: its HTML files outside the folders that hold no pages. */
export function pageFiles(site: string): string[] {
  return filesUnder(site).filter(
    (file) =>
      file.endsWith('.html') &&
      !relative(site, file)
        .split(sep)
        .slice(0, -1)
        .some((f) => NOT_PAGES.has(f)),
  )
}

/** What postbuild reports: pages carrying the page script inline (an inline module script that is not a loader), and search pages. */
export function countScripts(pages: Iterable<string>): { inlined: number; searchPages: number } {
  let inlined = 0
  let searchPages = 0
  for (const html of pages) {
    if (/<script type="module">(?!addEventListener\("load")/.test(html)) inlined++
    if (html.includes('id="site-search"')) searchPages++
  }
  return { inlined, searchPages }
}
