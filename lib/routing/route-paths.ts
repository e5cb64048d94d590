// The one route-path builder: every logical route of content/routes.yml with its path in each
// locale where it exists. The route table (lib/routing/table.ts, which throws on a conflict) and
// the localization audit (lib/audit/routes.ts, which reports every conflict with its line) both
// build paths here, so they can never disagree about a URL.
//
// Paths: "/" for the default locale's home, "/<locale>/" for the others; every other page is
// "/<locale>/<slug>/", collection items "<parent path or /<locale>/<prefix>/><item slug>/". A slug
// left out (or null) is the default locale's; a collection item's default slug is its id.

/** One URL form everywhere (docs/ARCHITECTURE.md, "URL form"): a trailing slash on every page path. */
export const asDirectory = (path: string) => (path.endsWith('/') ? path : `${path}/`)

type Slugs = { [locale: string]: unknown }
type Entry = Slugs & { locales?: string[]; placeholderIn?: string[] }
export type RoutesInput = {
  pages: Record<string, Entry | null | undefined>
  collections: Record<
    string,
    { parent?: string; prefix?: Slugs; locales?: string[]; placeholderIn?: string[]; items: Record<string, Entry | null | undefined> }
  >
}

export type BuiltRoute = {
  key: string
  page: string
  param?: string
  /** Where the route is in content/routes.yml: "pages.quote", "collections.product.items.pork". */
  where: string
  /** The locales it exists in (its own `locales:`, the collection's, or all). */
  locales: string[]
  placeholderIn: string[]
  /** Path per locale, and the routes.yml path of the slug it was made from (for line numbers). */
  paths: Record<string, { path: string; slugAt: string }>
}

export function buildRoutePaths(routes: RoutesInput, locales: string[]): { routes: BuiltRoute[]; errors: string[] } {
  const defaultLocale = locales[0]!
  const built: BuiltRoute[] = []
  const byKey = new Map<string, BuiltRoute>()
  const errors: string[] = []
  const own = (entry: Slugs, locale: string) => (typeof entry[locale] === 'string' && entry[locale] ? (entry[locale] as string) : undefined)
  /** A slug in `locale`, else the default locale's, else `fallback`; undefined when there is none. */
  const slugOf = (entry: Slugs, locale: string, where: string, fallback?: string) => {
    const mine = own(entry, locale)
    if (mine) return { slug: mine, slugAt: `${where}.${locale}` }
    const base = own(entry, defaultLocale)
    if (base) return { slug: base, slugAt: `${where}.${defaultLocale}` }
    return fallback ? { slug: fallback, slugAt: where } : undefined
  }
  const add = (route: BuiltRoute) => {
    built.push(route)
    byKey.set(route.key, route)
  }

  for (const [page, raw] of Object.entries(routes.pages)) {
    const entry = raw ?? {}
    const where = `pages.${page}`
    const route: BuiltRoute = { key: page, page, where, locales: entry.locales ?? locales, placeholderIn: entry.placeholderIn ?? [], paths: {} }
    for (const locale of route.locales) {
      if (page === 'home') {
        route.paths[locale] = { path: locale === defaultLocale ? '/' : `/${locale}/`, slugAt: where }
        continue
      }
      const slug = slugOf(entry, locale, where)
      if (!slug) {
        errors.push(`${where}.${defaultLocale} is required (other locales fall back to it)`)
        break
      }
      route.paths[locale] = { path: asDirectory(`/${locale}/${slug.slug}`), slugAt: slug.slugAt }
    }
    add(route)
  }

  for (const [name, collection] of Object.entries(routes.collections)) {
    const base = `collections.${name}`
    const parent = collection.parent ? byKey.get(collection.parent) : undefined
    if (collection.parent && !parent) {
      errors.push(`${base}.parent "${collection.parent}" is not a page`)
      continue
    }
    for (const [item, raw] of Object.entries(collection.items)) {
      const entry = raw ?? {}
      const where = `${base}.items.${item}`
      const route: BuiltRoute = {
        key: `${name}/${item}`,
        page: name,
        param: item,
        where,
        locales: entry.locales ?? collection.locales ?? locales,
        placeholderIn: entry.placeholderIn ?? collection.placeholderIn ?? [],
        paths: {},
      }
      for (const locale of route.locales) {
        let under: string | undefined
        if (parent) under = parent.paths[locale]?.path
        else {
          const prefix = slugOf(collection.prefix ?? {}, locale, `${base}.prefix`)
          if (!prefix) {
            errors.push(`${base}.prefix.${defaultLocale} is required (other locales fall back to it)`)
            break
          }
          under = `/${locale}/${prefix.slug}/`
        }
        if (!under) {
          errors.push(`${where} exists in "${locale}" but its parent ${collection.parent} does not`)
          continue
        }
        const slug = slugOf(entry, locale, where, item)!
        route.paths[locale] = { path: asDirectory(`${under.replace(/\/$/, '')}/${slug.slug}`), slugAt: slug.slugAt }
      }
      add(route)
    }
  }
  return { routes: built, errors }
}
