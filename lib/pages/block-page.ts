// +data for pages made of content blocks (content/pages/<page>/<locale>.yml).
import type { PageContextServer } from 'vike/types'
import type { PageContent } from '../../.velite/index.js'
import type { ProductCard } from './product-card'
import { dictionaries, find, pages } from '../content/data'
import { downloadsDocuments, type DownloadsDocuments } from '../documents/links'
import type { PageHead } from '../seo/head'
import { productCards } from './product-cards'

export type BlockPageData = { head: PageHead; content: PageContent; products: ProductCard[]; documents?: DownloadsDocuments }

export function blockPageData(page: string) {
  return (pageContext: PageContextServer): BlockPageData => {
    const { locale } = pageContext
    const content = find(pages, page, locale, `content/pages/${page}/${locale}.yml`)
    const label = dictionaries(locale).primary[`nav.${page}`] ?? content.title
    return {
      head: { title: content.title, description: content.description, breadcrumbs: page === 'home' ? [] : [[label, page]] },
      content,
      products: content.blocks.some((b) => b.type === 'products') ? productCards(locale) : [],
      ...(content.blocks.some((b) => b.type === 'downloads')
        ? {
            documents: downloadsDocuments(
              locale,
              content.blocks.flatMap((b) => (b.type === 'downloads' ? b.items.map((i) => i.id) : [])),
            ),
          }
        : {}),
    }
  }
}
