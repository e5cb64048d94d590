// The route table as the audit needs it, read from content/locales.yml + content/routes.yml with
// line numbers: where each page exists, where it is only a placeholder, and every slug problem
// (not URL-safe, or two pages on one path) collected rather than thrown at the first one.
// Paths are built exactly as lib/routing/table.ts builds them.
import { PROBLEMS, type Problem } from './problem'
import type { ParsedYaml } from './yaml-leaves'

export type RouteInfo = {
  key: string
  locales: string[]
  placeholderIn: string[]
  paths: Record<string, string>
}
export type AuditRoutes = { locales: string[]; routes: Map<string, RouteInfo>; problems: Problem[] }

type Entry = Record<string, unknown> & { locales?: string[]; placeholderIn?: string[] }
type Collection = { parent?: string; prefix?: Record<string, string | null>; locales?: string[]; placeholderIn?: string[]; items?: Record<string, Entry> }

export const URL_SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function auditRoutes(localesYml: ParsedYaml, routesYml: ParsedYaml, routesFile: string): AuditRoutes {
  const locales = ((localesYml.data ?? []) as { code: string }[]).map((l) => l.code)
  const defaultLocale = locales[0] ?? 'en'
  const data = (routesYml.data ?? {}) as { pages?: Record<string, Entry | null>; collections?: Record<string, Collection> }
  const problems: Problem[] = []
  const routes = new Map<string, RouteInfo>()
  const byPath = new Map<string, { key: string; line?: number }>()
  const lineOf = (path: string) => routesYml.lines.get(path)
  // Every locale's pages live under /<locale>/, English ones too (/en/…); only home is "/".
  const prefix = (locale: string) => `/${locale}`

  /** The slug of `where` in `locale` (its own, else the English one) and the line it is on. */
  const slug = (entry: Record<string, unknown>, locale: string, where: string, englishFallback?: string): { slug: string; line?: number } => {
    const own = entry[locale]
    const value = typeof own === 'string' && own ? own : ((entry[defaultLocale] as string | undefined) ?? englishFallback ?? '')
    const key = typeof own === 'string' && own ? `${where}.${locale}` : entry[defaultLocale] ? `${where}.${defaultLocale}` : where
    return { slug: value, line: lineOf(key) ?? lineOf(where) }
  }
  const checkSlugs = (entry: Record<string, unknown>, where: string, englishFallback?: string) => {
    for (const locale of locales) {
      const own = entry[locale] ?? (locale === defaultLocale ? englishFallback : undefined)
      if (typeof own !== 'string' || URL_SAFE_SLUG.test(own)) continue
      const english = (entry[defaultLocale] as string | undefined) ?? englishFallback
      problems.push({
        severity: 'error', kind: PROBLEMS.unsafeSlug, locale, file: routesFile, line: lineOf(`${where}.${locale}`) ?? lineOf(where), key: `${where}.${locale}`,
        message: `slug "${own}" is not URL-safe: use lowercase a-z, 0-9 and single hyphens (Arabic slugs are romanized, see TRANSLATING.md)`,
        english, englishAt: english ? `${routesFile}:${lineOf(`${where}.${defaultLocale}`) ?? lineOf(where)}` : undefined,
      })
    }
  }
  const add = (key: string, where: string, entry: Entry, inherited: Collection | undefined, pathIn: (locale: string) => { path: string; line?: number } | undefined) => {
    const info: RouteInfo = {
      key,
      locales: entry.locales ?? inherited?.locales ?? locales,
      placeholderIn: entry.placeholderIn ?? inherited?.placeholderIn ?? [],
      paths: {},
    }
    for (const locale of info.locales) {
      const at = pathIn(locale)
      if (!at) continue
      info.paths[locale] = at.path
      const taken = byPath.get(at.path)
      if (taken) {
        problems.push({
          severity: 'error', kind: PROBLEMS.slugCollision, locale, file: routesFile, line: at.line, key: `${where}.${locale}`,
          message: `path ${at.path} is used by both "${taken.key}"${taken.line ? ` (line ${taken.line})` : ''} and "${key}": give one of them another ${locale} slug`,
          english: info.paths[defaultLocale], englishAt: `${routesFile}:${lineOf(where)}`,
        })
      } else byPath.set(at.path, { key, line: at.line })
    }
    routes.set(key, info)
  }

  for (const [page, raw] of Object.entries(data.pages ?? {})) {
    const entry = raw ?? {}
    const where = `pages.${page}`
    checkSlugs(entry, where)
    // "home" is the locale root, as in lib/routing/table.ts.
    add(page, where, entry, undefined, (locale) => {
      if (page === 'home') return { path: locale === defaultLocale ? '/' : prefix(locale), line: lineOf(where) }
      const own = slug(entry, locale, where)
      return { path: `${prefix(locale)}/${own.slug}`, line: own.line }
    })
  }
  for (const [name, collection] of Object.entries(data.collections ?? {})) {
    const base = `collections.${name}`
    if (collection.prefix) checkSlugs(collection.prefix, `${base}.prefix`)
    for (const [item, raw] of Object.entries(collection.items ?? {})) {
      const entry = raw ?? {}
      const where = `${base}.items.${item}`
      checkSlugs(entry, where, item)
      add(`${name}/${item}`, where, entry, collection, (locale) => {
        const parent = collection.parent ? routes.get(collection.parent)?.paths[locale] : `${prefix(locale)}/${slug(collection.prefix ?? {}, locale, `${base}.prefix`).slug}`
        if (!parent) return undefined
        const own = slug(entry, locale, where, item)
        return { path: `${parent}/${own.slug}`, line: own.line }
      })
    }
  }
  return { locales, routes, problems }
}

/** Does the page exist in this locale with real content (not a "not translated yet" notice)? */
export const hasContent = (route: RouteInfo, locale: string) => locale in route.paths && !route.placeholderIn.includes(locale)
