// Old links of the previous single-page app → their pages today, from content/routes.yml.
// Every target is a page path from the route table (ending in "/"), so each old link reaches its
// page in ONE redirect on every host (docs/HOSTING.md).
import type { LocaleCode, RouteTable } from '../routing/table'

/** `from` is the old link as it was written (no trailing slash); `to` is the page's path. */
export type Redirect = { from: string; to: string }

/**
 * legacyProducts (content/routes.yml): the old app's product links, old slug → product id. Only
 * the products the old app had: deriving them from every product route (as before) gave each
 * product added since made-up "old" links in every locale, and the CloudFront request function,
 * which carries the whole list, outgrew CloudFront's 10 KB limit at about twice today's catalogue.
 */
export function redirects(table: RouteTable, legacy: { from: string; to: string; locale: string }[], legacyProducts: Record<string, string> = {}): Redirect[] {
  const path = (key: string, locale: string) => {
    const p = table.routes.get(key)?.paths[locale as LocaleCode]
    if (!p) throw new Error(`content/routes.yml: legacy target "${key}" does not exist in "${locale}"`)
    return p
  }
  const list: Redirect[] = legacy.map((l) => ({ from: l.from.replace(/(.)\/+$/, '$1'), to: path(l.to, l.locale) }))
  list.push({ from: '/en', to: path('home', table.defaultLocale) })
  // The old header, footer and switcher linked /products and /products/<slug> (and the same
  // under each locale prefix): send them to the listing and product pages.
  const productRoutes = Object.entries(legacyProducts).map(([slug, id]) => {
    const route = [...table.routes.values()].find((r) => r.page === 'product' && r.param === id)
    if (!route) throw new Error(`content/routes.yml: legacyProducts "${slug}" names "${id}", which is not a product`)
    return { slug, route }
  })
  for (const locale of table.locales) {
    const prefix = locale === table.defaultLocale ? '' : `/${locale}`
    if (locale !== table.defaultLocale) list.push({ from: `${prefix}/products`, to: path('products', locale) })
    for (const { slug, route } of productRoutes) list.push({ from: `${prefix}/products/${slug}`, to: route.paths[locale] ?? path('products', locale) })
  }
  for (const r of list) {
    if (table.byPath.has(`${r.from}/`)) throw new Error(`content/routes.yml: legacy link "${r.from}" is a page of the site today: remove it from legacy`)
  }
  const seen = new Set<string>()
  return list.filter((r) => !seen.has(r.from) && seen.add(r.from))
}

/**
 * Netlify / Cloudflare Pages `_redirects` format. Cloudflare matches a rule's path exactly, so
 * each old link is listed with and without a trailing slash ("/urunler" and "/urunler/");
 * Netlify ignores the trailing slash when matching, so the second line is harmless there.
 */
export const redirectsFile = (list: Redirect[]) => list.flatMap((r) => [`${r.from} ${r.to} 301`, `${r.from}/ ${r.to} 301`]).join('\n') + '\n'

/** For hosts without a redirects file (GitHub Pages): a tiny page that forwards and tells crawlers where to go. */
export function redirectPage(to: string, siteUrl: string): string {
  const url = siteUrl + to
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title><meta http-equiv="refresh" content="0; url=${to}"><link rel="canonical" href="${url}"><meta name="robots" content="noindex"></head><body><p><a href="${to}">${url}</a></p></body></html>\n`
}
