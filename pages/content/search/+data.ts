// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { translator } from '../../../lib/content/data'
import { serverHref } from '../../../lib/pages/href'
import type { PageHead } from '../../../lib/seo/head'

export type SearchPageData = { head: PageHead; productsHref: string }

export function data(pageContext: PageContextServer): SearchPageData {
  const { locale } = pageContext
  const t = translator(locale)
  return {
    head: { title: t('search.title'), description: t('search.description'), breadcrumbs: [[t('nav.search'), 'search']] },
    productsHref: serverHref(locale, 'search')('products'),
  }
}
