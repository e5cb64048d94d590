// The route table as the audit needs it, read from content/locales.yml + content/routes.yml through
// the content's zod schemas, with line numbers: where each page exists, where it is only a
// placeholder, and every slug problem (not URL-safe, or two pages on one path) collected rather
// than thrown at the first one. Paths come from lib/routing/route-paths.ts, the builder the site's
// route table uses, so the audit and the router never disagree about a URL.
import { localeSchema, routesSchema } from '../content/schemas'
import { buildRoutePaths, type RoutesInput } from '../routing/route-paths'
import { PROBLEMS, type Problem } from './problem'
import type { ParsedYaml } from './yaml-leaves'

export type RouteInfo = {
  key: string
  locales: string[]
  placeholderIn: string[]
  paths: Record<string, string>
}
export type AuditRoutes = {
  locales: string[]
  routes: Map<string, RouteInfo>
  problems: Problem[] /** Locale code → its name in content/locales.yml. */
  names: Map<string, string>
}

export const URL_SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export class RoutesFileError extends Error {
  override name = 'RoutesFileError'
}

// The content schemas are velite's zod (lib/content/schemas.ts); their issues look like this.
type Issue = { code: string; path: (string | number)[]; message: string }

/** "file:line: path: message" for the first schema issue (slug formats excepted, see below). */
function schemaError(file: string, parsed: ParsedYaml, issues: Issue[]): RoutesFileError {
  const issue = issues[0]!
  const path = issue.path.join('.')
  return new RoutesFileError(`${file}:${parsed.lines.get(path) ?? 1}: ${path || '(file)'}: ${issue.message}`)
}

export function auditRoutes(localesYml: ParsedYaml, routesYml: ParsedYaml, routesFile: string, localesFile = 'content/locales.yml'): AuditRoutes {
  const localeList = localeSchema.array().min(1).safeParse(localesYml.data)
  if (!localeList.success) throw schemaError(localesFile, localesYml, localeList.error.issues)
  const locales: string[] = localeList.data.map((l) => l.code)
  const defaultLocale = locales[0]!
  // A slug that is not URL-safe fails the schema too, but is reported below as an "unsafe slug"
  // finding with its line (all of them, not only the first); anything else is fatal.
  const checked = routesSchema.safeParse(routesYml.data)
  const isSlugIssue = (issue: Issue) => (issue.code === 'invalid_string' || issue.code === 'invalid_format') && locales.includes(String(issue.path.at(-1)))
  if (!checked.success && !checked.error.issues.every(isSlugIssue))
    throw schemaError(
      routesFile,
      routesYml,
      checked.error.issues.filter((i) => !isSlugIssue(i)),
    )
  // Only slug formats failed: the shape is the schema's, so the data can be used as such.
  const data: RoutesInput = checked.success ? checked.data : (routesYml.data as RoutesInput)

  const problems: Problem[] = []
  const lineOf = (path: string) => routesYml.lines.get(path)
  const checkSlugs = (entry: Record<string, unknown>, where: string, englishFallback?: string) => {
    for (const locale of locales) {
      const own = entry[locale] ?? (locale === defaultLocale ? englishFallback : undefined)
      if (typeof own !== 'string' || URL_SAFE_SLUG.test(own)) continue
      const english = (entry[defaultLocale] as string | undefined) ?? englishFallback
      problems.push({
        severity: 'error',
        kind: PROBLEMS.unsafeSlug,
        locale,
        file: routesFile,
        line: lineOf(`${where}.${locale}`) ?? lineOf(where),
        key: `${where}.${locale}`,
        message: `slug "${own}" is not URL-safe: use lowercase a-z, 0-9 and single hyphens (Arabic slugs are romanized, see TRANSLATING.md)`,
        english,
        englishAt: english ? `${routesFile}:${lineOf(`${where}.${defaultLocale}`) ?? lineOf(where)}` : undefined,
      })
    }
  }
  for (const [page, entry] of Object.entries(data.pages)) checkSlugs(entry ?? {}, `pages.${page}`)
  for (const [name, collection] of Object.entries(data.collections)) {
    if (collection.prefix) checkSlugs(collection.prefix, `collections.${name}.prefix`)
    for (const [item, entry] of Object.entries(collection.items)) checkSlugs(entry ?? {}, `collections.${name}.items.${item}`, item)
  }

  const built = buildRoutePaths(data, locales)
  if (built.errors.length) throw new RoutesFileError(`${routesFile}: ${built.errors[0]}`)
  const routes = new Map<string, RouteInfo>()
  const byPath = new Map<string, { key: string; line?: number }>()
  for (const route of built.routes) {
    const info: RouteInfo = { key: route.key, locales: route.locales, placeholderIn: route.placeholderIn, paths: {} }
    for (const [locale, { path, slugAt }] of Object.entries(route.paths)) {
      info.paths[locale] = path
      const line = lineOf(slugAt) ?? lineOf(route.where)
      const taken = byPath.get(path)
      if (taken) {
        problems.push({
          severity: 'error',
          kind: PROBLEMS.slugCollision,
          locale,
          file: routesFile,
          line,
          key: `${route.where}.${locale}`,
          message: `path ${path} is used by both "${taken.key}"${taken.line ? ` (line ${taken.line})` : ''} and "${route.key}": give one of them another ${locale} slug`,
          english: info.paths[defaultLocale],
          englishAt: `${routesFile}:${lineOf(route.where)}`,
        })
      } else byPath.set(path, { key: route.key, line })
    }
    routes.set(route.key, info)
  }
  return { locales, routes, problems, names: new Map(localeList.data.map((l) => [l.code as string, l.name])) }
}

/** Does the page exist in this locale with real content (not a "not translated yet" notice)? */
export const hasContent = (route: RouteInfo, locale: string) => locale in route.paths && !route.placeholderIn.includes(locale)
