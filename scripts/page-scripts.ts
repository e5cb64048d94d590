// The built site's own small scripts, outside Vike's client bundles (postbuild step):
// - every page gets the progressive-enhancement script (renderer/enhance.ts) inlined, with its
//   hash in the CSP, so first paint never waits for a script request chain (on island pages it
//   sits next to the island's loader, and the island does not carry it);
// - the search pages also load the search script (components/search/search-client.ts), one file.
// `npm run dev` keeps using pages/content/+client.ts and the islands' own enhance() call in dev
// (renderer/hydrate-island.tsx, pages/admin/+client.tsx), which do the same through Vite.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildSync } from 'esbuild'
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

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!['assets', 'pagefind', 'documents'].includes(entry.name)) yield* htmlFiles(path)
    } else if (entry.name.endsWith('.html')) yield path
  }
}

/**
 * Rewrites the pages of `site`; returns the CSP hashes of the inlined code, what was done, and
 * every page as it now is (path → HTML), so that the later checks need not read them again.
 */
export function writePageScripts(site: string): { hashes: string[]; inlined: number; searchPages: number; pages: Map<string, string> } {
  const enhance = bundle(`import { enhance } from './renderer/enhance'; enhance()`)
  const search = bundle(`import { startSearch } from './components/search/search-client'; startSearch()`)
  const searchUrl = `/assets/search.${createHash('sha256').update(search).digest('hex').slice(0, 10)}.js`
  writeFileSync(join(site, searchUrl), `${search}\n`)
  const searchLoader = loadAfterLoad(searchUrl)
  const loaders = new Set<string>([searchLoader])
  let inlined = 0
  let searchPages = 0
  const pages = new Map<string, string>()
  for (const file of htmlFiles(site)) {
    const html = readFileSync(file, 'utf8')
    const deferred = deferIslandEntries(inlinePageScript(html, enhance))
    let out = deferred.html
    for (const code of deferred.loaders) loaders.add(code)
    if (out.includes('id="site-search"')) {
      // The search script waits for `load` too: the page is complete without it, and fetching
      // it early delayed the search page's first paint (reports/bench.md).
      out = out.replace('</body>', `<script type="module">${inlineCode(searchLoader)}</script></body>`)
      searchPages++
    }
    if (out !== html) writeFileSync(file, out)
    pages.set(file, out)
    if (out.includes(`<script type="module">${inlineCode(enhance)}`)) inlined++
  }
  return { hashes: [cspHash(inlineCode(enhance)), ...[...loaders].map((code) => cspHash(inlineCode(code)))], inlined, searchPages, pages }
}
