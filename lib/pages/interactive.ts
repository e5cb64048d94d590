// +data for interactive pages: head from UI strings "<page>.meta.*", plus the strings and links
// the page needs in the browser (see lib/i18n/client-data.ts).
import type { PageContextServer } from 'vike/types'
import type { ClientData } from '../../renderer/+onRenderHtml'
import { dictionaries } from '../content/data'
import { clientData } from '../i18n/client-data'
import { createTranslator } from '../i18n/translate'
import type { PageHead } from '../seo/head'

export type InteractiveData = { head: PageHead; client: ClientData }

export function interactiveData(page: string, prefixes: string[], links: string[] = []) {
  return (pageContext: PageContextServer): InteractiveData => {
    const { locale } = pageContext
    const { primary, fallback } = dictionaries(locale)
    const t = createTranslator(primary, fallback)
    return {
      head: { title: t(`${page}.meta.title`), description: t(`${page}.meta.description`), breadcrumbs: [[t(`nav.${page}`), page]] },
      client: clientData(locale, [`${page}.`, 'common.', ...prefixes], links),
    }
  }
}
