// Menus, derived from the route table: a page that does not exist in a locale (pork and
// bacon-ham products in Arabic, the bacon page) simply drops out of that locale's menus.
import { routeTable } from './content/data'
import type { LocaleCode } from './routing/table'

export type MenuItem = { key: string; path: string }

const exists = (key: string, locale: LocaleCode) => Boolean(routeTable.routes.get(key)?.paths[locale])
const item = (key: string, locale: LocaleCode): MenuItem => ({ key, path: routeTable.routes.get(key)!.paths[locale]! })
const itemsOf = (page: string, locale: LocaleCode) =>
  [...routeTable.routes.values()].filter((r) => r.page === page && r.paths[locale]).map((r) => item(r.key, locale))
// Every page asks for the same two lists of its language: found once per language, not per page.
const memo = new Map<string, MenuItem[]>()
const firstItemsOf = (page: string, locale: LocaleCode) => {
  const key = `${page}\0${locale}`
  if (!memo.has(key)) memo.set(key, itemsOf(page, locale).slice(0, MENU_LIMIT))
  return memo.get(key)!
}

/**
 * The most items a dropdown lists: the first ones of routes.yml's order, which marketing sets. Every
 * page carries the header, so a dropdown that grew with the catalogue would make every page grow
 * with it (a catalogue of a few hundred products put 100 KB of menu on each page, and made each
 * page cost more to build). The products page lists every product, and the dropdown's own link
 * leads there; every guide is in the sitemap and the search.
 */
export const MENU_LIMIT = 12

export const productMenu = (locale: LocaleCode) => firstItemsOf('product', locale)
export const guideMenu = (locale: LocaleCode) => firstItemsOf('guide', locale)

export const mainMenu = (locale: LocaleCode) =>
  ['home', 'products', 'wholesale', 'size-selector', 'compare', 'about', 'contact'].filter((k) => exists(k, locale)).map((k) => item(k, locale))

export const footerLinks = (locale: LocaleCode) =>
  ['about', 'wholesale', 'bacon', 'size-selector', 'samples', 'compare', 'glossary', 'contact'].filter((k) => exists(k, locale)).map((k) => item(k, locale))

/** Spec §9: the footer shows the first 6 products (of those that exist in the locale). */
export const footerProducts = (locale: LocaleCode) => productMenu(locale).slice(0, 6)

/** The section a path belongs to, for highlighting: Home only on a locale root (spec §2). */
export function isActive(itemPath: string, currentPath: string, locale: LocaleCode): boolean {
  const home = routeTable.routes.get('home')!.paths[locale]
  if (itemPath === home) return currentPath === home
  // Page paths end in "/" (lib/routing/table.ts); a path without one still matches only whole segments.
  const section = itemPath.endsWith('/') ? itemPath : `${itemPath}/`
  return currentPath === itemPath || currentPath.startsWith(section)
}
