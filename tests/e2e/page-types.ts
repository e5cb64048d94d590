// One representative URL per page TYPE per locale, derived from the route table so new pages
// and locales are covered without editing the tests (a11y, CSP). Placeholder pages (a locale
// that shows the "not translated yet" notice) are a type of their own, and so is not-found.
import { routeTable } from '../../lib/content/data'
import type { LocaleCode } from '../../lib/routing/table'

export type Sample = { type: string; locale: LocaleCode; url: string; interactive: boolean }

/** Pages under pages/interactive/: they hydrate React. */
export const INTERACTIVE = new Set(['size-selector', 'contact', 'quote', 'samples', 'admin'])

export function samplePages(): Sample[] {
  const seen = new Set<string>()
  const out: Sample[] = []
  for (const route of routeTable.routes.values()) {
    for (const [locale, url] of Object.entries(route.paths) as [LocaleCode, string][]) {
      const type = route.placeholderIn.includes(locale) ? `${route.page} (placeholder)` : route.page
      if (seen.has(`${type}|${locale}`)) continue
      seen.add(`${type}|${locale}`)
      out.push({ type, locale, url, interactive: INTERACTIVE.has(route.page) })
    }
  }
  // Served with status 404 by the preview server, from <locale>/404.html.
  for (const locale of routeTable.locales) {
    const prefix = locale === routeTable.defaultLocale ? '/en' : `/${locale}`
    out.push({ type: 'not-found', locale, url: `${prefix}/no-such-page/`, interactive: false })
  }
  return out
}

/** The samples grouped by page type, in order of first appearance. */
export function samplesByType(samples: Sample[] = samplePages()): Map<string, Sample[]> {
  const out = new Map<string, Sample[]>()
  for (const s of samples) out.set(s.type, [...(out.get(s.type) ?? []), s])
  return out
}
