// build:postbuild (turbo.json), after the pages are prerendered and finished (scripts/prerender.ts):
// redirects, sitemap.xml, robots.txt and _headers, all derived from content/routes.yml; the
// search index, the documents, the audit CSVs; and the checks of the whole site. It only adds
// files to dist/: the pages are build:prerender's outputs.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fillUsedOn } from '../lib/audit/csv'
import { AUDIT_FILES } from '../lib/audit/write'
import { readKeyUsage } from '../lib/i18n/key-usage'
import { placeholderCheck } from '../lib/build/leftover-placeholders'
import { facts, routeTable, routes } from '../lib/content/data'
import { headersFile, securityHeaders } from '../lib/build/headers'
import { CLOUDFRONT_FUNCTION_MAX_BYTES, cloudfrontRequestFunction, cloudfrontResponseFunction } from '../lib/build/cloudfront'
import { redirects, redirectsFile } from '../lib/build/redirects'
import { robotsTxt, sitemapXml } from '../lib/build/sitemap'
import { allPageUrls } from '../lib/pages/prerender'
import { loadBuildEnv } from '../lib/build/build-env'
import { copyDocuments } from '../lib/documents/manifest'
import { LOCAL_SUPABASE_URL } from '../lib/supabase/config'
import { countScripts, inlineScriptHashes, pageFiles } from './page-scripts'
import { type IndexedPage, indexablePage, writeSearchIndex } from './search-index'

const out = 'dist/client'
const site = facts.business.siteUrl
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(out, path)), { recursive: true })
  writeFileSync(join(out, path), text)
}

const list = redirects(routeTable, routes.legacy, routes.legacyProducts)
write('_redirects', redirectsFile(list))
copyDocuments(out)
write('sitemap.xml', sitemapXml(routeTable, site))
write('robots.txt', robotsTxt(site))
// The pages as they ship (build:prerender finished them), read once and one at a time: a large
// catalogue's pages do not fit in memory together. Each page is counted, its inline scripts hashed
// for the CSP, checked for unfilled placeholders (docs/ARCHITECTURE.md §4), and noted for the
// search index if Pagefind indexes it.
const counts = { inlined: 0, searchPages: 0 }
const scriptHashes = new Set<string>()
const indexable: IndexedPage[] = []
const leftovers: string[] = []
const placeholdersOn = placeholderCheck(out, 'content', routeTable.locales, routeTable.defaultLocale)
for (const file of pageFiles(out)) {
  const html = readFileSync(file, 'utf8')
  const scripts = countScripts([html])
  counts.inlined += scripts.inlined
  counts.searchPages += scripts.searchPages
  for (const hash of inlineScriptHashes([html])) scriptHashes.add(hash)
  const page = indexablePage(out, file, html)
  if (page) indexable.push(page)
  leftovers.push(...placeholdersOn(file, html))
}
console.log(`postbuild: content-page script inlined into ${counts.inlined} pages; search script on ${counts.searchPages} pages`)
if (leftovers.length) throw new Error(`postbuild: ${leftovers.length} unfilled placeholder(s):\n  ${leftovers.join('\n  ')}`)
// Pagefind indexes in processes of its own while the rest of this step runs (awaited at the end).
const indexing = writeSearchIndex(out, indexable)
indexing.catch(() => undefined) // a failure is thrown where it is awaited, below
// The same environment Vite gave the bundle (.env files included), so the CSP allows exactly
// the backend and captcha the pages were built for.
const env = { ...(await loadBuildEnv('production', process.cwd(), 'VITE_')), ...process.env }
const headers = securityHeaders(env.VITE_SUPABASE_URL?.trim() || LOCAL_SUPABASE_URL, {
  hcaptcha: Boolean(env.VITE_HCAPTCHA_SITE_KEY?.trim()),
  scriptHashes: [...scriptHashes].sort(),
})
write('_headers', headersFile(headers))

// For S3 + CloudFront (docs/HOSTING.md): outside dist/client, so no host ever serves them.
const functions = { 'cloudfront-viewer-request.js': cloudfrontRequestFunction(list), 'cloudfront-viewer-response.js': cloudfrontResponseFunction(headers) }
for (const [name, code] of Object.entries(functions)) {
  if (Buffer.byteLength(code) > CLOUDFRONT_FUNCTION_MAX_BYTES)
    throw new Error(`postbuild: dist/hosts/${name} is ${Buffer.byteLength(code)} bytes, over CloudFront's ${CLOUDFRONT_FUNCTION_MAX_BYTES}`)
  mkdirSync('dist/hosts', { recursive: true })
  writeFileSync(join('dist/hosts', name), code)
}

// The audit CSVs (written by `npm run audit`, linked from /en/localization-report); the items
// CSV with the pages each UI key is on, which the audit, run before the prerender, cannot know.
const keyUsage = readKeyUsage()
for (const name of [AUDIT_FILES.summary, AUDIT_FILES.items]) {
  const from = join('reports/audit', name)
  if (!existsSync(from)) throw new Error(`postbuild: ${from} is missing: run npm run audit first`)
  if (name === AUDIT_FILES.items && keyUsage) writeFileSync(join(out, name), fillUsedOn(readFileSync(from, 'utf8'), keyUsage))
  else copyFileSync(from, join(out, name))
}
const search = await indexing
console.log(`postbuild: search index of ${search.pages} pages in ${search.languages.join(', ')}`)
console.log(`postbuild: ${allPageUrls().length} pages, ${list.length} redirects, sitemap, robots.txt, _headers`)
