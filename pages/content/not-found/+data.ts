// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { dictionaries } from '../../../lib/content/data'
import { createTranslator } from '../../../lib/i18n/translate'
import type { PageHead } from '../../../lib/seo/head'

export function data(pageContext: PageContextServer): { head: PageHead } {
  const { primary, fallback } = dictionaries(pageContext.locale)
  const t = createTranslator(primary, fallback)
  return { head: { title: t('notFound.title'), description: t('notFound.text') } }
}
