// The full URL table of the built site: every page (and the forms a host redirects from), every
// legacy redirect, 404s in each locale, every asset, the configuration files; and every internal
// URL the pages and the sitemap point to.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { facts, routeTable } from '../../lib/content/data'
import { allPageUrls, notFoundUrls } from '../../lib/pages/prerender'

export const ROOT = 'dist/client'
const CONFIG = ['_headers', '_redirects']

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}
const urlOf = (file: string) => '/' + relative(ROOT, file).split('\\').join('/')

export type Expect = { status: number; location?: string; lang?: string }
export type Row = { url: string; kind: string; expect: Expect }

export function legacyRedirects(): { from: string; to: string }[] {
  return readFileSync(join(ROOT, '_redirects'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [from, to] = l.split(/\s+/) as [string, string]
      return { from, to }
    })
}

export function urlTable(): Row[] {
  const rows: Row[] = []
  const notFound = new Set(notFoundUrls())
  let i = 0
  for (const url of allPageUrls()) {
    if (notFound.has(url)) {
      rows.push({ url, kind: 'not-found page', expect: { status: 200 } })
      continue
    }
    rows.push({ url, kind: 'page', expect: { status: 200 } })
    if (url !== '/') rows.push({ url: url.slice(0, -1), kind: 'page without slash', expect: { status: 308, location: url } })
    // The index.html spelling behaves the same for every page: one in ten is enough.
    if (i++ % 10 === 0) rows.push({ url: `${url}index.html`, kind: 'page as index.html', expect: { status: 308, location: url } })
  }
  for (const { from, to } of legacyRedirects()) rows.push({ url: from, kind: 'legacy', expect: { status: 301, location: to } })
  rows.push({
    url: '/products?utm_source=old',
    kind: 'legacy with query',
    expect: { status: 301, location: `${routeTable.routes.get('products')!.paths.en}?utm_source=old` },
  })
  for (const locale of routeTable.locales) {
    const prefix = locale === routeTable.defaultLocale ? '' : `/${locale}`
    for (const path of ['/no-such-page/', '/no-such-page', '/products/unknown-netting/', '/assets/missing.js', '/a/b/c/'])
      rows.push({ url: prefix + path, kind: '404', expect: { status: 404, lang: locale } })
  }
  for (const url of ['/%ff', '/%ff/', '/en/about/extra/', '/..%2f..%2fetc/passwd', '/.well-known/x']) rows.push({ url, kind: '404', expect: { status: 404 } })
  for (const file of files(ROOT)) {
    const url = urlOf(file)
    if (file.endsWith('.html') || CONFIG.includes(url.slice(1))) continue
    rows.push({ url, kind: 'asset', expect: { status: 200 } })
  }
  return rows
}

/** Paths that must never be served (configuration read by the host). */
export const CONFIG_PATHS = ['/_headers', '/_redirects', '/%2f_headers', '/%5f_redirects', '/_headers/', '/x/../_redirects', '/%2e/_headers']

/** Every internal URL the pages and the sitemap point to: links, assets, canonical, hreflang, og:url, JSON-LD. */
export function internalUrls(): Map<string, string> {
  const site = facts.business.siteUrl.replace(/\/$/, '')
  const absolute = new RegExp(`${site.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^"'\\s<>#?]*)?(?=["'\\s<>#?]|$)`, 'g')
  const found = new Map<string, string>()
  const add = (url: string, from: string) => found.has(url) || found.set(url, from)
  for (const file of [...files(ROOT).filter((f) => f.endsWith('.html')), join(ROOT, 'sitemap.xml'), join(ROOT, 'robots.txt')]) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/\b(?:href|src|action)="(\/(?!\/)[^"#?]*)/g)) add(m[1]!, urlOf(file))
    for (const m of text.matchAll(absolute)) add(m[1] || '/', urlOf(file))
  }
  return found
}
