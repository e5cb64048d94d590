// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { translator } from '../../../lib/content/data'
import type { PageHead } from '../../../lib/seo/head'

export function data(pageContext: PageContextServer): { head: PageHead } {
  const t = translator(pageContext.locale)
  return { head: { title: t('notFound.title'), description: t('notFound.text') } }
}
