// sitemap.xml: every indexable page (placeholders, admin and the report excluded), each with
// its hreflang alternates, from the route table.
import { indexableLocales } from '../routing/paths'
import type { RouteTable } from '../routing/table'
import { NOT_INDEXED } from '../seo/head'

export function sitemapEntries(table: RouteTable, siteUrl: string) {
  return [...table.routes.values()]
    .filter((r) => !NOT_INDEXED.has(r.page))
    .flatMap((r) => {
      const locales = indexableLocales(r)
      const alternates = locales.length > 1 ? locales.map((l) => ({ hreflang: l, href: siteUrl + r.paths[l] })) : []
      return locales.map((l) => ({ loc: siteUrl + r.paths[l], alternates }))
    })
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

export function sitemapXml(table: RouteTable, siteUrl: string): string {
  const urls = sitemapEntries(table, siteUrl).map(
    (e) =>
      `  <url>\n    <loc>${esc(e.loc)}</loc>\n${e.alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${esc(a.href)}"/>\n`).join('')}  </url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export const robotsTxt = (siteUrl: string) => `User-agent: *\nAllow: /\nDisallow: /en/admin\n\nSitemap: ${siteUrl}/sitemap.xml\n`
