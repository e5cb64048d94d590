// Menus, derived from the route table: a page that does not exist in a locale (pork and
// bacon-ham products in Arabic, the bacon page) simply drops out of that locale's menus.
import { routeTable } from './content/data'
import type { LocaleCode } from './routing/table'

export type MenuItem = { key: string; path: string }

const exists = (key: string, locale: LocaleCode) => Boolean(routeTable.routes.get(key)?.paths[locale])
const item = (key: string, locale: LocaleCode): MenuItem => ({ key, path: routeTable.routes.get(key)!.paths[locale]! })
const itemsOf = (page: string, locale: LocaleCode) =>
  [...routeTable.routes.values()].filter((r) => r.page === page && r.paths[locale]).map((r) => item(r.key, locale))

export const productMenu = (locale: LocaleCode) => itemsOf('product', locale)
export const guideMenu = (locale: LocaleCode) => itemsOf('guide', locale)

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
