// Everything that goes into <head> for SEO, derived from the route table: canonical,
// hreflang alternates (only locales with the real page) + x-default, Open Graph, robots.
import type { LocaleCode, RouteDef, RouteTable } from '../routing/table'
import { indexableLocales, isPlaceholder } from '../routing/paths'

/** Pages for people who already came (thank-you) or staff (admin, the QA report): never indexed. */
export const NOT_INDEXED = new Set(['admin', 'localization-report', 'thank-you'])

export type PageHead = {
  title: string
  description: string
  /** Breadcrumb trail after Home: [label, logical target]. */
  breadcrumbs?: [string, string][]
  /** Extra JSON-LD objects (e.g. Product). */
  jsonLd?: object[]
  ogType?: 'website' | 'article' | 'product'
}

export type HeadTags = {
  title: string
  description: string
  canonical: string
  robots: string
  alternates: { hreflang: string; href: string }[]
  og: Record<string, string>
}

/** Longest title search engines show without cutting it (Google ≈ 600 px ≈ 60 characters). */
export const TITLE_MAX = 60

export function headTags(
  table: RouteTable,
  siteUrl: string,
  route: RouteDef | undefined,
  locale: LocaleCode,
  head: PageHead,
  ogLocale: string,
  siteName: string,
  brand: string,
): HeadTags {
  const path = route?.paths[locale] ?? '/404'
  const canonical = siteUrl + path
  const indexable = Boolean(route) && !isPlaceholder(route!, locale) && !NOT_INDEXED.has(route!.page)
  const alternates = indexable
    ? indexableLocales(route!).map((l): { hreflang: string; href: string } => ({ hreflang: l, href: siteUrl + route!.paths[l] }))
    : []
  const fallback = route?.paths[table.defaultLocale]
  if (alternates.length > 1 && fallback && indexableLocales(route!).includes(table.defaultLocale))
    alternates.push({ hreflang: 'x-default', href: siteUrl + fallback })
  // Titles carry the brand once, when it still fits the 60 characters search results show in
  // full (every content title itself is at most 60: tests/unit/copy-rules.test.ts).
  const branded = `${head.title} | ${brand}`
  const title = head.title.includes(brand) || branded.length > TITLE_MAX ? head.title : branded
  return {
    title,
    description: head.description,
    canonical,
    robots: indexable ? 'index,follow' : 'noindex,follow',
    alternates: alternates.length > 1 ? alternates : [],
    og: {
      'og:type': head.ogType ?? 'website',
      'og:title': title,
      'og:description': head.description,
      'og:url': canonical,
      'og:site_name': siteName,
      'og:locale': ogLocale,
      'og:image': `${siteUrl}/og-image.png`,
    },
  }
}
