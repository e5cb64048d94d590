// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import type { Product } from '../../../.velite/index.js'
import { translator, facts, find, localeInfo, products, routeTable } from '../../../lib/content/data'
import { productSheetLinks, type FileLink } from '../../../lib/documents/links'
import { productSpec, type SpecField } from '../../../lib/facts/format'
import type { PageHead } from '../../../lib/seo/head'
import { product as productJsonLd } from '../../../lib/seo/json-ld'

export type ProductPageData = { head: PageHead; product: Product; name: string; spec: Record<SpecField, string>; heatNote: boolean; sheets: FileLink[] }

export function data(pageContext: PageContextServer): ProductPageData {
  const { locale } = pageContext
  const id = pageContext.routeParams.id!
  const product = find(products, id, locale, `content/products/${id}/${locale}.yml`)
  const t = translator(locale)
  const name = t(`product.${id}.name`)
  const spec = productSpec(facts, id, locale, localeInfo(locale).dir === 'rtl')
  const site = facts.business.siteUrl
  return {
    head: {
      title: product.title,
      description: product.meta_description,
      ogType: 'product',
      breadcrumbs: [[t('nav.products'), 'products'], [name, `product/${id}`]],
      jsonLd: [
        productJsonLd({
          name,
          description: product.meta_description,
          url: site + routeTable.routes.get(`product/${id}`)!.paths[locale],
          image: `${site}/images/products/${id}.svg`,
          brand: facts.business.brand,
          properties: [
            [t('spec.innerDiameter'), spec.diameter],
            [t('spec.stitchCounts'), spec.stitches],
            [t('spec.heatResistance'), spec.heat],
            // Structured data: the plain list, without the bidi isolates of the Arabic page text.
            [t('spec.rollLengths'), productSpec(facts, id, locale).rolls],
          ],
        }),
      ],
    },
    product,
    name,
    spec,
    heatNote: facts.products[id]?.heatNote === 'smoking',
    sheets: productSheetLinks(id, locale),
  }
}
