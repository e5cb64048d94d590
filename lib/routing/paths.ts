// Questions asked of the route table: where does a page live in a locale, what is at a URL,
// which locales really have a page (for hreflang and the switcher).
import type { LocaleCode, RouteDef, RouteTable } from './table'

export type Resolved = { key: string; locale: LocaleCode; route: RouteDef }

/** The canonical form of a page URL: "/en/about", "/en/about/" and "/en/about/index.html" → "/en/about/". */
export function normalizePath(pathname: string): string {
  const clean = pathname.replace(/\/index\.html$/, '').replace(/\/+$/, '')
  return `${clean}/`
}

/** The localized path of a logical target such as "quote", "product/pork" or "guide/x#faq". */
export function pathFor(table: RouteTable, target: string, locale: LocaleCode): string | undefined {
  const [key, hash] = target.split('#') as [string, string | undefined]
  if (key === '') return hash ? `#${hash}` : undefined
  const path = table.routes.get(key)?.paths[locale]
  return path && (hash ? `${path}#${hash}` : path)
}

export function resolvePath(table: RouteTable, pathname: string): Resolved | undefined {
  const hit = table.byPath.get(normalizePath(decodeURI(pathname)))
  if (!hit) return undefined
  return { ...hit, route: table.routes.get(hit.key)! }
}

/** The locale a URL belongs to: its first segment when supported, else the default (spec §2). */
export function localeOfPath(table: RouteTable, pathname: string): LocaleCode {
  const first = pathname.split('/')[1] as LocaleCode
  return table.locales.includes(first) ? first : table.defaultLocale
}

/** Locales in which the route has its real content (placeholders excluded). */
export function indexableLocales(route: RouteDef): LocaleCode[] {
  return (Object.keys(route.paths) as LocaleCode[]).filter((l) => !route.placeholderIn.includes(l))
}

export function isPlaceholder(route: RouteDef, locale: LocaleCode): boolean {
  return route.placeholderIn.includes(locale)
}

/**
 * Where the language switcher sends a reader of `route` who picks `locale`: the same page
 * when it exists there, else the nearest page that does (a product's listing, else home).
 */
export function switchTarget(table: RouteTable, route: RouteDef, locale: LocaleCode): string {
  const own = route.paths[locale]
  if (own) return own
  const fallback = route.page === 'product' ? 'products' : route.page === 'glossary-term' ? 'glossary' : 'home'
  return table.routes.get(fallback)?.paths[locale] ?? table.routes.get('home')!.paths[locale]!
}
