// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { translator, glossary, routeTable } from '../../../lib/content/data'
import { isPlaceholder } from '../../../lib/routing/paths'
import type { PageHead } from '../../../lib/seo/head'

export type GlossaryIndexData = { head: PageHead; placeholder: boolean; englishHref: string; terms: { term: string; short: string; href: string }[] }

export function data(pageContext: PageContextServer): GlossaryIndexData {
  const { locale } = pageContext
  const route = routeTable.routes.get('glossary')!
  const t = translator(locale)
  const placeholder = isPlaceholder(route, locale)
  const terms = placeholder
    ? []
    : [...routeTable.routes.values()]
        .filter((r) => r.page === 'glossary-term' && r.paths[locale])
        .map((r) => {
          const entry = glossary.find((g) => g.id === r.param && g.locale === locale)
          if (!entry) throw new Error(`content/glossary/${locale}/${r.param}.mdx: missing (listed in content/routes.yml)`)
          return { term: entry.term, short: entry.short, href: r.paths[locale]! }
        })
        .sort((a, b) => a.term.localeCompare(b.term, locale))
  return {
    head: { title: t('glossary.title'), description: t('glossary.description'), breadcrumbs: [[t('nav.glossary'), 'glossary']] },
    placeholder,
    englishHref: route.paths.en!,
    terms,
  }
}
