// Builds the localized-path table from content/routes.yml: every logical route with its path in
// each locale where it exists. Everything that needs a URL (routing, prerender, switcher,
// hreflang, sitemap, redirects, menus) asks this table, never a hand-written string.
import type { Locale as LocaleInfo, Routes } from '../../.velite/index.js'
import { buildRoutePaths } from './route-paths'

export type LocaleCode = LocaleInfo['code']

/** A logical route: a page ("quote") or a collection item ("product/pork"). */
export type RouteDef = {
  key: string
  page: string
  param?: string
  /** Path per locale, always ending in "/" ("/" for English home, "/tr/" for Turkish home): the URL a
   * static host answers 200 for, since the build writes each page as <path>/index.html. */
  paths: Partial<Record<LocaleCode, string>>
  /** Locales that render a localized "not translated yet" notice instead of the content. */
  placeholderIn: LocaleCode[]
}

export type RouteTable = {
  locales: LocaleCode[]
  defaultLocale: LocaleCode
  routes: Map<string, RouteDef>
  /** Localized path → route key + locale. */
  byPath: Map<string, { key: string; locale: LocaleCode }>
}

export class RouteTableError extends Error {
  override name = 'RouteTableError'
}

const FILE = 'content/routes.yml'

export function buildRouteTable(routes: Routes, localeInfo: Pick<LocaleInfo, 'code'>[]): RouteTable {
  const locales = localeInfo.map((l) => l.code)
  const defaultLocale = locales[0]
  if (!defaultLocale) throw new RouteTableError('content/locales.yml: at least one locale is required')
  const table: RouteTable = { locales, defaultLocale, routes: new Map(), byPath: new Map() }
  // The paths come from the builder the audit uses too (lib/routing/route-paths.ts).
  const built = buildRoutePaths(routes, locales)
  if (built.errors.length) throw new RouteTableError(`${FILE}: ${built.errors[0]}`)
  for (const route of built.routes) {
    const paths: RouteDef['paths'] = {}
    for (const [locale, { path }] of Object.entries(route.paths) as [LocaleCode, { path: string }][]) {
      const taken = table.byPath.get(path)
      if (taken) throw new RouteTableError(`${FILE}: "${path}" (${locale}) is used by both ${taken.key} and ${route.key}`)
      table.byPath.set(path, { key: route.key, locale })
      paths[locale] = path
    }
    table.routes.set(route.key, {
      key: route.key,
      page: route.page,
      ...(route.param ? { param: route.param } : {}),
      paths,
      placeholderIn: route.placeholderIn as LocaleCode[],
    })
  }
  return table
}
