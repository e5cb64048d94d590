// The URLs Vike prerenders, straight from the route table.
import { join } from 'node:path'
import { routeTable } from '../content/data'

/** Every localized URL of the routes rendered by `page` (e.g. "product" → 46 URLs). */
export function prerenderUrls(page: string): string[] {
  return [...routeTable.routes.values()].filter((r) => r.page === page).flatMap((r) => Object.values(r.paths))
}

/** The not-found page of each locale: "/404" (root, English) and "/tr/404", "/de/404", … */
export const notFoundUrls = () => routeTable.locales.map((l) => (l === routeTable.defaultLocale ? '/404' : `/${l}/404`))

/** Everything that must exist in dist/client after a build (checked by +onPrerenderStart and tests). */
export const allPageUrls = () => [...[...routeTable.routes.values()].flatMap((r) => Object.values(r.paths)), ...notFoundUrls()]

/** The file Vike writes for a page URL: "/tr/urunler/" → "tr/urunler/index.html", "/404" → "404/index.html". */
export const pageFile = (url: string) => join(url.replace(/^\/+/, ''), 'index.html')
