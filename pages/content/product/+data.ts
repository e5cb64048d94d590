// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import type { Product } from '../../../.velite/index.js'
import { translator, facts, find, products, routeTable } from '../../../lib/content/data'
import { productSheetLinks, type FileLink } from '../../../lib/documents/links'
import { productSpec, rollLengthsOrCustom, type SpecField } from '../../../lib/facts/format'
import type { PageHead } from '../../../lib/seo/head'
import { product as productJsonLd } from '../../../lib/seo/json-ld'

export type ProductPageData = {
  head: PageHead
  product: Product
  name: string
  spec: Record<SpecField, string>
  rollsRow: string
  heatNote: boolean
  sheets: FileLink[]
}

export function data(pageContext: PageContextServer): ProductPageData {
  const { locale } = pageContext
  const id = pageContext.routeParams.id!
  const product = find(products, id, locale, `content/products/${id}/${locale}.yml`)
  const t = translator(locale)
  const name = t(`product.${id}.name`)
  const spec = productSpec(facts, id, locale)
  // "50 m, 100 m, or custom lengths on request", in the locale's words and list punctuation
  const rollsRow = rollLengthsOrCustom(facts, locale, t('spec.customLength'))
  const site = facts.business.siteUrl
  return {
    head: {
      title: product.title,
      description: product.meta_description,
      ogType: 'product',
      breadcrumbs: [
        [t('nav.products'), 'products'],
        [name, `product/${id}`],
      ],
      jsonLd: [
        productJsonLd({
          name,
          description: product.meta_description,
          url: site + routeTable.routes.get(`product/${id}`)!.paths[locale],
          image: `${site}/images/products/${id}.svg`,
          brand: facts.business.brand,
          // structured data carries no bidi controls
          properties: [
            [t('spec.innerDiameter'), spec.diameter],
            [t('spec.stitchCounts'), spec.stitches],
            [t('spec.heatResistance'), spec.heat],
            [t('spec.rollLengths'), spec.rolls],
          ].map(([k, v]) => [k!, v!.replace(/[\u2066-\u2069]/g, '')] as [string, string]),
        }),
      ],
    },
    product,
    name,
    spec,
    rollsRow,
    heatNote: facts.products[id]?.heatNote === 'smoking',
    sheets: productSheetLinks(id, locale),
  }
}
