import type { ProductCard } from './product-card'
import { translator, facts, lookup, products, routeTable } from '../content/data'
import { productSpec } from '../facts/format'
import type { LocaleCode } from '../routing/table'

/** Cards for every product that exists in the locale, in route-table order. */
export function productCards(locale: LocaleCode): ProductCard[] {
  const t = translator(locale)
  return [...routeTable.routes.values()]
    .filter((r) => r.page === 'product' && r.paths[locale])
    .map((r) => {
      const id = r.param!
      const content = lookup(products, id, locale)
      const { diameter, stitches } = productSpec(facts, id, locale)
      return {
        id,
        name: t(`product.${id}.name`),
        summary: content?.intro.split(/(?<=[.!?。])\s/)[0] ?? '',
        href: r.paths[locale]!,
        spec: { diameter, stitches },
      }
    })
}
