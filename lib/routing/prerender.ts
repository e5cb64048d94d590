// The URLs Vike prerenders, straight from the route table.
import { readFileSync } from 'node:fs'
import { routeTable } from '../content/data'

/**
 * A rebuild that renders only the pages whose key changed (scripts/pages.ts) names them in a JSON
 * file given by this variable; every page's +onBeforePrerenderStart then lists only those.
 */
export const PRERENDER_ONLY_ENV = 'PRERENDER_ONLY'

let only: { file: string; urls: Set<string> } | undefined
/** The URLs of PRERENDER_ONLY, or undefined when every page is rendered. */
export function onlyUrls(env: NodeJS.ProcessEnv = process.env): Set<string> | undefined {
  const file = env[PRERENDER_ONLY_ENV]
  if (!file) return undefined
  if (only?.file !== file) only = { file, urls: new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]) }
  return only.urls
}
const selected = (urls: string[]) => {
  const set = onlyUrls()
  return set ? urls.filter((url) => set.has(url)) : urls
}

/** Every localized URL of the routes rendered by `page` (e.g. "product" → 46 URLs). */
export function prerenderUrls(page: string): string[] {
  return selected([...routeTable.routes.values()].filter((r) => r.page === page).flatMap((r) => Object.values(r.paths)))
}

/** The not-found page of each locale: "/404" (root, English) and "/tr/404", "/de/404", … */
export const notFoundUrls = () => routeTable.locales.map((l) => (l === routeTable.defaultLocale ? '/404' : `/${l}/404`))

/** The not-found pages to prerender (pages/content/not-found/+onBeforePrerenderStart.ts). */
export const prerenderNotFoundUrls = () => selected(notFoundUrls())

/** Everything that must exist in dist/client after a build (checked by +onPrerenderStart and tests). */
export const allPageUrls = () => [...[...routeTable.routes.values()].flatMap((r) => Object.values(r.paths)), ...notFoundUrls()]

/** What this prerender must write: every page, or the PRERENDER_ONLY ones. */
export const urlsToPrerender = () => selected(allPageUrls())
