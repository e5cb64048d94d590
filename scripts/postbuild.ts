// After `vike build`: localized 404.html files, redirects (file + meta-refresh pages),
// sitemap.xml, robots.txt and _headers, all derived from content/routes.yml.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { AUDIT_FILES } from '../lib/audit/write'
import { leftoverPlaceholders } from '../lib/build/leftover-placeholders'
import { facts, routeTable, routes } from '../lib/content/data'
import { headersFile, securityHeaders } from '../lib/build/headers'
import { redirectPage, redirects, redirectsFile } from '../lib/build/redirects'
import { robotsTxt, sitemapXml } from '../lib/build/sitemap'
import { allPageUrls, notFoundUrls } from '../lib/routing/prerender'
import { supabaseUrl } from '../lib/supabase/config'

const out = 'dist/client'
const site = facts.business.siteUrl
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(out, path)), { recursive: true })
  writeFileSync(join(out, path), text)
}

// Vike writes "/tr/404" as tr/404/index.html; static hosts look for tr/404.html.
for (const url of notFoundUrls()) {
  const from = join(out, url, 'index.html')
  if (!existsSync(from)) throw new Error(`postbuild: ${from} was not prerendered`)
  renameSync(from, join(out, `${url}.html`))
  rmSync(join(out, url), { recursive: true })
}

const missing = allPageUrls().filter((u) => !notFoundUrls().includes(u) && !existsSync(join(out, u, 'index.html')))
if (missing.length) throw new Error(`postbuild: ${missing.length} page(s) were not prerendered: ${missing.slice(0, 10).join(', ')}`)

const list = redirects(routeTable, routes.legacy)
write('_redirects', redirectsFile(list))
for (const r of list) {
  if (existsSync(join(out, r.from, 'index.html'))) throw new Error(`postbuild: redirect ${r.from} would overwrite a page`)
  write(join(r.from, 'index.html'), redirectPage(r.to, site))
}
write('sitemap.xml', sitemapXml(routeTable, site))
write('robots.txt', robotsTxt(site))
write('_headers', headersFile(securityHeaders(supabaseUrl)))

// The audit CSVs (written by `npm run audit`, linked from /en/localization-report).
for (const name of [AUDIT_FILES.summary, AUDIT_FILES.items]) {
  const from = join('reports/audit', name)
  if (!existsSync(from)) throw new Error(`postbuild: ${from} is missing: run npm run audit first`)
  copyFileSync(from, join(out, name))
}
// No page may show an unfilled "{name}" (docs/ARCHITECTURE.md §4).
const leftovers = leftoverPlaceholders(out, 'content', routeTable.locales, routeTable.defaultLocale)
if (leftovers.length) throw new Error(`postbuild: ${leftovers.length} unfilled placeholder(s):\n  ${leftovers.join('\n  ')}`)

console.log(`postbuild: ${allPageUrls().length} pages, ${list.length} redirects, sitemap, robots.txt, _headers`)
