// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import type { Country } from '../../../.velite/index.js'
import type { ProductCard } from '../../../lib/pages/product-card'
import { countries, find, translator } from '../../../lib/content/data'
import { productCards } from '../../../lib/pages/product-cards'
import type { PageHead } from '../../../lib/seo/head'

export type CountryData = { head: PageHead; content: Country; products: ProductCard[] }

export function data(pageContext: PageContextServer): CountryData {
  const { locale, routeKey } = pageContext
  const id = pageContext.routeParams.id!
  const content = find(countries, id, locale, `content/countries/${id}/${locale}.yml`)
  const t = translator(locale)
  const cards = productCards(locale)
  const products = content.products.map((p) => {
    const card = cards.find((c) => c.id === p)
    if (!card) throw new Error(`${content.file}: products lists "${p}", which has no ${locale} page`)
    return card
  })
  return { head: { title: content.title, description: content.description, breadcrumbs: [[t(`country.${id}.name`), routeKey]] }, content, products }
}
