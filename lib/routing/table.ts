// Builds the localized-path table from content/routes.yml: every logical route with its path in
// each locale where it exists. Everything that needs a URL (routing, prerender, switcher,
// hreflang, sitemap, redirects, menus) asks this table, never a hand-written string.
import type { Locale as LocaleInfo, Routes } from '../../.velite/index.js'

export type LocaleCode = LocaleInfo['code']
type Entry = Routes['pages'][string]

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

/** One URL form everywhere (docs/ARCHITECTURE.md, "URL form"): a trailing slash on every page path. */
export const asDirectory = (path: string) => (path.endsWith('/') ? path : `${path}/`)

function slugFor(entry: Entry, locale: LocaleCode, where: string): string {
  const own = entry[locale]
  if (own) return own
  if (!entry.en) throw new RouteTableError(`${FILE}: ${where}.en is required (other locales fall back to it)`)
  return entry.en
}

export function buildRouteTable(routes: Routes, localeInfo: Pick<LocaleInfo, 'code'>[]): RouteTable {
  const locales = localeInfo.map((l) => l.code)
  const defaultLocale = locales[0]
  if (!defaultLocale) throw new RouteTableError('content/locales.yml: at least one locale is required')
  const prefix = (locale: LocaleCode) => (locale === defaultLocale ? '/en' : `/${locale}`)
  const table: RouteTable = { locales, defaultLocale, routes: new Map(), byPath: new Map() }

  const add = (def: RouteDef) => {
    for (const locale of Object.keys(def.paths) as LocaleCode[]) def.paths[locale] = asDirectory(def.paths[locale]!)
    for (const [locale, path] of Object.entries(def.paths) as [LocaleCode, string][]) {
      const taken = table.byPath.get(path)
      if (taken) throw new RouteTableError(`${FILE}: "${path}" (${locale}) is used by both ${taken.key} and ${def.key}`)
      table.byPath.set(path, { key: def.key, locale })
    }
    table.routes.set(def.key, def)
  }
  const available = (entry: { locales?: LocaleCode[] }, inherited?: LocaleCode[]) => entry.locales ?? inherited ?? locales

  for (const [page, entry] of Object.entries(routes.pages)) {
    const paths: RouteDef['paths'] = {}
    for (const locale of available(entry)) {
      paths[locale] = page === 'home' ? (locale === defaultLocale ? '/' : `/${locale}`) : `${prefix(locale)}/${slugFor(entry, locale, `pages.${page}`)}`
    }
    add({ key: page, page, paths, placeholderIn: entry.placeholderIn ?? [] })
  }

  for (const [name, collection] of Object.entries(routes.collections)) {
    const parent = collection.parent ? table.routes.get(collection.parent) : undefined
    if (collection.parent && !parent) throw new RouteTableError(`${FILE}: collections.${name}.parent "${collection.parent}" is not a page`)
    for (const [item, entry] of Object.entries(collection.items)) {
      const where = `collections.${name}.items.${item}`
      const withEnglish = { ...entry, en: entry.en ?? item }
      const paths: RouteDef['paths'] = {}
      for (const locale of available(entry, collection.locales)) {
        const base = parent ? parent.paths[locale] : `${prefix(locale)}/${slugFor(collection.prefix!, locale, `collections.${name}.prefix`)}`
        if (!base) throw new RouteTableError(`${FILE}: ${where} exists in "${locale}" but its parent ${collection.parent} does not`)
        paths[locale] = `${base.replace(/\/$/, '')}/${slugFor(withEnglish, locale, where)}`
      }
      add({ key: `${name}/${item}`, page: name, param: item, paths, placeholderIn: entry.placeholderIn ?? collection.placeholderIn ?? [] })
    }
  }
  return table
}
