// +data for MDX articles (guides, glossary terms): the article in the locale, or, where the
// route table marks the locale as placeholder, the localized notice linking the English page.
import type { PageContextServer } from 'vike/types'
import { translator, find, routeTable } from '../content/data'
import { isPlaceholder } from '../routing/paths'
import type { PageHead } from '../seo/head'
import type { Translate } from '../i18n/types'

type Article = {
  id: string
  locale: 'en' | 'tr' | 'de' | 'fr' | 'es' | 'it' | 'ar'
  title?: string
  term?: string
  description?: string
  short?: string
  code: string
}

export type ArticleData = {
  head: PageHead
  placeholder: null | { title: string; englishHref: string; englishTitle: string }
  article: null | { title: string; lead: string; code: string; updated?: string }
}

/**
 * `headTitle` turns the article's title into the page's <title>. Glossary terms need it: a term
 * alone ("HACCP", "Polyester") is the same word in several languages and says nothing of the
 * site, so two pages would share one title.
 */
export function articleData<T extends Article>(
  collection: T[],
  dir: string,
  section: { label: string; target: string; headTitle?: (title: string, t: Translate) => string },
) {
  return (pageContext: PageContextServer): ArticleData => {
    const { locale, routeKey } = pageContext
    const id = pageContext.routeParams.id!
    const route = routeTable.routes.get(routeKey)!
    const t = translator(locale)
    const english = find(collection, id, 'en', `content/${dir}/en/${id}.mdx`)
    const englishTitle = english.title ?? english.term!
    if (isPlaceholder(route, locale)) {
      const title = t(`${section.label}.${id}.name`)
      return {
        head: { title, description: t('placeholder.text') },
        placeholder: { title, englishHref: route.paths.en!, englishTitle },
        article: null,
      }
    }
    const a = find(collection, id, locale, `content/${dir}/${locale}/${id}.mdx`)
    const title = a.title ?? a.term!
    return {
      head: {
        title: section.headTitle ? section.headTitle(title, t) : title,
        description: a.description ?? a.short!,
        ogType: 'article',
        breadcrumbs: [
          [t(`nav.${section.target}`), section.target],
          [title, routeKey],
        ],
      },
      placeholder: null,
      article: { title, lead: a.description ?? a.short!, code: a.code, updated: (a as { updated?: string }).updated },
    }
  }
}
